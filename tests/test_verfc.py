"""float32 tanh and sigmoid through csrc/verfc.c's AVX-512 blocks (branch verf17): the fast path
(e^v in 8 double lanes, 1 / d by vrcp14pd and one cubic step, Ziv's rounding test) and the lanes
it hands to the scalar reference.  tanh has no small-x branch any more (its quotient must stay
accurate relative to tanh down to the subnormals, -0 keeping its sign); sigmoid clamps |x| to 100
and tests x < 0 in float lanes.  Samples: random bit patterns, the fast paths' boundaries (the
clamps, sigmoid's -87.33 and torch's 0 below -88.72), tiny and subnormal inputs, in runs whose
lengths leave masked tails; contiguous (the block) and strided (the element function) runs.

Reference: Python's double math rounded once to float32; where that double lies within 2^-40
of a float rounding boundary either neighbour passes.  Exact on AVX-512 CPUs (the blocks); else
(the AVX2 blocks) within 1 ulp."""
import math
import random
import struct

import runtime as rt
from test_vexp import AVX512, f32, near_boundary, ordinal

SIGMOID_ZERO = float.fromhex("-0x1.62e42ep+6")      # below: torch's e^-x overflows float, 0


def tanh_ref(x):
    return math.tanh(x)


def sigmoid_ref(x):
    if math.isnan(x):
        return x
    if x < SIGMOID_ZERO:
        return 0.0
    return 1 / (1 + math.exp(-x)) if x > -700 else 0.0


def inputs(seed):
    rnd = random.Random(seed)
    xs = [struct.unpack("<f", struct.pack("<I", rnd.getrandbits(32)))[0] for _ in range(20000)]
    xs += [f32(rnd.uniform(-12, 12)) for _ in range(10000)]
    xs += [f32(rnd.uniform(-100, 110)) for _ in range(5000)]
    tiny = [2.0 ** -k * m for k in range(1, 150) for m in (1.0, 1.5, 1.0000001)]
    xs += [f32(s * v) for v in tiny for s in (1, -1)]
    edges = [0.0, -0.0, math.inf, -math.inf, math.nan, 9.01, 10.0, 10.000001, 100.0, 100.00001, -100.0,
             -87.33, -87.3301, -87.3299, SIGMOID_ZERO, float.fromhex("-0x1.62e430p+6"), -88.0, -89.0,
             2.0 ** -13, -(2.0 ** -13), 2.0 ** -12, 1e-45, -1e-45, 1.1754942e-38, -1.1754942e-38]
    return [f32(v) for v in edges] + [v for v in xs if not math.isnan(v)]


def check(fn, ref, xs):
    got = fn(rt.tensor(xs, dtype=rt.float32)).tolist()
    bad = []
    for x, g in zip(xs, got):
        d = ref(x)
        w = f32(d)
        if math.isnan(w) or math.isnan(g):
            if not (math.isnan(w) and math.isnan(g)):
                bad.append((x, g, w))
            continue
        if g == w and math.copysign(1, g) == math.copysign(1, w):
            continue
        off = abs(ordinal(g) - ordinal(w))
        if off == 1 and (near_boundary(d) or not AVX512):
            continue
        bad.append((x, g, w))
    return got, bad


def run(name, fn, ref):
    xs = inputs(len(name))
    for n in (len(xs), len(xs) - 7, 13):
        got, bad = check(fn, ref, xs[:n])
        assert not bad, f"{name}: {len(bad)} of {n} wrong, e.g. {bad[:5]}"
    # the strided run (the element function) gives the block's bits
    strided = fn(rt.tensor([v for v in xs for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
    block = fn(rt.tensor(xs, dtype=rt.float32)).tolist()
    same = [a == b and math.copysign(1, a) == math.copysign(1, b) or (math.isnan(a) and math.isnan(b))
            for a, b in zip(block, strided)]
    assert all(same), [(x, a, b) for x, a, b, s in zip(xs, block, strided, same) if not s][:5]


def test_tanh():
    run("tanh", rt.tanh, tanh_ref)


def test_sigmoid():
    run("sigmoid", rt.sigmoid, sigmoid_ref)
