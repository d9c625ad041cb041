"""Tensor factories with torch's dtype inference: tensor(), zeros/ones/empty/full,
arange, the *_like forms, and the 0-dim tensors that wrap Python numbers in ops."""
from __future__ import annotations

import array
import math
import operator

from . import promotion
from ._lib import ffi
from .dtypes import BY_NAME, dtype
from .tensor import Tensor, _int64_bits, _INT64_MAX, _INT64_MIN

NUMBER_TYPES = (bool, int, float, complex)

_STAGING = {"bool": ("B", BY_NAME["bool"]), "int": ("q", BY_NAME["int64"]),
            "float": ("d", BY_NAME["float64"]), "complex": ("d", BY_NAME["complex128"])}
_KIND_RANK = {"bool": 0, "int": 1, "float": 2, "complex": 3}


def _kind(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    if isinstance(v, complex):
        return "complex"
    if isinstance(v, Tensor) and v.numel() == 1:
        return _kind(v.item())
    try:                       # NumPy scalars and other numbers
        operator.index(v)
        return "int"
    except TypeError:
        pass
    if hasattr(v, "__float__") and not isinstance(v, (str, bytes)):
        return "float"
    raise RuntimeError(f"Could not infer dtype of {type(v).__name__}")


def _plain(v):
    if isinstance(v, NUMBER_TYPES):
        return v
    if isinstance(v, Tensor):
        return v.item()
    try:
        return operator.index(v)
    except TypeError:
        return float(v)


def _flatten(data):
    """Nested sequences -> (shape, flat list), with torch's errors for ragged input."""
    if isinstance(data, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    if not isinstance(data, (list, tuple)):
        return (), [data]
    shape, level, dim = [len(data)], list(data), 0
    while level and isinstance(level[0], (list, tuple)):
        n = len(level[0])
        for x in level:
            if not isinstance(x, (list, tuple)):
                raise TypeError("not a sequence")
            if len(x) != n:
                raise ValueError(f"expected sequence of length {n} at dim {dim + 1} (got {len(x)})")
        shape.append(n)
        level = [y for x in level for y in x]
        dim += 1
    for x in level:
        if isinstance(x, (list, tuple)):
            raise TypeError(f"'{type(x).__name__}' object cannot be interpreted as an integer")
    return tuple(shape), level


def _overflow(dt):
    return RuntimeError(f"value cannot be converted to type {dt.name} without overflow")


def _to_integral(v, dt):
    """One Python number -> int64 bits for an integral dtype, with torch.tensor's checks."""
    bits = dt.itemsize * 8
    hi = (1 << (bits - (1 if dt.is_signed else 0))) - 1
    if isinstance(v, complex):
        raise TypeError("'complex' object cannot be interpreted as an integer")
    if isinstance(v, float):
        lo = -(hi + 1) if dt.is_signed else 0
        if v != v or v < lo or v > hi:
            raise _overflow(dt)
        return _int64_bits(int(v)) if abs(v) < 2.0 ** 64 else _INT64_MIN
    v = int(v)
    if dt.name == "uint64":
        if v < 0:
            raise OverflowError("can't convert negative int to unsigned")
        return _int64_bits(v)
    if not _INT64_MIN <= v <= _INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    lo = -(hi + 1) if dt.is_signed else -hi       # unsigned: -max..max wrap, as c10's checked_convert
    if not lo <= v <= hi:
        raise _overflow(dt)
    return v


def _from_flat(shape, flat, dt):
    kinds = {_kind(v) for v in flat}
    values = [_plain(v) for v in flat]
    kind = max(kinds, key=_KIND_RANK.get) if kinds else "float"
    if dt is None:
        if kind == "complex" and promotion.get_default_dtype().name == "bfloat16":
            raise RuntimeError("invalid default scalar type for complex")
        dt = {"bool": BY_NAME["bool"], "int": BY_NAME["int64"], "float": promotion.get_default_dtype(),
              "complex": promotion.default_complex_dtype()}[kind]
    cat = dt.category
    if cat == "bool":
        staging, fmt, values = BY_NAME["bool"], "B", [1 if v else 0 for v in values]
    elif cat == "integral":
        staging, fmt, values = BY_NAME["int64"], "q", [_to_integral(v, dt) for v in values]
    elif cat == "floating":
        if kind == "complex":
            raise TypeError("must be real number, not complex")
        staging, fmt, values = BY_NAME["float64"], "d", [float(v) for v in values]
    else:
        staging, fmt = BY_NAME["complex128"], "d"
        values = [x for v in map(complex, values) for x in (v.real, v.imag)]
    src = Tensor._empty(shape, staging)
    if values:
        buf = array.array(fmt, values)
        ffi.memmove(ffi.cast("char *", src._ptr), buf, len(buf) * buf.itemsize)
    return src if dt is staging else src.to(dt)


def _check_dtype(dt):
    if dt is not None and not isinstance(dt, dtype):
        raise TypeError(f"dtype must be runtime.dtype, not {type(dt).__name__}")
    return dt


def tensor(data, dtype=None):
    """A new tensor from a Python number, a nested list, or another tensor (copied)."""
    _check_dtype(dtype)
    if isinstance(data, Tensor):
        return data.to(dtype or data.dtype, copy=True)
    if hasattr(data, "__array_interface__") and hasattr(data, "dtype") and not isinstance(data, NUMBER_TYPES):
        from ._numpy import from_numpy         # a NumPy array: copied, as torch.tensor copies
        src = from_numpy(data)
        return src.to(dtype or src.dtype, copy=True)
    shape, flat = _flatten(data)
    return _from_flat(shape, flat, dtype)


def scalar_tensor(value, dt):
    """A 0-dim tensor holding a Python number, stored exactly in the dtype torch wraps it with
    (bool, int64, float64, complex128), converted to `dt` when that is another dtype."""
    t = wrap_scalar(value)
    t._wrapped = False
    return t if dt is None or dt is t.dtype else t.to(dt)


def wrap_scalar(value):
    """A Python number as the wrapped 0-dim tensor torch makes of it for an op."""
    kind = _kind(value)
    _, dt = _STAGING[kind]
    if kind == "int" and operator.index(value) > _INT64_MAX:
        dt = BY_NAME["uint64"]      # torch's Scalar keeps 2**63 .. 2**64 - 1 unsigned (same bits)
    t = Tensor._empty((), dt)
    if kind == "bool":
        ffi.cast("uint8_t *", t._ptr)[0] = 1 if value else 0
    elif kind == "int":
        ffi.cast("int64_t *", t._ptr)[0] = _int64_bits(operator.index(value))
    elif kind == "float":
        ffi.cast("double *", t._ptr)[0] = float(value)
    else:
        p = ffi.cast("double *", t._ptr)
        p[0], p[1] = complex(value).real, complex(value).imag
    t._wrapped = True
    return t


def as_tensor_like(value, dt):
    """A tensor operand for copy_/setitem: tensors as they are, numbers as 0-dim tensors."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, (list, tuple)):
        return tensor(value, dtype=dt)
    return scalar_tensor(value, None)


def _shape_arg(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return tuple(size)


def empty(*size, dtype=None):
    return Tensor._empty(_shape_arg(size), _check_dtype(dtype) or promotion.get_default_dtype())


def full(size, fill_value, dtype=None):
    if isinstance(size, int):
        size = (size,)
    if dtype is None:
        dtype = {"bool": BY_NAME["bool"], "int": BY_NAME["int64"], "float": promotion.get_default_dtype(),
                 "complex": promotion.default_complex_dtype()}[_kind(fill_value)]
    out = Tensor._empty(tuple(size), _check_dtype(dtype))
    return out._copy_from(scalar_tensor(_plain(fill_value), None))


def zeros(*size, dtype=None):
    return full(_shape_arg(size), 0, dtype=dtype or promotion.get_default_dtype())


def ones(*size, dtype=None):
    return full(_shape_arg(size), 1, dtype=dtype or promotion.get_default_dtype())


def empty_like(t, dtype=None):
    return Tensor._empty(t.shape, dtype or t.dtype)


def zeros_like(t, dtype=None):
    return full(t.shape, 0, dtype=dtype or t.dtype)


def ones_like(t, dtype=None):
    return full(t.shape, 1, dtype=dtype or t.dtype)


def full_like(t, fill_value, dtype=None):
    return full(t.shape, fill_value, dtype=dtype or t.dtype)


def arange(start, end=None, step=1, dtype=None):
    if end is None:
        start, end = 0, start
    args = [_plain(a) for a in (start, end, step)]
    if any(isinstance(a, complex) for a in args):
        raise TypeError("arange(): complex arguments are not supported")
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not all(math.isfinite(a) for a in args):
        raise RuntimeError(f"unsupported range: {args[0]} -> {args[1]}")
    start, end, step = args
    if (step > 0 and start > end) or (step < 0 and start < end):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    is_float = any(isinstance(a, float) for a in args)
    if dtype is None:
        dtype = promotion.get_default_dtype() if is_float else BY_NAME["int64"]
    n = max(0, math.ceil((end - start) / step))
    if is_float or dtype.category in ("floating", "complex"):
        values = [start + i * step for i in range(n)]
        src = _from_flat((n,), [float(v) for v in values], BY_NAME["float64"])
    else:
        src = _from_flat((n,), list(range(start, end, step)), BY_NAME["int64"])
    return src.to(_check_dtype(dtype))
