"""Tensor factories with torch's dtype inference: tensor(), zeros/ones/empty/full,
arange, the *_like forms, and the 0-dim tensors that wrap Python numbers in ops."""
from __future__ import annotations

import array
import itertools
import math

from . import promotion
from ._device import check_allocation, device_arg
from ._formats import format_strides, layout_arg, memory_format_arg
from ._lib import ffi, lib
from ._numpy import from_numpy
from .dtypes import BY_NAME, PYTHON_TYPES, as_dtype
from .scalars import check_scalar_int, check_fits, number, size_arg, type_name
from .tensor import Tensor, _int64_bits, _INT64_MAX, _INT64_MIN, check_shape

def _element_dtype(v):
    """The dtype torch.tensor infers for one element: Python numbers as c10 wraps them, a NumPy
    scalar its own dtype, a one-element tensor its dtype."""
    t = type(v)
    if t is float:
        return promotion.get_default_dtype()
    if t is bool or t is int:       # float and complex: the default dtypes
        return BY_NAME[PYTHON_TYPES[t]]
    if t is complex:
        return _default_complex()
    if isinstance(v, Tensor):
        if v.numel() != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return v.dtype
    n = number(v)
    if n is None:
        raise RuntimeError(f"Could not infer dtype of {type(v).__name__}")
    if type(v).__module__ == "numpy":
        name = v.dtype.name
        if name not in BY_NAME:
            raise TypeError(f"can't convert np.ndarray of type numpy.{name}. The only supported types are: "
                            "float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, "
                            "uint32, uint16, uint8, and bool.")
        return BY_NAME[name]
    return _element_dtype(n)


def _default_complex():
    if promotion.get_default_dtype().name == "bfloat16":
        raise RuntimeError("invalid default scalar type for complex")
    return promotion.default_complex_dtype()


def _plain(v):
    if isinstance(v, Tensor):
        return v.item()
    n = number(v)
    return v if n is None else n


_MAX_NESTING = 1000


def _flatten(data):
    """Nested sequences -> (shape, flat list), with torch's errors for ragged input (C-speed:
    one chain per level)."""
    if isinstance(data, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")
    if not isinstance(data, (list, tuple, range)):
        return (), [data]
    shape, level, dim = [len(data)], data, 0
    while level and isinstance(level[0], (list, tuple)):
        if len(shape) > _MAX_NESTING:     # torch's limit (a list that contains itself stops here too)
            raise ValueError(f"too many dimensions '{type(level[0]).__name__}'")
        n = len(level[0])
        kinds = set(map(type, level))
        if not kinds <= {list, tuple}:
            raise TypeError("not a sequence")
        lengths = set(map(len, level))
        if lengths != {n}:
            bad = next(len(x) for x in level if len(x) != n)
            raise ValueError(f"expected sequence of length {n} at dim {dim + 1} (got {bad})")
        shape.append(n)
        level = list(itertools.chain.from_iterable(level))
        dim += 1
    level = list(level)
    if level and not set(map(type, level)).isdisjoint((list, tuple)):
        x = next(x for x in level if isinstance(x, (list, tuple)))
        raise TypeError(f"'{type(x).__name__}' object cannot be interpreted as an integer")
    if any(isinstance(x, (str, bytes)) for x in level[:1]):
        raise ValueError(f"too many dimensions '{type(level[0]).__name__}'")
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


def _infer(flat):
    """torch.tensor's dtype for the elements: their dtypes promoted (C-speed when they are all
    Python numbers of one or two kinds)."""
    kinds = set(map(type, flat))
    if kinds <= {bool, int, float, complex}:
        return _element_dtype((complex() if complex in kinds else 0.0 if float in kinds
                               else 0 if int in kinds else False))
    out = None
    for v in flat:
        d = _element_dtype(v)
        out = d if out is None else promotion.promote_types(out, d)
    return out


_FAST = {"bool": (frozenset({bool}), "B"), "int64": (frozenset({int, bool}), "q"),
         "float64": (frozenset({float, int, bool}), "d")}


def _from_flat(shape, flat, dt):
    if dt is None:
        dt = _infer(flat) if flat else promotion.get_default_dtype()
    cat = dt.category
    staging = BY_NAME["bool" if cat == "bool" else "int64" if cat == "integral" else
                      "float64" if cat == "floating" else "complex128"]
    kinds, fmt = _FAST.get(staging.name, (None, None))
    buf = None
    if kinds is not None and set(map(type, flat)) <= kinds and (cat != "integral" or _ints_fit(flat, dt)):
        try:
            buf = array.array(fmt, flat)           # C-speed: plain bools, ints that fit, floats
        except OverflowError:
            buf = None
    if buf is None:
        values = [_plain(v) for v in flat]
        if cat == "bool":
            values = [1 if v else 0 for v in values]
        elif cat == "integral":
            values = [_to_integral(v, dt) for v in values]
        elif cat == "floating":
            if any(isinstance(v, complex) for v in values):
                raise TypeError("must be real number, not complex")
            values = [float(v) for v in values]
        else:
            values = [x for v in map(complex, values) for x in (v.real, v.imag)]
        buf = array.array("B" if cat == "bool" else "q" if cat == "integral" else "d", values)
    src = Tensor._empty(shape, staging)
    if len(buf):
        ffi.memmove(ffi.cast("char *", src._ptr), buf, len(buf) * buf.itemsize)
    return src if dt is staging else src.to(dt)


def _ints_fit(flat, dt):
    """Every element (Python ints) within what torch.tensor accepts for integral dt."""
    if not flat:
        return True
    lo, hi = min(flat), max(flat)
    bits = dt.itemsize * 8
    top = (1 << (bits - (1 if dt.is_signed else 0))) - 1
    # unsigned: down to -max (c10 wraps), but a 64-bit one takes no negative (Python's error)
    low = -top - 1 if dt.is_signed else -top if top <= _INT64_MAX else 0
    return low <= lo and hi <= top and hi <= _INT64_MAX


def _check_dtype(dt, fname="tensor"):
    if dt is None:
        return None
    d = as_dtype(dt)
    if d is None:
        raise TypeError(f"{fname}(): argument 'dtype' must be runtime.dtype, not {type_name(dt)}")
    return d


def tensor(data, *, dtype=None, device=None):
    """A new tensor from a Python number, a nested list, or another tensor (copied)."""
    dtype = _check_dtype(dtype)
    # the device is parsed first, but allocated on once the data is read (torch's order of errors)
    place = device_arg("tensor", device)
    if isinstance(data, Tensor):
        check_allocation(place, conversion=True)
        return data.to(dtype or data.dtype, copy=True)
    if hasattr(data, "__array_interface__") and hasattr(data, "dtype") and number(data) is None:
        src = from_numpy(data)
        check_allocation(place, conversion=True)
        return src.to(dtype or src.dtype, copy=True)
    shape, flat = _flatten(data)
    check_allocation(place, conversion=True)
    if flat and dtype is not None and dtype._minifloat.get("packed", 1) > 1:
        raise RuntimeError("store_scalar: invalid type")     # torch stores no number into float4_e2m1fn_x2
    return _from_flat(shape, flat, dtype)


def scalar_tensor(s, *, dtype=None, layout=None, device=None):
    """torch.scalar_tensor: a 0-dim tensor of the default dtype (or dtype) holding number s."""
    v = _fill_value("scalar_tensor", s, "'s' (position 1)")
    return _filled(_new("scalar_tensor", (), dtype, layout=layout, device=device), v)


def number_tensor(value, dt):
    """A 0-dim tensor holding a Python number, stored exactly in the dtype torch wraps it with
    (bool, int64, float64, complex128), converted to `dt` when that is another dtype."""
    t = wrap_scalar(value)
    t._wrapped = False
    return t if dt is None or dt is t.dtype else t.to(dt)


def wrap_scalar(value):
    """A Python number (or NumPy scalar) as the wrapped 0-dim tensor torch makes of it for an op."""
    value = number(value) if type(value) not in PYTHON_TYPES else value
    if value is None:
        raise TypeError("expected a Python number")
    kind = type(value)
    dt = BY_NAME[PYTHON_TYPES[kind]]
    if kind is int and value > _INT64_MAX:
        dt = BY_NAME["uint64"]      # torch's Scalar keeps 2**63 .. 2**64 - 1 unsigned (same bits)
    t = Tensor._empty((), dt)
    if kind is bool:
        ffi.cast("uint8_t *", t._ptr)[0] = 1 if value else 0
    elif kind is int:
        ffi.cast("int64_t *", t._ptr)[0] = _int64_bits(value)
    elif kind is float:
        ffi.cast("double *", t._ptr)[0] = value
    else:
        p = ffi.cast("double *", t._ptr)
        p[0], p[1] = value.real, value.imag
    t._wrapped = True
    return t


def _fill_value(fname, value, where="'fill_value' (position 2)"):
    """full()'s fill_value: a Python number (NumPy scalars and one-element tensors read as one)."""
    v = value.item() if isinstance(value, Tensor) and not value._shape else number(value)
    if v is None:
        raise TypeError(f"{fname}(): argument {where} must be Number, not {type_name(value)}")
    return check_scalar_int(v)


def _placement(fname, layout, device, default=None):
    """A factory's layout= and device=: checked, parsed and refused unless the tensor goes to the
    CPU (device=None: `default`, else the default device)."""
    layout_arg(fname, layout)
    check_allocation(device_arg(fname, device, default))


def _new(fname, size, dt, varargs=True, layout=None, device=None, memory_format=None, nonnegative=None):
    """A fresh tensor for a creation function, arguments checked in torch's order: the size's
    type, the dtype, layout and device, then the sizes' values and the memory format."""
    shape = size_arg(fname, size, varargs=varargs)
    dt = _check_dtype(dt, fname) or promotion.get_default_dtype()
    _placement(fname, layout, device)
    if nonnegative and any(s < 0 for s in shape):
        raise RuntimeError(nonnegative)
    shape = check_shape(shape, dt.itemsize)
    strides = format_strides(shape, memory_format)
    return Tensor._empty(shape, dt) if strides is None else Tensor._empty_strided(shape, strides, dt)


def _filled(t, v, checked=True):
    """t filled with the Python number v, range-checked as torch's fill_ (c10's checked_convert),
    but for one element of a dtype whose setitem is unchecked (torch's single-element fill path),
    and for zeros (zero_(), which e8m0fnu's range check would refuse)."""
    if t.dtype._minifloat.get("packed", 1) > 1:      # float4_e2m1fn_x2: zeros only, as bytes
        if checked:
            raise NotImplementedError(f"\"fill_cpu\" not implemented for '{t.dtype.c10_name}'")
        t.view(BY_NAME["uint8"])._copy_from(number_tensor(0, BY_NAME["uint8"]))
        return t
    if checked and not (t.numel() == 1 and t.dtype._unchecked_fill):
        check_fits(v, t.dtype)
    elif checked and isinstance(v, complex):     # (the unchecked path still reads a complex as a double)
        check_fits(v, BY_NAME["float64"])
    if isinstance(v, complex) and not t.dtype.is_complex:
        v = bool(v) if t.dtype.category == "bool" else v.real
    if t.numel():
        t._copy_from(number_tensor(v, t.dtype))
    return t


def _sizes(fname, size):
    if not size:
        raise TypeError(f'{fname}() missing 1 required positional arguments: "size"')
    return size


def empty(*size, dtype=None, layout=None, device=None, memory_format=None):
    memory_format_arg("empty", memory_format)
    return _new("empty", _sizes("empty", size), dtype, layout=layout, device=device, memory_format=memory_format)


def zeros(*size, dtype=None, layout=None, device=None):
    return _filled(_new("zeros", _sizes("zeros", size), dtype, layout=layout, device=device,
                        nonnegative="zeros: Dimension size must be non-negative."), 0, checked=False)


def ones(*size, dtype=None, layout=None, device=None):
    return _filled(_new("ones", _sizes("ones", size), dtype, layout=layout, device=device), 1)


def full(size, fill_value, dtype=None, *, layout=None, device=None):
    v = _fill_value("full", fill_value)
    if dtype is None:
        dtype = _element_dtype(v)
    return _filled(_new("full", size, dtype, varargs=False, layout=layout, device=device), v)


def _like(fname, t, dt, layout, device, memory_format):
    """empty_like: the input's device unless device= says otherwise, in memory_format (None is
    preserve_format: the input's layout, see Tensor._like)."""
    if not isinstance(t, Tensor):
        raise TypeError(f"{fname}(): argument 'input' (position 1) must be Tensor, not {type_name(t)}")
    dt = _check_dtype(dt, fname) or t.dtype
    memory_format_arg(fname, memory_format)
    _placement(fname, layout, device, default=t.device)
    return t._like(dt, memory_format)


def empty_like(input, *, dtype=None, layout=None, device=None, memory_format=None):
    return _like("empty_like", input, dtype, layout, device, memory_format)


def zeros_like(input, *, dtype=None, layout=None, device=None, memory_format=None):
    return _filled(_like("zeros_like", input, dtype, layout, device, memory_format), 0, checked=False)


def ones_like(input, *, dtype=None, layout=None, device=None, memory_format=None):
    return _filled(_like("ones_like", input, dtype, layout, device, memory_format), 1)


def full_like(input, fill_value, *, dtype=None, layout=None, device=None, memory_format=None):
    v = _fill_value("full_like", fill_value)
    return _filled(_like("full_like", input, dtype, layout, device, memory_format), v)


# ------------------------------------------------------------------ arange
class _Absent:
    """An argument not given: arange's overload follows from the arguments given."""
    def __repr__(self):
        return "<absent>"


_ABSENT = _Absent()
_ARANGE_ACC = {"floating": "float64", "integral": "int64"}
# ew_arange_f32's code for rounding its blocks' bases to a dtype, by dtypes.yaml's storage
_ARANGE_ROUND = {"half": 2, "bfloat": 3}
_GRAIN = 32768             # torch's parallel_for grain: arange's chunks begin where its threads' do


def _arange_number(name, pos, v):
    n = v.item() if isinstance(v, Tensor) and not v._shape else number(v)
    if n is None:
        raise TypeError(f"arange(): argument '{name}' (position {pos}) must be Number, not {type_name(v)}")
    if isinstance(n, complex):      # a Number: read as a double, with c10's check
        if n.imag != 0:
            raise RuntimeError("value cannot be converted to type double without overflow")
        n = n.real
    return check_scalar_int(n)


_ARANGE_SIGNATURES = (
    " * (Number end, *, Tensor out = None, runtime.dtype dtype = None, runtime.layout layout = None, "
    "runtime.device device = None, bool pin_memory = False, bool requires_grad = False)\n"
    " * (Number start, Number end, *, runtime.dtype dtype = None, runtime.layout layout = None, "
    "runtime.device device = None, bool pin_memory = False, bool requires_grad = False)\n"
    " * (Number start, Number end, Number step = 1, *, Tensor out = None, runtime.dtype dtype = None, "
    "runtime.layout layout = None, runtime.device device = None, bool pin_memory = False, "
    "bool requires_grad = False)\n")


def _to_acc(v, acc):
    """c10's Scalar::to<acc>(): ints truncate floats, everything range-checked."""
    if acc.category == "integral":
        if isinstance(v, float):
            check_fits(v, acc)
            return int(v)
        check_fits(int(v), acc)
        return int(v)
    check_fits(float(v), acc)
    return float(v)


def _wrap64(v):
    return (v + (1 << 63)) % (1 << 64) - (1 << 63)


def arange(start=_ABSENT, end=_ABSENT, step=_ABSENT, *, dtype=None, layout=None, device=None):
    """torch.arange: the size computed, checked and allocated first, the values filled in C as
    torch's CPU kernel computes them."""
    given = {n: v for n, v in (("start", start), ("end", end), ("step", step)) if v is not _ABSENT}
    # keywords given (None stands for not given here) make every overload plausible to torch's
    # parser, so that an argument it refuses gets the listing of all three, not its own error
    keywords = [(k, v) for k, v in (("device", device), ("layout", layout), ("dtype", dtype)) if v is not None]
    try:
        layout_arg("arange", layout)
        if device is not None and not isinstance(device, (str, bytes)):
            device_arg("arange", device)
        if len(given) == 1 and set(given) <= {"start", "end"}:          # arange(end)
            start, end, step = 0, _arange_number("end", 1, next(iter(given.values()))), 1
        elif set(given) in ({"start", "end"}, {"start", "end", "step"}) and None not in given.values():
            start, end = _arange_number("start", 1, start), _arange_number("end", 2, end)
            step = _arange_number("step", 3, given.get("step", 1))
        else:
            raise TypeError("no overload")
    except TypeError as e:
        if keywords or str(e) == "no overload":
            got = [type_name(v) for v in given.values()] + [f"{k}={type_name(v)}" for k, v in keywords]
            raise TypeError(f"arange() received an invalid combination of arguments - got "
                            f"({', '.join(got)}), but expected one of:\n" + _ARANGE_SIGNATURES) from None
        raise
    _check_dtype(dtype, "arange")
    _placement("arange", layout, device)
    if dtype is None:
        dtype = (promotion.get_default_dtype() if any(isinstance(a, float) for a in (start, end, step))
                 else BY_NAME["int64"])
    if dtype.category not in _ARANGE_ACC or dtype.name in ("uint16", "uint32", "uint64"):
        raise NotImplementedError(f'"arange_cpu" not implemented for \'{dtype.c10_name}\'')
    # torch checks the bounds in double, then sizes int64 ranges in int64 (wrapping) and the
    # others in double
    dstart, dend, dstep = float(start), float(end), float(step)
    if dstep == 0:
        raise RuntimeError("step must be nonzero")
    if not (math.isfinite(dstart) and math.isfinite(dend)):
        raise RuntimeError(f"unsupported range: {dstart:g} -> {dend:g}")
    if not ((dstep > 0 and dend >= dstart) or (dstep < 0 and dend <= dstart)):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    # the accumulate type (torch's acc_type): the opmath dtype of the 16-bit floats, double for the
    # other floating dtypes, int64 for integers
    acc = dtype._opmath or BY_NAME[_ARANGE_ACC[dtype.category]]
    if dtype.name == "int64":
        xstart, xend, xstep = (_to_acc(v, acc) for v in (start, end, step))
        if xstep == 0:
            raise ValueError("step must be nonzero")
        sgn = (xstep > 0) - (xstep < 0)
        num = _wrap64(_wrap64(_wrap64(xend - xstart) + xstep) - sgn)
        q = abs(num) // abs(xstep)
        size_d = float(q if (num < 0) == (xstep < 0) else -q)
    else:
        size_d = math.ceil((dend - dstart) / dstep)
    if not 0 <= size_d <= float(_INT64_MAX):      # (2**63 passes, as in torch, and wraps)
        raise RuntimeError("invalid size, possible overflow?")
    n = int(size_d)
    if n > _INT64_MAX:
        raise RuntimeError(f"IntArrayRef contains an int that cannot be represented as a SymInt: {_INT64_MIN}")
    out = Tensor._empty(check_shape((n,), dtype.itemsize), dtype)
    xstart, xstep = _to_acc(start, acc), _to_acc(step, acc)     # the kernel's values
    if n == 0:
        return out
    # filled in place, but for the 16-bit floats and the narrower integers (through int64 / float);
    # the double loop stores float32's elements itself (rounding code 1)
    as_float = dtype._storage == "native" and dtype.is_floating_point and dtype.itemsize < acc.itemsize
    src = out if dtype is acc or as_float else Tensor._empty((n,), acc)
    ptr = ffi.cast("int64_t *" if acc.category == "integral" else "float *" if acc.itemsize == 4 else "void *",
                   src._ptr)
    if acc.category == "integral":
        lib.ew_arange_i64(ptr, n, xstart, xstep)
    else:
        threads = max(1, min(lib.ew_get_num_threads(), -(-n // _GRAIN)))
        vec = 32 // dtype.itemsize                       # torch's AVX2 vector of the element type
        rounding = _ARANGE_ROUND.get(dtype._storage, 1 if as_float else 0)
        fill = lib.ew_arange_f64 if acc.itemsize == 8 else lib.ew_arange_f32
        fill(ptr, n, xstart, xstep, vec, -(-n // threads), rounding)
    return out if src is out else out._copy_from(src)
