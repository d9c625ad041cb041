/* Float32 erf, erfc, gelu (approximate='none'), ndtr and erfinv, correctly rounded at vector
   speed (issue 17, branch verf).  Included from prelude.h after vmath.h (ew_use_avx512, EW_VBLK,
   EW_EXP_REDUCE / EW_EXP_POLY) and special_fast.h (erfinv's polynomials).

   Ziv's strategy: a fast path in double gives y with a relative error below 2^-47 (table-driven
   polynomials, csrc/verf_tables.h); the float result is (float)y when y - y EPS and y + y EPS
   round to the same float (EPS = 2^-44 > the error bound: then so does the true value), else a
   slow path in long double, for about one input in 2^18.  The AVX-512 blocks of these five
   functions (csrc/verfc.c, out of prelude.h's headers: they are in no other object's cache key)
   evaluate in float lanes and hand every lane they cannot round to these functions, whose bits
   they therefore give (scripts/verf16_sweep.c compares all 2^32 floats).

   erf(a), a = |x| < 4: 16 intervals of width 1/4 (polynomials of degree 10); interval 0 is
   a P(16 a^2), so that the relative error holds down to a = 0.  Above 4 erf rounds to 1.
   erfc(u) = e^-u^2 erfcx(u) for u >= 0 (no cancellation at any u): erfcx on [0, 11) in 16
   intervals, the binade quarters of u + 1 (degree 11); e^-u^2 with u^2 exact (u^2 = x^2, or
   x^2 / 2 for ndtr and gelu, a double product of floats).  erfc(-u) = 2 - erfc(u). */
#ifndef EW_VERF_H
#define EW_VERF_H
#include "verf_tables.h"

#define EW_VERF_EPS 0x1p-44
#define EW_VERF_SQRT1_2 0.70710678118654752440

/* ---- the element functions (scalar double with fma: the vector code's operations) */
/* the polynomial sum_j c[j][i] s^j by Estrin's scheme (pairs, then pairs of pairs with s^2,
   s^4, s^8: a dependency chain of 4 fma rather than deg), the same order in every flavour */
#define EW_VERF_ESTRIN(T, F, M, LOAD, c, deg, i, s, p) do { \
    T t_[16], sp_ = (s); \
    _Pragma("GCC unroll 16") for (int j_ = 0; j_ <= (deg); j_++) t_[j_] = LOAD(c, j_, i); \
    _Pragma("GCC unroll 4") for (int n_ = (deg) + 1; n_ > 1; n_ = (n_ + 1) / 2) { \
        _Pragma("GCC unroll 8") for (int k_ = 0; 2 * k_ + 1 < n_; k_++) t_[k_] = F(t_[2 * k_ + 1], sp_, t_[2 * k_]); \
        if (n_ & 1) t_[n_ / 2] = t_[n_ - 1]; \
        sp_ = M(sp_, sp_); \
    } \
    (p) = t_[0]; } while (0)
#define EW_VERF_LOAD1(c, j, i) ((c)[j][i])
static inline double ew_verf_horner(const double (*c)[16], int deg, int i, double s) {
    double p;
    EW_VERF_ESTRIN(double, fma, EW_DMUL, EW_VERF_LOAD1, c, deg, i, s, p);
    return p;
}
/* erf(a) for 0 <= a < 4 */
static inline double ew_verf_erf_d(double a) {
    const int i = (int)(a * 4);
    const double s = i == 0 ? 16 * (a * a) : fma(a, 4.0, -(i + 0.5));
    const double p = ew_verf_horner(ew_verf_erf_c, 10, i, s);
    return i == 0 ? a * p : p;
}
/* erfc(u) for 0 <= u < 11, u2 = u^2 (exact, or nearly: it sets the result's accuracy) */
static inline double ew_verf_erfc_d(double u, double u2) {
    const uint64_t b = ew_d2u(u + 1);
    const int i = (int)((b >> 50) - 4092);
    const double s = fma(ew_u2d((b & 0x0003ffffffffffffu) | 0x3ff0000000000000u), 4.0, -4.5);
    const double p = ew_verf_horner(ew_verf_erfcx_c, 11, i, s), m = -(u2 < 121 ? u2 : 121.0);
    EW_EXP_REDUCE(double, fma, EW_DSUB, EW_DCONST, m, kd, r);
    EW_EXP_POLY(double, fma, EW_DMUL, EW_DCONST, r, e);
    return p * ew_u2d(ew_d2u(e) + (ew_d2u(kd) << 52));
}
/* y rounded to float if y (relative error < EPS) is far enough from a rounding boundary; else
   *ok = 0 (nan passes: the caller's value is its result) */
static inline float ew_verf_round(double y, int *ok) {
    const float lo = (float)fma(y, -EW_VERF_EPS, y), hi = (float)fma(y, EW_VERF_EPS, y);   /* (nan: y's sign) */
    *ok = !(lo != hi && lo == lo);
    return lo;
}
/* the slow paths: long double, rounded once (its error, 2^-63, is far inside EPS) */
static inline float ew_verf_gelu_slow(float x) {
    const long double xl = x;
    return x == INFINITY ? NAN : (float)(xl * 0.5L * erfcl(-xl * 0.707106781186547524400844362104849039L));
}
static inline float ew_verf_ndtr_slow(float x) {
    return (float)(0.5L * erfcl(-(long double)x * 0.707106781186547524400844362104849039L));
}
static inline float ew_verff(float x) {
    const double xd = x, a = fabs(xd);
    const double y = a != a ? xd : (a >= 4 ? 1.0 : ew_verf_erf_d(a));
    int ok;
    const float f = ew_verf_round(y, &ok);
    return ok ? copysignf(f, x) : (float)erfl((long double)x);
}
/* erfc(u) for any u >= 0 (inf: 0) */
static inline double ew_verf_erfc_any(double u, double u2) { return u < 11 ? ew_verf_erfc_d(u, u2) : 0.0; }
static inline float ew_verfcf(float x) {
    const double xd = x, e = ew_verf_erfc_any(fabs(xd), xd * xd);
    const double y = x != x ? xd : (xd < 0 ? 2 - e : e);
    int ok;
    const float f = ew_verf_round(y, &ok);
    return ok ? f : (float)erfcl((long double)x);
}
/* ndtr(x) = erfc(-x / sqrt 2) / 2, gelu(x) = x ndtr(x): u = |x| / sqrt 2 (rounded: erfcx is
   smooth), u^2 = x^2 / 2 exact */
static inline double ew_verf_ndtr_d(double xd) {
    const double e = ew_verf_erfc_any(fabs(xd) * EW_VERF_SQRT1_2, (xd * xd) * 0.5);
    return xd > 0 ? fma(-0.5, e, 1.0) : 0.5 * e;
}
static inline float ew_vndtrf(float x) {
    const double xd = x, y = x != x ? xd : ew_verf_ndtr_d(xd);
    int ok;
    const float f = ew_verf_round(y, &ok);
    return ok ? f : ew_verf_ndtr_slow(x);
}
/* torch: nan at inf, and inf from 2^127 (its float x (1 + erf(x / sqrt 2)) overflows first) */
#define EW_VERF_GELU_INF 0x1p127f
static inline float ew_vgeluf(float x) {
    const double xd = x, y = x != x ? xd : (x == INFINITY ? NAN : xd * ew_verf_ndtr_d(xd));
    int ok;
    const float f = ew_verf_round(y, &ok);
    if (x >= EW_VERF_GELU_INF) return x == INFINITY ? NAN : INFINITY;
    return ok ? copysignf(f, x) : ew_verf_gelu_slow(x);      /* (x's sign: -0 where the product is) */
}

/* ---- erfinv: special_fast.h's EW_ERFINV_P1/P2 (polynomials in w = -log(1 - y^2)), its value
   before the rounding kept where the rounding test passes at EPS 2^-43 (the fits' errors are
   5e-15 and 1e-15); the slow path is the long double ew_erfinv (Newton steps on erfcl).  The
   block (verfc.c) is a float-lane evaluation of its own that keeps this function's bits. */
#define EW_VERFINV_EPS 0x1p-43
static inline float ew_verfinvf(float y) {
    const double yd = y, a = fabs(yd);
    if (!(a < 1)) return a == 1 ? copysignf(INFINITY, y) : y - y + NAN;
    const double w = ew_nlog_fma((1 - a) * (1 + a));
    const double p = w < 6.25 ? EW_ERFINV_P1(fma, EW_DCONST, EW_ERFINV_U1(fma, EW_DCONST, w))
                              : EW_ERFINV_P2(fma, EW_DCONST, (sqrt(w) - 3.29) * (1 / 0.79));
    const double r = yd * p;
    const float lo = (float)fma(r, -EW_VERFINV_EPS, r), hi = (float)fma(r, EW_VERFINV_EPS, r);
    return lo == hi ? copysignf(lo, y) : (float)ew_erfinv((long double)y);     /* (r - r EPS loses -0's sign) */
}
/* ---- ndtri(p) = sqrt 2 erfinv(2p - 1) for 0.0005 <= p <= 0.9995: 2p - 1 is exact in double (p
   has no bit below 2^-34) and |2p - 1| <= 0.999 keeps w below 6.25 (erfinv's first polynomial);
   the same rounding test, long double erfinv where it fails.  The tails, 0, 1 and nan: cephes'
   ew_sp_ndtri in double, as before. */
#define EW_VNDTRI_LO 0.0005f
#define EW_VNDTRI_HI 0.9995f
#define EW_VNDTRI_SQRT2 1.41421356237309504880
static inline float ew_vndtrif(float p) {
    if (!(p >= EW_VNDTRI_LO && p <= EW_VNDTRI_HI)) return (float)ew_sp_ndtri(p);
    const double y = fma((double)p, 2.0, -1.0), a = fabs(y);
    const double w = ew_nlog_fma((1 - a) * (1 + a));
    const double r = (y * EW_ERFINV_P1(fma, EW_DCONST, EW_ERFINV_U1(fma, EW_DCONST, w))) * EW_VNDTRI_SQRT2;
    const float lo = (float)fma(r, -EW_VERFINV_EPS, r), hi = (float)fma(r, EW_VERFINV_EPS, r);
    return lo == hi ? lo : (float)(1.41421356237309504880168872420969808L * ew_erfinv((long double)y));
}
#endif
