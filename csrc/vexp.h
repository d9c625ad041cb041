/* Float32 exponential family in 16-lane AVX-512 blocks (issue 17: exp, exp2, sinh, cosh, silu,
   mish, gelu tanh; tanh and sigmoid: csrc/verfc.c, on these macros).  Ziv's strategy: a short evaluation in double (8 lanes a
   vector, two vectors a step) with a known error bound, then a rounding test per lane: a double
   result farther from a float rounding boundary (a midpoint) than the bound rounds to the
   correctly rounded float; a lane that fails the test, or lies outside the fast path's range
   (nan, inf, overflow, a subnormal result), gets a scalar reference (double or long double, far
   more accurate).  exp is checked on all 2^32 float inputs, the others on samples and sweeps
   (benchmarks/results.md, branch vexp).  Where the CPU has no AVX-512 the blocks are the older AVX2 ones.  Included
   from prelude.h after vmath.h. */
#ifndef EW_VEXP_H
#define EW_VEXP_H
#ifdef EW_HAVE_F16C_PATH
#define EW_TARGET_VX __attribute__((target("avx512f,avx512dq,avx512vl,avx2,f16c,fma")))

/* e^v = 2^(k/16) e^r, k = round(16 v / ln 2), r = v - k ln2/16 (one fma: error k 2^-57, below
   2^-46); the table holds 2^(j/16) less (j << 48), so that adding kd's bits shifted by 48 (k mod
   2^16, j included) puts both k / 16 into the exponent and j back: t = 2^(k/16).  e^r - 1 =
   r + r^2 (c2 + c3 r + c4 r^2 + c5 r^3), a Chebyshev fit on |r| <= ln2/32 (mpmath; absolute
   error 2^-45.6, relative 2^-40 of e^r - 1 near its ends).  v is a double in [-700, 700]. */
static const uint64_t ew_vx_tab[16] = {
    0x3ff0000000000000u, 0x3fefb5586cf9890fu, 0x3fef72b83c7d517bu, 0x3fef387a6e756238u,
    0x3fef06fe0a31b715u, 0x3feedea64c123422u, 0x3feebfdad5362a27u, 0x3feeab07dd485429u,
    0x3feea09e667f3bcdu, 0x3feea11473eb0187u, 0x3feeace5422aa0dbu, 0x3feec49182a3f090u,
    0x3feee89f995ad3adu, 0x3fef199bdd85529cu, 0x3fef5818dcfba487u, 0x3fefa4afa2a490dau};
#define EW_VX_EXPPARTS(v, t, q) \
    const __m512d t##kd = _mm512_fmadd_pd((v), _mm512_set1_pd(0x1.71547652b82fep+4), _mm512_set1_pd(0x1.8p52)); \
    const __m512d t##r = _mm512_fnmadd_pd(_mm512_sub_pd(t##kd, _mm512_set1_pd(0x1.8p52)), _mm512_set1_pd(0x1.62e42fefa39efp-5), (v)); \
    EW_VX_TABLE(t##kd, t); \
    EW_VX_POLY(t##r, q)
#define EW_VX_TABLE(kd, t) \
    const __m512i t##kb = _mm512_castpd_si512(kd); \
    const __m512d t = _mm512_castsi512_pd(_mm512_add_epi64(_mm512_permutex2var_epi64(ew_vx_tlo, t##kb, ew_vx_thi), _mm512_slli_epi64(t##kb, 48)))
#define EW_VX_POLY(r, q) \
    const __m512d q##r2 = _mm512_mul_pd((r), (r)); \
    const __m512d q##a = _mm512_fmadd_pd((r), _mm512_set1_pd(0x1.555555552549dp-3), _mm512_set1_pd(0x1.ffffffff57d7ap-2)); \
    const __m512d q##b = _mm512_fmadd_pd((r), _mm512_set1_pd(0x1.1111d90669f41p-7), _mm512_set1_pd(0x1.5556b342d640ep-5)); \
    const __m512d q = _mm512_fmadd_pd(q##r2, _mm512_fmadd_pd(q##r2, q##b, q##a), (r))
/* n / d (d >= 1): vrcp14pd, one Newton step (2^-14, 2^-28), the quotient, corrected once by
   its exact remainder: relative error near 2^-52; RCP: 1 / d alone */
#define EW_VX_RCP(d, y) \
    const __m512d y##0 = _mm512_rcp14_pd(d); \
    const __m512d y = _mm512_fmadd_pd(y##0, _mm512_fnmadd_pd((d), y##0, _mm512_set1_pd(1.0)), y##0)
#define EW_VX_QUOT(n, d, q) \
    EW_VX_RCP(d, q##y); \
    const __m512d q##q0 = _mm512_mul_pd((n), q##y); \
    const __m512d q = _mm512_fmadd_pd(_mm512_fnmadd_pd(q##q0, (d), (n)), q##y, q##q0)
#define EW_VX_INV(d, q) \
    EW_VX_RCP(d, q##y); \
    const __m512d q = _mm512_fmadd_pd(_mm512_fnmadd_pd(q##y, (d), _mm512_set1_pd(1.0)), q##y, q##y)
/* the lanes of a double y within 2^W double ulps of a float midpoint (the low 29 bits near
   0x10000000): their rounding to float is not certain */
#define EW_VX_NEAR(y, W) _mm512_testn_epi64_mask(_mm512_add_epi64(_mm512_castpd_si512(y), _mm512_set1_epi64(0x10000000 + (1 << (W)))), \
                                                 _mm512_set1_epi64(0x1fffffff & ~((2 << (W)) - 1)))
#define EW_VX_ABS(v) _mm512_andnot_pd(_mm512_set1_pd(-0.0), (v))

/* The block: 16 floats a step (the last step masked).  IN(xf): the lanes the fast path takes;
   PRE(xf): the float lanes converted to double (an exact float operation: |x|, a clamp, 2x);
   BODY(ad, y): the double result y of 8 such lanes; POST(yf, xf): an exact float operation on the
   rounded result (a sign, a select); W: the window; ref: the scalar function for the other
   lanes.  The input is read ahead (the prefetch measured 10-20% at 10M elements).  Output may
   be the input itself: a step reads its inputs before it writes. */
#define EW_VX_BLOCK(name, IN, PRE, BODY, POST, W, ref) \
EW_TARGET_VX static inline __m512 name##_step(const float *x, __mmask16 m, __m512i ew_vx_tlo, __m512i ew_vx_thi) { \
    const __m512 xf = _mm512_maskz_loadu_ps(m, x), af = PRE(xf); \
    const __m512d x0 = _mm512_cvtps_pd(_mm512_castps512_ps256(af)); \
    const __m512d x1 = _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(af), 1))); \
    BODY(x0, y0); \
    BODY(x1, y1); \
    const __mmask16 bad = (__mmask16)(((EW_VX_NEAR(y0, W) | ((unsigned)EW_VX_NEAR(y1, W) << 8)) | ~(unsigned)IN(xf)) & m); \
    __m512 yf = _mm512_castps256_ps512(_mm512_cvtpd_ps(y0)); \
    yf = _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castps_pd(yf), _mm256_castps_pd(_mm512_cvtpd_ps(y1)), 1)); \
    yf = POST(yf, xf); \
    if (__builtin_expect(bad != 0, 0)) { \
        _Alignas(64) float t[16]; \
        _mm512_store_ps(t, yf); \
        for (int j = 0; j < 16; j++) \
            if (bad >> j & 1) t[j] = ref(x[j]); \
        yf = _mm512_load_ps(t); \
    } \
    return yf; \
} \
EW_TARGET_VX static inline void name(float *o, const float *x, int64_t n) { \
    const __m512i tlo = _mm512_loadu_si512(ew_vx_tab), thi = _mm512_loadu_si512(ew_vx_tab + 8); \
    int64_t i = 0; \
    for (; i + 16 <= n; i += 16) { \
        _mm_prefetch((const char *)(x + i + 1024), _MM_HINT_T0); \
        _mm512_storeu_ps(o + i, name##_step(x + i, 0xffff, tlo, thi)); \
    } \
    if (i < n) { \
        const __mmask16 m = (__mmask16)((1u << (n - i)) - 1); \
        _mm512_mask_storeu_ps(o + i, m, name##_step(x + i, m, tlo, thi)); \
    } \
}
#define EW_VX_ID(xf) (xf)
#define EW_VX_ID2(yf, xf) (yf)
/* float-lane helpers: |x|, y with x's sign (y >= +0, one vpternlogd), x where |x| < lim */
#define EW_VX_FABS(xf) _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(xf), _mm512_set1_epi32(0x7fffffff)))
#define EW_VX_FSIGN(yf, xf) _mm512_castsi512_ps(_mm512_ternarylogic_epi32(_mm512_castps_si512(yf), _mm512_castps_si512(xf), \
                                                                          _mm512_set1_epi32((int)0x80000000u), 0xf8))
#define EW_VX_FSMALL(yf, xf, lim) _mm512_mask_blend_ps(_mm512_cmp_ps_mask(EW_VX_FABS(xf), _mm512_set1_ps(lim), _CMP_LT_OQ), (yf), (xf))
/* fast-path ranges: lo < x < hi (nan excluded) */
#define EW_VX_IN(xf, lo, hi) (_mm512_cmp_ps_mask((xf), _mm512_set1_ps(lo), _CMP_GT_OQ) & _mm512_cmp_ps_mask((xf), _mm512_set1_ps(hi), _CMP_LT_OQ))

/* ---- exp: y = t + t q, for -87.33 < x < 88.72 (a normal float result) */
#define EW_VX_B_EXP(xd, y) \
    EW_VX_EXPPARTS(xd, y##t, y##q); \
    const __m512d y = _mm512_fmadd_pd(y##t, y##q, y##t)
#define EW_VX_IN_EXP(xf) EW_VX_IN(xf, -87.33f, 88.72f)
/* the reference: glibc's double exp, rounded once (double rounding checked on every input) */
static inline float ew_vx_exp_ref(float x) { return (float)exp((double)x); }
EW_VX_BLOCK(ew_vx_expf_x512, EW_VX_IN_EXP, EW_VX_ID, EW_VX_B_EXP, EW_VX_ID2, 9, ew_vx_exp_ref)

/* ---- exp2: 2^x = 2^(k/16) 2^(x - k/16), x - k/16 exact, times ln 2 (one rounding) */
#define EW_VX_B_EXP2(xd, y) \
    const __m512d y##kd = _mm512_fmadd_pd(xd, _mm512_set1_pd(16.0), _mm512_set1_pd(0x1.8p52)); \
    const __m512d y##r = _mm512_mul_pd(_mm512_fnmadd_pd(_mm512_sub_pd(y##kd, _mm512_set1_pd(0x1.8p52)), _mm512_set1_pd(0.0625), xd), \
                                       _mm512_set1_pd(0x1.62e42fefa39efp-1)); \
    EW_VX_TABLE(y##kd, y##t); \
    EW_VX_POLY(y##r, y##q); \
    const __m512d y = _mm512_fmadd_pd(y##t, y##q, y##t)
#define EW_VX_IN_EXP2(xf) EW_VX_IN(xf, -126.0f, 128.0f)
/* exp2l: glibc's double exp2 rounds to a float the wrong way at 0x1.853a6ep-9 and -0x1.e7526ep-6 */
static inline float ew_vx_exp2_ref(float x) { return (float)exp2l((long double)x); }
EW_VX_BLOCK(ew_vx_exp2f_x512, EW_VX_IN_EXP2, EW_VX_ID, EW_VX_B_EXP2, EW_VX_ID2, 9, ew_vx_exp2_ref)

/* e^v - 1 = t - 1 + t q: t - 1 is exact for t in [1/2, 2] and rounds once beyond, where
   |e^v - 1| >= 1/2; with k = 0 it is q itself (relative error 2^-40) */
#define EW_VX_EXPM1(v, y) \
    EW_VX_EXPPARTS(v, y##t, y##q); \
    const __m512d y = _mm512_fmadd_pd(y##t, y##q, _mm512_sub_pd(y##t, _mm512_set1_pd(1.0)))
#define EW_VX_IN_ALL(xf) EW_VX_IN(xf, -INFINITY, INFINITY)
#define EW_VX_IN_HYP(xf) EW_VX_IN(xf, -89.41f, 89.41f)      /* sinh, cosh: a finite float result */

/* ---- sinh |x| = (em + em / (em + 1)) / 2, em = e^|x| - 1 (no cancellation); x's sign, x
   itself below 2^-12; |x| < 89.41 (sinh overflows float from 89.4159) */
#define EW_VX_B_SINH(ad, y) \
    EW_VX_EXPM1(ad, y##m); \
    EW_VX_QUOT(y##m, _mm512_add_pd(y##m, _mm512_set1_pd(1.0)), y##q); \
    const __m512d y = _mm512_mul_pd(_mm512_add_pd(y##m, y##q), _mm512_set1_pd(0.5))
#define EW_VX_POST_SINH(yf, xf) EW_VX_FSMALL(EW_VX_FSIGN(yf, xf), xf, 0x1p-12f)
static inline float ew_vx_sinh_ref(float x) { return (float)sinhl((long double)x); }
EW_VX_BLOCK(ew_vx_sinhf_x512, EW_VX_IN_HYP, EW_VX_FABS, EW_VX_B_SINH, EW_VX_POST_SINH, 14, ew_vx_sinh_ref)

/* ---- cosh |x| = (E + 1 / E) / 2, E = e^|x| */
#define EW_VX_B_COSH(ad, y) \
    EW_VX_EXPPARTS(ad, y##t, y##q); \
    const __m512d y##e = _mm512_fmadd_pd(y##t, y##q, y##t); \
    EW_VX_INV(y##e, y##i); \
    const __m512d y = _mm512_mul_pd(_mm512_add_pd(y##e, y##i), _mm512_set1_pd(0.5))
static inline float ew_vx_cosh_ref(float x) { return (float)coshl((long double)x); }
EW_VX_BLOCK(ew_vx_coshf_x512, EW_VX_IN_HYP, EW_VX_FABS, EW_VX_B_COSH, EW_VX_ID2, 10, ew_vx_cosh_ref)

/* ---- sigmoid(u) = s = 1 / (1 + e), e = e^-|u| (|u| clamped to 100), times e where u < 0 */
#define EW_VX_SIGMOID(u, y) \
    EW_VX_EXPPARTS(_mm512_xor_pd(_mm512_min_pd(EW_VX_ABS(u), _mm512_set1_pd(100.0)), _mm512_set1_pd(-0.0)), y##t, y##q); \
    const __m512d y##e = _mm512_fmadd_pd(y##t, y##q, y##t); \
    EW_VX_INV(_mm512_add_pd(y##e, _mm512_set1_pd(1.0)), y##s); \
    const __m512d y = _mm512_mask_mul_pd(y##s, _mm512_cmp_pd_mask((u), _mm512_setzero_pd(), _CMP_LT_OQ), y##s, y##e)
/* sigmoid for x > -87.33 (a normal float result); below, the reference (vmath.h's
   ew_vsigmoid_ref) gives torch's 0 where its e^-x overflows float (x < -88.72) */
#define EW_VX_IN_SIGMOID(xf) EW_VX_IN(xf, -87.33f, INFINITY)

/* ---- silu = x sigmoid(x), x > -87.33 (a normal result); torch's nan at -inf (-inf / inf) */
/* silu, gelu tanh, mish: |x| > 2^-120 too (x/2, 3x/5 near 0: a subnormal result below) */
#define EW_VX_IN_TINY(xf) _mm512_cmp_ps_mask(EW_VX_FABS(xf), _mm512_set1_ps(0x1p-120f), _CMP_GT_OQ)
#define EW_VX_IN_SILU(xf) (EW_VX_IN_SIGMOID(xf) & EW_VX_IN_TINY(xf))
#define EW_VX_B_SILU(xd, y) \
    EW_VX_SIGMOID(xd, y##s); \
    const __m512d y = _mm512_mul_pd(xd, y##s)
/* a float of s, where s is exact or a float midpoint only through a dropped rest of sign `up`
   (1: above, 0: below): the midpoint goes to that side */
static inline float ew_vx_round_tie(long double s, int up) {
    const float f = (float)s, g = nextafterf(f, s > (long double)f ? INFINITY : -INFINITY);
    if (g != f && s == ((long double)f + (long double)g) / 2)
        return up ? (f > g ? f : g) : (f < g ? f : g);
    return f;
}
static inline float ew_vx_silu_ref(float x) {
    if (x == -INFINITY) return NAN;
    if (x == 0) return x;                        /* -0 stays -0 */
    if (!(fabsf(x) < 0x1p-12f)) return (float)((long double)x / (1.0L + expl(-(long double)x)));
    /* near 0: x/2 + x^2/4 - x^4/96 + x^6/1920.  x/2 + x^2/4 (Fast2Sum: s1 + e1, exactly) can be a
       float midpoint (x/2 alone for a subnormal result, x = 2^-23 with x^2/4): the rest decides */
    const long double xl = x, a = 0.5L * xl, q = 0.25L * xl * xl, s1 = a + q, e1 = q - (s1 - a);
    const long double r = e1 + q * q * (-1.0L / 6 + q / 30);
    return ew_vx_round_tie(s1 + r, r > 0);
}
EW_VX_BLOCK(ew_vx_siluf_x512, EW_VX_IN_SILU, EW_VX_ID, EW_VX_B_SILU, EW_VX_ID2, 10, ew_vx_silu_ref)

/* ---- gelu tanh = x sigmoid(2u), u = kBeta (x + kKappa x^3) with torch's float constants, in
   double as ew_vgelu_tanhf; x > -9 (below, a result near the subnormals: the reference) */
#define EW_VX_B_GELU_TANH(xd, y) \
    const __m512d y##u = _mm512_mul_pd(_mm512_set1_pd(2.0 * (double)0.79788456080286535588f), \
        _mm512_fmadd_pd(_mm512_mul_pd(_mm512_mul_pd(xd, xd), xd), _mm512_set1_pd((double)0.044715f), xd)); \
    EW_VX_SIGMOID(y##u, y##s); \
    const __m512d y = _mm512_mul_pd(xd, y##s)
#define EW_VX_IN_GELU(xf) (EW_VX_IN(xf, -9.0f, INFINITY) & EW_VX_IN_TINY(xf))
static inline float ew_vx_gelu_tanh_ref(float x) {
    if (x == -INFINITY) return NAN;
    if (fabsf(x) < 0x1p-100f)           /* x/2 + kBeta x^2/2: x/2 (exact), a subnormal midpoint rounded up */
        return ew_vx_round_tie(0.5L * x, 1);
    const long double xd = x, u = (long double)0.79788456080286535588f * (xd + (long double)0.044715f * xd * xd * xd);
    const long double t = -2 * u;
    return (float)(xd / (1 + expl(t > 20000 ? 20000 : t)));
}
EW_VX_BLOCK(ew_vx_gelu_tanhf_x512, EW_VX_IN_GELU, EW_VX_ID, EW_VX_B_GELU_TANH, EW_VX_ID2, 10, ew_vx_gelu_tanh_ref)

/* ---- mish = x n / (n + 2), n = E (E + 2), E = e^x, x clamped to 40 (n / (n + 2) is 1 in
   double beyond); x > -85 (a normal result); torch's nan at -inf */
#define EW_VX_B_MISH(xd, y) \
    EW_VX_EXPPARTS(_mm512_min_pd(xd, _mm512_set1_pd(40.0)), y##t, y##q); \
    const __m512d y##e = _mm512_fmadd_pd(y##t, y##q, y##t), y##n = _mm512_mul_pd(y##e, _mm512_add_pd(y##e, _mm512_set1_pd(2.0))); \
    EW_VX_QUOT(y##n, _mm512_add_pd(y##n, _mm512_set1_pd(2.0)), y##s); \
    const __m512d y = _mm512_mul_pd(xd, y##s)
#define EW_VX_IN_MISH(xf) (EW_VX_IN(xf, -85.0f, INFINITY) & EW_VX_IN_TINY(xf))
static inline float ew_vx_mish_ref(float x) {
    if (x == -INFINITY) return NAN;
    const long double e = expl(x > 40 ? 40 : (long double)x), n = e * (e + 2);
    return (float)((long double)x * n / (n + 2));
}
EW_VX_BLOCK(ew_vx_mishf_x512, EW_VX_IN_MISH, EW_VX_ID, EW_VX_B_MISH, EW_VX_ID2, 11, ew_vx_mish_ref)

/* ---- the ops' blocks (ops.yaml `block:`): the AVX-512 ones, or where the CPU has none the
   AVX2 flavour's own (a block function, or its element function, which gcc vectorises) */
static inline float ew_vx_mish_old(float x) { return x == -INFINITY ? NAN : ew_mish_float(x); }
#define EW_VX_OPBLOCK(name, x512, OLD) \
EW_TARGET_F16C static inline void name(float *o, const float *x, int64_t n) { \
    if (ew_use_avx512()) x512(o, x, n); \
    else OLD; \
}
#define EW_VX_LOOP(elem) for (int64_t i = 0; i < n; i++) o[i] = elem(x[i])
EW_VX_OPBLOCK(ew_expf_block, ew_vx_expf_x512, ew_expf_block_avx2(o, x, n))
EW_VX_OPBLOCK(ew_vx_exp2f_block, ew_vx_exp2f_x512, EW_VX_LOOP(ew_exp2f_fma))
EW_VX_OPBLOCK(ew_vx_sinhf_block, ew_vx_sinhf_x512, EW_VX_LOOP(ew_sinhf_fma))
EW_VX_OPBLOCK(ew_vx_coshf_block, ew_vx_coshf_x512, EW_VX_LOOP(ew_coshf_fma))
EW_VX_OPBLOCK(ew_vx_siluf_block, ew_vx_siluf_x512, EW_VX_LOOP(ew_silu_float))
EW_VX_OPBLOCK(ew_vx_gelu_tanhf_block, ew_vx_gelu_tanhf_x512, EW_VX_LOOP(ew_vgelu_tanhf))
EW_VX_OPBLOCK(ew_vx_mishf_block, ew_vx_mishf_x512, EW_VX_LOOP(ew_vx_mish_old))
#endif
#endif
