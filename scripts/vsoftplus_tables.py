"""Print the coefficient tables of csrc/vlogc.c's softplus and logaddexp2 blocks (issue 17, soft17).

    python scripts/vsoftplus_tables.py        # needs mpmath; prints C to paste into csrc/vlogc.c

f(a) = log1p(e^-a) (softplus) and g(d) = log2(1 + 2^-d) (logaddexp2) on [0, 7.75] as 16 pieces
centred on j/2 (|t| <= 1/4, t = a - j/2): a polynomial in t per piece, Chebyshev interpolation
(mpmath chebyfit), rounded to double.  Their nearest singularities are at a = +-i pi (d = +-i pi
/ ln 2), so a quarter-wide piece needs degree 8 (f) and 7 (g) for a relative error below 2^-41.
Prints each table as DEG + 1 rows of 16 doubles (the coefficient of t^k for the 16 pieces) and
the largest relative error over 400 points a piece.  g's first piece takes g(0) = 1 exactly, so
that the block's equal operands (whose exact x + 1 is often a float midpoint) need no rounding test.
"""
import mpmath as mp

mp.mp.prec = 150
LN2 = mp.log(2)
FUNCS = (("SP", lambda a: mp.log1p(mp.exp(-a)), 8),
         ("LA2", lambda d: mp.log1p(mp.power(2, -d)) / LN2, 7))


def fit(f, deg):
    rows = [[0.0] * 16 for _ in range(deg + 1)]
    worst = mp.mpf(0)
    for j in range(16):
        c = mp.mpf(j) / 2
        poly, _ = mp.chebyfit(lambda t: f(c + t), [-0.25, 0.25], deg + 1, error=True)
        coef = [float(x) for x in reversed(poly)]           # t^0 first, rounded to double
        if j == 0 and f(mp.mpf(0)) == 1:
            coef[0] = 1.0       # g(0) = 1 exactly: logaddexp2(x, x) = x + 1 with no error bound
        for k in range(deg + 1):
            rows[k][j] = coef[k]
        for i in range(401):
            t = mp.mpf(i - 200) / 800
            p = mp.mpf(0)
            for k in reversed(range(deg + 1)):
                p = p * t + mp.mpf(coef[k])
            worst = max(worst, abs(p / f(c + t) - 1))
    return rows, worst


for name, f, deg in FUNCS:
    rows, worst = fit(f, deg)
    print(f"/* {name}: degree {deg}, largest relative error 2^{float(mp.log(worst, 2)):.1f} */")
    print(f"static const double EW_VL_{name}_C[{deg + 1}][16] = {{")
    for k, row in enumerate(rows):
        print("    {" + ", ".join(float.hex(x) for x in row) + "}" + ("," if k < deg else ""))
    print("};")
