"""The float32 AVX-512 blocks of ops with parameters (ops.yaml `block:` with `params:`, branch
param17): logit(x, eps) (csrc/vlogc.c, ew_vl_logitf_block), against the correctly rounded float of
Python's double math where a double decides it.  The block gets the op's params as its last
arguments (codegen/templates/kernels.c.j2); every walk (the block's contiguous runs, ordinary and
streaming stores, strided runs through the element function) must give the same bits.
scripts/vlogit_sweep.c runs every float32 through the block and the element function; this
samples them without torch, numpy or mpmath."""
import math
import random

import pytest

import runtime as rt
from runtime import _threads

from floats import f32, from_bits, rounded


def same(a, b):
    key = lambda v: "nan" if math.isnan(v) else (v, math.copysign(1, v))   # noqa: E731
    return [key(v) for v in a] == [key(v) for v in b]


def sample(n, seed, extra=()):
    """Random bit patterns, uniform (0, 1), values near 0, 1/2 (where the block's test declines)
    and 1, plus special values."""
    rng = random.Random(seed)
    out = list(extra) + [0.0, -0.0, 1.0, -1.0, 0.5, 2.0 ** -149, 2.0 ** -126, f32(1 - 2.0 ** -24), 2.0 ** -25,
                         math.inf, -math.inf, math.nan, 3.4028235e38, f32(0.25), f32(0.75)]
    while len(out) < n:
        k = rng.randrange(5)
        if k == 0:
            out.append(from_bits(rng.getrandbits(32)))
        elif k == 1:
            out.append(f32(rng.random()))
        elif k == 2:
            out.append(f32(0.5 + rng.uniform(-1, 1) * 2.0 ** -rng.randrange(1, 26)))
        elif k == 3:
            out.append(f32(2.0 ** -rng.uniform(0, 130)))
        else:
            out.append(f32(1 - 2.0 ** -rng.uniform(1, 24)))
    return [f32(v) for v in out]       # the float32 values the tensor holds


# ---- logit
def logit_ref(x, eps):
    """x clamped to [eps, 1 - eps] in float (eps < 0: no clamp), then log(x / (1 - x)) in double
    (log1p((2x - 1) / (1 - x)) from 1/4 on, where the quotient nears 1), rounded."""
    if eps >= 0:
        hi = f32(1 - eps)
        x = eps if x < eps else (hi if x > hi else x)
    if math.isnan(x) or x < 0 or x > 1:
        return math.nan
    if x == 0:
        return -math.inf
    if x == 1:
        return math.inf
    v = math.log(x / (1 - x)) if x < 0.25 else math.log1p((2 * x - 1) / (1 - x))
    return rounded(v)


EPS = [-1.0, 0.0, f32(1e-6), 0.25, f32(0.3)]


def check(name, xs, got, ref):
    bad = [(x, e, g) for x, g in zip(xs, got) for e in [ref(x)] if e is not None and not same([g], [e])]
    assert not bad, f"{name}: {len(bad)} of {len(xs)} differ from the correctly rounded result, e.g. {bad[:5]}"


@pytest.mark.parametrize("eps", EPS)
def test_logit_block_is_correctly_rounded(simd, eps):
    xs = sample(40_000, seed=int(eps * 1e6) + 3)
    t = rt.tensor(xs, dtype=rt.float32)
    got = rt.logit(t, None if eps < 0 else eps).tolist()
    check("logit", xs, got, lambda x: logit_ref(x, eps))


def walks(fn, xs):
    """fn's results on a contiguous tensor, then the same values from every other walk: strided
    (the element function), in-place-like out= at offsets with ordinary and streaming stores."""
    t = rt.tensor(xs, dtype=rt.float32)
    want = fn(t).tolist()
    w = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    assert same(fn(w[::2]).tolist(), want)
    saved = _threads._config("nt_bytes")
    try:
        for nt_bytes in (1 << 60, 64):
            _threads._config("nt_bytes", nt_bytes)
            for start in (0, 1, 7):
                got = fn(t[start:]).tolist()
                assert same(got, want[start:])
    finally:
        _threads._config("nt_bytes", saved)
    return want


@pytest.mark.parametrize("eps", [None, 0.1])
def test_logit_every_walk_gives_the_same_values(simd, eps):
    xs = sample(6000, seed=11)
    walks(lambda t: rt.logit(t, eps), xs)
    t = rt.tensor(xs, dtype=rt.float32)
    out = rt.empty(len(xs), dtype=rt.float32)
    rt.logit(t, eps, out=out)
    assert same(out.tolist(), rt.logit(t, eps).tolist())


# ---- pow(Tensor, Number): the exponent fixed per call (csrc/vpow.c, ew_vp_pows_block)
def pow_ref(x, y):
    """x ** y correctly rounded to float32 from Python's double pow (None: too near a rounding
    boundary to decide, or outside the normal floats, where the walks are compared).  A negative
    x with an integer y: |x| ** y, negated for an odd y."""
    if x < 0 and y == math.floor(y):
        r = pow_ref(-x, y)
        return None if r is None else (-r if y % 2 == 1 else r)
    if not (math.isfinite(x) and x >= 2.0 ** -126):
        return None
    try:
        v = math.pow(x, y)
    except OverflowError:
        return math.inf
    if v >= 2.0 ** 128:
        return math.inf
    if v < 2.0 ** -126:                          # subnormal results: the grid 2^-149 apart
        q = v / 2.0 ** -149
        if abs(q - math.floor(q) - 0.5) <= q * 2.0 ** -45:
            return None
        return f32(v)
    return rounded(v)


POW_Y = [2.5, f32(-1.7), f32(1 / 3), f32(1e-3), 100.0, 7.0, -0.25, -3.0, 5.0, 2.0 ** 25]    # float32 values: as the kernel reads them
SPECIAL_Y = [2.0, 3.0, 0.5, -0.5, -1.0, -2.0, 1.0, 0.0]


def pow_sample(n, seed, y):
    """Bit patterns, values of a few scales, and x where x ** y nears the float range's ends."""
    rng = random.Random(seed)
    out = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, math.inf, -math.inf, math.nan, 2.0 ** -149, 2.0 ** -126, 3.4028235e38]
    while len(out) < n:
        k = rng.randrange(5)
        if k == 0:
            out.append(from_bits(rng.getrandbits(32)))
        elif k == 1:
            out.append(f32(rng.uniform(0, 10)))
        elif k == 2:
            out.append(f32(2.0 ** rng.uniform(-126, 128)))
        elif k == 3:
            out.append(f32(rng.uniform(-10, 0)))
        else:                # results near 2^128, 2^-126 and in the subnormals (t in [-151, 128.5])
            e = rng.choice([128.0, 128.5, -125.5, -126.0, -140.0, -149.0, -151.0]) / y * (1 + rng.uniform(-1e-3, 1e-3))
            out.append(f32(2.0 ** min(max(e, -149.0), 127.9)))
    return out


@pytest.mark.parametrize("y", POW_Y)
def test_pow_scalar_block_is_correctly_rounded(simd, y):
    xs = pow_sample(30_000, seed=int(abs(y) * 1000) + 1, y=y)
    got = rt.pow(rt.tensor(xs, dtype=rt.float32), y).tolist()
    check(f"pow(x, {y})", xs, got, lambda x: pow_ref(x, y))


# (y, x, x ** y correctly rounded) where glibc's powf is 1 ulp off (mpmath at 2000 bits)
POWF_MISROUNDED = [(2.5, "0x1.005b4p+0", "0x1.00e45cp+0"), (f32(1 / 3), "0x1.008aa6p+0", "0x1.002e2ep+0"),
                   (f32(-1.7), "0x1.003db6p+0", "0x1.ff2e72p-1")]


@pytest.mark.parametrize("y, x, want", POWF_MISROUNDED)
def test_pow_scalar_is_correctly_rounded_in_every_walk(simd, y, x, want):
    x, want = float.fromhex(x), float.fromhex(want)
    w = rt.tensor([x, 0.5] * 20, dtype=rt.float32)
    assert rt.pow(w[::2], y).tolist() == [want] * 20          # strided: the element function
    assert rt.pow(w, y).tolist()[::2] == [want] * 20          # contiguous: the block


@pytest.mark.parametrize("y", POW_Y + SPECIAL_Y)
def test_pow_scalar_every_walk_gives_the_same_values(simd, y):
    """The block (contiguous runs) and the element function (strided runs) give the same bits
    everywhere: the special exponents take the element function's own operations, the others
    csrc/vpow.c's correctly rounded ew_vp_powf in both walks."""
    xs = pow_sample(4000, seed=7, y=y if y else 1.0)
    t = rt.tensor(xs, dtype=rt.float32)
    want = rt.pow(t, y).tolist()
    w = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    strided = rt.pow(w[::2], y).tolist()
    for x, a, b in zip(xs, want, strided):
        assert same([a], [b]), (x, y, a, b)
    saved = _threads._config("nt_bytes")
    try:
        for nt_bytes in (1 << 60, 64):
            _threads._config("nt_bytes", nt_bytes)
            for start in (0, 1, 7):
                assert same(rt.pow(t[start:], y).tolist(), want[start:])
    finally:
        _threads._config("nt_bytes", saved)


# ---- softplus(x, beta, threshold): the element function's values (csrc/vlogc.c; tests/test_vsoftplus.py)
def softplus_ref(x, beta, threshold):
    """x where the float x * beta > threshold (or x is nan), else (max(v, 0) + log1p(e^-|v|)) / beta
    with v = x * beta in double, rounded (None near a float rounding boundary)."""
    if math.isnan(x) or f32(x * beta) > threshold:
        return x
    v = x * beta
    s = max(v, 0.0) + math.log1p(math.exp(-min(abs(v), 700.0)) if abs(v) <= 700 else 0.0)
    return rounded(s / beta)


SOFTPLUS = [(1.0, 20.0), (2.0, 10.0), (0.5, 5.0), (-1.0, 20.0), (3.0, -1.0)]


@pytest.mark.parametrize("beta, threshold", SOFTPLUS)
def test_softplus_block(simd, beta, threshold):
    rng = random.Random(5)
    xs = sample(20_000, seed=3, extra=[20.0, f32(20.000002), 19.999998, 10.0, 5.0, -700.0, -701.0, 700.0, -1e30])
    xs += [f32(rng.gauss(0, 10)) for _ in range(20_000)]
    got = rt.nn.functional.softplus(rt.tensor(xs, dtype=rt.float32), beta, threshold).tolist()
    check(f"softplus({beta}, {threshold})", xs, got, lambda x: softplus_ref(x, beta, threshold))
    walks(lambda t: rt.nn.functional.softplus(t, beta, threshold), xs[:6000])


# ---- logaddexp2 (no params; csrc/vlogc.c, ew_vl_logaddexp2f_block): the element function's bits
def test_logaddexp2_block_gives_the_element_values(simd):
    """The block (contiguous and broadcast runs) against the element function (strided runs),
    and both near log2(2^a + 2^b) in double on finite values (the element function's own error,
    a few ulps where m is far below log1p's term, is not this block's business)."""
    rng = random.Random(9)
    pairs = []
    for _ in range(20_000):
        k = rng.randrange(4)
        a = f32(rng.gauss(0, 10)) if k else from_bits(rng.getrandbits(32))
        b = f32(a + rng.choice([rng.uniform(-1e-3, 1e-3), rng.gauss(0, 30), 200.0, -200.5])) if k > 1 else f32(rng.gauss(0, 10))
        pairs.append((a, b))
    edges = [0.0, -0.0, 1.0, 2.0 ** -149, 200.0, -200.0, 3.4028234663852886e38, math.inf, -math.inf, math.nan]
    pairs += [(a, b) for a in edges for b in edges]
    xa, xb = [p[0] for p in pairs], [p[1] for p in pairs]
    a, b = rt.tensor(xa, dtype=rt.float32), rt.tensor(xb, dtype=rt.float32)
    got = rt.logaddexp2(a, b).tolist()
    wa = rt.tensor([v for x in xa for v in (x, 0.5)], dtype=rt.float32)
    wb = rt.tensor([v for x in xb for v in (x, 0.5)], dtype=rt.float32)
    assert same(rt.logaddexp2(wa[::2], wb[::2]).tolist(), got)
    for s in (0.0, -3.5, 150.0, math.inf, math.nan):
        sb = rt.tensor([s], dtype=rt.float32)
        assert same(rt.logaddexp2(a, sb).tolist(), rt.logaddexp2(wa[::2], sb).tolist())
        assert same(rt.logaddexp2(sb, a).tolist(), rt.logaddexp2(sb, wa[::2]).tolist())
    for (x, y), g in zip(pairs, got):
        if math.isfinite(x) and math.isfinite(y) and abs(x) < 1e30 and abs(y) < 1e30:
            m = max(x, y)
            e = m + math.log2(1 + 2.0 ** -abs(x - y))
            assert abs(g - e) <= abs(e) * 2.0 ** -20 + 1e-45, (x, y, g, e)


# ---- the convention: codegen/model.py refuses a param op's block it cannot declare with the params
def test_a_param_ops_block_outside_the_block_files_is_refused(tmp_path, capsys):
    from pathlib import Path

    from codegen.__main__ import main
    root = Path(__file__).resolve().parent.parent
    old = "float32: {block: ew_vl_logitf_block}"
    for name in ("dtypes.yaml", "ops.yaml"):
        text = (root / name).read_text()
        if name == "ops.yaml":
            assert old in text
            line = text[:text.index(old)].count("\n") + 1
            text = text.replace(old, "float32: {block: ew_expf_block}")
        (tmp_path / name).write_text(text)
    rc = main(["--dtypes", str(tmp_path / "dtypes.yaml"), "--ops", str(tmp_path / "ops.yaml"), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert rc == 1
    assert f"ops.yaml:{line}: op 'logit': simd float32: block 'ew_expf_block' of an op with params" in err, err
