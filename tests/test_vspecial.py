"""float32 special functions of csrc/vspecial.h (issue 17, branch vspecial): polygamma in double,
and i0, special.i0e, i1, i1e, modified_bessel_i0/i1/k0/k1, scaled_modified_bessel_k0/k1 in double with
AVX-512 blocks of 32 (contiguous input) and the same operations element by element (strided
input, block tails, lanes outside the vector path).  Both walks give the same bits, and those
are the correctly rounded float of the float64 path (long double there), sampled over random
bit patterns, uniform values, the series' boundaries (8 for I, 2 for K), the vector path's
limits (80 for I0/I1, 150 for k0/k1) and the special values."""
import math
import random
import struct

import pytest

import runtime as rt

from floats import f32


def _bits(rng, lo, hi):
    """A random float32 bit pattern with lo <= |x| <= hi (lo, hi >= 0)."""
    while True:
        v = struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0]
        if lo <= abs(v) <= hi:
            return v


def _inputs(seed, lo, hi, edges, positive=False):
    rng = random.Random(seed)
    xs = []
    for i in range(6000):
        kind = (i // 40) % 3         # runs of one kind, so that some 32-blocks are all in one series
        v = _bits(rng, 0.0, 3e38) if kind == 0 else rng.uniform(0, 2 * hi ** 0.5 if kind == 1 else hi)
        xs.append(abs(v) if positive else (v if rng.random() < 0.5 else -v))
    out = []
    for e in edges:                  # each edge and its neighbours, in blocks of its own
        for d in (-1, 0, 1):
            n = struct.unpack("<i", struct.pack("<f", e))[0] + d if e > 0 else None
            v = struct.unpack("<f", struct.pack("<i", n))[0] if n is not None else e
            out += [v] * 3 + [f32(v * 0.999)] * 29
    return [f32(v) for v in out + xs + [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-45, -1e-45, lo]]


def same(a, b):
    return (a == b and math.copysign(1, a) == math.copysign(1, b)) or (math.isnan(a) and math.isnan(b))


def _check(fn, xs, tiny=None):
    x = rt.tensor(xs, dtype=rt.float32)
    block = fn(x).tolist()
    strided = fn(rt.tensor([v for v in xs for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
    wide = fn(x.to(rt.float64)).to(rt.float32).tolist()
    bad = []
    for v, a, b, c in zip(xs, block, strided, wide):
        if tiny is not None and 0 < abs(v) < 2.0 ** -60:
            # i1(e)(x) = x/2 (1 -+ ...): the float64 path rounds x/2 (a halfway between two
            # subnormal floats) twice; the true value is just inside (i1e) or outside (i1)
            c = f32(v / 2 * (1 + tiny * 2.0 ** -40))
        if not (same(a, b) and same(a, c)):
            bad.append((v, a, b, c))
    assert not bad, f"{len(bad)} of {len(xs)} differ (x, block, strided, float64 rounded): {bad[:5]}"


I_FUNCS = [("special.i0e", 3e38, None), ("special.modified_bessel_i0", 80.0, None), ("special.i1e", 3e38, -1),
           ("special.i1", 80.0, 1), ("special.modified_bessel_i1", 80.0, 1)]
K_FUNCS = [("special.modified_bessel_k0", 150.0), ("special.modified_bessel_k1", 150.0),
           ("special.scaled_modified_bessel_k0", 3e38), ("special.scaled_modified_bessel_k1", 3e38)]


def _fn(name):
    fn = rt
    for part in name.split("."):
        fn = getattr(fn, part)
    return fn


@pytest.mark.parametrize("name,lim,tiny", I_FUNCS)
def test_bessel_i(name, lim, tiny):
    edges = [8.0, 80.0, 2.0 ** -60, 1e-38, 2.0 ** -126, 92.0, 93.0, 713.0]
    _check(_fn(name), _inputs(hash(name) & 0xFFFF, 0.0, min(lim, 100.0), edges), tiny)


def test_i0_keeps_torchs_float_overflow():
    # torch.i0 (unlike special.modified_bessel_i0) is inf where torch's float e^|x| overflows
    xs = _inputs(7, 0.0, 100.0, [8.0, 80.0, 88.72283, 88.72284, 92.0, 93.0])
    x = rt.tensor(xs, dtype=rt.float32)
    got, strided = rt.i0(x).tolist(), rt.i0(rt.tensor([v for v in xs for _ in (0, 1)])[::2]).tolist()
    series = rt.special.modified_bessel_i0(x).tolist()
    for v, a, b, c in zip(xs, got, strided, series):
        assert same(a, b), (v, a, b)
        if abs(v) <= 80 or math.isnan(v):
            assert same(a, c), (v, a, c)
        elif 88.72284 <= abs(v) < math.inf:        # (i0(inf) is nan, as torch's)
            assert a == math.inf, (v, a)
    assert rt.i0(rt.tensor([0.0, -0.0])).tolist() == [1.0, 1.0]      # (torch: 0.99999994, 1 ulp low)


@pytest.mark.parametrize("name,lim", K_FUNCS)
def test_bessel_k(name, lim):
    edges = [2.0, 150.0, 1e-30, 88.0, 100.0, 104.0]
    _check(_fn(name), _inputs(hash(name) & 0xFFFF, 0.0, min(lim, 120.0), edges, positive=True))
    _check(_fn(name), [-1.0, -0.0, 0.0, 2.0, -2.0] * 7)          # negative lanes: the old path's nan


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 9, 30, 31])
def test_polygamma(n):
    rng = random.Random(n)
    xs = [rng.uniform(-30, 30) for _ in range(3000)] + [rng.uniform(-3, 3) for _ in range(2000)]
    xs += [_bits(rng, 0.0, 3e38) * (1 if rng.random() < 0.5 else -1) for _ in range(2000)]
    xs += [-4194305.5, -0.5, -1.5, -2.0, -1e7, 1e-30, 1e-10, 0.5, 1.0, 1e30, 0.0, -0.0, math.inf, -math.inf, math.nan]
    xs = [f32(v) for v in xs]
    _check(lambda t: rt.polygamma(n, t), xs)


def test_half_dtypes_through_the_float_code():
    """float16/bfloat16 i0e, polygamma compute through the float32 functions."""
    xs = [x / 16 for x in range(-300, 300, 7)] + [math.inf, -math.inf, -0.0, 0.0, 50.0, -90.0]
    for dtype in (rt.float16, rt.bfloat16):
        t = rt.tensor(xs, dtype=dtype)
        for fn in (rt.special.i0e, lambda v: rt.polygamma(3, v)):
            got = fn(t).to(rt.float32).tolist()
            want = fn(t.to(rt.float32)).to(dtype).to(rt.float32).tolist()
            assert all(same(a, b) for a, b in zip(got, want)), (dtype, fn)
