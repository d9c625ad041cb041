"""float32 erfinv, lgamma and mvlgamma computed in double (csrc/special_fast.h, ops.yaml): the
AVX2 block (contiguous) and the element function (strided) give the same bits, and both the
correctly rounded float of the float64 path (long double there), on a sweep of the domain."""
import math
import random

import pytest

import runtime as rt


def _inputs(extra, lo, hi, n, seed):
    rnd = random.Random(seed)
    return rt.tensor(extra + [rnd.uniform(lo, hi) for _ in range(n)], dtype=rt.float64).to(rt.float32)


@pytest.mark.parametrize("name,lo,hi,extra", [
    ("erfinv", -1.0, 1.0, [0.0, -0.0, 1.0, -1.0, 0.999, 0.9990001, 1e-45, 1e-38, 1 - 2 ** -24, 1.5, math.inf, math.nan]),
    ("lgamma", -20.0, 20.0, [0.0, -0.0, 1.0, 2.0, -1.0, -2.5, 1e-30, 1e30, math.inf, -math.inf, math.nan]),
])
def test_contiguous_strided_and_float64_agree(name, lo, hi, extra):
    x = _inputs(extra, lo, hi, 20000, 7)
    fn = getattr(rt, name)
    block = fn(x).tolist()
    xs = x.tolist()
    strided = fn(rt.tensor([v for v in xs for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
    wide = fn(x.to(rt.float64)).to(rt.float32).tolist()
    for i, (a, b, c) in enumerate(zip(block, strided, wide)):
        same = (a == b == c) or (math.isnan(a) and math.isnan(b) and math.isnan(c))
        assert same, (x[i].item(), a, b, c)


@pytest.mark.parametrize("p", [1, 2, 5])
def test_mvlgamma_float32_matches_float64(p):
    x = _inputs([1e-30, -1e-30, 3e-20, 0.5, 2.5, math.inf, -math.inf], -15.0, 15.0, 5000, p)
    got = rt.mvlgamma(x, p).tolist()
    want = rt.mvlgamma(x.to(rt.float64), p).to(rt.float32).tolist()
    for i, (a, c) in enumerate(zip(got, want)):
        assert a == c or (math.isnan(a) and math.isnan(c)), (x[i].item(), a, c)
