"""Float tables of csrc/verf16_tables.h (issue 17, branch erf17): float-lane erf and Q = ndtr(-a).

    python scripts/verf16_fit.py > csrc/verf16_tables.h

Each table is 32 intervals; interval i is a polynomial in s in [-1/2, 1/2] (a = (i + 1/2 + s) w)
(interval 0: a = s w, s in [0, 1]) whose coefficients of degree 0 to 2 are float pairs (hi, lo) and the rest floats, laid out as
columns T[k][i]: k = 0..2 c0..c2 hi, 3..5 c0..c2 lo, 6.. c3.. (the block sums c0h + c1h s +
c2h s^2 exactly and the bracket c0l + s (c1l + s (c2l + s (c3 + ...))) in float).
Fit: least squares (relative) at Chebyshev nodes in 40 digits, then c2, c3, c4, ... rounded to
float one at a time, the coefficients not yet rounded refitted after each: c2's lo is 0 (the
block does not load it).
erf: G(a) = erf(a) / a on [0, 4), w = 1/8 (erf = a G: relative accuracy down to a = 0).
gelu: M(a) = e^(a^2 / 2) Q(a) on [0, 8) (gelu_intervals: w = 1/8 to 2, 1/4 to 4, 1/2 to 8), Q(a) = erfc(a / sqrt 2) / 2 (ndtr(-a) = Q(a) =
e^(-a^2 / 2) M(a): M is smooth where Q decays; gelu(x) = x - x Q(x), or x Q(-x) for x < 0).
exp2: 2^(j / 32) for j = 0..31 as float pairs (row 0 hi, row 1 lo), for e^(-a^2 / 2).
python scripts/verf16_fit.py erf|erfinv|gelu [degree] prints one table."""
import struct
import sys

import mpmath as mp

mp.mp.dps = 40


def f32(v):
    return struct.unpack("<f", struct.pack("<f", float(v)))[0]


def nodes(n, lo, hi):
    return [(lo + hi) / 2 + mp.cos(mp.pi * (k + mp.mpf(1) / 2) / n) * (hi - lo) / 2 for k in range(n)]


def lsq(f, fixed, free, xs):
    """The free powers' coefficients minimising the relative error of f - sum(fixed)."""
    a = mp.matrix([[x ** j / f(x) for j in free] for x in xs])
    b = mp.matrix([(f(x) - sum(c * x ** j for j, c in fixed.items())) / f(x) for x in xs])
    sol, _ = mp.qr_solve(a, b)
    return {j: sol[k] for k, j in enumerate(free)}


def fit(f, deg, lo, hi):
    xs = nodes(4 * deg, lo, hi)
    c = lsq(f, {}, list(range(deg + 1)), xs)
    fixed = {}
    for k in [2] + list(range(3, deg + 1)):
        fixed[k] = mp.mpf(f32(c[k]))
        free = [j for j in range(deg + 1) if j not in fixed]
        if free:
            c.update(lsq(f, fixed, free, xs))
    c.update(fixed)
    hi = [f32(c[k]) for k in range(3)]
    return hi + [f32(c[k] - hi[k]) for k in range(3)] + [f32(c[k]) for k in range(3, deg + 1)]


def worst(f, cols, lo, hi):
    c = [mp.mpf(cols[k]) + mp.mpf(cols[k + 3]) for k in range(3)] + [mp.mpf(v) for v in cols[6:]]
    e = 0
    for k in range(201):
        s = lo + (hi - lo) * mp.mpf(k) / 200
        p = mp.mpf(0)
        for v in reversed(c):
            p = p * s + v
        e = max(e, abs(p / f(s) - 1))
    return e


def chex(v):
    """v's C float literal, without float.hex's trailing zeros."""
    m, e = float.hex(v).split("p")
    return (m.rstrip("0").rstrip(".") if "." in m else m) + "p" + e + "f"


def G(a):
    return mp.erf(a) / a if a else 2 / mp.sqrt(mp.pi)


def uniform(fn, w, centered=False):
    """32 intervals of width w from 0: interval i > 0 a = (i + 1/2 + s) w; interval 0 is s = a / w in
    [0, 1] (no offset: s exact down to a = 0), or like the others if centered (halves the reach
    of s, so the float tail s^3 (c3 + ...) errs 8 times less)."""
    out = []
    for i in range(32):
        off, lo, hi = (i + mp.mpf(1) / 2, -mp.mpf(1) / 2, mp.mpf(1) / 2) if i or centered else (0, 0, mp.mpf(1))
        out.append((lambda s, off=off: fn((off + s) * w), lo, hi))
    return out


def erfinv(y):
    return mp.erfinv(y)


def gelu_m(a):
    return mp.exp(a * a / 2) * mp.erfc(a / mp.sqrt(2)) / 2


def gelu_intervals():
    """M: intervals 0-15 of width 1/8 on [0, 2), 16-23 of width 1/4 on [2, 4), 24-31 of width 1/2
    on [4, 8), each centered (a = base + (i' + 1/2 + s) w): the float tail s^3 (c3 + ...) stays
    near 2^-13 of M where width 1/4 near 0 would leave it at 2^-11."""
    half = mp.mpf(1) / 2
    out = uniform(gelu_m, mp.mpf(1) / 8, centered=True)[:16]
    for base, w in ((2, mp.mpf(1) / 4), (4, half)):
        for i in range(8):
            out.append((lambda s, i=i, base=base, w=w: gelu_m(base + (i + half + s) * w), -half, half))
    return out


def exp2_pairs():
    """2^(j/32), j = 0..31, as float pairs: the table of e^(-z) = 2^(-n/32) e^(-r)."""
    hi = [f32(mp.mpf(2) ** (mp.mpf(j) / 32)) for j in range(32)]
    lo = [f32(mp.mpf(2) ** (mp.mpf(j) / 32) - h) for j, h in enumerate(hi)]
    return "\n".join(["/* ew_verf16_exp2: 2^(j / 32) = row 0 + row 1 (hi, lo) */",
                       "static const float ew_verf16_exp2[2][32] __attribute__((aligned(64))) = {",
                       "    {" + ", ".join(chex(v) for v in hi) + "},",
                       "    {" + ", ".join(chex(v) for v in lo) + "},", "};"])


def erfinv_intervals():
    """erfinv: intervals 0-7 K(a) = erfinv(a) / a for a in [0, 1/2) (width 1/16, as uniform());
    8-31 erfinv(1 - t) for t = 1 - a in [2^-7, 2^-1): quarters of t's binades, binade [2^-2-b,
    2^-1-b) quarter q is interval 8 + 4b + q, t = 2^(-2-b) (4 + q + 1/2 + s) / 4."""
    k = lambda a: mp.erfinv(a) / a if a else mp.sqrt(mp.pi) / 2   # noqa: E731
    out = uniform(k, mp.mpf(1) / 16)[:8]
    for b in range(6):
        for q in range(4):
            out.append((lambda s, b=b, q=q: mp.erfinv(1 - mp.mpf(2) ** (-2 - b) * (4 + q + mp.mpf(1) / 2 + s) / 4),
                        -mp.mpf(1) / 2, mp.mpf(1) / 2))
    return out


def table(name, intervals, deg):
    rows, err = [], 0
    for i, (f, lo, hi) in enumerate(intervals):
        cols = fit(f, deg, lo, hi)
        e = worst(f, cols, lo, hi)
        print(f"{name} {i}: 2^{float(mp.log(e, 2)):.1f}", file=sys.stderr)
        err = max(err, e)
        rows.append(cols)
    out = [f"/* {name}: degree {deg}, worst relative error of the coefficients 2^{float(mp.log(err, 2)):.1f} */",
           f"static const float {name}[{deg + 4}][32] __attribute__((aligned(64))) = {{"]
    for k in range(deg + 4):
        out.append("    {" + ", ".join(chex(r[k]) for r in rows) + "},")
    out.append("};")
    return "\n".join(out)


if __name__ == "__main__":
    which = sys.argv[1:2] or ["all"]
    deg = int(sys.argv[2]) if len(sys.argv) > 2 else None
    print("/* Generated by scripts/verf16_fit.py: column k of interval i is T[k][i]. */")
    if which[0] in ("erf", "all"):
        print(table("ew_verf16_erf", uniform(G, mp.mpf(1) / 8), deg or 6))
    if which[0] in ("erfinv", "all"):
        print(table("ew_verf16_erfinv", erfinv_intervals(), deg or 8))
    if which[0] in ("gelu", "all"):
        print(table("ew_verf16_gelu", gelu_intervals(), deg or 7))
        print(exp2_pairs())
