"""float32 pow of csrc/vpow.c: correctly rounded, the same bits on every path (the AVX-512 block
for contiguous and broadcast runs, the element function for strided ones and on CPUs without
AVX-512).  The reference is Python's math.pow in double, rounded once to float32 (double
rounding could only matter within 2^-53 of a float midpoint: none of these inputs is), with C99's
special values where math.pow raises.  Inputs: random bit patterns, the block's domain (x near
1 and huge y, results near the overflow and underflow thresholds where its fast path ends),
exact midpoints (the rounding test's ties) and every special value."""
import math
import random
import struct

import pytest

import runtime as rt

from floats import f32


def bits_f32(u):
    return struct.unpack("<f", struct.pack("<I", u))[0]


def odd_integer(y):
    return math.isfinite(y) and y == math.floor(y) and math.fmod(y, 2) != 0


def ref(x, y):
    """C99's powf, correctly rounded."""
    try:
        return f32(math.pow(x, y))
    except ValueError:                  # x < 0 and y not an integer; 0 ** negative
        if x == 0:
            return math.copysign(math.inf, x) if odd_integer(y) else math.inf
        return math.nan
    except OverflowError:
        return -math.inf if x < 0 and odd_integer(y) else math.inf


def same(got, want):
    """bit for bit, every nan alike (torch's loops and libm differ in a nan's sign)"""
    def key(v):
        return "nan" if math.isnan(v) else struct.pack("<f", v)
    return [key(g) for g in got] == [key(w) for w in want]


def check(xs, ys):
    """rt.pow on contiguous tensors, a strided view, and with either operand a one-element run."""
    want = [ref(f32(x), f32(y)) for x, y in zip(xs, ys)]
    a, b = rt.tensor(xs, dtype=rt.float32), rt.tensor(ys, dtype=rt.float32)
    xs, ys = a.tolist(), b.tolist()
    assert same(rt.pow(a, b).tolist(), want)
    strided = rt.pow(rt.tensor([v for x in xs for v in (x, 0.0)], dtype=rt.float32)[::2],
                     rt.tensor([v for y in ys for v in (y, 1.0)], dtype=rt.float32)[::2])
    assert same(strided.tolist(), want)
    for i in (0, len(xs) // 2):
        got = rt.pow(rt.tensor(xs[i], dtype=rt.float32), b).tolist()
        assert same(got, [ref(xs[i], y) for y in ys])
        got = rt.pow(a, rt.tensor([ys[i]] * len(xs), dtype=rt.float32).expand(len(xs)))
        assert same(got.tolist(), [ref(x, ys[i]) for x in xs])


def test_random_bit_patterns():
    rng = random.Random(1)
    xs = [bits_f32(rng.getrandbits(32)) for _ in range(4001)]
    ys = [bits_f32(rng.getrandbits(32)) for _ in range(4001)]
    check(xs, ys)


def test_the_fast_paths_domain():
    rng = random.Random(2)
    xs = [rng.uniform(0.05, 0.95) for _ in range(3000)] + [rng.uniform(0, 100) for _ in range(3000)]
    ys = [rng.uniform(0.05, 0.95) for _ in range(3000)] + [rng.uniform(-20, 20) for _ in range(3000)]
    check(xs, ys)


def test_x_near_one_with_large_exponents():
    # log2 x tiny: t = y log2 x must stay accurate (no cancellation between table and polynomial)
    rng = random.Random(3)
    xs = [bits_f32(0x3F7F0000 + rng.getrandbits(17)) for _ in range(3000)]
    xs += [rng.uniform(0.97, 1.03) for _ in range(3000)]
    ys = [rng.choice((-1, 1)) * 2.0 ** rng.uniform(5, 30) for _ in range(6000)]
    check(xs, ys)


def test_results_at_the_ends_of_the_normal_range():
    # t = y log2 x about 128 (overflow: inf or FLT_MAX) and -125.5 .. -150 (the fast path's end,
    # subnormal results, underflow to zero)
    rng = random.Random(4)
    xs, ys = [], []
    for _ in range(4000):
        x = f32(2.0 ** rng.uniform(-20, 20))
        if x == 1.0:
            continue
        t = rng.choice((128.0, -125.5, -126.0, -149.0, -150.0)) + rng.uniform(-0.01, 0.01)
        xs.append(x)
        ys.append(f32(t / math.log2(x)))
    check(xs, ys)


def test_exact_results_and_midpoints():
    # (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 is a tie between two floats; squares, cubes and roots of
    # floats with few bits are exact
    xs, ys = [], []
    for m in range(1, 4097, 37):
        for e in (-12, -6, 0, 5):
            x = (1 + m * 2.0 ** -12) * 2.0 ** e
            for y in (2.0, 3.0, 0.5, -1.0, -2.0, 1.5, 0.25, -0.5):
                xs.append(x)
                ys.append(y)
    xs += [1 + 2.0 ** -12, 1 - 2.0 ** -13, 1 + 2.0 ** -23]
    ys += [2.0, 2.0, 2.0]
    check(xs, ys)


SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 1e-45, -1e-45, 1.17549435e-38, 3.4028235e38,
           -3.4028235e38, math.inf, -math.inf, math.nan, 2.5, -2.5, 1e10, -1e10, 0.999, 1.001]


def test_special_values():
    pairs = [(x, y) for x in SPECIAL for y in SPECIAL]
    check([p[0] for p in pairs], [p[1] for p in pairs])


@pytest.mark.parametrize("dtype", [rt.float16, rt.bfloat16, rt.float64])
def test_other_dtypes_are_unchanged(dtype):
    # they keep their own kernels (float16/bfloat16 through float32's powf, float64 pow)
    x = rt.tensor([0.5, 2.0, 3.0, 10.0] * 5, dtype=dtype)
    y = rt.tensor([2.0, 0.5, -1.0, 1.5] * 5, dtype=dtype)
    want = [f32(math.pow(a, b)) if dtype is not rt.float64 else math.pow(a, b) for a, b in zip(x.tolist(), y.tolist())]
    assert rt.pow(x, y).to(rt.float64).tolist() == rt.tensor(want, dtype=dtype).to(rt.float64).tolist()
