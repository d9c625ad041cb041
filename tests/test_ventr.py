"""float32 special.entr and special.xlog1py through their AVX-512 blocks (csrc/vlogc.c,
ew_vl_entrf_block and ew_vl_xlog1pyf_block; branch log17): the element functions' bits on every path.

The element functions are special.c's entr and xlog1py in double, -x log x and x log1p y,
rounded to float32; Python's math.log and math.log1p are the same C library's, so
f32(-x * math.log(x)) and f32(x * math.log1p(y)) are those functions' values exactly.  The
blocks compute in float lanes with a rounding test and hand what they cannot prove to the
element function; scripts/ventr_sweep.c checks every float32 for entr and
scripts/vxlog1py_sweep.c every y for a few x, this samples them."""
import math
import random
import struct


import runtime as rt
from runtime import _threads

from floats import f32


def from_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def element(x):
    """The element function's float32 value (signs of zero and nan as it gives them)."""
    if math.isnan(x):
        return x
    if x > 0:
        return f32(-x * math.log(x))
    return 0.0 if x == 0 else -math.inf


def key(v):
    return "nan" if math.isnan(v) else (v, math.copysign(1, v))


EDGES = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 2.0 ** -149, 2.0 ** -126, 2.0 ** -100,
         f32(2.0 ** -100 * (1 - 2.0 ** -24)), 2.0 ** 100, f32(2.0 ** 100 * (1 + 2.0 ** -23)), 3.4028235e38,
         math.exp(-1), f32(math.exp(-1)), 0.99999994, 1.0000001, 0.5, 2.0, 1e-30, 1e30]


def sample(n, seed):
    """Random bit patterns, uniform (0, 2) and near 1 (where -x log x is near 0), the edges and
    runs of consecutive floats at 1 and at the table intervals' ends."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        out.append(from_bits(rng.getrandbits(32)))
        out.append(f32(rng.uniform(0.0, 2.0)))
        out.append(f32(1 + rng.uniform(-2.0 ** -10, 2.0 ** -10)))
    for i in range(33):
        b = 0x3F330000 + i * (1 << 18)
        out += [from_bits(b + j) for j in range(-20, 20)]
    out += [from_bits(0x3F800000 + j) for j in range(-300, 300)]
    return [v for v in out if not math.isnan(v)] + [f32(v) for v in EDGES]


def test_element_bits(flavour):
    xs = sample(60_000, seed=17)
    got = rt.special.entr(rt.tensor(xs, dtype=rt.float32)).tolist()
    bad = [(x, element(x), g) for x, g in zip(xs, got) if key(g) != key(element(x))]
    assert not bad, f"{len(bad)} of {len(xs)} differ, e.g. {bad[:5]}"


def test_every_walk_gives_the_same_values():
    """Contiguous (the block, ordinary and streamed stores, every alignment), strided, in place
    through out=: the same values."""
    xs = sample(4000, seed=5)
    want = [element(x) for x in xs]
    base = rt.tensor(xs, dtype=rt.float32)
    wide = rt.tensor([v for x in xs for v in (x, 0.5)], dtype=rt.float32)
    assert [key(v) for v in rt.special.entr(wide[::2]).tolist()] == [key(v) for v in want]
    saved = _threads._config("nt_bytes")
    try:
        for nt_bytes in (1 << 60, 64):
            _threads._config("nt_bytes", nt_bytes)
            for start in (0, 1, 7):
                out = rt.empty(len(xs) - start, dtype=rt.float32)
                rt.special.entr(base[start:], out=out)
                assert [key(v) for v in out.tolist()] == [key(v) for v in want[start:]]
    finally:
        _threads._config("nt_bytes", saved)


def element_xlog1py(x, y):
    if math.isnan(y):
        return math.nan
    if x == 0:
        return 0.0
    if y == -1:
        return x * -math.inf if not math.isnan(x) else x
    if y < -1 or math.isnan(x):
        return math.nan
    if math.isinf(y):
        return x * y
    return f32(x * math.log1p(y))


def pairs(n, seed):
    """Random bit patterns and uniform values for both, y near 0 and -1, and the special values."""
    rng = random.Random(seed)
    special = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 2.0 ** -149, 2.0 ** -26, -0.99999994,
               3.4028235e38, 1e-30, 2.0 ** -90 / 0.3, 2.0 ** 100]
    special = [f32(v) for v in special]
    xs, ys = [], []
    for _ in range(n):
        kind = rng.randrange(4)
        if kind == 0:
            x, y = from_bits(rng.getrandbits(32)), from_bits(rng.getrandbits(32))
        elif kind == 1:
            x, y = f32(rng.uniform(-3, 3)), f32(rng.uniform(-1, 3))
        elif kind == 2:
            x, y = f32(rng.uniform(0, 1)), f32(rng.uniform(-2.0 ** -20, 2.0 ** -20))
        else:
            x, y = rng.choice(special + [f32(rng.uniform(-3, 3))]), rng.choice(special + [f32(rng.uniform(-1, 3))])
        xs.append(x)
        ys.append(y)
    return xs, ys


def test_xlog1py_element_bits(flavour):
    xs, ys = pairs(60_000, seed=17)
    got = rt.special.xlog1py(rt.tensor(xs, dtype=rt.float32), rt.tensor(ys, dtype=rt.float32)).tolist()
    bad = [(x, y, element_xlog1py(x, y), g) for x, y, g in zip(xs, ys, got) if key(g) != key(element_xlog1py(x, y))]
    assert not bad, f"{len(bad)} of {len(xs)} differ, e.g. {bad[:5]}"


def test_xlog1py_broadcast_and_streamed():
    """A number on either side (stride 0), ordinary and streamed stores: the same values."""
    xs, ys = pairs(3000, seed=5)
    yt = rt.tensor(ys, dtype=rt.float32)
    saved = _threads._config("nt_bytes")
    try:
        for nt_bytes in (1 << 60, 64):
            _threads._config("nt_bytes", nt_bytes)
            for x in (0.75, -2.5, 0.0, math.nan):
                got = rt.special.xlog1py(x, yt).tolist()
                assert [key(v) for v in got] == [key(element_xlog1py(f32(x), y)) for y in ys]
            for y in (0.5, 0.0, -1.0):
                got = rt.special.xlog1py(rt.tensor(xs, dtype=rt.float32), y).tolist()
                assert [key(v) for v in got] == [key(element_xlog1py(x, f32(y))) for x in xs]
    finally:
        _threads._config("nt_bytes", saved)
