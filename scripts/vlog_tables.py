"""Print the tables and polynomials of csrc/vlog.h (float32 log, log2, log10; issue 17, branch vlog).

    python scripts/vlog_tables.py          # needs mpmath; prints C to paste into csrc/vlog.h
                                           # (the double tables) and csrc/vlogc.c (the float ones)

Two evaluations share the split x = 2^k m, m in [0.69921875, 1.3984375) (musl's logf offset):
- the float one (the AVX-512 block functions): m's top 5 mantissa bits pick 1/c, a multiple of
  1/32 (c = 1 around 1), so that z = m/c - 1 is exact in one float fma (|z| < 2^-5: z is a
  multiple of 2^-29 with at most 24 bits); log c is a float pair (hi, lo) per base; log1p z =
  z - z^2/2 + z^3 R(z), R of degree 3 fitted to R's absolute error (Lawson's iterations);
- the double one (the element functions, and the lanes the float one leaves): top 4 bits pick
  1/c in double (the interval's midpoint), log1p z = z + z^2 Q(z), Q of degree 5.
"""
import struct

import mpmath as mp

mp.mp.prec = 120
OFF_F = 0x3F330000
LN2, LN10 = mp.log(2), mp.log(10)
BASES = (("E", mp.mpf(1)), ("2", LN2), ("10", LN10))


def f32(x):
    return struct.unpack("<f", struct.pack("<f", float(x)))[0]


def b2f(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def lawson(f, basis, a, b, n=200, iters=40, float_nodes=False):
    """Coefficients of sum c_j basis_j(z) ~ f(z) on [a, b], minimising the relative error (f gives
    the value and its scale, log1p over the power of z taken out)."""
    cos = (lambda t: float(mp.cos(t))) if float_nodes else mp.cos
    nodes = [mp.mpf((a + b) / 2 + (b - a) / 2 * cos(mp.pi * (2 * j + 1) / (2 * n))) for j in range(n)]
    W = [mp.mpf(1)] * n
    for _ in range(iters):
        A = mp.matrix(n, len(basis))
        y = mp.matrix(n, 1)
        for r, z in enumerate(nodes):
            fz, scale = f(z)
            w = mp.sqrt(W[r]) / scale
            for c, g in enumerate(basis):
                A[r, c] = g(z) * w
            y[r] = fz * w
        coef = mp.qr_solve(A, y)[0]
        e = [abs(sum(A[r, c] * coef[c] for c in range(len(basis))) - y[r]) / mp.sqrt(W[r]) for r in range(n)]
        tot = sum(W[r] * e[r] for r in range(n))
        W = [W[r] * e[r] / tot for r in range(n)]
    return coef


def float_tables():
    rows, zmax = [], 0
    for i in range(32):
        lo, hi = b2f(OFF_F + i * 2 ** 18), b2f(OFF_F + (i + 1) * 2 ** 18 - 1)
        if lo <= 1.0 <= hi:
            invc = 1.0
        else:
            invc = min((max(abs(lo * n / 32 - 1), abs(hi * n / 32 - 1)), n / 32) for n in range(16, 64))[1]
        zmax = max(zmax, abs(lo * invc - 1), abs(hi * invc - 1))
        rows.append(invc)
    assert zmax < 2 ** -5, zmax          # z = m/c - 1 exact in float
    b = 0.0311
    s = mp.mpf(b)
    # R's absolute error (not log1p's relative one): the blocks' bound on the z^3 R term is
    # |z|^3 times a constant; degree 3 leaves 2^-24 of R, below the float roundings the bound covers
    coef = lawson(lambda z: ((mp.log1p(z) - z + z * z / 2) / z ** 3, mp.mpf(1)),
                  [lambda z, j=j: (z / s) ** j for j in range(4)], -b, b)
    R = [coef[j] / s ** j for j in range(4)]
    out = ["static const float EW_VLOGF_INVC[32] = {%s};" % ", ".join(float(v).hex() + "f" for v in rows)]
    for name, base in BASES:
        hs = [f32(-mp.log(c) / base) for c in rows]
        ls = [f32(-mp.log(c) / base - h) for c, h in zip(rows, hs)]
        out.append("static const float EW_VLOGF_LH_%s[32] = {%s};" % (name, ", ".join(v.hex() + "f" for v in hs)))
        out.append("static const float EW_VLOGF_LL_%s[32] = {%s};" % (name, ", ".join(v.hex() + "f" for v in ls)))
        kh = 1.0 if name == "2" else f32(mp.nint(LN2 / base * 2 ** 16) / 2 ** 16)    # k kh exact for |k| < 2^8
        sh = f32(1 / base)
        out.append("#define EW_VLOGF_K_%s %sf, %sf" % (name, kh.hex(), f32(LN2 / base - kh).hex()))
        out.append("#define EW_VLOGF_S_%s %sf, %sf" % (name, sh.hex(), f32(1 / base - sh).hex()))
        out.append("#define EW_VLOGF_R_%s %s" % (name, ", ".join(f32(mp.mpf(c) / base).hex() + "f" for c in R)))
    return out


def double_tables():
    off = struct.unpack("<Q", struct.pack("<d", 0.69921875))[0]
    d = lambda b: struct.unpack("<d", struct.pack("<Q", b))[0]
    rows, zs = [], []
    for i in range(16):
        lo, hi = d(off + i * 2 ** 48), d(off + (i + 1) * 2 ** 48)
        invc = 1.0 if lo <= 1.0 < hi else float(mp.mpf(2) / (mp.mpf(lo) + mp.mpf(hi)))
        zs += [lo * invc - 1, hi * invc - 1]
        rows.append(invc)
    a, b = min(zs), max(zs)
    s = max(-a, b)
    coef = lawson(lambda z: ((mp.log1p(z) - z) / z ** 2, mp.log1p(z) / z ** 2),
                  [lambda z, j=j: (z / s) ** j for j in range(6)], a, b, n=120, iters=30, float_nodes=True)
    Q = [float(coef[j] / s ** j) for j in range(6)]
    out = ["static const double EW_VLOG_INVC[16] = {%s};" % ", ".join(v.hex() for v in rows)]
    for name, base in BASES:
        out.append("static const double EW_VLOG_LOGC_%s[16] = {%s};" % (name, ", ".join(float(-mp.log(c) / base).hex() for c in rows)))
    for name, base in BASES:
        out.append("#define EW_VLOG_Q_%s %s" % (name, ", ".join(float(mp.mpf(c) / base).hex() for c in Q)))
        out.append("#define EW_VLOG_S_%s %s" % (name, float(1 / base).hex()))
    out.append("#define EW_VLOG_K_E %s\n#define EW_VLOG_K_2 %s\n#define EW_VLOG_K_10 %s" % (float(LN2).hex(), 1.0.hex(), float(LN2 / LN10).hex()))
    return out


if __name__ == "__main__":
    print("\n".join(double_tables() + float_tables()))
