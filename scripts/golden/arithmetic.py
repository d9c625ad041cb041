"""The arithmetic set (tests/data/golden_arithmetic.json.gz): bit-exact values of the
arithmetic and comparison ops; every case's rule is "exact".

What is covered
---------------
Ops: add, sub, rsub, mul, div (rounding_mode None / 'trunc' / 'floor'), true_divide,
floor_divide, eq, ne, lt, le, gt, ge, neg, abs, reciprocal, on every dtype torch supports
for them (support is probed with torch: an (op, dtype) pair for which torch raises on a
harmless input is skipped in the same-dtype families).  Families (the `family` field):

  tt        tensor op tensor, same dtype, all pairs of the dtype's edge set (0, -0.0, +-inf,
            nan, +-1, 2, 0.5, 1.5, 2.5, -7, 7, largest finite, smallest normal and
            subnormal, integer min/max, random values)
  ts        tensor op Python scalar (int, float, bool, complex), function form
  st        Python scalar op tensor, function form (torch raises TypeError where its
            signature has no Number in that position: the exception is the outcome)
  operator  Python operators (t + u, s - t, t / s, s // t, -t, abs(t), s < t, ...)
  method    t.op(u)
  inplace   t.op_(u), t += u, ... (including the can't-cast errors)
  alpha     add/sub/rsub with alpha (int alpha for ints, float/int for floats, complex for
            complex; the invalid kinds record torch's alpha errors)
  mixed     tensor op tensor of two dtypes, both orders (int32+float32, uint8+int8,
            int64+float16, bool+int64, ...)
  zerodim   1-d tensor op 0-dim tensor of another dtype, both orders
  out       out= of another dtype (and the can't-cast errors)
  unary     neg, abs, reciprocal
  layout    transposed, strided and broadcast operands (path-independent dtypes only)
  quirks    float16/bfloat16 with Python float scalars (see below)
  reduced_div  float16/bfloat16 trunc/floor division on pairs where torch's tensor-tensor
            result differs from a float32 computation rounded once (and some where not)
  zerodiv   integer division by zero (function, Python scalar 0 / False, //, in-place)
  ours      NOT torch: INT_MIN / -1 with rounding_mode='trunc' (see below)

Exceptions are outcomes too: {"error": [type name, message]} (e.g. integer division by
zero is RuntimeError('ZeroDivisionError')).  Integer-division cases are split so that the
pairs with a zero divisor form their own error case and the other pairs keep their values.
Error cases are shrunk to their first two elements when that gives the same error.

Choices forced by torch's CPU kernels
-------------------------------------
* Vectorised path.  torch's cpu_kernel_vec runs the SIMD lambda over whole chunks of
  2 * Vec::size() elements and the scalar lambda over the tail (and over any strided
  operand).  The two are compiled differently and do not always agree: the scalar
  c10::complex multiply is contracted into FMAs by the compiler (complex64 mul and add with
  a complex alpha, complex128 mul by a scalar), complex64 division differs in the last
  bit, float16/bfloat16 add/sub with alpha != 1 differ (alpha is alpha.to<Half>() in both;
  the vector path computes round(fma(alpha, b, a)) in float, the scalar path
  round(a + round(alpha * b))), and Vectorized<complex>::neg computes 0 - x (so neg(0j)
  is +0.0 on the vector path, -0.0 on the scalar path).  Our
  library follows the vectorised path.  So every case with 1-d operands is evaluated on
  operands tiled (cyclically repeated) to a multiple of 64 elements, and only the first N
  results are kept; all of them then lie in the vectorised part (64 is a multiple of
  2 * Vec::size() for every dtype with AVX2 and AVX512; oracle.py).  Where torch's scalar
  loop (the same operands as stride-2 views) differs, the case carries scalar_loop_diff
  for information; the test asserts `expect`.
  The layout family (strided operands: always torch's scalar path) is restricted to
  dtypes where both paths agree.
* float16/bfloat16 with a Python float: add/sub convert the wrapped scalar to the tensor
  dtype first (t + 0.1 adds half(0.1)); mul/div read a 1-element second operand at float32
  precision (torch's mul/div reduced-float path, iter.original_scalar_value<float>), and
  only when it is the *second* operand (torch.mul(0.1, t) rounds 0.1 to half first).  The
  `quirks` family shows both side by side, and this script asserts that the difference
  is visible in the data (meta["reduced_float_scalar_demo"]).
* INT_MIN / -1 with rounding_mode='trunc' for int32/int64 kills torch (SIGFPE), so such
  elements are never evaluated in torch.  They are moved into `ours` cases (source:
  "ours") whose expectation is our library's definition: INT_MIN (what int8/int16 give
  in torch, and what floor division gives in torch for every width).
"""
from __future__ import annotations

import math
import random
import sys
from collections import Counter

import torch
from golden_format import dec, enc

from .common import (DTYPES, mixed_operands, INF, NAN, TD, category, edge_sets, kind_of, one_error_per_kind, pairs, py, rounded,
                     scalar, tensor)
from .oracle import accepts, build, pick, promoted, settle

SEED = 20241121
BINARY = ["add", "sub", "rsub", "mul", "div", "div_trunc", "div_floor", "true_divide", "floor_divide",
          "eq", "ne", "lt", "le", "gt", "ge"]
UNARY = ["neg", "abs", "reciprocal"]
CALL = {"div_trunc": ("div", {"rounding_mode": "trunc"}), "div_floor": ("div", {"rounding_mode": "floor"})}
INT_DIV = {"div_trunc", "div_floor", "floor_divide"}        # integer kernels that raise ZeroDivisionError
NO_METHOD = {"rsub"}
SYMBOL_OF = {"add": "+", "sub": "-", "mul": "*", "div": "/", "floor_divide": "//", "eq": "==", "ne": "!=",
             "lt": "<", "le": "<=", "gt": ">", "ge": ">="}

R = random.Random(SEED)
EDGES = edge_sets(R, "arithmetic")

SCALARS_TS = [0, 1, -1, 2, -7, 300, 2 ** 31 - 1, -2 ** 63,
              0.0, -0.0, 0.5, 2.5, -7.0, 0.1, 1 / 3, 2.0 ** -11 + 2.0 ** -23, 1e-5, 70000.0, 1e39, INF, NAN,
              True, False,
              1 + 2j, complex(-0.5, 0.1), complex(INF, 0), complex(-0.0, 0.0)]
SCALARS_ST = [2, -7, 0, 0.1, 2.5, -0.0, INF, True, 1 + 2j]


# ----------------------------------------------------------------------------- splitting
def crash_and_zero_masks(case, variant):
    """For integer division: (INT_MIN / -1 trunc crash mask, zero-divisor mask), or None."""
    if variant not in INT_DIV or len(case["args"]) != 2 or case.get("family") == "layout":
        return None
    p = promoted(case)
    if p is None:
        return None
    common = p[2]
    if common.is_floating_point or common.is_complex or common == torch.bool:
        return None
    n = None
    vals = []
    for a in case["args"]:
        if "scalar" in a:
            vals.append(None)
            continue
        t = build(a, "plain")
        n = t.numel() if t.dim() else n
        vals.append(t)
    if n is None:
        n = 1
    conv = []
    for a, t in zip(case["args"], vals):
        if t is None:
            v = dec(a["value"])
            if isinstance(v, (float, complex)):
                return None
            # a wrapped int converts to the common dtype as a tensor cast (wrapping)
            t = torch.tensor(v, dtype=torch.int64 if not isinstance(v, bool) else torch.bool).to(common)
        else:
            t = t.to(common)
        conv.append(t.expand(n) if t.dim() == 0 else t)
    a, b = conv
    zero = (b == 0).tolist()
    crash = [False] * n
    if variant == "div_trunc" and common in (torch.int32, torch.int64):
        crash = ((a == torch.iinfo(common).min) & (b == -1)).tolist()
    return crash, zero, common


def finalize(case, variant):
    """Split integer-division cases (zero divisors, INT_MIN / -1 trunc) and return the
    list of cases with their expectations."""
    masks = crash_and_zero_masks(case, variant)
    result = []
    if masks:
        crash, zero, common = masks
        if any(crash):
            n_args_1d = [a for a in case["args"] if "scalar" not in a and len(a["shape"]) == 1]
            if not n_args_1d:
                raise RuntimeError(f"cannot split a crashing case: {case}")
            case, ours = pick(case, crash, False), pick(case, crash, True)
            zero = [z for z, c in zip(zero, crash) if not c]
            if case.get("call") == "inplace":
                out_dtype = case["args"][0]["dtype"]
            else:
                out_dtype = case["out"]["dtype"] if "out" in case else str(common).replace("torch.", "")
            count = len(ours["args"][0]["values"]) if "values" in ours["args"][0] else len(ours["args"][1]["values"])
            ours["family"] = "ours"
            ours["source"] = "ours"
            ours["note"] = ("torch 2.13 crashes (SIGFPE) on INT_MIN / -1 with rounding_mode='trunc' for int32/int64; "
                            "not evaluated in torch. Our library defines the result as INT_MIN (two's complement "
                            "wrap-around, as torch gives for int8/int16 and for floor division).")
            imin = torch.iinfo(TD[str(common).replace("torch.", "")]).min
            val = torch.tensor([imin] * count, dtype=TD[str(common).replace("torch.", "")]).to(TD[out_dtype]).tolist()
            ours["rule"] = "exact"
            ours["expect"] = {"dtype": out_dtype, "shape": [count], "values": [enc(v) for v in val]}
            result.append(ours)
            if not any(1 for a in case["args"] if "scalar" not in a and a["shape"] and a["shape"][0]):
                return result
        if any(zero) and not all(zero):
            case, zcase = pick(case, zero, False), pick(case, zero, True)
            result.append(settle(zcase, exact))
    return result + [settle(case, exact)]


def exact(case, expect):
    return "exact"


def result_shape(case):
    """The broadcast shape of the operands (views applied): an out= tensor's shape."""
    shapes = []
    for a in case["args"]:
        if "scalar" in a:
            continue
        s = list(a["shape"])
        if a.get("view") == "T":
            s = s[::-1]
        elif a.get("view") == "step2":
            s = [(s[0] + 1) // 2] + s[1:]
        shapes.append(tuple(s))
    return list(torch.broadcast_shapes(*shapes))


# ----------------------------------------------------------------------------- case builders
CASES = []   # (variant, case)


def add_case(family, variant, args, call="function", alpha=None, out=None, symbol=None, note=None):
    op, kw = CALL.get(variant, (variant, {}))
    case = {"family": family, "op": op, "call": call, "args": args}
    if symbol:
        case["symbol"] = symbol
    kwargs = dict(kw)
    if alpha is not None:
        kwargs["alpha"] = scalar(alpha)
    if kwargs:
        case["kwargs"] = kwargs
    if out:
        case["out"] = {"dtype": out, "shape": result_shape(case)}
    if note:
        case["note"] = note
    for c in finalize(case, variant):
        CASES.append((variant, c))


def zipped(xs):
    """Pairs (x[i], x[i + 3 mod n]): every value meets a different one, n elements."""
    n = len(xs)
    return list(xs), [xs[(i + 3) % n] for i in range(n)]


def supported(variant, name):
    """Does torch have a kernel for this op on this dtype?"""
    op, kw = CALL.get(variant, (variant, {}))
    f = getattr(torch, op)
    return accepts(f if variant in UNARY else lambda t: f(t, t.clone(), **kw), name)


SUPPORT = {(v, n): supported(v, n) for v in BINARY + UNARY for n in DTYPES}


def build_tt():
    for name in DTYPES:
        xs, ys = pairs(EDGES["full"][name], EDGES["full"][name])
        for v in BINARY:
            if SUPPORT[v, name]:
                add_case("tt", v, [tensor(name, xs), tensor(name, ys)])


def build_unary():
    for name in DTYPES:
        xs = EDGES["full"][name]
        for v in UNARY:
            if SUPPORT[v, name]:
                add_case("unary", v, [tensor(name, xs)])
                add_case("unary", v, [tensor(name, xs)], call="method")
                add_case("unary", v, [tensor(name, xs)], call="inplace")
                if v != "reciprocal":
                    add_case("unary", v, [tensor(name, xs)], call="operator", symbol=v)
            elif v == "neg" and name == "bool":   # torch's own check, not a missing kernel
                add_case("unary", v, [tensor(name, xs)])


def build_ts_st():
    for name in DTYPES:
        xs = EDGES["small"][name]
        for v in BINARY:
            if not SUPPORT[v, name]:
                continue
            for s in SCALARS_TS:
                add_case("ts", v, [tensor(name, xs), scalar(s)])
            seen_errors = set()
            for s in SCALARS_ST:
                before = len(CASES)
                add_case("st", v, [scalar(s), tensor(name, xs)])
                one_error_per_kind(CASES, before, kind_of(s), seen_errors)   # per (op, dtype, scalar kind)


def build_operators():
    for name in DTYPES:
        xs = EDGES["small"][name]
        a, b = zipped(xs)
        for v, sym in SYMBOL_OF.items():
            if not SUPPORT[v, name]:
                continue
            add_case("operator", v, [tensor(name, a), tensor(name, b)], call="operator", symbol=sym)
            for s in (3, -0.0, 0.1, True, 1 + 2j):
                add_case("operator", v, [tensor(name, a), scalar(s)], call="operator", symbol=sym)
                add_case("operator", v, [scalar(s), tensor(name, a)], call="operator", symbol=sym)
        # s - t is rsub, s / t is reciprocal(t) * s, s // t is floor_divide(s, t)
        for v in BINARY:
            if v in NO_METHOD or not SUPPORT[v, name]:
                continue
            add_case("method", v, [tensor(name, a), tensor(name, b)], call="method")
            add_case("method", v, [tensor(name, a), scalar(2)], call="method")


def build_inplace():
    for name in DTYPES:
        xs = EDGES["small"][name]
        a, b = zipped(xs)
        for v in BINARY:
            if v in NO_METHOD or not SUPPORT[v, name]:
                continue
            add_case("inplace", v, [tensor(name, a), tensor(name, b)], call="inplace")
            for s in (2, 0.1, True, 1 + 2j):
                add_case("inplace", v, [tensor(name, a), scalar(s)], call="inplace")
        for v, sym in (("add", "+="), ("sub", "-="), ("mul", "*="), ("div", "/="), ("floor_divide", "//=")):
            if SUPPORT[v, name]:
                add_case("inplace", v, [tensor(name, a), scalar(3)], call="operator", symbol=sym)
                add_case("inplace", v, [tensor(name, a), tensor(name, b)], call="operator", symbol=sym)
    # self of one dtype, other of another (result cast into self, or the can't-cast error)
    for sa, sb in [("float32", "int32"), ("int32", "float32"), ("float16", "float32"), ("bfloat16", "float64"),
                   ("int8", "int64"), ("uint8", "int8"), ("bool", "int32"), ("int16", "bool"),
                   ("complex64", "complex128"), ("complex64", "float64"), ("float32", "complex64"),
                   ("float64", "float16"), ("int64", "uint8"), ("uint16", "float32")]:
        xa, xb = EDGES["mid"][sa], EDGES["mid"][sb]
        a, b = pairs(xa, xb)
        for v in ("add", "sub", "mul", "div", "div_floor", "eq", "lt"):
            add_case("inplace", v, [tensor(sa, a), tensor(sb, b)], call="inplace")


ALPHAS = {
    "bool": [True, False, 0, 2, 0.5],
    "integral": [0, -1, 2, 3, -7, 300, 2 ** 31 + 5, 0.5, True, 1j],
    "floating": [2, -1, 0.5, -1.5, 0.1, 1e-3, 3.0, 2.0 ** -11 + 2.0 ** -23, 1e39, INF, NAN, True, 1j],
    "complex": [2, -1.5, 0.1, 1j, complex(0.5, -1.5), complex(0.1, 0.2), True],
}


def build_alpha():
    for name in DTYPES:
        xs = EDGES["mid"][name]
        a, b = pairs(xs, xs)
        for v in ("add", "sub", "rsub"):
            if not SUPPORT[v, name]:
                continue
            for al in ALPHAS[category(name)]:
                add_case("alpha", v, [tensor(name, a), tensor(name, b)], alpha=al)
            if category(name) in ("floating", "complex"):
                for s in (0.1, 2.5, 1e-5):
                    for al in (0.1, 3, -2.5):
                        add_case("alpha", v, [tensor(name, EDGES["small"][name]), scalar(s)], alpha=al)
                if v not in NO_METHOD:
                    add_case("alpha", v, [tensor(name, a), tensor(name, b)], alpha=0.1, call="method")
                    add_case("alpha", v, [tensor(name, a), tensor(name, b)], alpha=0.1, call="inplace")
            else:
                if v not in NO_METHOD:
                    add_case("alpha", v, [tensor(name, a), tensor(name, b)], alpha=2, call="method")
                    add_case("alpha", v, [tensor(name, a), tensor(name, b)], alpha=-3, call="inplace")
                add_case("alpha", v, [tensor(name, a), scalar(5)], alpha=-3)


MIXED = [("int32", "float32"), ("uint8", "int8"), ("int64", "float16"), ("bool", "int64"), ("bool", "float32"),
         ("int8", "bfloat16"), ("float16", "bfloat16"), ("float16", "float32"), ("float32", "float64"),
         ("int64", "float64"), ("uint8", "float16"), ("int16", "int32"), ("bool", "uint8"),
         ("float32", "complex64"), ("float64", "complex64"), ("int32", "complex128"), ("complex32", "complex64"),
         ("float16", "complex32"), ("bfloat16", "complex64"), ("bool", "complex64"), ("int64", "complex32"),
         ("uint16", "float32"), ("uint64", "float64"), ("uint32", "int64"), ("uint16", "uint16")]


def build_mixed():
    for x, y, a, b in mixed_operands(MIXED, EDGES):
        for v in BINARY:
            add_case("mixed", v, [tensor(x, a), tensor(y, b)])
        add_case("mixed", "add", [tensor(x, a), tensor(y, b)],
                 alpha=2 if category(x) in ("bool", "integral") and category(y) in ("bool", "integral") else 0.5)


ZERODIM = [("float16", "float32", [0.1, 1 / 3, 2.0 ** -11 + 2.0 ** -23, 70000.0, -0.0, NAN]),
           ("float16", "float64", [0.1, 1 / 3, 2.0 ** -11 + 2.0 ** -23, 1e39, 1e-8]),
           ("bfloat16", "float32", [0.1, 1 / 3, 1.00390625 + 2.0 ** -20, 3.0e38]),
           ("bfloat16", "float64", [0.1, 1e39, 1e-40]),
           ("float16", "bfloat16", [0.1, 1.5, 3.0e38]),
           ("float16", "float16", [0.0999755859375, 2.0]),
           ("int32", "float64", [0.1, 2.5, -0.0]),
           ("int64", "float16", [0.0999755859375, 65504.0]),
           ("float32", "float64", [0.1, 1e-50, 1e39]),
           ("uint8", "int64", [300, -1, 2]),
           ("int8", "int32", [-129, 3]),
           ("float32", "complex128", [complex(0.1, 0.2), complex(1e39, 0)]),
           ("complex64", "complex128", [complex(0.1, 0.2)]),
           ("int32", "bool", [True])]


def build_zerodim():
    for dv, dz, zs in ZERODIM:
        xs = EDGES["small"][dv]
        for z in zs:
            zd = tensor(dz, [py(dz, z)], shape=[])
            # the stored value must be exact in dz
            zd["values"] = [enc(rounded(dz, py(dz, z)) if category(dz) != "integral" else
                                torch.tensor(z).to(TD[dz]).item())]
            for v in ("add", "sub", "mul", "div", "div_floor", "eq", "lt"):
                add_case("zerodim", v, [tensor(dv, xs), zd])
                add_case("zerodim", v, [zd, tensor(dv, xs)])


OUTS = [  # (op variant, input dtype, other dtype or None for unary ops, out dtype)
    ("add", "int32", "int32", "int64"), ("add", "int64", "int64", "int8"), ("add", "float32", "float32", "float16"),
    ("add", "float64", "float64", "float32"), ("add", "float16", "float16", "float64"),
    ("add", "int32", "int32", "float32"), ("add", "int64", "int64", "float16"), ("add", "bool", "bool", "int64"),
    ("add", "float32", "float32", "int32"), ("add", "float32", "float32", "complex64"),
    ("add", "complex64", "complex64", "float32"), ("sub", "uint8", "uint8", "int16"),
    ("mul", "float16", "float16", "float32"), ("mul", "int8", "int8", "uint8"),
    ("mul", "complex64", "complex64", "complex128"), ("mul", "bfloat16", "bfloat16", "float16"),
    ("mul", "int64", "int64", "bool"),
    ("div", "int32", "int32", "float64"), ("div", "int32", "int32", "float16"), ("div", "float32", "float32", "int32"),
    ("div", "float64", "float64", "float16"), ("div", "int64", "int64", "complex64"),
    ("div_trunc", "int64", "int64", "float32"), ("div_floor", "int32", "int32", "int16"),
    ("div_trunc", "float32", "float32", "float64"), ("floor_divide", "float64", "float64", "float32"),
    ("true_divide", "int16", "int16", "float64"),
    ("eq", "float32", "float32", "float32"), ("ne", "int64", "int64", "int64"), ("lt", "float16", "float16", "uint8"),
    ("ge", "int32", "int32", "complex64"), ("gt", "float64", "float64", "bool"),
    ("neg", "int8", None, "int16"), ("neg", "float32", None, "float64"), ("neg", "float32", None, "float32"),
    ("abs", "complex64", None, "float32"), ("abs", "complex64", None, "float64"),
    ("abs", "complex64", None, "complex64"), ("abs", "float32", None, "float64"), ("abs", "int16", None, "int16"),
    ("reciprocal", "int32", None, "float64"), ("reciprocal", "int32", None, "float16"),
    ("reciprocal", "float32", None, "int32"), ("reciprocal", "float64", None, "float32"),
    ("reciprocal", "complex64", None, "complex128"),
]


def build_out():
    for v, da, db, do in OUTS:
        if db is None:
            add_case("out", v, [tensor(da, EDGES["full"][da])], out=do)
        else:
            a, b = pairs(EDGES["mid"][da], EDGES["mid"][db])
            add_case("out", v, [tensor(da, a), tensor(db, b)], out=do)
            add_case("out", v, [tensor(da, EDGES["small"][da]), scalar(0.1 if category(da) == "floating" else 3)],
                     out=do)


def build_layout():
    # strided operands always take torch's scalar path: only dtypes where it agrees with the vector path
    for name in ("int32", "int64", "float32", "float64"):
        base = EDGES["full"][name]
        nonzero = [x for x in base if x != 0]      # integer division by zero would make the whole case raise
        vals20 = [base[i % len(base)] for i in range(20)]
        other20 = [nonzero[(7 * i + 3) % len(nonzero)] for i in range(20)]
        for v in ("add", "sub", "mul", "div", "div_floor", "eq", "lt", "neg", "abs", "reciprocal"):
            if not SUPPORT[v, name]:
                continue
            if v in UNARY:
                add_case("layout", v, [tensor(name, vals20, shape=[4, 5], view="T")])
                add_case("layout", v, [tensor(name, vals20, view="step2")])
                continue
            add_case("layout", v, [tensor(name, vals20, shape=[4, 5], view="T"),
                                   tensor(name, other20, shape=[5, 4])])
            add_case("layout", v, [tensor(name, vals20, view="step2"),
                                   tensor(name, other20[:10])])
            add_case("layout", v, [tensor(name, vals20[:4], shape=[4, 1]), tensor(name, other20[:5])])
            add_case("layout", v, [tensor(name, vals20[:5]), tensor(name, other20[:4], shape=[4, 1])],
                     alpha=2 if v in ("add", "sub") else None)


QUIRK_SCALARS = (0.1, 1 / 3, 2.0 ** -11 + 2.0 ** -23, 2.0 ** -8 + 2.0 ** -20, 1.00048828125 + 2.0 ** -30, 3.0e-5,
                 65519.0)


def build_quirks():
    note = ("float16/bfloat16 with a Python float: add/sub round the scalar to the tensor dtype first; "
            "mul/div read the second operand at float32 precision")
    for name in ("float16", "bfloat16"):
        xs = [rounded(name, v) for v in (1.0, 3.0, 5.0, 0.7, 1000.0, -2.5, 65504.0 if name == "float16" else 3.0e38)]
        for s in QUIRK_SCALARS:
            for v in ("add", "sub", "mul", "div"):
                add_case("quirks", v, [tensor(name, xs), scalar(s)], note=note)
                add_case("quirks", v, [tensor(name, xs), scalar(s)], call="operator", symbol=SYMBOL_OF[v],
                         note=note)
                add_case("quirks", v, [scalar(s), tensor(name, xs)], note=note)
        # the demonstration: what torch does, and what it does not do
        t = torch.tensor(xs, dtype=TD[name])
        shown = Counter()
        for s in QUIRK_SCALARS:
            s_half = torch.tensor(s, dtype=torch.float64).to(TD[name]).float()
            s_f32 = torch.tensor(s, dtype=torch.float32)
            for v, f in (("add", torch.add), ("mul", torch.mul)):
                got = f(t, s)
                via_half = f(t.float(), s_half).to(TD[name])
                via_f32 = f(t.float(), s_f32).to(TD[name])
                if v == "add":
                    assert torch.equal(got, via_half), (name, s, "add does not round the scalar first")
                    shown["add"] += int(not torch.equal(got, via_f32))
                else:
                    assert torch.equal(got, via_f32), (name, s, "mul does not read the scalar at float32")
                    shown["mul"] += int(not torch.equal(got, via_half))
        assert shown["add"] and shown["mul"], (name, shown)
        QUIRK_DEMO[name] = dict(shown)


QUIRK_DEMO = {}


def build_reduced_div():
    """float16/bfloat16 trunc/floor division, tensor by tensor, on pairs picked where torch's
    result differs from computing in float32 and rounding once (torch's reduced-float kernels
    round the quotient, or each step of the floor division, to the dtype), plus some where it
    agrees; and the same dividends by the divisor as a Python float (torch's 1-element
    second-operand path computes in float32)."""
    note = "float16/bfloat16 trunc/floor division: tensor-tensor vs. float32 opmath"
    for name in ("float16", "bfloat16"):
        dt = TD[name]
        cand = [(R.gauss(0, 1) * math.exp(R.gauss(0, 3)), R.gauss(0, 1) * math.exp(R.gauss(0, 3))) for _ in range(4000)]
        a = torch.tensor([x for x, _ in cand], dtype=torch.float64).to(dt)
        b = torch.tensor([y for _, y in cand], dtype=torch.float64).to(dt)
        picked = []
        for mode in ("trunc", "floor"):
            got = torch.div(a, b, rounding_mode=mode)
            want = torch.div(a.float(), b.float(), rounding_mode=mode).to(dt)
            differ = ~((got == want) | (got.isnan() & want.isnan()))
            idx = [i for i in range(len(cand)) if differ[i]]
            same = [i for i in range(len(cand)) if not differ[i]]
            picked += idx[:16] + same[:6]
        picked = sorted(set(picked))
        xs, ys = a[picked].tolist(), b[picked].tolist()
        for v in ("div_trunc", "div_floor", "floor_divide"):
            add_case("reduced_div", v, [tensor(name, xs), tensor(name, ys)], note=note)
            add_case("reduced_div", v, [tensor(name, xs), tensor(name, ys)], call="inplace", note=note)
        add_case("reduced_div", "floor_divide", [tensor(name, xs), tensor(name, ys)], call="operator",
                 symbol="//", note=note)
        for y in ys[:6]:
            for v in ("div_trunc", "div_floor"):
                add_case("reduced_div", v, [tensor(name, xs), scalar(y)], note=note)


def build_explicit_ours():
    """INT_MIN / -1 trunc, explicitly (the split of the other families finds more)."""
    for name in ("int32", "int64"):
        lo = torch.iinfo(TD[name]).min
        add_case("ours", "div_trunc", [tensor(name, [lo, lo]), tensor(name, [-1, -1])])
        add_case("ours", "div_trunc", [tensor(name, [lo]), scalar(-1)])
        add_case("ours", "div_trunc", [tensor(name, [lo, lo]), tensor(name, [-1, -1])], call="method")
        add_case("ours", "div_trunc", [tensor(name, [lo, lo]), tensor(name, [-1, -1])], call="inplace")
        add_case("ours", "div_trunc", [tensor(name, [lo, lo]), tensor(name, [-1, -1])], out="float64")


def build_zero_division():
    """Explicit integer division by zero (the split of the other families finds more)."""
    for name in ("uint8", "int8", "int16", "int32", "int64"):
        for v in ("div_trunc", "div_floor", "floor_divide"):
            add_case("zerodiv", v, [tensor(name, [1, 0, 5]), tensor(name, [0, 0, 1])])
            add_case("zerodiv", v, [tensor(name, [1, 2]), scalar(0)])
            add_case("zerodiv", v, [tensor(name, [1, 2]), scalar(False)])
        add_case("zerodiv", "floor_divide", [tensor(name, [1, 2]), tensor(name, [0, 1])], call="operator",
                 symbol="//")
        add_case("zerodiv", "floor_divide", [scalar(5), tensor(name, [0, 1])], call="operator", symbol="//")
        add_case("zerodiv", "floor_divide", [tensor(name, [1, 2]), tensor(name, [0, 1])], call="inplace")



# ----------------------------------------------------------------------------- the set
def generate():
    """-> ([(variant, case), ...], this set's own meta)."""
    torch.set_num_threads(1)
    for step in (build_tt, build_unary, build_ts_st, build_operators, build_inplace, build_alpha, build_mixed,
                 build_zerodim, build_out, build_layout, build_quirks, build_reduced_div, build_explicit_ours,
                 build_zero_division):
        before = len(CASES)
        step()
        print(f"  {step.__name__}: {len(CASES) - before} cases", file=sys.stderr)
    return CASES, {
        "ours": sum(1 for _, c in CASES if c.get("source") == "ours"),
        "reduced_float_scalar_demo": QUIRK_DEMO,
        "notes": [
            "expect: torch's vectorised path (operands tiled to a multiple of 64)",
            "source 'ours': INT_MIN / -1 with rounding_mode='trunc' on int32/int64 crashes torch; our definition",
        ],
    }
