"""The special set (tests/data/golden_special.json.gz): the functions only torch.special has
(rt.special), their values against mpmath and their outcomes (result dtypes and errors) from
torch.

What is covered
---------------
Unary: i0e i1 i1e ndtr ndtri log_ndtr erfcx entr airy_ai bessel_j0 bessel_j1 bessel_y0
bessel_y1 modified_bessel_i0 modified_bessel_i1 modified_bessel_k0 modified_bessel_k1
scaled_modified_bessel_k0 scaled_modified_bessel_k1 spherical_bessel_j0.
Binary: xlog1py zeta and the polynomials chebyshev_polynomial_t/u/v/w,
shifted_chebyshev_polynomial_t/u/v/w, hermite_polynomial_h/he, laguerre_polynomial_l,
legendre_polynomial_p (x and n as tensors or Python numbers).

Families: `values` (each floating dtype torch runs the op on, over the op's arguments that
matter: large arguments, the branch points of the approximations, zeros and poles, the
tails, random values), `ints` (integer and bool inputs, computed in the default float),
`errors` (every dtype of the 16 torch rejects, with its NotImplementedError), `forms` (0-dim
operands, out= of another dtype, Python numbers in either position, mixed dtypes).

Expected values
---------------
Unlike the other sets, `expect` holds the correctly rounded value (mpmath at 256 bits or more,
rounded to the result's format), not torch's, and the rule is `ulp`: within 1 ulp (2 for
float16/bfloat16) of it.  Where torch itself is further from it than that, the element also
records torch's value (`torch_off`), and a value no further from the expected one than
torch's passes: never less accurate than torch.  Every such element is
listed in meta["torch_off"] with both values, so the data also says where torch is off.
Inputs where the function has no finite real value torch's convention decides (NaN outside
the domain, the value at +-inf, the Hermite degree limit): the expected value is torch's.
"""
from __future__ import annotations

import math
import random
import sys

import mpmath
import torch
from golden_format import close, dec, enc

from .common import DTYPES, INF, NAN, TD, category, rounded, scalar, tensor
from .oracle import case_length, settle

SEED = 20261124
R = random.Random(SEED)

# ----------------------------------------------------------------------------- references
# Each: mpmath function of mpf arguments -> mpf, or None where torch's convention decides.
mp = mpmath


def _ndtri(y):
    if not 0 < y < 1:
        return None
    with mp.workprec(300 + int(-mp.log(min(y, 1 - y), 2))):
        return -mp.sqrt(2) * mp.erfinv(1 - 2 * y)


def _real(f):
    """f, with complex or failing values (outside the real domain) left to torch's convention."""
    def g(*xs):
        try:
            v = f(*xs)
        except (ValueError, ZeroDivisionError, OverflowError):
            return None
        if isinstance(v, mp.mpc):
            return v.real if v.imag == 0 else None
        return v
    return g


UNARY = {
    "i0e": lambda x: mp.besseli(0, x) * mp.exp(-abs(x)),
    "i1": lambda x: mp.besseli(1, x),
    "i1e": lambda x: mp.besseli(1, x) * mp.exp(-abs(x)),
    "ndtr": lambda x: mp.erfc(-x / mp.sqrt(2)) / 2,
    "ndtri": _ndtri,
    "log_ndtr": lambda x: mp.log1p(-mp.erfc(x / mp.sqrt(2)) / 2) if x > 0 else mp.log(mp.erfc(-x / mp.sqrt(2)) / 2),
    "erfcx": lambda x: mp.exp(x * x) * mp.erfc(x),
    "entr": lambda x: -x * mp.log(x) if x > 0 else (0 if x == 0 else None),
    "airy_ai": lambda x: mp.airyai(x),
    "bessel_j0": lambda x: mp.besselj(0, x),
    "bessel_j1": lambda x: mp.besselj(1, x),
    "bessel_y0": lambda x: mp.bessely(0, x) if x > 0 else None,
    "bessel_y1": lambda x: mp.bessely(1, x) if x > 0 else None,
    "modified_bessel_i0": lambda x: mp.besseli(0, x),
    "modified_bessel_i1": lambda x: mp.besseli(1, x),
    "modified_bessel_k0": lambda x: mp.besselk(0, x) if x > 0 else None,
    "modified_bessel_k1": lambda x: mp.besselk(1, x) if x > 0 else None,
    "scaled_modified_bessel_k0": lambda x: mp.besselk(0, x) * mp.exp(x) if x > 0 else None,
    "scaled_modified_bessel_k1": lambda x: mp.besselk(1, x) * mp.exp(x) if x > 0 else None,
    "spherical_bessel_j0": lambda x: mp.sin(x) / x if x != 0 else mp.mpf(1),
}


def _degree(n):
    """torch's static_cast<int64_t> of the degree (x86: INT64_MIN for NaN and out of range)."""
    if math.isnan(n) or not -2.0 ** 63 < n < 2.0 ** 63:
        return -1
    return int(n)


def _poly(second, step, limit=None):
    """A polynomial by its three-term recurrence at working precision: p0 = 1, p1 = second(x),
    p_{k+1} = step(k, x, p_k, p_{k-1}); degree from n as torch reads it."""
    def f(x, n, fmt):
        k = _degree(float(n))
        if k < 0:
            return mp.mpf(0)
        if limit and k > limit[fmt]:
            return None                     # torch's degree limit: NaN, its convention
        if k > 2000:
            return None                     # (not computed here)
        p, q = mp.mpf(1), second(x)
        if k == 0:
            return p
        for j in range(1, k):
            p, q = q, step(j, x, q, p)
        return q
    return f


def _cheb(second, shift=False):
    def s(x):
        return second(2 * x - 1 if shift else x)

    def st(j, x, q, p):
        y = 2 * x - 1 if shift else x
        return 2 * y * q - p
    return _poly(s, st)


HERMITE_LIMIT = {"float32": 128, "float64": 512}
POLY = {
    "chebyshev_polynomial_t": _cheb(lambda y: y),
    "chebyshev_polynomial_u": _cheb(lambda y: 2 * y),
    "chebyshev_polynomial_v": _cheb(lambda y: 2 * y - 1),
    "chebyshev_polynomial_w": _cheb(lambda y: 2 * y + 1),
    "shifted_chebyshev_polynomial_t": _cheb(lambda y: y, True),
    "shifted_chebyshev_polynomial_u": _cheb(lambda y: 2 * y, True),
    "shifted_chebyshev_polynomial_v": _cheb(lambda y: 2 * y - 1, True),
    "shifted_chebyshev_polynomial_w": _cheb(lambda y: 2 * y + 1, True),
    "hermite_polynomial_h": _poly(lambda x: 2 * x, lambda j, x, q, p: 2 * x * q - 2 * j * p, HERMITE_LIMIT),
    "hermite_polynomial_he": _poly(lambda x: x, lambda j, x, q, p: x * q - j * p, HERMITE_LIMIT),
    "laguerre_polynomial_l": _poly(lambda x: 1 - x, lambda j, x, q, p: ((2 * j + 1 - x) * q - j * p) / (j + 1)),
    "legendre_polynomial_p": _poly(lambda x: x, lambda j, x, q, p: ((2 * j + 1) * x * q - j * p) / (j + 1)),
}
BINARY = {
    "xlog1py": lambda x, y, fmt: (mp.mpf(0) if x == 0 else x * mp.log1p(y)) if y > -1 or x == 0 else None,
    "zeta": lambda x, q, fmt: mp.zeta(x, q) if x > 1 and q > 0 else None,
    **POLY,
}
OPS = {**UNARY, **BINARY}


def reference(op, args, fmt):
    """The correctly rounded value of op(args) in fmt, encoded; None where torch's convention
    decides (non-finite arguments, outside the real domain)."""
    if not all(math.isfinite(a) for a in args):
        return None
    prec = 320 if fmt == "float64" else 256
    with mp.workprec(prec):
        xs = [mp.mpf(a) for a in args]
        try:
            v = _real(UNARY[op])(*xs) if op in UNARY else _real(BINARY[op])(*xs, fmt)
        except (ValueError, ZeroDivisionError, OverflowError):
            v = None
        if v is None:
            return None
        v = mp.mpf(v)
        if not mp.isfinite(v):
            return None
        # through float64 where that is exact enough: float64 itself rounds once from 320 bits
        f = float(v) if abs(v) < mp.mpf(2) ** 1024 else math.copysign(INF, float(mp.sign(v)))
    return enc(rounded(fmt, f))


# ----------------------------------------------------------------------------- inputs
def interesting(fmt):
    fi = torch.finfo(TD[fmt])
    base = [0.0, -0.0, 1e-30, 1e-8, 1e-5, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.09, 2.5, 3.0, 4.0, 5.0, 5.5,
            6.0, 6.1, 7.9, 8.0, 8.1, 8.3203353, 10.0, 12.0, 20.0, 26.0, 26.7, 27.0, 30.0, 38.0, 50.0, 51.0, 88.0,
            88.8, 89.5, 100.0, 103.0, 104.0, 700.0, 709.5, 710.0, 713.0, 714.0, 1e3, 1e5, 1e8, 1e10, 1e15, 1e30,
            fi.max, fi.tiny, fi.tiny * fi.eps, INF, NAN,
            # zeros of J0, J1, Y0, Y1 and Ai; ndtri's branch points
            2.404825557695773, 5.520078110286311, 8.653727912911013, 3.831705970207512, 7.015586669815619,
            0.8935769662791675, 3.957678419314858, 2.197141326031017, 0.13533528323661269, 0.8646647167633873,
            0.02, 0.98, 0.999999, 1e-40, 1e-300]
    vals = base + [-v for v in base]
    vals += [-2.338107410459767, -4.087949444130970, -1e3 + 0.5]
    vals += [10.0 ** R.uniform(-3, 2.5) * R.choice((-1, 1)) for _ in range(60)]
    vals += [R.uniform(0, 1) for _ in range(20)]
    out, seen = [], set()
    for v in vals:
        r = rounded(fmt, float(v))
        k = enc(r)
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


POLY_X = [-2.0, -1.5, -1.0, -0.999, -0.5, -0.3, 0.0, 0.25, 0.5, 0.7, 0.999, 1.0, 1.5, 3.0, 10.0, NAN, INF]
POLY_N = [-1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 20.0, 50.0, 100.0, 2.5, 200.0, 600.0, NAN,
          INF]


def binary_pairs(op, fmt):
    if op in POLY:
        xs = POLY_X + [R.uniform(-1, 1) for _ in range(6)] + [R.uniform(0, 1) for _ in range(4)]
        pairs = [(x, n) for x in xs for n in POLY_N]
    elif op == "zeta":
        xs = [1.0, 1.5, 2.0, 3.0, 4.5, 10.0, 30.0, 0.5, -2.0, NAN, INF]
        qs = [1.0, 0.5, 2.0, 10.0, 1e-3, 1e5, -1.0, -1.5, -2.0, 0.0, NAN, INF]
        pairs = [(x, q) for x in xs for q in qs]
        pairs += [(R.uniform(1, 20), 10.0 ** R.uniform(-2, 3)) for _ in range(40)]
    else:   # xlog1py
        xs = [0.0, -0.0, 1.0, -1.0, 2.5, 1e-20, 1e20, NAN, INF]
        ys = [0.0, -1.0, -0.5, 1e-10, -1e-10, 1.0, 1e10, -2.0, NAN, INF, -INF]
        pairs = [(x, y) for x in xs for y in ys]
        pairs += [(10.0 ** R.uniform(-5, 5), 10.0 ** R.uniform(-8, 3) - 0.5) for _ in range(40)]
    return [(rounded(fmt, a), rounded(fmt, b)) for a, b in pairs]


# ----------------------------------------------------------------------------- cases
CASES = []           # (variant, case)
TORCH_OFF = []       # elements where torch is further than the rule from the correct value
ULP = {"float16": 2, "bfloat16": 2, "float32": 1, "float64": 1}


def with_references(case, op, fmt, rows):
    """Set the case's expected values to the correctly rounded ones (rows: the operands of each
    element); where torch's differs beyond the rule, also accept torch's and record it."""
    exp = case["expect"]
    if "error" in exp or exp["dtype"] not in ULP:
        return case
    alt = []
    values = list(exp["values"])
    for i, args in enumerate(rows):
        ref = reference(op, args, fmt)
        if ref is None:
            continue
        got = values[i]
        if fmt != exp["dtype"]:            # computed in fmt, stored wider (out=): exact widening
            ref = enc(dec(ref))
        values[i] = ref
        if not close("ulp", exp["dtype"], ref, got):
            alt.append([i, got])     # torch is off: ours must be no further from ref than torch's
            TORCH_OFF.append({"op": op, "dtype": exp["dtype"], "inputs": [enc(a) for a in args], "torch": got,
                              "correctly_rounded": ref})
    exp["values"] = values
    if alt:
        case["torch_off"] = alt
    return case


def add(family, op, args, rows=None, fmt=None, out=None):
    case = {"family": family, "op": f"special.{op}", "call": "function", "args": args}
    if out:
        case["out"] = out
    case = settle(case, lambda c, e: "ulp")
    if rows is not None and "error" not in case["expect"]:
        case = with_references(case, op, fmt, rows)
    CASES.append((f"special.{op}", case))


def supported(op, name):
    f = getattr(torch.special, op)
    t = torch.ones(2, dtype=TD[name])
    try:
        f(t) if op in UNARY else f(t, t)
        return True
    except Exception:  # noqa: BLE001
        return False


def build_values():
    for op in OPS:
        for name in DTYPES:
            if category(name) != "floating":
                continue
            if not supported(op, name):
                continue
            if op in UNARY:
                xs = interesting(name)
                if op == "airy_ai":
                    # Ai's phase, 2/3 |x|^1.5 + pi/4, computed in double: beyond |x| = 1e6 its
                    # rounding is more than float32's ulp of the result (torch's, in float, from
                    # |x| = 100 on); neither is accurate there, so it is left out (README)
                    xs = [x for x in xs if not x < -1e6]
                add("values", op, [tensor(name, xs)], [(x,) for x in xs], name)
            else:
                pairs = binary_pairs(op, name)
                add("values", op, [tensor(name, [a for a, _ in pairs]), tensor(name, [b for _, b in pairs])],
                    pairs, name)


def build_ints_and_errors():
    for op in OPS:
        for name in DTYPES:
            c = category(name)
            if c == "floating" and supported(op, name):
                continue
            if c in ("integral", "bool") and supported(op, name):
                xs = [False, True] if c == "bool" else [0, 1, 2, 3, 7, 100] + ([-1, -5] if name.startswith("int") else [])
                rows = [(float(x),) for x in xs] if op in UNARY else [(float(x), float(x)) for x in xs]
                args = [tensor(name, xs)] if op in UNARY else [tensor(name, xs), tensor(name, xs)]
                add("ints", op, args, rows, "float32")
                continue
            one = [rounded(name, 1.0) if c != "bool" else True] * 2
            add("errors", op, [tensor(name, one)] if op in UNARY else [tensor(name, one), tensor(name, one)])


def build_forms():
    """Call forms: 0-dim operands, out= of another dtype, Python numbers, mixed dtypes."""
    for op in OPS:
        x = [0.5, 1.0, 2.0]
        if op in UNARY:
            add("forms", op, [tensor("float32", [1.5], [])], [(1.5,)], "float32")
            add("forms", op, [tensor("float32", x)], [(v,) for v in x], "float32", out={"dtype": "float64", "shape": [3]})
            add("forms", op, [tensor("float32", x)], None, None, out={"dtype": "int32", "shape": [3]})
            add("forms", op, [tensor("float64", x)], None, None, out={"dtype": "float32", "shape": [3]})
            add("forms", op, [tensor("int64", [1, 2, 3])], [(1.0,), (2.0,), (3.0,)], "float32",
                out={"dtype": "float64", "shape": [3]})
            add("forms", op, [scalar(1.5)])
            continue
        n = [1.0, 2.0, 3.0]
        add("forms", op, [tensor("float32", x), scalar(3)], [(v, 3.0) for v in x], "float32")
        add("forms", op, [tensor("float32", x), scalar(2.5)], [(v, 2.5) for v in x], "float32")
        add("forms", op, [scalar(2), tensor("float32", n)], [(2.0, v) for v in n], "float32")
        add("forms", op, [scalar(0.5), tensor("int32", [1, 2, 3])], [(0.5, v) for v in n], "float32")
        add("forms", op, [tensor("int64", [1, 2, 3]), scalar(2)], [(v, 2.0) for v in n], "float32")
        add("forms", op, [tensor("float32", x), tensor("float64", n)], [(v, w) for v, w in zip(x, n)], "float64")
        add("forms", op, [tensor("int32", [1, 2, 3]), tensor("float32", n)], [(v, w) for v, w in zip(n, n)], "float32")
        add("forms", op, [tensor("float32", x), tensor("float32", [2.0], [])], [(v, 2.0) for v in x], "float32")
        add("forms", op, [tensor("float16", x), tensor("float32", n)], None, None)
        add("forms", op, [tensor("float32", x), tensor("float32", n)], [(v, w) for v, w in zip(x, n)], "float32",
            out={"dtype": "float64", "shape": [3]})
        add("forms", op, [tensor("float32", x), tensor("float32", n)], None, None, out={"dtype": "int64", "shape": [3]})
        add("forms", op, [tensor("complex64", [1j, 2 + 0j, 3 + 0j]), tensor("float32", n)])
        add("forms", op, [scalar(2), scalar(3)])
        add("forms", op, [tensor("float32", x), tensor("float32", [1.0, 2.0])])


def generate():
    """-> ([(variant, case), ...], this set's own meta)."""
    torch.set_num_threads(1)
    for step in (build_values, build_ints_and_errors, build_forms):
        before = len(CASES)
        step()
        print(f"  {step.__name__}: {len(CASES) - before} cases", file=sys.stderr)
    n_values = sum(case_length(c) for _, c in CASES if "values" in c["expect"])
    print(f"  elements where torch is off: {len(TORCH_OFF)} of {n_values}", file=sys.stderr)
    return CASES, {"rules": {op: {"real": "ulp"} for op in OPS}, "expected": "correctly rounded (mpmath)",
                   "torch_off": TORCH_OFF}
