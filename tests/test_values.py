"""Value goldens: every case of tests/data/values_golden.json.gz (made by
scripts/make_value_golden.py from torch 2.13) replayed through the runtime, bit-exact.

Same result dtype and shape and the same values (NaN equals NaN whatever its sign or
payload, +0.0 and -0.0 differ), or the same exception type and message.  In-place calls
must return self, out= calls the out tensor.  One test per (op variant, operand dtypes)
group; a failure lists the differing cases with the inputs of their first differing
elements.  Cases with source "ours" are our library's definition where torch has none
(INT_MIN / -1 with rounding_mode='trunc' crashes torch).  No torch here.
"""
from __future__ import annotations

import gzip
import json
import operator
from pathlib import Path

import pytest

import runtime as rt
from golden_format import dec, enc, flatten

DATA = Path(__file__).parent / "data" / "values_golden.json.gz"
with gzip.open(DATA, "rt") as _f:
    GOLDEN = json.load(_f)
GROUPS = GOLDEN["groups"]

OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
             "//": operator.floordiv, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
             "<=": operator.le, ">": operator.gt, ">=": operator.ge, "neg": operator.neg, "abs": operator.abs,
             "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
             "//=": operator.ifloordiv}
INPLACE_SYMBOLS = {"+=", "-=", "*=", "/=", "//="}
_INT64_MAX = (1 << 63) - 1


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
    if "scalar" in desc:
        return dec(desc["value"])
    return make_tensor(desc)


def broadcast_shape(args):
    return tuple(rt.broadcast_shapes(*(tuple(a.shape) for a in args if isinstance(a, rt.Tensor))))


def run_case(case):
    """The runtime's outcome for a case, in the golden's form."""
    args = [make_arg(a) for a in case["args"]]
    kwargs = {k: (make_arg(v) if isinstance(v, dict) else v) for k, v in case.get("kwargs", {}).items()}
    out = None
    if case.get("out"):
        out = kwargs["out"] = rt.empty(broadcast_shape(args), dtype=getattr(rt, case["out"]))
    call, op = case["call"], case["op"]
    try:
        if call == "function":
            r = getattr(rt, op)(*args, **kwargs)
        elif call == "method":
            r = getattr(args[0], op)(*args[1:], **kwargs)
        elif call == "inplace":
            r = getattr(args[0], op + "_")(*args[1:], **kwargs)
        else:
            r = OPERATORS[case["symbol"]](*args)
    except Exception as e:  # noqa: BLE001 - every exception is an outcome
        return {"error": [type(e).__name__, str(e)]}
    if (call == "inplace" or case.get("symbol") in INPLACE_SYMBOLS) and r is not args[0]:
        return {"error": ["<test>", "the in-place call did not return self"]}
    if out is not None and r is not out:
        return {"error": ["<test>", "the out= call did not return out"]}
    return {"dtype": r.dtype.name, "shape": list(r.shape), "values": [enc(v) for v in flatten(r.tolist())]}


# ----------------------------------------------------------------------------- reporting
def describe_arg(desc):
    if "scalar" in desc:
        return repr(dec(desc["value"]))
    shape = "x".join(map(str, desc["shape"])) or "0-dim"
    view = {"T": ".T", "step2": "[::2]"}.get(desc.get("view"), "")
    return f"<{desc['dtype']} {shape}>{view}"


def describe_call(case):
    args = [describe_arg(a) for a in case["args"]]
    kw = []
    for k, v in case.get("kwargs", {}).items():
        kw.append(f"{k}={describe_arg(v) if isinstance(v, dict) else repr(v)}")
    if case.get("out"):
        kw.append(f"out=<{case['out']}>")
    call, op = case["call"], case["op"]
    if call == "operator":
        sym = case["symbol"]
        if sym in ("neg", "abs"):
            return f"{'-' if sym == 'neg' else 'abs'}({args[0]})"
        return f"{args[0]} {sym} {args[1]}"
    if call == "function":
        return f"rt.{op}({', '.join(args + kw)})"
    suffix = "_" if call == "inplace" else ""
    return f"{args[0]}.{op}{suffix}({', '.join(args[1:] + kw)})"


def element_inputs(case, i):
    """The inputs of element i of a 1-d case (for the failure message)."""
    parts = []
    for a in case["args"]:
        if "scalar" in a:
            parts.append(repr(dec(a["value"])))
        elif len(a["shape"]) == 1 and "view" not in a and a["shape"][0] > i:
            parts.append(repr(dec(a["values"][i])))
        elif a["shape"] == []:
            parts.append(repr(dec(a["values"][0])))
        else:
            parts.append("...")
    return ", ".join(parts)


def compare(case, got):
    exp = case["expect"]
    if "error" in exp or "error" in got:
        if got != exp:
            return f"expected {_short(exp)}, got {_short(got)}"
        return None
    if got["dtype"] != exp["dtype"] or got["shape"] != exp["shape"]:
        return f"expected {exp['dtype']} {exp['shape']}, got {got['dtype']} {got['shape']}"
    bad = [i for i, (x, y) in enumerate(zip(exp["values"], got["values"])) if x != y]
    if len(exp["values"]) != len(got["values"]):
        return f"expected {len(exp['values'])} values, got {len(got['values'])}"
    if not bad:
        return None
    small = dict(map(tuple, case.get("small_diff", [])))
    lines = [f"{len(bad)} of {len(exp['values'])} values differ"]
    for i in bad[:4]:
        extra = ""
        if i in small:
            same = small[i] == got["values"][i]
            extra = f" (torch's small-tensor path gives {'the same as ours' if same else small[i]})"
        lines.append(f"    [{i}] ({element_inputs(case, i)}): "
                     f"expected {exp['values'][i]}, got {got['values'][i]}{extra}")
    return "\n".join(lines)


def _short(o):
    if "error" in o:
        t, msg = o["error"]
        return f"{t}({msg[:160]!r})"
    return f"{o['dtype']} {o['shape']}"


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_values(group):
    cases = GROUPS[group]
    failures = []
    for k, case in enumerate(cases):
        try:
            got = run_case(case)
        except AssertionError as e:          # the inputs could not be built
            failures.append(f"#{k} [{case['family']}] {describe_call(case)}: {e}")
            continue
        problem = compare(case, got)
        if problem:
            src = " (our definition: torch crashes here)" if case.get("source") == "ours" else ""
            failures.append(f"#{k} [{case['family']}] {describe_call(case)}{src}: {problem}")
    if failures:
        shown = "\n".join(failures[:6])
        more = f"\n... and {len(failures) - 6} more" if len(failures) > 6 else ""
        pytest.fail(f"{len(failures)} of {len(cases)} cases differ from torch:\n{shown}{more}", pytrace=False)


def test_golden_file_is_current():
    meta = GOLDEN["meta"]
    assert meta["torch"].startswith("2.13")
    assert meta["cases"] == sum(len(c) for c in GROUPS.values())
    assert DATA.stat().st_size < 1_000_000
