/* Float32 erf, erfc, gelu (approximate='none'), ndtr and erfinv, correctly rounded at vector
   speed (issue 17, branch verf).  Included from prelude.h after vmath.h (ew_use_avx512, EW_VBLK,
   EW_EXP_REDUCE / EW_EXP_POLY) and special_fast.h (erfinv's polynomials).

   Ziv's strategy: a fast path in double gives y with a relative error below 2^-47 (table-driven
   polynomials, csrc/verf_tables.h); the float result is (float)y when y - y EPS and y + y EPS
   round to the same float (EPS = 2^-44 > the error bound: then so does the true value), else a
   slow path in long double, for about one input in 2^18.  The element function and the AVX-512
   block compute the same operations in the same order, so they give the same bits; the proof is
   an exhaustive sweep of all 2^32 floats (scripts/verf_sweep.c).

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
static inline float ew_vgeluf(float x) {
    const double xd = x, y = x != x ? xd : (x == INFINITY ? NAN : xd * ew_verf_ndtr_d(xd));   /* torch: nan at inf */
    int ok;
    const float f = ew_verf_round(y, &ok);
    return ok ? copysignf(f, x) : ew_verf_gelu_slow(x);      /* (x's sign: -0 where the product is) */
}

#ifdef EW_HAVE_F16C_PATH
/* ---- the block functions: 16 floats an iteration, as two vectors of 8 doubles; a 16-entry
   table column is one vpermt2pd.  Lanes that fail the rounding test get the element function
   (which fails it the same way and takes the slow path).  Without AVX-512: the element loop. */
#define EW_VERF_TARGET __attribute__((target("avx512f,avx512dq,avx2,f16c,fma")))
#define EW_VERF_COL(c, j, i) _mm512_permutex2var_pd(_mm512_load_pd(c[j]), (i), _mm512_load_pd(c[j] + 8))
EW_VERF_TARGET static inline __m512d ew_verf_horner8(const double (*c)[16], int deg, __m512i i, __m512d s) {
    __m512d p;
    EW_VERF_ESTRIN(__m512d, _mm512_fmadd_pd, _mm512_mul_pd, EW_VERF_COL, c, deg, i, s, p);
    return p;
}
EW_VERF_TARGET static inline __m512d ew_verf_erf8(__m512d a) {
    const __m512d ac = _mm512_min_pd(a, _mm512_set1_pd(3.9999999999999996));   /* (nan: the constant) */
    const __m512i i = _mm512_cvttpd_epi64(_mm512_mul_pd(ac, _mm512_set1_pd(4.0)));
    const __mmask8 z = _mm512_cmpeq_epi64_mask(i, _mm512_setzero_si512());
    const __m512d s = _mm512_mask_blend_pd(z, _mm512_fmadd_pd(ac, _mm512_set1_pd(4.0), _mm512_sub_pd(_mm512_set1_pd(-0.5), _mm512_cvtepi64_pd(i))),
                                           _mm512_mul_pd(_mm512_set1_pd(16.0), _mm512_mul_pd(ac, ac)));
    const __m512d p = ew_verf_horner8(ew_verf_erf_c, 10, i, s);
    const __m512d y = _mm512_mask_mul_pd(p, z, ac, p);
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(a, _mm512_set1_pd(4.0), _CMP_GE_OQ), y, _mm512_set1_pd(1.0));
}
/* erfc(u), u >= 0 or nan (nan: some value), u2 = u^2 */
EW_VERF_TARGET static inline __m512d ew_verf_erfc8(__m512d u, __m512d u2) {
    const __m512d uc = _mm512_min_pd(u, _mm512_set1_pd(10.999999999999998));
    const __m512i b = _mm512_castpd_si512(_mm512_add_pd(uc, _mm512_set1_pd(1.0)));
    const __m512i i = _mm512_sub_epi64(_mm512_srli_epi64(b, 50), _mm512_set1_epi64(4092));
    const __m512d m = _mm512_castsi512_pd(_mm512_or_si512(_mm512_and_si512(b, _mm512_set1_epi64(0x0003ffffffffffff)), _mm512_set1_epi64(0x3ff0000000000000)));
    const __m512d s = _mm512_fmadd_pd(m, _mm512_set1_pd(4.0), _mm512_set1_pd(-4.5));
    const __m512d p = ew_verf_horner8(ew_verf_erfcx_c, 11, i, s), mu2 = _mm512_sub_pd(_mm512_setzero_pd(), _mm512_min_pd(u2, _mm512_set1_pd(121.0)));
    EW_EXP_REDUCE(__m512d, _mm512_fmadd_pd, _mm512_sub_pd, _mm512_set1_pd, mu2, kd, r);
    EW_EXP_POLY(__m512d, _mm512_fmadd_pd, _mm512_mul_pd, _mm512_set1_pd, r, e);
    const __m512d ex = _mm512_castsi512_pd(_mm512_add_epi64(_mm512_castpd_si512(e), _mm512_slli_epi64(_mm512_castpd_si512(kd), 52)));
    return _mm512_maskz_mul_pd(_mm512_cmp_pd_mask(u, _mm512_set1_pd(11.0), _CMP_LT_OQ), p, ex);
}
/* the rounding test of ew_verf_round on 8 lanes: the float results, and the failing lanes */
EW_VERF_TARGET static inline __m256 ew_verf_round8(__m512d y, __mmask8 *bad) {
    const __m512d eps = _mm512_set1_pd(EW_VERF_EPS);
    const __m256 lo = _mm512_cvtpd_ps(_mm512_fmadd_pd(y, _mm512_sub_pd(_mm512_setzero_pd(), eps), y)), hi = _mm512_cvtpd_ps(_mm512_fmadd_pd(y, eps, y));
    *bad = (__mmask8)_mm256_movemask_ps(_mm256_cmp_ps(lo, hi, _CMP_NEQ_OQ));
    return lo;
}
/* the lanes' values y of 8 inputs xd (a double vector of floats), as the element functions */
#define EW_VERF_ERF8(xd, y) \
    const __m512d y = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(xd, xd, _CMP_UNORD_Q), ew_verf_erf8(_mm512_abs_pd(xd)), xd)
#define EW_VERF_ERFC8(xd, y) \
    const __m512d y##e = ew_verf_erfc8(_mm512_abs_pd(xd), _mm512_mul_pd(xd, xd)); \
    const __m512d y##s = _mm512_mask_sub_pd(y##e, _mm512_cmp_pd_mask(xd, _mm512_setzero_pd(), _CMP_LT_OQ), _mm512_set1_pd(2.0), y##e); \
    const __m512d y = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(xd, xd, _CMP_UNORD_Q), y##s, xd)
#define EW_VERF_NDTR8_(xd, y) \
    const __m512d y##e = ew_verf_erfc8(_mm512_mul_pd(_mm512_abs_pd(xd), _mm512_set1_pd(EW_VERF_SQRT1_2)), _mm512_mul_pd(_mm512_mul_pd(xd, xd), _mm512_set1_pd(0.5))); \
    const __m512d y##n = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(xd, _mm512_setzero_pd(), _CMP_GT_OQ), _mm512_mul_pd(_mm512_set1_pd(0.5), y##e), \
                                              _mm512_fnmadd_pd(_mm512_set1_pd(0.5), y##e, _mm512_set1_pd(1.0)))
#define EW_VERF_NDTR8(xd, y) \
    EW_VERF_NDTR8_(xd, y); \
    const __m512d y = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(xd, xd, _CMP_UNORD_Q), y##n, xd)
#define EW_VERF_GELU8(xd, y) \
    EW_VERF_NDTR8_(xd, y); \
    const __m512d y##g = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(xd, _mm512_set1_pd(INFINITY), _CMP_EQ_OQ), _mm512_mul_pd(xd, y##n), _mm512_set1_pd(NAN)); \
    const __m512d y = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(xd, xd, _CMP_UNORD_Q), y##g, xd)
/* erf's and gelu's sign: the result's sign bit is x's (erf is odd and the rounding symmetric;
   y - y EPS loses -0's sign) */
#define EW_VERF_SIGN_ERF(f, x) _mm256_or_ps((f), _mm256_and_ps((x), _mm256_set1_ps(-0.0f)))
#define EW_VERF_SIGN_NONE(f, x) (f)
#define EW_VERF_BLOCK(name, elem, BODY, SIGN) \
EW_VERF_TARGET static void name##_512(float *o, const float *x, int64_t n) { \
    int64_t i = 0; \
    for (; i < n; i += 16) { \
        const __mmask16 live = n - i >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - i)) - 1); \
        const __m512 xv = _mm512_maskz_loadu_ps(live, x + i); \
        const __m256 x0 = _mm512_castps512_ps256(xv), x1 = _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(xv), 1)); \
        const __m512d d0 = _mm512_cvtps_pd(x0), d1 = _mm512_cvtps_pd(x1); \
        BODY(d0, y0); \
        BODY(d1, y1); \
        __mmask8 b0, b1; \
        const __m256 f0 = SIGN(ew_verf_round8(y0, &b0), x0), f1 = SIGN(ew_verf_round8(y1, &b1), x1); \
        const __m512 f = _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(_mm512_castps256_ps512(f0)), _mm256_castps_pd(f1), 1)); \
        unsigned bad = ((unsigned)b0 | (unsigned)b1 << 8) & live; \
        if (bad) { \
            _Alignas(64) float xs[16], fs[16]; \
            _mm512_store_ps(xs, xv); \
            _mm512_store_ps(fs, f); \
            for (; bad; bad &= bad - 1) { const int j = __builtin_ctz(bad); fs[j] = elem(xs[j]); } \
            _mm512_mask_storeu_ps(o + i, live, _mm512_load_ps(fs)); \
        } else { \
            _mm512_mask_storeu_ps(o + i, live, f); \
        } \
    } \
} \
EW_TARGET_F16C static inline void name(float *o, const float *x, int64_t n) { \
    if (ew_use_avx512()) { name##_512(o, x, n); return; } \
    for (int64_t i = 0; i < n; i++) o[i] = elem(x[i]); \
}
EW_VERF_BLOCK(ew_verff_block, ew_verff, EW_VERF_ERF8, EW_VERF_SIGN_ERF)
EW_VERF_BLOCK(ew_verfcf_block, ew_verfcf, EW_VERF_ERFC8, EW_VERF_SIGN_NONE)
EW_VERF_BLOCK(ew_vndtrf_block, ew_vndtrf, EW_VERF_NDTR8, EW_VERF_SIGN_NONE)
EW_VERF_BLOCK(ew_vgeluf_block, ew_vgeluf, EW_VERF_GELU8, EW_VERF_SIGN_ERF)
#endif
/* ---- erfinv: special_fast.h's EW_ERFINV_P1/P2 (polynomials in w = -log(1 - y^2)), its value
   before the rounding kept where the rounding test passes at EPS 2^-43 (the fits' errors are
   5e-15 and 1e-15); the slow path is the long double ew_erfinv (Newton steps on erfcl).  The
   block: 8 double lanes, two passes over EW_VBLK floats (w into a buffer, as the AVX2 block,
   then the polynomial of degree 20: many independent chains in flight); blocks with some
   |y| > 0.999 (the second polynomial, +-1, nan) take the element function. */
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
#ifdef EW_HAVE_F16C_PATH
EW_VERF_TARGET static void ew_verfinvf_block_512(float *o, const float *x, int64_t n) {
    _Alignas(64) double wb[EW_VBLK];
    int64_t i0 = 0;
    for (; i0 + EW_VBLK <= n; i0 += EW_VBLK) {
        const float *xb = x + i0;
        __mmask16 out = 0;
        for (int j = 0; j < EW_VBLK; j += 16)
            out |= _mm512_cmpgt_epi32_mask(_mm512_and_si512(_mm512_loadu_si512(xb + j), _mm512_set1_epi32(0x7fffffff)),
                                           _mm512_set1_epi32(0x3f7fbe77));        /* 0.999f */
        if (out) {
            for (int j = 0; j < EW_VBLK; j++) o[i0 + j] = ew_verfinvf(xb[j]);
            continue;
        }
        for (int j = 0; j < EW_VBLK; j += 8) {
            const __m512d a = _mm512_abs_pd(_mm512_cvtps_pd(_mm256_loadu_ps(xb + j))), one = _mm512_set1_pd(1.0);
            const __m512d t = _mm512_mul_pd(_mm512_sub_pd(one, a), _mm512_add_pd(one, a));
            const __m512i ix = _mm512_add_epi64(_mm512_castpd_si512(t), _mm512_set1_epi64((int64_t)(0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull)));
            const __m512i kb = _mm512_add_epi64(_mm512_srli_epi64(ix, 52), _mm512_set1_epi64(0x4330000000000000ll));
            const __m512d k = _mm512_sub_pd(_mm512_castsi512_pd(kb), _mm512_set1_pd(0x1p52 + 0x3ff));
            const __m512d f = _mm512_sub_pd(_mm512_castsi512_pd(_mm512_add_epi64(_mm512_and_si512(ix, _mm512_set1_epi64(0x000fffffffffffffll)),
                                                                                 _mm512_set1_epi64(0x3fe6a09e667f3bcdll))), one);
            const __m512d s = _mm512_div_pd(f, _mm512_add_pd(_mm512_set1_pd(2.0), f)), z = _mm512_mul_pd(s, s);
            const __m512d r = EW_LOG_R(_mm512_fmadd_pd, _mm512_set1_pd, z);
            const __m512d lg = _mm512_fmadd_pd(k, _mm512_set1_pd(0x1.62e42fefa39efp-1), _mm512_mul_pd(_mm512_mul_pd(_mm512_set1_pd(2.0), s), r));
            _mm512_store_pd(wb + j, _mm512_sub_pd(_mm512_setzero_pd(), lg));     /* (ew_nlog_fma's -lg: the same but at 0) */
        }
        _Alignas(64) float ob[EW_VBLK];
        unsigned bad = 0;
        for (int j = 0; j < EW_VBLK; j += 8) {
            const __m512d u = EW_ERFINV_U1(_mm512_fmadd_pd, _mm512_set1_pd, _mm512_load_pd(wb + j));
            const __m512d p = EW_ERFINV_P1(_mm512_fmadd_pd, _mm512_set1_pd, u);
            const __m512d r = _mm512_mul_pd(_mm512_cvtps_pd(_mm256_loadu_ps(xb + j)), p);
            const __m256 lo = _mm512_cvtpd_ps(_mm512_fmadd_pd(r, _mm512_set1_pd(-EW_VERFINV_EPS), r));
            const __m256 hi = _mm512_cvtpd_ps(_mm512_fmadd_pd(r, _mm512_set1_pd(EW_VERFINV_EPS), r));
            bad |= (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(lo, hi, _CMP_NEQ_OQ));
            _mm256_store_ps(ob + j, _mm256_or_ps(lo, _mm256_and_ps(_mm256_loadu_ps(xb + j), _mm256_set1_ps(-0.0f))));
        }
        if (bad)
            for (int j = 0; j < EW_VBLK; j++) ob[j] = ew_verfinvf(xb[j]);    /* (rare: about one block in 2^12) */
        memcpy(o + i0, ob, sizeof ob);
    }
    for (; i0 < n; i0++) o[i0] = ew_verfinvf(x[i0]);
}
EW_TARGET_F16C static inline void ew_verfinvf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_verfinvf_block_512(o, x, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_verfinvf(x[i]);
}
#endif
#endif
