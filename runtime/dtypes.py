"""Dtype objects, one per entry of dtypes.yaml (via generated/tables.py)."""
from ._lib import tables


class dtype:
    """A tensor element type, printed as `runtime.float32` (torch: `torch.float32`).

    As torch's, the dtypes are the only instances and they are immutable: the kernels trust
    `itemsize` and `index`, so a made-up or altered dtype would corrupt memory."""
    __slots__ = ("name", "index", "c10_name", "cpp_name", "category", "itemsize", "is_signed",
                 "scalar_name", "max", "type_in_errors", "_complex", "_real",
                 # dtypes.yaml's keys of the same names (_opmath: a dtype; _dlpack: the numeric code)
                 "_opmath", "_storage", "_format", "_typestr", "_dlpack", "_method", "_unchecked_fill", "_index",
                 "_exponent_bits", "_mantissa_bits", "_minifloat", "_ml_dtypes")

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
        if self.category == "complex":
            return self
        if self._complex is None:
            raise RuntimeError(f"Unknown Complex ScalarType for {self.c10_name}")
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
for _i, _t in enumerate(tables.DTYPES):
    # torch's error texts name a tensor's type as its legacy Python type, else as the C++ one
    _d = _make(index=_i, name=_t["name"], c10_name=_t["c10"], cpp_name=_t["cpp"], category=_t["category"],
               itemsize=_t["itemsize"], is_signed=_t["signed"], scalar_name=_t["scalar"], max=_t["max"],
               type_in_errors=f"runtime.{_t['c10']}Tensor" if _t["legacy_type"] else f"CPU{_t['c10']}Type",
               **{"_" + k: _t[k] for k in ("storage", "format", "typestr", "dlpack", "method", "unchecked_fill", "index",
                                           "exponent_bits", "mantissa_bits", "minifloat", "ml_dtypes")})
    ALL.append(_d)
    BY_NAME[_t["name"]] = _d
    for _a in _t["aliases"]:
        BY_NAME[_a] = _d
for _d, _t in zip(ALL, tables.DTYPES):
    for _k in ("complex", "real", "opmath"):
        object.__setattr__(_d, "_" + _k, BY_NAME[_t[_k]] if _t[_k] else None)


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
