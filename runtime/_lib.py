"""The generated half of the runtime: tables.py, ops.py and the compiled library.

They are built by `python -m codegen`; importing the runtime without them says so.  The runtime
calls C one way: the library's C functions through cffi (`lib`, `ffi`), and the library is also
the extension module `fastcall` (csrc/fastcall.c: the C short call path, Storage, DLPack
capsules), for what must hand Python objects across, which cffi cannot."""
import importlib.util

try:
    from generated import _kernels, tables  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised by hand on a fresh clone
    raise ImportError(
        "runtime: the generated kernels are missing or stale; run `python -m codegen` first "
        f"({e})") from None

ffi = _kernels.ffi
lib = _kernels.lib

# the same shared object, imported again as the module whose PyInit__fastcall it also holds
_spec = importlib.util.spec_from_file_location("runtime._fastcall", _kernels.__file__)
fastcall = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fastcall)
