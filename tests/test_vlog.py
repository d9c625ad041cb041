"""float32 log, log2, log10, log1p (csrc/vlog.h, issue 17 branch vlog): correctly rounded on every path.

Contiguous runs go through the AVX-512 block functions (float lanes, a rounding test, the lanes
it leaves redone by the element function), the rest through the element functions (double, a
rounding test, long double behind it).  Both must give the correctly rounded float32 everywhere;
the reference here is Python's double-precision math function rounded to float32, except where
that double is too close to a float rounding boundary to decide (then it is skipped), and the
hardest inputs (whose element result comes from long double, found by scripts/vlog_sweep.c) are
checked against mpmath's correctly rounded values, stored below.  scripts/vlog_sweep.c checks
every float32; this samples it without torch, numpy or mpmath."""
import math
import random
import struct

import pytest

import runtime as rt
from runtime import _threads

from floats import f32

FUNCS = {"log": math.log, "log2": math.log2, "log10": math.log10, "log1p": math.log1p}

# x -> (log, log2, log10) correctly rounded (mpmath, 200 bits), for inputs where one of the element
# functions' double results was too close to a rounding boundary (scripts/vlog_sweep.c "LD" lines):
# there the element function's answer comes from long double, and the block's rounding test fails
_HARD = {
    "0x1.cd2e2p-128": ("-0x1.6089720000000p+6", "-0x1.fc9a6e0000000p+6", "-0x1.3235ac0000000p+5"),
    "0x1.a969dp-122": ("-0x1.50396c0000000p+6", "-0x1.e511b20000000p+6", "-0x1.240a6c0000000p+5"),
    "0x1.4bf19ep-120": ("-0x1.4babe60000000p+6", "-0x1.de80360000000p+6", "-0x1.2016120000000p+5"),
    "0x1.ac142p-120": ("-0x1.4aa7740000000p+6", "-0x1.dd08780000000p+6", "-0x1.1f33d80000000p+5"),
    "0x1.56eb16p-111": ("-0x1.32968c0000000p+6", "-0x1.ba50280000000p+6", "-0x1.0a4c8e0000000p+5"),
    "0x1.a6d3a6p-104": ("-0x1.1e57920000000p+6", "-0x1.9d1ab40000000p+6", "-0x1.f16d5a0000000p+4"),
    "0x1.f43d86p-102": ("-0x1.181fd80000000p+6", "-0x1.9422540000000p+6", "-0x1.e6a03e0000000p+4"),
    "0x1.10764ap-97": ("-0x1.0cb11c0000000p+6", "-0x1.83a3ee0000000p+6", "-0x1.d2c3f80000000p+4"),
    "0x1.6abcd8p-93": ("-0x1.0074ec0000000p+6", "-0x1.71fd260000000p+6", "-0x1.bd82d00000000p+4"),
    "0x1.b76b5p-74": ("-0x1.96055a0000000p+5", "-0x1.24e1d60000000p+6", "-0x1.60aa500000000p+4"),
    "0x1.98bbb8p-69": ("-0x1.7adfca0000000p+5", "-0x1.114cc80000000p+6", "-0x1.4915fe0000000p+4"),
    "0x1.851924p-62": ("-0x1.5473a60000000p+5", "-0x1.eb2b080000000p+5", "-0x1.27b6700000000p+4"),
    "0x1.386b4p-59": ("-0x1.4592760000000p+5", "-0x1.d5b3880000000p+5", "-0x1.1ac9d20000000p+4"),
    "0x1.16d9e4p-46": ("-0x1.fcc9d00000000p+4", "-0x1.6f03600000000p+5", "-0x1.b9ed8c0000000p+3"),
    "0x1.f0c04ep-31": ("-0x1.4d31c40000000p+4", "-0x1.e0b2ac0000000p+4", "-0x1.2168b40000000p+3"),
    "0x1.e9951cp-28": ("-0x1.2c27ea0000000p+4", "-0x1.b108920000000p+4", "-0x1.04b64e0000000p+3"),
    "0x1.668af6p-16": ("-0x1.581c8c0000000p+3", "-0x1.f072ac0000000p+3", "-0x1.2ae4360000000p+2"),
    "0x1.6b21a6p-13": ("-0x1.1529940000000p+3", "-0x1.8fdc620000000p+3", "-0x1.e17b000000000p+1"),
    "0x1.41ea2cp-12": ("-0x1.02d6480000000p+3", "-0x1.756c420000000p+3", "-0x1.c1a55e0000000p+1"),
    "0x1.342c52p-6": ("-0x1.fc98540000000p+1", "-0x1.6edfb00000000p+2", "-0x1.b9c2920000000p+0"),
    "0x1.6681aep-2": ("-0x1.0cadaa0000000p+0", "-0x1.839ef60000000p+0", "-0x1.d2bdfc0000000p-2"),
    "0x1.07f0cap-1": ("-0x1.5340640000000p-1", "-0x1.e96fbc0000000p-1", "-0x1.26ab8e0000000p-2"),
    "0x1.0dad2ep-1": ("-0x1.483e780000000p-1", "-0x1.d98e560000000p-1", "-0x1.1d1bf00000000p-2"),
    "0x1.361bcap-1": ("-0x1.00b7ca0000000p-1", "-0x1.725d9e0000000p-1", "-0x1.bdf6f80000000p-3"),
    "0x1.40a70ap-1": ("-0x1.df32a60000000p-2", "-0x1.59ab0e0000000p-1", "-0x1.a039d80000000p-3"),
    "0x1.563a1ep-1": ("-0x1.9c84ca0000000p-2", "-0x1.2991c20000000p-1", "-0x1.664f280000000p-3"),
    "0x1.65518cp-1": ("-0x1.7054660000000p-2", "-0x1.09b1980000000p-1", "-0x1.3fed560000000p-3"),
    "0x1.663ff6p-1": ("-0x1.6daa0c0000000p-2", "-0x1.07c5600000000p-1", "-0x1.3d9ca80000000p-3"),
    "0x1.7b3426p-1": ("-0x1.3375060000000p-2", "-0x1.bb911e0000000p-2", "-0x1.0b0dca0000000p-3"),
    "0x1.97a024p-1": ("-0x1.d2e4e40000000p-3", "-0x1.50cafc0000000p-2", "-0x1.958a000000000p-4"),
    "0x1.9ff8a4p-1": ("-0x1.a963100000000p-3", "-0x1.32da100000000p-2", "-0x1.717c860000000p-4"),
    "0x1.a7e6dp-1": ("-0x1.82b5c40000000p-3", "-0x1.16f3ca0000000p-2", "-0x1.4fe45c0000000p-4"),
    "0x1.aed19p-1": ("-0x1.618fc40000000p-3", "-0x1.fe14e00000000p-3", "-0x1.3319860000000p-4"),
    "0x1.b2067cp-1": ("-0x1.525fc60000000p-3", "-0x1.e82bae0000000p-3", "-0x1.25e8740000000p-4"),
    "0x1.e9e286p-1": ("-0x1.69b62a0000000p-5", "-0x1.04eb760000000p-4", "-0x1.3a2dbe0000000p-6"),
    "0x1.01c7d4p+0": ("0x1.c6400e0000000p-8", "0x1.47ac1a0000000p-7", "0x1.8a8e840000000p-9"),
    "0x1.2c982p+0": ("0x1.48e0320000000p-3", "0x1.da77a80000000p-3", "0x1.1da86a0000000p-4"),
    "0x1.416d88p+0": ("0x1.d21dae0000000p-3", "0x1.503b480000000p-2", "0x1.94dcf80000000p-4"),
    "0x1.44547ap+0": ("0x1.e4862c0000000p-3", "0x1.5d82a00000000p-2", "0x1.a4da300000000p-4"),
    "0x1.4fad1ep+0": ("0x1.1579140000000p-2", "0x1.904f100000000p-2", "0x1.e205180000000p-4"),
    "0x1.556942p+0": ("0x1.26d1e60000000p-2", "0x1.a955d00000000p-2", "0x1.0013cc0000000p-3"),
    "0x1.55e888p+0": ("0x1.284f5a0000000p-2", "0x1.ab7c240000000p-2", "0x1.015f1e0000000p-3"),
    "0x1.69b7cap+0": ("0x1.61fbd60000000p-2", "0x1.feb0cc0000000p-2", "0x1.3377640000000p-3"),
    "0x1.7277dp+0": ("0x1.7a75b80000000p-2", "0x1.1100460000000p-1", "0x1.48b9dc0000000p-3"),
    "0x1.8c4ec4p+0": ("0x1.bf80720000000p-2", "0x1.42cde60000000p-1", "0x1.84b1f20000000p-3"),
    "0x1.92a3aep+0": ("0x1.cfbb8c0000000p-2", "0x1.4e832a0000000p-1", "0x1.92cb040000000p-3"),
    "0x1.9edc2ep+0": ("0x1.ee59a60000000p-2", "0x1.6499280000000p-1", "0x1.ad631a0000000p-3"),
    "0x1.a9bab8p+0": ("0x1.046aae0000000p-1", "0x1.77b3b20000000p-1", "0x1.c463e40000000p-3"),
    "0x1.af8636p+0": ("0x1.0b56c20000000p-1", "0x1.81b0420000000p-1", "0x1.d06a4e0000000p-3"),
    "0x1.b07712p+0": ("0x1.0c743a0000000p-1", "0x1.834c1a0000000p-1", "0x1.d25a360000000p-3"),
    "0x1.b13b14p+0": ("0x1.0d5c140000000p-1", "0x1.849a960000000p-1", "0x1.d3ecf80000000p-3"),
    "0x1.c54db2p+0": ("0x1.248c800000000p-1", "0x1.a60f0a0000000p-1", "0x1.fc359a0000000p-3"),
    "0x1.d1ca0ep+0": ("0x1.3275ea0000000p-1", "0x1.ba21140000000p-1", "0x1.0a30360000000p-2"),
    "0x1.daf51ep+0": ("0x1.3c70c40000000p-1", "0x1.c886f20000000p-1", "0x1.12db520000000p-2"),
    "0x1.dfecfcp+0": ("0x1.41c4b60000000p-1", "0x1.d036b40000000p-1", "0x1.177c060000000p-2"),
    "0x1.e294dap+0": ("0x1.4498040000000p-1", "0x1.d44a340000000p-1", "0x1.19f0480000000p-2"),
    "0x1.e762c4p+0": ("0x1.49aa740000000p-1", "0x1.db9b740000000p-1", "0x1.1e58160000000p-2"),
    "0x1.f478fep+0": ("0x1.573b740000000p-1", "0x1.ef2df00000000p-1", "0x1.2a20b40000000p-2"),
    "0x1.f77c98p+0": ("0x1.5a4e760000000p-1", "0x1.f39d580000000p-1", "0x1.2ccc480000000p-2"),
    "0x1.fb0df6p+0": ("0x1.5debfe0000000p-1", "0x1.f8d49c0000000p-1", "0x1.2ff0320000000p-2"),
    "0x1.fe657p+0": ("0x1.6148fa0000000p-1", "0x1.fdaec00000000p-1", "0x1.32dc0a0000000p-2"),
    "0x1.fee60ep+0": ("0x1.61c9f00000000p-1", "0x1.fe68cc0000000p-1", "0x1.334c0c0000000p-2"),
    "0x1.264fa8p+18": ("0x1.93b72c0000000p+3", "0x1.23381c0000000p+4", "0x1.5ea9b00000000p+2"),
    "0x1.d4b142p+23": ("0x1.08c1240000000p+4", "0x1.7df5c00000000p+4", "0x1.cbecf60000000p+2"),
    "0x1.9215acp+27": ("0x1.32a9d20000000p+4", "0x1.ba6bf40000000p+4", "0x1.0a5d4a0000000p+3"),
    "0x1.5a938p+38": ("0x1.aa47c20000000p+4", "0x1.337f080000000p+5", "0x1.72432a0000000p+3"),
    "0x1.03eceap+49": ("0x1.0fd5de0000000p+5", "0x1.882cf60000000p+5", "0x1.d839fc0000000p+3"),
    "0x1.22ac76p+56": ("0x1.378bce0000000p+5", "0x1.c177500000000p+5", "0x1.0e9b040000000p+4"),
    "0x1.c98d2ep+65": ("0x1.6d150e0000000p+5", "0x1.0759e60000000p+6", "0x1.3d1b3c0000000p+4"),
    "0x1.08b588p+66": ("0x1.6e3fd60000000p+5", "0x1.08316c0000000p+6", "0x1.3e1ec20000000p+4"),
    "0x1.4f1466p+66": ("0x1.7022a00000000p+5", "0x1.098dae0000000p+6", "0x1.3fc21a0000000p+4"),
    "0x1.553d6ep+67": ("0x1.75d3800000000p+5", "0x1.0da8980000000p+6", "0x1.44b3860000000p+4"),
    "0x1.34b53ep+73": ("0x1.964bb20000000p+5", "0x1.2514940000000p+6", "0x1.60e76a0000000p+4"),
    "0x1.4d8a1ap+76": ("0x1.a78cd80000000p+5", "0x1.3186e00000000p+6", "0x1.6fe4180000000p+4"),
    "0x1.87b03ep+76": ("0x1.a8d5f80000000p+5", "0x1.32744a0000000p+6", "0x1.7101f80000000p+4"),
    "0x1.5e9c8ep+85": ("0x1.d9db2a0000000p+5", "0x1.55d09e0000000p+6", "0x1.9b96100000000p+4"),
    "0x1.5fc5dcp+88": ("0x1.ea84a20000000p+5", "0x1.61d5820000000p+6", "0x1.aa0f000000000p+4"),
    "0x1.ad5d32p+99": ("0x1.148e080000000p+6", "0x1.8efbf60000000p+6", "0x1.e06cc60000000p+4"),
    "0x1.cf7e9ap+101": ("0x1.1a67ec0000000p+6", "0x1.976cf60000000p+6", "0x1.ea96e00000000p+4"),
    "0x1.2a2454p+113": ("0x1.39e9800000000p+6", "0x1.c4e1220000000p+6", "0x1.10a91c0000000p+5"),
}
HARD = {float.fromhex(x): tuple(float.fromhex(v) for v in vals) for x, vals in _HARD.items()}
# the same for log1p (its element function's long double cases: log of 1 + x too close to a boundary)
_HARD1P = {
    "-0x1.e61154p-3": "-0x1.15714c0000000p-2",
    "-0x1.d8186p-3": "-0x1.0c52ac0000000p-2",
    "-0x1.d2bf0ep-3": "-0x1.08da6a0000000p-2",
    "-0x1.c82316p-3": "-0x1.0201780000000p-2",
    "-0x1.a6ff34p-3": "-0x1.d9d01e0000000p-3",
    "-0x1.740846p-3": "-0x1.9a91960000000p-3",
    "-0x1.66bc26p-3": "-0x1.8a623a0000000p-3",
    "-0x1.282fb8p-3": "-0x1.3fec240000000p-3",
    "-0x1.1ab3fp-3": "-0x1.3038340000000p-3",
    "-0x1.03db1ap-3": "-0x1.15e23e0000000p-3",
    "-0x1.c3be04p-6": "-0x1.ca163e0000000p-6",
    "-0x1.c38a34p-6": "-0x1.c9e0f80000000p-6",
    "-0x1.9c0e9p-6": "-0x1.a153ba0000000p-6",
    "-0x1.96547p-6": "-0x1.9b740c0000000p-6",
    "-0x1.8eaabap-6": "-0x1.9398ec0000000p-6",
    "-0x1.3ad82ap-6": "-0x1.3de8aa0000000p-6",
    "-0x1.03d6aap-6": "-0x1.05ebc80000000p-6",
    "0x1.190a5ap-7": "0x1.17d7940000000p-7",
    "0x1.25bd72p-7": "0x1.246e660000000p-7",
    "0x1.351c72p-7": "0x1.33a98a0000000p-7",
    "0x1.4b2408p-7": "0x1.497a900000000p-7",
    "0x1.8a77bp-7": "0x1.881cb00000000p-7",
    "0x1.9409b4p-7": "0x1.9191360000000p-7",
    "0x1.de0bacp-7": "0x1.da97920000000p-7",
    "0x1.ffbf82p-7": "0x1.fbcb0a0000000p-7",
    "0x1.05048cp+0": "0x1.67e27c0000000p-1",
    "0x1.1d4f6p+0": "0x1.7f64a80000000p-1",
    "0x1.4a49d6p+0": "0x1.a842c40000000p-1",
    "0x1.5c9364p+0": "0x1.b7fca80000000p-1",
    "0x1.728f2ap+0": "0x1.ca46140000000p-1",
    # log1pl rounds these onto a float midpoint (the element function lists them)
    "0x1.800006p-21": "0x1.7ffffe0000000p-21",
    "-0x1.7ffffap-21": "-0x1.8000020000000p-21",
}
HARD1P = {float.fromhex(x): float.fromhex(v) for x, v in _HARD1P.items()}


def bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def from_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def reference(name, x):
    """The correctly rounded float32 of log_B x (or log1p x), or None where the double result
    cannot decide."""
    pole = -1.0 if name == "log1p" else 0.0
    if math.isnan(x) or x < pole:
        return math.nan
    if x == pole:
        return -math.inf
    if math.isinf(x):
        return math.inf
    if name == "log1p":
        if x in HARD1P:
            return HARD1P[x]
    elif x in HARD:
        return HARD[x][list(FUNCS).index(name)]
    v = FUNCS[name](x)
    r = f32(v)
    if v != r:
        # the float on v's other side of r, and the midpoint between them
        other = from_bits(bits(r) + 1) if (abs(v) > abs(r)) else from_bits(bits(r) - 1)
        mid = (r + other) / 2
        if abs(v - mid) <= abs(v) * 2.0 ** -45:
            return None
    return r


def same(a, b):
    key = lambda v: "nan" if math.isnan(v) else (v, math.copysign(1, v))   # noqa: E731
    return [key(v) for v in a] == [key(v) for v in b]


EDGES = [0.0, -0.0, -1.0, -1e-30, math.inf, -math.inf, math.nan, 1.0, 2.0, 0.5, 10.0, 100.0, 1e10,
         1e-45, 2e-45, 1.1754942e-38, 1.17549435e-38, 3.4028235e38, 0.69921875, 0.6992187, 1.3984375, 1.3984374,
         0.98046875, 1.0234375, 0.99999994, 1.0000001, 0.9999999, 1.0000002, 2.0 ** -126, 2.0 ** 127, 2.0 ** -149]
EDGES += [10.0 ** k for k in range(11)] + [2.0 ** k for k in range(-149, 128, 7)]
# log1p: its pole, the switch to z = x (|x| < 2^-5) and to x itself (|x| < 2^-25), 1 + x inexact
EDGES += [-0.99999994, -0.5, 0.03125, 0.031249998, 0.031250004, -0.03125, -0.031249998, -0.031250004,
          2.0 ** -25, 2.9802320e-08, 2.9802326e-08, -(2.0 ** -25), -2.9802320e-08, 1e-30, -1e-30,
          16777216.0, 16777218.0, 1e30, -1e-7, 3e-5, -0.75, 0.75]


def sample(n, seed):
    """Random float32 bit patterns, mostly positive (the computed ones), uniform values near 1,
    the edges, the hard cases, and each interval boundary of the tables (x = 2^k m, m's top 5 bits)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        b = rng.getrandbits(32)
        out.append(from_bits(b & 0x7FFFFFFF if b & 0x30000000 else b))
        out.append(f32(rng.uniform(0.5, 2.0)))
        out.append(f32(rng.uniform(-0.05, 0.05)))
    out = [v for v in out if not math.isnan(v)]
    for i in range(33):
        for k in (-3, -1, 0, 1, 5):
            b = 0x3F330000 + i * (1 << 18) + k
            out += [from_bits(b), from_bits(b - (9 << 23)), from_bits(b + (40 << 23))]
    return out + [f32(v) for v in EDGES] + list(HARD) + list(HARD1P)


def check(name, xs, got):
    bad = []
    for x, g in zip(xs, got):
        e = reference(name, x)
        if e is None:
            continue
        if not same([g], [e]):
            bad.append((x, e, g))
    assert not bad, f"{name}: {len(bad)} of {len(xs)} not correctly rounded, e.g. {bad[:5]}"


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_correctly_rounded(name, flavour):
    xs = sample(60_000, seed=len(name))
    got = getattr(rt, name)(rt.tensor(xs, dtype=rt.float32)).tolist()
    check(name, xs, got)


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_every_walk_gives_the_same_values(name):
    """Contiguous (block functions, at every output alignment, ordinary and streaming stores),
    strided and in-place runs, out= float64, threads: the same correctly rounded values."""
    xs = sample(4000, seed=3)
    base = rt.tensor(xs, dtype=rt.float32)
    want = getattr(rt, name)(base).tolist()
    check(name, xs, want)
    wide = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    assert same(getattr(rt, name)(wide[::2]).tolist(), want)
    out = rt.empty(len(xs), dtype=rt.float64)
    getattr(rt, name)(base, out=out)
    assert same(out.tolist(), want)
    saved = {k: _threads._config(k) for k in ("grain", "nt_bytes")}
    threads = rt.get_num_threads()
    try:
        for nt_bytes in (1 << 60, 64):
            _threads._config("nt_bytes", nt_bytes)
            for start in (0, 1, 7):
                inplace = rt.tensor(xs[start:], dtype=rt.float32)
                getattr(inplace, name + "_")()
                assert same(inplace.tolist(), want[start:])
        _threads._config("grain", 16)
        rt.set_num_threads(2)
        assert same(getattr(rt, name)(base).tolist(), want)
    finally:
        for k, v in saved.items():
            _threads._config(k, v)
        rt.set_num_threads(threads)


def interval_ends(run, binades):
    """`run` consecutive floats at both ends of each of the 32 table intervals (x = 2^k m, m's
    top 5 bits), in each binade offset of `binades`: where |z| = |m/c - 1| is largest, and with
    it the error of the blocks' polynomial R and their rounding test's bound on it."""
    out = []
    for i in range(32):
        lo = 0x3F330000 + i * (1 << 18)
        for e in binades:
            out += [from_bits(lo + (e << 23) + j) for j in range(run)]
            out += [from_bits(lo + (e << 23) - 1 - j) for j in range(run)]
    return out


@pytest.mark.parametrize("name", sorted(FUNCS))
def test_largest_z_of_each_interval(name, flavour):
    """Dense runs where the blocks' z is largest (log1p: x = m - 1, its own k = 0 split)."""
    xs = interval_ends(400, (0, 1, -1, 7, -30))
    if name == "log1p":
        xs = [f32(x - 1) for x in xs if x < 2.0]
    got = getattr(rt, name)(rt.tensor(xs, dtype=rt.float32)).tolist()
    check(name, xs, got)
