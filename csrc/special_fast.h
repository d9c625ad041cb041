/* Fast float32 paths of the special functions of issue 17 (included from prelude.h).  As the
   float exp/sin/cos there: evaluated in double with fma, so that the element function and the
   AVX2 block (ops.yaml `simd: {float32: {block: ...}}`) give the same bits, with a relative
   error far below float's half ulp (correctly rounded but for rare near-halfway cases). */
#ifndef EW_SPECIAL_FAST_H
#define EW_SPECIAL_FAST_H

/* ---- erfinv.  With w = -log(1 - y^2), erfinv(y) / y is smooth in w (Giles' variable):
   a degree-20 polynomial of u = (w - 3.125) / 3.125 for w < 6.25, a degree-17 one of
   u = (sqrt(w) - 3.29) / 0.79 above (to w = 15.95, y = 1 - 2^-24).  Chebyshev fits to mpmath
   (relative errors 5e-15 and 1e-15); log by 2 atanh(s), s = f / (2 + f), |s| < 0.172.
   1 - y^2 = (1 - |y|)(1 + |y|) is exact in double for a float y. */
#define EW_ERFINV_P1(F, C, u) \
    F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(C(0x1.2595a396dadadp-27), u, C(0x1.b3ad7ff967b28p-28)), u, \
    C(-0x1.bdafeaf096cf8p-24)), u, C(0x1.d4ba148802d04p-25)), u, C(0x1.23dc6c9c234e3p-21)), u, \
    C(-0x1.30b770f7897a3p-20)), u, C(-0x1.7039954b1ea3cp-21)), u, C(0x1.e23def315da8bp-18)), u, \
    C(-0x1.79b5dfff6bbafp-17)), u, C(-0x1.f921ba75f6f8bp-17)), u, C(0x1.879c58eaa935fp-14)), u, \
    C(-0x1.ea3bfc9cf384fp-14)), u, C(-0x1.153ca1e32c020p-12)), u, C(0x1.43169c7f8d9d2p-10)), u, \
    C(-0x1.4d5dd2d127c46p-10)), u, C(-0x1.0f249d5726630p-8)), u, C(0x1.23c5aee6b6b20p-6)), u, \
    C(-0x1.7259eca5649dfp-6)), u, C(-0x1.e2b19456a07f2p-5)), u, C(0x1.8040caa127b7dp-1)), u, \
    C(0x1.a755e7c99ae85p+0))
#define EW_ERFINV_P2(F, C, u) \
    F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(C(0x1.a895ac6f88953p-30), u, C(-0x1.4ec4ce40f9529p-28)), u, \
    C(-0x1.e6bcd9786e5fap-29)), u, C(0x1.d10d1460ad922p-25)), u, C(-0x1.40295579c3d63p-23)), u, \
    C(0x1.0a78ee1276b1ap-24)), u, C(0x1.0d74b1a2b654cp-20)), u, C(-0x1.084016ad649e2p-18)), u, \
    C(0x1.961377a0e35b3p-18)), u, C(0x1.cd9fb64dd068cp-18)), u, C(-0x1.14e4d495cea41p-14)), u, \
    C(0x1.b405ff05e9bd1p-13)), u, C(-0x1.dab8c21701252p-12)), u, C(0x1.bc563f2e7242cp-11)), u, \
    C(-0x1.b4a6250a899edp-10)), u, C(0x1.946668c8024b6p-9)), u, C(0x1.96c61ed4b1726p-1)), u, \
    C(0x1.8fe2a690bbb61p+1))
#define EW_LOG_R(F, C, z) \
    F(F(F(F(F(F(F(F(F(F(F(C(0x1.642c8590b2164p-5), z, C(0x1.8618618618618p-5)), z, \
    C(0x1.af286bca1af28p-5)), z, C(0x1.e1e1e1e1e1e1ep-5)), z, C(0x1.1111111111111p-4)), z, \
    C(0x1.3b13b13b13b14p-4)), z, C(0x1.745d1745d1746p-4)), z, C(0x1.c71c71c71c71cp-4)), z, \
    C(0x1.2492492492492p-3)), z, C(0x1.999999999999ap-3)), z, C(0x1.5555555555555p-2)), z, \
    C(0x1.0000000000000p+0))
#define EW_ERFINV_U1(F, C, w) F(w, C(0.32), C(-1.0))            /* (w - 3.125) / 3.125 */
/* -log(t), 2^-24 <= t <= 1: t = 2^k m, m in [sqrt(1/2), sqrt(2)), f = m - 1 exactly */
static inline double ew_nlog_fma(double t) {
    const uint64_t ix = ew_d2u(t) + (0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull);
    const double k = (double)((int64_t)(ix >> 52) - 0x3ff);
    const double f = ew_u2d((ix & 0x000fffffffffffffull) + 0x3fe6a09e667f3bcdull) - 1.0;
    const double s = f / (2.0 + f), z = s * s;
    return -fma(k, 0x1.62e42fefa39efp-1, 2.0 * s * EW_LOG_R(fma, EW_DCONST, z));
}

/* ---- mvlgamma(x, p) = p (p - 1) / 4 log(pi) + sum_{j < p} lgamma(x - j / 2) for float x: the
   sum in double, rounded once (glibc's double lgamma is accurate next to the negative poles and
   roots).  x - j / 2 is exact in double but for tiny x, where a rounded -k would be a pole:
   there (y < 0) the reflection log(pi / |sin(pi y)|) - lgamma(1 - y), sin(pi y) from x itself. */
static inline float ew_mvlgammaf(float x, double p) {
    const double xd = x;
    double s = p * (p - 1) / 4 * 0x1.250d048e7a1bdp+0;       /* log(pi) */
    for (double j = 0; j < p; j += 1) {
        const double h = j / 2, y = xd - h, bv = y - xd, err = (xd - (y - bv)) + (-h - bv);   /* TwoSum */
        if (err == 0 || y >= 0 || !(fabs(xd) < 1)) s += lgamma(y);      /* (inexact only for |x| < 1) */
        else s += log(3.14159265358979323846 / fabs(fmod(j, 2) == 0 ? sin(3.14159265358979323846 * xd)
                                                                      : cos(3.14159265358979323846 * xd))) - lgamma(1 - y);
    }
    return (float)s;
}


#endif
