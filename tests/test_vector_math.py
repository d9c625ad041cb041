"""float32 exp, sin and cos in the kernels' AVX2 flavour (prelude.h: ew_expf_fma, ew_trigf_fma,
evaluated in double and vectorised; sin/cos of |x| >= 2^19 through the finishing pass) and in
the baseline flavour (glibc's expf/sinf/cosf), against the correctly rounded float of Python's
double-precision math functions.

The AVX2 flavour must give the correctly rounded result for every sampled input where it
computes itself (all of exp's range, |x| < 2^19 for sin/cos); glibc's float functions, and so
the finishing pass and the baseline flavour, are within 1 ulp.  Special values (nan, +-inf,
-0.0, overflow and underflow edges) are exact in both flavours, in every walk of the operands
(contiguous, strided, in-place, out= of another dtype, threads, streaming stores)."""
import math
import random
import struct

import pytest

import runtime as rt
from runtime import _threads

from floats import F32_MAX, f32, ordinal

FUNCS = {"exp": math.exp, "sin": math.sin, "cos": math.cos}


def expected(name, x):
    if math.isnan(x) or (math.isinf(x) and name != "exp"):
        return math.nan
    if name == "exp":
        if x == math.inf:
            return math.inf
        if x > 89:
            return math.inf
        return f32(math.exp(x))
    return f32(FUNCS[name](x))


def sample(n, seed):
    """Random float32 bit patterns (no nan), plus the edges."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        v = struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0]
        if not math.isnan(v):
            out.append(v)
    return out


EDGES = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 1e-45, -1e-45, 1.17549435e-38, 88.72283,
         88.72284, 89.0, 89.5, -87.33654, -103.27893, -103.972084, -103.97209, -104.0, -104.5, -150.0,
         F32_MAX, -F32_MAX, 2.0 ** 19, -(2.0 ** 19), 2.0 ** 19 - 0.0625, 524288.8, 1e10, 3.4e38,
         1.5707964, 3.1415927, -3.1415927, 4.712389, 6.2831855, 13176795.0, 16367173.0, 1e-20, -7.2e-9]
EDGES = [f32(x) for x in EDGES]          # the float32 values the tensors hold


@pytest.fixture(params=[1, 0], ids=["avx2", "baseline"])
def flavour(request):
    saved = _threads._config("f16c")
    _threads._config("f16c", request.param)
    avx2 = request.param == 1 and _threads._config("f16c") == 1 and _uses_avx2()
    yield avx2
    _threads._config("f16c", saved)


def _uses_avx2():
    from runtime._lib import lib
    return bool(lib.ew_use_avx2())


def same(a, b):
    """Equal lists, nan equal to nan, -0.0 not equal to 0.0."""
    key = lambda v: "nan" if math.isnan(v) else (v, math.copysign(1, v))   # noqa: E731
    return [key(v) for v in a] == [key(v) for v in b]


def check(name, xs, got, exact):
    bad = []
    for x, g in zip(xs, got):
        e = expected(name, x)
        if math.isnan(e) or math.isnan(g):
            if not (math.isnan(e) and math.isnan(g)):
                bad.append((x, e, g))
            continue
        if e == 0 and g == 0 and math.copysign(1, e) != math.copysign(1, g):
            bad.append((x, e, g))
            continue
        special = math.isinf(e) or math.isinf(g) or x in (0.0, math.inf, -math.inf)
        limit = 0 if (special or exact(x)) else 1
        if abs(ordinal(e) - ordinal(g)) > limit:
            bad.append((x, e, g))
    assert not bad, f"{name}: {len(bad)} of {len(xs)} wrong, e.g. {bad[:5]}"


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_correctly_rounded_where_computed(name, flavour):
    xs = sample(200_000, seed=hash(name) & 0xFFFF) + EDGES
    t = rt.tensor(xs, dtype=rt.float32)
    got = getattr(rt, name)(t).tolist()
    # the AVX2 flavour computes exp everywhere and sin/cos below 2^19 itself: correctly rounded there
    exact = (lambda x: flavour and (name == "exp" or abs(x) < 2.0 ** 19))
    check(name, xs, got, exact)


@pytest.mark.parametrize("name", ["sin", "cos", "exp"])
def test_every_walk_gives_the_same_values(name, flavour):
    """The finishing pass (sin/cos of |x| >= 2^19, inf, nan) in every walk: contiguous, strided,
    in-place, out= of another dtype (a buffered output), threads and streaming stores."""
    xs = (EDGES + sample(3000, seed=7)) * 3
    base = rt.tensor(xs, dtype=rt.float32)
    want = getattr(rt, name)(base).tolist()
    check(name, xs, want, lambda x: False)
    wide = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    assert same(getattr(rt, name)(wide[::2]).tolist(), want)                 # strided input
    inplace = base.clone()
    getattr(inplace, name + "_")()
    assert same(inplace.tolist(), want)
    out = rt.empty(len(xs), dtype=rt.float64)
    getattr(rt, name)(base, out=out)
    assert same(out.tolist(), want)
    strided_out = rt.empty(2 * len(xs), dtype=rt.float32)[::2]
    getattr(rt, name)(base, out=strided_out)
    assert same(strided_out.tolist(), want)
    saved = {k: _threads._config(k) for k in ("grain", "nt_bytes")}
    threads = rt.get_num_threads()
    try:
        _threads._config("grain", 16)
        _threads._config("nt_bytes", 64)
        rt.set_num_threads(2)
        assert same(getattr(rt, name)(base).tolist(), want)
        again = base.clone()
        getattr(again, name + "_")()
        assert same(again.tolist(), want)
    finally:
        for k, v in saved.items():
            _threads._config(k, v)
        rt.set_num_threads(threads)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_exp_through_the_float_code(dtype):
    """float16/bfloat16 exp computes in float (ew_expf) and rounds once to the dtype."""
    xs = [x / 64 for x in range(-700, 700, 3)] + [math.inf, -math.inf, -0.0, 11.0, 11.1, -17.0, 88.0, -100.0]
    t = rt.tensor(xs, dtype=getattr(rt, dtype))
    back = t.to(rt.float32).tolist()
    got = rt.exp(t).to(rt.float32).tolist()
    want = rt.tensor([expected("exp", x) for x in back], dtype=rt.float32).to(getattr(rt, dtype)).to(rt.float32).tolist()
    assert same(got, want)


def in_range(name, n, seed):
    """float32 values where the AVX2 flavour's two-pass blocks compute (prelude.h: ew_expf_block,
    ew_trigf_block): random bit patterns and uniform values, |x| <= 89 (exp) or < 2^19."""
    lim = 89.0 if name == "exp" else 2.0 ** 19 - 0.0625
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        v = struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0]
        if abs(v) <= lim:            # (no nan)
            out.append(v)
        out.append(f32(rng.uniform(-lim, lim)))
    return out[:n]


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_contiguous_blocks(name, flavour):
    """Contiguous runs go through the two-pass block functions (64 elements a block, then the
    tail); a block holding one input outside their range through the element function.  Either
    way the values are the strided walk's (the element function) and correctly rounded."""
    xs = in_range(name, 64 * 150 + 37, seed=11)
    for pos in (64 * 3, 64 * 7 + 63, 64 * 9 + 20):
        xs[pos] = f32([math.nan, 1e30, -1e30][pos % 3])
    t = rt.tensor(xs, dtype=rt.float32)
    got = getattr(rt, name)(t).tolist()
    check(name, xs, got, lambda x: flavour and abs(x) < 2.0 ** 19)
    wide = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    assert same(getattr(rt, name)(wide[::2]).tolist(), got)
    saved = _threads._config("nt_bytes")
    try:
        for nt_bytes in (1 << 60, 64):          # ordinary and streaming stores
            _threads._config("nt_bytes", nt_bytes)
            for start in (0, 1, 5):              # output alignments
                inplace = rt.tensor(xs[start:], dtype=rt.float32)
                getattr(inplace, name + "_")()
                assert same(inplace.tolist(), got[start:])
    finally:
        _threads._config("nt_bytes", saved)
