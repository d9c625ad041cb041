"""float32 softplus and logaddexp2 through their AVX-512 blocks (csrc/vlogc.c, branch soft17): the
element functions' bits where the blocks' piecewise polynomials are weakest.

The blocks evaluate log1p(e^-a) and log2(1 + 2^-d) as polynomials on 16 pieces j/2 +- 1/4 of
[0, 7.75] and as a short series on e^-a or 2^-d beyond, then keep a lane only where Ziv's rounding
test proves the element function's float (ew_vsoftplusf, ew_logaddexp2f_fma: the strided walk
below).  These runs sit on the pieces' ends, the switch to the series, the clamps, equal operands
(g(0) = 1 exactly) and cancellation (m = -g); scripts/vsoftplus_sweep.c and
scripts/vlogaddexp2_sweep.c check every float32 and 2^28 pairs, this samples them."""
import math
import random
import struct

import pytest

import runtime as rt
from runtime import _threads

from floats import f32, from_bits


def key(v):
    return "nan" if math.isnan(v) else (v, math.copysign(1, v))


def around(v, k=24):
    """k floats either side of the float32 v."""
    b = struct.unpack("<I", struct.pack("<f", f32(v)))[0]
    return [from_bits(b + j) for j in range(-k, k + 1) if 0 <= b + j < 1 << 32]


def ends():
    """The pieces' ends a = j/2 + 1/4 (7.75 the switch to the series) and their neighbours' middles."""
    return [j / 2 + 0.25 for j in range(17)] + [j / 2 for j in range(17)]


def interleaved(xs):
    """xs as every other element of a wider tensor: a strided walk, the element function's."""
    return rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)[::2]


def contiguous_runs(fn, xs):
    """fn on a contiguous tensor (the block) at offsets 0, 1 and 7, ordinary and streamed stores."""
    t = rt.tensor(xs, dtype=rt.float32)
    saved = _threads._config("nt_bytes")
    try:
        for nt_bytes in (1 << 60, 64):
            _threads._config("nt_bytes", nt_bytes)
            for start in (0, 1, 7):
                yield start, fn(t[start:]).tolist()
    finally:
        _threads._config("nt_bytes", saved)


def assert_element_bits(name, xs, fn):
    want = [key(v) for v in fn(interleaved(xs)).tolist()]
    for start, got in contiguous_runs(fn, xs):
        bad = [(x, w, g) for x, w, g in zip(xs[start:], want[start:], map(key, got)) if w != g]
        assert not bad, f"{name}: {len(bad)} of {len(xs) - start} differ from the element function, e.g. {bad[:5]}"


# Inputs whose block double, rounded without the rounding test, is not the element function's
# float (found by a scan of the blocks' double values against the element functions: one in about
# 2^22 for softplus, beta 1; logaddexp2's where m + g cancels): the test must send them back.
HARD_SOFTPLUS = [float.fromhex(h) for h in ("0x1.a0420ep-3", "-0x1.3bd616p-2", "-0x1.107138p-1", "-0x1.209d2cp-1",
                                            "0x1.be07e6p-1", "-0x1.0fa3f8p+1", "-0x1.d0eb7p+2")]
HARD_LOGADDEXP2 = [tuple(float.fromhex(h) for h in p) for p in (
    ("-0x1.69646p-1", "-0x1.5eb86p+0"), ("-0x1.34a3bp+1", "-0x1.33aa8p-2"), ("-0x1.1a428p+0", "-0x1.cefe4p-1"),
    ("-0x1.8855ep-1", "-0x1.4769p+0"), ("-0x1.c6c8ap-1", "-0x1.307aep+0"), ("-0x1.567bp-2", "-0x1.22ede8p+1"),
    ("-0x1.bb81cp-1", "-0x1.c3ad8p-2"), ("-0x1.b17aap-1", "-0x1.3011dp+0"), ("-0x1.6a6e1p+1", "-0x1.bf4f8p-3"),
    ("-0x1.4b78cp+0", "-0x1.a004cp-1"), ("-0x1.a9baep-1", "-0x1.2f9f2p+0"), ("-0x1.5bc978p+1", "-0x1.c4b1p-3"))]


# ---- softplus: v = x beta, (max(v, 0) + log1p(e^-|v|)) / beta, x where the float x beta > threshold
BETAS = [(1.0, 20.0), (2.0, 10.0), (0.3, 30.0), (-1.5, 20.0), (1e-3, 1e30), (37.0, math.inf)]


def softplus_inputs(beta, seed):
    rng = random.Random(seed)
    xs = list(HARD_SOFTPLUS)
    for a in ends() + [20.0, 30.0, 87.0, 104.0, 700.0, 701.0]:
        for s in (1, -1):
            xs += around(s * a / beta)
    xs += [f32(rng.gauss(0, 4) / beta) for _ in range(4000)]
    xs += [from_bits(rng.getrandbits(32)) for _ in range(2000)]
    xs += [0.0, -0.0, math.inf, -math.inf, math.nan, 2.0 ** -149, -(2.0 ** -149), 3.4028235e38, -3.4028235e38]
    return xs


@pytest.mark.parametrize("beta, threshold", BETAS)
def test_softplus_block_gives_the_element_bits(simd, beta, threshold):
    xs = softplus_inputs(beta, seed=int(abs(beta) * 1000) + 1)
    assert_element_bits(f"softplus({beta}, {threshold})", xs, lambda t: rt.nn.functional.softplus(t, beta, threshold))


@pytest.mark.parametrize("beta", [0.0, math.inf, -math.inf, math.nan, 2.0 ** -149])
def test_softplus_unusual_beta(simd, beta):
    """beta 0, infinite or nan take the element function on every lane; a subnormal beta the block."""
    xs = softplus_inputs(1.0, seed=7)[:3000]
    assert_element_bits(f"softplus({beta})", xs, lambda t: rt.nn.functional.softplus(t, beta, 20.0))


# ---- logaddexp2: max(a, b) + log2(1 + 2^-|a - b|)
def logaddexp2_pairs(seed):
    rng = random.Random(seed)
    a, b = [], []

    def add(x, y):
        a.append(f32(x))
        b.append(f32(y))

    for d in ends() + [200.0, 200.5, 1e30]:
        for x in (0.0, 1.0, -3.25, 1000.0, f32(rng.gauss(0, 10))):
            for y in around(x + d, 8) + around(x - d, 8):
                add(x, y)
    for x in around(-1.0, 200) + around(0.3, 50) + [f32(rng.gauss(0, 3)) for _ in range(2000)]:
        add(x, x)                                   # equal operands: x + 1
    for _ in range(2000):                           # cancellation: m near -g (results near 0)
        x = f32(rng.uniform(-1.2, -0.8))
        add(x, f32(x - rng.choice([0.0, 2.0 ** -rng.randrange(1, 30), rng.uniform(0, 3)])))
    special = [0.0, -0.0, math.inf, -math.inf, math.nan, 2.0 ** -149, 3.4028235e38, -3.4028235e38, 7.75, -7.75]
    for x in special:
        for y in special:
            add(x, y)
    for _ in range(2000):
        add(from_bits(rng.getrandbits(32)), from_bits(rng.getrandbits(32)))
    for x, y in HARD_LOGADDEXP2:
        add(x, y)
        add(y, x)
    return a, b


def test_logaddexp2_block_gives_the_element_bits(simd):
    xa, xb = logaddexp2_pairs(seed=3)
    want = [key(v) for v in rt.logaddexp2(interleaved(xa), interleaved(xb)).tolist()]
    ta, tb = rt.tensor(xa, dtype=rt.float32), rt.tensor(xb, dtype=rt.float32)
    got = [key(v) for v in rt.logaddexp2(ta, tb).tolist()]
    bad = [(x, y, w, g) for x, y, w, g in zip(xa, xb, want, got) if w != g and not (math.isnan(x) and math.isnan(y))]
    assert not bad, f"{len(bad)} of {len(xa)} differ from the element function, e.g. {bad[:5]}"
    for s in (0.0, -1.0, 7.75, 200.0, math.inf, math.nan):
        sb = rt.tensor([s], dtype=rt.float32)
        for pair in ((ta, sb), (sb, ta)):
            strided = [interleaved(xa) if p is ta else p for p in pair]
            assert [key(v) for v in rt.logaddexp2(*pair).tolist()] == [key(v) for v in rt.logaddexp2(*strided).tolist()]


def test_logaddexp2_of_equal_operands_is_x_plus_1(simd):
    """log2(2^x + 2^x) = x + 1 exactly, often a float midpoint: rounded to even as the element
    function's double x + 1 is."""
    rng = random.Random(11)
    xs = around(-1.0, 300) + around(0.3, 300) + [f32(rng.gauss(0, 3)) for _ in range(3000)]
    t = rt.tensor(xs, dtype=rt.float32)
    got = rt.logaddexp2(t, t).tolist()
    bad = [(x, g) for x, g in zip(xs, got) if key(g) != key(f32(x + 1.0))]
    assert not bad, f"{len(bad)} of {len(xs)} differ from x + 1, e.g. {bad[:5]}"
