"""Replays torch's recorded outcomes (tests/data/torch_golden.json.gz) through the runtime:
result dtypes and errors, not values (those are the value goldens, golden_values.py).

The file is a verbatim copy of shared/reference/torch_golden.json.gz, written by
shared/reference/torch_probe.py in the format of torch_semantics.md section G: the shared
reference, not made by this project's generator (scripts/golden/), so it keeps its own format;
test_golden_outcomes.py checks that the copy is still the reference where shared/ is present.

Operand codes: T:<dtype> = tensor([1, 2, 3]) of that dtype, Z:<dtype> = tensor(2)
(0-dim), S:bool|int|float|complex = True | 2 | 2.5 | 1+2j, N = None, out:<dtype> =
empty(3) of that dtype.  A result is a dtype name, 'py:<type>', or
[exception class, message index]."""
from __future__ import annotations

import gzip
import json
import operator
import warnings
from functools import lru_cache
from pathlib import Path

import runtime as rt

DATA = Path(__file__).parent / "data" / "torch_golden.json.gz"
SCALARS = {"bool": True, "int": 2, "float": 2.5, "complex": complex(1, 2)}


@lru_cache(maxsize=1)
def golden():
    with gzip.open(DATA, "rt") as f:
        return json.load(f)


class NotApplicable(Exception):
    """The case names a dtype this project does not declare (bits8, qint8, ...: none of the
    op cases since the float8 formats were declared)."""


def dtype_of(name):
    d = getattr(rt, name, None)
    if not isinstance(d, rt.dtype):
        raise NotApplicable(name)
    return d


def make(code):
    if code == "N":
        return None
    kind, name = code.split(":")
    if kind == "S":
        return SCALARS[name]
    if kind == "T":
        return rt.tensor([1, 2, 3]).to(dtype_of(name))
    if kind == "Z":
        return rt.tensor(2).to(dtype_of(name))
    if kind == "out":
        return rt.empty(3, dtype=dtype_of(name))
    raise ValueError(code)


def _fn(name, **kw):
    return lambda *a, **k: getattr(rt, name)(*a, **kw, **k)


def _inplace(method, **kw):
    return lambda a, *rest: getattr(a, method)(*rest, **kw)


# golden op name -> (function taking the operands and out=, in-place callable or None)
BINARY = {
    "add": (_fn("add"), _inplace("add_")),
    "add_alpha_int": (_fn("add", alpha=2), None),
    "add_alpha_float": (_fn("add", alpha=2.5), None),
    "add_alpha_bool": (_fn("add", alpha=True), None),
    "add_alpha_complex": (_fn("add", alpha=1j), None),
    "sub": (_fn("sub"), _inplace("sub_")),
    "sub_alpha_float": (_fn("sub", alpha=2.5), None),
    "rsub": (_fn("rsub"), None),
    "mul": (_fn("mul"), _inplace("mul_")),
    "div": (_fn("div"), _inplace("div_")),
    "div_trunc": (_fn("div", rounding_mode="trunc"), _inplace("div_", rounding_mode="trunc")),
    "div_floor": (_fn("div", rounding_mode="floor"), _inplace("div_", rounding_mode="floor")),
    "true_divide": (_fn("true_divide"), _inplace("true_divide_")),
    "floor_divide": (_fn("floor_divide"), _inplace("floor_divide_")),
    "eq": (_fn("eq"), _inplace("eq_")),
    "ne": (_fn("ne"), _inplace("ne_")),
    "lt": (_fn("lt"), _inplace("lt_")),
    "le": (_fn("le"), _inplace("le_")),
    "gt": (_fn("gt"), _inplace("gt_")),
    "ge": (_fn("ge"), _inplace("ge_")),
    "result_type": (lambda a, b: rt.result_type(a, b), None),
    "op_mod": (operator.mod, operator.imod),
    "op_and": (operator.and_, operator.iand),
    "op_or": (operator.or_, operator.ior),
    "op_xor": (operator.xor, operator.ixor),
    "op_lshift": (operator.lshift, operator.ilshift),
    "op_rshift": (operator.rshift, operator.irshift),
    "op_add": (operator.add, operator.iadd),
    "op_sub": (operator.sub, operator.isub),
    "op_mul": (operator.mul, operator.imul),
    "op_truediv": (operator.truediv, operator.itruediv),
    "op_floordiv": (operator.floordiv, operator.ifloordiv),
    "op_eq": (operator.eq, None),
    "op_ne": (operator.ne, None),
    "op_lt": (operator.lt, None),
    "op_le": (operator.le, None),
    "op_gt": (operator.gt, None),
    "op_ge": (operator.ge, None),
}
UNARY = {
    "op_neg": (operator.neg, None),
    "op_abs": (abs, None),
    "op_invert": (operator.invert, None),
    "round_decimals": (_fn("round", decimals=1), _inplace("round_", decimals=1)),
}
for _name in ("neg positive abs sgn sign signbit sqrt rsqrt exp exp2 expm1 log log2 log10 log1p sin cos tan asin "
              "acos atan sinh cosh tanh asinh acosh atanh sigmoid erf erfc erfinv lgamma digamma i0 sinc reciprocal "
              "deg2rad rad2deg floor ceil round trunc frac nan_to_num bitwise_not logical_not isnan isinf isfinite "
              "isposinf isneginf isreal angle conj_physical").split():
    UNARY[_name] = (_fn(_name), _inplace(_name + "_"))
for _name in ("remainder fmod atan2 hypot copysign xlogy logaddexp nextafter heaviside gcd lcm maximum minimum "
              "fmax fmin bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift logical_and "
              "logical_or logical_xor").split():
    BINARY[_name] = (_fn(_name), _inplace(_name + "_"))
for _name in ("pow", "float_power", "ldexp"):
    BINARY[_name] = (_fn(_name), _inplace(_name + "_"))
BINARY["op_pow"] = (operator.pow, operator.ipow)
UNARY["square"] = (_fn("square"), _inplace("square_"))
UNARY["real"] = (_fn("real"), None)
UNARY["imag"] = (_fn("imag"), None)
for _name in ("clamp_min", "clamp_max"):
    BINARY[_name] = (_fn(_name), _inplace(_name + "_"))
UNARY["relu"] = (_fn("relu"), _inplace("relu_"))
TERNARY = {
    "clamp": (_fn("clamp"), _inplace("clamp_")),
    "where": (_fn("where"), None),
    "lerp": (_fn("lerp"), _inplace("lerp_")),
    "addcmul": (_fn("addcmul"), _inplace("addcmul_")),
    "addcdiv": (_fn("addcdiv"), _inplace("addcdiv_")),
}
OPS = {**BINARY, **UNARY, **TERNARY}


def describe(r):
    if isinstance(r, rt.Tensor):
        return r.dtype.name
    if isinstance(r, rt.dtype):
        return r.name
    return "py:" + type(r).__name__


def attempt(thunk):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = thunk()
    except NotApplicable:
        raise
    except Exception as e:  # noqa: BLE001 - the outcome is what we compare
        return [type(e).__name__, str(e)]
    return describe(r)


def expected(result):
    if isinstance(result, list):
        return [result[0], golden()["messages"][result[1]]]
    return result


def matches(got, want):
    """Same dtype, or same exception class and (unless torch's is an internal assert) message.
    A torch internal assert is a torch bug (ldexp with some out= dtypes): any outcome passes."""
    if isinstance(want, list) and "INTERNAL ASSERT FAILED" in want[1]:
        return True
    if isinstance(want, list):
        if not isinstance(got, list) or got[0] != want[0]:
            return False
        return "INTERNAL ASSERT FAILED" in want[1] or got[1] == want[1]
    return got == want


def run_case(op, section, case):
    """-> (codes, outcome, expected), or raises NotApplicable."""
    fn, inplace = OPS.get(op, (None, None))
    if fn is None or (section == "inplace_cases" and inplace is None):
        raise NotApplicable(op)
    *codes, result = case
    if section == "value_cases":
        thunk = lambda: fn(*[make(c) for c in codes[:-1]], value=make(codes[-1]))  # noqa: E731
    elif section == "inplace_cases":
        thunk = lambda: inplace(*[make(c) for c in codes])  # noqa: E731
    elif codes and codes[-1].startswith("out:"):
        thunk = lambda: fn(*[make(c) for c in codes[:-1]], out=make(codes[-1]))  # noqa: E731
    else:
        thunk = lambda: fn(*[make(c) for c in codes])  # noqa: E731
    return codes, attempt(thunk), expected(result)
