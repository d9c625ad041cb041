"""The value goldens' generator: torch 2.13 (the oracle) runs every case, and the outcomes
are written to tests/data/golden_<set>.json.gz in the one format of tests/golden_format.py.

    python -m scripts.golden                 # every set (needs torch 2.13 (CPU) and mpmath)
    python -m scripts.golden arithmetic      # one set

One module per set of ops (arithmetic, unary_binary, powers_ternary), each listing its cases;
what they share (operand descriptors, edge values, running a case in torch, the group keys)
is in common.py and oracle.py.  Deterministic: each set draws its random values from its
own seeded generator, and a rerun on the same torch writes the same bytes.

`python -m scripts.golden.minifloat` writes tests/data/golden_minifloat.json.gz, torch's float8
conversions and ops as raw bytes (its own layout, documented there; tests/test_minifloat.py).

tests/data/torch_golden.json.gz (outcome dtypes and errors, not values) is not made here:
it is a verbatim copy of shared/reference/torch_golden.json.gz (torch_probe.py).
"""
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

# torch's kernels differ in the last bit between CPUs: its SIMD dispatch (AVX2 or AVX512) and
# MKL's own (vsSqrt is not correctly rounded, and not in the same places on every CPU).  Pin
# both before torch is imported, so that the data does not depend on the machine that made it.
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
os.environ.setdefault("MKL_CBWR", "COMPATIBLE")

# The format (encoding, tolerance, file writing) lives in tests/golden_format.py, shared with
# the replay; tests/ is no package, so put it on the path.
sys.path.insert(0, str(ROOT / "tests"))
