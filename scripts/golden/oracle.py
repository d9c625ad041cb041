"""Running a case in torch: its outcome on torch's vectorised loop (what the project
follows), on its scalar loop (for information), and the splitting and shrinking of cases.

torch's cpu_kernel_vec runs a SIMD lambda over whole chunks of 2 * Vec::size() elements and a
scalar one over the tail and over strided operands; the two do not always agree in the last
bit.  So 1-d operands are tiled (cyclically repeated) to a multiple of TILE elements and only
the first n results kept: every element then goes through the vectorised loop.  Cases with
views, 2-d operands or 1-d operands of different lengths run as they are ("plain")."""
from __future__ import annotations

import ast
import json
import math
import operator
import warnings

import mpmath
import torch
from golden_format import close, dec, enc

from .common import TD, TILE, category, is_tensor, py, rounded

OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
             "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "&": operator.and_, "|": operator.or_,
             "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift, "==": operator.eq, "!=": operator.ne,
             "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "~": operator.invert,
             "pos": operator.pos, "neg": operator.neg, "abs": operator.abs, "+=": operator.iadd,
             "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv, "//=": operator.ifloordiv,
             "%=": operator.imod, "**=": operator.ipow, "&=": operator.iand, "|=": operator.ior,
             "^=": operator.ixor, "<<=": operator.ilshift, ">>=": operator.irshift}
INPLACE_SYMBOLS = {"+=", "-=", "*=", "/=", "//=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>="}


def copy(case):
    return json.loads(json.dumps(case))


def operands(case):
    """The tensor operands, positional and keyword."""
    return [d for d in list(case["args"]) + list(case.get("kwargs", {}).values()) if is_tensor(d)]


def case_mode(case):
    """'tile' when every tensor operand is 1-d (of one length n, no view) or 0-dim, else 'plain'."""
    ts = operands(case)
    lengths = {d["shape"][0] for d in ts if len(d["shape"]) == 1}
    if any(len(d["shape"]) > 1 or "view" in d for d in ts) or len(lengths) > 1:
        return "plain"
    return "tile"


def case_length(case):
    return max([d["shape"][0] for d in operands(case) if len(d["shape"]) == 1] + [1])


def build(desc, mode):
    """mode: 'tile' (1-d repeated to a multiple of TILE), 'plain' or 'strided' (1-d as a
    stride-2 view: torch's scalar loop)."""
    if desc is None:
        return None
    if "literal" in desc:       # an argument of the wrong type: None, a string, a list
        return ast.literal_eval(desc["literal"])
    if "dtype_arg" in desc:
        return TD[desc["dtype_arg"]]
    if not is_tensor(desc):
        return dec(desc["value"])
    dt = TD[desc["dtype"]]
    vals = [dec(v) for v in desc["values"]]
    if desc["shape"] == []:
        return torch.tensor(vals[0], dtype=dt)
    if len(desc["shape"]) > 1 or "view" in desc:
        t = torch.tensor(vals, dtype=dt).reshape(desc["shape"])
        return {"T": lambda: t.T, "step2": lambda: t[::2]}.get(desc.get("view"), lambda: t)()
    if mode == "tile":
        n = len(vals)
        length = -(-n // TILE) * TILE
        vals = (vals * (length // n + 1))[:length]
    if mode == "strided":
        return torch.tensor([v for v in vals for _ in (0, 1)], dtype=dt)[::2]
    return torch.tensor(vals, dtype=dt)


def out_tensor(desc, mode, n):
    shape = list(desc["shape"])
    if mode == "tile" and len(shape) == 1 and shape[0] == n:
        shape = [-(-n // TILE) * TILE]
    return torch.zeros(shape, dtype=TD[desc["dtype"]])


def resolve(module, op):
    """module.op, where op may name a namespace: nn.functional.gelu, or an in-place function
    of one (nn.functional.relu_)."""
    for part in op.split("."):
        module = getattr(module, part)
    return module


def call(case, mode):
    args = [build(a, mode) for a in case["args"]]
    kwargs = {k: build(v, mode) if (v is None or isinstance(v, dict)) else v for k, v in case.get("kwargs", {}).items()}
    if "out" in case:
        kwargs["out"] = out_tensor(case["out"], mode, case_length(case))
    kind, op = case["call"], case["op"]
    if kind == "function":
        r = resolve(torch, op)(*args, **kwargs)
    elif kind == "method":
        r = getattr(args[0], op)(*args[1:], **kwargs)
    elif kind == "inplace":
        r = getattr(args[0], op + "_")(*args[1:], **kwargs)
        assert r is args[0]
    else:
        r = OPERATORS[case["symbol"]](*args)
        if case["symbol"] in INPLACE_SYMBOLS:
            assert r is args[0]
    if "out" in case:
        assert r is kwargs["out"]
    return r


def outcome(case, mode=None):
    """{"dtype", "shape", "values"} or {"error": [class, message]}."""
    mode = mode or case_mode(case)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            r = call(case, mode)
        except Exception as e:  # noqa: BLE001 - every exception is an outcome
            return {"error": [type(e).__name__, str(e)]}
        if isinstance(r, tuple):        # frexp: (mantissa, exponent), the exponents as "indices"
            first = outcome_of(r[0], case, mode)
            return dict(first, indices=r[1].reshape(-1)[:len(first["values"])].tolist())
        return outcome_of(r, case, mode)


def outcome_of(r, case, mode):
    """The outcome record of a torch result tensor."""
    name = str(r.dtype).replace("torch.", "")
    if r.dtype == torch.complex32:
        r = r.to(torch.complex64)
    if mode == "plain":
        shape, flat = list(r.shape), r.reshape(-1).tolist()
    elif r.dim() == 0:
        shape, flat = [], [r.item()]
    else:
        n = case_length(case)
        shape, flat = [n], r.reshape(-1)[:n].tolist()
    return {"dtype": name, "shape": shape, "values": [enc(v) for v in flat]}


def accepts(fn, name):
    """Does torch accept fn on a 2-element tensor of dtype `name` (harmless values: ones)?
    How the sets find the (op, dtype) pairs torch has a kernel for."""
    t = torch.tensor([py(name, 1)] * 2, dtype=TD[name])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fn(t)
        except Exception:  # noqa: BLE001
            return False
    return True


# ----------------------------------------------------------------------------- cases
def promoted(case):
    """(a, b, torch's result dtype) for a two-operand case (built plain), or None when torch
    rejects the pair."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            a, b = (build(x, "plain") for x in case["args"])
            return a, b, torch.result_type(a, b)
    except Exception:  # noqa: BLE001 - a promotion error: no kernel runs
        return None


def pick(case, mask, keep):
    """The case with only the elements whose mask is `keep` (1-d operands and out= cut)."""
    c = copy(case)
    for a in operands(c):
        if len(a["shape"]) == 1:
            a["values"] = [v for v, m in zip(a["values"], mask) if m == keep]
            a["shape"] = [len(a["values"])]
    if "out" in c and len(c["out"]["shape"]) == 1:
        c["out"]["shape"] = [sum(1 for m in mask if m == keep)]
    return c


def shrink(case):
    """A copy with its 1-d operands (and out=) cut to their first two elements."""
    c = copy(case)
    for a in operands(c):
        if len(a["shape"]) == 1 and "view" not in a and a["shape"][0] > 2:
            a["values"] = a["values"][:2]
            a["shape"] = [2]
    if "out" in c and len(c["out"]["shape"]) == 1 and c["out"]["shape"][0] > 2:
        c["out"]["shape"] = [2]
    return c


def settle(case, rule_of):
    """Record the case's outcome: an error case is shrunk to two elements when that gives
    the same error; `rule_of(case, expect)` gives the rule; where torch's scalar loop differs
    beyond it, the case carries scalar_loop_diff (information for failure messages)."""
    exp = outcome(case)
    if "error" in exp:
        small = shrink(case)
        if outcome(small) == exp:
            case = small
    case["rule"] = rule_of(case, exp)
    case["expect"] = exp
    if "error" not in exp and case_mode(case) == "tile":
        alt = outcome(case, "strided")
        if "values" in alt and alt["dtype"] == exp["dtype"]:
            diff = [[i, y] for i, (x, y) in enumerate(zip(exp["values"], alt["values"]))
                    if not close(case["rule"], exp["dtype"], x, y, magnitude_overflow_ok=True)]
            if diff:
                case["scalar_loop_diff"] = diff
    return case


# ----------------------------------------------------------------------------- references
def mp(v):
    return mpmath.mpc(v.real, v.imag) if isinstance(v, complex) else mpmath.mpf(float(v))


def all_finite(args):
    return all(not isinstance(a, (float, complex)) or all(map(math.isfinite, (complex(a).real, complex(a).imag)))
               for a in args)


def reference_value(fn, args, dtype):
    """The correctly rounded value of fn(args) (fn computes with mpmath at 256 bits) in dtype,
    encoded (via float64: good enough to tell a wrong torch result, all it is used for)."""
    with mpmath.workprec(256):
        v = fn(args)
    if category(dtype) == "complex":
        v = mpmath.mpc(v)
        return enc(rounded(dtype, complex(float(v.real), float(v.imag))))
    if isinstance(v, mpmath.mpc):
        v = v.real if v.imag == 0 else mpmath.nan
    return enc(rounded(dtype, float(v)))
