"""Dtype objects, one per entry of dtypes.yaml (via generated/tables.py)."""
from ._lib import tables


class dtype:
    """A tensor element type, printed as `runtime.float32` (torch: `torch.float32`).

    As torch's, the dtypes are the only instances and they are immutable: the kernels trust
    `itemsize` and `index`, so a made-up or altered dtype would corrupt memory."""
    __slots__ = ("name", "index", "c10_name", "cpp_name", "category", "itemsize", "is_signed",
                 "scalar_name", "max", "type_in_errors", "_complex", "_real")

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create 'runtime.dtype' instances")

    def __init_subclass__(cls, **kwargs):
        raise TypeError("type 'runtime.dtype' is not an acceptable base type")

    def __setattr__(self, name, value):
        if name in dtype.__slots__:
            raise AttributeError(f"attribute '{name}' of 'runtime.dtype' objects is not writable")
        raise AttributeError(f"'runtime.dtype' object has no attribute '{name}'")

    def __delattr__(self, name):
        raise AttributeError(f"attribute '{name}' of 'runtime.dtype' objects is not writable")

    @property
    def is_floating_point(self):
        return self.category == "floating"

    @property
    def is_complex(self):
        return self.category == "complex"

    def to_complex(self):
        return self._complex

    def to_real(self):
        return self._real if self._real is not None else self

    def __repr__(self):
        return f"runtime.{self.name}"

    __str__ = __repr__

    def __reduce__(self):
        return (_by_name, (self.name,))


def _make(**fields):
    d = object.__new__(dtype)
    for k, v in fields.items():
        object.__setattr__(d, k, v)
    return d


ALL = []
BY_NAME = {}
for _i, (_name, _c10, _cpp, _cat, _size, _signed, _aliases, _cx, _re, _scalar, _max, _legacy) in enumerate(
        tables.DTYPES):
    # torch's error texts name a tensor's type as its legacy Python type, else as the C++ one
    _d = _make(index=_i, name=_name, c10_name=_c10, cpp_name=_cpp, category=_cat, itemsize=_size,
               is_signed=_signed, scalar_name=_scalar, max=_max,
               type_in_errors=f"runtime.{_c10}Tensor" if _legacy else f"CPU{_c10}Type")
    ALL.append(_d)
    BY_NAME[_name] = _d
    for _a in _aliases:
        BY_NAME[_a] = _d
for _d, (_name, *_rest, _cx, _re, _scalar, _max, _legacy) in zip(ALL, tables.DTYPES):
    object.__setattr__(_d, "_complex", BY_NAME[_cx] if _cx else None)
    object.__setattr__(_d, "_real", BY_NAME[_re] if _re else None)


def _by_name(name):
    return BY_NAME[name]


# torch reads Python's number types as dtypes where it takes one (zeros(2, dtype=float), t.to(int))
PYTHON_TYPES = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}


def as_dtype(d):
    """d when it is a dtype, the dtype torch takes a Python number type for, else None."""
    if isinstance(d, dtype):
        return d
    name = PYTHON_TYPES.get(d) if isinstance(d, type) else None
    return BY_NAME[name] if name else None


def dtype_names():
    """Public names: every dtype and alias (runtime.float32, runtime.float, ...)."""
    return dict(BY_NAME)


bool_ = BY_NAME["bool"]
int64 = BY_NAME["int64"]
float64 = BY_NAME["float64"]
complex128 = BY_NAME["complex128"]
