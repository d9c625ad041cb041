/* Float32 special functions at speed (issue 17, branch vspecial): the same mathematics as the
   long-double paths of prelude.h, in double (53 bits against float's 24: a relative error far
   below float's half ulp before the one rounding), so correctly rounded but for rare cases.
   Included from prelude.h after vmath.h. */
#ifndef EW_VSPECIAL_H
#define EW_VSPECIAL_H

/* q^-s for an integer s >= 1 by squaring 1/q: a relative error below 2 s 2^-53 */
static inline double ew_vsp_ipowinv(double q, int s) {
    double r = 1 / q, y = 1;
    for (;;) {
        if (s & 1) y *= r;
        s >>= 1;
        if (!s) return y;
        r *= r;
    }
}
/* Hurwitz zeta(s, q), integer 3 <= s <= 31, finite q > 0: the terms summed up to q >= 8 + s,
   then Euler-Maclaurin's tail with 12 Bernoulli terms (its truncation error below 1e-14 of the
   sum there: the term after the last is |B26/26!| (s)_25 q^(-s-25)) */
static inline double ew_vsp_zeta_int(int s, double q) {
    static const double B2K[12] = {   /* B_2k / (2k)! */
        8.33333333333333333333e-2, -1.38888888888888888889e-3, 3.30687830687830687831e-5,
        -8.26719576719576719577e-7, 2.08767569878680989792e-8, -5.28419013868749318485e-10,
        1.33825365306846788328e-11, -3.38968029632258286683e-13, 8.58606205627784456414e-15,
        -2.17486869855806187304e-16, 5.50900282836022951520e-18, -1.39544646858125233407e-19};
    double sum = 0;
    const double lim = 8 + s;
    while (q < lim) { sum += ew_vsp_ipowinv(q, s); q += 1; }
    const double qs = ew_vsp_ipowinv(q, s), iq2 = 1 / (q * q);
    /* the Bernoulli terms, smallest first */
    double fac[12], f = s, t = qs / q, tail = 0;
    for (int k = 0; k < 12; k++) { fac[k] = B2K[k] * f * t; f *= (s + 2 * k + 1) * (double)(s + 2 * k + 2); t *= iq2; }
    for (int k = 11; k >= 0; k--) tail += fac[k];
    return sum + (q * qs / (s - 1) + qs / 2 + tail);
}
/* polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x) for float x, 2 <= n <= 30 (n! exact to 22!,
   and no double overflow or underflow on the way to a float result); below 0 the reflection of
   ew_polygamma_l, psi_n(x) = (-1)^n psi_n(1 - x) - pi D^n cot(pi x), D^n cot(pi x) =
   (-pi)^n Q_n(cot(pi x)), Q_0 = c, Q_{k+1} = (1 + c^2) Q_k'(c): its terms all of one sign.
   Other n, infinities and nans through the long-double path. */
static inline float ew_polygammaf(double nd, float x) {
    if (!(nd <= 30) || !(fabsf(x) < INFINITY)) return (float)ew_polygamma_l(nd, x);
    const int n = (int)nd;
    const double xd = x, sign = (n & 1) ? 1 : -1;
    double fact = 1;
    for (int k = 2; k <= n; k++) fact *= k;
    if (xd > 0) return (float)(sign * fact * ew_vsp_zeta_int(n + 1, xd));
    if (xd == floor(xd)) return (float)(sign * INFINITY);   /* a pole: torch's zeta is +inf there */
    double q[33] = {0};
    q[1] = 1;
    for (int k = 0; k < n; k++) {                       /* Q_k' (1 + c^2): degree k + 1 -> k + 2 */
        double d[33] = {0};
        for (int i = 1; i <= k + 1; i++) { d[i - 1] += i * q[i]; d[i + 1] += i * q[i]; }
        for (int i = 0; i <= k + 2; i++) q[i] = d[i];
    }
    /* cot(pi x) = cos(pi r) / sin(pi r), x reduced exactly to r in [-1/2, 1/2] (x - k is exact for
       a float x), cos(pi r) = sin(pi (1/2 - |r|)): both with a small relative error, zero at r = 1/2 */
    const double r = xd - nearbyint(xd);
    const double c = sin(3.14159265358979323846 * (0.5 - fabs(r))) / sin(3.14159265358979323846 * r);
    double poly = 0;
    for (int i = n + 1; i >= 0; i--) poly = poly * c + q[i];
    double pin = 1;
    for (int k = 0; k < n; k++) pin *= -3.14159265358979323846;
    const double right = sign * fact * ew_vsp_zeta_int(n + 1, 1 - xd);   /* psi_n(1 - x) */
    return (float)(((n & 1) ? -right : right) - 3.14159265358979323846 * pin * poly);
}

/* ---- i0e, i1e, i0, i1 (= modified_bessel_i0, i1) for float32: Cephes' Chebyshev series of
   torch's calc_i0e / calc_i1e, in double with fma (Clenshaw's b0 = t b1 - b2 + c as
   fma(t, b1, c - b2)): a |x| <= 8 series in t = |x| / 2 - 2 and a |x| > 8 one in t = 32 / |x| - 2
   over sqrt|x|; i0 and i1 times e^|x| (ew_exp_fma_d's operations), taken here to |x| <= 80 (i0
   overflows float at 93).  The element functions and the AVX-512 block functions compute the
   same operations, so the same values; nan, inf and (i0, i1) |x| > 80 go the old way. */
#include "special_tables.h"
#define EW_VSP_N(a) ((int)(sizeof(a) / sizeof((a)[0])))
static inline double ew_vsp_chb(double t, const double *c, int n) {
    double b0 = c[0], b1 = 0, b2 = 0;
    for (int i = 1; i < n; i++) { b2 = b1; b1 = b0; b0 = fma(t, b1, c[i] - b2); }
    return 0.5 * (b0 - b2);
}
/* kind: 0 i0e, 1 i1e, 2 i0, 3 i1; a = |x| finite (and <= 80 for i0, i1) */
static inline double ew_vsp_bessel_i(double a, int kind) {
    double r;
    if (a <= 8) {
        const double t = fma(a, 0.5, -2.0);
        r = (kind & 1) ? ew_vsp_chb(t, I1E_A, EW_VSP_N(I1E_A)) * a : ew_vsp_chb(t, I0E_A, EW_VSP_N(I0E_A));
    } else {
        const double t = 32 / a - 2;
        r = ((kind & 1) ? ew_vsp_chb(t, I1E_B, EW_VSP_N(I1E_B)) : ew_vsp_chb(t, I0E_B, EW_VSP_N(I0E_B))) / sqrt(a);
    }
    r = kind >= 2 ? r * ew_exp_fma_d(a) : r;
    /* a < 2^-60: i1e(a) = a/2 (1 - a + ...), i1(a) = a/2 (1 + a^2/8 + ...) round as a/2 moved
       toward the true side by 2^-50 (a/2 may be halfway between two subnormals) */
    return (kind & 1) && a < 0x1p-60 ? a * (kind == 1 ? 0.5 - 0x1p-51 : 0.5 + 0x1p-51) : r;
}
static inline float ew_vsp_i0ef(float x) {
    const double a = fabs((double)x);
    return a < INFINITY ? (float)ew_vsp_bessel_i(a, 0) : (float)ew_sp_i0e(x);
}
/* i1, i1e: odd, with the sign of x < 0 (torch's: i1(-0.0) is +0.0) */
static inline float ew_vsp_i1ef(float x) {
    const double a = fabs((double)x), r = ew_vsp_bessel_i(a, 1);
    return a < INFINITY ? (float)(x < 0 ? -r : r) : (float)ew_sp_i1e(x);
}
static inline float ew_vsp_i0f(float x) {
    const double a = fabs((double)x);
    return a <= 80 ? (float)ew_vsp_bessel_i(a, 2) : (float)ew_sp_modified_bessel_i0(x);
}
static inline float ew_vsp_i1f(float x) {
    const double a = fabs((double)x);
    if (!(a <= 80)) return (float)ew_sp_i1(x);
    const double r = ew_vsp_bessel_i(a, 3);
    return (float)(x < 0 ? -r : r);
}
/* torch.i0 (not special.modified_bessel_i0) keeps torch's float path past 80: inf from 88.72 on,
   where torch's float e^x overflows (the special functions are finite to 93) */
static inline float ew_vsp_i0f_torch(float x) {
    return fabsf(x) <= 80 ? (float)ew_vsp_bessel_i(fabs((double)x), 2) : ew_i0(x);
}

#ifdef EW_HAVE_F16C_PATH
/* Clenshaw on 4 vectors of 8 at once: one chain is latency-bound (a 4-cycle fma a step) */
#define EW_VSP_CHB4(t, c, n, r) do { \
    __m512d b0[4], b1[4], b2[4]; \
    for (int j = 0; j < 4; j++) { b0[j] = _mm512_set1_pd((c)[0]); b1[j] = _mm512_setzero_pd(); b2[j] = b1[j]; } \
    for (int i = 1; i < (n); i++) { \
        const __m512d ci = _mm512_set1_pd((c)[i]); \
        for (int j = 0; j < 4; j++) { b2[j] = b1[j]; b1[j] = b0[j]; b0[j] = _mm512_fmadd_pd(t[j], b1[j], _mm512_sub_pd(ci, b2[j])); } \
    } \
    for (int j = 0; j < 4; j++) r[j] = _mm512_mul_pd(_mm512_set1_pd(0.5), _mm512_sub_pd(b0[j], b2[j])); \
} while (0)
/* 32 floats: 1 done by the vector path (every |x| <= 8 or in (8, lim]: the series needed, blended), 0 not */
EW_TARGET_V8 static int ew_vsp_bessel_i32(float *o, const float *x, int kind, double lim) {
    __m512d a[4], t[4], r[4], rl[4];
    __mmask8 lo[4], ok = 0xff, anylo = 0, anyhi = 0;
    for (int j = 0; j < 4; j++) {
        a[j] = _mm512_abs_pd(_mm512_cvtps_pd(_mm256_loadu_ps(x + 8 * j)));
        lo[j] = _mm512_cmp_pd_mask(a[j], _mm512_set1_pd(8.0), _CMP_LE_OQ);
        const __mmask8 hi = _mm512_cmp_pd_mask(a[j], _mm512_set1_pd(8.0), _CMP_GT_OQ) & _mm512_cmp_pd_mask(a[j], _mm512_set1_pd(lim), _CMP_LE_OQ);
        ok &= lo[j] | hi; anylo |= lo[j]; anyhi |= hi;
    }
    if (ok != 0xff) return 0;
    if (anylo) {                  /* |x| <= 8 (other lanes computed and dropped) */
        for (int j = 0; j < 4; j++) t[j] = _mm512_fmadd_pd(a[j], _mm512_set1_pd(0.5), _mm512_set1_pd(-2.0));
        if (kind & 1) {
            EW_VSP_CHB4(t, I1E_A, EW_VSP_N(I1E_A), r);
            for (int j = 0; j < 4; j++) r[j] = _mm512_mul_pd(r[j], a[j]);
        } else EW_VSP_CHB4(t, I0E_A, EW_VSP_N(I0E_A), r);
    }
    if (anyhi) {                  /* 8 < |x| <= lim */
        for (int j = 0; j < 4; j++) t[j] = _mm512_sub_pd(_mm512_div_pd(_mm512_set1_pd(32.0), a[j]), _mm512_set1_pd(2.0));
        if (kind & 1) EW_VSP_CHB4(t, I1E_B, EW_VSP_N(I1E_B), rl);
        else EW_VSP_CHB4(t, I0E_B, EW_VSP_N(I0E_B), rl);
        for (int j = 0; j < 4; j++) {
            rl[j] = _mm512_div_pd(rl[j], _mm512_sqrt_pd(a[j]));
            r[j] = anylo ? _mm512_mask_blend_pd(lo[j], rl[j], r[j]) : rl[j];
        }
    }
    for (int j = 0; j < 4; j++) {
        if (kind >= 2) {
            EW_EXP_REDUCE(__m512d, _mm512_fmadd_pd, _mm512_sub_pd, _mm512_set1_pd, a[j], kd, er);
            EW_EXP_POLY(__m512d, _mm512_fmadd_pd, _mm512_mul_pd, _mm512_set1_pd, er, p);
            const __m512d e = _mm512_castsi512_pd(_mm512_add_epi64(_mm512_castpd_si512(p), _mm512_slli_epi64(_mm512_castpd_si512(kd), 52)));
            r[j] = _mm512_mul_pd(r[j], e);
        }
        if (kind & 1) {          /* tiny a as ew_vsp_bessel_i; negated where x < 0 */
            r[j] = _mm512_mask_mul_pd(r[j], _mm512_cmp_pd_mask(a[j], _mm512_set1_pd(0x1p-60), _CMP_LT_OQ), a[j],
                                      _mm512_set1_pd(kind == 1 ? 0.5 - 0x1p-51 : 0.5 + 0x1p-51));
            const __m512d xs = _mm512_cvtps_pd(_mm256_loadu_ps(x + 8 * j));
            r[j] = _mm512_mask_sub_pd(r[j], _mm512_cmp_pd_mask(xs, _mm512_setzero_pd(), _CMP_LT_OQ), _mm512_setzero_pd(), r[j]);
        }
        _mm256_storeu_ps(o + 8 * j, _mm512_cvtpd_ps(r[j]));
    }
    return 1;
}
#define EW_VSP_BLOCK(name, elem, kind, lim) \
EW_TARGET_F16C static inline void name(float *o, const float *x, int64_t n) { \
    int64_t i = 0; \
    if (ew_use_avx512()) \
        for (; i + 32 <= n; i += 32) \
            if (!ew_vsp_bessel_i32(o + i, x + i, kind, lim)) \
                for (int j = 0; j < 32; j++) o[i + j] = elem(x[i + j]); \
    for (; i < n; i++) o[i] = elem(x[i]); \
}
EW_VSP_BLOCK(ew_vsp_i0ef_block, ew_vsp_i0ef, 0, 0x1p128)
EW_VSP_BLOCK(ew_vsp_i1ef_block, ew_vsp_i1ef, 1, 0x1p128)
EW_VSP_BLOCK(ew_vsp_i0f_block, ew_vsp_i0f, 2, 80.0)
EW_VSP_BLOCK(ew_vsp_i1f_block, ew_vsp_i1f, 3, 80.0)
EW_VSP_BLOCK(ew_vsp_i0f_torch_block, ew_vsp_i0f_torch, 2, 80.0)
#endif

/* ---- modified_bessel_k0, k1 and their scaled forms for float32: Cephes' series of torch's
   calc_*k*, in double with fma.  x <= 2: chb(x^2 - 2, A) - log(x/2) I0(x) (K1: log(x/2) I1(x)
   + chb(x^2 - 2, A) / x), I0, I1 as above; x > 2: e^-x chb(8 / x - 2, B) / sqrt x (scaled: no
   e^-x, its own B).  log as vmath.h's EW_LOG_CORE with an exact reciprocal (its quotient then
   correctly rounded: the log within 2^-52).  Taken for 0 < x <= 2 and 2 < x <= lim (k0, k1:
   150, past float's underflow); zeros, negatives, nan, inf and beyond lim go the old way. */
static inline double ew_vsp_rcp(double d) { return 1.0 / d; }
/* kind: 0 k0, 1 k1, 2 scaled k0, 3 scaled k1 */
static inline double ew_vsp_bessel_k(double x, int kind) {
    if (x <= 2) {
        const double t = fma(x, x, -2.0), e = ew_exp_fma_d(x);
        EW_LOG_CORE(double, fma, EW_DFN, EW_DSUB, EW_DMUL, EW_DCONST, ew_vsp_rcp, ew_vlog_e, ew_vlog_m, 0.5 * x, lg);
        const double ti = fma(x, 0.5, -2.0);
        double r;
        if (kind & 1) r = fma(lg, ew_vsp_chb(ti, I1E_A, EW_VSP_N(I1E_A)) * x * e, ew_vsp_chb(t, MK1_A, EW_VSP_N(MK1_A)) / x);
        else r = fma(-lg, ew_vsp_chb(ti, I0E_A, EW_VSP_N(I0E_A)) * e, ew_vsp_chb(t, MK0_A, EW_VSP_N(MK0_A)));
        return kind >= 2 ? r * e : r;
    }
    const double t = 8 / x - 2;
    switch (kind) {
    case 0: return ew_exp_fma_d(-x) * ew_vsp_chb(t, MK0_B, EW_VSP_N(MK0_B)) / sqrt(x);
    case 1: return ew_exp_fma_d(-x) * ew_vsp_chb(t, MK1_B, EW_VSP_N(MK1_B)) / sqrt(x);
    case 2: return ew_vsp_chb(t, SK0_B, EW_VSP_N(SK0_B)) / sqrt(x);
    default: return ew_vsp_chb(t, SK1_B, EW_VSP_N(SK1_B)) / sqrt(x);
    }
}
#define EW_VSP_KELEM(name, kind, lim, old) \
static inline float name(float x) { \
    const double xd = x; \
    return xd > 0 && xd <= (lim) ? (float)ew_vsp_bessel_k(xd, kind) : (float)old(x); \
}
EW_VSP_KELEM(ew_vsp_k0f, 0, 150.0, ew_sp_modified_bessel_k0)
EW_VSP_KELEM(ew_vsp_k1f, 1, 150.0, ew_sp_modified_bessel_k1)
EW_VSP_KELEM(ew_vsp_k0ef, 2, 0x1p128, ew_sp_scaled_modified_bessel_k0)
EW_VSP_KELEM(ew_vsp_k1ef, 3, 0x1p128, ew_sp_scaled_modified_bessel_k1)

#ifdef EW_HAVE_F16C_PATH
#define EW_VSP_RCP8(d) _mm512_div_pd(_mm512_set1_pd(1.0), (d))
EW_TARGET_V8 static int ew_vsp_bessel_k32(float *o, const float *xp, int kind, double lim) {
    __m512d x[4], t[4], r[4], rl[4];
    __mmask8 lo[4], ok = 0xff, anylo = 0, anyhi = 0;
    for (int j = 0; j < 4; j++) {
        x[j] = _mm512_cvtps_pd(_mm256_loadu_ps(xp + 8 * j));
        lo[j] = _mm512_cmp_pd_mask(x[j], _mm512_set1_pd(2.0), _CMP_LE_OQ) & _mm512_cmp_pd_mask(x[j], _mm512_setzero_pd(), _CMP_GT_OQ);
        const __mmask8 hi = _mm512_cmp_pd_mask(x[j], _mm512_set1_pd(2.0), _CMP_GT_OQ) & _mm512_cmp_pd_mask(x[j], _mm512_set1_pd(lim), _CMP_LE_OQ);
        ok &= lo[j] | hi; anylo |= lo[j]; anyhi |= hi;
    }
    if (ok != 0xff) return 0;
    if (anylo) {                  /* 0 < x <= 2 (other lanes computed and dropped) */
        __m512d ti[4], ci[4], e[4];
        for (int j = 0; j < 4; j++) { t[j] = _mm512_fmadd_pd(x[j], x[j], _mm512_set1_pd(-2.0)); ti[j] = _mm512_fmadd_pd(x[j], _mm512_set1_pd(0.5), _mm512_set1_pd(-2.0)); }
        if (kind & 1) { EW_VSP_CHB4(t, MK1_A, EW_VSP_N(MK1_A), r); EW_VSP_CHB4(ti, I1E_A, EW_VSP_N(I1E_A), ci); }
        else { EW_VSP_CHB4(t, MK0_A, EW_VSP_N(MK0_A), r); EW_VSP_CHB4(ti, I0E_A, EW_VSP_N(I0E_A), ci); }
        for (int j = 0; j < 4; j++) {
            const __m512d xs = _mm512_mask_blend_pd(lo[j], _mm512_set1_pd(1.0), x[j]);   /* keeps exp, log in range */
            EW_EXP_REDUCE(__m512d, _mm512_fmadd_pd, _mm512_sub_pd, _mm512_set1_pd, xs, kd, er);
            EW_EXP_POLY(__m512d, _mm512_fmadd_pd, _mm512_mul_pd, _mm512_set1_pd, er, p);
            e[j] = _mm512_castsi512_pd(_mm512_add_epi64(_mm512_castpd_si512(p), _mm512_slli_epi64(_mm512_castpd_si512(kd), 52)));
            EW_LOG_CORE(__m512d, V8_F, V8_FN, V8_S, V8_M, V8_C, EW_VSP_RCP8, V8_LOGE, V8_LOGM, _mm512_mul_pd(_mm512_set1_pd(0.5), xs), lg);
            if (kind & 1) r[j] = _mm512_fmadd_pd(lg, _mm512_mul_pd(_mm512_mul_pd(ci[j], xs), e[j]), _mm512_div_pd(r[j], xs));
            else r[j] = _mm512_fmadd_pd(_mm512_xor_pd(lg, _mm512_set1_pd(-0.0)), _mm512_mul_pd(ci[j], e[j]), r[j]);
            if (kind >= 2) r[j] = _mm512_mul_pd(r[j], e[j]);
        }
    }
    if (anyhi) {                  /* 2 < x <= lim */
        for (int j = 0; j < 4; j++) {
            x[j] = _mm512_mask_blend_pd(lo[j], x[j], _mm512_set1_pd(4.0));
            t[j] = _mm512_sub_pd(_mm512_div_pd(_mm512_set1_pd(8.0), x[j]), _mm512_set1_pd(2.0));
        }
        switch (kind) {
        case 0: EW_VSP_CHB4(t, MK0_B, EW_VSP_N(MK0_B), rl); break;
        case 1: EW_VSP_CHB4(t, MK1_B, EW_VSP_N(MK1_B), rl); break;
        case 2: EW_VSP_CHB4(t, SK0_B, EW_VSP_N(SK0_B), rl); break;
        default: EW_VSP_CHB4(t, SK1_B, EW_VSP_N(SK1_B), rl); break;
        }
        for (int j = 0; j < 4; j++) {
            if (kind < 2) {
                const __m512d nx = _mm512_xor_pd(x[j], _mm512_set1_pd(-0.0));
                EW_EXP_REDUCE(__m512d, _mm512_fmadd_pd, _mm512_sub_pd, _mm512_set1_pd, nx, kd, er);
                EW_EXP_POLY(__m512d, _mm512_fmadd_pd, _mm512_mul_pd, _mm512_set1_pd, er, p);
                rl[j] = _mm512_mul_pd(_mm512_castsi512_pd(_mm512_add_epi64(_mm512_castpd_si512(p), _mm512_slli_epi64(_mm512_castpd_si512(kd), 52))), rl[j]);
            }
            rl[j] = _mm512_div_pd(rl[j], _mm512_sqrt_pd(x[j]));
            r[j] = anylo ? _mm512_mask_blend_pd(lo[j], rl[j], r[j]) : rl[j];
        }
    }
    for (int j = 0; j < 4; j++) _mm256_storeu_ps(o + 8 * j, _mm512_cvtpd_ps(r[j]));
    return 1;
}
#define EW_VSP_KBLOCK(name, elem, kind, lim) \
EW_TARGET_F16C static inline void name(float *o, const float *x, int64_t n) { \
    int64_t i = 0; \
    if (ew_use_avx512()) \
        for (; i + 32 <= n; i += 32) \
            if (!ew_vsp_bessel_k32(o + i, x + i, kind, lim)) \
                for (int j = 0; j < 32; j++) o[i + j] = elem(x[i + j]); \
    for (; i < n; i++) o[i] = elem(x[i]); \
}
EW_VSP_KBLOCK(ew_vsp_k0f_block, ew_vsp_k0f, 0, 150.0)
EW_VSP_KBLOCK(ew_vsp_k1f_block, ew_vsp_k1f, 1, 150.0)
EW_VSP_KBLOCK(ew_vsp_k0ef_block, ew_vsp_k0ef, 2, 0x1p128)
EW_VSP_KBLOCK(ew_vsp_k1ef_block, ew_vsp_k1ef, 3, 0x1p128)
#endif

#endif
