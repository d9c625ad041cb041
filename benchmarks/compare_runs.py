"""Two run.py tables side by side: our median time and the ratios against torch and NumPy, before and after.

    python benchmarks/compare_runs.py BEFORE.md AFTER.md [--slower 0.9]

BEFORE.md and AFTER.md are `benchmarks/run.py --markdown` outputs (say, of two commits built in two
worktrees and run one after the other on the same machine).  Every case present in both is listed;
a case whose ratio against torch fell below `--slower` times its old value is marked, and the exit
status is 1 when any is, so that a build change can be checked against the kernels it compiles.
"""
from __future__ import annotations

import argparse
import sys


def cases(path):
    """{(case, threads): (our median time, vs torch, vs numpy)} from a run.py Markdown table."""
    out = {}
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[1].isdigit():
            out[(cells[0], cells[1])] = (cells[2].split(" (")[0], cells[6], cells[7])
    return out


def ratio(text):
    try:
        return float(text.rstrip("x"))
    except ValueError:
        return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--slower", type=float, default=0.9, help="mark a torch ratio below this fraction of the old one")
    args = ap.parse_args(argv)
    before, after = cases(args.before), cases(args.after)
    print("| case | thr | ours before | after | vs torch before | after | vs numpy before | after |")
    print("|---|---|---|---|---|---|---|---|")
    marked = 0
    for key, (ms0, t0, n0) in before.items():
        if key not in after:
            continue
        ms1, t1, n1 = after[key]
        r0, r1 = ratio(t0), ratio(t1)
        slower = r0 is not None and r1 is not None and r1 < args.slower * r0
        marked += slower
        print(f"| {key[0]} | {key[1]} | {ms0} | {ms1} | {t0} | {t1}{' **slower**' if slower else ''} | {n0} | {n1} |")
    print(f"\n{len([k for k in before if k in after])} cases in both; {marked} below {args.slower} x their old ratio against torch")
    return 1 if marked else 0


if __name__ == "__main__":
    sys.exit(main())
