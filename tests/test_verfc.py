"""float32 tanh, sigmoid and special.ndtri through csrc/verfc.c's AVX-512 blocks (branch verf17): the fast path
(e^v in 8 double lanes, 1 / d by vrcp14pd and one cubic step, Ziv's rounding test) and the lanes
it hands to the scalar reference.  tanh has no small-x branch any more (its quotient must stay
accurate relative to tanh down to the subnormals, -0 keeping its sign); sigmoid clamps |x| to 100
and tests x < 0 in float lanes.  Samples: random bit patterns, the fast paths' boundaries (the
clamps, sigmoid's -87.33 and torch's 0 below -88.72), tiny and subnormal inputs, in runs whose
lengths leave masked tails; contiguous (the block) and strided (the element function) runs.

Reference: Python's double math rounded once to float32; where that double lies within 2^-40
of a float rounding boundary either neighbour passes.  Exact on AVX-512 CPUs (the blocks); else
(the AVX2 blocks) within 1 ulp.

And the float-lane blocks (16 float lanes, a float pair, Ziv's rounding test) of erf, erfinv
(branch erf17), gelu, erfc and special.ndtr (branch gelu17): the inputs they misround with the
rounding test off, their interval ends and cut-offs give the element functions' bits."""
import math
import random
import struct

import pytest

import runtime as rt
import runtime.nn.functional as F
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
    # the strided run (the element function) gives the block's bits (the AVX2 blocks: within 1 ulp, above)
    if not AVX512:
        return
    strided = fn(rt.tensor([v for v in xs for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
    block = fn(rt.tensor(xs, dtype=rt.float32)).tolist()
    same = [a == b and math.copysign(1, a) == math.copysign(1, b) or (math.isnan(a) and math.isnan(b))
            for a, b in zip(block, strided)]
    assert all(same), [(x, a, b) for x, a, b, s in zip(xs, block, strided, same) if not s][:5]


def test_tanh():
    run("tanh", rt.tanh, tanh_ref)


def test_sigmoid():
    run("sigmoid", rt.sigmoid, sigmoid_ref)


def erfinv_ref(y):
    """erfinv by Newton steps on math.erf: accurate to a few 2^-52 relative for |y| <= 0.9995
    (zeros keep their sign)."""
    if y == 0:
        return y
    x = 0.0
    for _ in range(60):
        step = (math.erf(x) - y) / (2 / math.sqrt(math.pi) * math.exp(-x * x))
        x -= step
        if abs(step) <= abs(x) * 2.0 ** -60:
            break
    return x


def ndtri_ref(p):
    """sqrt 2 erfinv(2p - 1) (2p - 1 exact in double) inside [0.0005, 0.9995], the range the
    fast path takes."""
    if math.isnan(p) or not 0 < p < 1:
        return {0.0: -math.inf, 1.0: math.inf}.get(p, math.nan)
    return math.sqrt(2) * erfinv_ref(2 * p - 1)


def test_ndtri():
    """sqrt 2 erfinv(2p - 1) in [0.0005, 0.9995] correctly rounded; outside (cephes' tails, 0, 1,
    nan) the element function's values, the block falling back to it for the whole run."""
    rnd = random.Random(5)
    inner = [f32(rnd.uniform(0.0005, 0.9995)) for _ in range(20000)]
    inner += [f32(v) for v in (0.5, 0.0005, 0.9995, 0.50000006, 0.49999997, 0.25, 0.75, 0.1, 0.9)]
    inner += [struct.unpack("<f", struct.pack("<I", rnd.randrange(0x3a03126f, 0x3f7fdf3c)))[0] for _ in range(20000)]
    inner = [v for v in inner if 0.0005 <= v <= 0.9995 or v == f32(0.0005) or v == f32(0.9995)]
    got, bad = check(rt.special.ndtri, ndtri_ref, inner)
    assert not bad, f"ndtri: {len(bad)} of {len(inner)} wrong, e.g. {bad[:5]}"
    outer = [0.0, -0.0, 1.0, -1.0, 2.0, math.inf, -math.inf, math.nan, 1e-45, 1e-30, 1e-10, 0.0004999, 0.99951, 0.99999994]
    xs = outer + inner[:3000]
    block = rt.special.ndtri(rt.tensor(xs, dtype=rt.float32)).tolist()
    strided = rt.special.ndtri(rt.tensor([v for v in xs for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
    assert [repr(v) for v in block] == [repr(v) for v in strided]
    assert block[:3] == [-math.inf, -math.inf, math.inf] and all(math.isnan(v) for v in block[3:8])


# Inputs where the float-lane erf block's pair (16 float lanes, branch erf17) lies so close to a
# float rounding boundary that, with its rounding test switched off (EPS 2^-80), it misrounds:
# a sample of the 772 that scripts/verf16_sweep.c found among every third float.
ERF_HARD = [float.fromhex(v) for v in (
    "-0x1.6f0ebcp-63", "0x1.77f248p-56", "-0x1.cc63fap-45", "-0x1.6f0ebcp-39", "-0x1.ad4790p-33", "0x1.662b30p-32",
    "-0x1.9b8078p-30", "0x1.9b8078p-23", "-0x1.6ecd22p-18", "-0x1.4ef6e6p-16", "0x1.d2afc8p-4", "0x1.fc96f6p-4",
    "0x1.01a852p-3", "0x1.501a3cp-2", "-0x1.7877a6p-2", "-0x1.04fdb4p-1", "0x1.3e2d10p-1", "-0x1.7b914cp-1",
    "0x1.0630a4p+0", "-0x1.246802p+0", "-0x1.83701cp+0", "0x1.9b1536p+0", "-0x1.e25784p+0", "-0x1.feae80p+0")]


def test_erf_block_near_rounding_boundaries(simd):
    """The erf block's rounding test sends the inputs above to the element function: the block
    (every lane position, masked tails) gives the correctly rounded result, the element's bits;
    with the interval ends, the cut-off at 4, the 2^-64 floor of the fast path and specials."""
    from test_verf import acceptable, erf_ref
    edges = [k / 8 for k in range(33)] + [f32(k / 8 * (1 - 2.0 ** -24)) for k in range(1, 33)]
    edges += [3.9999998, 4.0, 4.0000005, 2.0 ** -64, f32(2.0 ** -64 * (1 - 2.0 ** -24)), 2.0 ** -63, 1e-45, 0.0, -0.0,
              math.inf, -math.inf, math.nan, 3.4e38]
    base = ERF_HARD + [f32(v) for v in edges] + [-v for v in edges]
    for shift in range(16):
        xs = base[shift:] + base[:shift]
        for n in (len(xs), len(xs) - 9):
            block = rt.erf(rt.tensor(xs[:n], dtype=rt.float32)).tolist()
            strided = rt.erf(rt.tensor([v for v in xs[:n] for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
            assert [struct.pack("<f", v) for v in block] == [struct.pack("<f", v) for v in strided]
            bad = [(x, g) for x, g in zip(xs, block) if not acceptable(g, x, erf_ref)]
            assert not bad, bad[:5]


# The same for the erfinv block (a K(a) up to 1/2, erfinv(1 - t) by quarters of t's binades up
# to 1 - 2^-7): a sample of the 47 inputs the sweep found among every seventh float.
ERFINV_HARD = [float.fromhex(v) for v in (
    "0x1.ff62p-21", "-0x1.7c966p-11", "0x1.db9baap-4", "0x1.c678d2p-2", "0x1.1f7644p-1", "-0x1.235044p-1",
    "0x1.5d4458p-1", "-0x1.600f26p-1", "-0x1.60269cp-1", "-0x1.602e0cp-1", "0x1.64aa3ap-1", "0x1.64fcc0p-1",
    "-0x1.791f40p-1", "-0x1.7bdcc8p-1", "-0x1.7c4f3ep-1", "0x1.7ea012p-1", "-0x1.7fbc52p-1", "-0x1.7fcba2p-1",
    "0x1.d023c8p-1", "-0x1.dddc74p-1")]


def test_erfinv_block_near_rounding_boundaries(simd):
    """As the erf test: the hard inputs, the interval ends (k/16 below 1/2, the quarters of
    1 - y's binades), 1/2, the fast path's end 1 - 2^-7, its 2^-64 floor, the poles and nan."""
    edges = [k / 16 for k in range(9)] + [f32(k / 16 * (1 - 2.0 ** -24)) for k in range(1, 9)]
    edges += [f32(1 - 2.0 ** -b * (1 + q / 4)) for b in range(2, 8) for q in range(4)]
    edges += [f32(1 - 2.0 ** -b * (1 + q / 4)) + d for b in range(2, 8) for q in range(4) for d in (2.0 ** -25, -(2.0 ** -25))]
    edges += [0.5, f32(0.5 + 2.0 ** -24), 1 - 2.0 ** -7, f32(1 - 2.0 ** -7 + 2.0 ** -24), 2.0 ** -64, 1e-45, 0.0]
    base = ERFINV_HARD + [f32(v) for v in edges] + [-f32(v) for v in edges]
    specials = [1.0, -1.0, 1.5, math.nan, math.inf]
    for shift in range(16):
        xs = base[shift:] + base[:shift]
        for n in (len(xs), len(xs) - 9):
            got, bad = check(rt.erfinv, erfinv_ref, xs[:n])
            assert not bad, bad[:5]
            strided = rt.erfinv(rt.tensor([v for v in xs[:n] for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
            assert [struct.pack("<f", v) for v in got] == [struct.pack("<f", v) for v in strided]
    got = rt.erfinv(rt.tensor(specials + base[:20], dtype=rt.float32)).tolist()
    assert got[:2] == [math.inf, -math.inf] and all(math.isnan(v) for v in got[2:5])


def hexfloats(text):
    return [float.fromhex(v) for v in text.split()]


# Inputs where the gelu, erfc and ndtr blocks' float pairs (branch gelu17: e^(-a^2/2) M(a) in 16
# float lanes) lie so close to a float rounding boundary that, with their rounding tests switched
# off (EPS 2^-80), they misround: samples of the 148, 123 and 128 that scripts/verf16_sweep.c found
# among every 101st float.
HARD = {
    "gelu": hexfloats("""
        0x1.954a9ep-25 0x1.1e98fcp-24 0x1.7b2164p-22 0x1.d0569cp-21 0x1.e0a2c2p-20 0x1.9c5efp-17 0x1.cf4cfep-16
        0x1.b7fda6p-13 0x1.335194p-10 0x1.4b24fep-8 0x1.515292p-3 -0x1.1e94c6p-24 -0x1.c5254cp-23
        -0x1.230a0ep-19 -0x1.d4773cp-18 -0x1.8590c6p-16 -0x1.757b68p-14 -0x1.051828p-11 -0x1.b0cf9ep-11
        -0x1.fdef2p-10 -0x1.d297b4p-9 -0x1.9dbba8p-8 -0x1.5d07fep-5 -0x1.78ddfp-1"""),
    "erfc": hexfloats("""
        0x1.c5bd84p-26 0x1.1b973cp-23 0x1.29c5acp-21 0x1.69946ep-20 0x1.60b7d6p-18 0x1.8347f8p-17
        0x1.fb5d6ep-16 0x1.0d4d5cp-14 0x1.7de88ep-13 0x1.8dc706p-12 0x1.e73086p-11 0x1.fe9444p-8 0x1.3c8a6p-6
        0x1.cc0d6cp-1 -0x1.c5c0c8p-25 -0x1.29c5c8p-20 -0x1.aeb4cep-17 -0x1.5c10ccp-14 -0x1.fa5004p-12
        -0x1.7ed622p-10 -0x1.bfb574p-6"""),
    "ndtr": hexfloats("""
        0x1.40d9d6p-24 0x1.91105cp-22 0x1.a51d2cp-20 0x1.fa56b6p-18 0x1.421a0ap-16 0x1.93e168p-14
        0x1.ff8244p-13 0x1.a32068p-9 0x1.b8cf6cp-7 0x1.ed254p-4 -0x1.40d868p-25 -0x1.910e24p-23 -0x1.68f406p-22
        -0x1.54e6c2p-21 -0x1.c3315ep-20 -0x1.e64938p-19 -0x1.8486e6p-18 -0x1.b7e9bcp-17 -0x1.d92042p-16
        -0x1.cce8p-15 -0x1.2bc6eep-13 -0x1.824b8p-12 -0x1.e45de4p-12 -0x1.900fd4p-11"""),
}


def block_edges(ends, extra):
    """Interval ends, the floats beside them, and extra cut-offs and specials, both signs."""
    edges = ends + [f32(v * (1 - 2.0 ** -24)) for v in ends if v] + [f32(v * (1 + 2.0 ** -23)) for v in ends if v]
    return [f32(v) for v in edges + extra] + [-f32(v) for v in edges + extra]


# M's interval ends (width 1/8 up to 2, 1/4 up to 4, 1/2 up to 8): gelu's and ndtr's at x = u,
# erfc's at x = u / sqrt 2; the blocks' cut-offs (gelu and ndtr: -8 and below to the element
# function, |x| clamped below 8, gelu's 2^-60 and torch's inf from 2^127; erfc: above 5.65 to the
# element function, |x| clamped to it below) and specials
M_ENDS = [k / 8 for k in range(17)] + [2 + k / 4 for k in range(1, 9)] + [4 + k / 2 for k in range(1, 9)]
GELU_EDGES = block_edges(M_ENDS, [
    float.fromhex("0x1.fffffep+2"), 100.0, 2.0 ** -60, f32(2.0 ** -60 * (1 - 2.0 ** -24)), 2.0 ** -59, 1e-45,
    1.1754942e-38, 2.0 ** 127, f32(2.0 ** 127 * (1 - 2.0 ** -24)), 3.4028235e38, 0.0, math.inf, math.nan])
ERFC_EDGES = block_edges([f32(u / math.sqrt(2)) for u in M_ENDS], [
    float.fromhex("0x1.69999ap+2"), float.fromhex("0x1.69999cp+2"), 5.656854, 6.0, 10.0, 10.06, 26.5, 2.0 ** -64,
    1e-45, 1.1754942e-38, 3.4028235e38, 0.0, math.inf, math.nan])


@pytest.mark.parametrize("name", ["gelu", "erfc", "ndtr"])
def test_q_blocks_near_rounding_boundaries(simd, name):
    """gelu (approximate='none'), erfc and special.ndtr through their float-lane blocks
    (e^(-a^2/2) M(a) as a float pair, Ziv's test): the hard inputs, which the blocks misround with
    the test off, and the edges above, at every lane position and with masked tails, give the
    element function's bits, correctly rounded (gelu: inf from 2^127, nan at +-inf, -0 at -0)."""
    from test_verf import acceptable, erfc_ref, gelu_ref, ndtr_ref
    fn, ref, edges = {"gelu": (F.gelu, gelu_ref, GELU_EDGES), "erfc": (rt.erfc, erfc_ref, ERFC_EDGES),
                      "ndtr": (rt.special.ndtr, ndtr_ref, GELU_EDGES)}[name]
    base = HARD[name] + edges
    for shift in range(16):
        xs = base[shift:] + base[:shift]
        for n in (len(xs), len(xs) - 9):
            block = fn(rt.tensor(xs[:n], dtype=rt.float32)).tolist()
            strided = fn(rt.tensor([v for v in xs[:n] for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
            assert [struct.pack("<f", v) for v in block] == [struct.pack("<f", v) for v in strided]
            bad = [(x, g) for x, g in zip(xs, block) if not acceptable(g, x, ref)]
            assert not bad, bad[:5]
