/* float32 pow, correctly rounded, in AVX-512 blocks (issue 17: torch's SLEEF powf16_u10 loop
   took 3.3 ns an element, glibc's powf per element about 6).  x^y = 2^(y log2 x), in double:
   log2 x from a 16-entry table (scripts/vpow_tables.py) and a degree-10 polynomial, within
   2^-48 relative; t = y log2 x; 2^t from a 16-entry table and a degree-7 polynomial.  For x a
   positive normal float, y finite and -125.5 < t < 128 the double is within 2^-41 of x^y
   (relative), so where it is more than 2^-38 from a float rounding boundary (the rounding
   test: all but about 1 in 2^14 lanes), rounding it gives the correctly rounded float.  The
   other lanes (zero, negative, subnormal, inf or nan operands, results out of the normal range,
   near-ties, exact midpoints) take powl: 64 bits, then one rounding (wrong only where x^y lies
   within 2^-63 of a midpoint without being one).  ew_vp_powf, the element function, computes
   the same operations on one element: every path gives the same bits.  A file of its own, not
   a header of prelude.h, so that editing it recompiles this object only. */
#include "prelude.h"
#include "vpow.h"

/* python scripts/vpow_tables.py */
static const double ew_vp_invc[16] = {
    0x1.0000000000000p+0, 0x1.e1e1e1e1e1e1ep-1, 0x1.c71c71c71c71cp-1, 0x1.af286bca1af28p-1,
    0x1.999999999999ap-1, 0x1.8618618618618p-1, 0x1.745d1745d1746p-1, 0x1.642c8590b2164p-1,
    0x1.5555555555555p-1, 0x1.47ae147ae147bp-1, 0x1.3b13b13b13b14p-1, 0x1.2f684bda12f68p-1,
    0x1.2492492492492p-1, 0x1.1a7b9611a7b96p-1, 0x1.1111111111111p-1, 0x1.0842108421084p-1};
static const double ew_vp_logc[16] = {
    0x0.0p+0, 0x1.663f6fac91318p-4, 0x1.5c01a39fbd68bp-3, 0x1.fbc16b902680dp-3,
    0x1.49a784bcd1b8ap-2, 0x1.91bba891f170ap-2, 0x1.d6753e032ea0ep-2, 0x1.0c10500d63aa7p-1,
    0x1.2b803473f7ad2p-1, 0x1.49a784bcd1b8bp-1, 0x1.66a008e4788cbp-1, 0x1.82809d5be7074p-1,
    0x1.9d5d9fd5010b4p-1, 0x1.b74948f5532dap-1, 0x1.d053f6d260897p-1, 0x1.e88c6b3626a73p-1};
static const uint64_t ew_vp_exp2[16] = {
    0x3ff0000000000000ULL, 0x3fefb5586cf9890fULL, 0x3fef72b83c7d517bULL, 0x3fef387a6e756238ULL,
    0x3fef06fe0a31b715ULL, 0x3feedea64c123422ULL, 0x3feebfdad5362a27ULL, 0x3feeab07dd485429ULL,
    0x3feea09e667f3bcdULL, 0x3feea11473eb0187ULL, 0x3feeace5422aa0dbULL, 0x3feec49182a3f090ULL,
    0x3feee89f995ad3adULL, 0x3fef199bdd85529cULL, 0x3fef5818dcfba487ULL, 0x3fefa4afa2a490daULL};
static const double ew_vp_la[10] = {
    0x1.71547652b82fep+0, -0x1.71547652b82fep-1, 0x1.ec709dc3a03fdp-2, -0x1.71547652b82fep-2,
    0x1.2776c50ef9bfep-2, -0x1.ec709dc3a03fdp-3, 0x1.a61762a7aded9p-3, -0x1.71547652b82fep-3,
    0x1.484b13d7c02a9p-3, -0x1.2776c50ef9bfep-3};
static const double ew_vp_eb[7] = {
    0x1.62e42fefa39efp-1, 0x1.ebfbdff82c58fp-3, 0x1.c6b08d704a0c0p-5, 0x1.3b2ab6fba4e77p-7,
    0x1.5d87fe78a6731p-10, 0x1.430912f86c787p-13, 0x1.ffcbfc588b0c7p-17};

#define EW_VP_OFF 0x3f7c0000u     /* x = 2^k z, z in [0.984375, 1.96875): 1 inside the first subinterval */
#define EW_VP_TOL 16384           /* the rounding test's margin, in double ulps: 2^-38 relative */

static float ew_vp_slow(float x, float y) { return (float)powl(x, y); }

float ew_vp_powf(float x, float y) {
    const uint32_t ix = ew_f2u(x), iy = ew_f2u(y);
    if (ix - 0x00800000u >= 0x7f000000u || (iy & 0x7f800000u) == 0x7f800000u) return ew_vp_slow(x, y);
    const uint32_t tmp = ix - EW_VP_OFF;
    const int i = (int)((tmp >> 19) & 15);
    const double z = (double)ew_u2f(ix - (tmp & 0xff800000u)), kd0 = (double)((int32_t)tmp >> 23);
    const double *A = ew_vp_la, *B = ew_vp_eb;
    const double r = fma(z, ew_vp_invc[i], -1.0), r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
    const double q = fma(r8, fma(r, A[9], A[8]), fma(r4, fma(r2, fma(r, A[7], A[6]), fma(r, A[5], A[4])),
                                                  fma(r2, fma(r, A[3], A[2]), fma(r, A[1], A[0]))));
    const double t = (double)y * ((kd0 + ew_vp_logc[i]) + r * q);
    if (!(t > -125.5 && t < 128.0)) return ew_vp_slow(x, y);
    /* t = n / 16 + e, |e| <= 1/32: n in kd's low bits, 2^(n/16) from the table and n's high bits */
    const double kd = t + 0x1.8p48;
    const uint64_t ki = ew_d2u(kd);
    const double e = t - (kd - 0x1.8p48), e2 = e * e, e4 = e2 * e2;
    const double s = ew_u2d(ew_vp_exp2[ki & 15] + (ki << 48));
    const double p = fma(e, fma(e4, fma(e2, B[6], fma(e, B[5], B[4])), fma(e2, fma(e, B[3], B[2]), fma(e, B[1], B[0]))), 1.0);
    const double res = s * p;
    const int64_t low = (int64_t)(ew_d2u(res) & 0x1fffffffu) - 0x10000000;     /* from the float midpoint */
    if (low <= EW_VP_TOL && low >= -EW_VP_TOL) return ew_vp_slow(x, y);
    return (float)res;
}

#ifdef EW_HAVE_F16C_PATH
#define EW_VP_TARGET __attribute__((target("avx512f,avx512dq,avx512vl,avx2,f16c,fma")))
#define EW_VP_C _mm512_set1_pd
/* 8 lanes of ew_vp_powf's fast path; *ok: the lanes it takes */
EW_VP_TARGET static inline __m256 ew_vp_pow8(__m256 xf, __m256 yf, __mmask8 *ok) {
    /* a negative x with an integer y: |x|^y, negated for an odd y (|y| >= 2^24 is even) */
    const __m256i sx = _mm256_castps_si256(xf), iy = _mm256_castps_si256(yf);
    const __m256i ix = _mm256_and_si256(sx, _mm256_set1_epi32(0x7fffffff));
    const __mmask8 xneg = _mm256_cmplt_epi32_mask(sx, _mm256_setzero_si256());
    __mmask8 yint = 0, yodd = 0;
    if (__builtin_expect(xneg != 0, 0)) {     /* (positive data skips these) */
        const __m512d yd = _mm512_cvtps_pd(yf), yh = _mm512_mul_pd(yd, EW_VP_C(0.5));
        yint = _mm512_cmp_pd_mask(_mm512_roundscale_pd(yd, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), yd, _CMP_EQ_OQ);
        yodd = yint & _mm512_cmp_pd_mask(_mm512_roundscale_pd(yh, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), yh, _CMP_NEQ_UQ);
    }
    __mmask8 m = (__mmask8)(~xneg | yint) & _mm256_cmplt_epu32_mask(_mm256_sub_epi32(ix, _mm256_set1_epi32(0x00800000)), _mm256_set1_epi32(0x7f000000))
               & _mm256_cmpneq_epi32_mask(_mm256_and_si256(iy, _mm256_set1_epi32(0x7f800000)), _mm256_set1_epi32(0x7f800000));
    const __m256i tmp = _mm256_sub_epi32(ix, _mm256_set1_epi32((int)EW_VP_OFF));
    const __m512i i = _mm512_cvtepu32_epi64(_mm256_srli_epi32(tmp, 19));
    const __m512d kd0 = _mm512_cvtepi32_pd(_mm256_srai_epi32(tmp, 23));
    const __m512d z = _mm512_cvtps_pd(_mm256_castsi256_ps(_mm256_sub_epi32(ix, _mm256_and_si256(tmp, _mm256_set1_epi32((int)0xff800000u)))));
    const __m512d invc = _mm512_permutex2var_pd(_mm512_loadu_pd(ew_vp_invc), i, _mm512_loadu_pd(ew_vp_invc + 8));
    const __m512d logc = _mm512_permutex2var_pd(_mm512_loadu_pd(ew_vp_logc), i, _mm512_loadu_pd(ew_vp_logc + 8));
    const double *A = ew_vp_la, *B = ew_vp_eb;
    const __m512d r = _mm512_fmadd_pd(z, invc, EW_VP_C(-1.0)), r2 = _mm512_mul_pd(r, r), r4 = _mm512_mul_pd(r2, r2),
                  r8 = _mm512_mul_pd(r4, r4);
    const __m512d q = _mm512_fmadd_pd(r8, _mm512_fmadd_pd(r, EW_VP_C(A[9]), EW_VP_C(A[8])),
        _mm512_fmadd_pd(r4, _mm512_fmadd_pd(r2, _mm512_fmadd_pd(r, EW_VP_C(A[7]), EW_VP_C(A[6])), _mm512_fmadd_pd(r, EW_VP_C(A[5]), EW_VP_C(A[4]))),
                        _mm512_fmadd_pd(r2, _mm512_fmadd_pd(r, EW_VP_C(A[3]), EW_VP_C(A[2])), _mm512_fmadd_pd(r, EW_VP_C(A[1]), EW_VP_C(A[0])))));
    const __m512d t = _mm512_mul_pd(_mm512_cvtps_pd(yf), _mm512_add_pd(_mm512_add_pd(kd0, logc), _mm512_mul_pd(r, q)));
    /* far out of range (t within 2^-40 of y log2 x): inf past 2^128.5, +0 below 2^-151 (half the
       least subnormal), as powl rounds them; between those and the fast range, powl */
    const __mmask8 over = m & _mm512_cmp_pd_mask(t, EW_VP_C(128.5), _CMP_GT_OQ);
    const __mmask8 under = m & _mm512_cmp_pd_mask(t, EW_VP_C(-151.0), _CMP_LT_OQ);
    const __mmask8 subn = m & _mm512_cmp_pd_mask(t, EW_VP_C(-151.0), _CMP_GE_OQ) & _mm512_cmp_pd_mask(t, EW_VP_C(-125.5), _CMP_LE_OQ);
    m &= _mm512_cmp_pd_mask(t, EW_VP_C(-125.5), _CMP_GT_OQ) & _mm512_cmp_pd_mask(t, EW_VP_C(128.0), _CMP_LT_OQ);
    const __m512d kd = _mm512_add_pd(t, EW_VP_C(0x1.8p48));
    const __m512i ki = _mm512_castpd_si512(kd);
    const __m512d e = _mm512_sub_pd(t, _mm512_sub_pd(kd, EW_VP_C(0x1.8p48))), e2 = _mm512_mul_pd(e, e), e4 = _mm512_mul_pd(e2, e2);
    const __m512i tb = _mm512_permutex2var_epi64(_mm512_loadu_si512(ew_vp_exp2), ki, _mm512_loadu_si512(ew_vp_exp2 + 8));
    const __m512d s = _mm512_castsi512_pd(_mm512_add_epi64(tb, _mm512_slli_epi64(ki, 48)));
    const __m512d p = _mm512_fmadd_pd(e, _mm512_fmadd_pd(e4, _mm512_fmadd_pd(e2, EW_VP_C(B[6]), _mm512_fmadd_pd(e, EW_VP_C(B[5]), EW_VP_C(B[4]))),
        _mm512_fmadd_pd(e2, _mm512_fmadd_pd(e, EW_VP_C(B[3]), EW_VP_C(B[2])), _mm512_fmadd_pd(e, EW_VP_C(B[1]), EW_VP_C(B[0])))), EW_VP_C(1.0));
    const __m512d res = _mm512_mul_pd(s, p);
    const __m512i low = _mm512_sub_epi64(_mm512_and_si512(_mm512_castpd_si512(res), _mm512_set1_epi64(0x1fffffff)),
                                         _mm512_set1_epi64(0x10000000));
    /* a subnormal result: the float grid is 2^-149 apart, so the test is on sc = res 2^149 (exact):
       its distance from the nearest half-integer (a rounding boundary) beyond 2^-38 sc */
    __mmask8 subok = 0;
    if (__builtin_expect(subn != 0, 0)) {
        const __m512d sc = _mm512_mul_pd(res, EW_VP_C(0x1p149));
        const __m512d fr = _mm512_sub_pd(_mm512_sub_pd(sc, _mm512_roundscale_pd(sc, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)), EW_VP_C(0.5));
        subok = subn & _mm512_cmp_pd_mask(_mm512_abs_pd(fr), _mm512_mul_pd(sc, EW_VP_C(0x1p-38)), _CMP_GT_OQ);
    }
    *ok = (m & _mm512_cmpgt_epi64_mask(_mm512_abs_epi64(low), _mm512_set1_epi64(EW_VP_TOL))) | over | under | subok;
    __m256 rf = _mm512_cvtpd_ps(res);
    if (__builtin_expect((over | under) != 0, 0))
        rf = _mm512_cvtpd_ps(_mm512_mask_mov_pd(_mm512_mask_mov_pd(res, over, EW_VP_C(INFINITY)), under, EW_VP_C(0.0)));
    return _mm256_mask_xor_ps(rf, xneg & yodd, rf, _mm256_set1_ps(-0.0f));
}
/* o[i] = a[i sa] ^ b[i sb], sa, sb in {0, 1}; 16 lanes an iteration (two independent chains) */
EW_VP_TARGET static void ew_vp_powf_v16(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    const __m256 a0 = _mm256_set1_ps(a[0]), b0 = _mm256_set1_ps(b[0]);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m256 x0 = sa ? _mm256_loadu_ps(a + i) : a0, y0 = sb ? _mm256_loadu_ps(b + i) : b0;
        const __m256 x1 = sa ? _mm256_loadu_ps(a + i + 8) : a0, y1 = sb ? _mm256_loadu_ps(b + i + 8) : b0;
        __mmask8 ok0, ok1;
        const __m256 r0 = ew_vp_pow8(x0, y0, &ok0), r1 = ew_vp_pow8(x1, y1, &ok1);
        _mm256_storeu_ps(o + i, r0);
        _mm256_storeu_ps(o + i + 8, r1);
        if (__builtin_expect((ok0 & ok1) != 0xff, 0)) {     /* the operands from the registers: o may be a or b */
            float xt[16], yt[16];
            _mm256_storeu_ps(xt, x0); _mm256_storeu_ps(xt + 8, x1);
            _mm256_storeu_ps(yt, y0); _mm256_storeu_ps(yt + 8, y1);
            const unsigned okm = ok0 | ((unsigned)ok1 << 8);
            for (int j = 0; j < 16; j++)
                if (!((okm >> j) & 1)) o[i + j] = ew_vp_slow(xt[j], yt[j]);
        }
    }
    for (; i < n; i++) o[i] = ew_vp_powf(a[i * sa], b[i * sb]);
}
static int ew_vp_avx512(void) {
    static int v = -1;
    if (v < 0) v = ew_use_avx512() && __builtin_cpu_supports("avx512vl");
    return v;
}
EW_TARGET_F16C void ew_vp_powf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    if (ew_vp_avx512()) { ew_vp_powf_v16(o, a, sa, b, sb, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_vp_powf(a[i * sa], b[i * sb]);
}
/* pow(Tensor, Number) (ops.yaml pow_scalar, branch param17): o[i] = a[i] ^ y, y = b[0] fixed per
   call.  torch's special exponents (2, 3, 0.5, -0.5, -1, -2) keep the element function's own
   operations (ew_pows_f with y a constant: a * a, sqrt, ...); any other y takes the correctly
   rounded blocks above, as the element function does (ew_pows_f calls ew_vp_powf), so strided
   and contiguous runs give the same bits.  A tensor exponent or a broadcast base (not
   pow_scalar's walks) takes the element function. */
#define EW_VP_POWS_LOOP(Y) for (int64_t i = 0; i < n; i++) o[i] = ew_pows_f(a[i], (Y))
EW_TARGET_F16C void ew_vp_pows_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    if (sb != 0 || sa != 1) {
        for (int64_t i = 0; i < n; i++) o[i] = ew_pows_f(a[i * sa], b[i * sb]);
        return;
    }
    const float y = b[0];
    if (y == 2) EW_VP_POWS_LOOP(2.0f);
    else if (y == 3) EW_VP_POWS_LOOP(3.0f);
    else if (y == 0.5f) EW_VP_POWS_LOOP(0.5f);
    else if (y == -0.5f) EW_VP_POWS_LOOP(-0.5f);
    else if (y == -1) EW_VP_POWS_LOOP(-1.0f);
    else if (y == -2) EW_VP_POWS_LOOP(-2.0f);
    else ew_vp_powf_block(o, a, 1, b, 0, n);
}
/* ldexp(x, e) with a float32 exponent, torch's mul(x, pow(2, e)): x times 2^e correctly rounded
   (ew_exp2f_fma, the element function ops.yaml names), the powers computed a chunk at a time by
   the exp2 block (vexp.h, the same values as ew_exp2f_fma) into a buffer on the stack, then
   multiplied: one product either way, so every path gives the same bits.  A fixed exponent (a
   one-element operand) takes one power. */
#define EW_VP_LDEXP_CHUNK 256
EW_TARGET_F16C void ew_vp_ldexpf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    if (sb == 0) {
        const float p = ew_exp2f_fma(b[0]);
        for (int64_t i = 0; i < n; i++) o[i] = a[i * sa] * p;
        return;
    }
    float p[EW_VP_LDEXP_CHUNK];
    for (int64_t i0 = 0; i0 < n; i0 += EW_VP_LDEXP_CHUNK) {
        const int64_t m = n - i0 < EW_VP_LDEXP_CHUNK ? n - i0 : EW_VP_LDEXP_CHUNK;
        ew_vx_exp2f_block(p, b + i0, m);       /* (b read before o is written: o may be b) */
        const float *ai = a + i0 * sa;
        for (int64_t j = 0; j < m; j++) o[i0 + j] = ai[j * sa] * p[j];
    }
}
#endif

