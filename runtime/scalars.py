"""Python numbers as the runtime takes them: NumPy's scalars stand for the Python number they
hold (as torch's argument parser reads them), and a number stored into a dtype goes through
c10's overflow check."""
import operator

NUMBER_TYPES = (bool, int, float, complex)
_EXACT = frozenset(NUMBER_TYPES)


def number(x):
    """x as a plain Python bool/int/float/complex, or None when x is not a number.
    NumPy scalars (np.int64, np.float32, np.bool_, ...) give the Python number they hold; the
    check reads the type's module, so NumPy is never imported here."""
    t = type(x)
    if t in _EXACT:
        return x
    if t.__module__ == "numpy" and t.__name__ != "ndarray" and hasattr(x, "dtype"):
        kind = x.dtype.kind
        if kind == "b":
            return bool(x)
        if kind in "iu":
            return int(x)
        if kind == "f":
            return float(x)
        if kind == "c":
            return complex(x)
        return None
    if isinstance(x, NUMBER_TYPES):       # subclasses (np.float64 is a float, IntEnum an int)
        for base in NUMBER_TYPES:
            if isinstance(x, base):
                return base(x)
    return None


def check_scalar_int(v):
    """c10's Scalar holds a Python int as int64 or uint64: OverflowError beyond both."""
    if type(v) is int and not _INT64_MIN <= v < (1 << 64):
        raise OverflowError("int too big to convert" if v > 0 else "can't convert negative int to unsigned")
    return v


def is_long(x):
    """THPUtils_checkLong: an int that is not a bool, or a NumPy integer (no other __index__)."""
    return (isinstance(x, int) and not isinstance(x, bool)) or (
        type(x).__module__ == "numpy" and type(number(x)) is int)


def is_number(x):
    return type(x) in _EXACT or number(x) is not None


def overflow(dt):
    return RuntimeError(f"value cannot be converted to type {dt.scalar_name} without overflow")


def check_fits(value, dt):
    """c10's checked_convert of a Python number to dt: RuntimeError when it overflows.
    An int into an unsigned type may be -max..max (two's complement wrap), a float (or a
    complex's real part) must lie in the type's own range (-1.0 overflows uint8, nan any integer
    type: c10's overflows<To, double>); floats accept inf and nan."""
    if dt.category == "bool":
        return
    if isinstance(value, complex) and not dt.is_complex and value.imag != 0:
        raise overflow(dt)
    if isinstance(value, complex) and not dt.is_complex:
        value = value.real
    if dt.category == "integral":
        bits = dt.itemsize * 8
        hi = (1 << (bits - (1 if dt.is_signed else 0))) - 1
        lo = -hi - 1 if dt.is_signed else (0 if isinstance(value, float) else -hi)
        if isinstance(value, float):    # compared in double, as c10 does (2.0 ** 64 is uint64's max there)
            lo, hi = float(lo), float(hi)
        ok = lo <= value <= hi      # (False for nan)
    elif dt._minifloat:
        # c10's numeric_limits of a minifloat: an infinity only where the format has one, and an
        # unsigned one's lowest value is its smallest (e8m0fnu: 2**-127, so 0 overflows too)
        mf, v = dt._minifloat, float(value.real if isinstance(value, complex) else value)
        lowest = -dt.max if dt.is_signed else 2.0 ** -mf["bias"]
        ok = v != v or (mf["infinity"] and abs(v) == float("inf")) or lowest <= v <= dt.max
    else:
        limit = (dt.to_real() if dt.is_complex else dt).max
        parts = (value.real, value.imag) if isinstance(value, complex) else (value,)
        ok = all(abs(p) <= limit or p != p or abs(p) == float("inf") for p in map(float, parts))
    if not ok:
        raise overflow(dt)


_HEAPTYPE = 1 << 9


def type_name(x):
    """The type's name as torch's argument parser prints it (numpy.float64, Tensor, list)."""
    t = type(x)
    # torch's own types are C types named torch.dtype, torch.Size, ..., but for its Tensor
    if t.__module__.startswith("runtime.") and t.__name__ != "Tensor":
        return f"runtime.{t.__name__}"
    # CPython's tp_name: a class defined in Python has its bare name; a C type, its dotted one
    if t.__module__ == "builtins" or t.__flags__ & _HEAPTYPE:
        return t.__name__
    return f"{t.__module__}.{t.__qualname__}"


_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


def int_arg(x):
    """An int argument as torch's parser reads one: ints and objects with __index__ (NumPy
    integers, one-element integer tensors), not bools or floats; None when x is not one."""
    if type(x) is int:
        v = x
    else:
        n = number(x)
        if n is not None:
            if type(n) is not int:
                return None
            v = n
        else:
            try:
                v = operator.index(x)
            except TypeError:
                return None
    if not _INT64_MIN <= v <= _INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    return v


def size_arg(fname, args, argname="size", varargs=True):
    """torch's IntArrayRef argument: f(2, 3), f((2, 3)), f([2, 3]) or f(n); TypeError in torch's
    words for anything else.  Values are not range-checked here (each use has its own rule)."""
    if varargs and len(args) == 1 and isinstance(args[0], (tuple, list)):
        seq, single = tuple(args[0]), False
    elif varargs:
        seq, single = tuple(args), len(args) == 1
    else:
        seq, single = args, False
    if not varargs and not isinstance(seq, (tuple, list)):
        raise TypeError(f"{fname}(): argument '{argname}' (position 1) must be tuple of ints, not {type_name(seq)}")
    out = []
    for pos, x in enumerate(seq):
        try:
            v = int_arg(x)
        except ValueError as e:
            raise TypeError(f"{fname}(): argument '{argname}' failed to unpack the object at pos {pos + 1} with "
                            f"error \"{e}\"") from None
        if v is None:
            if single:
                raise TypeError(f"{fname}(): argument '{argname}' (position 1) must be tuple of ints, not "
                                f"{type_name(x)}")
            if not varargs:
                raise TypeError(f"{fname}(): argument '{argname}' (position 1) must be tuple of ints, but found "
                                f"element of type {type_name(x)} at pos {pos}")
            raise TypeError(f"{fname}(): argument '{argname}' failed to unpack the object at pos {pos + 1} with "
                            f"error \"type must be tuple of ints,but got {type_name(x)}\"")
        out.append(v)
    return tuple(out)
