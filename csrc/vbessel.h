/* Float32 Bessel J0, J1, Y0, Y1, spherical j0 and Airy Ai at speed (issue 17, branch bessel17).
   The approximations of special_body.h (Cephes' rational functions and series, torch's),
   evaluated in double with fma, and our own sin/cos (prelude.h's EW_TRIG_POLY after a reduction
   by pi/4 exact for |x| < 2^19), log (vmath.h's EW_LOG_CORE) and exp (prelude.h's EW_EXP_*):
   each written once as a macro over K (D1_: a double; V8_: 8 AVX-512 double lanes), so that
   the element function and the block compute the same operations, the same values.  Each also
   gives an error bound e (absolute: the functions oscillate, and near their zeros only an
   absolute bound holds); Ziv's test keeps the float of v when v - e and v + e round to the same
   float (then the correctly rounded result), and sends the others (1 to 25 in 10^6 on uniform
   and normal samples) to special.c's element function, as it does |x| >= 2^19, inf and nan.
   Included from prelude.h after vspecial.h. */
#ifndef EW_VBESSEL_H
#define EW_VBESSEL_H
#include "special_tables.h"

/* one double: the K = D1_ operations */
#define D1_T double
#define D1_F fma
#define D1_FN EW_DFN
#define D1_M EW_DMUL
#define D1_A EW_DADD
#define D1_S EW_DSUB
#define D1_C EW_DCONST
#define D1_D(a, b) ((a) / (b))
#define D1_SQRT sqrt
#define D1_ABS fabs
#define D1_RCP(d) (1.0 / (d))
#define D1_LOGE ew_vlog_e
#define D1_LOGM ew_vlog_m
#define D1_QUAD ew_bj_quad_d
#define V8_D _mm512_div_pd
#define V8_SQRT _mm512_sqrt_pd
#define V8_XRCP(d) _mm512_div_pd(_mm512_set1_pd(1.0), (d))
#define V8_QUAD ew_bj_quad8

/* Horner's scheme with fma, highest coefficient first; HORNER1 with an implicit leading 1 */
#define EW_BJ_HORNER(K, x, c, r) \
    K##T r = K##C((c)[0]); \
    for (int r##i = 1; r##i < (int)(sizeof(c) / sizeof((c)[0])); r##i++) r = K##F(r, x, K##C((c)[r##i]))
#define EW_BJ_HORNER1(K, x, c, r) \
    K##T r = K##A(x, K##C((c)[0])); \
    for (int r##i = 1; r##i < (int)(sizeof(c) / sizeof((c)[0])); r##i++) r = K##F(r, x, K##C((c)[r##i]))

/* sin and cos of x - phase (phase pi/4, q = 0; 3pi/4, q = 3) for 0 <= x < 2^19: x = m pi/4 + r,
   m = 2n + 1 odd, n = round(2x / pi - 1/2) (so |r| <= pi/4 + 2^-33), pi/4 in three parts of which
   m times the first two are exact (prelude.h's pi/2 halved); r within 2^-52 of the true one.
   x - pi/4 = n pi/2 + r, x - 3pi/4 = (n - 1) pi/2 + r: the quadrant n + q */
#define EW_BJ_PHASE(K, x, q, sn, cs) \
    const K##T sn##nd = K##A(K##F(x, K##C(0x1.45f306dc9c883p-1), K##C(-0.5)), K##C(EW_ROUND_SHIFT)); \
    const K##T sn##m = K##F(K##S(sn##nd, K##C(EW_ROUND_SHIFT)), K##C(2.0), K##C(1.0)); \
    const K##T sn##r = K##F(sn##m, K##C(-0x1.3198a2e037073p-70), K##F(sn##m, K##C(-0x1.0b4611a600000p-35), \
                                                                 K##F(sn##m, K##C(-0x1.921fb54400000p-1), x))); \
    EW_TRIG_POLY(K##T, K##F, K##M, K##C, sn##r, sn##s, sn##c); \
    K##T sn, cs; \
    K##QUAD(sn##nd, q, sn##s, sn##c, &sn, &cs)
/* sin and cos of n pi/2 + r from sin r, cos r: n's low bits are nd's (plus q) */
static inline void ew_bj_quad_d(double nd, uint64_t q, double s, double c, double *sn, double *cs) {
    const uint64_t n = ew_d2u(nd) + q, odd = 0 - (n & 1);
    *sn = ew_u2d(ew_d2u(ew_sel_d(odd, c, s)) ^ ((n & 2) << 62));
    *cs = ew_u2d(ew_d2u(ew_sel_d(odd, s, c)) ^ (((n + 1) & 2) << 62));
}

/* J0 and J1 for 0 <= x <= 5: z = x^2 (exact), Cephes' rational function R(z) times the
   product over the first two zeros, (z - j1^2)(z - j2^2) with each j^2 in two doubles (z - hi
   exact near the zero): the relative error stays a few double ulps next to the zeros too */
#define EW_BJ_J_NEAR(K, x, RP, RQ, z1h, z1l, z2h, z2l, v) \
    const K##T v##z = K##M(x, x); \
    EW_BJ_HORNER(K, v##z, RP, v##p); \
    EW_BJ_HORNER1(K, v##z, RQ, v##q); \
    const K##T v = K##M(K##M(K##S(K##S(v##z, K##C(z1h)), K##C(z1l)), K##S(K##S(v##z, K##C(z2h)), K##C(z2l))), \
                        K##D(v##p, v##q))
#define EW_BJ_J0_NEAR(K, x, v) \
    EW_BJ_J_NEAR(K, x, J0_RP, J0_RQ, 0x1.721fb80462bbbp+2, 0x1.db60c816c15d3p-52, 0x1.e78a4a621dd6fp+4, -0x1.10d7c5048826bp-52, v)
#define EW_BJ_J1_NEAR(K, x, v) \
    EW_BJ_J_NEAR(K, x, J1_RP, J1_RQ, 0x1.d5d2b4189822cp+3, -0x1.c6a0d245172bap-54, 0x1.89bf66072a432p+5, 0x1.25355661cb79cp-51, v##r); \
    const K##T v = K##M(v##r, x)
/* x > 5: sqrt(2 / (pi x)) (P cos t - (5 / x) Q sin t) (Y: P sin t + (5 / x) Q cos t), t = x - phase,
   P and Q rational in w = 25 / x^2; e: 2^-43 of the amplitude sqrt(2 / (pi x)), against
   Cephes' absolute error of 2^-50 of it and ours (the phase within 2^-52, a few roundings) */
#define EW_BJ_FAR(K, x, PP, PQ, QP, QQ, q, y, v, e) \
    const K##T v##w = K##D(K##C(25.0), K##M(x, x)); \
    EW_BJ_HORNER(K, v##w, PP, v##pp); EW_BJ_HORNER(K, v##w, PQ, v##pq); \
    EW_BJ_HORNER(K, v##w, QP, v##qp); EW_BJ_HORNER1(K, v##w, QQ, v##qq); \
    const K##T v##p = K##D(v##pp, v##pq), v##q = K##M(K##D(K##C(5.0), x), K##D(v##qp, v##qq)); \
    EW_BJ_PHASE(K, x, q, v##sn, v##cs); \
    const K##T v##amp = K##D(K##C(0x1.9884533d43651p-1), K##SQRT(x)); \
    const K##T v = K##M(y ? K##F(v##p, v##sn, K##M(v##q, v##cs)) : K##FN(v##q, v##sn, K##M(v##p, v##cs)), v##amp), \
               e = K##M(K##C(0x1p-43), v##amp)
/* log x for Y0, Y1 (x a positive normal double): within 2^-52 (an exact reciprocal) */
#define EW_BJ_LOG(K, x, l) EW_LOG_CORE(K##T, K##F, K##FN, K##S, K##M, K##C, K##XRCP, K##LOGE, K##LOGM, x, l)
#define D1_XRCP D1_RCP
/* Y0 for 0 < x <= 5: R(z) + (2 / pi) log(x) J0(x) (Cephes'); e: 2^-44 of the terms' sizes */
#define EW_BJ_Y0_NEAR(K, x, v, e) \
    const K##T v##z = K##M(x, x); \
    EW_BJ_HORNER(K, v##z, Y0_YP, v##yp); EW_BJ_HORNER1(K, v##z, Y0_YQ, v##yq); \
    const K##T v##r = K##D(v##yp, v##yq); \
    EW_BJ_J0_NEAR(K, x, v##j); \
    EW_BJ_LOG(K, x, v##l); \
    const K##T v##u = K##M(K##M(K##C(0x1.45f306dc9c883p-1), v##l), v##j); \
    const K##T v = K##A(v##r, v##u), e = K##M(K##C(0x1p-44), K##A(K##ABS(v##r), K##ABS(v##u)))
/* Y1 for 0 < x <= 5: x R(z) + (2 / pi) (J1(x) log x - 1 / x) (Cephes') */
#define EW_BJ_Y1_NEAR(K, x, v, e) \
    const K##T v##z = K##M(x, x); \
    EW_BJ_HORNER(K, v##z, Y1_YP, v##yp); EW_BJ_HORNER1(K, v##z, Y1_YQ, v##yq); \
    const K##T v##r = K##M(x, K##D(v##yp, v##yq)); \
    EW_BJ_J1_NEAR(K, x, v##j); \
    EW_BJ_LOG(K, x, v##l); \
    const K##T v##jl = K##M(v##j, v##l), v##ix = K##D(K##C(1.0), x); \
    const K##T v##u = K##M(K##C(0x1.45f306dc9c883p-1), K##S(v##jl, v##ix)); \
    const K##T v = K##A(v##r, v##u), e = K##M(K##C(0x1p-44), K##A(K##ABS(v##r), K##A(K##ABS(v##jl), v##ix)))

/* Ziv's test: 1 when v - e and v + e round to the same float, *r */
static inline int ew_bj_ziv(double v, double e, float *r) {
    const float lo = (float)(v - e), hi = (float)(v + e);
    *r = lo;
    return ew_f2u(lo) == ew_f2u(hi);
}
/* the element functions (ops.yaml's float32 exprs) */
static inline float ew_bj_j0f(float x) {
    const double a = fabs((double)x);
    float r;
    if (a <= 5) {
        EW_BJ_J0_NEAR(D1_, a, v);
        if (ew_bj_ziv(v, 0x1p-44 * fabs(v), &r)) return r;
    } else if (a < 0x1p19) {
        EW_BJ_FAR(D1_, a, J0_PP, J0_PQ, J0_QP, J0_QQ, 0, 0, v, e);
        if (ew_bj_ziv(v, e, &r)) return r;
    }
    return (float)ew_sp_bessel_j0(x);
}
/* J1 is odd: computed at |x|, x's sign bit given back (J1(-0) = -0, as special.c's) */
static inline double ew_bj_xsign(double v, double x) { return ew_u2d(ew_d2u(v) ^ (ew_d2u(x) & 0x8000000000000000u)); }
static inline float ew_bj_j1f(float x) {
    const double a = fabs((double)x);
    float r;
    if (a <= 5) {
        EW_BJ_J1_NEAR(D1_, a, v);
        if (ew_bj_ziv(ew_bj_xsign(v, x), 0x1p-44 * fabs(v), &r)) return r;
    } else if (a < 0x1p19) {
        EW_BJ_FAR(D1_, a, J1_PP, J1_PQ, J1_QP, J1_QQ, 3, 0, v, e);
        if (ew_bj_ziv(ew_bj_xsign(v, x), e, &r)) return r;
    }
    return (float)ew_sp_bessel_j1(x);
}
/* Y0, Y1: x > 0; -inf at 0 and nan below (special.c's values); inf and nan go to special.c */
#define EW_BJ_YELEM(name, NEAR, PP, PQ, QP, QQ, q, old) \
static inline float name(float x) { \
    const double a = x; \
    float r; \
    if (a <= 0) return a == 0 ? -INFINITY : NAN; \
    if (a <= 5) { \
        NEAR(D1_, a, v, e); \
        if (ew_bj_ziv(v, e, &r)) return r; \
    } else if (a < 0x1p19) { \
        EW_BJ_FAR(D1_, a, PP, PQ, QP, QQ, q, 1, v, e); \
        if (ew_bj_ziv(v, e, &r)) return r; \
    } \
    return (float)old(x); \
}
EW_BJ_YELEM(ew_bj_y0f, EW_BJ_Y0_NEAR, Y0_PP, Y0_PQ, Y0_QP, Y0_QQ, 0, ew_sp_bessel_y0)
EW_BJ_YELEM(ew_bj_y1f, EW_BJ_Y1_NEAR, Y1_PP, Y1_PQ, Y1_QP, Y1_QQ, 3, ew_sp_bessel_y1)

/* spherical j0 = sin(x) / x: |x| < 0.5 its Taylor series (special.c's, by fma); beyond, sin x
   as prelude.h's EW_TRIG_REDUCE (|x| < 2^19) and EW_TRIG_POLY, within 2^-51 absolute */
static const double EW_BJ_SJ0[7] = {1.0 / 6227020800.0, -1.0 / 39916800, 1.0 / 362880, -1.0 / 5040, 1.0 / 120, -1.0 / 6, 1.0};
#define EW_BJ_SJ0_NEAR(K, x, v, e) \
    const K##T v##z = K##M(x, x); \
    EW_BJ_HORNER(K, v##z, EW_BJ_SJ0, v); \
    const K##T e = K##M(K##C(0x1p-46), K##ABS(v))
#define EW_BJ_SJ0_FAR(K, x, v, e) \
    EW_TRIG_REDUCE(K##T, K##F, K##S, K##C, x, v##nd, v##r); \
    EW_TRIG_POLY(K##T, K##F, K##M, K##C, v##r, v##s, v##c); \
    K##T v##sn, v##cs; \
    K##QUAD(v##nd, 0, v##s, v##c, &v##sn, &v##cs); \
    const K##T v = K##D(v##sn, x), e = K##F(K##C(0x1p-48), K##ABS(v), K##D(K##C(0x1p-46), K##ABS(x)))

/* Airy Ai (special.c's regions).  |x| < 2.09: the Maclaurin series c1 f - c2 g, f and g / x
   polynomials in z = x^3 (13 terms: the next below 2^-62), e: 2^-44 of c1 f + c2 |g| at
   |x| = 2.09, 2.13 (Ai is at least 0.03 there).  2.09 <= x <= 30 (Ai a float, 0 beyond):
   c0 R(1 / zeta) / (2 x^(1/4) e^zeta), zeta = 2/3 x^(3/2) (e^zeta as prelude.h's EW_EXP_*: its
   relative error grows with zeta's absolute one).  -256 < x < -2.09: modulus and phase, sin and
   cos of zeta + pi/4 = (zeta - pi/4) + pi/2 by EW_BJ_PHASE (quadrant + 1), the phase within
   zeta 2^-51 */
static const double EW_BJ_AIF[14] = {
    0x1.5254de4f1f24cp-105, 0x1.e9a7d3bd8292ap-95, 0x1.2d40c0c517d54p-84, 0x1.36aac6cb4093ep-74, 0x1.07f217e5af5dap-64,
    0x1.69e4eec3eb716p-55, 0x1.862ad16b39d64p-46, 0x1.400f1fc9f571cp-37, 0x1.7e9213ff67620p-29, 0x1.39d3d46782ce6p-21,
    0x1.43a2730abee4dp-14, 0x1.6c16c16c16c17p-8, 0x1.5555555555555p-3, 0x1.0000000000000p+0};
static const double EW_BJ_AIG[14] = {
    0x1.3acaf7ffb233cp-108, 0x1.df9135cf897aep-98, 0x1.37e7f17f7aea6p-87, 0x1.55c1a41c2e2ddp-77, 0x1.36625d8b97f0ap-67,
    0x1.ca4d3e201e595p-58, 0x1.0c894266d1c85p-48, 0x1.e49fb5d58e978p-40, 0x1.43b6ae75a63f3p-31, 0x1.2f7b438e4bdb4p-23,
    0x1.71de3a556c734p-16, 0x1.0410410410410p-9, 0x1.5555555555555p-4, 0x1.0000000000000p+0};
#define EW_BJ_AI_C0 0.564189583547756286948079451560772586     /* 1 / sqrt(pi) */
#define EW_BJ_AI_NEAR(K, x, v, e) \
    const K##T v##z = K##M(K##M(x, x), x); \
    EW_BJ_HORNER(K, v##z, EW_BJ_AIF, v##f); \
    EW_BJ_HORNER(K, v##z, EW_BJ_AIG, v##g); \
    const K##T v = K##FN(K##C(0.258819403792806798405183560189203964), K##M(x, v##g), K##M(K##C(0.355028053887817239260063186004183176), v##f)), \
               e = K##C(0x1p-44 * 2.14)
#define EW_BJ_AI_POS(K, x, v, e) \
    const K##T v##q = K##SQRT(x), v##zeta = K##M(K##M(K##C(2.0 / 3), x), v##q), v##iz = K##D(K##C(1.0), v##zeta); \
    EW_BJ_HORNER(K, v##iz, AIRY_AN, v##n); EW_BJ_HORNER(K, v##iz, AIRY_AD, v##d); \
    EW_EXP_REDUCE(K##T, K##F, K##S, K##C, v##zeta, v##kd, v##er); \
    EW_EXP_POLY(K##T, K##F, K##M, K##C, v##er, v##p); \
    const K##T v = K##D(K##M(K##C(EW_BJ_AI_C0 / 2), K##D(v##n, v##d)), K##M(K##SQRT(v##q), K##SCALE(v##p, v##kd))), \
               e = K##M(K##ABS(v), K##F(v##zeta, K##C(0x1p-49), K##C(0x1p-44)))
#define EW_BJ_AI_NEG(K, x, v, e) \
    const K##T v##mx = K##S(K##C(0.0), x), v##q = K##SQRT(v##mx), v##zeta = K##M(K##M(K##C(2.0 / 3), v##mx), v##q); \
    const K##T v##z = K##D(K##C(1.0), v##zeta), v##zz = K##M(v##z, v##z); \
    EW_BJ_HORNER(K, v##zz, AIRY_AFN, v##fn); EW_BJ_HORNER1(K, v##zz, AIRY_AFD, v##fd); \
    EW_BJ_HORNER(K, v##zz, AIRY_AGN, v##gn); EW_BJ_HORNER1(K, v##zz, AIRY_AGD, v##gd); \
    EW_BJ_PHASE(K, v##zeta, 1, v##sn, v##cs); \
    const K##T v##amp = K##D(K##C(EW_BJ_AI_C0), K##SQRT(v##q)); \
    const K##T v##w = K##FN(v##cs, K##M(v##z, K##D(v##gn, v##gd)), K##M(v##sn, K##F(v##zz, K##D(v##fn, v##fd), K##C(1.0)))); \
    const K##T v = K##M(v##amp, v##w), e = K##M(v##amp, K##F(v##zeta, K##C(0x1p-49), K##C(0x1p-44)))
#define D1_SCALE(p, kd) ew_u2d(ew_d2u(p) + (ew_d2u(kd) << 52))

static inline float ew_bj_sj0f(float x) {
    const double xd = x, a = fabs(xd);
    float r;
    if (a < 0.5) {
        EW_BJ_SJ0_NEAR(D1_, xd, v, e);
        if (ew_bj_ziv(v, e, &r)) return r;
    } else if (a < 0x1p19) {
        EW_BJ_SJ0_FAR(D1_, xd, v, e);
        if (ew_bj_ziv(v, e, &r)) return r;
    }
    return (float)ew_sp_spherical_bessel_j0(x);
}
static inline float ew_bj_aif(float x) {
    const double xd = x;
    float r;
    if (xd >= -2.09 && xd < 2.09) {
        EW_BJ_AI_NEAR(D1_, xd, v, e);
        if (ew_bj_ziv(v, e, &r)) return r;
    } else if (xd >= 2.09 && xd <= 30) {
        EW_BJ_AI_POS(D1_, xd, v, e);
        if (ew_bj_ziv(v, e, &r)) return r;
    } else if (xd > 30 && xd < INFINITY) {
        return 0.0f;
    } else if (xd < -2.09 && xd > -256) {
        EW_BJ_AI_NEG(D1_, xd, v, e);
        if (ew_bj_ziv(v, e, &r)) return r;
    }
    return (float)ew_sp_airy_ai(x);
}

#ifdef EW_HAVE_F16C_PATH
/* sin and cos of n pi/2 + r on 8 lanes, as ew_bj_quad_d */
EW_TARGET_V8 static inline void ew_bj_quad8(__m512d nd, uint64_t q, __m512d s, __m512d c, __m512d *sn, __m512d *cs) {
    const __m512i n = _mm512_add_epi64(_mm512_castpd_si512(nd), _mm512_set1_epi64((int64_t)q));
    const __mmask8 odd = _mm512_test_epi64_mask(n, _mm512_set1_epi64(1));
    const __m512i sflip = _mm512_slli_epi64(_mm512_and_si512(n, _mm512_set1_epi64(2)), 62);
    const __m512i cflip = _mm512_slli_epi64(_mm512_and_si512(_mm512_add_epi64(n, _mm512_set1_epi64(1)), _mm512_set1_epi64(2)), 62);
    *sn = _mm512_xor_pd(_mm512_mask_blend_pd(odd, s, c), _mm512_castsi512_pd(sflip));
    *cs = _mm512_xor_pd(_mm512_mask_blend_pd(odd, c, s), _mm512_castsi512_pd(cflip));
}
/* Ziv's test on 8 lanes, as ew_bj_ziv: the lanes that pass */
EW_TARGET_V8 static inline __mmask8 ew_bj_ziv8(__m512d v, __m512d e, __m256 *r) {
    const __m256 lo = _mm512_cvtpd_ps(_mm512_sub_pd(v, e)), hi = _mm512_cvtpd_ps(_mm512_add_pd(v, e));
    *r = lo;
    return (__mmask8)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_castps_si256(lo), _mm256_castps_si256(hi))));
}
#define EW_BJ_CMP(a, b, op) _mm512_cmp_pd_mask((a), _mm512_set1_pd(b), op)
/* 8 lanes of J0, J1 (odd), Y0, Y1 (kind 0 .. 3) into *r: the lanes that are right (in the
   ranges of the element function's fast paths, and past Ziv's test).  The near and the far
   forms each run only when a lane needs it; the other lanes' values are dropped. */
EW_TARGET_V8 static inline __mmask8 ew_bj_bessel8(__m256 xf, __m256 *r, const int kind) {
    const __m512d xd = _mm512_cvtps_pd(xf), a = kind < 2 ? V8_ABS(xd) : xd;
    const __mmask8 lo = EW_BJ_CMP(a, 5.0, _CMP_LE_OQ) & (kind < 2 ? 0xff : EW_BJ_CMP(a, 0.0, _CMP_GT_OQ));
    const __mmask8 hi = EW_BJ_CMP(a, 5.0, _CMP_GT_OQ) & EW_BJ_CMP(a, 0x1p19, _CMP_LT_OQ);
    __m512d v = _mm512_setzero_pd(), e = v;
    if (lo) {
        if (kind == 0) { EW_BJ_J0_NEAR(V8_, a, vn); v = vn; e = V8_M(V8_C(0x1p-44), V8_ABS(vn)); }
        else if (kind == 1) { EW_BJ_J1_NEAR(V8_, a, vn); v = vn; e = V8_M(V8_C(0x1p-44), V8_ABS(vn)); }
        else if (kind == 2) { EW_BJ_Y0_NEAR(V8_, a, vn, en); v = vn; e = en; }
        else { EW_BJ_Y1_NEAR(V8_, a, vn, en); v = vn; e = en; }
    }
    if (hi) {
        __m512d vf, ef;
        if (kind == 0) { EW_BJ_FAR(V8_, a, J0_PP, J0_PQ, J0_QP, J0_QQ, 0, 0, f, fe); vf = f; ef = fe; }
        else if (kind == 1) { EW_BJ_FAR(V8_, a, J1_PP, J1_PQ, J1_QP, J1_QQ, 3, 0, f, fe); vf = f; ef = fe; }
        else if (kind == 2) { EW_BJ_FAR(V8_, a, Y0_PP, Y0_PQ, Y0_QP, Y0_QQ, 0, 1, f, fe); vf = f; ef = fe; }
        else { EW_BJ_FAR(V8_, a, Y1_PP, Y1_PQ, Y1_QP, Y1_QQ, 3, 1, f, fe); vf = f; ef = fe; }
        v = _mm512_mask_blend_pd(hi, v, vf);
        e = _mm512_mask_blend_pd(hi, e, ef);
    }
    if (kind == 1) v = _mm512_xor_pd(v, _mm512_and_pd(xd, _mm512_set1_pd(-0.0)));
    __mmask8 pole = 0;
    if (kind >= 2) {             /* Y: -inf at 0, nan below (e = 0 there) */
        const __mmask8 zero = EW_BJ_CMP(a, 0.0, _CMP_EQ_OQ), below = EW_BJ_CMP(a, 0.0, _CMP_LT_OQ);
        v = _mm512_mask_blend_pd(zero, v, _mm512_set1_pd(-INFINITY));
        v = _mm512_mask_blend_pd(below, v, _mm512_set1_pd(NAN));
        e = _mm512_mask_blend_pd(zero | below, e, _mm512_setzero_pd());
        pole = zero | below;
    }
    return ew_bj_ziv8(v, e, r) & (lo | hi | pole);
}
/* 8 lanes of spherical j0 and of Ai, as ew_bj_bessel8 (no kinds: the argument is unused) */
EW_TARGET_V8 static inline __mmask8 ew_bj_sj0_8(__m256 xf, __m256 *r, const int unused) {
    const __m512d xd = _mm512_cvtps_pd(xf), a = V8_ABS(xd);
    const __mmask8 lo = EW_BJ_CMP(a, 0.5, _CMP_LT_OQ), hi = EW_BJ_CMP(a, 0.5, _CMP_GE_OQ) & EW_BJ_CMP(a, 0x1p19, _CMP_LT_OQ);
    __m512d v = _mm512_setzero_pd(), e = v;
    if (lo) { EW_BJ_SJ0_NEAR(V8_, xd, vn, en); v = vn; e = en; }
    if (hi) {
        EW_BJ_SJ0_FAR(V8_, xd, vf, ef);
        v = _mm512_mask_blend_pd(hi, v, vf);
        e = _mm512_mask_blend_pd(hi, e, ef);
    }
    return ew_bj_ziv8(v, e, r) & (lo | hi);
}
EW_TARGET_V8 static inline __mmask8 ew_bj_ai8(__m256 xf, __m256 *r, const int unused) {
    const __m512d xd = _mm512_cvtps_pd(xf);
    const __mmask8 mid = EW_BJ_CMP(xd, -2.09, _CMP_GE_OQ) & EW_BJ_CMP(xd, 2.09, _CMP_LT_OQ);
    const __mmask8 pos = EW_BJ_CMP(xd, 2.09, _CMP_GE_OQ) & EW_BJ_CMP(xd, 30.0, _CMP_LE_OQ);
    const __mmask8 big = EW_BJ_CMP(xd, 30.0, _CMP_GT_OQ) & EW_BJ_CMP(xd, 0x1p128, _CMP_LT_OQ);   /* 0 */
    const __mmask8 neg = EW_BJ_CMP(xd, -2.09, _CMP_LT_OQ) & EW_BJ_CMP(xd, -256.0, _CMP_GT_OQ);
    __m512d v = _mm512_setzero_pd(), e = v;
    if (mid) { EW_BJ_AI_NEAR(V8_, xd, vn, en); v = vn; e = en; }
    if (pos) {
        const __m512d xp = _mm512_mask_blend_pd(pos, _mm512_set1_pd(4.0), xd);   /* keeps e^zeta in range */
        EW_BJ_AI_POS(V8_, xp, vp, ep);
        v = _mm512_mask_blend_pd(pos, v, vp);
        e = _mm512_mask_blend_pd(pos, e, ep);
    }
    if (neg) {
        EW_BJ_AI_NEG(V8_, xd, vg, eg);
        v = _mm512_mask_blend_pd(neg, v, vg);
        e = _mm512_mask_blend_pd(neg, e, eg);
    }
    v = _mm512_mask_blend_pd(big, v, _mm512_setzero_pd());
    e = _mm512_mask_blend_pd(big, e, _mm512_setzero_pd());
    return ew_bj_ziv8(v, e, r) & (mid | pos | neg | big);
}
/* A block o[i] = f(x[i]): 8 lanes a step by V8 (returning its lanes that are right), the
   others and the tail by the element function ELEM; without AVX-512 ELEM throughout */
#define EW_BJ_BLOCK(name, ELEM, V8, ...) \
EW_TARGET_V8 static void name##_v8(float *o, const float *x, int64_t n) { \
    int64_t i = 0; \
    for (; i + 8 <= n; i += 8) { \
        _mm_prefetch((const char *)(x + i + 2048), _MM_HINT_T0);   /* (a prefetch never faults) */ \
        const __m256 xv = _mm256_loadu_ps(x + i); \
        __m256 y; \
        const __mmask8 good = V8(xv, &y, __VA_ARGS__); \
        _mm256_storeu_ps(o + i, y); \
        if (__builtin_expect(good != 0xff, 0)) {   /* the input from the register: o may be x */ \
            float xt[8]; \
            _mm256_storeu_ps(xt, xv); \
            for (int j = 0; j < 8; j++) \
                if (!((good >> j) & 1)) o[i + j] = ELEM(xt[j]); \
        } \
    } \
    for (; i < n; i++) o[i] = ELEM(x[i]); \
} \
EW_TARGET_F16C static inline void name(float *o, const float *x, int64_t n) { \
    if (ew_use_avx512()) { name##_v8(o, x, n); return; } \
    for (int64_t i = 0; i < n; i++) o[i] = ELEM(x[i]); \
}
EW_BJ_BLOCK(ew_bj_j0f_block, ew_bj_j0f, ew_bj_bessel8, 0)
EW_BJ_BLOCK(ew_bj_j1f_block, ew_bj_j1f, ew_bj_bessel8, 1)
EW_BJ_BLOCK(ew_bj_y0f_block, ew_bj_y0f, ew_bj_bessel8, 2)
EW_BJ_BLOCK(ew_bj_y1f_block, ew_bj_y1f, ew_bj_bessel8, 3)
EW_BJ_BLOCK(ew_bj_sj0f_block, ew_bj_sj0f, ew_bj_sj0_8, 0)
EW_BJ_BLOCK(ew_bj_aif_block, ew_bj_aif, ew_bj_ai8, 0)
#endif

#endif
