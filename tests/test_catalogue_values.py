"""Catalogue value goldens: every case of tests/data/catalogue_golden.json.gz (made by
scripts/make_catalogue_golden.py from torch 2.13's vectorised loops) replayed through the
runtime.  No torch here.

Each group (op variant, operand dtypes) carries its comparison rule:

  exact   the same result dtype and shape and the same values bit for bit (NaN equals NaN
          whatever its sign or payload; +0.0 and -0.0 differ), or the same exception type
          and message.
  ulp     the same dtype, shape and exceptions; values within meta["ulp"][dtype] units in the
          last place of the result's format (1 for float32/float64, 2 for float16/bfloat16,
          counted in the 16-bit format).  Complex results per component, in the component's
          format, where a component may also differ by up to 1 ulp of the complex value's
          magnitude (for components near zero).  NaN must be NaN and an infinity the same
          infinity; a real zero must be the same signed zero (complex components: the
          absolute tolerance covers them); distances are counted on the ordered line of the
          format's values, where -0.0 and +0.0 are one point.

Elements where torch itself is inaccurate (SLEEF sinh/cosh overflow, MKL's sqrt, ...) are
not in the data: scripts/make_catalogue_golden.py's EXCLUDED list, meta["excluded"].

In-place calls (methods and operators) must return self.  A failure lists the differing
cases with the inputs of their first differing elements.  The elements torch cannot
evaluate (lcm(INT_MIN, +-INT_MAX) on int32/int64 dies with SIGFPE in torch) are checked
in a child process: the runtime must survive them.
"""
from __future__ import annotations

import gzip
import json
import operator
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import runtime as rt
from golden_format import close, dec, distance, enc, flatten

DATA = Path(__file__).parent / "data" / "catalogue_golden.json.gz"
with gzip.open(DATA, "rt") as _f:
    GOLDEN = json.load(_f)
GROUPS = GOLDEN["groups"]
ULPS = GOLDEN["meta"]["ulp"]

OPERATORS = {"%": operator.mod, "&": operator.and_, "|": operator.or_, "^": operator.xor,
             "<<": operator.lshift, ">>": operator.rshift, "~": operator.invert, "pos": operator.pos,
             "neg": operator.neg, "abs": operator.abs,
             "%=": operator.imod, "&=": operator.iand, "|=": operator.ior, "^=": operator.ixor,
             "<<=": operator.ilshift, ">>=": operator.irshift}
INPLACE_SYMBOLS = {"%=", "&=", "|=", "^=", "<<=", ">>="}
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
    return t


def make_arg(desc):
    if "scalar" in desc:
        return dec(desc["value"])
    return make_tensor(desc)


def run_case(case):
    """The runtime's outcome for a case, in the golden's form."""
    args = [make_arg(a) for a in case["args"]]
    kwargs = {k: (make_arg(v) if isinstance(v, dict) else v) for k, v in case.get("kwargs", {}).items()}
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
    return {"dtype": r.dtype.name, "shape": list(r.shape), "values": [enc(v) for v in flatten(r.tolist())]}


# ----------------------------------------------------------------------------- reporting
def describe_arg(desc):
    if "scalar" in desc:
        return repr(dec(desc["value"]))
    return f"<{desc['dtype']} {'x'.join(map(str, desc['shape']))}>"


def describe_call(case):
    args = [describe_arg(a) for a in case["args"]]
    kw = [f"{k}={describe_arg(v) if isinstance(v, dict) else repr(v)}" for k, v in case.get("kwargs", {}).items()]
    call, op = case["call"], case["op"]
    if call == "operator":
        sym = case["symbol"]
        if len(args) == 1:
            return f"{ {'~': '~', 'pos': '+', 'neg': '-', 'abs': 'abs'}[sym]}({args[0]})"
        return f"{args[0]} {sym} {args[1]}"
    if call == "function":
        return f"rt.{op}({', '.join(args + kw)})"
    suffix = "_" if call == "inplace" else ""
    return f"{args[0]}.{op}{suffix}({', '.join(args[1:] + kw)})"


def element_inputs(case, i):
    parts = []
    for a in case["args"]:
        if "scalar" in a:
            parts.append(repr(dec(a["value"])))
        elif a["shape"][0] > i:
            parts.append(repr(dec(a["values"][i])))
        else:
            parts.append("...")
    return ", ".join(parts)


def _short(o):
    if "error" in o:
        t, msg = o["error"]
        return f"{t}({msg[:160]!r})"
    return f"{o['dtype']} {o['shape']}"


def compare(rule, case, got):
    exp = case["expect"]
    if "error" in exp or "error" in got:
        return None if got == exp else f"expected {_short(exp)}, got {_short(got)}"
    if got["dtype"] != exp["dtype"] or got["shape"] != exp["shape"]:
        return f"expected {exp['dtype']} {exp['shape']}, got {got['dtype']} {got['shape']}"
    if len(exp["values"]) != len(got["values"]):
        return f"expected {len(exp['values'])} values, got {len(got['values'])}"
    dtype = exp["dtype"]
    bad = [i for i, (x, y) in enumerate(zip(exp["values"], got["values"])) if not close(rule, dtype, x, y, ULPS)]
    if not bad:
        return None
    other = dict(map(tuple, case.get("strided_diff", [])))
    lines = [f"{len(bad)} of {len(exp['values'])} values differ ({rule})"]
    for i in bad[:4]:
        extra = ""
        if i in other:
            same = close(rule, dtype, other[i], got["values"][i], ULPS)
            extra = f" (torch's strided loop gives {'ours' if same else other[i]})"
        lines.append(f"    [{i}] ({element_inputs(case, i)}): expected {exp['values'][i]}, got {got['values'][i]}"
                     f"{distance(dtype, exp['values'][i], got['values'][i]) if rule == 'ulp' else ''}{extra}")
    return "\n".join(lines)


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_catalogue_values(group):
    rule, cases = GROUPS[group]["rule"], GROUPS[group]["cases"]
    failures = []
    for k, case in enumerate(cases):
        try:
            got = run_case(case)
        except AssertionError as e:          # the inputs could not be built
            failures.append(f"#{k} [{case['family']}] {describe_call(case)}: {e}")
            continue
        problem = compare(rule, case, got)
        if problem:
            failures.append(f"#{k} [{case['family']}] {describe_call(case)}: {problem}")
    if failures:
        shown = "\n".join(failures[:6])
        more = f"\n... and {len(failures) - 6} more" if len(failures) > 6 else ""
        pytest.fail(f"{len(failures)} of {len(cases)} cases differ from torch:\n{shown}{more}", pytrace=False)


_CRASH_PROBE = textwrap.dedent("""
    import json, sys
    import runtime as rt
    for c in json.loads(sys.stdin.read()):
        args = [x["value"] if "scalar" in x else rt.tensor(x["values"], dtype=getattr(rt, x["dtype"]))
                for x in c["args"]]
        r = getattr(rt, c["op"])(*args)
        print(c["op"], args, r.dtype.name, r.tolist(), flush=True)
""")


@pytest.mark.parametrize("crash", GOLDEN["meta"]["torch_crashes"],
                         ids=lambda c: f"{c['variant']}[{','.join(a.get('dtype', 'py') for a in c['args'])}]")
def test_torch_crash_inputs_do_not_kill_the_process(crash):
    """torch dies (SIGFPE) on these elements, so there is no value to compare; the runtime,
    which defines INT_MIN / -1 instead of trapping (README), must at least return."""
    proc = subprocess.run([sys.executable, "-c", _CRASH_PROBE], input=json.dumps([crash]), text=True,
                          capture_output=True, cwd=Path(__file__).resolve().parent.parent, timeout=120)
    assert proc.returncode == 0, (f"{crash['variant']} on {[a.get('values', a.get('value')) for a in crash['args']]} "
                                  f"({crash['args'][0]['dtype']}) killed the process: return code "
                                  f"{proc.returncode}\n{proc.stderr[-500:]}")


def test_golden_file_is_current():
    meta = GOLDEN["meta"]
    assert meta["torch"].startswith("2.13")
    assert meta["cases"] == sum(len(g["cases"]) for g in GROUPS.values())
    assert {g["rule"] for g in GROUPS.values()} <= {"exact", "ulp"}
    assert DATA.stat().st_size < 1_000_000
