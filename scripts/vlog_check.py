"""Decide the sweep's open cases by mpmath (scripts/vlog_sweep.c, issue 17, branch vlog).

    /tmp/vlog_sweep 0 > log.txt; python scripts/vlog_check.py 0 log.txt     # 0..3: log, log2, log10, log1p

Every "REF x got ref" line (the element function and the long double result disagree) and every
"LD x got" line (the element function's result came from long double) is checked against the
correctly rounded float32 of mpmath's value at 200 bits; prints the wrong ones and the counts."""
import sys

import mpmath as mp

FUNCS = (mp.log, lambda v: mp.log(v, 2), mp.log10, mp.log1p)


def rounded(v):
    """v correctly rounded to float32 (24 bits; the results here are normal floats)."""
    with mp.workprec(24):
        return float(+v)


def main(which, path):
    mp.mp.prec = 200
    f = FUNCS[which]
    checked = wrong = 0
    for line in open(path):
        parts = line.split()
        if len(parts) < 3 or parts[0] not in ("REF", "LD") or not line.endswith("\n"):
            continue                     # (a sweep still running leaves its last line cut)
        x, got = float.fromhex(parts[1]), float.fromhex(parts[2])
        want = rounded(f(mp.mpf(x)))
        checked += 1
        if want != got:
            wrong += 1
            print("WRONG", parts[1], got.hex(), want.hex())
    print(f"which {which}: {checked} open cases checked by mpmath, {wrong} not correctly rounded")
    return wrong


if __name__ == "__main__":
    sys.exit(1 if main(int(sys.argv[1]), sys.argv[2]) else 0)
