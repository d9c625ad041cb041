"""The float32 AVX-512 blocks of lgamma, mvlgamma and digamma (csrc/vlogc.c, branch gamma17):
each must give its op's element function's bits (the ops.yaml expr, which strided runs use):
lgamma glibc's double lgamma rounded to float, mvlgamma ew_mvlgammaf, digamma ew_digamma_f.
scripts/vgamma_sweep.c runs every float32 through block and
element function; this samples them where the blocks decide (the rounding tests' hard places:
next to lgamma's zeros at 1 and 2 and its sign changes below 0, the poles, the reflection)."""
import ctypes
import ctypes.util
import math
import random

import pytest

import runtime as rt
from runtime import _threads

from floats import f32, from_bits

_libm = ctypes.CDLL(ctypes.util.find_library("m"))
_libm.lgamma.restype = ctypes.c_double
_libm.lgamma.argtypes = [ctypes.c_double]

# lgamma's zeros below 0 (where it changes sign between the poles)
NEG_ZEROS = [-2.4570247382208006, -2.7476826467274127, -3.1435808883499800, -3.9552942848585785,
             -4.0391158578315030, -4.9997230271914910]


def same(a, b):
    key = lambda v: "nan" if math.isnan(v) else (v, math.copysign(1, v))   # noqa: E731
    return [key(v) for v in a] == [key(v) for v in b]


def sample(n, seed):
    """Random bit patterns, values of every scale of both signs, and values near 1 and 2, the
    negative integers (poles), lgamma's negative zeros and the half integers, plus special values."""
    rng = random.Random(seed)
    out = [0.0, -0.0, 1.0, 2.0, -1.0, -2.0, 0.5, -0.5, 3.0, 10.0, 2.0 ** -149, -(2.0 ** -149), 2.0 ** -126,
           math.inf, -math.inf, math.nan, 3.4028235e38, -3.4028235e38, 2.0 ** 23 + 0.5, -(2.0 ** 22 + 0.5)]
    while len(out) < n:
        k = rng.randrange(7)
        if k == 0:
            out.append(from_bits(rng.getrandbits(32)))
        elif k == 1:
            out.append(rng.uniform(-12, 12))
        elif k == 2:
            out.append(rng.choice([1.0, 2.0]) + rng.uniform(-1, 1) * 2.0 ** -rng.randrange(1, 24))
        elif k == 3:
            out.append(-rng.randrange(0, 40) + rng.uniform(-1, 1) * 2.0 ** -rng.randrange(1, 24))
        elif k == 4:
            out.append(rng.choice(NEG_ZEROS) * (1 + rng.uniform(-1, 1) * 2.0 ** -rng.randrange(10, 24)))
        elif k == 5:
            out.append(math.copysign(2.0 ** rng.uniform(-149, 128), rng.uniform(-1, 1)))
        else:
            out.append(rng.randrange(-30, 30) / 2 + rng.uniform(-1, 1) * 2.0 ** -rng.randrange(1, 30))
    return [f32(v) for v in out]       # the float32 values the tensor holds


def walks(fn, xs):
    """fn's results on a contiguous tensor (the block), each equal to the strided walk's (the
    element function), and the same values at offsets with ordinary and streaming stores."""
    t = rt.tensor(xs, dtype=rt.float32)
    want = fn(t).tolist()
    w = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    strided = fn(w[::2]).tolist()
    bad = [(x, a, b) for x, a, b in zip(xs, want, strided) if not same([a], [b])]
    assert not bad, f"{len(bad)} of {len(xs)} differ from the element function, e.g. {bad[:5]}"
    saved = _threads._config("nt_bytes")
    try:
        for nt_bytes in (1 << 60, 64):
            _threads._config("nt_bytes", nt_bytes)
            for start in (0, 1, 7):
                assert same(fn(t[start:]).tolist(), want[start:])
    finally:
        _threads._config("nt_bytes", saved)
    return want


def test_lgamma_block_gives_glibcs_floats(simd):
    xs = sample(60_000, seed=17)
    got = walks(rt.lgamma, xs)
    want = [f32(_libm.lgamma(x)) for x in xs]
    bad = [(x, g, e) for x, g, e in zip(xs, got, want) if not same([g], [e])]
    assert not bad, f"lgamma: {len(bad)} of {len(xs)} differ from glibc's, e.g. {bad[:5]}"


def test_lgamma_special_values(simd):
    xs = [0.0, -0.0, -1.0, -2.0, -(2.0 ** 23), -3.4028235e38, math.inf, -math.inf, math.nan, 1.0, 2.0]
    got = rt.lgamma(rt.tensor(xs * 2, dtype=rt.float32)).tolist()     # 22 elements: one vector and a tail
    assert same(got, [math.inf] * 6 + [math.inf, math.inf, math.nan, 0.0, 0.0] + [math.inf] * 6
                + [math.inf, math.inf, math.nan, 0.0, 0.0])


@pytest.mark.parametrize("p", [1, 2, 3, 5, 12])
def test_mvlgamma_block_gives_the_element_functions_floats(simd, p):
    xs = [x for x in sample(20_000, seed=p) if not x < (p - 1) / 2 - 40]
    got = walks(lambda t: rt.mvlgamma(t, p), xs)
    for x, g in zip(xs[:3000], got):    # and the sum of glibc's lgammas, to a few ulps
        if math.isfinite(x) and x > (p - 1) / 2 + 0.1 and math.isfinite(g):
            e = p * (p - 1) / 4 * math.log(math.pi) + sum(_libm.lgamma(x - j / 2) for j in range(p))
            assert abs(g - e) <= 4 * math.ulp(f32(e)) * 2 ** 29 + 1e-30, (x, p, g, e)


def test_digamma_block_gives_the_element_functions_floats(simd):
    xs = sample(60_000, seed=5)
    got = walks(rt.digamma, xs)
    for x, g in zip(xs, got):         # and torch's float values, to a few ulps where they are big
        if 0.5 < x < 1e6:
            h = 1e-6 * x
            e = (_libm.lgamma(x + h) - _libm.lgamma(x - h)) / (2 * h)
            assert abs(g - e) <= 1e-5 * max(1.0, abs(e)), (x, g, e)
