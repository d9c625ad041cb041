"""finfo and iinfo: the limits of a dtype, from dtypes.yaml's bit widths and sizes, with
torch's fields, reprs and errors."""
from __future__ import annotations

import math

from . import promotion
from ._argparse import REQUIRED, Parser

_DTYPE = (("type", "runtime.dtype", False, REQUIRED, False),)
_FINFO = Parser("finfo", ((_DTYPE, "(runtime.dtype type)", False, (0,)), ((), "()", False, ())), (None,))
_IINFO = Parser("iinfo", ((_DTYPE, "(runtime.dtype type)", False, (0,)),), (None,))


def _g(x):
    return f"{x:g}"


class finfo:
    """The limits of a floating dtype (a complex dtype's are its real part's)."""
    __slots__ = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype")

    def __init__(self, *args, **kwargs):
        (d,) = _FINFO.parse(args, kwargs)
        d = promotion.get_default_dtype() if d is None else d
        if d.category not in ("floating", "complex"):
            raise TypeError("runtime.finfo() requires a floating point input type. Use runtime.iinfo to handle "
                            "'runtime.finfo'")
        d = d.to_real()
        e, m = d._exponent_bits, d._mantissa_bits
        self.bits, self.dtype = 8 * d.itemsize, d.name
        self.eps, self.max = 2.0 ** -m, d.max
        self.min = -d.max
        self.smallest_normal = self.tiny = 2.0 ** (2 - 2 ** (e - 1))
        self.resolution = 10.0 ** -math.floor(-math.log10(self.eps))

    def __eq__(self, other):
        return isinstance(other, finfo) and other.dtype == self.dtype

    __hash__ = None

    def __repr__(self):
        return (f"finfo(resolution={_g(self.resolution)}, min={_g(self.min)}, max={_g(self.max)}, eps={_g(self.eps)}, "
                f"smallest_normal={_g(self.smallest_normal)}, tiny={_g(self.tiny)}, dtype={self.dtype})")


class iinfo:
    """The limits of an integral dtype."""
    __slots__ = ("bits", "max", "min", "dtype")

    def __init__(self, *args, **kwargs):
        (d,) = _IINFO.parse(args, kwargs)
        if d.category == "bool":
            raise TypeError(f"runtime.{d.name} is not supported by runtime.iinfo")
        if d.category != "integral":
            raise TypeError("runtime.iinfo() requires an integer input type. Use runtime.finfo to handle "
                            "'runtime.iinfo'")
        self.bits, self.dtype = 8 * d.itemsize, d.name
        self.min = -(1 << (self.bits - 1)) if d.is_signed else 0
        self.max = (1 << (self.bits - 1 if d.is_signed else self.bits)) - 1

    def __eq__(self, other):
        return isinstance(other, iinfo) and other.dtype == self.dtype

    __hash__ = None

    def __repr__(self):
        return f"iinfo(min={_g(self.min)}, max={_g(self.max)}, dtype={self.dtype})"
