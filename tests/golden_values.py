"""The value goldens' replay: each recorded case (tests/data/golden_<set>.json.gz, written by
scripts/golden/ in the format of golden_format.py) called on the runtime, and its outcome
compared with torch's under the case's rule.  No torch here.

  exact   the same result dtype and shape and the same values bit for bit (NaN equals NaN
          whatever its sign or payload; +0.0 and -0.0 differ), or the same exception type
          and message.
  ulp     the same dtype, shape and exceptions; values within meta["ulp"][dtype] units in
          the last place of the result's format (1 for float32/float64, 2 for float16/
          bfloat16, counted in the 16-bit format).  Complex results per component in the
          component's format, where a component may also differ by up to 1 ulp of the
          complex value's magnitude (components near zero).  NaN must be NaN and an infinity
          the same infinity; a real zero the same signed zero; distances are counted on the
          ordered line of the format's values, where -0.0 and +0.0 are one point.

A value within the rule of the case's also_accept value (torch is inaccurate there) passes
too; where a case lists torch's value under torch_off (the special set, whose expected values
are the correctly rounded ones), a value no further from the expected one than torch's passes.  In-place calls must return self, out= calls the out tensor."""
from __future__ import annotations

import ast
import functools
import operator
from functools import lru_cache
from pathlib import Path

import runtime as rt
from golden_format import close, dec, distance, enc, flatten, load, ulp_distance

DATA = Path(__file__).parent / "data"
SETS = ("arithmetic", "unary_binary", "powers_ternary", "reductions", "special", "funcs")

OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
             "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "&": operator.and_, "|": operator.or_,
             "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift, "==": operator.eq, "!=": operator.ne,
             "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "~": operator.invert,
             "pos": operator.pos, "neg": operator.neg, "abs": operator.abs}
INPLACE_OPERATORS = {"+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
                     "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow, "&=": operator.iand,
                     "|=": operator.ior, "^=": operator.ixor, "<<=": operator.ilshift, ">>=": operator.irshift}
UNARY_SYMBOLS = {"~": "~", "pos": "+", "neg": "-", "abs": "abs"}
_INT64_MAX = (1 << 63) - 1


def path(name):
    return DATA / f"golden_{name}.json.gz"


@lru_cache(maxsize=None)
def golden(name):
    return load(path(name))


# ----------------------------------------------------------------------------- replay
def make_tensor(desc):
    dt = getattr(rt, desc["dtype"])
    vals = [dec(v) for v in desc["values"]]
    if dt is rt.uint64 and any(v > _INT64_MAX for v in vals):
        # rt.tensor takes ints in int64 range only (torch takes the full uint64 range):
        # build from the int64 bit pattern, the two's complement wrap of the cast
        t = rt.tensor([v - (1 << 64) if v > _INT64_MAX else v for v in vals], dtype=rt.int64).to(rt.uint64)
    else:
        t = rt.tensor(vals, dtype=dt)
    t = t.reshape(desc["shape"])
    got = [enc(v) for v in flatten(t.tolist())]
    if got != desc["values"]:
        raise AssertionError(f"input tensor does not round-trip: {desc['dtype']} {desc['values'][:6]} -> {got[:6]}")
    view = desc.get("view")
    if view == "T":
        t = t.T
    elif view == "step2":
        t = t[::2]
    return t


def make_arg(desc):
    if desc is None:
        return None
    if "scalar" in desc:
        return dec(desc["value"])
    if "dtype_arg" in desc:
        return getattr(rt, desc["dtype_arg"])
    if "literal" in desc:       # an argument of the wrong type: None, a string, a list
        return ast.literal_eval(desc["literal"])
    return make_tensor(desc)


def run_case(case):
    """The runtime's outcome for a case, in the golden's form."""
    args = [make_arg(a) for a in case["args"]]
    kwargs = {k: (make_arg(v) if v is None or isinstance(v, dict) else v) for k, v in case.get("kwargs", {}).items()}
    if "out" in case:
        dt, shape = getattr(rt, case["out"]["dtype"]), case["out"]["shape"]
        kwargs["out"] = rt.zeros(*shape, dtype=dt) if shape else rt.tensor(0, dtype=dt)
    kind, op, symbol = case["call"], case["op"], case.get("symbol")
    try:
        if kind == "function":
            r = functools.reduce(getattr, op.split("."), rt)(*args, **kwargs)     # special.i0e: rt.special.i0e
        elif kind == "method":
            r = getattr(args[0], op)(*args[1:], **kwargs)
        elif kind == "inplace":
            r = getattr(args[0], op + "_")(*args[1:], **kwargs)
        else:
            r = {**OPERATORS, **INPLACE_OPERATORS}[symbol](*args)
    except Exception as e:  # noqa: BLE001 - every exception is an outcome
        return {"error": [type(e).__name__, str(e)]}
    if (kind == "inplace" or symbol in INPLACE_OPERATORS) and r is not args[0]:
        return {"error": ["<test>", "the in-place call did not return self"]}
    if "out" in case and r is not kwargs["out"]:
        return {"error": ["<test>", "the out= call did not return out"]}
    if isinstance(r, tuple) and "dtype2" in case["expect"]:      # aminmax, var_mean: two values
        return {"dtype": r[0].dtype.name, "shape": list(r[0].shape), "values": [enc(v) for v in flatten(r[0].tolist())],
                "dtype2": r[1].dtype.name, "values2": [enc(v) for v in flatten(r[1].tolist())]}
    if isinstance(r, tuple):        # max/min with a dim: (values, indices); frexp: (mantissa, exponent)
        return {"dtype": r[0].dtype.name, "shape": list(r[0].shape),
                "values": [enc(v) for v in flatten(r[0].tolist())], "indices": flatten(r[1].tolist())}
    return {"dtype": r.dtype.name, "shape": list(r.shape), "values": [enc(v) for v in flatten(r.tolist())]}


def compare(case, got, ulps):
    """None when the outcome agrees with the case's expectation under its rule, else why not."""
    rule, exp = case["rule"], case["expect"]
    if "error" in exp or "error" in got:
        return None if got == exp else f"expected {_short(exp)}, got {_short(got)}"
    if got["dtype"] != exp["dtype"] or got["shape"] != exp["shape"]:
        return f"expected {exp['dtype']} {exp['shape']}, got {got['dtype']} {got['shape']}"
    if exp.get("indices") != got.get("indices"):
        return f"expected indices {exp.get('indices')}, got {got.get('indices')}"
    if "dtype2" in exp:             # a pair of values: the second compared as a result of its own
        if got.get("dtype2") != exp["dtype2"]:
            return f"expected a second result of {exp['dtype2']}, got {got.get('dtype2')}"
        second = compare({**case, "expect": {"dtype": exp["dtype2"], "shape": exp["shape"], "values": exp["values2"]},
                          "also_accept": case.get("also_accept2", [])},
                         {"dtype": got["dtype2"], "shape": got["shape"], "values": got["values2"]}, ulps)
        if second:
            return f"second result: {second}"
    if len(exp["values"]) != len(got["values"]):
        return f"expected {len(exp['values'])} values, got {len(got['values'])}"
    dtype = exp["dtype"]
    alt = dict(map(tuple, case.get("also_accept", [])))

    def ok(e, g):
        try:
            return close(rule, dtype, e, g, ulps)
        except OverflowError:   # |z| beyond float64: no magnitude tolerance, so the value must be e
            return False

    # where torch itself is off (the special set), as close to the expected value as torch is
    off = dict(map(tuple, case.get("torch_off", [])))

    def no_worse(i, e, g):
        if i not in off:
            return False
        try:
            # in ulps, or in absolute error (near a zero of the function, where an error of the
            # same size can be many ulps across the zero)
            return (close("ulp", dtype, e, off[i], ulps) or ulp_distance(dtype, e, g) <= ulp_distance(dtype, e, off[i])
                    or abs(dec(g) - dec(e)) <= abs(dec(off[i]) - dec(e)))
        except (OverflowError, ValueError):
            return False

    bad = [i for i, (x, y) in enumerate(zip(exp["values"], got["values"]))
           if not ok(x, y) and not (i in alt and ok(alt[i], y)) and not no_worse(i, x, y)]
    if not bad:
        return None
    other = dict(map(tuple, case.get("scalar_loop_diff", [])))
    lines = [f"{len(bad)} of {len(exp['values'])} values differ ({rule})"]
    for i in bad[:4]:
        extra = ""
        if i in other:
            extra = f" (torch's scalar loop gives {'ours' if ok(other[i], got['values'][i]) else other[i]})"
        if i in alt:
            extra += f" (torch is inaccurate here; also accepted: {alt[i]})"
        if i in off:
            extra += f" (torch is off here: {off[i]}{distance(dtype, exp['values'][i], off[i])})"
        lines.append(f"    [{i}] ({element_inputs(case, i)}): expected {exp['values'][i]}, got {got['values'][i]}"
                     f"{distance(dtype, exp['values'][i], got['values'][i]) if rule == 'ulp' else ''}{extra}")
    return "\n".join(lines)


def replay(cases, ulps):
    """The failures of a group of cases, one line (or a few) each."""
    failures = []
    for k, case in enumerate(cases):
        try:
            got = run_case(case)
        except AssertionError as e:          # the inputs could not be built
            failures.append(f"#{k} [{case['family']}] {describe_call(case)}: {e}")
            continue
        problem = compare(case, got, ulps)
        if problem:
            src = " (our definition: torch crashes here)" if case.get("source") == "ours" else ""
            failures.append(f"#{k} [{case['family']}] {describe_call(case)}{src}: {problem}")
    return failures


# ----------------------------------------------------------------------------- reporting
def describe_arg(desc):
    if desc is None:
        return "None"
    if "scalar" in desc:
        return repr(dec(desc["value"]))
    if "dtype_arg" in desc:
        return f"rt.{desc['dtype_arg']}"
    if "literal" in desc:
        return desc["literal"]
    if desc["shape"] == []:
        return f"rt.tensor({dec(desc['values'][0])!r}, dtype=rt.{desc['dtype']})"
    view = {"T": ".T", "step2": "[::2]"}.get(desc.get("view"), "")
    return f"<{desc['dtype']} {'x'.join(map(str, desc['shape']))}>{view}"


def describe_call(case):
    args = [describe_arg(a) for a in case["args"]]
    kw = [f"{k}={describe_arg(v) if v is None or isinstance(v, dict) else repr(v)}"
          for k, v in case.get("kwargs", {}).items()]
    if "out" in case:
        kw.append(f"out=<{case['out']['dtype']} {'x'.join(map(str, case['out']['shape']))}>")
    kind, op = case["call"], case["op"]
    if kind == "operator":
        if len(args) == 1:
            return f"{UNARY_SYMBOLS[case['symbol']]}({args[0]})"
        return f"{args[0]} {case['symbol']} {args[1]}"
    if kind == "function":
        return f"rt.{op}({', '.join(args + kw)})"
    suffix = "_" if kind == "inplace" else ""
    return f"{args[0]}.{op}{suffix}({', '.join(args[1:] + kw)})"


def element_inputs(case, i):
    """The inputs of element i of a 1-d case (for the failure message)."""
    parts = []
    for a in list(case["args"]) + list(case.get("kwargs", {}).values()):
        if a is None:
            parts.append("None")
        elif not isinstance(a, dict):
            parts.append(repr(a))
        elif "scalar" in a:
            parts.append(repr(dec(a["value"])))
        elif "dtype_arg" in a:
            parts.append(f"rt.{a['dtype_arg']}")
        elif "literal" in a:
            parts.append(a["literal"])
        elif a["shape"] == []:
            parts.append(repr(dec(a["values"][0])))
        elif len(a["shape"]) == 1 and "view" not in a and a["shape"][0] > i:
            parts.append(repr(dec(a["values"][i])))
        else:
            parts.append("...")
    return ", ".join(parts)


def _short(o):
    if "error" in o:
        t, msg = o["error"]
        return f"{t}({msg[:200]!r})"
    return f"{o['dtype']} {o['shape']}"
