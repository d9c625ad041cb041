/* Float32 transcendental functions and activations at memory speed (issue 17): expm1, tanh,
   log, log1p, sigmoid and what is built on them.  The pattern of prelude.h's "float exp, sin,
   cos": evaluated in double with fma, branch-free, with a relative error near 2^-50 before the
   one rounding to float (the correctly rounded result but for rare near-halfway cases), each
   written once as a macro over T (double or __m256d), F (fma), FN (-a b + c), M (multiply),
   A (add), C (constant), so that the element functions and the AVX2 block functions compute
   the same operations in the same order: the same values.  Included from prelude.h (after the
   activations' helpers, whose ew_exp_fma_d it uses). */
#ifndef EW_VMATH_H
#define EW_VMATH_H
#include <stdlib.h>

/* n / d in double without vdivpd (4 lanes in 8 cycles: the bottleneck of a whole tanh): the
   float reciprocal 1 / (float)d (a float division, 8 lanes in 5 cycles; exact IEEE, so the same
   in every flavour and vectorisable by gcc: 2^-23), the quotient n y, then one correction with
   its exact remainder (fma): relative error 2^-46.  d must be in a normal float's range. */
#define EW_VQUOT(T, F, FN, M, C, RCP, n, d, q) \
    const T q##y = RCP(d), q##0 = M(n, q##y), q = F(FN(q##0, d, n), q##y, q##0)
static inline double ew_vrcp_d(double d) { return (double)(1.0f / (float)d); }
#define EW_DFN(a, b, c) fma(-(a), (b), (c))
#define EW_DADD(a, b) ((a) + (b))

/* e^x - 1 for x in [-30, 89]: x = k ln 2 + r (EW_EXP_REDUCE), e^r - 1 = r Q(r) with Q of degree
   10 (Chebyshev fit of expm1(r) / r on |r| <= ln2 / 2, mpmath: error 2^-55; evaluated as
   r + q1 r^2 + ... + q10 r^11, Estrin's scheme), then
   2^k (e^r - 1) + (2^k - 1) with one rounding; P2 makes 2^k from kd */
#define EW_EXPM1_CORE(T, F, S, M, C, P2, xd, y) \
    EW_EXP_REDUCE(T, F, S, C, xd, y##kd, y##r); \
    const T y##r2 = M(y##r, y##r), y##r4 = M(y##r2, y##r2), y##r8 = M(y##r4, y##r4); \
    const T y##q = F(F(F(y##r, C(0x1.af52906239de4p-26), C(0x1.28a6924913659p-22)), y##r2, F(y##r, C(0x1.71ddffef9e7b1p-19), C(0x1.a019a2b5a03cap-16))), y##r8, \
                     F(F(F(y##r, C(0x1.a01a01aca0134p-13), C(0x1.6c16c18071d1ep-10)), y##r2, F(y##r, C(0x1.111111110ff87p-7), C(0x1.5555555551c52p-5))), y##r4, \
                       F(F(y##r, C(0x1.5555555555557p-3), C(0x1.0000000000006p-1)), y##r2, F(y##r, C(0x1.0p0), C(0.0))))); \
    const T y##s = P2(y##kd); \
    const T y = F(y##s, y##q, S(y##s, C(1.0)))
#define EW_DPOW2(kd) ew_u2d(0x3ff0000000000000u + (ew_d2u(kd) << 52))

/* log u for a positive normal double u: u = 2^e m, m in [sqrt(1/2), sqrt 2), f = m - 1,
   log m = 2 atanh(s) = 2s + s^3 P(s^2), s = f / (f + 2) (P of degree 6, Chebyshev fit, error
   2^-61), plus e ln 2 in two parts (fdlibm's: e ln2_hi exact).  BITS gives the integer view,
   EXP the exponent e as a double from the shifted bits (see ew_vlog_d) */
#define EW_LOG_CORE(T, F, FN, S, M, C, RCP, ED, MANT, u, y) \
    const T y##e = ED(u), y##f = S(MANT(u), C(1.0)); \
    EW_VQUOT(T, F, FN, M, C, RCP, y##f, F(C(1.0), y##f, C(2.0)), y##s); \
    const T y##z = M(y##s, y##s), y##z2 = M(y##z, y##z), y##z4 = M(y##z2, y##z2); \
    const T y##p = F(F(y##z2, C(0x1.2b9f7fb3de73fp-3), F(y##z, C(0x1.39f8963ccbdc2p-3), C(0x1.7462e17b4cdd0p-3))), y##z4, \
                     F(F(y##z, C(0x1.c71c6247410e3p-3), C(0x1.2492492e6dfddp-2)), y##z2, F(y##z, C(0x1.9999999994e76p-2), C(0x1.5555555555558p-1)))); \
    const T y = F(y##e, C(6.93147180369123816490e-01), F(y##e, C(1.90821492927058770002e-10), F(M(y##s, y##z), y##p, M(C(2.0), y##s))))
/* the exponent e of u = 2^e m, m in [sqrt(1/2), sqrt 2): the bits less sqrt(1/2)'s, plus a bias
   that keeps them positive; m: u with its exponent field less e */
#define EW_LOG_OFF 0x3fe6a09e667f3bcdu
#define EW_LOG_BIAS 0x3ff0000000000000u
static inline double ew_vlog_e(double u) {
    return ew_u2d(((ew_d2u(u) - EW_LOG_OFF + EW_LOG_BIAS) >> 52) | 0x4330000000000000u) - (0x1p52 + 1023);
}
static inline double ew_vlog_m(double u) {
    return ew_u2d(ew_d2u(u) - (((ew_d2u(u) - EW_LOG_OFF + EW_LOG_BIAS) & 0xfff0000000000000u) - EW_LOG_BIAS));
}
static inline double ew_vlog_d(double u) {
    EW_LOG_CORE(double, fma, EW_DFN, EW_DSUB, EW_DMUL, EW_DCONST, ew_vrcp_d, ew_vlog_e, ew_vlog_m, u, y);
    return y;
}
static inline double ew_vexpm1_d(double xd) {
    EW_EXPM1_CORE(double, fma, EW_DSUB, EW_DMUL, EW_DCONST, EW_DPOW2, xd, y);
    return y;
}
/* tanh |x| = em / (em + 2), em = e^2|x| - 1 (|x| clamped to 10, where tanh rounds to 1) */
static inline double ew_vtanh_abs_d(double a) {
    const double em = ew_vexpm1_d(2 * a);
    EW_VQUOT(double, fma, EW_DFN, EW_DMUL, EW_DCONST, ew_vrcp_d, em, em + 2, t);
    return t;
}

/* expm1: x itself where |x| < 2^-25 (-0, subnormals: the correctly rounded result), the input
   quieted for nan */
static inline float ew_vexpm1f(float x) {
    const double xd = x, c = xd < -30 ? -30 : (xd > 89 ? 89 : xd);
    const double y = ew_sel_d(0 - (uint64_t)(fabs(xd) < 0x1p-25), xd, ew_vexpm1_d(c));
    return ew_sel_f(0u - (uint32_t)(x != x), ew_u2f(ew_f2u(x) | 0x00400000u), (float)y);
}
/* tanh: x itself where |x| < 2^-13 (tanh x = x - x^3/3 rounds to x), the sign of x */
static inline float ew_vtanhf(float x) {
    const double xd = x, a = fabs(xd), c = ew_sel_d(0 - (uint64_t)(a > 10), 10.0, a);
    const double t = ew_u2d(ew_d2u(ew_vtanh_abs_d(c)) | (ew_d2u(xd) & 0x8000000000000000u));
    const double y = ew_sel_d(0 - (uint64_t)(a < 0x1p-13), xd, t);
    return ew_sel_f(0u - (uint32_t)(x != x), ew_u2f(ew_f2u(x) | 0x00400000u), (float)y);
}
/* log: -inf at +-0, nan below 0, inf at inf, nan quieted; a float subnormal is a normal double */
static inline float ew_vlogf(float x) {
    const double xd = x;
    const float y = (float)ew_vlog_d(xd > 0 && xd < INFINITY ? xd : 1.0);
    const uint32_t special = 0u - (uint32_t)!(x > 0 && x < INFINITY);
    const float s = x == 0 ? -INFINITY : (x < 0 ? NAN : x + x);
    return ew_sel_f(special, s, y);
}
/* log1p: log(1 + x), 1 + x exact in double for |x| >= 2^-25 (a float has 24 bits); x itself
   below (log1p x = x - x^2/2 rounds to x) */
static inline float ew_vlog1pf(float x) {
    const double xd = x, u = 1 + xd;
    const double y = ew_sel_d(0 - (uint64_t)(fabs(xd) < 0x1p-25), xd, ew_vlog_d(u > 0 && u < INFINITY ? u : 1.0));
    const uint32_t special = 0u - (uint32_t)!(x > -1 && x < INFINITY);
    const float s = x == -1 ? -INFINITY : (x < -1 ? NAN : x + x);
    return ew_sel_f(special, s, (float)y);
}

/* ---- activations (element functions: gcc vectorises their loops in the AVX2 flavour) */
/* log1p w for w in [0, 1] in double: log u, u = 1 + w rounded, plus the rounding error
   (w - (u - 1)) / u, (2 - u) standing in for 1 / u (its error w^2 is far below) */
static inline double ew_vlog1p01_d(double w) {
    const double u = 1 + w;
    return ew_vlog_d(u) + (w - (u - 1)) * (2 - u);
}
/* sigmoid = num / (1 + e), e = e^-|x| <= 1, num = e for x < 0 else 1: no overflow, d in [1, 2] */
static inline double ew_vexpneg_d(double a) { return ew_exp_fma_d(a > 200 ? -200.0 : -a); }   /* e^-a, a >= 0 */
static inline float ew_vsigmoidf(float x) {
    const double xd = x, e = ew_vexpneg_d(fabs(xd)), num = ew_sel_d(0 - (uint64_t)(xd < 0), e, 1.0);
    EW_VQUOT(double, fma, EW_DFN, EW_DMUL, EW_DCONST, ew_vrcp_d, num, 1 + e, q);
    /* 0 where torch's e^-x overflows float (1 / inf): its golden values */
    const double y = ew_sel_d(0 - (uint64_t)(xd < -0x1.62e42ep+6), 0.0, q);
    return ew_sel_f(0u - (uint32_t)(x != x), x, (float)y);
}
/* sigmoid correctly rounded: long double, torch's 0 below -88.72 (the reference of the blocks) */
static inline float ew_vsigmoid_ref(float x) {
    if (x != x) return x;
    if (x < -0x1.62e42ep+6f) return 0.0f;
    if (!(fabsf(x) < 0x1p-12f)) return (float)(1.0L / (1.0L + expl(-(long double)x)));
    /* near 0: 1/2 + x/4 - x^3/48 + x^5/480.  1/2 + x/4 is exact and can be a float midpoint
       (x = 1.5 2^-22: 1/2 + 1.5 2^-24) with the rest below long double's precision: then the
       rest's sign (that of -x) decides the rounding */
    const long double xl = x, s = (0.5L + 0.25L * xl) + xl * xl * xl * (-1.0L / 48 + xl * xl / 480);
    const float f = (float)s, g = nextafterf(f, s > (long double)f ? 1.0f : 0.0f);
    if (g != f && s == ((long double)f + (long double)g) / 2)
        return x > 0 ? (f < g ? f : g) : (f > g ? f : g);
    return f;
}
/* the float32 kernels' element function: ew_vsigmoidf's double value (relative error near 2^-50)
   where it rounds to the same float at +-2^-44, else the reference: the blocks' bits (verfc.c),
   where ew_vsigmoidf alone misrounds 236 inputs (1/2 + x/4 a float midpoint for tiny x) */
static inline float ew_vsigmoidf_cr(float x) {
    const double xd = x, e = ew_vexpneg_d(fabs(xd)), num = ew_sel_d(0 - (uint64_t)(xd < 0), e, 1.0);
    EW_VQUOT(double, fma, EW_DFN, EW_DMUL, EW_DCONST, ew_vrcp_d, num, 1 + e, q);
    const float lo = (float)fma(q, -0x1p-44, q), hi = (float)fma(q, 0x1p-44, q);
    return lo == hi && xd >= -0x1.62e42ep+6 ? lo : ew_vsigmoid_ref(x);      /* (nan: the reference) */
}
/* x sigmoid(u) = x / (1 + e^-u) (silu: u = x; gelu tanh: u = 2 sqrt(2/pi) (x + 0.044715 x^3));
   torch's inf (x / 1) and nan (-inf / inf) at the infinities */
static inline float ew_vxsigmoid(float x, double u) {
    const double xd = x, e = ew_vexpneg_d(fabs(u)), num = ew_sel_d(0 - (uint64_t)(u < 0), e, 1.0);
    EW_VQUOT(double, fma, EW_DFN, EW_DMUL, EW_DCONST, ew_vrcp_d, num, 1 + e, q);
    const float r = (float)(xd * q);
    return ew_sel_f(0u - (uint32_t)(x == -INFINITY), NAN, ew_sel_f(0u - (uint32_t)(x == INFINITY), x, r));
}
static inline float ew_vgelu_tanhf(float x) {
    /* torch's constants, as floats: kBeta = sqrt(2) 2/sqrt(pi) / 2, kKappa = 0.044715 */
    const double xd = x;
    return ew_vxsigmoid(x, 2 * ((double)0.79788456080286535588f * (xd + (double)0.044715f * xd * xd * xd)));
}
/* tanhshrink = x - tanh(x); |x| < 1/8: the series of ew_tanhshrink_float (no cancellation) */
static inline float ew_vtanhshrinkf(float x) {
    const double xd = x, a = fabs(xd), z = xd * xd;
    const double th = ew_u2d(ew_d2u(ew_vtanh_abs_d(ew_sel_d(0 - (uint64_t)(a > 10), 10.0, a))) | (ew_d2u(xd) & 0x8000000000000000u));
    static const double C[11] = {1.0 / 3, -2.0 / 15, 17.0 / 315, -62.0 / 2835, 1382.0 / 155925, -21844.0 / 6081075,
        929569.0 / 638512875, -6404582.0 / 10854718875, 443861162.0 / 1856156927625,
        -18888466084.0 / 194896477400625, 113927491862.0 / 2900518163668125};
    double r = 0;
    for (int k = 10; k >= 0; k--) r = r * z + C[k];
    const double y = ew_sel_d(0 - (uint64_t)(a < 0.125), xd * z * r, xd - th);
    return ew_sel_f(0u - (uint32_t)(x != x), x, (float)y + 0);     /* (+0 where torch's x - tanh(x) is: -0 - -0) */
}
/* elu family: x > 0 ? x scale : alpha scale (e^(x input_scale) - 1), as ew_elu_float; the
   exponent clamped to [-60, 709] (beyond: e^v - 1 is -1, or overflows to inf), a zero kept */
static inline float ew_veluf(float x, float alpha, float scale, float iscale) {
    const float negcoef = alpha * scale;
    const double v = (double)x * (double)iscale;
    const double em = ew_sel_d(0 - (uint64_t)(v == 0), v, ew_sel_d(0 - (uint64_t)(v > 709), INFINITY, ew_vexpm1_d(ew_clampd(v, -60, 709))));
    /* a zero x is x scale, as ew_elu: torch's 0 for a negative or nan alpha */
    return ew_sel_f(0u - (uint32_t)(x >= 0), x * scale, (float)((double)negcoef * em));
}
/* softplus: x where x beta > threshold, else (max(v, 0) + log1p(e^-|v|)) / beta, v = x beta
   (log1p(e^v) without overflow); 1 / beta is hoisted out of the loop (exact for beta = 1) */
static inline float ew_vsoftplusf(float x, float beta, float threshold) {
    const double v = (double)x * (double)beta, a = fabs(v);
    const double w = ew_sel_d(0 - (uint64_t)(a > 700), 0.0, ew_exp_fma_d(a > 700 ? -700.0 : -a));
    const double s = (v > 0 ? v : 0.0) + ew_vlog1p01_d(w);
    const float r = ew_sel_f(0u - (uint32_t)(x != x), x, (float)(s * (1.0 / (double)beta)));
    return ew_sel_f(0u - (uint32_t)(x * beta > threshold), x, r);
}
/* log_sigmoid = min(x, 0) - log1p(e^-|x|) (e^-|x| taken as 0 below e^-700) */
static inline float ew_vlogsigmoidf(float x) {
    const double xd = x, a = fabs(xd);
    const double w = ew_sel_d(0 - (uint64_t)(a > 700), 0.0, ew_exp_fma_d(a > 700 ? -700.0 : -a));
    const float r = (float)((xd < 0 ? xd : 0.0) - ew_vlog1p01_d(w));
    return ew_sel_f(0u - (uint32_t)(x != x), x, r);
}

/* ---- selects and clamps: every arm computed, then chosen with a mask, so that gcc vectorises
   the loop (it will not speculate an arm's arithmetic under -ftrapping-math) */
static inline float ew_leaky_relu_f(float a, float s) { return ew_sel_f(0u - (uint32_t)(a > 0), a, a * s); }
static inline float ew_softshrink_f(float a, float l) {
    const float z = ew_sel_f(0u - (uint32_t)(a != a), a, 0.0f);
    return ew_sel_f(0u - (uint32_t)(a > l), a - l, ew_sel_f(0u - (uint32_t)(a < -l), a + l, z));
}

#ifdef EW_HAVE_F16C_PATH
/* The block functions (ops.yaml `block:`), in vectors of 4 doubles (AVX2) or, where the CPU has
   AVX-512, of 8: the same operations lane by lane, so the same values.  A kit of macros per
   width (V4_, V8_) names the operations; a body macro EW_VB_<f>(K, xd, y) is written once. */
#define EW_TARGET_V8 __attribute__((target("avx512f,avx512dq,avx2,f16c,fma")))
static inline int ew_use_avx512(void) {
    static int v = -1;
    if (v < 0) v = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") && !getenv("EW_NO_AVX512");
    return v;
}
#define V4_T __m256d
#define V4_F _mm256_fmadd_pd
#define V4_FN _mm256_fnmadd_pd
#define V4_S _mm256_sub_pd
#define V4_M _mm256_mul_pd
#define V4_A _mm256_add_pd
#define V4_C _mm256_set1_pd
#define V4_MIN _mm256_min_pd
#define V4_MAX _mm256_max_pd
#define V4_ABS(v) _mm256_andnot_pd(_mm256_set1_pd(-0.0), (v))
#define V4_SIGN(t, x) _mm256_or_pd((t), _mm256_and_pd((x), _mm256_set1_pd(-0.0)))      /* t with x's sign (t >= +0) */
#define V4_SEL_LT(a, b, t, f) _mm256_blendv_pd((f), (t), _mm256_cmp_pd((a), (b), _CMP_LT_OQ))   /* a < b ? t : f */
#define V4_LOAD(p) _mm256_cvtps_pd(_mm_loadu_ps(p))
#define V4_STORE(p, v) _mm_store_ps((p), _mm256_cvtpd_ps(v))
#define V4_RCP(d) _mm256_cvtps_pd(_mm_div_ps(_mm_set1_ps(1.0f), _mm256_cvtpd_ps(d)))
#define V4_SCALE(p, kd) _mm256_castsi256_pd(_mm256_add_epi64(_mm256_castpd_si256(p), _mm256_slli_epi64(_mm256_castpd_si256(kd), 52)))
#define V4_NEG(v) _mm256_xor_pd((v), _mm256_set1_pd(-0.0))
#define V4_POW2(kd) _mm256_castsi256_pd(_mm256_add_epi64(_mm256_set1_epi64x(0x3ff0000000000000), _mm256_slli_epi64(_mm256_castpd_si256(kd), 52)))
#define V4_LOGT(u) _mm256_add_epi64(_mm256_castpd_si256(u), _mm256_set1_epi64x((int64_t)(EW_LOG_BIAS - EW_LOG_OFF)))
#define V4_LOGE(u) _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_srli_epi64(V4_LOGT(u), 52), _mm256_set1_epi64x(0x4330000000000000))), \
                                 _mm256_set1_pd(0x1p52 + 1023))
#define V4_LOGM(u) _mm256_castsi256_pd(_mm256_sub_epi64(_mm256_castpd_si256(u), _mm256_sub_epi64( \
                       _mm256_and_si256(V4_LOGT(u), _mm256_set1_epi64x((int64_t)0xfff0000000000000u)), _mm256_set1_epi64x((int64_t)EW_LOG_BIAS))))
#define V8_T __m512d
#define V8_F _mm512_fmadd_pd
#define V8_FN _mm512_fnmadd_pd
#define V8_S _mm512_sub_pd
#define V8_M _mm512_mul_pd
#define V8_A _mm512_add_pd
#define V8_C _mm512_set1_pd
#define V8_MIN _mm512_min_pd
#define V8_MAX _mm512_max_pd
#define V8_ABS(v) _mm512_andnot_pd(_mm512_set1_pd(-0.0), (v))
#define V8_SIGN(t, x) _mm512_or_pd((t), _mm512_and_pd((x), _mm512_set1_pd(-0.0)))
#define V8_SEL_LT(a, b, t, f) _mm512_mask_blend_pd(_mm512_cmp_pd_mask((a), (b), _CMP_LT_OQ), (f), (t))
#define V8_LOAD(p) _mm512_cvtps_pd(_mm256_loadu_ps(p))
#define V8_STORE(p, v) _mm256_store_ps((p), _mm512_cvtpd_ps(v))
#define V8_RCP(d) _mm512_cvtps_pd(_mm256_div_ps(_mm256_set1_ps(1.0f), _mm512_cvtpd_ps(d)))
#define V8_SCALE(p, kd) _mm512_castsi512_pd(_mm512_add_epi64(_mm512_castpd_si512(p), _mm512_slli_epi64(_mm512_castpd_si512(kd), 52)))
#define V8_NEG(v) _mm512_xor_pd((v), _mm512_set1_pd(-0.0))
#define V8_POW2(kd) _mm512_castsi512_pd(_mm512_add_epi64(_mm512_set1_epi64(0x3ff0000000000000), _mm512_slli_epi64(_mm512_castpd_si512(kd), 52)))
#define V8_LOGT(u) _mm512_add_epi64(_mm512_castpd_si512(u), _mm512_set1_epi64((int64_t)(EW_LOG_BIAS - EW_LOG_OFF)))
#define V8_LOGE(u) _mm512_sub_pd(_mm512_castsi512_pd(_mm512_or_si512(_mm512_srli_epi64(V8_LOGT(u), 52), _mm512_set1_epi64(0x4330000000000000))), \
                                 _mm512_set1_pd(0x1p52 + 1023))
#define V8_LOGM(u) _mm512_castsi512_pd(_mm512_sub_epi64(_mm512_castpd_si512(u), _mm512_sub_epi64( \
                       _mm512_and_si512(V8_LOGT(u), _mm512_set1_epi64((int64_t)0xfff0000000000000u)), _mm512_set1_epi64((int64_t)EW_LOG_BIAS))))
/* the bodies: y from the double lanes xd, as the element functions compute them */
#define EW_VB_EXPM1(K, xd, y) \
    EW_EXPM1_CORE(K##T, K##F, K##S, K##M, K##C, K##POW2, K##MAX(xd, K##C(-30.0)), y##e); \
    const K##T y = K##SEL_LT(K##ABS(xd), K##C(0x1p-25), xd, y##e)
#define EW_VB_TANH(K, xd, y) \
    const K##T y##a = K##ABS(xd); \
    EW_EXPM1_CORE(K##T, K##F, K##S, K##M, K##C, K##POW2, K##M(K##C(2.0), K##MIN(y##a, K##C(10.0))), y##m); \
    EW_VQUOT(K##T, K##F, K##FN, K##M, K##C, K##RCP, y##m, K##A(y##m, K##C(2.0)), y##t); \
    const K##T y = K##SEL_LT(y##a, K##C(0x1p-13), xd, K##SIGN(y##t, xd))
#define EW_VB_LOG(K, xd, y) \
    EW_LOG_CORE(K##T, K##F, K##FN, K##S, K##M, K##C, K##RCP, K##LOGE, K##LOGM, xd, y)
#define EW_VB_LOG1P(K, xd, y) \
    EW_LOG_CORE(K##T, K##F, K##FN, K##S, K##M, K##C, K##RCP, K##LOGE, K##LOGM, K##A(K##C(1.0), xd), y##l); \
    const K##T y = K##SEL_LT(K##ABS(xd), K##C(0x1p-25), xd, y##l)
#define EW_VB_SIGMOID(K, xd, y) \
    const K##T y##t = K##NEG(K##MIN(K##ABS(xd), K##C(200.0))); \
    EW_EXP_REDUCE(K##T, K##F, K##S, K##C, y##t, y##kd, y##r); \
    EW_EXP_POLY(K##T, K##F, K##M, K##C, y##r, y##p); \
    const K##T y##e = K##SCALE(y##p, y##kd), y##n = K##SEL_LT(xd, K##C(0.0), y##e, K##C(1.0)); \
    EW_VQUOT(K##T, K##F, K##FN, K##M, K##C, K##RCP, y##n, K##A(K##C(1.0), y##e), y##q); \
    const K##T y = K##SEL_LT(xd, K##C(-0x1.62e42ep+6), K##C(0.0), y##q)
/* Blocks of EW_VBLK floats as ew_expf_block_avx2: a block with a lane the vector code does not take
   (OUT8(x): a mask of those among 8 floats) goes through the element function */
#define EW_VBLOCK(name, elem, OUT8, BODY) \
EW_TARGET_V8 static void name##_v8(float *ob, const float *xb) { \
    for (int j = 0; j < EW_VBLK; j += 8) { const __m512d xd = V8_LOAD(xb + j); BODY(V8_, xd, y); V8_STORE(ob + j, y); } } \
EW_TARGET_F16C static void name##_v4(float *ob, const float *xb) { \
    for (int j = 0; j < EW_VBLK; j += 4) { const __m256d xd = V4_LOAD(xb + j); BODY(V4_, xd, y); V4_STORE(ob + j, y); } } \
EW_TARGET_F16C static inline void name(float *o, const float *x, int64_t n) { \
    void (*const run)(float *, const float *) = ew_use_avx512() ? name##_v8 : name##_v4; \
    int64_t i0 = 0; \
    for (; i0 + EW_VBLK <= n; i0 += EW_VBLK) { \
        const float *xb = x + i0; \
        __m256i out = _mm256_setzero_si256(); \
        for (int j = 0; j < EW_VBLK; j += 8) out = _mm256_or_si256(out, OUT8(xb + j)); \
        if (!_mm256_testz_si256(out, out)) { \
            for (int j = 0; j < EW_VBLK; j++) o[i0 + j] = elem(xb[j]); \
            continue; \
        } \
        _Alignas(32) float ob[EW_VBLK]; \
        run(ob, xb); \
        memcpy(o + i0, ob, sizeof ob); \
    } \
    for (; i0 < n; i0++) o[i0] = elem(x[i0]); \
}
#define EW_VOUT_EXPM1(x) ew_vout8((x), 0x42b20000u)       /* |x| > 89, nan */
#define EW_VOUT_NAN(x) ew_vout8((x), 0x7f800000u)
/* log: the lanes the vector code takes are the positive finite floats (bits 1 .. 0x7f7fffff);
   log1p: x > -1 and finite */
EW_TARGET_F16C static inline __m256i ew_vout_log(const float *x) {
    const __m256i b = _mm256_loadu_si256((const __m256i *)x);
    return _mm256_or_si256(_mm256_cmpgt_epi32(b, _mm256_set1_epi32(0x7f7fffff)), _mm256_cmpgt_epi32(_mm256_set1_epi32(1), b));
}
EW_TARGET_F16C static inline __m256i ew_vout_log1p(const float *x) {
    const __m256i b = _mm256_loadu_si256((const __m256i *)x), ax = _mm256_and_si256(b, _mm256_set1_epi32(0x7fffffff));
    const __m256i neg1 = _mm256_and_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), b), _mm256_cmpgt_epi32(ax, _mm256_set1_epi32(0x3f7fffff)));
    return _mm256_or_si256(_mm256_cmpgt_epi32(ax, _mm256_set1_epi32(0x7f7fffff)), neg1);
}
EW_VBLOCK(ew_vexpm1f_block, ew_vexpm1f, EW_VOUT_EXPM1, EW_VB_EXPM1)
EW_VBLOCK(ew_vtanhf_block, ew_vtanhf, EW_VOUT_NAN, EW_VB_TANH)
EW_VBLOCK(ew_vlog1pf_block, ew_vlog1pf, ew_vout_log1p, EW_VB_LOG1P)
EW_VBLOCK(ew_vsigmoidf_block, ew_vsigmoidf, EW_VOUT_NAN, EW_VB_SIGMOID)
#endif
#endif
