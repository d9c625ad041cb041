"""The powers_ternary set (tests/data/golden_powers_ternary.json.gz): values of the powers
and the ternary ops, from torch's vectorised loops.  The arithmetic set has add/sub/mul/
div/comparisons/..., the unary_binary set the unary and binary catalogue ops; this one:

  pow            tensor ** tensor, tensor ** number (0, 1, 2, 3, 0.5, -0.5, -1, -2, 2.5,
                 True, False, -3, 0.1, inf, nan, complex, ...), number ** tensor (base 1,
                 2, -2, 0.5, True, complex, ...), integer pow with negative exponents
                 (tensor exponents: 0 or +-1; number exponents: the error), 0-dim
                 exponents and bases, mixed dtypes, the ** operator, its reflected
                 (number ** tensor) and in-place (**=) forms, pow / pow_ methods
  float_power    tensor and number exponents and bases, complex, in-place, out=
  square         every dtype, method, in-place
  where          bool and uint8 conditions, number branches, broadcasting, mixed dtypes,
                 the method form x.where(condition, y)
  clamp / clip   number bounds, tensor bounds, only min, only max, NaN bounds, min > max,
                 0-dim tensor bounds next to numbers, signed zeros, bounds that do not fit,
                 mixed dtypes, in-place; clamp_min, clamp_max (number and tensor), relu
  lerp           number and tensor weights (0-dim too), weights < 0.5 and >= 0.5, nan/inf
                 weights, complex
  addcmul / addcdiv   value = 1, 0.5, -1, 0, integer values, complex values
  ldexp          float and complex x, integer (all widths) and float exponents, int x

Every op on each of the 16 dtypes (an op/dtype pair torch rejects is an `errors` case,
recording the exception), the edge values of each dtype (0, -0.0, +-inf, nan, +-1, 0.5,
2.5, largest finite, smallest normal and subnormal, integer min/max, random values), and
a few more rejected calls (type + message).

Families (the `family` field):
  tt        op on tensors of one dtype, all pairs/triples of an edge set
  rand      op on random tensors of one dtype
  ts / st   tensor and Python number (number second / first)
  zerodim   0-dim tensor operands
  operator  **, reflected **, **=
  method    t.op(...)
  inplace   t.op_(...)
  mixed     tensors of different dtypes
  bcast     broadcasting operands (2-d)
  out       out= tensors
  errors    (op, dtype) pairs torch rejects, and other rejected calls

Comparison rules (per case, the `rule` field; meta["rules"] describes them)
--------------------------------------------------------------------------
  exact   bit for bit: NaN equals NaN (sign and payload ignored), -0.0 differs from +0.0.
          where, clamp, clamp_min, clamp_max, clip, relu; lerp, addcmul, addcdiv and square
          with real results; pow and float_power with integral results; ldexp with an
          integral (or bool) exponent tensor and a real x.
  ulp     pow / float_power with floating results, everything with a complex result
          (square, lerp, addcmul, addcdiv, pow, float_power, ldexp) and ldexp with a
          floating exponent: within meta["ulp"][dtype] units in the last place (1 for
          float32/float64, 2 for float16/bfloat16; complex per component in the component
          format, where a component may also be 1 ulp of |z| away).  NaN must be NaN, an
          infinity the same infinity, a real zero the same signed zero.
  Errors (exception type and message) are compared exactly under both rules.

Choices forced by torch's CPU kernels
-------------------------------------
* Vectorised path: every 1-d operand is tiled (cyclically repeated) to a multiple of 64
  elements and only the first N results are kept, so that torch runs its vectorised loop
  on every element (0-dim and 2-d operands are left alone; the 2-d cases are built with a
  last dimension of 64).  The same values are also evaluated on stride-2 views (torch's
  scalar loop); where that differs beyond the rule the case carries scalar_loop_diff
  for information.  The test asserts `expect`.
* Inputs where torch itself is inaccurate: the TORCH_INACCURATE list below, each entry
  commented (torch's complex pow, ldexp of complex x, the vectorised complex64 lerp with a
  weight tensor).  An element inside an entry's region whose torch value is not within the
  case's rule of the reference (the correctly rounded value from mpmath, 256 bits, or torch's
  own scalar loop) keeps torch's value as `expect` and gets the reference as an alternative
  (`also_accept`: [[index, reference], ...]); the test accepts either.  Nothing is removed:
  our value must match torch's, or be right where torch is wrong.  Every such element is
  listed in meta["torch_inaccurate"] with torch's value and the reference.
* Calls on which torch fails an internal assertion (ldexp(float, int, out=float64): a
  "needs_dynamic_casting INTERNAL ASSERT FAILED" with torch's source path) are a torch bug,
  not an outcome to reproduce: left out, listed in meta["torch_internal_asserts"].
"""
from __future__ import annotations

import math
import random
import sys

import mpmath
import torch
from golden_format import close, dec, dedupe, enc

from .common import (DTYPES, INF, NAN, TD, category, edge_sets, is_tensor, kind_of, log_uniform, one_error_per_kind,
                     operand_kind, operand_kinds, pairs, py, rotate, rounded, scalar, tensor, triples, zerodim)
from .oracle import accepts, all_finite, case_length, case_mode, mp, outcome, reference_value, settle

SEED = 20250714
FLOATS = ["float16", "bfloat16", "float32", "float64"]
INTS = ["uint8", "int8", "int16", "int32", "int64"]
UNSIGNED_BB = ["uint16", "uint32", "uint64"]
COMPLEX = ["complex32", "complex64", "complex128"]

R = random.Random(SEED)


# op -> rule kind: "exact"; "pow" (exact for integral/bool results, else ulp); "exact_real"
# (exact for real results, ulp for complex ones); "ldexp" (exact for an integral/bool exponent
# tensor and a real result, else ulp)
RULE_KIND = {"pow": "pow", "float_power": "pow", "square": "exact_real", "where": "exact", "clamp": "exact",
             "clip": "exact", "clamp_min": "exact", "clamp_max": "exact", "relu": "exact",
             "lerp": "exact_real", "addcmul": "exact_real", "addcdiv": "exact_real", "ldexp": "ldexp"}


EDGES = edge_sets(R, "powers_ternary")


def ones(name, n=2):
    return [py(name, 1)] * n


def random_values(name, n, lo=-4, hi=4):
    c = category(name)
    if c == "bool":
        return [R.random() < 0.5 for _ in range(n)]
    if c == "integral":
        ii = torch.iinfo(TD[name])
        return [R.randint(ii.min, ii.max) if R.random() < 0.5 else min(max(R.randint(-100, 100), ii.min), ii.max)
                for _ in range(n)]
    if c == "complex":
        return [rounded(name, complex(log_uniform(R, lo, hi), log_uniform(R, lo, hi))) for _ in range(n)]
    return [rounded(name, log_uniform(R, lo, hi)) for _ in range(n)]


# pow-specific values
def pow_bases(name):
    c = category(name)
    if c == "floating":
        fi = torch.finfo(TD[name])
        extra = [2.0, -2.0, -3.0, 0.1, 10.0, 1e-3, 1.0 + fi.eps, 1.0 - fi.eps / 2, -1.0 - fi.eps, 100.0, -0.5]
        return dedupe(EDGES["full"][name] + [rounded(name, v) for v in extra])
    if c == "integral":
        return EDGES["full"][name]
    return dedupe(EDGES["mid"][name] + EDGES["small"][name][5:] + [rounded(name, v) for v in (2 + 0j, -2 + 0j, 0.5j)])


def pow_exponents(name):
    c = category(name)
    if c == "floating":
        fi = torch.finfo(TD[name])
        vals = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 0.5, -0.5, 2.5, -2.5, INF, -INF, NAN, 7.0, 0.1,
                100.0, -100.0, 1e10, -1e10, fi.max, fi.tiny * fi.eps, 1.0 / 3, R.uniform(-10, 10), 4.0, 1000.0]
        return dedupe([rounded(name, v) for v in vals])
    if c == "integral":
        ii = torch.iinfo(TD[name])
        vals = [0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 63, 64, 100, -1, -2, -3, -7, ii.min, ii.max, R.randint(0, 40)]
        return dedupe([v for v in vals if ii.min <= v <= ii.max])
    return EDGES["small"][name]


# ----------------------------------------------------------------------------- where torch is inaccurate
# Inputs where torch 2.13's result is itself wrong (further from the true value than the
# case's rule allows).  Such elements stay in the data with torch's value as `expect`; the
# case also carries `also_accept` ([[index, reference], ...]) and the test accepts a value
# within the rule of either.  (Removing them would hide nothing torch gets right, but it
# would also stop checking the many elements where our value equals torch's: both use
# exp(y log x) for complex pow.)  Every such element is listed in meta["torch_inaccurate"]
# with torch's value and the reference.
# Each entry: (op or variant, result dtypes, region: predicate on the element's inputs,
#              reference: the exact value (mpmath, 256 bits) from the inputs and the result
#              dtype, or "scalar_loop" for torch's own scalar loop, reason).
# Inside the region an element gets an alternative only when torch's (tiled, vectorised) value
# is NOT within the case's rule of the reference (and, for mpmath references, every input is
# finite): the generator checks that torch is wrong first.
def _as(dtype, v):
    """An input as the kernel sees it: converted to the computation dtype."""
    return rounded(dtype, complex(v)) if category(dtype) == "complex" else rounded(dtype, float(v))


def _ref_pow(args, dtype):
    return mpmath.power(mp(_as(dtype, args[0])), mp(_as(dtype, args[1])))


def _ref_ldexp(args, dtype):
    return mp(_as(dtype, args[0])) * mpmath.power(2, mp(args[1]))


def _off_branch_cut(args):
    """Complex pow: a base on the negative real axis with a -0.0 imaginary part is on the other
    side of the branch cut from mpmath's principal value (which has no signed zero); and
    0 ** y has no finite reference to speak of."""
    z = complex(args[0])
    return z != 0 and not (z.imag == 0 and z.real < 0 and math.copysign(1, z.imag) < 0)


TORCH_INACCURATE = [
    # torch's complex pow is std::pow(std::complex) (c10::complex -> libstdc++ -> exp(y log x) in
    # the complex dtype itself; also for integer exponents such as 4 and for a real base
    # promoted by a complex exponent): the rounding errors of log, the product and exp add up,
    # and results are several (up to hundreds of) ulp off, e.g. (-1+2.5j) ** 4 is
    # 2.5625006+52.500004j in complex64 (exactly 2.5625+52.5j), i ** 2.5 is 2 ulp off per
    # component, (-1) ** (1+2j) has an imaginary part of -1.7e-10 (exactly 0).
    ("pow", ("complex64", "complex128"), lambda *a: _off_branch_cut(a), _ref_pow,
     "torch's complex pow, exp(y log x) in the complex dtype, is several ulp off"),
    ("float_power", ("complex128",), lambda *a: _off_branch_cut(a), _ref_pow,
     "torch's complex pow, exp(y log x) in the complex dtype, is several ulp off"),
    # ldexp(complex x, e) is mul(x, pow(2 + 0j, e)) in torch, with the complex pow above:
    # ldexp(1j, 15) is 32767.998j in complex64 (exactly 32768j).
    ("ldexp", ("complex64", "complex128"), lambda *a: True, _ref_ldexp,
     "torch's ldexp on complex x goes through its inexact complex pow(2, e)"),
    # Vectorized<c10::complex<float>> lerp with a weight tensor (lerp_vec with the abs_2_() < 0.25
    # mask, AVX2) picks the formula of another element: the |w| >= 0.5 one, end + (w - 1)(end -
    # start), for elements whose |w| < 0.5 and the other way round (the mask does not line up with
    # the elements: the same element alone, or on torch's scalar loop, is right).  That formula
    # cancels (19 ulp off for lerp(0.304+0.0028j, 0.286+294j, 0.067+0.156j)), or gives 0 for
    # lerp(-1+2.5j, FLT_MAX+1j, 0) instead of the start, or nan/inf parts swapped for infinite
    # inputs.  Which elements are hit depends on their neighbours, so the reference here is
    # torch's own scalar loop (a stride-2 view of the same values; "scalar_loop"): an element is
    # accepted as an alternative when the vectorised value is not within the rule of it.
    ("lerp_tensor", ("complex64",), lambda *a: True, "scalar_loop",
     "torch's vectorised complex64 lerp uses another element's formula (mask misaligned)"),
]



INACCURATE_HITS = []
TORCH_INTERNAL_ASSERTS = []



# ----------------------------------------------------------------------------- rules
def rule_of(case, exp):
    if "error" in exp:
        return "exact"
    kind = RULE_KIND[case["op"]]
    cat = category(exp["dtype"])
    if kind == "exact":
        return "exact"
    if kind == "pow":
        return "exact" if cat in ("integral", "bool") else "ulp"
    if kind == "exact_real":
        return "ulp" if cat == "complex" else "exact"
    # ldexp: the exponent is the second operand
    e = case["args"][1]
    int_exp = is_tensor(e) and category(e["dtype"]) in ("integral", "bool")
    return "exact" if int_exp and cat != "complex" else "ulp"




# ----------------------------------------------------------------------------- where torch is inaccurate
def element_args(case, i):
    out = []
    for a in case["args"]:
        if a is None:
            out.append(None)
        elif not is_tensor(a):
            out.append(dec(a["value"]))
        elif len(a["shape"]) == 0:
            out.append(dec(a["values"][0]))
        else:
            out.append(dec(a["values"][i]))
    return out


def torch_inaccurate(variant, case, exp):
    """[[index, reference], ...]: the elements of the case inside a TORCH_INACCURATE region where
    torch's (tiled, vectorised) value is not within the case's rule of the reference."""
    entries = [e for e in TORCH_INACCURATE if e[0] in (case["op"], variant)]
    if not entries or case_mode(case) != "tile":
        return None
    n = case_length(case)
    rule = case["rule"]
    accept = []
    scalar_loop = None
    for i in range(n):
        args = element_args(case, i)
        for _, dtypes, region, fn, why in entries:
            if exp["dtype"] not in dtypes or not region(*args):
                continue
            if fn == "scalar_loop":
                scalar_loop = scalar_loop or outcome(case, "strided")
                ref = scalar_loop["values"][i]
            elif not all_finite(args):
                continue
            else:
                ref = reference_value(lambda xs: fn(xs, exp["dtype"]), args, exp["dtype"])
            if close(rule, exp["dtype"], ref, exp["values"][i], magnitude_overflow_ok=True):
                continue
            accept.append([i, ref])
            INACCURATE_HITS.append({"variant": variant, "op": case["op"], "operands": operand_kinds(case),
                                    "dtype": exp["dtype"], "family": case["family"],
                                    "inputs": [enc(a) if a is not None else None for a in args],
                                    "torch": exp["values"][i],
                                    ("torch_scalar_loop" if fn == "scalar_loop" else "correctly_rounded"): ref,
                                    "reason": why})
            break
    return accept or None


def finalize(case, variant):
    exp = outcome(case)
    if "error" in exp and "INTERNAL ASSERT" in exp["error"][1]:
        # a torch bug (an internal assertion, with its source file and line), not an outcome
        # the runtime should reproduce: left out, listed in meta["torch_internal_asserts"]
        TORCH_INTERNAL_ASSERTS.append({"variant": variant, "op": case["op"], "call": case["call"],
                                       "args": [operand_kind(a) for a in case["args"]],
                                       "out": case.get("out", {}).get("dtype"), "error": exp["error"]})
        return None
    case = settle(case, rule_of)
    if "error" not in case["expect"]:
        accept = torch_inaccurate(variant, case, case["expect"])
        if accept:
            case["also_accept"] = accept
    return case


# ----------------------------------------------------------------------------- case builders
CASES = []   # (variant, case)


def add(family, variant, op, args, kwargs=None, call="function", symbol=None, out=None):
    case = {"family": family, "op": op, "call": call, "args": args}
    if symbol:
        case["symbol"] = symbol
    if kwargs:
        case["kwargs"] = kwargs
    if out:
        case["out"] = out
    c = finalize(case, variant)
    if c is not None:
        CASES.append((variant, c))
    return c


def T(name, values):
    """A 1-d tensor operand; values converted to the dtype's Python type (3 -> 3.0 for floats)."""
    return tensor(name, [py(name, v) for v in values])


# ---- pow
POW_SCALARS = [0, 1, 2, 3, 0.5, -0.5, -1, -2, 2.5, True, False, -3, 4, 0.0, 1.0, 2.0, 3.0, -1.0, -2.0, -0.0, 0.1,
               -2.5, 1.5, 1e10, 70000.0, 1e39, INF, -INF, NAN, 1 / 3, 10.3, 2 + 0j, 1 + 2j, 0.5 + 0j, 63]
POW_BASES_ST = [1, 1.0, 2, -2, 0, 0.5, 2.5, -1, True, False, -0.0, 10, 3, 1 + 1j, 1 + 0j, INF, NAN]


def build_pow():
    for name in DTYPES:
        if not accepts(lambda t: torch.pow(t, t), name):
            add("errors", "pow", "pow", [T(name, ones(name)), T(name, ones(name))])
        else:
            xs, ys = pairs(pow_bases(name), pow_exponents(name))
            add("tt", "pow", "pow", [T(name, xs), T(name, ys)])
            c = category(name)
            if c == "integral":
                ii = torch.iinfo(TD[name])
                xs = random_values(name, 48)
                ys = [R.randint(0, 40) if R.random() < 0.8 else R.randint(max(ii.min, -40), ii.max)
                      for _ in range(48)]
            elif c == "floating":
                xs = [rounded(name, abs(log_uniform(R, -2, 2))) for _ in range(40)]
                xs += [rounded(name, -R.uniform(0.1, 10)) for _ in range(16)]
                ys = [rounded(name, R.uniform(-8, 8)) for _ in range(40)] + [float(R.randint(-9, 9))
                                                                              for _ in range(16)]
            else:
                xs = random_values(name, 48, -2, 2)
                ys = [rounded(name, complex(R.uniform(-4, 4), R.uniform(-4, 4))) for _ in range(48)]
            add("rand", "pow", "pow", [T(name, xs), T(name, ys)])
        # tensor ** number (every dtype: unsupported ones record torch's error)
        xs = EDGES["small"][name]
        if category(name) == "floating":
            xs = dedupe(xs + [rounded(name, v) for v in (2.0, -2.0, 3.0, 0.1, -0.5, 1e-3)])
        seen_err = set()
        for s in POW_SCALARS:
            before = len(CASES)
            add("ts", "pow_scalar", "pow", [T(name, xs), scalar(s)])
            one_error_per_kind(CASES, before, kind_of(s), seen_err)
        # number ** tensor
        es = pow_exponents(name) if category(name) != "complex" else EDGES["small"][name]
        seen_err = set()
        for s in POW_BASES_ST:
            before = len(CASES)
            add("st", "pow_rscalar", "pow", [scalar(s), T(name, es)])
            one_error_per_kind(CASES, before, kind_of(s), seen_err)

    # operators, methods, in-place
    for name in ("bool", "uint8", "int32", "int64", "float16", "bfloat16", "float32", "float64", "complex64",
                 "complex128"):
        xs = EDGES["small"][name]
        ys = rotate(xs) if category(name) != "integral" else [abs(v) % 9 if R.random() < 0.8 else v for v in
                                                               rotate(xs)]
        add("operator", "pow_op", "pow", [T(name, xs), T(name, ys)], call="operator", symbol="**")
        for s in (2, 3, 0.5, -1, 2.5, True, 0, -2, 1 + 1j):
            add("operator", "pow_op", "pow", [T(name, xs), scalar(s)], call="operator", symbol="**")
        for s in (2, 1, 2.5, -1, True, 1j, 0):
            add("operator", "pow_rop", "pow", [scalar(s), T(name, ys)], call="operator", symbol="**")
        add("inplace", "pow_iop", "pow", [T(name, xs), T(name, ys)], call="operator", symbol="**=")
        for s in (2, 0.5, 3, -1, 2.5, 1j):
            add("inplace", "pow_iop", "pow", [T(name, xs), scalar(s)], call="operator", symbol="**=")
        add("method", "pow_method", "pow", [T(name, xs), T(name, ys)], call="method")
        add("method", "pow_method", "pow", [T(name, xs), scalar(2)], call="method")
        add("inplace", "pow_inplace", "pow", [T(name, xs), T(name, ys)], call="inplace")
        add("inplace", "pow_inplace", "pow", [T(name, xs), scalar(3)], call="inplace")
        add("inplace", "pow_inplace", "pow", [T(name, xs), scalar(-0.5)], call="inplace")
        # another dtype into self: cast, or can't cast
        add("inplace", "pow_inplace", "pow", [T(name, xs), T("float32", [rounded("float32", 1.5)] * len(xs))],
            call="inplace")

    # 0-dim tensors: an exponent (tensor-tensor kernel, zero-dim promotion), a base
    for name in ("int32", "int64", "uint8", "float16", "bfloat16", "float32", "float64", "complex64"):
        xs = EDGES["small"][name]
        for e in (("float64", 2.0), ("int64", 2), ("int64", -1), ("float32", 0.5), ("int32", 3), ("float64", -2.0),
                  ("float16", 2.5), ("complex128", 2 + 0j), ("bool", True), ("int64", 0)):
            add("zerodim", "pow", "pow", [T(name, xs), zerodim(*e)])
        es = [v for v in pow_exponents(name)] if category(name) != "complex" else EDGES["small"][name]
        for b in (("float64", 2.0), ("int64", 2), ("int64", -2), ("float32", 1.0), ("complex64", 1j)):
            add("zerodim", "pow", "pow", [zerodim(*b), T(name, es)])
        add("zerodim", "pow", "pow", [zerodim(name, py(name, 3)), zerodim(name, py(name, 2))])

    # mixed dtypes
    for da, db in (("int32", "float32"), ("uint8", "int8"), ("int64", "float16"), ("bool", "int32"),
                   ("float16", "bfloat16"), ("float16", "float32"), ("float32", "float64"), ("int8", "bfloat16"),
                   ("float32", "complex64"), ("int32", "complex128"), ("complex64", "complex128"),
                   ("int16", "int64"), ("bool", "float64"), ("uint8", "bool")):
        for x, y in ((da, db), (db, da)):
            xs, ys = pairs(EDGES["mid"][x], EDGES["mid"][y])
            if category(y) == "integral":
                ys = [v if abs(v) < 100 else v % 13 for v in ys]
            add("mixed", "pow", "pow", [T(x, xs), T(y, ys)])

    # integer pow with negative exponents (tensors): 0, or +-1 for bases +-1
    for name in ("int8", "int16", "int32", "int64"):
        ii = torch.iinfo(TD[name])
        xs, ys = pairs([0, 1, -1, 2, -2, 3, ii.min, ii.max], [-1, -2, -3, -64, ii.min, ii.min + 1])
        add("tt", "pow_negexp", "pow", [T(name, xs), T(name, ys)])
    # out=
    f32 = T("float32", [1.5, -2.0, 0.5])
    add("out", "pow", "pow", [f32, T("float32", [2.0, 3.0, -1.0])], out={"dtype": "float32", "shape": [3]})
    add("out", "pow", "pow", [f32, T("float32", [2.0, 3.0, -1.0])], out={"dtype": "float64", "shape": [3]})
    add("out", "pow", "pow", [f32, T("float32", [2.0, 3.0, -1.0])], out={"dtype": "int32", "shape": [3]})
    add("out", "pow_scalar", "pow", [f32, scalar(2)], out={"dtype": "float32", "shape": [3]})
    add("out", "pow_scalar", "pow", [f32, scalar(2)], out={"dtype": "float64", "shape": [3]})
    add("out", "pow_rscalar", "pow", [scalar(2), T("int32", [1, 2, 3])], out={"dtype": "int64", "shape": [3]})
    # errors
    add("errors", "pow_scalar", "pow", [scalar(2), scalar(3)])
    add("errors", "pow_scalar", "pow", [T("int32", [1, 2]), scalar(-1)])
    add("errors", "pow_scalar", "pow", [T("uint8", [1, 2]), scalar(-2)], call="method")
    add("errors", "pow_scalar", "pow", [T("bool", [True, False]), scalar(-1)])
    add("errors", "pow_inplace", "pow", [T("int32", [1, 2]), scalar(-1)], call="inplace")
    add("errors", "pow_inplace", "pow", [T("int32", [1, 2]), scalar(0.5)], call="inplace")
    add("errors", "pow_iop", "pow", [T("int64", [1, 2]), scalar(2.5)], call="operator", symbol="**=")
    add("errors", "pow_iop", "pow", [T("float32", [1, 2]), scalar(1j)], call="operator", symbol="**=")
    add("errors", "pow", "pow", [T("float32", [1.0, 2.0]), T("complex64", [1j, 2j])], call="inplace")


# ---- float_power
FP_SCALARS = [0, 1, 2, 3, 0.5, -0.5, -1, -2, 2.5, True, False, -0.0, 1 + 2j, NAN, -3]
FP_BASES = [1, 2, -2, 0.5, 1 + 1j, True, 0, -1.5]


def build_float_power():
    for name in DTYPES:
        if category(name) == "complex":
            xs, ys = pairs(EDGES["mid"][name], EDGES["small"][name])
        elif category(name) == "floating":
            xs, ys = pairs(EDGES["mid"][name] + [rounded(name, -2.0), rounded(name, 0.5)], pow_exponents(name))
        else:
            xs, ys = pairs(EDGES["mid"][name], EDGES["mid"][name] if name != "bool" else [False, True])
        add("tt", "float_power", "float_power", [T(name, xs), T(name, ys)])
        xs = EDGES["small"][name]
        for s in FP_SCALARS:
            add("ts", "float_power_scalar", "float_power", [T(name, xs), scalar(s)])
        for s in FP_BASES:
            add("st", "float_power_rscalar", "float_power", [scalar(s), T(name, EDGES["mid"][name])])
    for name in ("float64", "complex128", "float32", "int64", "complex64"):
        xs = EDGES["small"][name]
        add("method", "float_power", "float_power", [T(name, xs), T(name, rotate(xs))], call="method")
        add("method", "float_power", "float_power", [T(name, xs), scalar(2.5)], call="method")
        add("inplace", "float_power", "float_power", [T(name, xs), T(name, rotate(xs))], call="inplace")
        add("inplace", "float_power", "float_power", [T(name, xs), scalar(0.5)], call="inplace")
        add("inplace", "float_power", "float_power", [T(name, xs), scalar(1 + 1j)], call="inplace")
    for x, y in (("float32", "float64"), ("int32", "complex64"), ("float16", "int8"), ("complex32", "float64")):
        for a, b in ((x, y), (y, x)):
            xs, ys = pairs(EDGES["mid"][a], EDGES["mid"][b])
            add("mixed", "float_power", "float_power", [T(a, xs), T(b, ys)])
    f32 = T("float32", [1.5, -2.0])
    add("zerodim", "float_power", "float_power", [f32, zerodim("float32", 2.0)])
    add("zerodim", "float_power", "float_power", [zerodim("int64", 3), T("float32", [1.5, -2.0])])
    add("out", "float_power", "float_power", [f32, f32], out={"dtype": "float64", "shape": [2]})
    add("out", "float_power", "float_power", [f32, f32], out={"dtype": "float32", "shape": [2]})
    add("out", "float_power_scalar", "float_power", [f32, scalar(2)], out={"dtype": "complex128", "shape": [2]})
    add("errors", "float_power", "float_power", [scalar(2), scalar(3)])


# ---- square
def build_square():
    for name in DTYPES:
        xs = EDGES["full"][name]
        if category(name) == "floating":
            fi = torch.finfo(TD[name])
            xs = dedupe(xs + [rounded(name, v) for v in (math.sqrt(fi.max), math.sqrt(fi.max) * 1.01, 1e-20,
                                                         math.sqrt(fi.tiny), 0.1, 1.0 + fi.eps)]
                        + random_values(name, 16))
        add("tt" if accepts(torch.square, name) else "errors", "square", "square", [T(name, xs)])
    for name in ("float32", "int32", "complex64", "bool", "float16", "uint8"):
        xs = EDGES["small"][name]
        add("method", "square", "square", [T(name, xs)], call="method")
        add("inplace", "square", "square", [T(name, xs)], call="inplace")
    add("out", "square", "square", [T("int32", [3, -4])], out={"dtype": "float32", "shape": [2]})
    add("out", "square", "square", [T("float32", [3, -4])], out={"dtype": "int32", "shape": [2]})


# ---- where
def bool_pattern(n):
    return [R.random() < 0.5 for _ in range(n)]


def build_where():
    for name in DTYPES:
        xs = EDGES["full"][name]
        ys = rotate(xs, 5)
        cond = bool_pattern(len(xs))
        add("tt", "where", "where", [T("bool", cond), T(name, xs), T(name, ys)])
        u8 = [R.choice((0, 1, 2, 255, 0)) for _ in xs]
        add("tt", "where_uint8", "where", [T("uint8", u8), T(name, xs), T(name, ys)])
        # number branches
        for s in ((2.5, None), (None, 3), (True, None), (None, -1), (1 + 2j, None), (None, 300), (None, -0.0),
                  (None, NAN), (None, 2 ** 62), (None, 70000.0), (1e300, None), (None, -INF)):
            a = scalar(s[0]) if s[0] is not None else T(name, xs)
            b = scalar(s[1]) if s[1] is not None else T(name, xs)
            add("ts", "where_scalar", "where", [T("bool", cond), a, b])
        # 0-dim branches
        add("zerodim", "where", "where", [T("bool", cond), T(name, xs), zerodim(name, xs[-1])])
        add("method", "where", "where", [T(name, xs), T("bool", cond), T(name, ys)], call="method")
    # both branches numbers
    cond = [True, False, True, True, False]
    for a, b in ((1.5, 0), (1, 0), (True, False), (1, 2.5), (1j, 2), (-0.0, 0.0), (2 ** 40, -1), (True, 2)):
        add("ts", "where_scalar", "where", [T("bool", cond), scalar(a), scalar(b)])
        add("ts", "where_scalar", "where", [T("uint8", [1, 0, 7, 255, 0]), scalar(a), scalar(b)])
    # mixed dtypes
    for x, y in (("int32", "float32"), ("float16", "bfloat16"), ("bool", "int64"), ("uint8", "int8"),
                 ("complex64", "float64"), ("float16", "float32"), ("int64", "float16"), ("uint16", "int32"),
                 ("uint64", "float32"), ("bool", "complex32")):
        xs, ys = pairs(EDGES["mid"][x], EDGES["mid"][y])
        add("mixed", "where", "where", [T("bool", bool_pattern(len(xs))), T(x, xs), T(y, ys)])
        add("mixed", "where", "where", [T("bool", bool_pattern(len(xs))), T(y, ys), zerodim(x, EDGES["mid"][x][-1])])
    # broadcasting: cond [4,1], x [1,64] / [64], y 0-dim or [4,64]
    for name in ("float32", "int64", "float16", "complex64", "uint8"):
        row = (EDGES["full"][name] * 8)[:64]
        cond = [True, False, False, True]
        add("bcast", "where", "where", [tensor("bool", cond, [4, 1]), tensor(name, row, [1, 64]),
                                        zerodim(name, py(name, 7))])
        add("bcast", "where", "where", [tensor("uint8", [0, 3, 0, 1], [4, 1]), tensor(name, row, [64]),
                                        tensor(name, rotate(row * 4, 7), [4, 64])])
        add("bcast", "where", "where", [tensor("bool", bool_pattern(64), [64]), scalar(1.5),
                                        tensor(name, row * 2, [2, 64])])
        add("bcast", "where", "where", [zerodim("bool", True), tensor(name, row * 2, [2, 64]),
                                        tensor(name, row, [64])])
    # out=
    c3 = T("bool", [True, False, True])
    f3 = T("float32", [1.5, 2.5, -0.0])
    add("out", "where", "where", [c3, f3, f3], out={"dtype": "float32", "shape": [3]})
    add("out", "where", "where", [c3, f3, f3], out={"dtype": "float64", "shape": [3]})
    # errors
    add("errors", "where", "where", [T("float32", [1.0, 0.0]), T("float32", [1.0, 2.0]), T("float32", [1.0, 2.0])])
    add("errors", "where", "where", [T("int32", [1, 0]), T("float32", [1.0, 2.0]), T("float32", [1.0, 2.0])])
    add("errors", "where", "where", [T("bool", [True, False]), T("float32", [1.0, 2.0]), T("float32", [1.0, 2.0, 3.0])])
    add("errors", "where", "where", [T("bool", [True, False]), T("uint8", [1, 2]), scalar(-300)])
    add("errors", "where", "where", [T("bool", [True, False]), T("int8", [1, 2]), scalar(1e300)])


# ---- clamp, clip, clamp_min, clamp_max, relu
CLAMP_BOUNDS = [(-1, 1), (0, 2.5), (2, -2), (NAN, 1.0), (1.0, NAN), (None, 0.5), (0, None), (None, -3), (-INF, INF),
                (-0.0, 0.0), (0.0, -0.0), (True, True), (False, None), (1e39, None), (None, 300), (-300, 300),
                (0.1, 0.7), (1 + 1j, None), (2 ** 40, None), (-1.5, -1.5)]


def build_clamp():
    for name in DTYPES:
        xs = EDGES["full"][name]
        if category(name) == "floating":
            xs = dedupe(xs + [rounded(name, v) for v in (0.1, 0.7, -1.5, 2.0, -3.0, 0.49)])
        seen_err = set()
        for lo, hi in CLAMP_BOUNDS:
            args = [T(name, xs), scalar(lo) if lo is not None else None, scalar(hi) if hi is not None else None]
            before = len(CASES)
            add("ts", "clamp_scalar", "clamp", args)
            one_error_per_kind(CASES, before, None, seen_err)
        # tensor bounds, same dtype: all triples of the mid edge set
        mid = EDGES["mid"][name]
        a, b, c3 = triples(mid, mid, mid)
        add("tt", "clamp_tensor", "clamp", [T(name, a), T(name, b), T(name, c3)])
        add("tt", "clamp_tensor_min", "clamp", [T(name, a), T(name, b), None])
        add("tt", "clamp_tensor_max", "clamp", [T(name, a), None, T(name, c3)])
        add("tt", "clamp_min", "clamp_min", [T(name, a), T(name, b)])
        add("tt", "clamp_max", "clamp_max", [T(name, a), T(name, c3)])
        for s in (0, 2.5, NAN, -0.0, True, 300):
            add("ts", "clamp_min_scalar", "clamp_min", [T(name, xs), scalar(s)])
            add("ts", "clamp_max_scalar", "clamp_max", [T(name, xs), scalar(s)])
        add("tt", "relu", "relu", [T(name, xs)])
        # 0-dim tensor bounds next to numbers (Scalar overload), and with a tensor (Tensor overload)
        if category(name) not in ("complex",):
            z = zerodim(name, py(name, 1) if category(name) != "floating" else rounded(name, 0.5))
            add("zerodim", "clamp_zerodim", "clamp", [T(name, xs), z, scalar(2)])
            add("zerodim", "clamp_zerodim", "clamp", [T(name, xs), scalar(-1), z])
            add("zerodim", "clamp_zerodim", "clamp", [T(name, xs), z, None])
            add("zerodim", "clamp_zerodim", "clamp", [T(name, xs), None, z])
            add("zerodim", "clamp_zerodim", "clamp", [T(name, xs), z, T(name, rotate(xs))])
            add("zerodim", "clamp_zerodim", "clamp", [T(name, xs), zerodim("float64", 0.25), scalar(3)])
            add("zerodim", "clamp_zerodim", "clamp", [T(name, xs), zerodim("float64", 0.25), None])
            add("zerodim", "clamp_zerodim", "clamp", [T(name, xs), zerodim("int64", -2), zerodim("int64", 5)])
            add("zerodim", "clamp_zerodim", "clamp_min", [T(name, xs), zerodim("float32", 0.5)])
    # signed zeros and NaN, every float dtype: the bound vs x order matters
    for name in FLOATS:
        xs = [0.0, -0.0, NAN, 1.0, -1.0, INF, -INF]
        for lo, hi in ((0.0, None), (-0.0, None), (None, 0.0), (None, -0.0), (0.0, 0.0), (-0.0, -0.0), (NAN, None),
                       (None, NAN), (NAN, NAN), (INF, -INF)):
            add("ts", "clamp_signed", "clamp", [T(name, xs), scalar(lo) if lo is not None else None,
                                                scalar(hi) if hi is not None else None])
        a, b = pairs(xs, xs)
        add("tt", "clamp_signed", "clamp", [T(name, a), T(name, b), T(name, b)])
        # bounds that the 16-bit formats cannot represent (torch: min_.to<scalar_t>() or opmath)
        fine = [rounded(name, v) for v in (1.0, 1.0009765625, 1.00048828125, 0.999, 2049.0, 2050.0, 65504.0,
                                           1e-7, -1e-7, 0.1)]
        for lo, hi in ((1.0004, None), (1.0006, None), (None, 1.0004), (2049.5, None), (None, 0.1), (70000.0, None),
                       (1e-8, None), (0.1, 0.1000001), (1.0 + 2 ** -12, 1.0 + 2 ** -11)):
            add("ts", "clamp_unrepresentable", "clamp", [T(name, fine), scalar(lo) if lo is not None else None,
                                                         scalar(hi) if hi is not None else None])
    # mixed dtypes: tensor bounds of other dtypes, number bounds of another category
    for x, y in (("int32", "float32"), ("float16", "float32"), ("uint8", "int8"), ("float32", "float64"),
                 ("int64", "float16"), ("bfloat16", "float16"), ("bool", "int32")):
        for a, b in ((x, y), (y, x)):
            xs, ys = pairs(EDGES["mid"][a], EDGES["mid"][b])
            add("mixed", "clamp_tensor", "clamp", [T(a, xs), T(b, ys), T(b, rotate(ys))])
            add("mixed", "clamp_tensor_min", "clamp", [T(a, xs), T(b, ys), None])
            add("mixed", "clamp_min", "clamp_min", [T(a, xs), T(b, ys)])
            add("mixed", "clamp_max", "clamp_max", [T(a, xs), T(b, ys)])
    # broadcasting bounds
    for name in ("float32", "int32"):
        row = (EDGES["full"][name] * 8)[:64]
        add("bcast", "clamp_tensor", "clamp", [tensor(name, row * 2, [2, 64]),
                                               tensor(name, [py(name, -1), py(name, 0)], [2, 1]),
                                               tensor(name, rotate(row), [64])])
        add("bcast", "clamp_tensor", "clamp", [tensor(name, row, [64]),
                                               tensor(name, [py(name, -1), py(name, 0)], [2, 1]), None])
    # clip alias, methods, in-place
    for name in ("float32", "int32", "float16", "uint8", "int64", "bfloat16", "float64", "bool"):
        xs = EDGES["small"][name]
        add("function", "clip", "clip", [T(name, xs), scalar(-1), scalar(2)])
        add("method", "clamp", "clamp", [T(name, xs), scalar(0), scalar(2)], call="method")
        add("method", "clamp", "clamp", [T(name, xs)], kwargs={"min": scalar(0)}, call="method")
        add("method", "clamp", "clamp", [T(name, xs)], kwargs={"max": T(name, rotate(xs))}, call="method")
        add("method", "clip", "clip", [T(name, xs), scalar(0.5), None], call="method")
        add("inplace", "clamp", "clamp", [T(name, xs), scalar(-1), scalar(1)], call="inplace")
        add("inplace", "clamp", "clamp", [T(name, xs), scalar(0.5), scalar(1)], call="inplace")
        add("inplace", "clamp", "clamp", [T(name, xs), T(name, rotate(xs)), None], call="inplace")
        add("inplace", "clip", "clip", [T(name, xs), None, scalar(1)], call="inplace")
        add("inplace", "clamp_min", "clamp_min", [T(name, xs), scalar(0)], call="inplace")
        add("inplace", "clamp_max", "clamp_max", [T(name, xs), scalar(2.5)], call="inplace")
        add("inplace", "clamp_min", "clamp_min", [T(name, xs), T(name, rotate(xs))], call="inplace")
        add("method", "relu", "relu", [T(name, xs)], call="method")
        add("inplace", "relu", "relu", [T(name, xs)], call="inplace")
    # out=
    f3 = T("float32", [1.5, -2.0, NAN])
    add("out", "clamp_scalar", "clamp", [f3, scalar(0), scalar(1)], out={"dtype": "float32", "shape": [3]})
    add("out", "clamp_scalar", "clamp", [f3, scalar(0), scalar(1)], out={"dtype": "float64", "shape": [3]})
    add("out", "clamp_tensor", "clamp", [f3, f3, f3], out={"dtype": "float64", "shape": [3]})
    add("out", "clamp_tensor", "clamp", [f3, f3, f3], out={"dtype": "int32", "shape": [3]})
    add("out", "clamp_scalar", "clamp", [T("int32", [1, 5, -3]), scalar(0), scalar(2)],
        out={"dtype": "int64", "shape": [3]})
    # errors
    add("errors", "clamp", "clamp", [T("float32", [1.0, 2.0])])
    add("errors", "clamp", "clamp", [T("float32", [1.0, 2.0]), None, None])
    add("errors", "clamp", "clamp", [T("float32", [1.0, 2.0]), scalar(1j), None])
    add("errors", "clamp", "clamp", [T("float32", [1.0, 2.0]), T("complex64", [1j, 2j]), None])
    add("errors", "clamp_min", "clamp_min", [T("int32", [1, 2]), scalar(1 + 1j)])
    add("errors", "clamp", "clamp", [T("int32", [1, 2]), scalar(0.5), None], call="inplace")
    add("errors", "clamp", "clamp", [T("int8", [1, 2]), scalar(1000), None], call="inplace")


# ---- lerp
LERP_WEIGHTS = [0, 0.25, 0.5, 0.75, 1, -0.5, 1.5, 0.49999997, 0.5000001, NAN, INF, -INF, 2, 1e-8, -0.0, 0.1, True]


def build_lerp():
    for name in DTYPES:
        if not accepts(lambda t: torch.lerp(t, t, 0.5), name):
            add("errors", "lerp_scalar", "lerp", [T(name, ones(name)), T(name, ones(name)), scalar(0.5)])
            add("errors", "lerp_tensor", "lerp", [T(name, ones(name)), T(name, ones(name)), T(name, ones(name))])
            continue
        mid = EDGES["mid"][name]
        if category(name) == "floating":
            mid = dedupe(mid + [rounded(name, v) for v in (1.5, -0.0 + 3.25, 1e-3)])
        a, b = pairs(mid, mid)
        weights = LERP_WEIGHTS + ([0.3 + 0.2j, 0.7 - 0.1j, 1j, 0.5 + 0j] if category(name) == "complex" else [])
        for w in weights:
            add("ts", "lerp_scalar", "lerp", [T(name, a), T(name, b), scalar(w)])
        # tensor weights: random starts/ends, weights on both sides of 0.5 and edges
        n = 60
        xs, ys = random_values(name, n, -3, 3), random_values(name, n, -3, 3)
        if category(name) == "complex":
            ws = [rounded(name, complex(R.uniform(-0.5, 1.5), R.uniform(-0.5, 0.5))) for _ in range(n)]
        else:
            ws = [rounded(name, R.uniform(-0.5, 1.5)) for _ in range(n - 12)] + \
                 [rounded(name, v) for v in (0.5, 0.49999997, 0.5000001, 0.0, 1.0, -0.0, NAN, INF, -1.0, 2.0, 0.25,
                                             0.75)]
        add("rand", "lerp_tensor", "lerp", [T(name, xs), T(name, ys), T(name, ws)])
        wmid = EDGES["mid"][name]
        a, b, c = triples(EDGES["mid"][name], EDGES["mid"][name], wmid)
        add("tt", "lerp_tensor", "lerp", [T(name, a), T(name, b), T(name, c)])
        # 0-dim weights
        for w in (0.25, 0.75, 0.5):
            add("zerodim", "lerp_tensor", "lerp", [T(name, xs), T(name, ys), zerodim(name, rounded(name, w))])
        add("zerodim", "lerp_tensor", "lerp", [T(name, xs), T(name, ys), zerodim("float64", 0.25)])
        add("zerodim", "lerp_tensor", "lerp", [T(name, xs), zerodim(name, rounded(name, 2.0)), T(name, ws)])
        add("method", "lerp_scalar", "lerp", [T(name, xs), T(name, ys), scalar(0.3)], call="method")
        add("inplace", "lerp_scalar", "lerp", [T(name, xs), T(name, ys), scalar(0.7)], call="inplace")
        add("inplace", "lerp_tensor", "lerp", [T(name, xs), T(name, ys), T(name, ws)], call="inplace")
    # broadcasting
    row = [rounded("float32", R.uniform(-5, 5)) for _ in range(64)]
    add("bcast", "lerp_tensor", "lerp", [tensor("float32", row * 2, [2, 64]), tensor("float32", row, [64]),
                                         tensor("float32", [0.25, 0.75], [2, 1])])
    add("bcast", "lerp_scalar", "lerp", [tensor("float32", row, [64]),
                                         tensor("float32", rotate(row) * 2, [2, 64]), scalar(0.6)])
    # out=
    f2 = T("float32", [1.0, 2.0])
    add("out", "lerp_scalar", "lerp", [f2, f2, scalar(0.5)], out={"dtype": "float32", "shape": [2]})
    add("out", "lerp_scalar", "lerp", [f2, f2, scalar(0.5)], out={"dtype": "float64", "shape": [2]})
    # errors
    add("errors", "lerp", "lerp", [f2, T("float64", [1.0, 2.0]), scalar(0.5)])
    add("errors", "lerp", "lerp", [f2, f2, T("float64", [0.5, 0.5])])
    add("errors", "lerp", "lerp", [f2, f2, scalar(1j)])
    add("errors", "lerp", "lerp", [f2, f2, T("int32", [0, 1])])
    add("errors", "lerp", "lerp", [T("float16", [1.0, 2.0]), T("float16", [1.0, 2.0]), scalar(1e39)])
    add("errors", "lerp", "lerp", [T("float64", [1.0, 2.0]), T("float64", [1.0, 2.0]), scalar(1e300)])
    add("errors", "lerp", "lerp", [f2, T("float32", [1.0, 2.0, 3.0]), scalar(0.5)], call="inplace")


# ---- addcmul / addcdiv
def build_addc():
    for op in ("addcmul", "addcdiv"):
        for name in DTYPES:
            fn = getattr(torch, op)
            if not accepts(lambda t: fn(t, t, t), name):
                add("errors", op, op, [T(name, ones(name)), T(name, ones(name)), T(name, ones(name))])
                continue
            mid = EDGES["mid"][name]
            a, b, c = triples(mid, mid, mid)
            add("tt", op, op, [T(name, a), T(name, b), T(name, c)])
            xs, ys, zs = (random_values(name, 40, -3, 3) for _ in range(3))
            values = [1, 0.5, 2, -1, 0, 3, -0.5, 0.1, True, 1e-3, 1e39]
            if category(name) == "complex":
                values += [1 + 1j, 0.5j, -2 + 0.25j]
            if category(name) == "integral":
                values = [1, 2, -1, 0, 3, 300, 0.5, True, 2 ** 40]
            for v in values:
                add("rand", op, op, [T(name, xs), T(name, ys), T(name, zs)], kwargs={"value": scalar(v)})
            add("tt", op, op, [T(name, a), T(name, b), T(name, c)], kwargs={"value": scalar(values[1])})
            add("method", op, op, [T(name, xs), T(name, ys), T(name, zs)], kwargs={"value": scalar(2)},
                call="method")
            add("inplace", op, op, [T(name, xs), T(name, ys), T(name, zs)], kwargs={"value": scalar(-1)},
                call="inplace")
        # mixed dtypes, 0-dim, broadcasting
        for x, y in (("float32", "float64"), ("int32", "float32"), ("float16", "float32"), ("uint8", "int8"),
                     ("float32", "complex64"), ("bfloat16", "float16"), ("int64", "float16")):
            for p, q in ((x, y), (y, x)):
                a, b = pairs(EDGES["mid"][p], EDGES["mid"][q])
                add("mixed", op, op, [T(p, a), T(q, b), T(p, rotate(a))])
                add("mixed", op, op, [T(p, a), T(p, rotate(a)), T(q, b)], kwargs={"value": scalar(2)})
        f4 = T("float32", [1.5, -2.0, 0.5, 3.0])
        add("zerodim", op, op, [f4, zerodim("float32", 2.0), f4])
        add("zerodim", op, op, [zerodim("float64", 1.0), f4, f4])
        add("zerodim", op, op, [f4, f4, zerodim("int64", 3)])
        row = [rounded("float32", R.uniform(-5, 5)) for _ in range(64)]
        add("bcast", op, op, [tensor("float32", row, [64]), tensor("float32", [2.0, -0.5], [2, 1]),
                              tensor("float32", rotate(row) * 2, [2, 64])], kwargs={"value": scalar(0.5)})
        add("out", op, op, [f4, f4, f4], out={"dtype": "float64", "shape": [4]})
        add("out", op, op, [f4, f4, f4], out={"dtype": "int32", "shape": [4]})
        add("errors", op, op, [f4, f4, f4], kwargs={"value": scalar(1j)})
        add("errors", op, op, [T("int32", [1, 2]), T("int32", [1, 2]), T("int32", [1, 2])],
            kwargs={"value": scalar(0.5)})
        add("errors", op, op, [T("int32", [1, 2]), T("float32", [1.0, 2.0]), T("float32", [1.0, 2.0])],
            call="inplace")
        add("errors", op, op, [f4, f4, T("float32", [1.0, 2.0])])
    add("errors", "addcdiv", "addcdiv", [T("float32", [1.0, 2.0]), T("int32", [1, 2]), T("int32", [1, 2])])
    add("errors", "addcdiv", "addcdiv", [T("float32", [1.0, 2.0]), T("float32", [1.0, 2.0]), T("int32", [1, 2])])
    add("errors", "addcmul", "addcmul", [T("int8", [1, 2]), T("int8", [1, 2]), T("int8", [1, 2])],
        kwargs={"value": scalar(300)})


# ---- ldexp
def ldexp_exponents(name):
    if name == "bool":
        return [False, True]
    if category(name) == "integral":
        ii = torch.iinfo(TD[name])
        vals = [0, 1, -1, 2, 10, -10, 15, 16, -14, -24, -25, 127, 128, -126, -149, -150, 1023, 1024, -1022, -1074,
                -1075, 2000, -2000, 100000, -100000, ii.min, ii.max, R.randint(-60, 60)]
        return dedupe([v for v in vals if ii.min <= v <= ii.max])
    vals = [0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 10.0, -10.0, 127.0, 128.0, -149.0, -150.0, 1023.0, 1024.0, -1074.0,
            -1075.0, 2000.0, NAN, INF, -INF, -0.0, R.uniform(-20, 20)]
    return dedupe([rounded(name, v) for v in vals])


def build_ldexp():
    for xname in DTYPES:
        xs = EDGES["mid"][xname]
        if category(xname) == "floating":
            fi = torch.finfo(TD[xname])
            xs = dedupe(xs + [rounded(xname, v) for v in (-1.0, 0.75, 1.5, -INF, fi.tiny, -fi.max, 3.0)])
        for ename in ("int32", "int8", "int64", "uint8", "int16", "bool", "float32", "float64", "float16",
                      "uint16"):
            if category(xname) in ("integral", "bool") and ename not in ("int32", "int64", "float32", "uint8"):
                continue
            if category(xname) == "complex" and ename not in ("int32", "float32", "int64"):
                continue
            if xname in UNSIGNED_BB and ename != "int32":
                continue
            es = ldexp_exponents(ename)
            a, b = pairs(xs, es)
            add("tt" if category(xname) == "floating" else "mixed", "ldexp", "ldexp", [T(xname, a), T(ename, b)])
        if category(xname) == "floating":
            es = [R.randint(-30, 30) for _ in range(64)]
            add("rand", "ldexp", "ldexp", [T(xname, random_values(xname, 64)), T("int32", es)])
    for name in ("float32", "float16", "float64", "complex64", "int32"):
        xs = EDGES["small"][name]
        es = [(i * 7) % 21 - 10 for i in range(len(xs))]
        add("method", "ldexp", "ldexp", [T(name, xs), T("int32", es)], call="method")
        add("inplace", "ldexp", "ldexp", [T(name, xs), T("int32", es)], call="inplace")
        add("inplace", "ldexp", "ldexp", [T(name, xs), T("float64", [float(e) for e in es])], call="inplace")
        add("zerodim", "ldexp", "ldexp", [T(name, xs), zerodim("int64", 3)])
        add("zerodim", "ldexp", "ldexp", [T(name, xs), zerodim("float64", -2.0)])
        add("zerodim", "ldexp", "ldexp", [zerodim(name, py(name, 3)), T("int32", es)])
    f2 = T("float32", [1.5, -2.0])
    i2 = T("int32", [3, -1])
    add("out", "ldexp", "ldexp", [f2, i2], out={"dtype": "float64", "shape": [2]})
    add("out", "ldexp", "ldexp", [f2, i2], out={"dtype": "int32", "shape": [2]})
    add("out", "ldexp", "ldexp", [f2, i2], out={"dtype": "float16", "shape": [2]})
    add("errors", "ldexp", "ldexp", [f2, scalar(3)])
    add("errors", "ldexp", "ldexp", [scalar(1.5), i2])
    add("errors", "ldexp", "ldexp", [T("complex32", [1j, 2]), i2])
    add("mixed", "ldexp", "ldexp", [f2, T("complex64", [1j, 2j])])




# ----------------------------------------------------------------------------- the set
def generate():
    """-> ([(variant, case), ...], this set's own meta)."""
    torch.set_num_threads(1)
    for step in (build_pow, build_float_power, build_square, build_where, build_clamp, build_lerp, build_addc,
                 build_ldexp):
        before = len(CASES)
        step()
        print(f"  {step.__name__}: {len(CASES) - before} cases", file=sys.stderr)
    print(f"  elements where torch is inaccurate (reference also accepted): {len(INACCURATE_HITS)}", file=sys.stderr)
    print(f"  calls left out (torch INTERNAL ASSERT): {len(TORCH_INTERNAL_ASSERTS)}", file=sys.stderr)
    return CASES, {
        "rules": {
            "exact": "bit for bit (NaN == NaN, -0.0 != +0.0): where, clamp*, clip, relu; lerp, addcmul, "
                     "addcdiv, square with real results; integral pow/float_power; ldexp with an integral "
                     "exponent tensor and a real x",
            "ulp": "within meta.ulp[dtype] ulp: floating pow/float_power, ldexp with a floating exponent, "
                   "every complex result (per component, or 1 ulp of |z|)",
        },
        "torch_inaccurate": INACCURATE_HITS,
        "torch_internal_asserts": TORCH_INTERNAL_ASSERTS,
    }
