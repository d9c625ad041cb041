"""The generated half of the runtime: tables.py, ops.py and the compiled library.

They are built by `python -m codegen`; importing the runtime without them says so."""
try:
    from generated import _kernels, tables  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised by hand on a fresh clone
    raise ImportError(
        "runtime: the generated kernels are missing or stale; run `python -m codegen` first "
        f"({e})") from None

ffi = _kernels.ffi
lib = _kernels.lib
