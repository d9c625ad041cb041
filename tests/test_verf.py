"""float32 erf, erfc, special.ndtr, gelu (approximate='none') and erfinv of csrc/verf.h: the AVX-512 block
(contiguous) and the element function (strided, and the half types) give the same bits, and the
correctly rounded result, on random bit patterns, special values and the edges of the fast path
(interval ends, the cut-offs at 4 and 11, the inputs the exhaustive sweep saw take the slow path).
The reference is Python's double-precision math.erf / math.erfc rounded to float: where that
double is too close to a rounding boundary to decide (2^-40 relative), either neighbour passes.

And nn.functional.rrelu / rrelu_: eval mode is leaky_relu with the slope (lower + upper) / 2;
training mode draws a slope in [lower, upper) for every element <= 0 (Python's random module)."""
import math
import random
import struct

import pytest

import runtime as rt
import runtime.nn.functional as F

from floats import f32

SQRT1_2 = 0.70710678118654752440


def bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def from_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def erf_ref(x):
    return math.erf(x)


def erfc_ref(x):
    return math.erfc(x)


def ndtr_ref(x):
    return 0.5 * math.erfc(-x * SQRT1_2)


def gelu_ref(x):
    if x == math.inf:
        return math.nan                      # torch's float loops: nan at inf
    if x >= 2.0 ** 127:
        return math.inf                      # torch's float x (1 + erf(x / sqrt 2)) overflows first
    return x * 0.5 * math.erfc(-x * SQRT1_2) if math.isfinite(x) else math.nan


FUNCS = {"erf": (rt.erf, erf_ref), "erfc": (rt.erfc, erfc_ref), "ndtr": (rt.special.ndtr, ndtr_ref),
         "gelu": (F.gelu, gelu_ref)}

# interval ends of the tables, the cut-offs, slow-path inputs of the sweep, specials
EDGES = ([0.0, -0.0, math.inf, -math.inf, math.nan, 1e-45, -1e-45, 1.1754942e-38, 1e-30, -1e-20, 3.4e38, -3.4e38]
         + [s * k / 4 for k in range(1, 17) for s in (1, -1)]
         + [s * (2.0 ** e * (1 + q / 4) - 1) for e in range(4) for q in range(4) for s in (1, -1)]
         + [2.0 ** 127, 1.7014117e38, -2.0 ** 127, 2e38, -2e38]
         + [3.9999998, 4.0000005, 3.9192059, 3.919206, 10.0, 10.05, 10.06, 10.999999, 11.0, 11.000001,
            -11.0, 15.556349, 15.556350, -15.556349, -15.55635, 14.2, -14.2, -13.0, 9.3, -9.3, 26.5, -26.5])


def sample(n, seed):
    rnd = random.Random(seed)
    out = []
    while len(out) < n:
        v = from_bits(rnd.getrandbits(32))
        if not math.isnan(v):
            out.append(v)
    # and a dense normal sample where the functions change
    out += [f32(rnd.gauss(0, 4)) for _ in range(n)]
    return out


def acceptable(got, x, ref):
    want = ref(x)
    if math.isnan(want) or math.isnan(got):
        return math.isnan(want) and math.isnan(got)
    w = f32(want)
    if got == w and math.copysign(1, got) == math.copysign(1, w):
        return True
    if got == w:                             # a zero of the wrong sign
        return False
    # undecidable in double: the reference within 2^-40 of the midpoint between got and w
    if abs(bits(got) - bits(w)) != 1 or math.isinf(got):
        return False
    mid = (got + w) / 2
    return abs(want - mid) <= 2.0 ** -40 * abs(want)


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_correctly_rounded(name):
    fn, ref = FUNCS[name]
    xs = [f32(v) for v in EDGES] + sample(40000, seed=len(name))
    block = fn(rt.tensor(xs, dtype=rt.float32)).tolist()
    bad = [(x, g, ref(x)) for x, g in zip(xs, block) if not acceptable(g, x, ref)]
    assert not bad, f"{name}: {len(bad)} of {len(xs)} wrong, e.g. {bad[:5]}"


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_block_and_element_agree(name):
    """The contiguous run (the AVX-512 block, 16 lanes, a masked tail) and a strided one (the
    element function) give the same bits, in place too; the half types round the float result."""
    fn, _ = FUNCS[name]
    xs = [f32(v) for v in EDGES] + sample(3000, seed=99)
    for n in (len(xs), len(xs) - 5, 7):
        t = rt.tensor(xs[:n], dtype=rt.float32)
        block = fn(t).tolist()
        strided = fn(rt.tensor([v for v in xs[:n] for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
        assert [bits(v) for v in block] == [bits(v) for v in strided]
        if name in ("erf", "erfc"):
            inplace = t.clone()
            getattr(inplace, name + "_")()
            assert [bits(v) for v in inplace.tolist()] == [bits(v) for v in block]
    for dt in (rt.float16, rt.bfloat16):
        h = rt.tensor(xs, dtype=rt.float32).to(dt)
        want = fn(h.to(rt.float32)).to(dt).tolist()
        got = fn(h).tolist()
        assert all(a == b or (math.isnan(a) and math.isnan(b)) for a, b in zip(got, want))


def test_erfinv_correctly_rounded():
    """erfinv's result g is right when erf at g's rounding bounds brackets |y| (erf increases);
    within 2^-50 of a bound (double erf cannot tell) either neighbour passes."""
    rnd = random.Random(3)
    ys = [f32(rnd.uniform(-1, 1)) for _ in range(30000)] + [f32(1 - rnd.random() * 1e-3) for _ in range(3000)]
    ys += [v for v in sample(20000, seed=4) if abs(v) < 1] + [f32(v) for v in (0.0, -0.0, 1e-45, -1e-45, 0.999, 0.9990001,
                                                                              -0.9990001, 1 - 2 ** -24, 0.5, -0.5)]
    got = rt.erfinv(rt.tensor(ys, dtype=rt.float32)).tolist()
    strided = rt.erfinv(rt.tensor([v for v in ys for _ in (0, 1)], dtype=rt.float32)[::2]).tolist()
    assert [bits(v) for v in got] == [bits(v) for v in strided]
    bad = []
    for y, g in zip(ys, got):
        if y == 0:
            ok = g == 0 and math.copysign(1, g) == math.copysign(1, y)
        else:
            ag = abs(g)
            lo = (ag + from_bits(bits(ag) - 1)) / 2 if ag > 0 else -1e-300
            hi = (ag + from_bits(bits(ag) + 1)) / 2
            tol = 2.0 ** -50 * abs(y)
            ok = (math.copysign(1, g) == math.copysign(1, y) and math.erf(lo) <= abs(y) + tol
                  and math.erf(hi) >= abs(y) - tol)
        if not ok:
            bad.append((y, g))
    assert not bad, bad[:5]
    special = rt.erfinv(rt.tensor([1.0, -1.0, 1.5, math.nan, math.inf], dtype=rt.float32)).tolist()
    assert special[:2] == [math.inf, -math.inf] and all(math.isnan(v) for v in special[2:])


# ---- rrelu
VALS = [-3.0, -1.0, 0.0, -0.0, 2.0, math.nan, -math.inf, math.inf, -1e-30, 5e-45]


def same(a, b):
    return all((math.isnan(x) and math.isnan(y)) or (x == y and math.copysign(1, x) == math.copysign(1, y))
               for x, y in zip(a, b)) and len(a) == len(b)


@pytest.mark.parametrize("dtype", [rt.float32, rt.float64, rt.float16, rt.bfloat16])
@pytest.mark.parametrize("args", [(), (0.1, 0.3), (1, 2), (0.2, 0.2)])
def test_rrelu_eval_is_leaky_relu(dtype, args):
    x = rt.tensor(VALS, dtype=dtype)
    lower, upper = args if args else (1 / 8, 1 / 3)
    want = F.leaky_relu(x, (lower + upper) / 2).tolist()
    assert same(F.rrelu(x, *args).tolist(), want)
    y = x.clone()
    assert F.rrelu(y, *args, inplace=True) is y and same(y.tolist(), want)
    y = x.clone()
    assert F.rrelu_(y, *args) is y and same(y.tolist(), want)


def test_rrelu_errors():
    with pytest.raises(RuntimeError, match="^Lower bound should be less than or equal to the upper bound$"):
        F.rrelu(rt.tensor([1.0]), 0.5, 0.1)
    with pytest.raises(RuntimeError, match="^Lower bound should be less than"):
        F.rrelu(rt.tensor([1]), 0.5, 0.1)          # before the dtype check, as torch
    with pytest.raises(NotImplementedError, match="\"leaky_relu_cpu\" not implemented for 'Long'"):
        F.rrelu(rt.tensor([1, -2]))
    with pytest.raises(NotImplementedError, match="\"rrelu_with_noise_out_cpu\" not implemented for 'Half'"):
        F.rrelu(rt.tensor([1.0], dtype=rt.float16), training=True)
    with pytest.raises(TypeError, match=r"rrelu\(\): argument 'training' \(position 4\) must be bool, not int"):
        F.rrelu(rt.tensor([1.0]), training=1)
    with pytest.raises(TypeError, match=r"rrelu\(\) missing 1 required positional argument: 'input'"):
        F.rrelu()
    with pytest.raises(RuntimeError, match="value cannot be converted to type double without overflow"):
        F.rrelu(rt.tensor([1.0]), 1j)
    for args, text in (((math.nan, 0.3), "lower bound must be finite, got nan"), ((0.1, math.inf), "upper bound must be finite, got inf"),
                       ((-math.inf, math.nan), "lower bound must be finite, got -inf")):
        for training in (False, True):          # before the order check, in both modes, as torch
            with pytest.raises(RuntimeError, match=f"^rrelu: {text}$"):
                F.rrelu(rt.tensor([1.0]), *args, training=training)


@pytest.mark.parametrize("dtype", [rt.float32, rt.float64, rt.bfloat16])
def test_rrelu_training_draws_slopes_in_bounds(dtype):
    random.seed(5)
    x = rt.tensor([-1.0] * 5000 + [-2.0, 3.0, -0.0, 0.0, math.nan, -math.inf], dtype=dtype)
    got = F.rrelu(x, 0.1, 0.4, training=True).tolist()
    slopes = [-v for v in got[:5000]]
    assert all(0.1 - 1e-3 <= s <= 0.4 + 1e-3 for s in slopes)
    assert max(slopes) - min(slopes) > 0.25 and abs(sum(slopes) / len(slopes) - 0.25) < 0.01    # spread out
    assert 0.1 - 1e-3 <= got[5000] / -2.0 <= 0.4 + 1e-3
    assert same(got[5001:], [3.0, -0.0, 0.0, math.nan, -math.inf])
    random.seed(5)
    assert same(F.rrelu(x, 0.1, 0.4, training=True).tolist(), got)      # random.seed reproduces them
    y = x.clone()
    assert F.rrelu_(y, 0.1, 0.4, True) is y and min(y.tolist()[:5000]) < 0


def test_rrelu_matches_torch():
    torch = pytest.importorskip("torch")
    for dt, tdt in ((rt.float32, torch.float32), (rt.float64, torch.float64), (rt.bfloat16, torch.bfloat16)):
        for args in ((), (0.1, 0.3), (1, 2)):
            got = F.rrelu(rt.tensor(VALS, dtype=dt), *args).tolist()
            assert same(got, torch.nn.functional.rrelu(torch.tensor(VALS, dtype=tdt), *args).tolist())
