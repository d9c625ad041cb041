"""Dtype objects, one per entry of dtypes.yaml (via generated/tables.py)."""
from ._lib import tables


class dtype:
    """A tensor element type, printed as `runtime.float32` (torch: `torch.float32`)."""
    __slots__ = ("name", "index", "c10_name", "cpp_name", "category", "itemsize", "is_signed",
                 "scalar_name", "max", "_complex", "_real")

    def __init__(self, index, name, c10, cpp, category, itemsize, signed, scalar_name, max_):
        self.index, self.name, self.c10_name, self.cpp_name = index, name, c10, cpp
        self.category, self.itemsize, self.is_signed = category, itemsize, signed
        self.scalar_name, self.max = scalar_name, max_

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


ALL = []
BY_NAME = {}
for _i, (_name, _c10, _cpp, _cat, _size, _signed, _aliases, _cx, _re, _scalar, _max) in enumerate(tables.DTYPES):
    _d = dtype(_i, _name, _c10, _cpp, _cat, _size, _signed, _scalar, _max)
    ALL.append(_d)
    BY_NAME[_name] = _d
    for _a in _aliases:
        BY_NAME[_a] = _d
for _d, (_name, *_rest, _cx, _re, _scalar, _max) in zip(ALL, tables.DTYPES):
    _d._complex = BY_NAME[_cx] if _cx else None
    _d._real = BY_NAME[_re] if _re else None


def _by_name(name):
    return BY_NAME[name]


def dtype_names():
    """Public names: every dtype and alias (runtime.float32, runtime.float, ...)."""
    return dict(BY_NAME)


bool_ = BY_NAME["bool"]
int64 = BY_NAME["int64"]
float64 = BY_NAME["float64"]
complex128 = BY_NAME["complex128"]
