"""A minifloat format of dtypes.yaml (`exponent_bits`, `mantissa_bits`, `signed`, `minifloat`) as
numbers: every code's value and float32 bits, the largest finite value, and the constants of the
encoder that templates/ew_minifloat.h.j2 renders (c10's float32 -> fp8 conversions, generalised)."""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass


def f32_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


@dataclass(frozen=True)
class Format:
    name: str
    e: int             # exponent bits
    m: int             # mantissa bits
    signed: bool
    bias: int
    infinity: bool
    nan: str           # ieee | all_ones | negative_zero | none
    nan_float32: object
    overflow: str      # saturate | infinity | nan
    zero: bool = True
    packed: int = 1
    eps: float | None = None

    @classmethod
    def of(cls, d):
        return cls(d.name, d.exponent_bits, d.mantissa_bits, d.signed, **dict(d.minifloat))

    @property
    def width(self):
        return self.e + self.m + (1 if self.signed else 0)

    @property
    def codes(self):
        return 1 << self.width

    def fields(self, c):
        sign = (c >> (self.e + self.m)) & 1 if self.signed else 0
        return sign, (c >> self.m) & ((1 << self.e) - 1), c & ((1 << self.m) - 1)

    def is_nan(self, c):
        sign, e, m = self.fields(c)
        top, mtop = (1 << self.e) - 1, (1 << self.m) - 1
        return {"ieee": e == top and m != 0, "all_ones": e == top and m == mtop,
                "negative_zero": c == 1 << (self.e + self.m), "none": False}[self.nan]

    def is_inf(self, c):
        sign, e, m = self.fields(c)
        return self.infinity and e == (1 << self.e) - 1 and m == 0

    def value(self, c):
        """The code's value (a Python float: every one is exact in float32)."""
        sign, e, m = self.fields(c)
        if self.is_nan(c):
            return math.nan
        if self.is_inf(c):
            v = math.inf
        elif e == 0 and self.zero:
            v = math.ldexp(m, 1 - self.bias - self.m)
        else:
            v = math.ldexp((1 << self.m) + m, e - self.bias - self.m)
        return -v if sign else v

    def float32_bits(self, c):
        """What c10 decodes the code to, as float32 bits (NaN payloads included)."""
        if not self.is_nan(c):
            return f32_bits(self.value(c))
        if self.nan_float32 != "quiet":
            return self.nan_float32
        sign, e, m = self.fields(c)
        return (sign << 31) | 0x7FC00000 | (m << (23 - self.m))

    def decode_table(self):
        return [self.float32_bits(c) for c in range(self.codes)]

    @property
    def max_code(self):
        """The largest finite positive code."""
        return max(c for c in range(self.codes) if not self.fields(c)[0] and not self.is_nan(c) and not self.is_inf(c))

    @property
    def max(self):
        return self.value(self.max_code)

    @property
    def smallest_normal(self):
        return math.ldexp(1.0, (1 if self.zero else 0) - self.bias)

    def encoder(self):
        """Constants of the encoder (float32 bits), for templates/ew_minifloat.h.j2."""
        top = (1 << self.e) - 1
        emax = top - 1 if self.nan == "ieee" or self.infinity else top    # largest exponent field of a finite code
        sign_bit = 1 << (self.e + self.m) if self.signed else 0
        if self.nan == "negative_zero":
            nan = sign_bit
        elif self.nan == "none":
            nan = None
        else:
            nan = (1 << (self.e + self.m)) - 1 if self.signed else (1 << self.width) - 1
        overflow = {"saturate": self.max_code, "nan": nan,
                    "infinity": top << self.m if self.infinity else None}[self.overflow]
        return dict(
            limit=(emax - self.bias + 1 + 127) << 23,              # |x| from here on overflows
            min_normal=(1 - self.bias + 127) << 23,                 # below: the subnormal path
            denorm=(127 + 1 - self.bias - self.m + 23) << 23,      # adding it rounds at the subnormal step
            rebias=((self.bias - 127) << 23) & 0xFFFFFFFF,
            shift=23 - self.m, half=(1 << (22 - self.m)) - 1 if self.m else 0,
            max_code=self.max_code, overflow=overflow, nan=nan,
            nan_signed=self.nan in ("ieee", "all_ones") and self.signed,
            sign_shift=31 - (self.e + self.m) if self.signed else None,
            unsigned_zero=self.nan == "negative_zero")
