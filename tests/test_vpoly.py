"""float32 orthogonal polynomials through csrc/vpoly.c's AVX-512 blocks (branch poly17): the
recurrence in 8 double lanes with the element function's operations, the rest of the lanes (large,
infinite or NaN degrees, |x| = 1, x = 0 or 1 for the shifted ones, the trigonometric forms inside
(-1, 1)) left to the element function.  Contiguous runs (the block, with masked tails; a Python
number for x or n: the broadcast run) must give the strided runs' bits (the element function),
signed zeros and NaNs included, in the vector flavour and in the baseline one.
scripts/vpoly_sweep.c checks every float32 x at fixed degrees."""
import functools
import math
import random
import struct

import pytest

import runtime as rt
from floats import f32

OPS = ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
       "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
       "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l",
       "legendre_polynomial_p"]

X_EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, math.inf, -math.inf, math.nan, 1e-45, -1e-45, 1e-30,
           f32(1 - 2.0 ** -24), f32(1 + 2.0 ** -23), f32(-1 + 2.0 ** -24), 3e38, -3e38, 1e19, 1e-5]
N_EDGES = [0.0, -0.0, 0.5, 0.999, 1.0, 1.5, 2.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 12.0, 64.0, 127.0, 128.0, 128.5,
           129.0, -0.5, -0.999, -1.0, -1.5, -7.0, math.nan, math.inf, -math.inf, 1e30, -1e30, -3e9]
# the element function's other methods; off x within 2^-54 of 0 and 1, where a shifted polynomial's
# 2x - 1 rounds to -+1 and special.c runs the recurrence to the degree
LARGE = [700.0, 4096.0, 4097.0, 70000.0, 3e9]


def _poly(name, x, n):
    """The polynomial's three-term recurrence in Python floats (to find its roots only)."""
    if name.startswith("shifted"):
        name, x = name[len("shifted_"):], 2 * x - 1
    kind = name[-1] if name.startswith("chebyshev") else name
    p1 = {"t": x, "u": 2 * x, "v": 2 * x - 1, "w": 2 * x + 1, "hermite_polynomial_h": 2 * x,
          "hermite_polynomial_he": x, "laguerre_polynomial_l": 1 - x, "legendre_polynomial_p": x}[kind]
    p, q = 1.0, p1
    for k in range(1, n):
        if kind == "hermite_polynomial_h":
            p, q = q, 2 * x * q - 2 * k * p
        elif kind == "hermite_polynomial_he":
            p, q = q, x * q - k * p
        elif kind == "laguerre_polynomial_l":
            p, q = q, ((2 * k + 1 - x) * q - k * p) / (k + 1)
        elif kind == "legendre_polynomial_p":
            p, q = q, ((2 * k + 1) * x * q - k * p) / (k + 1)
        else:
            p, q = q, 2 * x * q - p
    return q if n else 1.0


def _near_roots(name):
    """(x, n): the floats within 3 ulp of each root of the degree 2..12 polynomials, where the
    value cancels and the double recurrence's last bits reach the float: an operation done
    otherwise than the element function's shows there."""
    lo, hi = {"hermite_polynomial_h": (-6, 6), "hermite_polynomial_he": (-8, 8),
              "laguerre_polynomial_l": (0, 40)}.get(name, (-1, 1))
    if name.startswith("shifted"):
        lo, hi = 0, 1
    out = []
    for n in range(2, 13):
        grid = [lo + (hi - lo) * i / 4000 for i in range(4001)]
        for a, b in zip(grid, grid[1:]):
            if _poly(name, a, n) * _poly(name, b, n) < 0:
                for _ in range(60):
                    m = (a + b) / 2
                    a, b = (a, m) if _poly(name, a, n) * _poly(name, m, n) <= 0 else (m, b)
                bits = struct.unpack("<i", struct.pack("<f", f32(a)))[0]
                for d in range(-3, 4):
                    out.append((struct.unpack("<f", struct.pack("<i", bits + d))[0], float(n)))
    return out


def _pairs(seed):
    """(x, n) pairs: random bit patterns and uniform x against the degrees above, mixed in the
    vectors, then runs of one degree (the common case); large degrees only for moderate x."""
    rng = random.Random(seed)
    xs, ns = [], []
    for i in range(3000):
        b = struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0]
        xs.append(b if i % 3 == 0 else f32(rng.uniform(-3, 3)) if i % 3 == 1 else rng.choice(X_EDGES))
        ns.append(rng.choice(N_EDGES) if i % 2 else float(rng.randrange(13)))
    for n in (3.0, 5.0, 11.0):
        for _ in range(80):
            xs.append(f32(rng.uniform(-2, 2)))
            ns.append(n)
    for n in LARGE:
        for _ in range(5):
            xs.append(f32(rng.uniform(0.05, 0.95) * rng.choice([1, -1, 2])))
            ns.append(n)
    for x in X_EDGES:
        for n in N_EDGES:
            xs.append(f32(x))
            ns.append(n)
    return xs, ns


@functools.lru_cache(maxsize=None)
def _samples(name):
    xs, ns = _pairs(len(name))
    roots = _near_roots(name)
    return xs + [x for x, _ in roots], ns + [n for _, n in roots]


def _same(a, b):
    return (a == b and math.copysign(1, a) == math.copysign(1, b)) or (math.isnan(a) and math.isnan(b))


def _strided(values):
    return rt.tensor([v for v in values for _ in (0, 1)], dtype=rt.float32)[::2]


def _assert_same(what, xs, ns, got, want):
    bad = [(x, n, g, w) for x, n, g, w in zip(xs, ns, got, want) if not _same(g, w)]
    assert not bad, f"{what}: {len(bad)} of {len(got)} differ (x, n, block, element): {bad[:5]}"


@pytest.mark.parametrize("name", OPS)
def test_block_is_element_function(name, flavour):
    fn = getattr(rt.special, name)
    xs, ns = _samples(name)
    want = fn(_strided(xs), _strided(ns)).tolist()
    for m in (len(xs), len(xs) - 7, 13):          # masked tails
        got = fn(rt.tensor(xs[:m], dtype=rt.float32), rt.tensor(ns[:m], dtype=rt.float32)).tolist()
        _assert_same(f"{name} (contiguous, {m})", xs[:m], ns[:m], got, want[:m])


@pytest.mark.parametrize("name", OPS)
def test_number_operand(name, flavour):
    """A Python number for n (or x) broadcasts through the block (step 0)."""
    fn = getattr(rt.special, name)
    xs, _ = _samples(name)
    for n in (0, 1, 2, 5, 9, 12, 128, 2.5, -1, -0.5):
        want = fn(_strided(xs), _strided([float(n)] * len(xs))).tolist()
        _assert_same(f"{name}(x, {n})", xs, [n] * len(xs), fn(rt.tensor(xs, dtype=rt.float32), n).tolist(), want)
    ns = [float(n) for n in range(13)] * 40 + N_EDGES
    for x in (0.3, -1.7, 2.0, 1.0, 0.0):
        want = fn(_strided([x] * len(ns)), _strided(ns)).tolist()
        _assert_same(f"{name}({x}, n)", [x] * len(ns), ns, fn(x, rt.tensor(ns, dtype=rt.float32)).tolist(), want)
