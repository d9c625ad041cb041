/* Issue 17 speed, branch vlog17: the float32 log-family block functions declared in vlogc.h, in
   AVX-512 float lanes (16 a vector).  Each returns what the element function of csrc/vlog.h
   returns, bit for bit (both are correctly rounded): the fast path proves its float correctly
   rounded by a rounding test, and the lanes it declines (and zero, negative, subnormal, inf, nan)
   are redone one by one by the element function.  Without AVX-512 the element function runs on
   every element.  A file of its own, not a header of prelude.h: changing it recompiles this one
   object, not every kernel; the kernels see the functions through the prototypes the template
   writes for a `block:` named ew_vl_* (codegen/templates/kernels.c.j2).
   scripts/vlog_sweep.c includes this file with EW_VLOGC_STANDALONE set (its own prelude). */
#ifndef EW_VLOGC_STANDALONE
#include "prelude.h"
#include "vlogc.h"
#endif
#ifdef EW_HAVE_F16C_PATH
/* The input EW_VL_PF floats (16 KB) ahead, once a vector: the kernels hand these blocks 64
   floats at a time, too few for the hardware prefetcher to run ahead, and without it a 10M
   call waited on memory for most of its compute time (a prefetch never faults past the end). */
#define EW_VL_PF 4096
#define ew_vl_prefetch(p) _mm_prefetch((const char *)(p) + 4 * EW_VL_PF, _MM_HINT_T0)
/* the float tables and polynomials (scripts/vlog_tables.py): 1/c, log_B c as a float pair, the
   pair log_B 2 = K_hi + K_lo (K_hi 16 bits), 1/ln B = S_hi + S_lo, R of log1p z = z - z^2/2 + z^3 R */
static const float EW_VLOGF_INVC[32] = {0x1.6800000000000p+0f, 0x1.6000000000000p+0f, 0x1.5800000000000p+0f, 0x1.5000000000000p+0f, 0x1.5000000000000p+0f, 0x1.4800000000000p+0f, 0x1.4000000000000p+0f, 0x1.3800000000000p+0f, 0x1.3000000000000p+0f, 0x1.3000000000000p+0f, 0x1.2800000000000p+0f, 0x1.2000000000000p+0f, 0x1.2000000000000p+0f, 0x1.1800000000000p+0f, 0x1.1800000000000p+0f, 0x1.1000000000000p+0f, 0x1.0800000000000p+0f, 0x1.0800000000000p+0f, 0x1.0000000000000p+0f, 0x1.0000000000000p+0f, 0x1.f000000000000p-1f, 0x1.e000000000000p-1f, 0x1.d000000000000p-1f, 0x1.c000000000000p-1f, 0x1.b000000000000p-1f, 0x1.b000000000000p-1f, 0x1.a000000000000p-1f, 0x1.9000000000000p-1f, 0x1.9000000000000p-1f, 0x1.8000000000000p-1f, 0x1.8000000000000p-1f, 0x1.7000000000000p-1f};
static const float EW_VLOGF_LH_E[32] = {-0x1.5d1bdc0000000p-2f, -0x1.4618bc0000000p-2f, -0x1.2e8e2c0000000p-2f, -0x1.1675ca0000000p-2f, -0x1.1675ca0000000p-2f, -0x1.fb91860000000p-3f, -0x1.c8ff7c0000000p-3f, -0x1.9525aa0000000p-3f, -0x1.5ff3080000000p-3f, -0x1.5ff3080000000p-3f, -0x1.2955300000000p-3f, -0x1.e270760000000p-4f, -0x1.e270760000000p-4f, -0x1.6f0d280000000p-4f, -0x1.6f0d280000000p-4f, -0x1.f0a30c0000000p-5f, -0x1.f829b00000000p-6f, -0x1.f829b00000000p-6f, 0x0.0p+0f, 0x0.0p+0f, 0x1.0415d80000000p-5f, 0x1.08598c0000000p-4f, 0x1.9335e60000000p-4f, 0x1.1178e80000000p-3f, 0x1.5bf4060000000p-3f, 0x1.5bf4060000000p-3f, 0x1.a93ed40000000p-3f, 0x1.f991c60000000p-3f, 0x1.f991c60000000p-3f, 0x1.2696220000000p-2f, 0x1.2696220000000p-2f, 0x1.522ae00000000p-2f};
static const float EW_VLOGF_LL_E[32] = {0x1.4fec6c0000000p-31f, -0x1.0e2f620000000p-29f, 0x1.47b8b40000000p-28f, -0x1.7574c20000000p-27f, -0x1.7574c20000000p-27f, -0x1.abc7c60000000p-28f, -0x1.e6a6880000000p-29f, 0x1.85d4a60000000p-30f, 0x1.eb0d860000000p-28f, 0x1.eb0d860000000p-28f, 0x1.f802b80000000p-29f, -0x1.c55e5c0000000p-29f, -0x1.c55e5c0000000p-29f, -0x1.5cad6a0000000p-29f, -0x1.5cad6a0000000p-29f, -0x1.162a660000000p-37f, -0x1.cf06600000000p-31f, -0x1.cf06600000000p-31f, 0x0.0p+0f, 0x0.0p+0f, 0x1.3ce8880000000p-30f, -0x1.4c38c00000000p-29f, -0x1.535b3c0000000p-31f, 0x1.13f23e0000000p-30f, 0x1.6a87b60000000p-28f, 0x1.6a87b60000000p-28f, -0x1.ba930e0000000p-30f, 0x1.9676700000000p-28f, 0x1.9676700000000p-28f, -0x1.d9648e0000000p-27f, -0x1.d9648e0000000p-27f, 0x1.ce28f60000000p-28f};
#define EW_VLOGF_K_E 0x1.62e4000000000p-1f, 0x1.7f7d1c0000000p-20f
#define EW_VLOGF_S_E 0x1.0000000000000p+0f, 0x0.0p+0f
#define EW_VLOGF_R_E 0x1.5555540000000p-2f, -0x1.fffff80000000p-3f, 0x1.99e2180000000p-3f, -0x1.55b47c0000000p-3f
static const float EW_VLOGF_LH_2[32] = {-0x1.f7a8560000000p-2f, -0x1.d6753e0000000p-2f, -0x1.b47ec00000000p-2f, -0x1.91bba80000000p-2f, -0x1.91bba80000000p-2f, -0x1.6e221c0000000p-2f, -0x1.49a7840000000p-2f, -0x1.24407a0000000p-2f, -0x1.fbc16c0000000p-3f, -0x1.fbc16c0000000p-3f, -0x1.acf5e20000000p-3f, -0x1.5c01a40000000p-3f, -0x1.5c01a40000000p-3f, -0x1.08c5880000000p-3f, -0x1.08c5880000000p-3f, -0x1.663f700000000p-4f, -0x1.6bad380000000p-5f, -0x1.6bad380000000p-5f, 0x0.0p+0f, 0x0.0p+0f, 0x1.77394c0000000p-5f, 0x1.7d604a0000000p-4f, 0x1.22dadc0000000p-3f, 0x1.8a89800000000p-3f, 0x1.f5fd8a0000000p-3f, 0x1.f5fd8a0000000p-3f, 0x1.32bfee0000000p-2f, 0x1.6cb0f60000000p-2f, 0x1.6cb0f60000000p-2f, 0x1.a8ff980000000p-2f, 0x1.a8ff980000000p-2f, 0x1.e7df600000000p-2f};
static const float EW_VLOGF_LL_2[32] = {-0x1.1960da0000000p-27f, -0x1.9750780000000p-33f, 0x1.18efac0000000p-27f, -0x1.23e2e20000000p-27f, -0x1.23e2e20000000p-27f, -0x1.b3a19c0000000p-27f, -0x1.79a3720000000p-27f, -0x1.61c0e80000000p-27f, 0x1.bf65fe0000000p-29f, 0x1.bf65fe0000000p-29f, -0x1.b69d920000000p-28f, 0x1.810a5e0000000p-29f, 0x1.810a5e0000000p-29f, -0x1.9b4f3c0000000p-28f, -0x1.9b4f3c0000000p-28f, 0x1.4dbb3a0000000p-30f, 0x1.4e20500000000p-30f, 0x1.4e20500000000p-30f, 0x0.0p+0f, 0x0.0p+0f, 0x1.3b2b1a0000000p-30f, -0x1.2608960000000p-29f, 0x1.559a4c0000000p-30f, 0x1.57f7a60000000p-28f, 0x1.20c7c60000000p-28f, 0x1.20c7c60000000p-28f, 0x1.b877340000000p-29f, 0x1.0cb91e0000000p-27f, 0x1.0cb91e0000000p-27f, -0x1.cfdeb40000000p-27f, -0x1.cfdeb40000000p-27f, -0x1.ac754c0000000p-30f};
#define EW_VLOGF_K_2 0x1.0000000000000p+0f, 0x0.0p+0f
#define EW_VLOGF_S_2 0x1.7154760000000p+0f, 0x1.4ae0c00000000p-26f
#define EW_VLOGF_R_2 0x1.ec709c0000000p-2f, -0x1.7154700000000p-2f, 0x1.27ab100000000p-2f, -0x1.ecf9e40000000p-3f
static const float EW_VLOGF_LH_10[32] = {-0x1.2f3b6a0000000p-3f, -0x1.1b3e720000000p-3f, -0x1.06cbd60000000p-3f, -0x1.e3bc1a0000000p-4f, -0x1.e3bc1a0000000p-4f, -0x1.b8de4e0000000p-4f, -0x1.8cf1840000000p-4f, -0x1.5fe8040000000p-4f, -0x1.31b3060000000p-4f, -0x1.31b3060000000p-4f, -0x1.02428c0000000p-4f, -0x1.a30a9e0000000p-5f, -0x1.a30a9e0000000p-5f, -0x1.3ed11a0000000p-5f, -0x1.3ed11a0000000p-5f, -0x1.af5f920000000p-6f, -0x1.b5e9080000000p-7f, -0x1.b5e9080000000p-7f, 0x0.0p+0f, 0x0.0p+0f, 0x1.c3d0840000000p-7f, 0x1.cb38fc0000000p-6f, 0x1.5e39660000000p-5f, 0x1.db11ee0000000p-5f, 0x1.2e3a740000000p-4f, 0x1.2e3a740000000p-4f, 0x1.715d0c0000000p-4f, 0x1.b721ce0000000p-4f, 0x1.b721ce0000000p-4f, 0x1.ffbfc20000000p-4f, 0x1.ffbfc20000000p-4f, 0x1.25ba820000000p-3f};
static const float EW_VLOGF_LL_10[32] = {0x1.c74c000000000p-28f, 0x1.36b0860000000p-31f, -0x1.e9b0ee0000000p-29f, -0x1.61c3400000000p-29f, -0x1.61c3400000000p-29f, 0x1.8a984e0000000p-29f, 0x1.de6dfc0000000p-30f, -0x1.115ea00000000p-29f, 0x1.4771dc0000000p-29f, 0x1.4771dc0000000p-29f, -0x1.f080160000000p-32f, 0x1.3ec2020000000p-30f, 0x1.3ec2020000000p-30f, 0x1.9686f60000000p-31f, 0x1.9686f60000000p-31f, -0x1.601cc20000000p-31f, -0x1.d626f20000000p-32f, -0x1.d626f20000000p-32f, 0x0.0p+0f, 0x0.0p+0f, -0x1.10f6780000000p-32f, 0x1.9b17fc0000000p-31f, 0x1.6fd2520000000p-30f, -0x1.132a820000000p-30f, 0x1.6f001e0000000p-33f, 0x1.6f001e0000000p-33f, 0x1.c6cf600000000p-29f, -0x1.d1d5040000000p-29f, -0x1.d1d5040000000p-29f, 0x1.778f000000000p-29f, 0x1.778f000000000p-29f, 0x1.5af7fc0000000p-31f};
#define EW_VLOGF_K_10 0x1.3440000000000p-2f, 0x1.3509f80000000p-18f
#define EW_VLOGF_S_10 0x1.bcb7b20000000p-2f, -0x1.5b235e0000000p-27f
#define EW_VLOGF_R_10 0x1.287a760000000p-3f, -0x1.bcb7aa0000000p-4f, 0x1.6405200000000p-4f, -0x1.28cd1c0000000p-4f
/* the vectors EW_VLOGF_PAIR reads its tables from (1/c, log_B c's high and low parts), loaded
   once a call */
#define EW_VLOGF_TABLES(B) \
    const __m512 ic0 = _mm512_loadu_ps(EW_VLOGF_INVC), ic1 = _mm512_loadu_ps(EW_VLOGF_INVC + 16); \
    const __m512 lh0 = _mm512_loadu_ps(EW_VLOGF_LH_##B), lh1 = _mm512_loadu_ps(EW_VLOGF_LH_##B + 16); \
    const __m512 ll0 = _mm512_loadu_ps(EW_VLOGF_LL_##B), ll1 = _mm512_loadu_ps(EW_VLOGF_LL_##B + 16)
/* 16 floats x of log_B as an unrounded float pair S_o + l_o within d_o of the exact value;
   special_o: the lanes outside the fast path; tiny_o (log1p): |x| < 2^-25.  SCALED: B is not
   e (S, l and R carry the factor 1 / ln B; s 1/ln B as an exact product pair).  The tables come
   in as pairs of 16-float vectors (permutex2var picks one of 32 by an index's low 5 bits). */
#define EW_VLOGF_PAIR(B, SCALED, LOG1P, D, xf, S_o, l_o, d_o, special_o, tiny_o) do { \
    static const float Kc[2] = {EW_VLOGF_K_##B}, Sc[2] = {EW_VLOGF_S_##B}, Rc[4] = {EW_VLOGF_R_##B}; \
    __m512 uf = xf, ulo = _mm512_setzero_ps(); \
    __mmask16 special, small = 0, tiny = 0; \
    if (LOG1P) { \
        /* u + ulo = 1 + x exactly (Fast2Sum on max(x, 1), min(x, 1): |x| < 1 below 1); |x| < 2^-5 \
           takes z = x itself (u = 1: k = 0, c = 1), |x| < 2^-25 gives x */ \
        const __m512 one = _mm512_set1_ps(1.0f), a = _mm512_max_ps(xf, one), b = _mm512_min_ps(xf, one); \
        const __m512i ax = _mm512_and_si512(_mm512_castps_si512(xf), _mm512_set1_epi32(0x7fffffff)); \
        small = _mm512_cmplt_epi32_mask(ax, _mm512_set1_epi32(0x3d000000)); \
        tiny = _mm512_cmplt_epi32_mask(ax, _mm512_set1_epi32(0x33000000)); \
        uf = _mm512_add_ps(a, b); \
        ulo = _mm512_maskz_sub_ps(~small, b, _mm512_sub_ps(uf, a)); \
        uf = _mm512_mask_mov_ps(uf, small, one); \
        special = _mm512_cmp_ps_mask(xf, _mm512_set1_ps(-1.0f), _CMP_NGT_UQ) | _mm512_cmp_ps_mask(xf, _mm512_set1_ps(INFINITY), _CMP_NLT_UQ); \
    } \
    const __m512i u = _mm512_castps_si512(uf); \
    /* not a positive normal finite float: zero, subnormal, negative, inf, nan */ \
    if (!LOG1P) special = _mm512_fpclass_ps_mask(uf, 0xff);    /* nan, zero, inf, subnormal, negative */ \
    const __m512i tmp = _mm512_sub_epi32(u, _mm512_set1_epi32(0x3f330000)); \
    const __m512 kf = _mm512_cvtepi32_ps(_mm512_srai_epi32(tmp, 23)); \
    const __m512i idx = _mm512_srli_epi32(tmp, 18); \
    const __m512 m = _mm512_castsi512_ps(_mm512_sub_epi32(u, _mm512_and_si512(tmp, _mm512_set1_epi32((int)0xff800000u)))); \
    const __m512 invc = _mm512_permutex2var_ps(ic0, idx, ic1), lh = _mm512_permutex2var_ps(lh0, idx, lh1), \
                 ll = _mm512_permutex2var_ps(ll0, idx, ll1), half = _mm512_set1_ps(0.5f); \
    __m512 z = _mm512_fmsub_ps(m, invc, _mm512_set1_ps(1.0f));              /* exact */ \
    if (LOG1P) z = _mm512_mask_mov_ps(z, small, xf); \
    const __m512 z2 = _mm512_mul_ps(z, z), z2l = _mm512_fmsub_ps(z, z, z2);        /* z^2 = z2 + z2l */ \
    /* s + e1 = z - z2/2 exactly (z - s is exact: Sterbenz) */ \
    const __m512 s = _mm512_fnmadd_ps(half, z2, z), e1 = _mm512_fnmadd_ps(half, z2, _mm512_sub_ps(z, s)); \
    /* A + eA = k K_hi + log c_hi exactly (k K_hi exact: K_hi has 16 bits; |k K_hi| >= |log c_hi| or k = 0) */ \
    const __m512 P = _mm512_mul_ps(kf, _mm512_set1_ps(Kc[0])), A = _mm512_add_ps(P, lh), eA = _mm512_sub_ps(lh, _mm512_sub_ps(A, P)); \
    const __m512 R = _mm512_fmadd_ps(z2, _mm512_fmadd_ps(z, _mm512_set1_ps(Rc[3]), _mm512_set1_ps(Rc[2])), \
                                     _mm512_fmadd_ps(z, _mm512_set1_ps(Rc[1]), _mm512_set1_ps(Rc[0]))); \
    __m512 l = _mm512_fnmadd_ps(half, z2l, e1), sh = s; \
    if (SCALED) {     /* (s + l) / ln B: s S_hi as an exact pair, the rest in the low part */ \
        sh = _mm512_mul_ps(s, _mm512_set1_ps(Sc[0])); \
        l = _mm512_fmadd_ps(l, _mm512_set1_ps(Sc[0]), _mm512_fmadd_ps(s, _mm512_set1_ps(Sc[1]), _mm512_fmsub_ps(s, _mm512_set1_ps(Sc[0]), sh))); \
    } \
    /* S + e2 = A + sh exactly (|A| >= |sh| or A = 0: the intervals' log c outweigh their z) */ \
    const __m512 S = _mm512_add_ps(A, sh), e2 = _mm512_sub_ps(sh, _mm512_sub_ps(S, A)); \
    l = _mm512_fmadd_ps(_mm512_mul_ps(z2, z), R, l); \
    if (LOG1P) {     /* log1p(z + zl) = log1p(z) + zl / (1 + z), zl = ulo 2^-k / c, 1 / (1 + z) ~ 1 - z + z^2 */ \
        const __m512 zl = _mm512_scalef_ps(_mm512_mul_ps(ulo, invc), _mm512_sub_ps(_mm512_setzero_ps(), kf)); \
        l = _mm512_fmadd_ps(zl, _mm512_add_ps(_mm512_sub_ps(_mm512_set1_ps(1.0f), z), z2), l); \
    } \
    const __m512 kl = Kc[1] != 0 ? _mm512_fmadd_ps(kf, _mm512_set1_ps(Kc[1]), ll) : ll;    /* log2: K_lo = 0 */ \
    l = _mm512_add_ps(_mm512_add_ps(l, e2), _mm512_add_ps(eA, kl)); \
    /* the rounding test: both ends of S + l +- d round to one float, d the error bound: 2^-21 |z|^3 \
       (R's own error, 2^-24 of R, and R and its product in float: 4 roundings of about z^3/3; log1p's 1/(1 + z) cut after z^2) \
       plus D |S| (the low part's sums; D: 2^-38, or 2^-37 for log10, whose K_lo's float error and \
       k K_lo + log c_lo's rounding are 2^-39.3 |S| each at |k| = 1) */ \
    d_o = _mm512_fmadd_ps(_mm512_abs_ps(_mm512_mul_ps(z2, z)), _mm512_set1_ps(0x1p-21f), \
                          _mm512_mul_ps(_mm512_abs_ps(S), _mm512_set1_ps(D))); \
    S_o = S; l_o = l; special_o = special; tiny_o = tiny; \
} while (0)
/* 16 floats x of log_B into y; fail: the lanes left to the element function */
#define EW_VLOGF_V16(B, SCALED, LOG1P, D, xf, y, fail) do { \
    __m512 S_v, l_v, d_v;      /* names of their own: EW_VLOGF_PAIR's locals would shadow S, l, d */ \
    __mmask16 sp_v, tn_v; \
    EW_VLOGF_PAIR(B, SCALED, LOG1P, D, xf, S_v, l_v, d_v, sp_v, tn_v); \
    const __m512 up = _mm512_add_ps(S_v, _mm512_add_ps(l_v, d_v)), dn = _mm512_add_ps(S_v, _mm512_sub_ps(l_v, d_v)); \
    fail = _mm512_cmp_ps_mask(up, dn, _CMP_NEQ_UQ) | sp_v; \
    y = up; \
    if (LOG1P) { y = _mm512_mask_mov_ps(y, tn_v, xf); fail &= ~tn_v | sp_v; } \
} while (0)
/* n floats: the vectors' failing lanes are redone by the element function after the vector's
   store.  Output may be the input itself (each vector is read before it is written, and a
   redone lane reads its own x first). */
#define EW_VLOG_BLOCK(name, B, SCALED, LOG1P, D, elem) \
EW_TARGET_V8 static inline void name##_v16(float *o, const float *x, int64_t n) { \
    EW_VLOGF_TABLES(B); \
    int64_t i0 = 0; \
    for (; i0 + 16 <= n; i0 += 16) { \
        ew_vl_prefetch(x + i0); \
        const __m512 xf = _mm512_loadu_ps(x + i0); \
        __m512 y; \
        __mmask16 fail; \
        EW_VLOGF_V16(B, SCALED, LOG1P, D, xf, y, fail); \
        _Alignas(64) float xs[16]; \
        if (__builtin_expect(fail != 0, 0)) { \
            /* the element function's special values, in the vector: below the pole nan, at \
               it -inf, inf and nan x + x; what is left (subnormals, failed tests) goes to it */ \
            const __m512 pole = _mm512_set1_ps(LOG1P ? -1.0f : 0.0f); \
            const __mmask16 below = _mm512_cmp_ps_mask(xf, pole, _CMP_LT_OQ), at = _mm512_cmp_ps_mask(xf, pole, _CMP_EQ_OQ); \
            const __mmask16 same = _mm512_cmp_ps_mask(xf, _mm512_set1_ps(INFINITY), _CMP_EQ_OQ) | _mm512_cmp_ps_mask(xf, xf, _CMP_UNORD_Q); \
            y = _mm512_mask_mov_ps(_mm512_mask_mov_ps(y, below, _mm512_set1_ps(NAN)), at, _mm512_set1_ps(-INFINITY)); \
            y = _mm512_mask_add_ps(y, same, xf, xf); \
            fail &= (__mmask16)~(below | at | same); \
            _mm512_store_ps(xs, xf); \
        } \
        _mm512_storeu_ps(o + i0, y); \
        if (__builtin_expect(fail != 0, 0)) \
            for (unsigned f = fail; f; f &= f - 1) o[i0 + __builtin_ctz(f)] = elem(xs[__builtin_ctz(f)]); \
    } \
    for (; i0 < n; i0++) o[i0] = elem(x[i0]); \
} \
/* without AVX-512 (or with EW_NO_AVX512 set): the element function */ \
EW_TARGET_F16C void name(float *o, const float *x, int64_t n) { \
    if (ew_use_avx512()) { name##_v16(o, x, n); return; } \
    for (int64_t i = 0; i < n; i++) o[i] = elem(x[i]); \
}
#ifndef EW_VLOGC_STANDALONE
EW_VLOG_BLOCK(ew_vl_logf_block, E, 0, 0, 0x1p-38f, ew_vlog_logf)
EW_VLOG_BLOCK(ew_vl_log2f_block, 2, 1, 0, 0x1p-38f, ew_vlog_log2f)
EW_VLOG_BLOCK(ew_vl_log10f_block, 10, 1, 0, 0x1p-37f, ew_vlog_log10f)
EW_VLOG_BLOCK(ew_vl_log1pf_block, E, 0, 1, 0x1p-38f, ew_vlog_log1pf)
#endif
#ifndef EW_VLOGC_STANDALONE
/* special.entr(x) = -x log x as its float32 element function (special.c, entr in double: the
   float of a double within 2^-51 of the true value), 16 lanes a vector: log x as the float pair
   S + l within d (EW_VLOGF_PAIR), -x (S + l) as P + L (P = -x S rounded, its error exact by
   fma, plus -x l) within |x| d + 2^-45 |P|.  Where both ends of that interval round to one
   float, the true value is farther than that from a rounding boundary, so the element
   function's double rounds to the same float.  x < 0 gives -inf, x = 0 gives 0, +inf -inf and
   a nan x + x in the vector, as the element function; positive x outside [2^-100, 2^100] (the
   product's error no longer exact) and the lanes that fail the test take the element function.
   scripts/ventr_sweep.c checks every float. */
#ifndef EW_VENTR_ELEM
#define EW_VENTR_ELEM(x) ((float)ew_sp_entr((double)(x)))
#endif
EW_TARGET_V8 static void ew_vl_entrf_v16(float *o, const float *x, int64_t n) {
    EW_VLOGF_TABLES(E);
    int64_t i0 = 0;
    for (; i0 + 16 <= n; i0 += 16) {
        ew_vl_prefetch(x + i0);
        const __m512 xf = _mm512_loadu_ps(x + i0);
        __m512 Sx, lx, dx;        /* names of their own: EW_VLOGF_PAIR's locals would shadow S, l, d */
        __mmask16 sp, tn;
        EW_VLOGF_PAIR(E, 0, 0, 0x1p-38f, xf, Sx, lx, dx, sp, tn);
        (void)tn;
        const __m512 nx = _mm512_sub_ps(_mm512_setzero_ps(), xf);
        const __m512 P = _mm512_mul_ps(nx, Sx), L = _mm512_fmadd_ps(nx, lx, _mm512_fmsub_ps(nx, Sx, P));
        const __m512 D = _mm512_fmadd_ps(_mm512_abs_ps(P), _mm512_set1_ps(0x1p-45f), _mm512_mul_ps(xf, dx));
        const __m512 up = _mm512_add_ps(P, _mm512_add_ps(L, D)), dn = _mm512_add_ps(P, _mm512_sub_ps(L, D));
        const __mmask16 inside = _mm512_cmp_ps_mask(xf, _mm512_set1_ps(0x1p-100f), _CMP_GE_OQ) & _mm512_cmp_ps_mask(xf, _mm512_set1_ps(0x1p100f), _CMP_LE_OQ);
        /* the element function's special values in the vector: nan x + x, x < 0 and +inf -inf, 0 0 */
        const __mmask16 nan = _mm512_cmp_ps_mask(xf, xf, _CMP_UNORD_Q), zero = _mm512_cmp_ps_mask(xf, _mm512_setzero_ps(), _CMP_EQ_OQ);
        const __mmask16 ninf = _mm512_cmp_ps_mask(xf, _mm512_setzero_ps(), _CMP_LT_OQ) | _mm512_cmp_ps_mask(xf, _mm512_set1_ps(INFINITY), _CMP_EQ_OQ);
        __m512 y = _mm512_mask_mov_ps(_mm512_maskz_mov_ps((__mmask16)~zero, up), ninf, _mm512_set1_ps(-INFINITY));
        y = _mm512_mask_add_ps(y, nan, xf, xf);
        /* x = 1: -1 log 1 = -0, whose sign P + (L + D) loses */
        y = _mm512_mask_mov_ps(y, _mm512_cmp_ps_mask(xf, _mm512_set1_ps(1.0f), _CMP_EQ_OQ), _mm512_set1_ps(-0.0f));
        const __mmask16 fail = ((_mm512_cmp_ps_mask(up, dn, _CMP_NEQ_UQ) | sp | (__mmask16)~inside)) & (__mmask16)~(nan | zero | ninf);
        _Alignas(64) float xs[16];
        if (__builtin_expect(fail != 0, 0)) _mm512_store_ps(xs, xf);     /* before o (o may be x) */
        _mm512_storeu_ps(o + i0, y);
        if (__builtin_expect(fail != 0, 0))
            for (unsigned f = fail; f; f &= f - 1) o[i0 + __builtin_ctz(f)] = EW_VENTR_ELEM(xs[__builtin_ctz(f)]);
    }
    for (; i0 < n; i0++) o[i0] = EW_VENTR_ELEM(x[i0]);
}
/* without AVX-512 (or with EW_NO_AVX512 set): the element function */
EW_TARGET_F16C void ew_vl_entrf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_vl_entrf_v16(o, x, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = EW_VENTR_ELEM(x[i]);
}
#endif
#ifndef EW_VLOGC_STANDALONE
/* special.xlog1py(x, y) = x log1p(y) as its float32 element function (special.c, in double,
   rounded to float), 16 lanes a vector, as entr above: log1p y as the float pair S + l within d
   (EW_VLOGF_PAIR), x (S + l) as P + L within |x| d + 2^-45 |P|, the rounding test.  In the
   vector also a nan y (NAN), x = 0 (0) and y = +-0 (x y); the element function takes the lanes
   whose |P| lies outside [2^-90, 2^100] (the product's error no longer exact), |y| < 2^-25
   (the pair's z^2 may underflow), y <= -1, an infinite y, x inf or nan, and failed tests.
   scripts/vxlog1py_sweep.c checks it. */
#ifndef EW_VXLOG1PY_ELEM
#define EW_VXLOG1PY_ELEM(x, y) ((float)ew_sp_xlog1py((double)(x), (double)(y)))
#endif
EW_TARGET_V8 static void ew_vl_xlog1pyf_v16(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    EW_VLOGF_TABLES(E);
    const __m512 a0 = _mm512_set1_ps(a[0]), b0 = _mm512_set1_ps(b[0]);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        if (sa) ew_vl_prefetch(a + i);
        if (sb) ew_vl_prefetch(b + i);
        const __m512 xv = sa ? _mm512_loadu_ps(a + i) : a0, yv = sb ? _mm512_loadu_ps(b + i) : b0;
        __m512 Sy, ly, dy;        /* names of their own: EW_VLOGF_PAIR's locals would shadow S, l, d */
        __mmask16 sp, tn;
        EW_VLOGF_PAIR(E, 0, 1, 0x1p-38f, yv, Sy, ly, dy, sp, tn);
        const __m512 P = _mm512_mul_ps(xv, Sy), L = _mm512_fmadd_ps(xv, ly, _mm512_fmsub_ps(xv, Sy, P));
        const __m512 ax = _mm512_abs_ps(xv), aP = _mm512_abs_ps(P);
        const __m512 D = _mm512_fmadd_ps(aP, _mm512_set1_ps(0x1p-45f), _mm512_mul_ps(ax, dy));
        const __m512 up = _mm512_add_ps(P, _mm512_add_ps(L, D)), dn = _mm512_add_ps(P, _mm512_sub_ps(L, D));
        const __mmask16 inside = _mm512_cmp_ps_mask(aP, _mm512_set1_ps(0x1p-90f), _CMP_GE_OQ) & _mm512_cmp_ps_mask(aP, _mm512_set1_ps(0x1p100f), _CMP_LE_OQ);
        /* the element function's order: a nan y gives NAN, then x = 0 gives 0; y = +-0 gives x y */
        const __mmask16 ynan = _mm512_cmp_ps_mask(yv, yv, _CMP_UNORD_Q);
        const __mmask16 xzero = _mm512_cmp_ps_mask(xv, _mm512_setzero_ps(), _CMP_EQ_OQ) & (__mmask16)~ynan;
        const __mmask16 yzero = _mm512_cmp_ps_mask(yv, _mm512_setzero_ps(), _CMP_EQ_OQ) & (__mmask16)~xzero;
        __m512 r = _mm512_mask_mul_ps(up, yzero, xv, yv);      /* log1p(+-0) = +-0 */
        r = _mm512_mask_mov_ps(_mm512_mask_mov_ps(r, xzero, _mm512_setzero_ps()), ynan, _mm512_set1_ps(NAN));
        const __mmask16 redo = (_mm512_cmp_ps_mask(up, dn, _CMP_NEQ_UQ) | sp | tn | (__mmask16)~inside) & (__mmask16)~(ynan | xzero | yzero);
        _mm512_storeu_ps(o + i, r);
        if (__builtin_expect(redo != 0, 0)) {     /* the operands from the registers: o may be a or b */
            float xt[16], yt[16];
            _mm512_storeu_ps(xt, xv); _mm512_storeu_ps(yt, yv);
            for (unsigned f = redo; f; f &= f - 1) o[i + __builtin_ctz(f)] = EW_VXLOG1PY_ELEM(xt[__builtin_ctz(f)], yt[__builtin_ctz(f)]);
        }
    }
    for (; i < n; i++) o[i] = EW_VXLOG1PY_ELEM(a[i * sa], b[i * sb]);
}
/* without AVX-512 (or with EW_NO_AVX512 set): the element function */
EW_TARGET_F16C void ew_vl_xlog1pyf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    if (ew_use_avx512()) { ew_vl_xlog1pyf_v16(o, a, sa, b, sb, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = EW_VXLOG1PY_ELEM(a[i * sa], b[i * sb]);
}
#endif
#ifndef EW_VLOGC_STANDALONE
/* logit(x) = log(x / (1 - x)), x first clamped to [eps, 1 - eps] when eps >= 0 as the element
   function (prelude.h, ew_logit) clamps it, 16 lanes a vector (branch param17).  By symmetry
   (logit(1 - y) = -logit(y), 1 - x exact for x >= 1/2) y = min(x, 1 - x) <= 1/2; 1 - y = dh + dl
   exactly (Fast2Sum); q = y / dh rounded, its remainder y - q dh exact (fma), so y / (1 - y) =
   q (1 + c) with c = (rem - q dl) / y to 2^-22 relative (rcp14 and one Newton step).  log q as a
   float pair (EW_VLOGF_PAIR) plus c, within d + 2^-22 |c| + c^2 (log(1 + c) = c - c^2/2 ...);
   where S + l +- d rounds to one float, that float is the correctly rounded logit.  Near x = 1/2
   (|log q| below about 2^-12) the test fails; those lanes, and x outside (0, 1), subnormal or
   nan, take the element function (in double: its log1p form near 1/2), on the unclamped x.
   scripts/vlogit_sweep.c checks every float. */
#ifndef EW_VLOGIT_ELEM
#define EW_VLOGIT_ELEM ew_logit      /* scripts/vlogit_sweep.c counts the lanes redone */
#endif
EW_TARGET_V8 static void ew_vl_logitf_v16(float *o, const float *x, int64_t n, float eps) {
    EW_VLOGF_TABLES(E);
    const int clamp = eps >= 0;
    const __m512 lo = _mm512_set1_ps(eps), hi = _mm512_set1_ps(1 - eps), one = _mm512_set1_ps(1.0f);
    int64_t i0 = 0;
    for (; i0 + 16 <= n; i0 += 16) {
        ew_vl_prefetch(x + i0);
        const __m512 x0 = _mm512_loadu_ps(x + i0);
        __m512 xf = x0;
        if (clamp) {     /* x < eps ? eps : (x > hi ? hi : x); a nan stays */
            xf = _mm512_mask_mov_ps(xf, _mm512_cmp_ps_mask(x0, hi, _CMP_GT_OQ), hi);
            xf = _mm512_mask_mov_ps(xf, _mm512_cmp_ps_mask(x0, lo, _CMP_LT_OQ), lo);
        }
        const __mmask16 upper = _mm512_cmp_ps_mask(xf, _mm512_set1_ps(0.5f), _CMP_GT_OQ);
        const __m512 y = _mm512_mask_sub_ps(xf, upper, one, xf);
        const __m512 dh = _mm512_sub_ps(one, y), dl = _mm512_sub_ps(_mm512_sub_ps(one, dh), y);
        const __m512 q = _mm512_div_ps(y, dh);
        const __m512 num = _mm512_fnmadd_ps(q, dl, _mm512_fnmadd_ps(q, dh, y));
        const __m512 r0 = _mm512_rcp14_ps(y), r1 = _mm512_fmadd_ps(r0, _mm512_fnmadd_ps(y, r0, one), r0);
        const __m512 c = _mm512_mul_ps(num, r1);
        __m512 Sq, lq, dq;         /* names of their own: EW_VLOGF_PAIR's locals would shadow S, l, d */
        __mmask16 sp, tn;
        EW_VLOGF_PAIR(E, 0, 0, 0x1p-38f, q, Sq, lq, dq, sp, tn);
        (void)tn;
        const __m512 ac = _mm512_abs_ps(c);
        lq = _mm512_add_ps(lq, c);
        dq = _mm512_fmadd_ps(ac, _mm512_add_ps(ac, _mm512_set1_ps(0x1p-22f)), dq);
        const __m512 up = _mm512_add_ps(Sq, _mm512_add_ps(lq, dq)), dn = _mm512_add_ps(Sq, _mm512_sub_ps(lq, dq));
        /* a nan x, or y <= 0 (x outside (0, 1)): the log's special lanes */
        const __mmask16 fail = _mm512_cmp_ps_mask(up, dn, _CMP_NEQ_UQ) | sp | _mm512_cmp_ps_mask(xf, xf, _CMP_UNORD_Q);
        _Alignas(64) float xs[16];
        if (__builtin_expect(fail != 0, 0)) _mm512_store_ps(xs, x0);     /* before o (o may be x) */
        _mm512_storeu_ps(o + i0, _mm512_mask_sub_ps(up, upper, _mm512_setzero_ps(), up));
        if (__builtin_expect(fail != 0, 0))
            for (unsigned f = fail; f; f &= f - 1) o[i0 + __builtin_ctz(f)] = EW_VLOGIT_ELEM(xs[__builtin_ctz(f)], eps);
    }
    for (; i0 < n; i0++) o[i0] = EW_VLOGIT_ELEM(x[i0], eps);
}
/* without AVX-512 (or with EW_NO_AVX512 set): the element function */
EW_TARGET_F16C void ew_vl_logitf_block(float *o, const float *x, int64_t n, float eps) {
    if (ew_use_avx512()) { ew_vl_logitf_v16(o, x, n, eps); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_logit(x[i], eps);
}
#endif
#ifndef EW_VLOGC_STANDALONE
/* logaddexp(a, b) as ew_logaddexpf_fma (vmath_more.h: torch's float steps m + log1p(w),
   w = e^-|a - b|, each rounded to float), 16 lanes a vector, in two halves of 8 doubles:
   - w: ew_mf_expd's operations (prelude.h's EW_EXP_REDUCE and EW_EXP_POLY), rounded to float:
     the element function's w bit for bit;
   - log1p w: ew_vlog_core (vlog.h) on 1 + w (exact in double for w >= 2^-25; w itself below):
     where its rounding test passes, the correctly rounded log1p w, which the element function's
     own double (within 2^-50) also rounds to; scripts/vlogaddexp_sweep.c checks every float w;
   - |a - b| >= 88 (w < 2^-126, log1p w = w) with |m| >= 2^-100 (half an ulp of m exceeds w):
     m itself, as the element function's m + w rounds (an infinite m too: torch's masks);
   - the rest (|a - b| in (87, 88), a nan, equal infinities, a failed test): the element function. */
/* ew_vlog_core (vlog.h) on 8 doubles: the same operations, so the same r; *ok: its rounding test */
EW_TARGET_V8 static inline __m512d ew_vl_logcore8(__m512d u, const __m512d *tab, const double *Q, double K, double S, __mmask8 *ok) {
    const __m512i b = _mm512_castpd_si512(u), tmp = _mm512_sub_epi64(b, _mm512_set1_epi64((int64_t)EW_VLOG_OFF));
    const __m512i i = _mm512_srli_epi64(tmp, 48);              /* permutex2var reads its low 4 bits */
    const __m512d kd = _mm512_cvtepi64_pd(_mm512_srai_epi64(tmp, 52));
    const __m512d md = _mm512_castsi512_pd(_mm512_sub_epi64(b, _mm512_and_si512(tmp, _mm512_set1_epi64((int64_t)0xfff0000000000000ull))));
    const __m512d z = _mm512_fmadd_pd(md, _mm512_permutex2var_pd(tab[0], i, tab[1]), _mm512_set1_pd(-1.0));
    const __m512d t = _mm512_fmadd_pd(kd, _mm512_set1_pd(K), _mm512_permutex2var_pd(tab[2], i, tab[3]));
    const __m512d z2 = _mm512_mul_pd(z, z), z4 = _mm512_mul_pd(z2, z2);
    const __m512d q = _mm512_fmadd_pd(z4, _mm512_fmadd_pd(z, _mm512_set1_pd(Q[5]), _mm512_set1_pd(Q[4])),
                      _mm512_fmadd_pd(z2, _mm512_fmadd_pd(z, _mm512_set1_pd(Q[3]), _mm512_set1_pd(Q[2])),
                                      _mm512_fmadd_pd(z, _mm512_set1_pd(Q[1]), _mm512_set1_pd(Q[0]))));
    const __m512d r = _mm512_fmadd_pd(z2, q, _mm512_fmadd_pd(z, _mm512_set1_pd(S), t));
    *ok = _mm512_test_epi64_mask(_mm512_add_epi64(_mm512_castpd_si512(r), _mm512_set1_epi64((int64_t)EW_VLOG_TADD)),
                                 _mm512_set1_epi64((int64_t)EW_VLOG_TMASK));
    return r;
}
/* w = e^-d (d clamped to 200) as the element function's float, and log1p w where *ok, for 8 d */
EW_TARGET_V8 static inline __m256 ew_vl_lae8(__m512d d, const __m512d *tab, __m256 *w, __mmask8 *ok) {
    static const double Q[6] = {EW_VLOG_Q_E};
    const __m512d x = V8_NEG(_mm512_min_pd(d, _mm512_set1_pd(200.0)));
    EW_EXP_REDUCE(V8_T, V8_F, V8_S, V8_C, x, kd, r);
    EW_EXP_POLY(V8_T, V8_F, V8_M, V8_C, r, p);
    *w = _mm512_cvtpd_ps(V8_SCALE(p, kd));
    const __m512d u = _mm512_add_pd(_mm512_set1_pd(1.0), _mm512_cvtps_pd(*w));
    return _mm512_cvtpd_ps(ew_vl_logcore8(u, tab, Q, EW_VLOG_K_E, EW_VLOG_S_E, ok));
}
/* 16 lanes: log1p(e^-dist) where *ok (w < 2^-25: w itself) */
EW_TARGET_V8 static inline __m512 ew_vl_lae16(__m512 dist, const __m512d *tab, __mmask16 *ok) {
    __m256 w0, w1;
    __mmask8 ok0, ok1;
    const __m256 l0 = ew_vl_lae8(_mm512_cvtps_pd(_mm512_castps512_ps256(dist)), tab, &w0, &ok0);
    const __m256 l1 = ew_vl_lae8(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(dist), 1))), tab, &w1, &ok1);
    const __m512 w = _mm512_insertf32x8(_mm512_castps256_ps512(w0), w1, 1), l = _mm512_insertf32x8(_mm512_castps256_ps512(l0), l1, 1);
    const __mmask16 tiny = _mm512_cmp_ps_mask(w, _mm512_set1_ps(0x1p-25f), _CMP_LT_OQ);
    *ok = (__mmask16)(ok0 | (ok1 << 8)) | tiny;
    return _mm512_mask_mov_ps(l, tiny, w);
}
EW_TARGET_V8 static void ew_vl_logaddexpf_v16(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    const __m512d tab[4] = {_mm512_loadu_pd(EW_VLOG_INVC), _mm512_loadu_pd(EW_VLOG_INVC + 8),
                            _mm512_loadu_pd(EW_VLOG_LOGC_E), _mm512_loadu_pd(EW_VLOG_LOGC_E + 8)};
    const __m512 a0 = _mm512_set1_ps(a[0]), b0 = _mm512_set1_ps(b[0]);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        if (sa) ew_vl_prefetch(a + i);
        if (sb) ew_vl_prefetch(b + i);
        const __m512 av = sa ? _mm512_loadu_ps(a + i) : a0, bv = sb ? _mm512_loadu_ps(b + i) : b0;
        const __m512 mx = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(av, bv, _CMP_GT_OQ), bv, av);
        const __m512 dist = _mm512_abs_ps(_mm512_sub_ps(av, bv));
        __mmask16 ok;
        const __m512 lv = ew_vl_lae16(dist, tab, &ok);
        const __mmask16 fast = _mm512_cmp_ps_mask(dist, _mm512_set1_ps(87.0f), _CMP_LE_OQ);
        const __mmask16 big = _mm512_cmp_ps_mask(dist, _mm512_set1_ps(88.0f), _CMP_GE_OQ)
                            & _mm512_cmp_ps_mask(_mm512_abs_ps(mx), _mm512_set1_ps(0x1p-100f), _CMP_GE_OQ);
        const __mmask16 redo = (__mmask16)((~ok & fast) | ~(fast | big));
        _mm512_storeu_ps(o + i, _mm512_mask_mov_ps(_mm512_add_ps(mx, lv), big, mx));
        if (__builtin_expect(redo != 0, 0)) {     /* the operands from the registers: o may be a or b */
            float at[16], bt[16];
            _mm512_storeu_ps(at, av); _mm512_storeu_ps(bt, bv);
            for (unsigned f = redo; f; f &= f - 1) o[i + __builtin_ctz(f)] = ew_logaddexpf_fma(at[__builtin_ctz(f)], bt[__builtin_ctz(f)]);
        }
    }
    for (; i < n; i++) o[i] = ew_logaddexpf_fma(a[i * sa], b[i * sb]);
}
/* without AVX-512 (or with EW_NO_AVX512 set): the element function of the AVX2 flavour */
EW_TARGET_F16C void ew_vl_logaddexpf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    if (ew_use_avx512()) { ew_vl_logaddexpf_v16(o, a, sa, b, sb, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_logaddexpf_fma(a[i * sa], b[i * sb]);
}
#endif
#ifndef EW_VLOGC_STANDALONE
/* o[0..15] = r, then the lanes of `fail` redone by the element function ELEM on the inputs xf (saved
   first: o may be x) */
#define EW_VL_STORE16(o, r, xf, fail, ELEM) do { \
    _Alignas(64) float xs_[16]; \
    if (__builtin_expect((fail) != 0, 0)) _mm512_store_ps(xs_, (xf)); \
    _mm512_storeu_ps((o), (r)); \
    if (__builtin_expect((fail) != 0, 0)) \
        for (unsigned f_ = (fail); f_; f_ &= f_ - 1) (o)[__builtin_ctz(f_)] = ELEM(xs_[__builtin_ctz(f_)]); \
} while (0)
/* logaddexp2 and softplus (branch soft17): no log, no division, 8 double lanes.  f(a) = log1p(e^-a)
   and g(d) = log2(1 + 2^-d) are polynomials in t = a - j/2 on the 16 pieces j/2 +- 1/4 that cover
   [0, 7.75] (scripts/vsoftplus_tables.py: degree 8 and 7, relative error 2^-41.9 and 2^-40.8),
   their coefficients picked from registers by vpermt2pd; a vector with a lane beyond 7.75 also
   takes log1p w = w - w^2/2 + ... on w = e^-a or 2^-d (vexp.h's exp).  The double result y is
   within e of the true value and of the element function's double (within 2^-44 relative);
   where y - e and y + e round to one float (Ziv's test), that float is the element function's
   float, else the element function redoes the lane.  scripts/vsoftplus_sweep.c and
   scripts/vlogaddexp2_sweep.c check them. */
static const double EW_VL_SP_C[9][16] = {
    {0x1.62e42fefa39efp-1, 0x1.e5746fdb5c064p-2, 0x1.40c7abfbec124p-2, 0x1.9c7e908f5420fp-3, 0x1.03f2d54301d49p-3, 0x1.4321e1cc6d13fp-4, 0x1.8e070fc045701p-5, 0x1.e76e4c617c898p-6, 0x1.295e50b53b654p-6, 0x1.6a033368dd9b7p-7, 0x1.b818da245a728p-8, 0x1.0b48ec7737a01p-8, 0x1.447e35674b30ep-9, 0x1.89d25404b4136p-10, 0x1.dddef4e20532bp-11, 0x1.21e534d42e269p-11},
    {-0x1.0000000000000p-1, -0x1.829a0565a6eb1p-2, -0x1.136561454fc96p-2, -0x1.759b83559736bp-3, -0x1.e84152bab509fp-4, -0x1.36b7112532ad9p-4, -0x1.848343c90963ap-5, -0x1.e040681cd1f55p-6, -0x1.26afa1e43fb49p-6, -0x1.680527a4085ccp-7, -0x1.b69f67d63a3c7p-8, -0x1.0abd946146ee0p-8, -0x1.4417772fa72c0p-9, -0x1.8986a2cac4678p-10, -0x1.dda738adeec09p-11, -0x1.21d0b15710296p-11},
    {0x1.ffffffffec152p-4, 0x1.e149a052c17dcp-4, 0x1.92a946fa4086fp-4, 0x1.3173b1efa8d0ep-4, 0x1.ae0dc0f98acf5p-5, 0x1.1f25131e3766dp-5, 0x1.72165282c639fp-6, 0x1.d22ca1c24b879p-7, 0x1.2162c262e1882p-7, 0x1.64108aa4d7315p-8, 0x1.b3afe1fba6b2fp-9, 0x1.09a7a5dc88b5ap-9, 0x1.434a517bbc6fbp-10, 0x1.88ef67211d7ddp-11, 0x1.dd37d19b225cdp-12, 0x1.21a7ae3bc0934p-12},
    {0x1.f1c71c71c71c7p-162, -0x1.3a5639b1f1e18p-7, -0x1.f0345623eb9d8p-7, -0x1.02ad382f3eecfp-6, -0x1.b4b3ae4737f1dp-7, -0x1.44c60f8ecfdffp-7, -0x1.bea5213378eb8p-8, -0x1.24903be997790p-8, -0x1.73f7c38ee3588p-9, -0x1.d052167d86442p-10, -0x1.1e91ee596aa29p-10, -0x1.5f52baae726c8p-11, -0x1.acec0d136f6fbp-12, -0x1.052b980c7dd28p-12, -0x1.3d90cfa5770dcp-13, -0x1.81c79a360aec7p-14},
    {-0x1.5555544ba9345p-8, -0x1.071e413669c65p-8, -0x1.81d97e11a5c10p-10, 0x1.568057009e447p-11, 0x1.a85d238a316e9p-10, 0x1.bba40d12d52cfp-10, 0x1.67b1f69b22e7dp-10, 0x1.01ba038235ee3p-10, 0x1.58f4fefebfd98p-11, 0x1.bbccd8a10844bp-12, 0x1.16df4480fe907p-12, 0x1.5997790917d4ep-13, 0x1.a8acaf7cb0132p-14, 0x1.0399d1609a5a8p-14, 0x1.3c6869e200e1cp-15, 0x1.80ed2c4e00731p-16},
    {-0x1.8000000000000p-157, 0x1.c9a9c16465549p-11, 0x1.0dcd45009d277p-10, 0x1.46dfe4a589e93p-11, 0x1.6b3fbe2c9d433p-13, -0x1.49f9d53149cb1p-14, -0x1.47380406b1956p-13, -0x1.3446f9651901ap-13, -0x1.d5020669267fdp-14, -0x1.4305808ed17d6p-14, -0x1.a5ef18133f582p-15, -0x1.0b63129ed78cap-15, -0x1.4cfb2b328d506p-16, -0x1.9a5b057f3cdfcp-17, -0x1.f68dea2d98175p-18, -0x1.3293bcdf56760p-18},
    {0x1.6c1303fa7874cp-12, 0x1.8b05c26c02056p-13, -0x1.294e12de82aa2p-14, -0x1.5db871d9ede8cp-13, -0x1.f9cf3dc4ffa24p-14, -0x1.a34fb295d3aa7p-15, -0x1.d0d3de577b12cp-18, 0x1.42f6d4f3a2839p-17, 0x1.a1cb2747c21b2p-17, 0x1.5c7fce73e32ccp-17, 0x1.f359426104fb4p-18, 0x1.4c9eb77acd4efp-18, 0x1.aa1aa4e5ee39bp-19, 0x1.0aee4c78cb63ep-19, 0x1.4a1f34fd6f1cep-20, 0x1.9524038762518p-21},
    {0x1.5555555555555p-154, -0x1.40f776a2a10efp-14, -0x1.d5b08a09a1a2ep-15, -0x1.7fa208bbd4f3cp-20, 0x1.5ecb9873508b0p-16, 0x1.1c01dc8e35a51p-16, 0x1.0ab43c725bdadp-17, 0x1.2c19344b5d06ep-19, -0x1.60ffa58c6375ep-23, -0x1.b78342c608035p-21, -0x1.ae7a5b76c38fdp-21, -0x1.46b2a690b38ffp-21, -0x1.bf0ea8345db59p-22, -0x1.226588cbe3408p-22, -0x1.6eafcd132fca1p-23, -0x1.c789ebc5a9a0ap-24},
    {-0x1.b51bdb905930ap-16, -0x1.e58be91cbed6ep-18, 0x1.ce7019648ef72p-17, 0x1.61b74add5ecdbp-17, 0x1.4b8694711ba82p-20, -0x1.2f471afc60b24p-19, -0x1.03871b49718d8p-19, -0x1.fd8ab9ad7d96ep-21, -0x1.5966380bfeae5p-22, -0x1.a3e955abd1e1ap-25, 0x1.4954000573bf2p-25, 0x1.bcfe444ce54a0p-25, 0x1.6f5f15fe576fbp-25, 0x1.045cc9ab34444p-25, 0x1.5839d82342ae2p-26, 0x1.b6cddd0ad2392p-27}
};
static const double EW_VL_LA2_C[8][16] = {
    {0x1.0000000000000p+0, 0x1.8b0908d86b112p-1, 0x1.2b803473f79acp-1, 0x1.bf3bdcd787f1ep-2, 0x1.49a784bcd135dp-2, 0x1.e0f4193c11937p-3, 0x1.5c01a39fbd63ap-3, 0x1.f48115660181bp-4, 0x1.663f6fac91909p-4, 0x1.ff1957cf1b230p-5, 0x1.6bad3758f02b9p-5, 0x1.024fe73799349p-5, 0x1.6e79685c2d444p-6, 0x1.03b93a14142a3p-6, 0x1.6fe50b6ef07d2p-7, 0x1.046fdf000d057p-7},
    {-0x1.0000000000000p-1, -0x1.a827999fcf1d1p-2, -0x1.55555555557d2p-2, -0x1.0b7907523b29bp-2, -0x1.99999999997edp-3, -0x1.33a71f630bfe1p-3, -0x1.c71c71c71c4e5p-4, -0x1.4ca32cc176a0cp-4, -0x1.e1e1e1e1e1e8fp-5, -0x1.5ab74208f8463p-5, -0x1.f07c1f07c206dp-6, -0x1.62362d2d997e7p-6, -0x1.f81f81f81f920p-7, -0x1.66151710ac49fp-7, -0x1.fc07f01fc0854p-8, -0x1.680cb68160c12p-8},
    {0x1.62e42fe72edecp-4, 0x1.5871bf9cab207p-4, 0x1.3b757ff29a0bap-4, 0x1.11f150e9351c5p-4, 0x1.c642ccc00a305p-5, 0x1.6a6db0012169ep-5, 0x1.186871ba55a05p-5, 0x1.a7af4047a4600p-6, 0x1.3a5e0fe05c8f5p-6, 0x1.cc4ead01507bdp-7, 0x1.4db56bd4a172fp-7, 0x1.e06cf27da9248p-8, 0x1.580e3d21ae49cp-8, 0x1.eafba21a3ff7ap-9, 0x1.5d6915f3bdab0p-9, 0x1.f06481cbfecabp-10},
    {-0x1.e000000000000p-164, -0x1.b4f0a6fb460d9p-9, -0x1.84ba5eb684370p-8, -0x1.e3a939533cef2p-8, -0x1.f7ca9fbd2503bp-8, -0x1.d4a40b41b0f83p-8, -0x1.9320167785c55p-8, -0x1.47f8125133d6cp-8, -0x1.005b39c4c52adp-8, -0x1.8567719098fadp-9, -0x1.21b87c7f2683bp-9, -0x1.a8cf273a53e1ep-10, -0x1.3430e9cc2d409p-10, -0x1.bbd8e7b64ca70p-11, -0x1.3dead393b4fa1p-11, -0x1.c5b92d854fa80p-12},
    {-0x1.c6afe43f7f43fp-10, -0x1.9254b3c33ae5ep-10, -0x1.0d7231da18326p-10, -0x1.bb3e6cbafcf8ep-12, 0x1.747637d51a7bbp-14, 0x1.b2c2497e617bep-12, 0x1.24bb2a113be41p-11, 0x1.2bcf2602ea9b8p-11, 0x1.0cfa78171c1fcp-11, 0x1.be53880dbd710p-12, 0x1.602b7d07bbec0p-12, 0x1.0cb43d044235bp-12, 0x1.90be3d57093d7p-13, 0x1.2620eb1667fefp-13, 0x1.ab01d4e5ff308p-14, 0x1.3391061d372b6p-14},
    {0x1.b000000000000p-158, 0x1.410d55c6ec8c2p-13, 0x1.f209d57047374p-13, 0x1.e92f928aca378p-13, 0x1.644bbf7e20355p-13, 0x1.7f361af5c0658p-14, 0x1.cb1af804c6437p-16, -0x1.a603622331506p-17, -0x1.0893474ddc486p-15, -0x1.337e6d0da1d55p-15, -0x1.205d62cc0005ep-15, -0x1.e7586832233b2p-16, -0x1.83b2c74c57b5dp-16, -0x1.28f1733d74defp-16, -0x1.bbaa94d48a34cp-17, -0x1.45eb9025fe97bp-17},
    {0x1.cfecb055b9163p-15, 0x1.621c57344205dp-15, 0x1.aec0985e5bd52p-17, -0x1.c8898ef418c0ep-17, -0x1.b03abf20204c4p-16, -0x1.9f1ed12e2aaedp-16, -0x1.23c0ad7eb3fa5p-16, -0x1.3e04ba696b6a9p-17, -0x1.e6f394a0f8f77p-19, -0x1.8f150946ef4a1p-23, 0x1.82acf7d4d10b0p-20, 0x1.07c643f301c88p-19, 0x1.02ab6f6d1ceecp-19, 0x1.bc9ca4c73ab52p-20, 0x1.64489b2f79121p-20, 0x1.11ccbf86c94a9p-20},
    {-0x1.4000000000000p-154, -0x1.d2d653a1cf982p-18, -0x1.288871bc9e399p-17, -0x1.8050e20e20061p-18, -0x1.60aad763f502cp-20, 0x1.9e3ff43de31fap-20, 0x1.3fc216ed37b67p-19, 0x1.0f875c5fb1270p-19, 0x1.5fc8b88703f53p-20, 0x1.713c5c08d5948p-21, 0x1.285a2406c8b18p-22, 0x1.a490b02d9ac2fp-25, -0x1.de1f5ae741ed0p-25, -0x1.88435b6c111afp-24, -0x1.903f81539f032p-24, -0x1.5cad2c3d649c6p-24}
};
#define EW_VL_PIECES_END 7.75
/* a table's coefficient vectors, two per degree (vpermt2pd picks one of 16) */
#define EW_VL_PIECES_LOAD(tab, C) \
    __m512d tab[2 * (sizeof C / sizeof C[0])]; \
    for (unsigned k_ = 0; k_ < sizeof C / sizeof C[0]; k_++) { \
        tab[2 * k_] = _mm512_loadu_pd(C[k_]); \
        tab[2 * k_ + 1] = _mm512_loadu_pd(C[k_] + 8); \
    }
/* the piecewise polynomial of degree deg at 8 doubles a >= 0 (its value sure below 7.75) */
EW_TARGET_V8 static inline __m512d ew_vl_pieces8(__m512d a, const __m512d *tab, int deg) {
    const __m512d shift = _mm512_set1_pd(0x1.8p52), kd = _mm512_fmadd_pd(a, _mm512_set1_pd(2.0), shift);
    const __m512d t = _mm512_fnmadd_pd(_mm512_sub_pd(kd, shift), _mm512_set1_pd(0.5), a);
    const __m512i j = _mm512_castpd_si512(kd);       /* round(2a) in the low bits, the index */
    __m512d p = _mm512_permutex2var_pd(tab[2 * deg], j, tab[2 * deg + 1]);
    for (int k = deg - 1; k >= 0; k--) p = _mm512_fmadd_pd(p, t, _mm512_permutex2var_pd(tab[2 * k], j, tab[2 * k + 1]));
    return p;
}
/* log1p w = w (1 - w/2 + ... - w^(n-1)/n) for w <= e^-7.75 (n = 4: truncation 2^-47 relative) or
   2^-7.75 (n = 6: 2^-49) */
EW_TARGET_V8 static inline __m512d ew_vl_log1p_small8(__m512d w, int n) {
    __m512d p = _mm512_set1_pd((n & 1 ? 1.0 : -1.0) / n);
    for (int k = n - 1; k >= 1; k--) p = _mm512_fmadd_pd(p, w, _mm512_set1_pd((k & 1 ? 1.0 : -1.0) / k));
    return _mm512_mul_pd(p, w);
}
/* a vector's low and high 8 floats as doubles */
EW_TARGET_V8 static inline __m512d ew_vl_lo8(__m512 v) { return _mm512_cvtps_pd(_mm512_castps512_ps256(v)); }
EW_TARGET_V8 static inline __m512d ew_vl_hi8(__m512 v) { return _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))); }
EW_TARGET_V8 static inline __m512 ew_vl_join16(__m512d lo, __m512d hi) {
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(lo)), _mm512_cvtpd_ps(hi), 1);
}
/* Ziv's test on 16 lanes (two halves y0 +- e0, y1 +- e1): *ok where both ends round to the same
   float (bit for bit: -0 is not +0), which is returned */
EW_TARGET_V8 static inline __m512 ew_vl_ziv16(__m512d y0, __m512d e0, __m512d y1, __m512d e1, __mmask16 *ok) {
    const __m512 lo = ew_vl_join16(_mm512_sub_pd(y0, e0), _mm512_sub_pd(y1, e1));
    const __m512 hi = ew_vl_join16(_mm512_add_pd(y0, e0), _mm512_add_pd(y1, e1));
    *ok = _mm512_cmp_ps_mask(lo, hi, _CMP_EQ_OQ) & _mm512_cmpeq_epi32_mask(_mm512_castps_si512(lo), _mm512_castps_si512(hi));
    return lo;
}
/* logaddexp2(a, b) as ew_logaddexp2f_fma (vmath_more.h): m = max(a, b) plus g(|a - b|) (the
   difference exact in double), y = m + g within e = 2^-39 g + 2^-52 |m| (g's error and the sum's
   rounding, and the element function's); equal infinities give a, a nan a + b, as its selects.
   Near m = -g the bound is absolute: y may be far smaller than it (then the test fails). */
#ifndef EW_VLAE2_ELEM
#define EW_VLAE2_ELEM ew_logaddexp2f_fma      /* scripts/vlogaddexp2_sweep.c counts the lanes redone */
#endif
EW_TARGET_V8 static inline __m512d ew_vl_lae2_8(__m512d ad, __m512d bd, const __m512d *tab, __m512i ew_vx_tlo, __m512i ew_vx_thi, __m512d *e) {
    const __m512d m = _mm512_max_pd(ad, bd), d = V8_ABS(_mm512_sub_pd(ad, bd));
    __m512d g = ew_vl_pieces8(d, tab, 7);
    const __mmask8 far = _mm512_cmp_pd_mask(d, _mm512_set1_pd(EW_VL_PIECES_END), _CMP_NLT_UQ);
    if (__builtin_expect(far != 0, 0)) {     /* 2^-d, d clamped to 200 as the element function clamps it */
        const __m512d xd = V8_NEG(_mm512_min_pd(d, _mm512_set1_pd(200.0)));
        EW_VX_B_EXP2(xd, w);
        g = _mm512_mask_mul_pd(g, far, ew_vl_log1p_small8(w, 6), _mm512_set1_pd(0x1.71547652b82fep0));
    }
    /* d = 0: g = 1 exactly (the table's), the element function's l too: the same sum, e = 0 */
    const __mmask8 apart = _mm512_cmp_pd_mask(d, _mm512_setzero_pd(), _CMP_NEQ_UQ);
    *e = _mm512_maskz_fmadd_pd(apart, V8_ABS(m), _mm512_set1_pd(0x1p-52), _mm512_mul_pd(g, _mm512_set1_pd(0x1p-39)));
    return _mm512_add_pd(m, g);
}
EW_TARGET_V8 static void ew_vl_logaddexp2f_v16(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    EW_VL_PIECES_LOAD(tab, EW_VL_LA2_C);
    const __m512i tlo = _mm512_loadu_si512(ew_vx_tab), thi = _mm512_loadu_si512(ew_vx_tab + 8);
    const __m512 a0 = _mm512_set1_ps(a[0]), b0 = _mm512_set1_ps(b[0]);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        if (sa) ew_vl_prefetch(a + i);
        if (sb) ew_vl_prefetch(b + i);
        const __m512 av = sa ? _mm512_loadu_ps(a + i) : a0, bv = sb ? _mm512_loadu_ps(b + i) : b0;
        __m512d e0, e1;
        const __m512d y0 = ew_vl_lae2_8(ew_vl_lo8(av), ew_vl_lo8(bv), tab, tlo, thi, &e0);
        const __m512d y1 = ew_vl_lae2_8(ew_vl_hi8(av), ew_vl_hi8(bv), tab, tlo, thi, &e1);
        __mmask16 ok;
        __m512 r = ew_vl_ziv16(y0, e0, y1, e1, &ok);
        const __mmask16 same_inf = _mm512_cmp_ps_mask(_mm512_abs_ps(av), _mm512_set1_ps(INFINITY), _CMP_EQ_OQ) & _mm512_cmp_ps_mask(av, bv, _CMP_EQ_OQ);
        const __mmask16 nan = _mm512_cmp_ps_mask(av, bv, _CMP_UNORD_Q);
        r = _mm512_mask_add_ps(_mm512_mask_mov_ps(r, same_inf, av), nan, av, bv);
        const __mmask16 redo = (__mmask16)(~ok & ~(same_inf | nan));
        _mm512_storeu_ps(o + i, r);
        if (__builtin_expect(redo != 0, 0)) {     /* the operands from the registers: o may be a or b */
            float at[16], bt[16];
            _mm512_storeu_ps(at, av); _mm512_storeu_ps(bt, bv);
            for (unsigned f = redo; f; f &= f - 1) o[i + __builtin_ctz(f)] = EW_VLAE2_ELEM(at[__builtin_ctz(f)], bt[__builtin_ctz(f)]);
        }
    }
    for (; i < n; i++) o[i] = EW_VLAE2_ELEM(a[i * sa], b[i * sb]);
}
/* without AVX-512 (or with EW_NO_AVX512 set): the element function of the AVX2 flavour */
EW_TARGET_F16C void ew_vl_logaddexp2f_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    if (ew_use_avx512()) { ew_vl_logaddexp2f_v16(o, a, sa, b, sb, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_logaddexp2f_fma(a[i * sa], b[i * sb]);
}
/* softplus(x, beta, threshold) as ew_vsoftplusf (vmath.h): v = x beta (exact in double), y =
   (max(v, 0) + f(|v|)) / beta (times 1 / beta in double, as there) within e = 2^-39 |y|; x itself
   where the float x beta > threshold, or x is nan.  beta 0, inf or nan: the element function. */
#ifndef EW_VSOFTPLUS_ELEM
#define EW_VSOFTPLUS_ELEM ew_vsoftplusf      /* scripts/vsoftplus_sweep.c counts the lanes redone */
#endif
EW_TARGET_V8 static inline __m512d ew_vl_softplus8(__m512d xd, __m512d bd, __m512d ib, const __m512d *tab, __m512i ew_vx_tlo, __m512i ew_vx_thi) {
    const __m512d v = _mm512_mul_pd(xd, bd), a = V8_ABS(v);
    __m512d f = ew_vl_pieces8(a, tab, 8);
    const __mmask8 far = _mm512_cmp_pd_mask(a, _mm512_set1_pd(EW_VL_PIECES_END), _CMP_NLT_UQ);
    if (__builtin_expect(far != 0, 0)) {     /* e^-a, a clamped to 700 (the element function's e^-a is 0 beyond) */
        const __m512d xn = V8_NEG(_mm512_min_pd(a, _mm512_set1_pd(700.0)));
        EW_VX_B_EXP(xn, w);
        f = _mm512_mask_mov_pd(f, far, ew_vl_log1p_small8(w, 4));
    }
    return _mm512_mul_pd(_mm512_add_pd(_mm512_max_pd(v, _mm512_setzero_pd()), f), ib);
}
EW_TARGET_V8 static void ew_vl_softplusf_v16(float *o, const float *x, int64_t n, float beta, float threshold) {
    EW_VL_PIECES_LOAD(tab, EW_VL_SP_C);
    const __m512i tlo = _mm512_loadu_si512(ew_vx_tab), thi = _mm512_loadu_si512(ew_vx_tab + 8);
    const __m512d bd = _mm512_set1_pd((double)beta), ib = _mm512_set1_pd(1.0 / (double)beta), rel = _mm512_set1_pd(0x1p-39);
    const __m512 bf = _mm512_set1_ps(beta), th = _mm512_set1_ps(threshold);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        ew_vl_prefetch(x + i);
        const __m512 xf = _mm512_loadu_ps(x + i);
        const __m512d y0 = ew_vl_softplus8(ew_vl_lo8(xf), bd, ib, tab, tlo, thi), y1 = ew_vl_softplus8(ew_vl_hi8(xf), bd, ib, tab, tlo, thi);
        __mmask16 ok;
        const __m512 r = ew_vl_ziv16(y0, _mm512_mul_pd(y0, rel), y1, _mm512_mul_pd(y1, rel), &ok);
        const __mmask16 keep = _mm512_cmp_ps_mask(_mm512_mul_ps(xf, bf), th, _CMP_GT_OQ) | _mm512_cmp_ps_mask(xf, xf, _CMP_UNORD_Q);
#define EW_VL_SP(v) EW_VSOFTPLUS_ELEM((v), beta, threshold)
        EW_VL_STORE16(o + i, _mm512_mask_mov_ps(r, keep, xf), xf, (__mmask16)(~ok & ~keep), EW_VL_SP);
#undef EW_VL_SP
    }
    for (; i < n; i++) o[i] = EW_VSOFTPLUS_ELEM(x[i], beta, threshold);
}
EW_TARGET_F16C void ew_vl_softplusf_block(float *o, const float *x, int64_t n, float beta, float threshold) {
    if (ew_use_avx512() && fabsf(beta) > 0 && fabsf(beta) < INFINITY) { ew_vl_softplusf_v16(o, x, n, beta, threshold); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_vsoftplusf(x[i], beta, threshold);
}
#endif
#ifndef EW_VLOGC_STANDALONE
/* logsigmoid = min(x, 0) - log1p(e^-|x|) as ew_vlogsigmoidf (vmath.h), 16 lanes a vector in two
   halves of 8 doubles: its operations lane by lane (e^-|x| by prelude.h's EW_EXP_REDUCE and
   EW_EXP_POLY, log1p w as log(1 + w) by vmath.h's EW_LOG_CORE plus the rounding correction, with
   the same multiplies, adds and fmas in the same order), so its values bit for bit; the element
   function's AVX2 loop runs 4 doubles a vector.  A nan stays x. */
/* log1p(e^-|v|) for 8 doubles as the element functions compute it (e^-|v| taken as 0 past 700;
   ew_exp_fma_d, then vmath.h's ew_vlog1p01_d): shared by logsigmoid and softplus */
EW_TARGET_V8 static inline __m512d ew_vl_log1pexp8(__m512d v) {
    const __m512d a = V8_ABS(v), t = V8_NEG(_mm512_min_pd(a, _mm512_set1_pd(700.0)));
    EW_EXP_REDUCE(V8_T, V8_F, V8_S, V8_C, t, kd, r);
    EW_EXP_POLY(V8_T, V8_F, V8_M, V8_C, r, p);
    const __m512d w = _mm512_maskz_mov_pd(_mm512_cmp_pd_mask(a, _mm512_set1_pd(700.0), _CMP_LE_OQ), V8_SCALE(p, kd));
    const __m512d u = _mm512_add_pd(_mm512_set1_pd(1.0), w);
    EW_VB_LOG(V8_, u, y);
    return _mm512_add_pd(y, _mm512_mul_pd(_mm512_sub_pd(w, _mm512_sub_pd(u, _mm512_set1_pd(1.0))), _mm512_sub_pd(_mm512_set1_pd(2.0), u)));
}
EW_TARGET_V8 static inline __m256 ew_vl_logsig8(__m512d xd) {
    const __m512d l = ew_vl_log1pexp8(xd);
    const __m512d neg = _mm512_maskz_mov_pd(_mm512_cmp_pd_mask(xd, _mm512_setzero_pd(), _CMP_LT_OQ), xd);
    return _mm512_cvtpd_ps(_mm512_sub_pd(neg, l));
}
EW_TARGET_V8 static void ew_vl_logsigmoidf_v16(float *o, const float *x, int64_t n) {
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        ew_vl_prefetch(x + i);
        const __m512 xf = _mm512_loadu_ps(x + i);
        const __m256 r0 = ew_vl_logsig8(_mm512_cvtps_pd(_mm512_castps512_ps256(xf)));
        const __m256 r1 = ew_vl_logsig8(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(xf), 1))));
        const __m512 r = _mm512_insertf32x8(_mm512_castps256_ps512(r0), r1, 1);
        _mm512_storeu_ps(o + i, _mm512_mask_mov_ps(r, _mm512_cmp_ps_mask(xf, xf, _CMP_UNORD_Q), xf));
    }
    for (; i < n; i++) o[i] = ew_vlogsigmoidf(x[i]);
}
/* without AVX-512 (or with EW_NO_AVX512 set): the element function */
EW_TARGET_F16C void ew_vl_logsigmoidf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_vl_logsigmoidf_v16(o, x, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_vlogsigmoidf(x[i]);
}
/* lgamma as the element function (float)lgamma((double)x) (glibc, correctly rounded floats), 16
   lanes a vector in two halves of 8 doubles (branch gamma17).  With y = x (x > 0) or 1 - x (x < 0,
   the reflection), z = y + 8 and P = y (y + 1) ... (y + 7) below 8 (z = y, P = 1 from 8 on):
   lgamma y = St(z) - log P, St Stirling's series to 1/z^13 (truncation below 2^-49 for z >= 8);
   lgamma x = -St(z) - log(|sin(pi x)| / (pi P)) for x < 0.  The logs are ew_vl_logcore8's (vlog.h,
   absolute error below 2^-48).  The double result r is within e = 2^-44 (z |log z| + z + |L| + 1)
   of lgamma x (the sizes of the terms bound the error, so e grows where they cancel: next to the
   zeros at 1 and 2 and the sign changes below 0); where r - e and r + e round to one float, that
   is the correctly rounded lgamma.  Failed lanes, zero, the poles (non-positive integers), inf and
   nan take the element function.  scripts/vgamma_sweep.c checks every float. */
#ifndef EW_VLGAMMA_ELEM
#define EW_VLGAMMA_ELEM ew_vl_lgammaf_elem      /* scripts/vgamma_sweep.c counts the lanes redone */
#endif
static inline float ew_vl_lgammaf_elem(float x) { return (float)lgamma((double)x); }
/* sin(pi a) for |a| <= 1/2: Taylor to a^21 (truncation 2^-59) */
EW_TARGET_V8 static inline __m512d ew_vl_sinpi8(__m512d a) {
    static const double C[11] = {0x1.921fb54442d18p+1, -0x1.4abbce625be53p+2, 0x1.466bc6775aae2p+1,
        -0x1.32d2cce62bd86p-1, 0x1.50783487ee782p-4, -0x1.e3074fde8871fp-8, 0x1.e8f434d018d63p-12,
        -0x1.6fadb9f155744p-16, 0x1.aaec32af93359p-21, -0x1.8a404211f9547p-26, 0x1.2877020d52cf0p-31};
    const __m512d a2 = _mm512_mul_pd(a, a);
    __m512d p = _mm512_set1_pd(C[10]);
    for (int k = 9; k >= 0; k--) p = _mm512_fmadd_pd(p, a2, _mm512_set1_pd(C[k]));
    return _mm512_mul_pd(p, a);
}
/* lgamma of 8 doubles y in double, as above: the value, *e its error bound; *fine: the lanes that
   are none of zero, a pole, inf and nan */
EW_TARGET_V8 static inline __m512d ew_vl_lgammad8(__m512d x, const __m512d *tab, __m512d *e, __mmask8 *fine) {
    static const double S[7] = {1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188, -691.0 / 360360, 1.0 / 156};
    static const double Q[6] = {EW_VLOG_Q_E};
    const __m512d one = _mm512_set1_pd(1.0), eight = _mm512_set1_pd(8.0);
    const __mmask8 neg = _mm512_cmp_pd_mask(x, _mm512_setzero_pd(), _CMP_LT_OQ);
    const __m512d y = _mm512_mask_sub_pd(x, neg, one, x);
    const __mmask8 small = _mm512_cmp_pd_mask(y, eight, _CMP_LT_OQ);
    const __m512d z = _mm512_mask_add_pd(y, small, y, eight);
    const __m512d p01 = _mm512_mul_pd(y, _mm512_add_pd(y, one));
    const __m512d p23 = _mm512_mul_pd(_mm512_add_pd(y, _mm512_set1_pd(2.0)), _mm512_add_pd(y, _mm512_set1_pd(3.0)));
    const __m512d p45 = _mm512_mul_pd(_mm512_add_pd(y, _mm512_set1_pd(4.0)), _mm512_add_pd(y, _mm512_set1_pd(5.0)));
    const __m512d p67 = _mm512_mul_pd(_mm512_add_pd(y, _mm512_set1_pd(6.0)), _mm512_add_pd(y, _mm512_set1_pd(7.0)));
    __m512d w = _mm512_mask_mov_pd(one, small, _mm512_mul_pd(_mm512_mul_pd(p01, p23), _mm512_mul_pd(p45, p67)));
    /* x < 0: |sin(pi x)| / (pi P), from x's distance to the nearest integer (exact) */
    const __m512d fr = _mm512_sub_pd(x, _mm512_roundscale_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    const __m512d sp = ew_vl_sinpi8(_mm512_abs_pd(fr));
    w = _mm512_mask_div_pd(w, neg, sp, _mm512_mul_pd(w, _mm512_set1_pd(0x1.921fb54442d18p+1)));
    __mmask8 unused;     /* the logs' own rounding test: e covers their error */
    const __m512d L = ew_vl_logcore8(w, tab, Q, EW_VLOG_K_E, EW_VLOG_S_E, &unused);
    const __m512d lz = ew_vl_logcore8(z, tab, Q, EW_VLOG_K_E, EW_VLOG_S_E, &unused);
    const __m512d iz = _mm512_div_pd(one, z), iz2 = _mm512_mul_pd(iz, iz);
    __m512d ser = _mm512_set1_pd(S[6]);
    for (int k = 5; k >= 0; k--) ser = _mm512_fmadd_pd(ser, iz2, _mm512_set1_pd(S[k]));
    const __m512d zl = _mm512_mul_pd(z, lz);
    /* (z - 1/2) log z - z + log(2 pi) / 2 + series */
    __m512d st = _mm512_sub_pd(_mm512_fnmadd_pd(_mm512_set1_pd(0.5), lz, zl), z);
    st = _mm512_add_pd(st, _mm512_fmadd_pd(ser, iz, _mm512_set1_pd(0x1.d67f1c864beb5p-1)));
    *e = _mm512_mul_pd(_mm512_set1_pd(0x1p-44), _mm512_add_pd(_mm512_add_pd(_mm512_abs_pd(zl), z),
                                                              _mm512_add_pd(_mm512_abs_pd(L), one)));
    /* not 0 < |x| < inf (zero, inf, nan), nor a pole (x < 0 at an integer) */
    *fine = _mm512_cmp_pd_mask(_mm512_abs_pd(x), _mm512_set1_pd(INFINITY), _CMP_LT_OQ)
            & _mm512_cmp_pd_mask(x, _mm512_setzero_pd(), _CMP_NEQ_UQ) & ~(neg & _mm512_cmp_pd_mask(fr, _mm512_setzero_pd(), _CMP_EQ_OQ));
    return _mm512_sub_pd(_mm512_mask_sub_pd(st, neg, _mm512_setzero_pd(), st), L);
}
/* r rounded to float; *ok: where r - e and r + e round to the same float */
EW_TARGET_V8 static inline __m256 ew_vl_round_test8(__m512d r, __m512d e, __mmask8 *ok) {
    const __m256 lo = _mm512_cvtpd_ps(_mm512_sub_pd(r, e)), hi = _mm512_cvtpd_ps(_mm512_add_pd(r, e));
    *ok = _mm512_cmp_pd_mask(_mm512_cvtps_pd(lo), _mm512_cvtps_pd(hi), _CMP_EQ_OQ);
    return _mm512_cvtpd_ps(r);
}
/* 8 floats' lgamma; *ok: the lanes whose float passed the rounding test and are fine */
EW_TARGET_V8 static inline __m256 ew_vl_lgamma8(__m256 xf, const __m512d *tab, __mmask8 *ok) {
    __m512d e;
    __mmask8 fine, pass;
    const __m512d rd = ew_vl_lgammad8(_mm512_cvtps_pd(xf), tab, &e, &fine);
    const __m256 r = ew_vl_round_test8(rd, e, &pass);
    *ok = pass & fine;
    return r;
}
EW_TARGET_V8 static void ew_vl_lgammaf_v16(float *o, const float *x, int64_t n) {
    const __m512d tab[4] = {_mm512_loadu_pd(EW_VLOG_INVC), _mm512_loadu_pd(EW_VLOG_INVC + 8),
                            _mm512_loadu_pd(EW_VLOG_LOGC_E), _mm512_loadu_pd(EW_VLOG_LOGC_E + 8)};
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 xf = _mm512_loadu_ps(x + i);
        __mmask8 ok0, ok1;
        const __m256 r0 = ew_vl_lgamma8(_mm512_castps512_ps256(xf), tab, &ok0);
        const __m256 r1 = ew_vl_lgamma8(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(xf), 1)), tab, &ok1);
        EW_VL_STORE16(o + i, _mm512_insertf32x8(_mm512_castps256_ps512(r0), r1, 1), xf,
                      (__mmask16)~(ok0 | (unsigned)ok1 << 8), EW_VLGAMMA_ELEM);
    }
    for (; i < n; i++) o[i] = EW_VLGAMMA_ELEM(x[i]);
}
EW_TARGET_F16C void ew_vl_lgammaf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_vl_lgammaf_v16(o, x, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_vl_lgammaf_elem(x[i]);
}
/* mvlgamma(x, p) as ew_mvlgammaf (special_fast.h): p (p - 1) / 4 log(pi) + sum_{j < p} lgamma(x - j/2),
   16 lanes a vector in two halves of 8 doubles: each term ew_vl_lgammad8 with its bound, the sum
   rounded once where the sum of the bounds passes the rounding test.  x - j/2 is then exact in
   double as in the element function (|x| >= 2^-20, j/2 < 256), or rounded as there (x >= 2^28);
   the failed lanes and |x| < 2^-20 take the element function, and p > 512 every element. */
#ifndef EW_VMVLGAMMA_ELEM
#define EW_VMVLGAMMA_ELEM ew_mvlgammaf      /* scripts/vgamma_sweep.c counts the lanes redone */
#endif
EW_TARGET_V8 static inline __m256 ew_vl_mvlgamma8(__m256 xf, const __m512d *tab, int p, __mmask8 *ok) {
    const __m512d x = _mm512_cvtps_pd(xf);
    __m512d s = _mm512_set1_pd((double)p * (p - 1) / 4 * 0x1.250d048e7a1bdp+0), eb = _mm512_setzero_pd();
    __mmask8 fine = _mm512_cmp_pd_mask(_mm512_abs_pd(x), _mm512_set1_pd(0x1p-20), _CMP_GE_OQ), pass;
    for (int j = 0; j < p; j++) {
        __m512d e;
        __mmask8 f;
        s = _mm512_add_pd(s, ew_vl_lgammad8(_mm512_sub_pd(x, _mm512_set1_pd(j * 0.5)), tab, &e, &f));
        eb = _mm512_add_pd(eb, e);
        fine &= f;
    }
    const __m256 r = ew_vl_round_test8(s, eb, &pass);
    *ok = pass & fine;
    return r;
}
EW_TARGET_V8 static void ew_vl_mvlgammaf_v16(float *o, const float *x, int64_t n, float p) {
    const __m512d tab[4] = {_mm512_loadu_pd(EW_VLOG_INVC), _mm512_loadu_pd(EW_VLOG_INVC + 8),
                            _mm512_loadu_pd(EW_VLOG_LOGC_E), _mm512_loadu_pd(EW_VLOG_LOGC_E + 8)};
    const int pi = (int)p;
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 xf = _mm512_loadu_ps(x + i);
        __mmask8 ok0, ok1;
        const __m256 r0 = ew_vl_mvlgamma8(_mm512_castps512_ps256(xf), tab, pi, &ok0);
        const __m256 r1 = ew_vl_mvlgamma8(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(xf), 1)), tab, pi, &ok1);
#define EW_VL_MV(v) EW_VMVLGAMMA_ELEM((v), p)
        EW_VL_STORE16(o + i, _mm512_insertf32x8(_mm512_castps256_ps512(r0), r1, 1), xf,
                      (__mmask16)~(ok0 | (unsigned)ok1 << 8), EW_VL_MV);
#undef EW_VL_MV
    }
    for (; i < n; i++) o[i] = EW_VMVLGAMMA_ELEM(x[i], p);
}
EW_TARGET_F16C void ew_vl_mvlgammaf_block(float *o, const float *x, int64_t n, float p) {
    if (ew_use_avx512() && p <= 512) { ew_vl_mvlgammaf_v16(o, x, n, p); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_mvlgammaf(x[i], p);
}
/* digamma as the element function ew_digamma_f (prelude.h: torch's calc_digamma in float), 16 lanes
   a vector (branch gamma17): its float operations in its order (the recurrence to x >= 10 lane by
   lane, the series) with glibc's logf lane by lane, so its floats; for x < 0 the reflection term
   (float)(pi / tan(pi r)) (double in the element function) as pi cos(pi f) / sin(pi f), f = r - round(r),
   whose float is the element function's where V +- e (the argument pi r rounded there: its error
   over sin cos) round to one float.  Zero, negative integers, inf, nan and the failed lanes take the
   element function. */
#ifndef EW_VDIGAMMA_ELEM
#define EW_VDIGAMMA_ELEM ew_digamma_f      /* scripts/vgamma_sweep.c counts the lanes redone */
#endif
/* cos(pi a) for |a| <= 1/2: Taylor to a^22 (truncation 2^-62) */
EW_TARGET_V8 static inline __m512d ew_vl_cospi8(__m512d a) {
    static const double C[12] = {0x1.0000000000000p+0, -0x1.3bd3cc9be45dep+2, 0x1.03c1f081b5ac4p+2,
        -0x1.55d3c7e3cbffap+0, 0x1.e1f506891babbp-3, -0x1.a6d1f2a204a8cp-6, 0x1.f9d38a3763cc3p-10,
        -0x1.b6e24f44b128fp-14, 0x1.20c62c2f2d7f5p-18, -0x1.2a0c591af8314p-23, 0x1.ef6e308d6d1c4p-29,
        -0x1.52ae4120fde27p-34};
    const __m512d a2 = _mm512_mul_pd(a, a);
    __m512d p = _mm512_set1_pd(C[11]);
    for (int k = 10; k >= 0; k--) p = _mm512_fmadd_pd(p, a2, _mm512_set1_pd(C[k]));
    return p;
}
/* (float)(pi / tan(pi r)) of 8 floats x < 0 (r = x - trunc x); *ok: its float is sure */
EW_TARGET_V8 static inline __m256 ew_vl_cotpi8(__m256 xf, __mmask8 *ok) {
    const __m512d x = _mm512_cvtps_pd(xf);
    const __m512d f = _mm512_sub_pd(x, _mm512_roundscale_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    const __m512d s = ew_vl_sinpi8(f), c = ew_vl_cospi8(f);
    const __m512d v = _mm512_div_pd(_mm512_mul_pd(_mm512_set1_pd(0x1.921fb54442d18p+1), c), s);
    /* the argument's error there, |r| 2^-51 (pi's double and the product's rounding), over sin cos */
    const __m512d r = _mm512_sub_pd(x, _mm512_roundscale_pd(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC));
    const __m512d rel = _mm512_add_pd(_mm512_set1_pd(0x1p-46), _mm512_div_pd(_mm512_mul_pd(_mm512_set1_pd(0x1p-49), _mm512_abs_pd(r)),
                                                                             _mm512_abs_pd(_mm512_mul_pd(s, c))));
    return ew_vl_round_test8(v, _mm512_mul_pd(_mm512_abs_pd(v), rel), ok);
}
EW_TARGET_V8 static inline __m512 ew_vl_digamma16(__m512 x, __mmask16 *ok) {
    static const float A[7] = {8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
                               -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
                               8.33333333333333333333E-2};
    const __m512 one = _mm512_set1_ps(1.0f), ten = _mm512_set1_ps(10.0f);
    const __mmask16 neg = _mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_LT_OQ);
    /* zero, inf, nan, and the negative integers (-inf among them) */
    const __mmask16 fine = _mm512_cmp_ps_mask(_mm512_abs_ps(x), _mm512_set1_ps(INFINITY), _CMP_LT_OQ)
        & _mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_NEQ_UQ)
        & ~(neg & _mm512_cmp_ps_mask(x, _mm512_roundscale_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), _CMP_EQ_OQ));
    __m512 xv = _mm512_mask_sub_ps(x, neg, one, x), res = _mm512_setzero_ps();
    for (__mmask16 m = fine & _mm512_cmp_ps_mask(xv, ten, _CMP_LT_OQ); m; m &= _mm512_cmp_ps_mask(xv, ten, _CMP_LT_OQ)) {
        res = _mm512_mask_sub_ps(res, m, res, _mm512_maskz_div_ps(m, one, xv));
        xv = _mm512_mask_add_ps(xv, m, xv, one);
    }
    const __m512 z = _mm512_div_ps(one, _mm512_mul_ps(xv, xv));
    __m512 p = _mm512_set1_ps(A[0]);
    for (int i = 1; i < 7; i++) p = _mm512_fmadd_ps(p, z, _mm512_set1_ps(A[i]));
    const __m512 y = _mm512_maskz_mul_ps(_mm512_cmp_ps_mask(xv, _mm512_set1_ps(1.0e17f), _CMP_LT_OQ), z, p);
    _Alignas(64) float xs[16], ls[16];
    _mm512_store_ps(xs, xv);
    for (int i = 0; i < 16; i++) ls[i] = logf(xs[i]);
    __m512 r = _mm512_sub_ps(_mm512_sub_ps(_mm512_add_ps(res, _mm512_load_ps(ls)), _mm512_div_ps(_mm512_set1_ps(0.5f), xv)), y);
    r = _mm512_mask_add_ps(r, _mm512_cmp_ps_mask(xv, ten, _CMP_EQ_OQ), res, _mm512_set1_ps((float)2.25175258906672110764));
    __mmask8 ok0 = 0xff, ok1 = 0xff;
    if (neg) {
        const __m256 c0 = ew_vl_cotpi8(_mm512_castps512_ps256(x), &ok0);
        const __m256 c1 = ew_vl_cotpi8(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1)), &ok1);
        r = _mm512_mask_sub_ps(r, neg, r, _mm512_insertf32x8(_mm512_castps256_ps512(c0), c1, 1));
    }
    *ok = fine & ~(neg & ~(ok0 | (unsigned)ok1 << 8));
    return r;
}
EW_TARGET_V8 static void ew_vl_digammaf_v16(float *o, const float *x, int64_t n) {
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 xf = _mm512_loadu_ps(x + i);
        __mmask16 ok;
        const __m512 r = ew_vl_digamma16(xf, &ok);
        EW_VL_STORE16(o + i, r, xf, (__mmask16)~ok, EW_VDIGAMMA_ELEM);
    }
    for (; i < n; i++) o[i] = EW_VDIGAMMA_ELEM(x[i]);
}
EW_TARGET_F16C void ew_vl_digammaf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_vl_digammaf_v16(o, x, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_digamma_f(x[i]);
}
#endif
#endif
