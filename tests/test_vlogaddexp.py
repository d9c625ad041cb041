"""float32 logaddexp's AVX-512 block (csrc/vlogc.c, issue 17 branch vlog17): the AVX2 flavour's values.

The block computes torch's float steps m + log1p(w), w = e^-|a - b|, each rounded to float (as
the element function ew_logaddexpf_fma does): w by the element function's own double operations
in 8-double lanes, log1p w by a double core with a rounding test, |a - b| >= 88 as m, and the
element function for the lanes it declines.  The reference here is those steps in Python's
double math, each rounded to float32, skipped where a double is too close to a float rounding
boundary to decide.  scripts/vlogaddexp_sweep.c checks every float w and log1p w, and 10^8
pairs, against the element function; this samples it without torch, numpy or mpmath."""
import math
import random
from fractions import Fraction


import runtime as rt
from runtime import _threads

from floats import bits, f32, from_bits, rounded


def exact_f32(x):
    """float32 of an exact rational: its double rounded again, unless that double is an inexact
    float32 midpoint (the one case where rounding twice differs from rounding once)."""
    d = float(x)
    r = f32(d)
    if Fraction(d) != x and r != d and not math.isinf(r):
        other = from_bits(bits(r) + 1) if abs(d) > abs(r) else from_bits(bits(r) - 1)
        if d == (r + other) / 2:
            return None
    return r


def reference(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if math.isinf(a) and a == b:
        return a
    m = a if a > b else b
    d = exact_f32(abs(Fraction(a) - Fraction(b))) if not (math.isinf(a) or math.isinf(b)) else math.inf
    if d is None:
        return None
    w = rounded(math.exp(-min(d, 200.0)))
    if w is None:
        return None
    l = rounded(math.log1p(w))
    if l is None:
        return None
    if math.isinf(m):
        return m
    return exact_f32(Fraction(m) + Fraction(l))


def same(a, b):
    key = lambda v: "nan" if math.isnan(v) else (v, math.copysign(1, v))   # noqa: E731
    return [key(v) for v in a] == [key(v) for v in b]


EDGES = [0.0, -0.0, 1.0, -1.0, 2.0 ** -149, 2.0 ** -126, 2.0 ** -100, f32(2.0 ** -100 * 0.9999999), 87.0,
         f32(87.00001), 87.5, 88.0, f32(87.99999), -87.0, -88.0, 100.0, -100.0, 3.4028235e38, -3.4028235e38,
         math.inf, -math.inf, math.nan, f32(1e-30), f32(16.63553), 2.0 ** -25, f32(0.6931472)]


def pairs(n, seed):
    """Random bit patterns, values of a few scales, near-equal pairs, |a - b| around the block's
    switches (87, 88) with m around 2^-100, infinities (torch's masks), nans, and every pair of
    edge values."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        k = rng.randrange(6)
        if k == 0:
            a, b = from_bits(rng.getrandbits(32)), from_bits(rng.getrandbits(32))
        elif k == 1:
            a, b = f32(rng.gauss(0, 3)), f32(rng.gauss(0, 3))
        elif k == 2:
            a = f32(rng.gauss(0, 30))
            b = f32(a + rng.uniform(-1e-3, 1e-3))
        elif k == 3:
            m = rng.choice([0.0, 2.0 ** -100, -(2.0 ** -100), 2.0 ** -101, 1.0, -5.0, math.inf])
            a, b = m, f32(m - rng.choice([86.9, 87.0, 87.4, 87.6, 88.0, 88.1, 150.0, math.inf]))
        elif k == 4:
            a, b = f32(rng.gauss(0, 3)), rng.choice([-math.inf, math.inf, math.nan])
        else:
            a, b = f32(rng.uniform(-1e-6, 1e-6)), f32(rng.uniform(-1e-6, 1e-6))
        out.append((a, b) if rng.random() < 0.5 else (b, a))
    out += [(a, b) for a in EDGES for b in EDGES]
    return out


def check(ab, got):
    bad = []
    for (a, b), g in zip(ab, got):
        e = reference(a, b)
        if e is not None and not same([g], [e]):
            bad.append((a, b, e, g))
    assert not bad, f"logaddexp: {len(bad)} of {len(ab)} differ from torch's float steps, e.g. {bad[:5]}"


def test_block_gives_the_float_steps(simd):
    ab = pairs(60_000, seed=17)
    a = rt.tensor([p[0] for p in ab], dtype=rt.float32)
    b = rt.tensor([p[1] for p in ab], dtype=rt.float32)
    check(ab, rt.logaddexp(a, b).tolist())


def test_every_walk_gives_the_same_values(simd):
    """Contiguous runs (the block, ordinary and streaming stores, at several alignments), a
    broadcast operand (the block at stride 0), strided runs (the element function), out=."""
    ab = pairs(6000, seed=5)
    xa, xb = [p[0] for p in ab], [p[1] for p in ab]
    a, b = rt.tensor(xa, dtype=rt.float32), rt.tensor(xb, dtype=rt.float32)
    want = rt.logaddexp(a, b).tolist()
    check(ab, want)
    wa = rt.tensor([v for x in xa for v in (x, 0.5)], dtype=rt.float32)
    wb = rt.tensor([v for x in xb for v in (x, 0.5)], dtype=rt.float32)
    assert same(rt.logaddexp(wa[::2], wb[::2]).tolist(), want)
    saved = _threads._config("nt_bytes")
    try:
        for nt_bytes in (1 << 60, 64):
            _threads._config("nt_bytes", nt_bytes)
            for start in (0, 1, 7):
                out = rt.empty(len(xa) - start, dtype=rt.float32)
                rt.logaddexp(a[start:], b[start:], out=out)
                assert same(out.tolist(), want[start:])
    finally:
        _threads._config("nt_bytes", saved)
    for s in (0.0, 1.0, -50.0, 2.0 ** -100, 87.5, -math.inf, math.inf, math.nan):
        got = rt.logaddexp(a, rt.tensor([s], dtype=rt.float32)).tolist()
        strided = rt.logaddexp(wa[::2], rt.tensor([s], dtype=rt.float32)).tolist()
        assert same(got, strided)
        check([(x, s) for x in xa], got)
