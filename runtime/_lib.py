"""The generated half of the runtime: tables.py, ops.py and the compiled library.

They are built by `python -m codegen`; importing the runtime without them says so."""
import ctypes

try:
    from generated import _kernels, tables  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised by hand on a fresh clone
    raise ImportError(
        "runtime: the generated kernels are missing or stale; run `python -m codegen` first "
        f"({e})") from None

ffi = _kernels.ffi
lib = _kernels.lib

# The C short call path and the Storage type (csrc/fastcall.c): cffi cannot hand out a
# Python object, so the library returns the module's address, made into the object here.
_address = lib.ew_fastcall_module()
if not _address:  # pragma: no cover - only when the interpreter cannot make the module
    raise ImportError("runtime: the kernel library could not create its fastcall module")
fastcall = ctypes.cast(_address, ctypes.py_object).value
