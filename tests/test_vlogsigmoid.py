"""float32 logsigmoid's AVX-512 block (csrc/vlogc.c, issue 17 branch vlog17): the element function's
values (min(x, 0) - log1p(e^-|x|) in double, rounded once), which are the correctly rounded
results but for rare near-halfway cases.  The reference is the same formula in Python's double
math, skipped where it is too close to a float rounding boundary to decide, and the strided walk
(the element function itself).  scripts/vlogsigmoid_sweep.c compares every float32."""
import math
import random


import runtime as rt
from test_vlogaddexp import from_bits, rounded, same


def reference(x):
    if math.isnan(x):
        return math.nan
    if math.isinf(x):
        return x if x < 0 else 0.0
    # e^-|x| taken as 0 beyond 700, as the element function does (below, its double keeps the
    # tiny log1p, and x in [104, 700] gives -0 where torch's float e^-x underflows to +0)
    w = math.exp(-abs(x)) if abs(x) <= 700 else 0.0
    return rounded(min(x, 0.0) - math.log1p(w))


def sample(n, seed):
    """Random bit patterns, values of a few scales, and the switches (|x| = 700 is no float
    switch: e^-|x| is 0 in float beyond 104; 0, tiny, large, infinities)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        out += [from_bits(rng.getrandbits(32)), rng.gauss(0, 4), rng.gauss(0, 40), rng.uniform(-1e-6, 1e-6)]
    out = [rounded(v) if not math.isnan(v) else v for v in out]
    out = [v for v in out if v is not None]
    return out + [0.0, -0.0, 2.0 ** -149, -(2.0 ** -149), 1.0, -1.0, 16.0, -16.0, 88.0, -88.0, 104.0, -104.0,
                  3.4028234663852886e38, -3.4028234663852886e38, math.inf, -math.inf, math.nan]


def test_block_values(simd):
    xs = sample(60_000, seed=7)
    got = rt.nn.functional.logsigmoid(rt.tensor(xs, dtype=rt.float32)).tolist()
    bad = [(x, e, g) for x, g in zip(xs, got) if (e := reference(x)) is not None and not same([g], [e])]
    assert not bad, f"logsigmoid: {len(bad)} of {len(xs)} differ, e.g. {bad[:5]}"
    wide = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    assert same(rt.nn.functional.logsigmoid(wide[::2]).tolist(), got)
    for start in (1, 7):
        assert same(rt.nn.functional.logsigmoid(rt.tensor(xs[start:], dtype=rt.float32)).tolist(), got[start:])
