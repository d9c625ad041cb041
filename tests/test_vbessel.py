"""float32 special.bessel_j0/j1/y0/y1, spherical_bessel_j0 and airy_ai of csrc/vbessel.h (branch
bessel17): Cephes' approximations in double with our own sin, cos, log and exp, an absolute error
bound and Ziv's test, in AVX-512 blocks of 8 (contiguous input) and the same operations element
by element (strided input, tails, lanes the test declines).  Both walks must give the same bits,
and those must be within 1 ulp of mpmath (correctly rounded where the test passed: nearly
everywhere).  Samples: random bit patterns, uniform values over each region, the regions'
boundaries (5, 0.5, 2.09, 30, -256, 2^19), the zeros of J, Y and Ai and their neighbours, tiny and
subnormal inputs, signed zeros, inf and nan, in runs whose lengths leave tails.  With
EW_NO_AVX512=1 the blocks run the element function throughout: the same bits."""
import math
import random
import struct

import pytest

import runtime as rt
from floats import f32

mpmath = None          # imported by the test that needs it: an oracle, not a dependency

FUNCS = {
    "bessel_j0": lambda x: mpmath.besselj(0, x),
    "bessel_j1": lambda x: mpmath.besselj(1, x),
    "bessel_y0": lambda x: mpmath.bessely(0, x) if x > 0 else None,
    "bessel_y1": lambda x: mpmath.bessely(1, x) if x > 0 else None,
    "spherical_bessel_j0": lambda x: mpmath.sin(x) / x if x != 0 else mpmath.mpf(1),
    "airy_ai": lambda x: mpmath.airyai(x),
}


def _bits(u):
    return struct.unpack("<f", struct.pack("<I", u & 0xFFFFFFFF))[0]


def _ordinal(v):
    i = struct.unpack("<i", struct.pack("<f", v))[0]
    return i if i >= 0 else -(i & 0x7FFFFFFF)


def _near(v, k=2):
    """v (rounded to float) and its k float neighbours either side."""
    o = _ordinal(f32(v))
    return [_bits(n if n >= 0 else (-n) | 0x80000000) for n in range(o - k, o + k + 1)]


# the first three zeros and the 30th (Ai: 20th) of each function (mpmath.besseljzero, besselyzero,
# airyaizero), written out so that the bit tests run where mpmath is not installed
ZEROS = {
    "airy_ai": [-2.338107410459767, -4.08794944413097, -5.520559828095551, -20.537332907677566],
    "bessel_j0": [2.404825557695773, 5.520078110286311, 8.653727912911013, 93.46371878194478],
    "bessel_j1": [3.8317059702075125, 7.015586669815619, 10.173468135062722, 95.0292318080447],
    "bessel_y0": [0.8935769662791675, 3.957678419314858, 7.086051060301773, 91.89294531215718],
    "bessel_y1": [2.197141326031017, 5.429681040794135, 8.596005868331169, 93.45836916348223],
}


def _zeros(name):
    """Zeros of the function (where its value is small and only an absolute bound holds)."""
    if name == "spherical_bessel_j0":
        return [math.pi * k for k in (1, 2, 7, 1000)]
    return ZEROS[name]


EDGES = [0.5, 2.09, 5.0, 24.0, 30.0, 2.0 ** 19, 1e-30, 2.0 ** -126, 1e-45, 80.0]


def inputs(name, seed):
    rng = random.Random(seed)
    xs = []
    for z in _zeros(name) + EDGES + [-256.0, -2.09, -5.0, -0.5]:
        xs += _near(z) + _near(-z)
    xs += [_bits(rng.getrandbits(32)) for _ in range(3000)]
    xs += [f32(rng.uniform(-8, 8)) for _ in range(3000)]
    xs += [f32(rng.uniform(-300, 300)) for _ in range(1000)]
    xs += [0.0, -0.0, math.inf, -math.inf, math.nan]
    return xs + xs[:13]                   # a length that leaves a tail


def _fn(name):
    return getattr(rt.special, name)


def _same(a, b):
    return (a == b and math.copysign(1, a) == math.copysign(1, b)) or (math.isnan(a) and math.isnan(b))


@pytest.mark.parametrize("name", FUNCS)
def test_block_is_element_function(simd, name):
    xs = inputs(name, hash(name) & 0xFFFF)
    block = _fn(name)(rt.tensor(xs, dtype=rt.float32)).tolist()
    strided = _fn(name)(rt.tensor([v for v in xs for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
    bad = [(x, a, b) for x, a, b in zip(xs, block, strided) if not _same(a, b)]
    assert not bad, f"{len(bad)} of {len(xs)} differ (x, block, strided): {bad[:5]}"


def _ulps(name, x, got):
    """|got - f(x)| in float ulps of the correctly rounded f(x) (mpmath), 0 where torch's
    convention decides (nan outside the domain, the values at the poles and infinities)."""
    if math.isnan(x) or math.isinf(x) or (name == "airy_ai" and x <= -256):
        return 0          # (Ai below -256: special.c's path, whose phase zeta is a rounded double)
    with mpmath.workprec(200):
        ref = FUNCS[name](mpmath.mpf(x))
    if ref is None or (name.startswith("bessel_y") and x == 0):
        return 0
    want = f32(float(ref))
    if got == want:
        return 0
    if math.isinf(got) or math.isinf(want):
        return math.inf
    return abs(_ordinal(got) - _ordinal(want))


@pytest.mark.parametrize("name", FUNCS)
def test_values_against_mpmath(simd, name):
    global mpmath
    mpmath = pytest.importorskip("mpmath")       # an oracle, not a dependency
    rng = random.Random(7)
    xs = inputs(name, 11)
    xs = xs[:120] + rng.sample(xs[120:], 400)          # the edges and zeros, and a sample
    got = _fn(name)(rt.tensor(xs, dtype=rt.float32)).tolist()
    off = [(x, g, _ulps(name, x, g)) for x, g in zip(xs, got)]
    bad = [o for o in off if o[2] > 1]
    assert not bad, f"{len(bad)} of {len(xs)} more than 1 ulp off (x, got, ulps): {bad[:5]}"
    not_rounded = [o for o in off if o[2] == 1 and abs(o[0]) < 2 ** 19]
    assert len(not_rounded) <= 2, f"{len(not_rounded)} not correctly rounded: {not_rounded[:5]}"
