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
    __slots__ = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype", "_shell")
    # a packed minifloat (float4_e2m1fn_x2): torch knows its bits only; reading any other field
    # raises NotImplementedError naming the c10 limit torch looks up, and repr a TypeError
    _SHELL = {"eps": "epsilon", "max": "max", "min": "lowest", "tiny": "min", "smallest_normal": "min",
              "resolution": "digits10", "dtype": "dtype"}

    def __getattribute__(self, name):
        shell = object.__getattribute__(self, "_shell")
        if shell is not None and name in finfo._SHELL:
            raise NotImplementedError(f'"{finfo._SHELL[name]}" not implemented for \'{shell}\'')
        return object.__getattribute__(self, name)

    def __init__(self, *args, **kwargs):
        (d,) = _FINFO.parse(args, kwargs)
        d = promotion.get_default_dtype() if d is None else d
        if d.category not in ("floating", "complex"):
            raise TypeError("runtime.finfo() requires a floating point input type. Use runtime.iinfo to handle "
                            "'runtime.finfo'")
        d = d.to_real()
        e, m = d._exponent_bits, d._mantissa_bits
        mf = d._minifloat
        self._shell = d.c10_name if mf.get("packed", 1) > 1 else None
        self.bits, self.dtype = 8 * d.itemsize, d.name
        if self._shell:
            return
        self.eps, self.max = mf.get("eps") or 2.0 ** -m, d.max
        # the smallest normal is 2**(1 - bias); a minifloat without zero (e8m0fnu) has no subnormals,
        # so it is 2**-bias, and an unsigned one's lowest value is that too
        bias = mf.get("bias", 2 ** (e - 1) - 1)
        self.smallest_normal = self.tiny = 2.0 ** ((1 if mf.get("zero", True) else 0) - bias)
        self.min = -d.max if d.is_signed else self.tiny
        self.resolution = 10.0 ** -math.floor(-math.log10(self.eps))

    def __eq__(self, other):
        get = object.__getattribute__
        return isinstance(other, finfo) and get(other, "dtype") == get(self, "dtype")

    __hash__ = None

    def __repr__(self):
        if object.__getattribute__(self, "_shell"):
            raise TypeError("bad argument type for built-in operation")
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
