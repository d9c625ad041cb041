"""float32 exp, exp2, tanh, sinh, cosh, sigmoid (special.expit), silu, mish and gelu(approximate=
'tanh') through csrc/vexp.h's AVX-512 blocks (a fast double evaluation, a rounding test per lane,
a scalar reference for the lanes that fail it or lie outside the fast range).

Against Python's double-precision math rounded once to float32: where the CPU runs the AVX-512
blocks, every result must be the correctly rounded one (the double reference's own error, near
2^-52, leaves one ulp only where it lies within 2^-40 of a rounding boundary); elsewhere (the
AVX2 blocks) within 1 ulp.  The samples: random bit patterns, values in each function's range,
the fast paths' range boundaries and special values, in blocks whose lengths leave masked tails."""
import math
import os
import random
import struct

import pytest

import runtime as rt

from floats import F32_MAX, f32, ordinal


def _has_avx512():
    if os.environ.get("EW_NO_AVX512"):
        return False
    try:
        flags = open("/proc/cpuinfo").read()
    except OSError:
        return False
    return " avx512f" in flags and " avx512dq" in flags


AVX512 = _has_avx512()


def near_boundary(d):
    """d (a double) within 2^-40 relative of a float32 rounding boundary (a midpoint)."""
    if d == 0 or math.isinf(d) or math.isnan(d):
        return False
    a = abs(d)
    if a < 2.0 ** -126:
        v = a * 2.0 ** 149
    else:
        m, e = math.frexp(a)
        v = m * 2.0 ** 24
    return abs(v - math.floor(v) - 0.5) < 2.0 ** -16


def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


SIGMOID_ZERO = float.fromhex("-0x1.62e42ep+6")


def _sigmoid(x):
    if x < SIGMOID_ZERO:                 # torch's 0 where its e^-x overflows float
        return 0.0
    return 1 / (1 + _exp(-x))


def _silu(x):
    if x == -math.inf:
        return math.nan
    return x / (1 + _exp(-x))


def _gelu_tanh(x):
    if x == -math.inf:
        return math.nan
    kb, kk = f32(0.79788456080286535588), f32(0.044715)     # torch's constants, as floats
    u = kb * (x + kk * x * x * x)
    return x / (1 + _exp(min(-2 * u, 20000.0)))


def _mish(x):
    if x == -math.inf:
        return math.nan
    e = math.exp(min(x, 40.0))
    n = e * (e + 2)
    return x * n / (n + 2)


def _hyp(f):
    def g(x):
        try:
            return f(x)
        except OverflowError:
            return math.copysign(math.inf, x) if f is math.sinh else math.inf
    return g


# name: (call, reference in double, a range of ordinary values, the fast paths' edges)
FUNCS = {
    "exp": (rt.exp, _exp, 90, [-87.33, -87.3301, 88.72, 88.7228, 88.72284, -103.97, -104.0, 2.0 ** -25, -(2.0 ** -25)]),
    "exp2": (rt.exp2, lambda x: math.inf if x >= 128 else 2.0 ** x, 130, [-126.0, -126.0001, 127.9999, 128.0, -149.0, -150.0, 0.5]),
    "tanh": (rt.tanh, math.tanh, 10, [2.0 ** -13, -(2.0 ** -13), 2.0 ** -13 * 1.0001, 9.01, 10.0, 10.5, -9.1]),
    "sinh": (rt.sinh, _hyp(math.sinh), 90, [89.41, 89.4099, 89.4159, 89.416, -89.41, 2.0 ** -12, -(2.0 ** -12), 2.0 ** -12 * 1.01]),
    "cosh": (rt.cosh, _hyp(math.cosh), 90, [89.41, 89.4099, 89.4159, 89.416, -89.41, 2.0 ** -12]),
    "sigmoid": (rt.sigmoid, _sigmoid, 90, [-87.33, -87.3301, float.fromhex("-0x1.62e42ep+6"), float.fromhex("-0x1.62e430p+6"),
                                   float.fromhex("-0x1.62e42cp+6"), -103.0, 17.0, 100.0, 101.0]),
    "special.expit": (rt.special.expit, _sigmoid, 90, [-87.33, -87.3301, -88.7228, 30.0]),
    "silu": (rt.nn.functional.silu, _silu, 90, [-87.33, -87.3301, -100.0, 100.0, 101.0]),
    "mish": (rt.nn.functional.mish, _mish, 90, [-85.0, -85.0001, 40.0, 40.5, 39.9]),
    "gelu_tanh": (lambda t: rt.nn.functional.gelu(t, approximate="tanh"), _gelu_tanh, 10,
                  [-9.0, -9.0001, -8.9999, 9.0, 10.0, 100.0]),
}
SPECIALS = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-45, -1e-45, 1.17549435e-38, -1.17549435e-38, 1e-20, -1e-20,
            1.0, -1.0, F32_MAX, -F32_MAX]


def sample(rng, n, lim):
    out = []
    while len(out) < n:
        v = struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0]
        if not math.isnan(v):
            out.append(v)
        out.append(f32(rng.uniform(-lim, lim)))
        out.append(f32(rng.gauss(0, 3)))
    return out[:n]


def check(name, xs, got, ref):
    bad = []
    for x, g in zip(xs, got):
        d = ref(x)
        e = f32(d)
        if math.isnan(e) or math.isnan(g):
            if not (math.isnan(e) and math.isnan(g)):
                bad.append((x, e, g))
            continue
        if e == 0 and g == 0 and math.copysign(1, e) != math.copysign(1, g):
            bad.append((x, e, g))
            continue
        limit = 1 if (near_boundary(d) or not AVX512) else 0
        if math.isinf(e) or math.isinf(g):
            limit = 0 if AVX512 else limit
        if abs(ordinal(e) - ordinal(g)) > limit:
            bad.append((x, e, g))
    assert not bad, f"{name}: {len(bad)} of {len(xs)} not correctly rounded, e.g. {bad[:5]}"


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_correctly_rounded(name):
    call, ref, lim, edges = FUNCS[name]
    rng = random.Random(name)
    xs = [f32(v) for v in SPECIALS + edges + [-e for e in edges]] + sample(rng, 60_000 + 13, lim)
    got = call(rt.tensor(xs, dtype=rt.float32)).tolist()
    check(name, xs, got, ref)


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_tails_in_place_and_strided(name):
    """Lengths that leave a masked last step, an output that is the input, a strided input (the
    element function, within 1 ulp): every walk of the same values."""
    call, ref, lim, edges = FUNCS[name]
    rng = random.Random(name + "walks")
    xs = [f32(v) for v in edges + SPECIALS] + sample(rng, 997, lim)
    for n in (1, 5, 15, 16, 17, 31, 64, 100, len(xs)):
        got = call(rt.tensor(xs[:n], dtype=rt.float32)).tolist()
        check(name, xs[:n], got, ref)
    if name in ("silu", "mish"):
        t = rt.tensor(xs, dtype=rt.float32)
        got = getattr(rt.nn.functional, name)(t, inplace=True).tolist()
        check(name, xs, got, ref)
    elif "." not in name and name != "gelu_tanh":
        t = rt.tensor(xs, dtype=rt.float32)
        getattr(t, name + "_")()
        check(name, xs, t.tolist(), ref)
    wide = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    got = call(wide[::2]).tolist()
    for x, g in zip(xs, got):
        e = f32(ref(x))
        assert (math.isnan(e) and math.isnan(g)) or abs(ordinal(e) - ordinal(g)) <= 1, (name, x, e, g)


# Inputs whose correctly rounded result is decided by a term far below double (and long double)
# precision: 1/2 + x/4 (sigmoid), x/2 + x^2/4 (silu) or x/2 (a subnormal result) lie exactly on a
# float midpoint; the expected floats were computed with mpmath (400 bits).
TIES = {
    "sigmoid": [("0x1.8p-22", "0x1.000002p-1"), ("0x1.cp-21", "0x1.000006p-1"), ("-0x1.8p-23", "0x1.fffffep-2"),
                ("-0x1.cp-22", "0x1.fffffap-2")],
    "gelu_tanh": [("0x1p-23", "0x1.000002p-24"), ("-0x1p-23", "-0x1.fffffcp-25"), ("0x1p-149", "0x1p-149"),
                  ("-0x1p-149", "-0x0p+0"), ("0x1.8p-148", "0x1p-148"), ("-0x1.8p-148", "-0x1p-149")],
    # not ties: glibc's double exp2 rounds these to a float the wrong way (the fallback uses exp2l)
    "exp2": [("0x1.853a6ep-9", "0x1.00870ap+0"), ("-0x1.e7526ep-6", "0x1.f58d62p-1")],
}


@pytest.mark.skipif(not AVX512, reason="the AVX2 blocks round these ties to even")
@pytest.mark.parametrize("name", sorted(TIES))
def test_ties_below_long_double(name):
    call = FUNCS[name][0]
    xs = [float.fromhex(x) for x, _ in TIES[name]]
    want = [float.fromhex(y) for _, y in TIES[name]]
    for pad in (0, 32):              # in the masked last step, and in a full step
        got = call(rt.tensor(xs + [0.5] * pad, dtype=rt.float32)).tolist()[:len(xs)]
        assert same_bits(got, want), (name, pad, got, want)


def same_bits(a, b):
    return [struct.pack("<f", v) for v in a] == [struct.pack("<f", v) for v in b]
