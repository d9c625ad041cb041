"""The funcs set (tests/data/golden_funcs.json.gz): values and outcomes of the torch-level
functions and the nn.functional activations of issue 17, from torch's vectorised loops.

  torch level    logit (eps None, 0.2), polygamma (n = 0, 1, 2, 3, 6), mvlgamma (p = 1, 3),
                 igamma, igammac, frexp (mantissa, exponents as "indices"), complex, polar,
                 isclose (default tolerances, rtol/atol, equal_nan), max/min(input, other),
                 selu, celu, threshold, hardshrink (and their methods, _ functions, out=)
  nn.functional  relu relu6 elu selu celu gelu (none, tanh) silu mish softplus softsign
                 tanhshrink hardtanh hardsigmoid hardswish hardshrink softshrink leaky_relu
                 logsigmoid threshold sigmoid tanh, their inplace= and F.<name>_ forms
  arguments      every F.* function called with missing, extra, unknown and duplicated arguments
                 and each parameter of a wrong kind (a `literal` argument: None, 'a', [1.0], 1j, ...):
                 Python's TypeError of torch's Python function, or its builtin parser's
  large a        igamma/igammac for a > 1000 in float32 and float64, against mpmath (torch_off: torch's
                 values where it is off; ours must be within the rule or no further off than torch)
  numbers        Python numbers converted into dtypes (full, threshold, addcmul's value, hardtanh's
                 limits, the activations' parameters) and round(x, decimals=0) on every dtype

Every variant on each of the 16 dtypes: where torch runs it, over the dtype's edge values, the
arguments that matter to the function (poles, tails, thresholds) and random ones; where it
does not, the error it raises (an `errors` case).  Methods, in-place methods, out= and mixed
dtypes on a few dtypes.

Rules: `exact` for results that are one rounding of exact operations or none (frexp, complex,
isclose, threshold, the shrinks, hardtanh/relu6, leaky_relu, max/min), `ulp` for the rest.
Where torch is further than the rule from the correctly rounded value (mpmath, 256 bits: its
1 + erf(x / sqrt 2) for x < 0, its six-step trigamma series, ...) the case also accepts that
value (`also_accept`), so the runtime is held to torch or to the true value, whichever it is
near; every such element is listed in meta["torch_inaccurate"]."""
from __future__ import annotations

import math
import random
import sys

import mpmath
import torch
from golden_format import close, dec, dedupe, enc

from .common import DTYPES, INF, NAN, category, edge_sets, log_uniform, py, rounded, scalar, tensor, zerodim
from .oracle import accepts, all_finite, case_length, case_mode, reference_value, settle

SEED = 20261124
R = random.Random(SEED)
EDGES = edge_sets(R, "funcs")
F = "nn.functional."

# ----------------------------------------------------------------------------- references (mpmath)
def _f32(v):
    return float(torch.tensor(float(v), dtype=torch.float32))


def _coef(v, dtype):
    """A constant or param as torch's loop holds it: float for float32 and the half types."""
    return mpmath.mpf(v if dtype == "float64" else _f32(v))


def _logit(eps):
    def f(xs, dtype):
        x = xs[0]
        if eps is not None:
            lo = _coef(eps, dtype)
            hi = _coef(1 - _coef(eps, dtype), dtype)
            x = min(max(x, lo), hi)
        if x < 0 or x > 1:
            return mpmath.nan
        if x == 0:
            return -mpmath.inf
        if x == 1:
            return mpmath.inf
        return mpmath.log(x / (1 - x))
    return f


def _polygamma(n):
    def f(xs, dtype):
        x = xs[0]
        if x <= 0 and x == mpmath.floor(x):
            # a pole: +inf from both sides for odd n (n! / (x + k)^(n+1)); none for even n
            return mpmath.inf if n % 2 else None
        return mpmath.polygamma(n, x)
    return f


def _mvlgamma(p):
    def f(xs, dtype):
        x = xs[0]
        s = mpmath.mpf(p * (p - 1)) / 4 * mpmath.log(mpmath.pi)
        for j in range(p):
            with mpmath.workprec(2300):       # x - j/2 exactly (x may be 1e-308)
                y = x - mpmath.mpf(j) / 2
            if y <= 0 and y == mpmath.floor(y):
                return mpmath.inf
            s += mpmath.re(mpmath.loggamma(y))
        return s
    return f


def _igamma(upper):
    def f(xs, dtype):
        a, x = xs
        if a <= 0 or x < 0:
            return None
        if x == 0:
            return mpmath.mpf(1 if upper else 0)
        if upper:
            return mpmath.gammainc(a, x, mpmath.inf, regularized=True)
        return mpmath.gammainc(a, 0, x, regularized=True)
    return f


def _polar(xs, dtype):
    r, t = xs
    return mpmath.mpc(r * mpmath.cos(t), r * mpmath.sin(t))


def _elu(alpha, scale=1.0, iscale=1.0):
    def f(xs, dtype):
        x = xs[0]
        s = _coef(scale, dtype)
        if x > 0:
            return x * s
        neg = _coef(_coef(alpha, dtype) * s, dtype)
        return neg * mpmath.expm1(x * _coef(iscale, dtype))
    return f


def _celu(alpha):
    def f(xs, dtype):
        x = xs[0]
        return x if x > 0 else _coef(alpha, dtype) * mpmath.expm1(x * _coef(1 / _coef(alpha, dtype), dtype))
    return f


def _gelu(xs, dtype):
    x = xs[0]
    return x / 2 * mpmath.erfc(-x / mpmath.sqrt(2))


def _gelu_tanh(xs, dtype):
    x = xs[0]
    # torch's constants in the computation type: kBeta = sqrt(2) 2/sqrt(pi) / 2, kKappa = 0.044715
    u = _coef(math.sqrt(2 / math.pi), dtype) * (x + _coef(0.044715, dtype) * x ** 3)
    return x / (1 + mpmath.exp(-2 * u))


def _silu(xs, dtype):
    return xs[0] / (1 + mpmath.exp(-xs[0]))


def _mish(xs, dtype):
    return xs[0] * mpmath.tanh(mpmath.log1p(mpmath.exp(xs[0])))


def _softplus(beta, threshold):
    def f(xs, dtype):
        x, b = xs[0], _coef(beta, dtype)
        if _coef(x * b, dtype) > threshold:
            return x
        return mpmath.log1p(mpmath.exp(x * b)) / b
    return f


def _logsigmoid(xs, dtype):
    return -mpmath.log1p(mpmath.exp(-xs[0]))


def _hardsigmoid(xs, dtype):
    return min(max(xs[0] + 3, 0), 6) / 6


def _hardswish(xs, dtype):
    return xs[0] * min(max(xs[0] + 3, 0), 6) / 6


SELU_ALPHA, SELU_SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946

# ----------------------------------------------------------------------------- the variants
# name: (torch function (dotted: a namespace), leading positional numbers, kwargs, rule, reference,
#        extra: "method" / "inplace" / "out" / "F_" (the forms torch has))
V = {}


def variant(name, op, rule, ref=None, pre=(), kw=None, forms=()):
    V[name] = dict(op=op, pre=tuple(pre), kw=kw or {}, rule=rule, ref=ref, forms=tuple(forms))


variant("logit", "logit", "ulp", _logit(None), forms=("method", "inplace", "out"))
variant("logit_eps", "logit", "ulp", _logit(0.2), kw={"eps": 0.2}, forms=("method", "inplace"))
for n in (0, 1, 2, 3, 6):
    variant(f"polygamma_{n}", "polygamma", "ulp", _polygamma(n), pre=(n,), forms=("out",) if n == 1 else ())
variant("polygamma_neg", "polygamma", "exact", pre=(-1,))
variant("polygamma_m", "polygamma", "ulp", _polygamma(2), forms=("method", "inplace"))
variant("mvlgamma_1", "mvlgamma", "ulp", _mvlgamma(1), kw={"p": 1}, forms=("method", "inplace"))
variant("mvlgamma_3", "mvlgamma", "ulp", _mvlgamma(3), kw={"p": 3})
variant("frexp", "frexp", "exact", forms=("method",))
variant("selu", "selu", "ulp", _elu(SELU_ALPHA, SELU_SCALE))
variant("celu", "celu", "ulp", _celu(1.0))
variant("celu_a", "celu", "ulp", _celu(2.5), kw={"alpha": 2.5})
variant("threshold", "threshold", "exact", pre=(), kw={"threshold": 0.5, "value": -7})
variant("hardshrink", "hardshrink", "exact", forms=("method", "out"))
variant("hardshrink_l", "hardshrink", "exact", kw={"lambd": 2.0})
variant("F_relu", F + "relu", "exact", forms=("F_", "inplace="))
variant("F_relu6", F + "relu6", "exact", forms=("inplace=",))
variant("F_elu", F + "elu", "ulp", _elu(1.0), forms=("F_", "inplace="))
variant("F_elu_a", F + "elu", "ulp", _elu(0.5), kw={"alpha": 0.5})
variant("F_selu", F + "selu", "ulp", _elu(SELU_ALPHA, SELU_SCALE), forms=("F_",))
variant("F_celu", F + "celu", "ulp", _celu(1.0), forms=("F_",))
variant("F_gelu", F + "gelu", "ulp", _gelu, forms=("out",))
variant("F_gelu_tanh", F + "gelu", "ulp", _gelu_tanh, kw={"approximate": "tanh"})
variant("F_silu", F + "silu", "ulp", _silu, forms=("inplace=",))
variant("F_mish", F + "mish", "ulp", _mish)
variant("F_softplus", F + "softplus", "ulp", _softplus(1, 20), forms=("out",))
variant("F_softplus_b", F + "softplus", "ulp", _softplus(2.5, 3), kw={"beta": 2.5, "threshold": 3})
variant("F_softsign", F + "softsign", "ulp", lambda xs, d: xs[0] / (abs(xs[0]) + 1))
variant("F_tanhshrink", F + "tanhshrink", "ulp", lambda xs, d: xs[0] - mpmath.tanh(xs[0]))
variant("F_hardtanh", F + "hardtanh", "exact", forms=("F_",))
variant("F_hardtanh_l", F + "hardtanh", "exact", kw={"min_val": -2.5, "max_val": 4.0})
variant("F_hardsigmoid", F + "hardsigmoid", "ulp", _hardsigmoid, forms=("inplace=",))
variant("F_hardswish", F + "hardswish", "ulp", _hardswish)
variant("F_hardshrink", F + "hardshrink", "exact")
variant("F_softshrink", F + "softshrink", "exact", forms=("out",))
variant("F_softshrink_l", F + "softshrink", "exact", kw={"lambd": 1.5})
variant("F_leaky_relu", F + "leaky_relu", "exact", forms=("F_", "inplace="))
variant("F_leaky_relu_s", F + "leaky_relu", "exact", kw={"negative_slope": 0.2})
variant("F_logsigmoid", F + "logsigmoid", "ulp", _logsigmoid, forms=("out",))
variant("F_threshold", F + "threshold", "exact", kw={"threshold": 1.0, "value": 2.5}, forms=("F_",))
variant("F_sigmoid", F + "sigmoid", "ulp", lambda xs, d: 1 / (1 + mpmath.exp(-xs[0])))
variant("F_tanh", F + "tanh", "ulp", lambda xs, d: mpmath.tanh(xs[0]))
UNARY = dict(V)
V.clear()
variant("igamma", "igamma", "ulp", _igamma(False), forms=("method", "inplace", "out"))
variant("igammac", "igammac", "ulp", _igamma(True), forms=("method", "inplace"))
variant("complex", "complex", "exact", forms=("out",))
variant("polar", "polar", "ulp", _polar, forms=("out",))
variant("isclose", "isclose", "exact", forms=("method",))
variant("isclose_tol", "isclose", "exact", kw={"rtol": 0.25, "atol": 0.5})
variant("isclose_nan", "isclose", "exact", kw={"equal_nan": True})
variant("max_other", "max", "exact", forms=("method", "out"))
variant("min_other", "min", "exact", forms=("method",))
BINARY = dict(V)
VARIANTS = {**UNARY, **BINARY}

# ----------------------------------------------------------------------------- inputs
SPECIAL = [-745.0, -200.0, -88.5, -30.0, -20.0, -10.0, -6.0, -5.0, -3.5, -3.0, -2.5, -2.0, -1.5, -1.0, -0.75, -0.5,
           -0.25, -0.1, -1e-3, -1e-6, -1e-20, 1e-20, 1e-6, 1e-3, 0.1, 0.2, 0.25, 0.3, 0.4, 0.45, 0.5, 0.55, 0.7, 0.8,
           0.9, 0.99, 0.999999, 1.25, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0, 8.0, 10.0, 15.0, 19.5, 20.0, 20.5,
           30.0, 40.0, 50.0, 88.5, 100.0, 1e4, 1e6, 1e10, 1e30, -1e30]


def unary_inputs(name):
    c = category(name)
    if c == "floating":
        vals = SPECIAL + [log_uniform(R, -3, 2) for _ in range(16)] + [R.uniform(0, 1) for _ in range(8)]
        return dedupe(EDGES["full"][name] + [rounded(name, float(v)) for v in vals])
    return EDGES["full"][name]


IGAMMA_A = [0.0, 1e-3, 0.1, 0.5, 1.0, 2.5, 7.0, 20.0, 55.5, 150.0, 1000.0, INF, NAN, -1.0]
IGAMMA_X = [0.0, 1e-3, 0.1, 0.5, 1.0, 2.0, 6.5, 19.0, 60.0, 140.0, 1100.0, INF, NAN, -0.5]


def binary_inputs(variant_name, name):
    c = category(name)
    if variant_name.startswith("igamma") and c == "floating":
        pairs = [(a, x) for a in IGAMMA_A for x in IGAMMA_X]
        pairs += [(abs(log_uniform(R, -2, 3)), abs(log_uniform(R, -2, 3))) for _ in range(24)]
        xs = [rounded(name, a) for a, _ in pairs]
        ys = [rounded(name, x) for _, x in pairs]
        return xs, ys
    base = EDGES["small"][name]
    if variant_name.startswith("isclose") and c in ("floating", "complex"):
        near = [rounded(name, v * (1 + d)) if c == "floating" else rounded(name, v * (1 + d))
                for v in base for d in (0.0, 1e-6, 1e-5, 0.3)]
        xs = [v for v in base for _ in range(4)]
        return xs, near
    xs = [a for a in base for _ in base]
    ys = [b for _ in base for b in base]
    return xs, ys


# ----------------------------------------------------------------------------- cases
CASES = []
INACCURATE = []


def element_args(case, i):
    out = []
    for a in case["args"]:
        if "scalar" in a:
            out.append(dec(a["value"]))
        elif a["shape"] == []:
            out.append(dec(a["values"][0]))
        else:
            out.append(dec(a["values"][i]))
    return out


def also_accept(name, case):
    """[[index, correctly rounded value], ...] where torch's value is beyond the rule from it."""
    ref = VARIANTS[name]["ref"]
    exp = case["expect"]
    if ref is None or "error" in exp or case_mode(case) != "tile" or category(exp["dtype"]) not in ("floating", "complex"):
        return None
    accept = []
    npre = len(VARIANTS[name]["pre"])
    for i in range(case_length(case)):
        args = element_args(case, i)[npre:]
        if not all_finite(args):
            continue
        try:
            with mpmath.workprec(256):
                v = ref([mpmath.mpf(a) if not isinstance(a, complex) else mpmath.mpc(a.real, a.imag) for a in args],
                        exp["dtype"])
        except (ValueError, ZeroDivisionError, OverflowError):
            continue
        if v is None:
            continue
        # out= of another dtype: torch computes in the inputs' dtype, then converts
        want = reference_value(lambda _: v, args, case.get("compute", exp["dtype"]))
        if close(case["rule"], exp["dtype"], want, exp["values"][i], magnitude_overflow_ok=True):
            continue
        accept.append([i, want])
        INACCURATE.append({"variant": name, "dtype": exp["dtype"], "call": case["call"],
                           "inputs": [enc(a) for a in args], "torch": exp["values"][i], "correctly_rounded": want})
    return accept or None


def add(family, name, args, kwargs=None, call="function", op=None, out=None):
    v = VARIANTS[name]
    case = {"family": family, "op": op or v["op"], "call": call,
            "args": [scalar(p) for p in v["pre"]] + args}
    kw = dict(v["kw"], **(kwargs or {}))
    if kw:
        case["kwargs"] = {k: (val if isinstance(val, (bool, str)) or k in ("p",) else scalar(val))
                          for k, val in kw.items()}
    if out:
        case["out"] = out
    case = settle(case, lambda c, e: v["rule"])
    compute = [a["dtype"] for a in case["args"] if "dtype" in a]
    if out and compute and category(compute[0]) in ("floating", "integral", "bool"):
        # (an integral input computes in the default float)
        case["compute"] = compute[0] if category(compute[0]) == "floating" else "float32"
    accept = also_accept(name, case)
    case.pop("compute", None)
    if accept:
        case["also_accept"] = accept
    CASES.append((name, case))


def fn_of(name):
    v = VARIANTS[name]
    f = torch
    for part in v["op"].split("."):
        f = getattr(f, part)
    return lambda *a: f(*v["pre"], *a, **v["kw"])


def ones(name, n=2):
    return [py(name, 1)] * n


def build_unary():
    for name in UNARY:
        v = VARIANTS[name]
        f = fn_of(name)
        for d in DTYPES:
            if not accepts(f, d):
                add("errors", name, [tensor(d, ones(d))])
                continue
            add("unary", name, [tensor(d, unary_inputs(d))])
        for d in ("float32", "float16", "int32", "bool"):
            if not accepts(f, d):
                continue
            xs = EDGES["small"][d] + ([rounded(d, x) for x in (-3.0, -0.4, 0.6, 3.0)] if category(d) == "floating"
                                      else [])
            if "method" in v["forms"]:
                add("method", name, [tensor(d, xs)], call="method")
            if "inplace" in v["forms"]:
                add("inplace", name, [tensor(d, xs)], call="inplace")
            if "out" in v["forms"]:
                for od in ("float32", "float64", "int32"):
                    add("out", name, [tensor(d, xs)], out={"dtype": od, "shape": [len(xs)]})
            if "F_" in v["forms"]:
                add("inplace", name, [tensor(d, xs)], op=v["op"] + "_")
            if "inplace=" in v["forms"]:
                add("inplace", name, [tensor(d, xs)], kwargs={"inplace": True})


def build_binary():
    for name in BINARY:
        v = VARIANTS[name]
        f = fn_of(name)
        for d in DTYPES:
            if not accepts(lambda t: f(t, t.clone()), d):
                add("errors", name, [tensor(d, ones(d)), tensor(d, ones(d))])
                continue
            xs, ys = binary_inputs(name, d)
            add("tt", name, [tensor(d, xs), tensor(d, ys)])
        for d in ("float32", "float16", "int32"):
            if not accepts(lambda t: f(t, t.clone()), d):
                continue
            xs = EDGES["small"][d]
            ys = xs[3:] + xs[:3]
            if "method" in v["forms"]:
                add("method", name, [tensor(d, xs), tensor(d, ys)], call="method")
            if "inplace" in v["forms"]:
                add("inplace", name, [tensor(d, xs), tensor(d, ys)], call="inplace")
            if "out" in v["forms"]:
                for od in ("float32", "float64", "complex64", "int32"):
                    add("out", name, [tensor(d, xs), tensor(d, ys)], out={"dtype": od, "shape": [len(xs)]})
        # mixed dtypes: promotion, or torch's same-dtype errors
        for a, b in (("float32", "float64"), ("int32", "float32"), ("float16", "float32"), ("int64", "int64"),
                     ("bool", "float32"), ("float64", "float16")):
            xs, ys = EDGES["mid"][a], EDGES["mid"][b]
            n = min(len(xs), len(ys))
            add("mixed", name, [tensor(a, xs[:n]), tensor(b, ys[:n])])


def build_errors():
    f32 = tensor("float32", [0.25, 2.0])
    for kw in ({"p": 0}, {"p": -2}):
        add("errors", "mvlgamma_1", [f32], kwargs=kw)
    add("errors", "isclose_tol", [f32, f32], kwargs={"rtol": -0.5})
    add("errors", "isclose_tol", [f32, f32], kwargs={"atol": -1e-3})
    add("errors", "F_gelu", [f32], kwargs={"approximate": "sigmoid"})
    add("errors", "F_softshrink", [f32], kwargs={"lambd": -1.0})
    add("errors", "F_softshrink", [tensor("float16", [0.5, 1.0])], kwargs={"lambd": 1e6})
    add("errors", "celu_a", [f32], kwargs={"alpha": 0.0})
    add("errors", "F_hardtanh", [f32], kwargs={"min_val": 2.0, "max_val": 1.0})
    add("errors", "F_hardtanh", [tensor("uint8", [1, 2])], kwargs={"min_val": -1.0, "max_val": 1.0})
    add("errors", "F_hardtanh", [tensor("uint8", [1, 9])], kwargs={"min_val": 0.0, "max_val": 6.0})
    add("errors", "logit", [tensor("int32", [1, 2])], call="inplace")
    add("errors", "mvlgamma_1", [tensor("int32", [3, 4])], call="inplace")
    add("errors", "igamma", [tensor("int32", [3, 4]), f32], call="inplace")


# ----------------------------------------------------------------------------- argument errors
# torch.nn.functional's Python functions bind their arguments as Python does, then call a builtin
# whose parser checks the types: every F function with too few, too many, unknown and
# duplicated arguments, and each parameter given a value of each wrong kind (by keyword and by
# position).  The parameters as torch names them:
F_PARAMS = {
    "relu": ["input", "inplace"], "relu6": ["input", "inplace"], "elu": ["input", "alpha", "inplace"],
    "selu": ["input", "inplace"], "celu": ["input", "alpha", "inplace"], "gelu": ["input", "approximate"],
    "silu": ["input", "inplace"], "mish": ["input", "inplace"], "softplus": ["input", "beta", "threshold"],
    "softsign": ["input"], "tanhshrink": ["input"], "hardtanh": ["input", "min_val", "max_val", "inplace"],
    "hardsigmoid": ["input", "inplace"], "hardswish": ["input", "inplace"], "hardshrink": ["input", "lambd"],
    "softshrink": ["input", "lambd"], "leaky_relu": ["input", "negative_slope", "inplace"],
    "logsigmoid": ["input"], "threshold": ["input", "threshold", "value", "inplace"], "sigmoid": ["input"],
    "tanh": ["input"], "relu_": ["input"], "elu_": ["input", "alpha"], "selu_": ["input"], "celu_": ["input", "alpha"],
    "hardtanh_": ["input", "min_val", "max_val"], "leaky_relu_": ["input", "negative_slope"],
    "threshold_": ["input", "threshold", "value"],
}
T1 = tensor("float32", [0.0, -0.0, 0.0])     # (values every function gets right)
WRONG = {"str": "'a'", "None": "None", "complex": "1j", "bool": "True", "int": "2", "float": "0.5", "list": "[1.0]",
         "tensor": T1, "tensor0": zerodim("float32", 0.0), "huge": "1e+40"}


def add_args(name, args, kwargs):
    case = {"family": "args", "op": F + name, "call": "function",
            "args": [a if isinstance(a, dict) else {"literal": a} for a in args]}
    if kwargs:
        case["kwargs"] = {k: v if isinstance(v, dict) else {"literal": v} for k, v in kwargs.items()}
    CASES.append((f"F_args_{name}", settle(case, lambda c, e: "ulp")))


def build_arg_errors():
    for name, params in F_PARAMS.items():
        base = [T1] + ["0.5", "2.0"][:2 if name.startswith("threshold") else 0]
        add_args(name, [], {})
        add_args(name, base + ["0.25"] * len(params), {})
        add_args(name, base, {"foo": "1"})
        add_args(name, [], {"self": T1})
        add_args(name, base, {"input": T1})
        add_args(name, [], dict(zip(params, base)))
        for i, p in enumerate(params):
            for value in WRONG.values():
                if i < len(base):
                    add_args(name, base[:i] + [value] + base[i + 1:], {})
                    continue
                add_args(name, base, {p: value})
                fill = ["False" if q == "inplace" else "0.5" for q in params[len(base):i]]
                add_args(name, base + fill + [value], {})


# ----------------------------------------------------------------------------- numbers into dtypes
# c10's checked conversion of a Python number: a float must lie in an integer type's own range
# (-1.0 overflows uint8, where the int -1 wraps), a complex must be real; which type it converts
# to (the computation type, the dtype, double) and whether before or after the dtype dispatch
# is each function's own.  And round(x, decimals=0), torch's round.decimals: no integer kernel.
NUMBERS = [-1, -1.0, -0.5, 255.5, 256.0, 1e19, NAN, INF, complex(1, 0), complex(-1, 0), 1j, 1e40]


def add_call(name, op, args, kwargs=None, call="function", out=None):
    case = {"family": "numbers", "op": op, "call": call, "args": args}
    if kwargs:
        case["kwargs"] = kwargs
    if out:
        case["out"] = out
    CASES.append((name, settle(case, lambda c, e: "ulp")))


def build_numbers():
    for d in DTYPES:
        x = tensor(d, ones(d, 3))
        for call in ("function", "method", "inplace"):
            add_call("round_decimals_0", "round", [x], {"decimals": 0}, call=call)
        add_call("round_decimals_0", "round", [x], {"decimals": 0}, out={"dtype": d, "shape": [3]})
    for d in ("uint8", "int8", "int64", "uint64", "bool", "float16"):
        for v in NUMBERS:
            add_call("full", "full", [{"literal": "(1,)"}, scalar(v)], {"dtype": {"dtype_arg": d}})
    for d in ("uint8", "int32", "uint16", "float16", "float64"):
        x = tensor(d, [py(d, v) for v in (1, 2, 0)])
        for v in NUMBERS:
            add_call("threshold_numbers", "threshold", [x, scalar(v), scalar(1)])
            add_call("threshold_numbers", "threshold", [x, scalar(1), scalar(v)])
            add_call("addcmul_numbers", "addcmul", [x, x, x], {"value": scalar(v)})
            add_call("hardtanh_numbers", F + "hardtanh", [x, scalar(v), scalar(1e30)])
            add_call("hardtanh_numbers", F + "hardtanh_", [x, scalar(0), scalar(v)])
            for fn, kw in (("elu", "alpha"), ("celu", "alpha"), ("leaky_relu", "negative_slope"), ("softplus", "beta"),
                           ("softplus", "threshold"), ("hardshrink", "lambd")):
                add_call(f"F_{fn}_numbers", F + fn, [x], {kw: scalar(v)})


# ----------------------------------------------------------------------------- igamma for large a
# a > 1000 with x near a (within a few sqrt(a), where both tails meet), x << a and x >> a: the
# expected values are the correctly rounded ones (mpmath), torch's where it is off are listed
# under torch_off (the special set's rule: ours must be within the rule, or no further than torch)
def igamma_reference(a, x, upper):
    """P(a, x) or Q(a, x): 1F1's series (mpmath's gammainc does not converge for large a), with
    the precision 1 - P needs where Q is tiny; 0 or 1 below double's range."""
    with mpmath.workprec(300):
        a, x = mpmath.mpf(a), mpmath.mpf(x)
        lead = a * mpmath.log(x) - x - mpmath.loggamma(a + 1)
        if x < a:
            p = mpmath.exp(lead) * mpmath.hyp1f1(1, a + 1, x, maxterms=10**7)
            return 1 - p if upper else p
        logq = lead + mpmath.log(a) - mpmath.log(x - a + 1)
        if logq < -800:
            return mpmath.mpf(0 if upper else 1)
    with mpmath.workprec(int(364 - float(logq) / 0.69)):
        a, x = mpmath.mpf(a), mpmath.mpf(x)
        p = mpmath.exp(a * mpmath.log(x) - x - mpmath.loggamma(a + 1)) * mpmath.hyp1f1(1, a + 1, x, maxterms=10**7)
        return 1 - p if upper else p


def large_a_pairs():
    pairs = []
    for a in (1001.0, 1500.5, 3000.0, 1e4, 3.3e4, 1e5, 4.2e5, 1e6, 1e7):
        pairs += [(a, a * r) for r in (0.1, 0.5, 0.8, 0.9, 0.99, 0.999, 1.0, 1.001, 1.01, 1.1, 1.5, 2.0, 10.0)]
        pairs += [(a, a + k * math.sqrt(a)) for k in (-10, -3, -1, -0.1, 0.1, 1, 3, 10)]
    for _ in range(40):
        a = 10 ** R.uniform(3, 7)
        pairs.append((a, a * (1 + R.gauss(0, 3 / math.sqrt(a)))))
    return pairs


def build_igamma_large():
    pairs = large_a_pairs()
    for d in ("float32", "float64"):
        a_s, x_s = [rounded(d, a) for a, _ in pairs], [rounded(d, x) for _, x in pairs]
        for name, upper in (("igamma", False), ("igammac", True)):
            case = settle({"family": "large_a", "op": name, "call": "function",
                           "args": [tensor(d, a_s), tensor(d, x_s)]}, lambda c, e: "ulp")
            off = []
            for i, (a, x) in enumerate(zip(a_s, x_s)):
                want = enc(rounded(d, float(igamma_reference(a, x, upper))))
                got = case["expect"]["values"][i]
                if not close("ulp", d, want, got, magnitude_overflow_ok=True):
                    off.append([i, got])
                    case["expect"]["values"][i] = want
            if off:
                case["torch_off"] = off
            CASES.append((f"{name}_large_a", case))


def generate():
    torch.set_num_threads(1)
    for step in (build_unary, build_binary, build_errors, build_arg_errors, build_numbers, build_igamma_large):
        before = len(CASES)
        step()
        print(f"  {step.__name__}: {len(CASES) - before} cases", file=sys.stderr)
    print(f"  elements where torch is inaccurate (reference also accepted): {len(INACCURATE)}", file=sys.stderr)
    return CASES, {
        "rules": {name: v["rule"] for name, v in VARIANTS.items()},
        "torch_inaccurate": INACCURATE,
    }
