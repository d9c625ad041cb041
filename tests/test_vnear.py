"""float32 blocks of issue 17's near misses (branch near17): acosh and sinc (csrc/vtrig.c, 8 double
lanes and Ziv's rounding test) and ldexp with a float32 exponent (csrc/vpow.c: exp2's block, then
the product).  Contiguous runs go through the blocks (with and without AVX-512: the `simd`
fixture), heads, tails and strided runs through the element functions: every path must give the
correctly rounded value (mpmath decides), as scripts/vacosh_sinc_sweep.c and
scripts/vldexp_sweep.c check on every float."""
import math
import random

import pytest

mpmath = pytest.importorskip("mpmath")     # the references: an oracle, not a dependency

import runtime as rt

from floats import f32, from_bits, ordinal

PI32 = f32(math.pi)


def key(v):
    return "nan" if math.isnan(v) else (v, math.copysign(1, v))


def cr(f, x):
    """f(x) correctly rounded to float32 (mpmath at 100 bits: no double rounding in reach)."""
    with mpmath.workprec(100):
        v = f(mpmath.mpf(x))
    return f32(float(v)) if not isinstance(v, mpmath.mpc) else math.nan


def acosh_ref(x):
    if math.isnan(x) or x < 1:
        return math.nan
    return math.inf if math.isinf(x) else cr(mpmath.acosh, x)


def sinc_ref(x):
    """torch's operations, y = pi x rounded to float, then sin y / y, with sin y correctly rounded."""
    if x == 0:
        return 1.0
    y = f32(PI32 * x)
    if math.isnan(y) or math.isinf(y):
        return math.nan
    return f32(cr(mpmath.sin, y) / y)


def ldexp_ref(x, e):
    """x times 2^e correctly rounded to float32, the product rounded (torch's mul(x, pow(2, e)))."""
    if math.isnan(e) or math.isnan(x):
        return math.nan
    p = math.inf if e == math.inf else (0.0 if e == -math.inf else cr(lambda v: mpmath.power(2, v), e))
    return f32(x * p) if not (math.isinf(p) and x == 0) and not (p == 0 and math.isinf(x)) else math.nan


def check(name, xs, got, ref, beyond=lambda x: False):
    """got matches ref bit for bit (nan for nan); where beyond(x), within 2 ulps."""
    bad = []
    for x, g in zip(xs, got):
        e = ref(x)
        if math.isnan(e) or math.isnan(g):
            ok = math.isnan(e) and math.isnan(g)
        else:
            ok = key(e) == key(g) or (beyond(x) and abs(ordinal(e) - ordinal(g)) <= 2)
        if not ok:
            bad.append((x, e, g))
    assert not bad, f"{name}: {len(bad)} of {len(xs)} wrong, e.g. {bad[:5]}"


def same(a, b):
    return [key(v) for v in a] == [key(v) for v in b]


def random_bits(rng, n):
    return [from_bits(rng.getrandbits(32)) for _ in range(n)]


def paths_agree(fn, xs):
    """The block's run, the element function's (strided; heads and tails of every length), and in place."""
    t = rt.tensor(xs, dtype=rt.float32)
    got = fn(t).tolist()
    w = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    assert same(fn(w[::2]).tolist(), got)
    for start in range(1, 17):
        assert same(fn(t[start:start + 100]).tolist(), got[start:start + 100])
    inplace = t.clone()
    getattr(inplace, fn.__name__ + "_")()
    assert same(inplace.tolist(), got)
    return got


# inputs whose fast-path double lies within a few double ulps of a float midpoint: with Ziv's
# window narrowed to one double ulp they round the wrong way (scripts/vacosh_sinc_sweep.c with
# -DEW_VT_INV_WINDOW=0, -DEW_VT_SINC_WINDOW=0)
ACOSH_HARD = [0x3FAA5F50, 0x3FBF0EF7, 0x408A4D9B, 0x418F238E, 0x41B5B653, 0x430FEFD9, 0x44177325, 0x4510C05A,
              0x4AF7325A, 0x4B770DB3, 0x542F989D, 0x5A0F8E03, 0x5C2FFB5E, 0x5D000341, 0x5E68984E, 0x6C9F23EB]
# (the negative ones too: sinc is even)
SINC_HARD = [b | s for b in (0x3DE0281E, 0x3DE0281F, 0x3E1AC737, 0x3E55CD11, 0x3E5D0192, 0x3E670A31, 0x3FCB9CAD,
                             0x40131449, 0x4017F9F2, 0x40275319, 0x4093DE85, 0x40B2BB47, 0x40B2BB48, 0x4116F07C,
                             0x4215BC09, 0x422513E0, 0x42320F7B, 0x4235A5D1) for s in (0, 0x80000000)]


def check_unary(fn, ref, xs, edges, hard, beyond=lambda x: False):
    """xs with the hard cases and the edges spread among them (in every lane position): every path
    gives ref's bits (where beyond(x), within 2 ulps)."""
    xs = [from_bits(b) for b in hard for _ in range(17)] + xs      # (each hard case in every lane)
    for pos in range(0, 1700, 5):
        xs.insert(pos * 3, f32(edges[pos % len(edges)]))
    check(fn.__name__, xs, paths_agree(fn, xs), ref, beyond)


def test_acosh_block(simd):
    rng = random.Random(17)
    xs = [f32(rng.uniform(1, 10)) for _ in range(20_000)] + [f32(math.exp(rng.uniform(0, 88))) for _ in range(10_000)]
    edges = [1.0, from_bits(0x3F880000), from_bits(0x3F87FFFF), from_bits(0x3F800001), 0.5, 0.0, -0.0, -1.0, -2.0,
             math.inf, -math.inf, math.nan, from_bits(0x7F7FFFFF), 2.0 ** 26, 2.0 ** 27, 1e-40]
    check_unary(rt.acosh, acosh_ref, xs + random_bits(rng, 4000), edges, ACOSH_HARD)


def test_sinc_block(simd):
    rng = random.Random(18)
    xs = [f32(rng.gauss(0, 2)) for _ in range(20_000)] + [f32(rng.uniform(-2e5, 2e5)) for _ in range(5000)]
    edges = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 1e-40, -1e-45, 1e-30, 1e-4, 8388607.5, -8388607.0, 2.0 ** 23, 3e38,
             math.inf, -math.inf, math.nan, 12345.0, 12345.5]
    # (|pi x| >= 2^19: glibc's sinf, torch's, within 1 ulp of sin, so the quotient within 2)
    check_unary(rt.sinc, sinc_ref, xs + random_bits(rng, 4000), edges, SINC_HARD, lambda x: abs(f32(PI32 * x)) >= 2.0 ** 19)


def test_ldexp_block(simd):
    rng = random.Random(19)
    n = 30_000
    xs = [f32(rng.gauss(0, 10)) for _ in range(n)]
    es = [f32(rng.gauss(0, 40)) for _ in range(n - 5000)] + [f32(rng.uniform(-160, 140)) for _ in range(5000)]
    edges = [0.0, -0.0, 1.0, -1.0, 127.0, 128.0, 127.99999, -126.0, -126.5, -149.0, -149.5, -150.0, -151.0,
             math.inf, -math.inf, math.nan, 1e-30, 0.5, -0.5]
    for pos in range(0, 2000, 7):
        es.insert(pos * 3, edges[pos % len(edges)])
        xs.insert(pos * 3, [1.0, math.inf, 0.0, -3.5, 1e-40][pos % 5])
    a, b = rt.tensor(xs, dtype=rt.float32), rt.tensor(es, dtype=rt.float32)
    xs, es = a.tolist(), b.tolist()
    got = rt.ldexp(a, b).tolist()
    check("ldexp", list(zip(xs, es)), got, lambda p: ldexp_ref(*p))
    wa = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    wb = rt.tensor([v for e in es for v in (e, 0.5)], dtype=rt.float32)
    assert same(rt.ldexp(wa[::2], wb[::2]).tolist(), got)
    for start in range(1, 17):
        assert same(rt.ldexp(a[start:start + 100], b[start:start + 100]).tolist(), got[start:start + 100])
    inplace = b.clone()      # the exponent overwritten: the block reads each chunk of it first
    rt.ldexp(a, inplace, out=inplace)
    assert same(inplace.tolist(), got)
    # one-element operands (the block reads them at step 0)
    e0 = rt.tensor(-3.25, dtype=rt.float32)
    check("ldexp(x, -3.25)", [(x, -3.25) for x in xs[:3000]], rt.ldexp(a[:3000], e0).tolist(), lambda p: ldexp_ref(*p))
    x0 = rt.tensor(1.5, dtype=rt.float32)
    check("ldexp(1.5, e)", [(1.5, e) for e in es[:3000]], rt.ldexp(x0, b[:3000]).tolist(), lambda p: ldexp_ref(*p))
