"""python -m scripts.golden.numbers: torch 2.13's conversion of Python numbers into a tensor's
dtype where the op is no ops.yaml call the value goldens can state (setitem, where's number,
clamp's bound, full's fill value), recorded into tests/data/golden_numbers.json.gz for
tests/test_number_conversion.py (no torch there).

c10's checked conversion: an int may wrap into an unsigned type (-1 into uint8 is 255), a float
(or a complex's real part) must lie in the type's own range (-1.0 overflows uint8), nan and inf
overflow every integer type; where the number promotes the result (where, clamp), none is made.
Each row: [form, dtype, repr(number), outcome], the outcome [result dtype, [repr(element), ...]]
or [exception class, message]."""
from __future__ import annotations

import sys
import warnings

import torch

from . import ROOT
from golden_format import dump  # noqa: E402  (tests/ is on sys.path: scripts/golden/__init__.py)

PATH = ROOT / "tests" / "data" / "golden_numbers.json.gz"
DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "uint16", "uint32", "uint64", "float16", "bfloat16",
          "float32")
NUMBERS = (-1, -1.0, -0.5, 255.5, 256.0, 127.5, -128.5, 65535.5, 4294967296.0, 9.3e18, 1e19, 2.0 ** 64,
           float("nan"), float("inf"), float("-inf"), complex(-1, 0), complex(1, 0), 1j, 70000.0, 1e39)
FORMS = {
    "setitem": "x[0] = v; r = x",
    "where": "r = M.where(x > 0, x, v)",
    "clamp": "r = M.clamp(x, v)",
    "full": "r = M.full((3,), v, dtype=x.dtype)",
}


def outcome(M, form, dtype, v):
    ns = {"M": M, "v": v, "x": M.tensor([1, 2, 0]).to(getattr(M, dtype))}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(FORMS[form], ns)
    except Exception as e:  # noqa: BLE001 - recorded as the outcome
        return [type(e).__name__, str(e)]
    r = ns["r"]
    return [str(r.dtype).split(".")[-1], [repr(u) for u in r.tolist()]]


def rows(M):
    return [[form, d, repr(v), outcome(M, form, d, v)] for form in FORMS for d in DTYPES for v in NUMBERS]


def main():
    data = {"meta": {"torch": torch.__version__, "generator": "scripts/golden/numbers.py", "forms": FORMS},
            "rows": rows(torch)}
    raw = dump(PATH, data)
    print(f"{PATH.relative_to(ROOT)}: {len(data['rows'])} rows, {raw} bytes of JSON", file=sys.stderr)


if __name__ == "__main__":
    main()
