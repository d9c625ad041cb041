"""Decide scripts/vpow_scalar_sweep.c's differences with mpmath: for each "DIFF bits x block elem"
line, which of the two is x ** y correctly rounded to float32 (y from the sweep's last line).

    python scripts/vpow_scalar_check.py Y < sweep_output.txt
"""
import struct
import sys

import mpmath

mpmath.mp.prec = 300


def f32_of(v):
    """The float32 nearest an mpmath value (ties to even), subnormals included."""
    if v == 0:
        return 0.0
    lo = abs(v)
    e = max(int(mpmath.floor(mpmath.log(lo, 2))), -126)
    q = lo / mpmath.mpf(2) ** (e - 23)
    n = int(mpmath.floor(q))
    r = q - n
    if r > 0.5 or (r == 0.5 and n % 2):
        n += 1
    out = float(mpmath.mpf(n) * mpmath.mpf(2) ** (e - 23))
    return out if v > 0 else -out


def main():
    y = struct.unpack("<f", struct.pack("<f", float(sys.argv[1])))[0]
    counts = {"block": 0, "elem": 0, "neither": 0, "nan": 0}
    for line in sys.stdin:
        if not line.startswith("DIFF") or len(line.split()) != 5:
            continue
        _, _, x, b, e = line.split()
        x, b, e = (float.fromhex(v) if "nan" not in v else float("nan") for v in (x, b, e))
        if b != b or e != e:
            counts["nan"] += 1
            continue
        want = f32_of(mpmath.power(mpmath.mpf(x), mpmath.mpf(y))) if x > 0 or y == int(y) else None
        key = "block" if want == b else "elem" if want == e else "neither"
        counts[key] += 1
        if key != "block":
            print("NOT BLOCK", line.strip(), want)
    print(f"y {y}: correctly rounded: block {counts['block']}, element {counts['elem']}, neither {counts['neither']}; nan bits {counts['nan']}")


if __name__ == "__main__":
    main()
