"""Benchmark: tensor creation (arange, full, tensor() from Python lists) against torch and NumPy,
in one process, the libraries taking turns inside every repeat.

    python benchmarks/creation.py                  # 10M elements, 7 repeats
    python benchmarks/creation.py --n 1000000 --repeat 3

Reported: the median time of each library and our speed-up over it (its median divided by
ours: > 1 means we are faster).  Before timing, each case's result is compared with torch's."""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import runtime as rt  # noqa: E402

try:
    import numpy as np
except ImportError:   # pragma: no cover
    np = None
try:
    import torch
except ImportError:   # pragma: no cover
    torch = None


def cases(n):
    floats = [0.5 + i % 7 for i in range(n)]
    ints = list(range(n))
    nested = [floats[i:i + 100] for i in range(0, n - n % 100, 100)]
    return {
        "arange(n)": lambda m: m.arange(n),
        "arange(0., n, 1.) float32": lambda m: m.arange(0.0, float(n), 1.0),
        "arange(0, 1, 1/n, dtype=float64)": lambda m: m.arange(0, 1, 1 / n, dtype=m.float64),
        "full((n,), 1.5)": lambda m: m.full((n,), 1.5),
        "tensor(list of n floats)": lambda m: (m.array if m is np else m.tensor)(floats),
        "tensor(list of n ints)": lambda m: (m.array if m is np else m.tensor)(ints),
        "tensor(n/100 lists of 100 floats)": lambda m: (m.array if m is np else m.tensor)(nested),
    }


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=10_000_000)
    p.add_argument("--repeat", type=int, default=7)
    args = p.parse_args(argv)
    libs = {"ours": rt, "torch": torch, "numpy": np}
    libs = {k: v for k, v in libs.items() if v is not None}
    print(f"n = {args.n:,}, {args.repeat} repeats, median seconds (speed-up = their time / ours)")
    print(f"| case | {' | '.join(libs)} | " + " | ".join(f"vs {k}" for k in libs if k != "ours") + " |")
    print("|---" * (2 * len(libs)) + "|")
    for name, make in cases(args.n).items():
        if torch is not None:
            ours, theirs = make(rt), make(torch)
            assert ours.tolist() == theirs.tolist() and str(ours.dtype)[8:] == str(theirs.dtype)[6:], name
        times = {k: [] for k in libs}
        for _ in range(args.repeat):
            for k, m in libs.items():
                start = time.perf_counter()
                r = make(m)
                times[k].append(time.perf_counter() - start)
                del r
        med = {k: statistics.median(v) for k, v in times.items()}
        print(f"| {name} | " + " | ".join(f"{med[k]:.4f}" for k in libs) + " | "
              + " | ".join(f"{med[k] / med['ours']:.2f}x" for k in libs if k != "ours") + " |")


if __name__ == "__main__":
    main()
