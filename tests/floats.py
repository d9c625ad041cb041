"""The float32 helpers the vector-math and reduction tests share: a double rounded to float32,
a float32's place on the ordered line of floats, and its ulp (no NumPy: CI has none)."""
import math
import struct

F32_MAX = struct.unpack("<f", struct.pack("<I", 0x7F7FFFFF))[0]


def f32(v):
    """v rounded to float32, half to even; inf where it rounds past FLT_MAX (struct refuses
    exactly those: it rounds values just above FLT_MAX down to it)."""
    if math.isnan(v) or math.isinf(v):
        return v
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def ordinal(v):
    """float32 v's place on the ordered line of floats (-0.0 and +0.0 are one point)."""
    i = struct.unpack("<i", struct.pack("<f", v))[0]
    return -(i & 0x7FFFFFFF) if i < 0 else i


def ulp32(x):
    """The spacing of float32 values at f32(x) (the smallest subnormal at 0)."""
    x = f32(x)
    return math.ulp(x) * 2 ** 29 if x else 2 ** -149


def bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def from_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def rounded(v):
    """v (a double within a few double ulps of the true value) rounded to float32, or None where
    it is too close to a float rounding boundary to decide."""
    r = f32(v)
    if v != r and not math.isinf(r):
        other = from_bits(bits(r) + 1) if abs(v) > abs(r) else from_bits(bits(r) - 1)
        if abs(v - (r + other) / 2) <= abs(v) * 2.0 ** -45:
            return None
    return r
