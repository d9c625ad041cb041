"""Python numbers converted into a tensor's dtype (setitem, where's number, clamp's bound, full's
fill value) as torch 2.13 does (tests/data/golden_numbers.json.gz, written by
`python -m scripts.golden.numbers`): an int may wrap into an unsigned type, a float must lie in an
integer type's own range (c10's checked conversion)."""
import math
import warnings
from pathlib import Path

import runtime as rt
from golden_format import load

DATA = Path(__file__).parent / "data" / "golden_numbers.json.gz"


def outcome(form, dtype, v):
    ns = {"M": rt, "v": v, "x": rt.tensor([1, 2, 0]).to(getattr(rt, dtype))}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(load(DATA)["meta"]["forms"][form], ns)
    except Exception as e:  # noqa: BLE001 - compared with torch's
        return [type(e).__name__, str(e)]
    r = ns["r"]
    return [r.dtype.name, [repr(u) for u in r.tolist()]]


def test_numbers_into_dtypes():
    bad = []
    for form, dtype, text, want in load(DATA)["rows"]:
        v = eval(text, {"nan": math.nan, "inf": math.inf})
        got = outcome(form, dtype, v)
        if got != want:
            bad.append(f"{form} {dtype} {text}: got {got}, torch {want}")
    assert not bad, f"{len(bad)} differ:\n" + "\n".join(bad[:30])
