"""The unary_binary set (tests/data/golden_unary_binary.json.gz): values of the unary
functions and the binary catalogue ops, from torch's vectorised loops.  The arithmetic set
has add/sub/mul/div/comparisons/neg/abs/reciprocal (bit-exact), this one the ops declared
after them.

What is covered
---------------
Unary: positive sgn sign signbit sqrt rsqrt exp exp2 expm1 log log2 log10 log1p sin cos tan
asin acos atan sinh cosh tanh asinh acosh atanh sigmoid erf erfc erfinv lgamma digamma i0
sinc reciprocal deg2rad rad2deg floor ceil round (decimals 0, 1, -1, 2) trunc frac
nan_to_num (defaults and explicit nan=/posinf=/neginf=) bitwise_not logical_not isnan isinf
isfinite isposinf isneginf isreal angle conj_physical abs neg.
Binary: remainder fmod atan2 hypot copysign xlogy logaddexp logaddexp2 nextafter heaviside
gcd lcm maximum minimum fmax fmin bitwise_and bitwise_or bitwise_xor bitwise_left_shift
bitwise_right_shift logical_and logical_or logical_xor, and the Python operators
% & | ^ << >> ~ + (unary) with their reflected and in-place forms.

Every op on each of the 16 dtypes for which torch has a kernel (probed: an (op, dtype) pair
for which torch raises on a harmless input is an `errors` case, recording the exception).
Families (the `family` field):

  unary     op(t) over the dtype's edge set (0, -0.0, +-inf, nan, +-1, 0.5, 1.5, +-2.5,
            largest finite, smallest normal and subnormal, integer min/max, ...), the
            op-independent special arguments (exp/sinh/cosh/sigmoid overflow and underflow
            thresholds, trigonometric arguments of large magnitude, the domain edges of
            asin/acos/atanh/erfinv/acosh/log1p, lgamma/digamma poles, ...) and random values
  tt        t op u, same dtype, all pairs of the dtype's edge set
  rand      t op u, same dtype, random pairs (log-uniform magnitudes, random signs) and
            a few hand-picked pairs (hypot overflow, remainder of huge by tiny, ...)
  shift     shifts: values x counts (negative, 0, bits - 1, bits, bits + 1, 64, ...)
  ts / st   tensor op Python scalar / Python scalar op tensor, function form (torch's
            TypeError where it has no Number overload in that position)
  operator  % & | ^ << >> ~ +t, tensor-tensor, tensor-scalar and reflected scalar-tensor
  inplace   t.op_(u), t %= u, ... (and the can't-cast errors of float results into ints)
  method    t.op(u), t.op()
  mixed     tensor op tensor of two dtypes, both orders
  kwargs    round(decimals=...), nan_to_num(nan=, posinf=, neginf=)
  zerodiv   integer remainder / fmod by zero: RuntimeError('ZeroDivisionError')
  intmin    INT_MIN % -1 and fmod(INT_MIN, -1) (0 in torch, for every width)
  errors    (op, dtype) pairs torch rejects, and a few other rejected calls

Integer remainder/fmod cases are split so that the elements with a zero divisor form their
own (error) case and the others keep their values.  Error cases are shrunk to their first
two elements when that gives the same error.

Comparison rules (per group; meta["rules"] gives them per op)
-------------------------------------------------------------
  exact   bit for bit: NaN equals NaN (sign and payload ignored), -0.0 differs from +0.0.
          Exactly rounded ops: bitwise, shifts, logical, rounding, abs, neg, sign, sgn on
          reals, signbit, is*, nan_to_num, sqrt and reciprocal and angle on reals,
          remainder, fmod, copysign, hypot, maximum/minimum/fmax/fmin, gcd/lcm, nextafter,
          heaviside, conj_physical, deg2rad/rad2deg, positive.
  ulp     transcendental functions (and sqrt/reciprocal/sgn/angle of complex values):
          within meta["ulp"][dtype] units in the last place of the result's format (1 for
          float32/float64, 2 for float16/bfloat16, counted in the 16-bit format); complex
          results per component in the component's format, where a component may also
          differ by up to 1 ulp of the complex value's magnitude (components near zero).
          NaN must be NaN and an infinity the same infinity; a real zero result must have
          the same sign (complex components: no, the absolute tolerance covers them);
          distances are counted on the ordered line where -0.0 == +0.0.

Choices forced by torch's CPU kernels
-------------------------------------
* Vectorised path: every 1-d operand is tiled (cyclically repeated) to a multiple of 64
  elements and only the first N results are kept, so that torch runs its vectorised
  (SIMD) loop for every element; the project follows that loop.  The same values are also
  evaluated on a stride-2 view (torch's scalar loop for cpu_kernel_vec kernels); where that
  differs (any bit for exact groups, beyond the tolerance for ulp groups) the case carries
  scalar_loop_diff ([[index, value], ...]) for information.  The test asserts `expect`.
* Inputs where torch itself is inaccurate are kept out of the data by the EXCLUDED list
  below: each entry (commented) names an op, the result dtypes and a region of inputs, and
  an element of that region is left out only when torch's value is not within the group's
  rule of the correctly rounded one (mpmath).  Every excluded element is listed in
  meta["excluded"] with torch's value and the correctly rounded one.  (sqrt is in the list:
  torch's float32/float64 sqrt is MKL's, not correctly rounded.)
* lcm(INT_MIN, +-INT_MAX) on int32/int64 (and lcm(INT64_MIN, +-7), ...) kills torch with
  SIGFPE: gcd(INT_MIN, b) can be -1 (abs(INT_MIN) wraps) and lcm computes a / gcd.  Those
  elements are never evaluated in torch; they are listed in meta["torch_crashes"] and the
  test only checks, in a child process, that the runtime survives them.
"""
from __future__ import annotations

import math
import random
import sys

import mpmath
import torch
from golden_format import REAL_OF, close, dec, dedupe, enc

from .common import (DTYPES, mixed_operands, INF, NAN, TD, category, edge_sets, kind_of, log_uniform, one_error_per_kind, pairs,
                     py, rounded, scalar, tensor)
from .oracle import accepts, all_finite, case_length, copy, mp, outcome, pick, promoted, reference_value, settle

SEED = 20250611
BITS = {"bool": 8, "uint8": 8, "int8": 8, "int16": 16, "int32": 32, "int64": 64, "uint16": 16, "uint32": 32,
        "uint64": 64}

R = random.Random(SEED)
# ----------------------------------------------------------------------------- the ops
# variant: (torch function, kwargs, rule).  rule "exact" | "ulp" | "exact_real" (exact on real
# operands, ulp when an operand is complex: the complex result is computed, not rounded once)
UNARY = {
    "positive": ("positive", {}, "exact"),
    "sgn": ("sgn", {}, "exact_real"),
    "sign": ("sign", {}, "exact"),
    "signbit": ("signbit", {}, "exact"),
    "sqrt": ("sqrt", {}, "exact_real"),
    "rsqrt": ("rsqrt", {}, "ulp"),
    "exp": ("exp", {}, "ulp"),
    "exp2": ("exp2", {}, "ulp"),
    "expm1": ("expm1", {}, "ulp"),
    "log": ("log", {}, "ulp"),
    "log2": ("log2", {}, "ulp"),
    "log10": ("log10", {}, "ulp"),
    "log1p": ("log1p", {}, "ulp"),
    "sin": ("sin", {}, "ulp"),
    "cos": ("cos", {}, "ulp"),
    "tan": ("tan", {}, "ulp"),
    "asin": ("asin", {}, "ulp"),
    "acos": ("acos", {}, "ulp"),
    "atan": ("atan", {}, "ulp"),
    "sinh": ("sinh", {}, "ulp"),
    "cosh": ("cosh", {}, "ulp"),
    "tanh": ("tanh", {}, "ulp"),
    "asinh": ("asinh", {}, "ulp"),
    "acosh": ("acosh", {}, "ulp"),
    "atanh": ("atanh", {}, "ulp"),
    "sigmoid": ("sigmoid", {}, "ulp"),
    "erf": ("erf", {}, "ulp"),
    "erfc": ("erfc", {}, "ulp"),
    "erfinv": ("erfinv", {}, "ulp"),
    "lgamma": ("lgamma", {}, "ulp"),
    "digamma": ("digamma", {}, "ulp"),
    "i0": ("i0", {}, "ulp"),
    "sinc": ("sinc", {}, "ulp"),
    "reciprocal": ("reciprocal", {}, "exact_real"),
    "deg2rad": ("deg2rad", {}, "exact"),
    "rad2deg": ("rad2deg", {}, "exact"),
    "floor": ("floor", {}, "exact"),
    "ceil": ("ceil", {}, "exact"),
    "round": ("round", {}, "exact"),
    "round_d1": ("round", {"decimals": 1}, "exact"),
    "round_dm1": ("round", {"decimals": -1}, "exact"),
    "round_d2": ("round", {"decimals": 2}, "exact"),
    "trunc": ("trunc", {}, "exact"),
    "frac": ("frac", {}, "exact"),
    "nan_to_num": ("nan_to_num", {}, "exact"),
    "nan_to_num_kw": ("nan_to_num", {"nan": 1.5, "posinf": 100.0, "neginf": -100.0}, "exact"),
    "nan_to_num_nan": ("nan_to_num", {"nan": -0.0}, "exact"),
    "nan_to_num_big": ("nan_to_num", {"nan": 7, "posinf": 1e39, "neginf": -1e-50}, "exact"),
    "bitwise_not": ("bitwise_not", {}, "exact"),
    "logical_not": ("logical_not", {}, "exact"),
    "isnan": ("isnan", {}, "exact"),
    "isinf": ("isinf", {}, "exact"),
    "isfinite": ("isfinite", {}, "exact"),
    "isposinf": ("isposinf", {}, "exact"),
    "isneginf": ("isneginf", {}, "exact"),
    "isreal": ("isreal", {}, "exact"),
    "angle": ("angle", {}, "exact_real"),
    "conj_physical": ("conj_physical", {}, "exact"),
    "abs": ("abs", {}, "exact"),
    "neg": ("neg", {}, "exact"),
}
BINARY = {
    "remainder": ("remainder", {}, "exact"),
    "fmod": ("fmod", {}, "exact"),
    "atan2": ("atan2", {}, "ulp"),
    "hypot": ("hypot", {}, "exact"),
    "copysign": ("copysign", {}, "exact"),
    "xlogy": ("xlogy", {}, "ulp"),
    "logaddexp": ("logaddexp", {}, "ulp"),
    "logaddexp2": ("logaddexp2", {}, "ulp"),
    "nextafter": ("nextafter", {}, "exact"),
    "heaviside": ("heaviside", {}, "exact"),
    "gcd": ("gcd", {}, "exact"),
    "lcm": ("lcm", {}, "exact"),
    "maximum": ("maximum", {}, "exact"),
    "minimum": ("minimum", {}, "exact"),
    "fmax": ("fmax", {}, "exact"),
    "fmin": ("fmin", {}, "exact"),
    "bitwise_and": ("bitwise_and", {}, "exact"),
    "bitwise_or": ("bitwise_or", {}, "exact"),
    "bitwise_xor": ("bitwise_xor", {}, "exact"),
    "bitwise_left_shift": ("bitwise_left_shift", {}, "exact"),
    "bitwise_right_shift": ("bitwise_right_shift", {}, "exact"),
    "logical_and": ("logical_and", {}, "exact"),
    "logical_or": ("logical_or", {}, "exact"),
    "logical_xor": ("logical_xor", {}, "exact"),
}
VARIANTS = {**UNARY, **BINARY}
INT_RAISING = {"remainder", "fmod"}          # integer kernels that raise ZeroDivisionError
SHIFTS = {"bitwise_left_shift", "bitwise_right_shift"}

SYMBOL_OF = {"remainder": "%", "bitwise_and": "&", "bitwise_or": "|", "bitwise_xor": "^",
             "bitwise_left_shift": "<<", "bitwise_right_shift": ">>"}

# ----------------------------------------------------------------------------- exclusions
# Inputs where torch 2.13's result is itself wrong (further from the true value than the
# tolerance) and our library's differs from torch's: kept out of the data, listed in the
# report and in meta["excluded"] (with torch's value and the correctly rounded one).
# Each entry: (variant, result dtypes, region: predicate on the element's inputs, reference, reason).
# Inside the region an element is excluded only when torch's (tiled, vectorised) value is NOT
# within the group's rule of the correctly rounded reference (mpmath, 256 bits): the generator
# checks that torch is wrong before leaving anything out, and records every excluded element.
EXCLUDED = [
    # SLEEF's sinh/cosh (Sleef_sinhf8_u10, Sleef_coshd4_u10, ...; the vectorised loop) overflow to
    # inf as soon as exp(|x|) does, i.e. for |x| > ln(MAX); sinh/cosh themselves stay finite up to
    # ln(2 MAX), 0.69 further.  The scalar (strided) loop, std::sinh/std::cosh, is right there.
    ("sinh", ("float32", "bfloat16"), lambda x: 88.72 < abs(x) < 89.42, "sinh",
     "SLEEF sinhf overflows to inf for ln(FLT_MAX) < |x| < ln(2 FLT_MAX); the true value is finite"),
    ("cosh", ("float32", "bfloat16"), lambda x: 88.72 < abs(x) < 89.42, "cosh",
     "SLEEF coshf overflows to inf for ln(FLT_MAX) < |x| < ln(2 FLT_MAX); the true value is finite"),
    ("sinh", ("float64",), lambda x: 709.78 < abs(x) < 710.48, "sinh",
     "SLEEF sinh overflows to inf for ln(DBL_MAX) < |x| < ln(2 DBL_MAX); the true value is finite"),
    ("cosh", ("float64",), lambda x: 709.78 < abs(x) < 710.48, "cosh",
     "SLEEF cosh overflows to inf for ln(DBL_MAX) < |x| < ln(2 DBL_MAX); the true value is finite"),
    # Vectorized<float>::erf (used for float16/bfloat16, computed in float) is Abramowitz-Stegun
    # 7.1.26, erf = 1 - poly(t) exp(-x^2), absolute error ~1e-7: near 0 it cancels, and float16
    # |x| < 2e-4 / bfloat16 |x| < 1.6e-5 come out 3 and more ulp off (tiny bfloat16 inputs give 0).
    ("erf", ("float16", "bfloat16"), lambda x: 0 < abs(x) < 2.5e-4, "erf",
     "Vectorized<float>::erf (A&S 7.1.26) loses the relative accuracy near 0"),
    # torch's float32/float64 sqrt is MKL's vsSqrt/vdSqrt (sqrt_vml_cpu), which is not correctly
    # rounded: 1 ulp off in ~17% of random float32 inputs, ~1% of float64 ones (float16/bfloat16
    # go through _mm256_sqrt_ps and are exact).  sqrt is compared bit for bit, so these elements
    # cannot be kept.
    ("sqrt", ("float32", "float64"), lambda x: True, "sqrt",
     "MKL VML sqrt is not correctly rounded (1 ulp)"),
    # logaddexp2's vectorised loop computes m + log1p(exp2(-|a - b|)) * (1 / ln 2) with SLEEF's
    # exp2/log1p and a contracted FMA: 2 ulp off in places (float64), and logaddexp2(a, a) is not a + 1
    # (logaddexp2(-1, -1) is -4.7e-17 in float64, -1.1e-8 in float32, -0.0 in float16).
    ("logaddexp2", ("float16", "bfloat16", "float32", "float64"), lambda a, b: True, "logaddexp2",
     "torch's vectorised logaddexp2 is more than the tolerance away from the true value"),
    # complex logaddexp is log1p(exp(min - max)) + max with c10's CPU complex log1p (numpy's
    # algorithm: log(u) * (z / (u - 1)), u = 1 + z): when exp(min - max) is subnormal, z / (u - 1)
    # divides by a subnormal imaginary part, overflows, and the result is nan; the true value is
    # max + (tiny).
    ("logaddexp", ("complex64", "complex128"), lambda a, b: abs(a.real - b.real) > 80, "logaddexp",
     "c10's complex log1p overflows on a subnormal argument: nan where the true value is finite"),
    # Vectorized<c10::complex<double>>::acos is pi/2 - asin(z) (complex64 maps std::acos): near
    # z = 1 the real part cancels (acos(1 + 1e-20j) has 13 correct bits; acos(0.999 + 0.001j) is
    # 16 ulp off).  Arguments on the real axis are left alone (mpmath has no signed zero to pick
    # the side of the branch cut).
    ("acos", ("complex128",), lambda z: z.imag != 0, "acos",
     "torch's vectorised complex128 acos, pi/2 - asin(z), cancels near z = 1"),
    # torch's float32 i0 (calc_i0: Cephes' Chebyshev series in float, times float exp) is 2-3 ulp
    # off in places (i0(2.5), i0(20.0)) and 1 ulp below i0(0) = 1; ours evaluates the series in
    # double (csrc/vspecial.h) and is correctly rounded there.
    ("i0", ("float32",), lambda x: True, "i0",
     "torch's float32 i0 evaluates Cephes' series in float: 2-3 ulp off in places"),
]


def _reference(fn, args):
    """fn(args) at 256 bits; fn names an mpmath function."""
    with mpmath.workprec(256):
        xs = [mp(a) for a in args]
        if fn == "logaddexp2":    # max + log2(1 + 2^(min - max)): no 1 + tiny rounding away
            lo, hi = sorted(xs)
            return hi + mpmath.log1p(mpmath.power(2, lo - hi)) / mpmath.log(2)
        if fn == "logaddexp":     # torch's branch: max + log1p(exp(min - max)), min/max by real part
            lo, hi = sorted(xs, key=lambda z: z.real)
            return hi + mpmath.log1p(mpmath.exp(lo - hi))
        if fn == "i0":
            return mpmath.besseli(0, xs[0])
        return getattr(mpmath, fn)(*xs)


# ----------------------------------------------------------------------------- values
EDGES = edge_sets(R, "unary_binary")


def special_reals(name):
    """Arguments that matter for some transcendental function (applied to all unary ops)."""
    fi = torch.finfo(TD[name])
    lnmax = math.log(fi.max)                    # exp overflow
    lnsub = math.log(fi.tiny * fi.eps)          # exp underflow to 0
    l2max = math.log2(fi.max)
    l2min = math.log2(fi.tiny * fi.eps)
    vals = [
        # exp / sinh / cosh / sigmoid / exp2 / expm1 thresholds
        lnmax * 0.99, lnmax, lnmax * 1.0005, lnmax + 0.69, lnmax + 0.7, lnmax * 1.02, -lnmax, -lnmax - 0.7,
        -lnmax * 1.02, math.log(fi.tiny), lnsub, lnsub * 1.01, l2max * 0.999, l2max, l2max + 0.5, l2min,
        l2min - 1, -l2max, 20.0, -20.0, 40.0, -40.0, 17.0, -17.0, 88.5, 89.0, 89.4, -88.0, -90.0, -104.0,
        710.0, -745.0, 11.0, -11.0,
        # near 1 / near 0 (log, log1p, expm1, ...), domains of asin/acos/atanh/erfinv/acosh/log1p
        1.0 + fi.eps, 1.0 - fi.eps / 2, 1.0 + 2 ** -10, 0.999, -0.999, 0.9, -0.9, 0.75, 1.0000001, 1e-4, -1e-4,
        1e-8, -1e-8, 1e-20, 2.0 ** -30, 1e-30, -1.0 + fi.eps / 2, 2.0, 10.0, 100.0, 1e10, 1e30,
        # trigonometric range reduction
        math.pi, math.pi / 2, -math.pi / 2, 3 * math.pi / 4, 1e4, 1e6, 65504.0, 1e15, 1e22, 3e37, 1e300,
        # lgamma / digamma (poles, negative non-integers, large)
        -0.5, -1.5, -2.0, -3.9999, -100.5, -1e5 - 0.5, 1e-5, -1e-5, 10.5, 1e5, 1e17, 2e36,
        # erf / erfc tails, i0 branches and overflow, sinc zeros
        4.0, 5.0, 6.0, 9.0, 26.0, 27.0, -6.0, 8.0, 8.5, 713.0, 92.0, 0.25, 1.75,
    ]
    # random: log-uniform magnitudes and uniform in the common domains
    vals += [log_uniform(R, -4, 4) for _ in range(12)] + [R.uniform(-1, 1) for _ in range(6)]
    vals += [R.uniform(-12, 12) for _ in range(6)]
    return vals


def special_complex(name):
    fi = torch.finfo(TD[REAL_OF[name]])
    lnmax = math.log(fi.max)
    vals = [complex(lnmax, 1), complex(lnmax + 0.5, 0.5), complex(-lnmax, 3), complex(1, lnmax),
            complex(0.5, 1e10), complex(1e10, 0.5), complex(-1e-10, 1e-10), complex(1, 1e-20), complex(-1, 0),
            complex(-1, -0.0), complex(1.5, 0), complex(0, 1.5), complex(0.9, 0.1), complex(-0.5, 0.5),
            complex(fi.max / 2, fi.max / 2), complex(fi.tiny, -fi.tiny), complex(INF, NAN), complex(NAN, INF),
            complex(-INF, -INF), complex(30, -30), complex(-30, 30), complex(0.999, 1e-3), complex(-0.9999, 1e-5),
            complex(1.0001, -1e-4), complex(-2, 1e-6)]
    vals += [complex(log_uniform(R, -3, 3), log_uniform(R, -3, 3)) for _ in range(8)]
    return vals


def unary_inputs(name):
    c = category(name)
    if c == "floating":
        return dedupe(EDGES["full"][name] + [rounded(name, float(v)) for v in special_reals(name)])
    if c == "complex":
        return dedupe(EDGES["full"][name] + [rounded(name, v) for v in special_complex(name)])
    return EDGES["full"][name]


UNARY_INPUTS = {n: unary_inputs(n) for n in DTYPES}


def random_pairs(name, n=48):
    c = category(name)
    if c == "integral":
        ii = torch.iinfo(TD[name])
        xs = [R.randint(ii.min, ii.max) for _ in range(n // 2)] + [R.randint(-1000, 1000) for _ in range(n // 2)]
        ys = [R.randint(ii.min, ii.max) for _ in range(n // 4)] + [R.randint(-30, 30) for _ in range(3 * n // 4)]
        xs = [min(max(x, ii.min), ii.max) for x in xs]
        ys = [min(max(y, ii.min), ii.max) for y in ys]
        return xs, ys
    if c == "complex":
        xs = [complex(log_uniform(R, -3, 3), log_uniform(R, -3, 3)) for _ in range(n)]
        ys = [complex(log_uniform(R, -3, 3), log_uniform(R, -3, 3)) for _ in range(n)]
        return [rounded(name, v) for v in xs], [rounded(name, v) for v in ys]
    fi = torch.finfo(TD[name])
    xs = [log_uniform(R, -4, 4) for _ in range(n)]
    ys = [log_uniform(R, -4, 4) for _ in range(n)]
    # hand-picked: overflow of hypot / logaddexp, huge % tiny, near-equal operands, ...
    xs += [fi.max / 2, fi.max * 0.75, fi.max, 1e30, 1e-30, 5.0, -5.0, 1.0, 1e-3, 100.0, -100.0, 7.5, -7.5, 0.1,
           fi.tiny * 4, 3 * math.pi]
    ys += [fi.max / 2, fi.max * 0.75, fi.tiny, 1e-30, 1e30, 5.0 + 2 ** -20, 3.0, 1.0 + fi.eps, 1e3, -100.0, 100.0,
           -2.5, 2.5, 0.1, fi.tiny * 3, math.pi]
    return [rounded(name, float(v)) for v in xs], [rounded(name, float(v)) for v in ys]


def shift_pairs(name):
    if category(name) == "bool":
        return [False, True, False, True], [False, False, True, True]
    ii = torch.iinfo(TD[name])
    bits = BITS[name]
    values = dedupe([v for v in (0, 1, -1, 3, -7, 0x55, ii.min, ii.max, ii.min + 1, R.randint(ii.min, ii.max))
                     if ii.min <= v <= ii.max])
    counts = dedupe([c for c in (0, 1, 2, 7, bits - 1, bits, bits + 1, 31, 32, 33, 63, 64, 65, 100, 127, 200,
                                 255, -1, -2, -64, -128, ii.min, ii.max) if ii.min <= c <= ii.max])
    return pairs(values, counts)


# ----------------------------------------------------------------------------- rules
def rule_of(variant, case):
    rule = VARIANTS[variant][2]
    if rule != "exact_real":
        return rule
    complex_operand = any(("scalar" in a and a["scalar"] == "complex") or
                          ("dtype" in a and category(a["dtype"]) == "complex") for a in case["args"])
    return "ulp" if complex_operand else "exact"


# ----------------------------------------------------------------------------- splitting
def zero_divisor_mask(case, variant):
    """Integer remainder/fmod: which elements have a zero divisor (after promotion)."""
    if variant not in INT_RAISING or len(case["args"]) != 2:
        return None
    p = promoted(case)
    if p is None:
        return None
    a, b, common = p
    if common.is_floating_point or common.is_complex or common == torch.bool:
        return None
    if not isinstance(b, torch.Tensor):
        b = torch.tensor(b, dtype=torch.int64 if not isinstance(b, bool) else torch.bool)
    zero = (b.to(common) == 0)
    n = case_length(case)
    return zero.expand(n).tolist() if zero.dim() == 0 else zero.tolist()


def excluded_mask(variant, case):
    """Elements of the case that an EXCLUDED entry removes: inside the entry's region, and
    torch's value is not within the rule of the correctly rounded one."""
    n = case_length(case)
    entries = [e for e in EXCLUDED if e[0] == variant]
    if not entries:
        return None
    exp = outcome(case)
    if "error" in exp:
        return None
    rule = rule_of(variant, case)
    ins = [[dec(a["value"])] * n if "scalar" in a else [dec(v) for v in a["values"]] for a in case["args"]]
    mask = [False] * n
    for i in range(n):
        args = [x[i] for x in ins]
        for _, dtypes, region, fn, why in entries:
            if exp["dtype"] not in dtypes or not region(*args):
                continue
            if not all_finite(args):
                continue                      # no "true value" to speak of
            ref = reference_value(lambda xs: _reference(fn, xs), args, exp["dtype"])
            if close(rule, exp["dtype"], ref, exp["values"][i]):
                continue                      # torch is right here: keep the element
            if (ref in ("0x0p+0", "-0x0p+0") and exp["values"][i] in ("0x0p+0", "-0x0p+0")
                    and any(a == 0 for a in args)):
                continue                      # mpmath has no signed zero: f(+-0) = +-0 is not wrong
            mask[i] = True
            EXCLUDED_HITS.append({"variant": variant, "dtype": exp["dtype"], "family": case["family"],
                                  "call": case["call"], "inputs": [enc(a) for a in args],
                                  "torch": exp["values"][i], "correctly_rounded": ref, "reason": why})
            break
    return mask if any(mask) else None


EXCLUDED_HITS = []


def crash_mask(case, variant):
    """lcm on int32/int64: torch computes abs(a / gcd(a, b) * b), and gcd(INT_MIN, +-INT_MAX) is -1
    (its loop on abs(INT_MIN) == INT_MIN ends on -1), so a / g is INT_MIN / -1: SIGFPE, the
    process dies.  Such elements cannot be evaluated in torch."""
    if variant != "lcm" or len(case["args"]) != 2:
        return None
    p = promoted(case)
    if p is None:
        return None
    a, b, common = p
    if common not in (torch.int32, torch.int64):
        return None
    safe = copy(case)
    for x in safe["args"]:
        if "scalar" not in x:
            x["values"] = [1] * len(x["values"])
    if "error" in outcome(safe, "plain"):
        return None                            # torch rejects the call before any kernel runs
    n = case_length(case)
    a, b = (torch.as_tensor(x).to(common).expand(n) if not isinstance(x, torch.Tensor) or x.dim() == 0
            else x.to(common) for x in (a, b))
    g = torch.gcd(a, b)
    mask = ((a == torch.iinfo(common).min) & (g == -1)).tolist()
    return mask if any(mask) else None


TORCH_CRASHES = []


def finalize(case, variant):
    crash = crash_mask(case, variant)
    if crash:
        TORCH_CRASHES.append({"variant": variant, **pick(case, crash, True)})
        case = pick(case, crash, False)
        if not case_length(case):
            return []
    cases = [case]
    mask = excluded_mask(variant, case)
    if mask:
        case = pick(case, mask, False)
        cases = [case] if case_length(case) and any("scalar" not in a and a["values"] for a in case["args"]) else []
    out = []
    for c in cases:
        zero = zero_divisor_mask(c, variant)
        if zero and any(zero) and not all(zero):
            out += [pick(c, zero, False), pick(c, zero, True)]
        else:
            out.append(c)
    return [settle(c, lambda case, exp: rule_of(variant, case)) for c in out]


# ----------------------------------------------------------------------------- case builders
CASES = []   # (variant, case)


def add_case(family, variant, args, call="function", symbol=None):
    op, kw, _ = VARIANTS[variant]
    case = {"family": family, "op": op, "call": call, "args": args}
    if symbol:
        case["symbol"] = symbol
    if kw:
        case["kwargs"] = {k: (v if isinstance(v, int) and k == "decimals" else scalar(v)) for k, v in kw.items()}
    for c in finalize(case, variant):
        CASES.append((variant, c))


def supported(variant, name):
    """Does torch have a kernel for this op on this dtype?"""
    op, kw, _ = VARIANTS[variant]
    f = getattr(torch, op)
    return accepts((lambda t: f(t, **kw)) if variant in UNARY else lambda t: f(t, t.clone(), **kw), name)


SUPPORT = {(v, n): supported(v, n) for v in VARIANTS for n in DTYPES}


def has_method(op, inplace=False):
    return hasattr(torch.Tensor, op + ("_" if inplace else ""))


def build_unary():
    for variant, (op, kw, _) in UNARY.items():
        for name in DTYPES:
            if not SUPPORT[variant, name]:
                add_case("errors", variant, [tensor(name, [py(name, 1)] * 2)])
                continue
            fam = "kwargs" if kw else "unary"
            add_case(fam, variant, [tensor(name, UNARY_INPUTS[name])])
        # method and in-place forms on a few dtypes (float results into ints: the can't-cast error)
        for name in ("float32", "int32", "complex64", "bool", "float16"):
            if not SUPPORT[variant, name]:
                continue
            xs = EDGES["small"][name]
            if has_method(op):
                add_case("method", variant, [tensor(name, xs)], call="method")
            if has_method(op, inplace=True):
                add_case("inplace", variant, [tensor(name, xs)], call="inplace")


def build_binary_tt():
    for variant in BINARY:
        for name in DTYPES:
            if not SUPPORT[variant, name]:
                ones = [py(name, 1)] * 2
                add_case("errors", variant, [tensor(name, ones), tensor(name, ones)])
                continue
            if variant in SHIFTS:
                xs, ys = shift_pairs(name)
                add_case("shift", variant, [tensor(name, xs), tensor(name, ys)])
                if category(name) == "bool":
                    continue
            xs, ys = pairs(EDGES["full"][name], EDGES["full"][name])
            if category(name) == "complex":
                xs, ys = pairs(EDGES["mid"][name] + EDGES["small"][name][5:], EDGES["small"][name])
            add_case("tt", variant, [tensor(name, xs), tensor(name, ys)])
            if category(name) != "bool":
                xs, ys = random_pairs(name)
                add_case("rand", variant, [tensor(name, xs), tensor(name, ys)])


SCALARS = [0, 1, -1, 3, 7, 8, 31, 64, 300, -2 ** 63, 2 ** 62, True, False, 0.0, -0.0, 2.5, -1.5, 0.1, 1e39, INF,
           NAN, 1 + 2j]
SCALARS_ST = [3, -1, 0, 2.5, -0.0, True, 1 + 2j]


def build_ts_st():
    for variant in BINARY:
        seen = set()
        for name in ("bool", "uint8", "int8", "int32", "int64", "float16", "bfloat16", "float32", "float64",
                     "complex64", "uint16"):
            if not SUPPORT[variant, name]:
                continue
            xs = EDGES["small"][name]
            for pos, scalars in ((1, SCALARS), (0, SCALARS_ST)):
                for s in scalars:
                    args = [tensor(name, xs), scalar(s)]
                    if pos == 0:
                        args.reverse()
                    before = len(CASES)
                    add_case("ts" if pos else "st", variant, args)
                    one_error_per_kind(CASES, before, (pos, kind_of(s)), seen)


def build_operators():
    for name in DTYPES:
        xs = EDGES["small"][name]
        n = len(xs)
        ys = [xs[(i + 3) % n] for i in range(n)]
        for variant, sym in SYMBOL_OF.items():
            if not SUPPORT[variant, name] and name not in ("float32", "complex64"):
                continue
            if variant in SHIFTS and category(name) == "integral":
                a, b = shift_pairs(name)
            else:
                a, b = xs, ys
            add_case("operator", variant, [tensor(name, a), tensor(name, b)], call="operator", symbol=sym)
            # an unsupported dtype (recorded errors): one scalar of each side is enough
            for s in ((3, -1, 0, 2.5, True, 1 + 2j) if SUPPORT[variant, name] else (3,)):
                add_case("operator", variant, [tensor(name, a), scalar(s)], call="operator", symbol=sym)
                add_case("operator", variant, [scalar(s), tensor(name, a)], call="operator", symbol=sym)
            add_case("inplace", variant, [tensor(name, a), tensor(name, b)], call="operator",
                     symbol=sym + "=")
            add_case("inplace", variant, [tensor(name, a), scalar(3)], call="operator", symbol=sym + "=")
            add_case("inplace", variant, [tensor(name, a), scalar(2.5)], call="operator", symbol=sym + "=")
        add_case("operator", "bitwise_not", [tensor(name, xs)], call="operator", symbol="~")
        add_case("operator", "positive", [tensor(name, xs)], call="operator", symbol="pos")
    # methods and in-place methods
    for variant, (op, _, _) in BINARY.items():
        for name in ("bool", "int32", "uint8", "float32", "float16", "complex64"):
            if not SUPPORT[variant, name]:
                continue
            xs = EDGES["small"][name]
            n = len(xs)
            ys = [xs[(i + 3) % n] for i in range(n)]
            if has_method(op):
                add_case("method", variant, [tensor(name, xs), tensor(name, ys)], call="method")
            if has_method(op, inplace=True):
                add_case("inplace", variant, [tensor(name, xs), tensor(name, ys)], call="inplace")
                if name in ("int32", "float16"):   # other of another dtype: cast into self, or can't-cast
                    other = tensor("float32", [rounded("float32", float(v)) for v in ys])
                    add_case("inplace", variant, [tensor(name, xs), other], call="inplace")


MIXED = [("int32", "float32"), ("uint8", "int8"), ("int64", "float16"), ("bool", "float32"), ("bool", "int64"),
         ("int8", "bfloat16"), ("float16", "bfloat16"), ("float16", "float32"), ("float32", "float64"),
         ("int16", "int32"), ("int64", "float64"), ("uint8", "bool"), ("float32", "complex64"),
         ("complex64", "complex128"), ("uint16", "uint16"), ("uint32", "int64")]


def build_mixed():
    for x, y, a, b in mixed_operands(MIXED, EDGES):
        for variant in BINARY:
            counts = b
            if variant in SHIFTS and category(x) == "integral" and category(y) == "integral":
                counts = [abs(int(v)) % 70 for v in b]        # shift counts 0..69
            add_case("mixed", variant, [tensor(x, a), tensor(y, counts)])


def build_zerodiv():
    for name in ("uint8", "int8", "int16", "int32", "int64", "bool"):
        for variant in INT_RAISING:
            add_case("zerodiv", variant, [tensor(name, [py(name, 1), py(name, 0), py(name, 5)]),
                                          tensor(name, [py(name, 0), py(name, 0), py(name, 1)])])
            add_case("zerodiv", variant, [tensor(name, [py(name, 1), py(name, 2)]), scalar(0)])
            add_case("zerodiv", variant, [tensor(name, [py(name, 1), py(name, 2)]), scalar(False)])
            add_case("zerodiv", variant, [tensor(name, [py(name, 1), py(name, 2)]),
                                          tensor(name, [py(name, 0), py(name, 1)])], call="inplace")
        add_case("zerodiv", "remainder", [tensor(name, [py(name, 1), py(name, 2)]),
                                          tensor(name, [py(name, 0), py(name, 1)])], call="operator", symbol="%")
        add_case("zerodiv", "remainder", [scalar(5), tensor(name, [py(name, 0), py(name, 1)])],
                 call="operator", symbol="%")
        add_case("zerodiv", "remainder", [tensor(name, [py(name, 1), py(name, 2)]), scalar(0)],
                 call="operator", symbol="%=")


def build_intmin():
    for name in ("int8", "int16", "int32", "int64"):
        lo = torch.iinfo(TD[name]).min
        for variant in INT_RAISING:
            add_case("intmin", variant, [tensor(name, [lo, lo, lo + 1, -1]), tensor(name, [-1, 1, -1, lo])])
            add_case("intmin", variant, [tensor(name, [lo, lo + 1]), scalar(-1)])
            add_case("intmin", variant, [tensor(name, [lo, lo]), tensor(name, [-1, -1])], call="inplace")
        add_case("intmin", "remainder", [tensor(name, [lo, lo]), scalar(-1)], call="operator", symbol="%")
        add_case("intmin", "remainder", [scalar(lo), tensor(name, [-1, 1])], call="operator", symbol="%")
        add_case("intmin", "gcd", [tensor(name, [lo, lo, lo, 0, -1]), tensor(name, [-1, 0, lo, lo, lo])])
        add_case("intmin", "lcm", [tensor(name, [lo, lo, lo, 0, -1, 3]),
                                   tensor(name, [-1, 0, lo, lo, lo, 5])])


def build_errors():
    """A few rejected calls beyond the unsupported dtypes (which build_unary/binary record)."""
    f32 = tensor("float32", [1.5, -2.0])
    i32 = tensor("int32", [1, -2])
    c64 = tensor("complex64", [1 + 1j, -2j])
    add_case("errors", "heaviside", [f32, tensor("float64", [0.5, 0.5])])
    add_case("errors", "heaviside", [i32, f32])
    add_case("errors", "atan2", [f32, scalar(2.0)])
    add_case("errors", "hypot", [scalar(2.0), f32])
    add_case("errors", "maximum", [f32, c64])
    add_case("errors", "bitwise_and", [f32, i32])
    add_case("errors", "bitwise_left_shift", [i32, scalar(2.5)])
    add_case("errors", "sign", [c64])
    add_case("errors", "round_d1", [i32])
    add_case("errors", "frac", [i32])
    add_case("errors", "exp", [i32], call="inplace")
    add_case("errors", "sqrt", [tensor("int64", [4, 9])], call="inplace")
    add_case("errors", "atan2", [i32, i32], call="inplace")
    add_case("errors", "copysign", [i32, f32], call="inplace")
    add_case("errors", "bitwise_not", [f32], call="operator", symbol="~")
    add_case("errors", "remainder", [f32, c64])
    add_case("errors", "remainder", [scalar(3), scalar(2)])




# ----------------------------------------------------------------------------- the set
def generate():
    """-> ([(variant, case), ...], this set's own meta)."""
    torch.set_num_threads(1)
    for step in (build_unary, build_binary_tt, build_ts_st, build_operators, build_mixed, build_zerodiv,
                 build_intmin, build_errors):
        before = len(CASES)
        step()
        print(f"  {step.__name__}: {len(CASES) - before} cases", file=sys.stderr)
    print(f"  excluded elements: {len(EXCLUDED_HITS)}", file=sys.stderr)
    rules = {v: {"real": "exact", "complex": "ulp"} if r == "exact_real" else {"real": r, "complex": r}
             for v, (_, _, r) in VARIANTS.items()}
    return CASES, {"rules": rules, "complex_abs_tolerance": "1 ulp of |z| in the component format",
                   "excluded": EXCLUDED_HITS, "torch_crashes": TORCH_CRASHES}
