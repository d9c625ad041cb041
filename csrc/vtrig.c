/* Issue 17 speed, branch vtrig: the float32 block functions declared in vtrig.h.  Each computes
   what the element function of prelude.h computes, bit for bit, on the lanes its fast path takes;
   a vector with a lane it does not take goes through the element function for those lanes.
   Without AVX-512 the element function runs on every element.  A file of its own, not a header
   of prelude.h: changing it recompiles this one object, not every kernel (a header of prelude.h
   is in every object's cache key); the kernels see the functions through the prototypes the
   template writes for a `block:` named ew_vt_* (codegen/templates/kernels.c.j2). */
#include "prelude.h"
#include "vtrig.h"
#ifdef EW_HAVE_F16C_PATH

/* fmod of 8 float lanes held as doubles, where exact: for |a / b| < 2^23 the double quotient
   truncates to the true one and a - q b is exact in one fma (ew_fmodf_small says why); the
   result keeps a's sign when it is zero.  *ok: the lanes where that holds (b finite, so that
   b = inf, a / 0 and every nan go to the element function). */
EW_TARGET_V8 static inline __m512d ew_vt_fmod8(__m512d a, __m512d b, __mmask8 *ok) {
    const __m512d q = _mm512_div_pd(a, b), ab = _mm512_set1_pd(-0.0);
    *ok = _mm512_cmp_pd_mask(_mm512_andnot_pd(ab, q), _mm512_set1_pd(0x1p23), _CMP_LT_OQ)
        & _mm512_cmp_pd_mask(_mm512_andnot_pd(ab, b), _mm512_set1_pd(INFINITY), _CMP_LT_OQ);
    const __m512d r = _mm512_fnmadd_pd(_mm512_roundscale_pd(q, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), b, a);
    return _mm512_or_pd(_mm512_andnot_pd(ab, r), _mm512_and_pd(a, ab));
}
/* the same on 16 floats: the remainders as floats, *ok the lanes taken */
EW_TARGET_V8 static inline __m512 ew_vt_fmod16(__m512 a, __m512 b, __mmask16 *ok) {
    __mmask8 lo, hi;
    const __m512d rl = ew_vt_fmod8(_mm512_cvtps_pd(_mm512_castps512_ps256(a)), _mm512_cvtps_pd(_mm512_castps512_ps256(b)), &lo);
    const __m512d rh = ew_vt_fmod8(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(a), 1))),
                                   _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(b), 1))), &hi);
    *ok = (__mmask16)(lo | (hi << 8));
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(rl)), _mm512_cvtpd_ps(rh), 1);
}
/* remainder as torch: the fmod moved to the divisor's sign (mod + b where their signs differ) */
EW_TARGET_V8 static inline __m512 ew_vt_remainder16(__m512 a, __m512 b, __mmask16 *ok) {
    const __m512 mod = ew_vt_fmod16(a, b, ok), z = _mm512_setzero_ps();
    const __mmask16 fix = _mm512_cmp_ps_mask(mod, z, _CMP_NEQ_UQ)
        & (_mm512_cmp_ps_mask(b, z, _CMP_LT_OQ) ^ _mm512_cmp_ps_mask(mod, z, _CMP_LT_OQ));
    return _mm512_mask_add_ps(mod, fix, mod, b);
}
/* floor division as ew_div_floor_float (CPython's float_floor_div): (a - mod) / b, one less where
   mod's sign differs from b's, then the nearest integer to that quotient, or a zero with a / b's sign */
EW_TARGET_V8 static inline __m512 ew_vt_div_floor16(__m512 a, __m512 b, __mmask16 *ok) {
    const __m512 mod = ew_vt_fmod16(a, b, ok), z = _mm512_setzero_ps();
    __m512 div = _mm512_div_ps(_mm512_sub_ps(a, mod), b);
    const __mmask16 fix = _mm512_cmp_ps_mask(mod, z, _CMP_NEQ_UQ)
        & (_mm512_cmp_ps_mask(b, z, _CMP_LT_OQ) ^ _mm512_cmp_ps_mask(mod, z, _CMP_LT_OQ));
    div = _mm512_mask_sub_ps(div, fix, div, _mm512_set1_ps(1.0f));
    __m512 fl = _mm512_roundscale_ps(div, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __mmask16 up = _mm512_cmp_ps_mask(_mm512_sub_ps(div, fl), _mm512_set1_ps(0.5f), _CMP_GT_OQ);
    fl = _mm512_mask_add_ps(fl, up, fl, _mm512_set1_ps(1.0f));
    const __m512 zs = _mm512_and_ps(_mm512_div_ps(a, b), _mm512_set1_ps(-0.0f));
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(div, z, _CMP_NEQ_UQ), zs, fl);
}

/* A binary block: o[i] = f(a[i * sa], b[i * sb]) for sa, sb in {0, 1} (an operand of one element
   is read at stride 0), 16 lanes a vector, the element function where the vector declines a lane */
#define EW_VT_BLOCK2(name, elem, V16) \
EW_TARGET_V8 static void name##_v16(float *o, const float *a, int sa, const float *b, int sb, int64_t n) { \
    const __m512 a0 = _mm512_set1_ps(a[0]), b0 = _mm512_set1_ps(b[0]); \
    int64_t i = 0; \
    for (; i + 16 <= n; i += 16) { \
        const __m512 av = sa ? _mm512_loadu_ps(a + i) : a0, bv = sb ? _mm512_loadu_ps(b + i) : b0; \
        __mmask16 ok; \
        _mm512_storeu_ps(o + i, V16(av, bv, &ok)); \
        if (__builtin_expect(ok != 0xffff, 0)) {   /* the operands from the registers: o may be a or b */ \
            float at[16], bt[16]; \
            _mm512_storeu_ps(at, av); _mm512_storeu_ps(bt, bv); \
            for (int j = 0; j < 16; j++) \
                if (!((ok >> j) & 1)) o[i + j] = elem(at[j], bt[j]); \
        } \
    } \
    for (; i < n; i++) o[i] = elem(a[i * sa], b[i * sb]); \
} \
EW_TARGET_F16C void name(float *o, const float *a, int sa, const float *b, int sb, int64_t n) { \
    if (ew_use_avx512()) { name##_v16(o, a, sa, b, sb, n); return; } \
    for (int64_t i = 0; i < n; i++) o[i] = elem(a[i * sa], b[i * sb]); \
}
static inline float ew_vt_remainder_e(float a, float b) { int e = 0; return ew_remainder_float(a, b, &e, ew_rnd_none_f); }
static inline float ew_vt_div_floor_e(float a, float b) { int e = 0; return ew_div_floor_float(a, b, &e, ew_rnd_none_f); }
EW_VT_BLOCK2(ew_vt_fmodf_block, ew_fmodf, ew_vt_fmod16)
EW_VT_BLOCK2(ew_vt_remainderf_block, ew_vt_remainder_e, ew_vt_remainder16)
EW_VT_BLOCK2(ew_vt_div_floorf_block, ew_vt_div_floor_e, ew_vt_div_floor16)

/* hardsigmoid and hardswish as ew_hardsigmoid_float and ew_hardswish_float: c = min(max(x + 3, 0), 6)
   in double, c / 6 or x c / 6 with one double division, then the float; a nan passes through.
   The element function's double operations in the same order: every lane gives its bits. */
EW_TARGET_V8 static inline __m512d ew_vt_hardclamp8(__m512d x) {
    const __m512d t = _mm512_add_pd(x, _mm512_set1_pd(3.0));
    const __m512d c = _mm512_min_pd(_mm512_max_pd(t, _mm512_setzero_pd()), _mm512_set1_pd(6.0));
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(t, t, _CMP_UNORD_Q), c, t);
}
EW_TARGET_V8 static inline __m512d ew_vt_hardsigmoid8(__m512d x) {
    return _mm512_div_pd(ew_vt_hardclamp8(x), _mm512_set1_pd(6.0));
}
EW_TARGET_V8 static inline __m512d ew_vt_hardswish8(__m512d x) {
    return _mm512_div_pd(_mm512_mul_pd(x, ew_vt_hardclamp8(x)), _mm512_set1_pd(6.0));
}
#define EW_VT_HARD_BLOCK(name, vec, elem) \
EW_TARGET_V8 static void name##_v16(float *o, const float *x, int64_t n) { \
    int64_t i = 0; \
    for (; i + 8 <= n; i += 8) \
        _mm256_storeu_ps(o + i, _mm512_cvtpd_ps(vec(_mm512_cvtps_pd(_mm256_loadu_ps(x + i))))); \
    for (; i < n; i++) o[i] = elem(x[i]); \
} \
EW_TARGET_F16C void name(float *o, const float *x, int64_t n) { \
    if (ew_use_avx512()) { name##_v16(o, x, n); return; } \
    for (int64_t i = 0; i < n; i++) o[i] = elem(x[i]); \
}
EW_VT_HARD_BLOCK(ew_vt_hardsigmoidf_block, ew_vt_hardsigmoid8, ew_hardsigmoid_float)
EW_VT_HARD_BLOCK(ew_vt_hardswishf_block, ew_vt_hardswish8, ew_hardswish_float)

/* ---- helpers of the blocks below: a refined quotient (tan) and Ziv's test on 8 lanes (polar) */
/* n / d to within 2^-54: rcp14, one Newton step (2^-28), the quotient corrected by its remainder */
#define EW_VT_QUOT(n, d, q) \
    const __m512d q##r0 = _mm512_rcp14_pd(d), q##r = _mm512_fmadd_pd(q##r0, _mm512_fnmadd_pd(d, q##r0, _mm512_set1_pd(1.0)), q##r0); \
    const __m512d q##0 = _mm512_mul_pd(n, q##r), q = _mm512_fmadd_pd(_mm512_fnmadd_pd(q##0, d, n), q##r, q##0)
/* the lanes of r (doubles bound for floats) that Ziv's test sends to the element function: low 29
   bits within 2^10 of 2^28 (near a float midpoint), for a normal float result */
EW_TARGET_V8 static inline __mmask8 ew_vt_near_mid8(__m512d r) {
    const __m512i low = _mm512_and_si512(_mm512_castpd_si512(r), _mm512_set1_epi64(0x1fffffff));
    const __m512i dist = _mm512_abs_epi64(_mm512_sub_epi64(low, _mm512_set1_epi64(0x10000000)));
    return _mm512_cmp_epi64_mask(dist, _mm512_set1_epi64(1 << 10), _MM_CMPINT_LT);
}
/* polar(abs, angle) on float32 (ops.yaml's element expression: a cos b and a sin b in double, one
   rounding each to float): sin and cos of b by ew_trigf_fma's reduction and polynomials (|b| < 2^19,
   within 2^-52), times a in double.  Ziv's test as above on both parts; |b| >= 2^19, an infinite or
   nan operand, and a part below 2^-126 (zeros included: their signs, subnormal floats) go to the
   element expression. */
static inline ew_c64 ew_vt_polar_e(float a, float b) {
    return CMPLXF((float)((double)a * cos((double)b)), (float)((double)a * sin((double)b)));
}
EW_TARGET_V8 static void ew_vt_polarf_block_v8(ew_c64 *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    const __m256 a0 = _mm256_set1_ps(a[0]), b0 = _mm256_set1_ps(b[0]);
    const __m512d sg = _mm512_set1_pd(-0.0);
    const __m512i idx = _mm512_set_epi32(23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 af = sa ? _mm256_loadu_ps(a + i) : a0, bf = sb ? _mm256_loadu_ps(b + i) : b0;
        const __m512d ad = _mm512_cvtps_pd(af), bd = _mm512_cvtps_pd(bf);
        __mmask8 bad = _mm512_cmp_pd_mask(_mm512_andnot_pd(sg, bd), _mm512_set1_pd(0x1p19), _CMP_NLT_UQ)
                     | _mm512_cmp_pd_mask(_mm512_andnot_pd(sg, ad), _mm512_set1_pd(0x1p128), _CMP_NLT_UQ);
        const __m512d bc = _mm512_mask_blend_pd(bad, bd, _mm512_setzero_pd());
        EW_TRIG_REDUCE(__m512d, _mm512_fmadd_pd, _mm512_sub_pd, _mm512_set1_pd, bc, nd, r);
        EW_TRIG_POLY(__m512d, _mm512_fmadd_pd, _mm512_mul_pd, _mm512_set1_pd, r, sn, cs);
        /* quadrant n (nd's low bits): cos b = c, -s, -c, s and sin b = s, c, -s, -c for n = 0 .. 3 */
        const __m512i q = _mm512_castpd_si512(nd);
        const __mmask8 odd = _mm512_test_epi64_mask(q, _mm512_set1_epi64(1));
        const __m512i cflip = _mm512_slli_epi64(_mm512_and_si512(_mm512_add_epi64(q, _mm512_set1_epi64(1)), _mm512_set1_epi64(2)), 62);
        const __m512i sflip = _mm512_slli_epi64(_mm512_and_si512(q, _mm512_set1_epi64(2)), 62);
        const __m512d cv = _mm512_xor_pd(_mm512_mask_blend_pd(odd, cs, sn), _mm512_castsi512_pd(cflip));
        const __m512d sv = _mm512_xor_pd(_mm512_mask_blend_pd(odd, sn, cs), _mm512_castsi512_pd(sflip));
        const __m512d re = _mm512_mul_pd(ad, cv), im = _mm512_mul_pd(ad, sv);
        const __m512d tiny = _mm512_set1_pd(0x1p-126);
        bad |= ew_vt_near_mid8(re) | ew_vt_near_mid8(im)
             | _mm512_cmp_pd_mask(_mm512_andnot_pd(sg, re), tiny, _CMP_LT_OQ) | _mm512_cmp_pd_mask(_mm512_andnot_pd(sg, im), tiny, _CMP_LT_OQ);
        const __m512 both = _mm512_permutex2var_ps(_mm512_castps256_ps512(_mm512_cvtpd_ps(re)), idx, _mm512_castps256_ps512(_mm512_cvtpd_ps(im)));
        if (__builtin_expect(bad != 0, 0)) {   /* the operands from the registers: o never aliases them (complex) */
            float at[8], bt[8];
            _mm256_storeu_ps(at, af); _mm256_storeu_ps(bt, bf);
            _mm512_storeu_ps((float *)(o + i), both);
            for (int j = 0; j < 8; j++)
                if ((bad >> j) & 1) o[i + j] = ew_vt_polar_e(at[j], bt[j]);
            continue;
        }
        _mm512_storeu_ps((float *)(o + i), both);
    }
    for (; i < n; i++) o[i] = ew_vt_polar_e(a[i * sa], b[i * sb]);
}
EW_TARGET_F16C void ew_vt_polarf_block(ew_c64 *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    if (ew_use_avx512()) { ew_vt_polarf_block_v8(o, a, sa, b, sb, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_vt_polar_e(a[i * sa], b[i * sb]);
}

/* ---- sin, cos: one odd polynomial for every lane, in 8 double lanes.  sin: x = n pi + r;
   cos: x = (n + 1/2) pi + r, n = round(x / pi - 1/2), so m = 2n + 1 is odd; both as x - m pi/2
   (m = 2n for sin) with pi/2 in two parts, m P1 exact (|m| < 2^18.4, P1 of 33 bits) and
   m P2 in one fma: an absolute error below 2^-69.6 against |r| >= 2^-27.8 (the nearest float to
   a multiple of pi/2 below 2^19, 252.9: exhaustive search), so 2^-41.8 relative.  Then
   sin r = r (1 + u P(u)), u = r^2, |r| <= pi/2, P of degree 5 (Chebyshev fit, mpmath: relative
   error 2^-41.5), with the sign (-1)^n (cos: (-1)^(n+1)).  With the roundings (2^-50) the double
   is within 2^-40.6 of sin x, 2^12.4 double ulps: Ziv's test sends a lane whose low 29 bits lie
   within 2^13 of 2^28 (a float midpoint) to the element function, as it does |x| >= 2^19, inf
   and nan; every other lane rounds to ew_trigf_fma's (correctly rounded) float.  cos's n comes
   from an fma rounded down: floor(x / pi), one operation.  Half the work of ew_trigf_block's
   two polynomials selected by quadrant: 16 lanes in about 41 vector operations (llvm-mca), in
   one pass: AVX-512's 32 registers hold two independent chains and every constant. */
#define EW_VT_PIO2_1 0x1.921fb54400000p+0
#define EW_VT_PIO2_2 0x1.0b4611a626331p-34
#ifndef EW_VT_STAT
#define EW_VT_STAT()        /* (the exhaustive sweep counts the declined lanes here) */
#endif
EW_TARGET_V8 static inline __m512d ew_vt_sincos8(__m512d xd, const int q) {
#define F_ _mm512_fmadd_pd
#define C_ _mm512_set1_pd
    const __m512d sh = C_(EW_ROUND_SHIFT);
    __m512d nd, r;
    if (!q) {
        nd = F_(xd, C_(0x1.45f306dc9c883p-2), sh);           /* n = round(x / pi) in the low bits */
        const __m512d nn = _mm512_sub_pd(nd, sh);
        r = F_(nn, C_(-2 * EW_VT_PIO2_2), F_(nn, C_(-2 * EW_VT_PIO2_1), xd));
    } else {
        /* n = floor(x / pi) (the fma rounded down onto the integers), round(x / pi - 1/2) but for ties */
        nd = _mm512_fmadd_round_pd(xd, C_(0x1.45f306dc9c883p-2), sh, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        const __m512d m = F_(_mm512_sub_pd(nd, sh), C_(2.0), C_(1.0));
        r = F_(m, C_(-EW_VT_PIO2_2), F_(m, C_(-EW_VT_PIO2_1), xd));
    }
    const __m512d u = _mm512_mul_pd(r, r);
    const __m512d p = F_(F_(F_(F_(F_(u, C_(0x1.54e75d15ad864p-33), C_(-0x1.ae20c4d4c2baep-26)), u, C_(0x1.71dd8de2d0e85p-19)),
                                u, C_(-0x1.a01a0011bcc57p-13)), u, C_(0x1.1111110fc048dp-7)), u, C_(-0x1.55555555549cbp-3));
    const __m512d s = _mm512_mul_pd(r, F_(u, p, C_(1.0)));      /* r (1 + u P): sin(-0) = -0 */
#undef F_
#undef C_
    /* (-1)^n: n's parity is nd's low bit; cos flips once more */
    const __m512i par = _mm512_slli_epi64(_mm512_castpd_si512(nd), 63);
    if (!q) return _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(s), par));
    return _mm512_castsi512_pd(_mm512_ternarylogic_epi64(_mm512_castpd_si512(s), par, _mm512_set1_epi64(INT64_MIN), 0x96));
}
/* Ziv's test on 16 lanes held as two vectors of 8 doubles (lo, hi), on their 16 low words at once:
   the lanes of `keep` whose low 29 bits lie beyond 2^lg of 2^28 (a float midpoint) */
EW_TARGET_V8 static inline __mmask16 ew_vt_far_mid16(__mmask16 keep, __m512d lo, __m512d hi, const int lg) {
    const __m512i lw = _mm512_permutex2var_epi32(_mm512_castpd_si512(lo), _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0), _mm512_castpd_si512(hi));
    return _mm512_mask_test_epi32_mask(keep, _mm512_add_epi32(lw, _mm512_set1_epi32((1 << lg) - (1 << 28))),
                                       _mm512_set1_epi32(0x1fffffff & ~((1 << (lg + 1)) - 1)));
}
/* the element function (ops.yaml's float32 expr): ew_trigf_fma below 2^19, glibc's sinf and cosf
   beyond (and for inf, nan), as the finishing pass ew_sinf_finish gave them: no second pass over
   the output (it cost 0.1 ns an element, 15%) */
static inline float ew_vt_sincos_e(float x, const int q) {
    return fabsf(x) < 0x1p19f ? ew_trigf_fma(x, (uint64_t)q) : (q ? cosf(x) : sinf(x));
}
/* A unary block, 16 lanes a step as two vectors of 8 doubles: V8(yd) computes them from y = PRE(x)
   (a float operation on 8 lanes that the element function makes too); the lanes with |x| at most
   the float whose bits are `lim` (with `nz`, x != 0; with `lo`, x's bits at least lo as a signed
   integer: x at least that float) that pass Ziv's test with a window of 2^lg double ulps keep
   POST(the result rounded to float, y) (a float operation of the element function's), the others
   get ELEM, as does the tail */
#define EW_VT_BLOCK16X(name, ELEM, V8, nz, lo, lim, lg, PRE, POST) \
EW_TARGET_V8 static void name(float *o, const float *x, int64_t n) { \
    int64_t i = 0; \
    for (; i + 16 <= n; i += 16) { \
        /* the input 16 KB ahead: at 10M elements the hardware prefetcher alone left the loop \
           waiting on memory (0.9 ns an element against 0.65 with this; a prefetch never faults) */ \
        _mm_prefetch((const char *)(x + i + 4096), _MM_HINT_T0); \
        const __m512 xv = _mm512_loadu_ps(x + i); \
        __mmask16 keep = _mm512_cmple_epi32_mask(_mm512_and_si512(_mm512_castps_si512(xv), _mm512_set1_epi32(0x7fffffff)), \
                                                 _mm512_set1_epi32(lim)); \
        if (nz) keep = _mm512_mask_cmp_ps_mask(keep, xv, _mm512_setzero_ps(), _CMP_NEQ_UQ); \
        if (lo) keep = _mm512_mask_cmpge_epi32_mask(keep, _mm512_castps_si512(xv), _mm512_set1_epi32(lo)); \
        const __m256 yl = PRE(_mm256_loadu_ps(x + i)), yh = PRE(_mm256_loadu_ps(x + i + 8)); \
        const __m512d dl = V8(_mm512_cvtps_pd(yl)); \
        const __m512d dh = V8(_mm512_cvtps_pd(yh)); \
        _mm256_storeu_ps(o + i, POST(_mm512_cvtpd_ps(dl), yl)); \
        _mm256_storeu_ps(o + i + 8, POST(_mm512_cvtpd_ps(dh), yh)); \
        const __mmask16 good = ew_vt_far_mid16(keep, dl, dh, lg); \
        if (__builtin_expect(!_kortestc_mask16_u8(good, good), 0)) {   /* the input from the register: o may be x */ \
            float xt[16]; \
            _mm512_storeu_ps(xt, xv); \
            for (int j = 0; j < 16; j++) \
                if (!((good >> j) & 1)) { EW_VT_STAT(); o[i + j] = ELEM(xt[j]); } \
        } \
    } \
    for (; i < n; i++) o[i] = ELEM(x[i]); \
}
#define EW_VT_ID8(y) (y)
#define EW_VT_ID8P(r, y) (r)
#define EW_VT_BLOCK16(name, ELEM, V8, nz, lim, lg) EW_VT_BLOCK16X(name, ELEM, V8, nz, 0, lim, lg, EW_VT_ID8, EW_VT_ID8P)
EW_TARGET_V8 static inline __m512d ew_vt_sin8(__m512d xd) { return ew_vt_sincos8(xd, 0); }
EW_TARGET_V8 static inline __m512d ew_vt_cos8(__m512d xd) { return ew_vt_sincos8(xd, 1); }
static inline float ew_vt_sin_e(float x) { return ew_vt_sincos_e(x, 0); }
static inline float ew_vt_cos_e(float x) { return ew_vt_sincos_e(x, 1); }
EW_VT_BLOCK16(ew_vt_sinf_block_v16, ew_vt_sin_e, ew_vt_sin8, 0, 0x48ffffff, 13)     /* |x| < 2^19 */
EW_VT_BLOCK16(ew_vt_cosf_block_v16, ew_vt_cos_e, ew_vt_cos8, 0, 0x48ffffff, 13)
/* without AVX-512: ew_trigf_block, which leaves |x| >= 2^19, inf and nan for the finishing pass */
EW_TARGET_F16C void ew_vt_sinf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_vt_sinf_block_v16(o, x, n); return; }
    ew_sinf_block(o, x, n);
    ew_sinf_finish((char *)o, sizeof(float), n);
}
EW_TARGET_F16C void ew_vt_cosf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_vt_cosf_block_v16(o, x, n); return; }
    ew_cosf_block(o, x, n);
    ew_cosf_finish((char *)o, sizeof(float), n);
}

/* ---- sinc x = sin y / y as torch, y = pi x rounded to float, sin y as the sin block computes it
   (|y| < 2^19: |x| at most the float 0x4822f982), then the float quotient; x = 0 (the only x
   with y = 0) goes to the element function ew_sincf_fma (vmath_more.h), which gives 1 */
#ifndef EW_VT_SINC_WINDOW     /* (the exhaustive sweep narrows it to find the inputs the test saves) */
#define EW_VT_SINC_WINDOW 13
#endif
EW_TARGET_V8 static inline __m256 ew_vt_pix8(__m256 x) { return _mm256_mul_ps(x, _mm256_set1_ps((float)EW_PI)); }
EW_TARGET_V8 static inline __m256 ew_vt_div8(__m256 s, __m256 y) { return _mm256_div_ps(s, y); }
EW_VT_BLOCK16X(ew_vt_sincf_block_v16, ew_sincf_fma, ew_vt_sin8, 1, 0, 0x4822f982, EW_VT_SINC_WINDOW, ew_vt_pix8, ew_vt_div8)
EW_TARGET_F16C void ew_vt_sincf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_vt_sincf_block_v16(o, x, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_sincf_fma(x[i]);
}

/* ---- tan: x = m pi/2 + r as sin's reduction (m = round(2x / pi), |r| <= pi/4, the same error
   bound: 2^-41.8 relative), tan r = r P(u) / Q(u), u = r^2, P of degree 2 and Q of degree 3 (a
   rational fit, mpmath: relative error 2^-45.3), and for odd m tan x = -1 / tan r = Q / (-r P): one
   quotient either way, by EW_VT_QUOT (within 2^-52).  The double is within 2^-41.5 of tan x:
   Ziv's test as sin's (2^13 double ulps); zeros (whose sign the corrected quotient loses), |x| >=
   2^19, inf and nan go to the element function, which takes tan in double for |x| >= 2^19
   (correctly rounded there: glibc's tanf is not).  About half the work of the block it replaces
   (both of ew_trigf_fma's polynomials, then the quotient). */
static inline float ew_vt_tan_e(float x) { return fabsf(x) < 0x1p19f ? ew_tanf_fma(x) : (float)tan((double)x); }
EW_TARGET_V8 static inline __m512d ew_vt_tan8(__m512d xd) {
#define F_ _mm512_fmadd_pd
#define C_ _mm512_set1_pd
    const __m512d sh = C_(EW_ROUND_SHIFT);
    const __m512d nd = F_(xd, C_(0x1.45f306dc9c883p-1), sh), m = _mm512_sub_pd(nd, sh);   /* m = round(2x / pi) */
    const __m512d r0 = F_(m, C_(-EW_VT_PIO2_2), F_(m, C_(-EW_VT_PIO2_1), xd));
    /* odd m: r negated, so that -r P(u) is the denominator */
    const __m512d r = _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(r0), _mm512_slli_epi64(_mm512_castpd_si512(nd), 63)));
    const __m512d u = _mm512_mul_pd(r, r);
    const __m512d rp = _mm512_mul_pd(r, F_(F_(u, C_(0x1.0a7309e5ccd57p-9), C_(-0x1.f106e319eb3dcp-4)), u, C_(0x1.fffffffffff2ap-1)));
    const __m512d qq = F_(F_(F_(u, C_(-0x1.98d6a6c44428cp-14), C_(0x1.4beb79557b803p-6)), u, C_(-0x1.d1970e1bdb9c3p-2)), u, C_(1.0));
#undef F_
#undef C_
    const __mmask8 odd = _mm512_test_epi64_mask(_mm512_castpd_si512(nd), _mm512_set1_epi64(1));
    const __m512d num = _mm512_mask_blend_pd(odd, rp, qq), den = _mm512_mask_blend_pd(odd, qq, rp);
    EW_VT_QUOT(num, den, t);
    return t;
}
EW_VT_BLOCK16(ew_vt_tanf_block_v16, ew_vt_tan_e, ew_vt_tan8, 1, 0x48ffffff, 13)     /* zeros: the element function */
EW_TARGET_F16C void ew_vt_tanf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_vt_tanf_block_v16(o, x, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_vt_tan_e(x[i]);
}

/* ---- asin, acos for |x| < 1: asin t = t + t z P(z) on t <= 1/2 with z = t^2, the argument
   folded there as SLEEF does: a = |x| > 1/2 takes t = sqrt(z), z = (1 - a) / 2 (exact), and
   asin a = pi/2 - 2 asin t; acos x = pi/2 - asin x.  One polynomial
   for every lane, P of degree 7 (a relative fit of (asin t - t) / t^3 on z in [0, 1/4], mpmath:
   asin t within 2^-38.1); sqrt z as z / sqrt z from rsqrt14 (2^-14) and one third-order step
   (2^-40.7): no division, no square root instruction.  The double is within about 2^-37.5 of
   the true value, the element function's (atan's fold, in double) within 2^-50: Ziv's test
   sends a lane within 2^17 double ulps of a float midpoint to the element function (atan's
   blocks below use the same window). */
#ifndef EW_VT_INV_WINDOW     /* (the exhaustive sweep narrows it to find the inputs the test saves) */
#define EW_VT_INV_WINDOW 17
#endif
EW_TARGET_V8 static inline __m512d ew_vt_asincos8(__m512d xd, const int q) {
#define F_ _mm512_fmadd_pd
#define C_ _mm512_set1_pd
    const __m512d sg = C_(-0.0), a = _mm512_andnot_pd(sg, xd);
    const __mmask8 big = _mm512_cmp_pd_mask(a, C_(0.5), _CMP_GT_OQ);
    const __m512d w = _mm512_fnmadd_pd(a, C_(0.5), C_(0.5));
    const __m512d y = _mm512_rsqrt14_pd(w), wy = _mm512_mul_pd(w, y);
    const __m512d e = _mm512_fnmadd_pd(wy, y, C_(1.0));
    /* t = sqrt w = w y (1 + e/2 + 3e^2/8) where big, else a; z = t^2 (the masked operations keep
       the other lanes' operand) */
    const __m512d t = _mm512_mask_fmadd_pd(_mm512_mask_mul_pd(a, big, wy, e), big, F_(e, C_(0.375), C_(0.5)), wy);
    const __m512d z = _mm512_mask_mul_pd(w, (__mmask8)~big, a, a);
    /* (Horner's scheme: the iterations are independent, so out-of-order execution hides the chain
       and the two products of Estrin's scheme are saved) */
    const __m512d P = F_(F_(F_(F_(F_(F_(F_(z, C_(0x1.e1e8a771ef884p-6), C_(0x1.5e8dbeefaf432p-8)), z, C_(0x1.3cd74ead05860p-6)),
                                     z, C_(0x1.6a8758ab651b6p-6)), z, C_(0x1.f20ae6b79e5ecp-6)), z, C_(0x1.6db5c53f48f95p-5)),
                            z, C_(0x1.333334e35f5c9p-4)), z, C_(0x1.55555554e7a60p-3));
    /* asin t with x's sign (t ^ (x & -0)), and where big pi/2 - 2 asin t with x's sign */
    const __m512d p = _mm512_castsi512_pd(_mm512_ternarylogic_epi64(_mm512_castpd_si512(F_(_mm512_mul_pd(t, z), P, t)),
                                                                    _mm512_castpd_si512(xd), _mm512_castpd_si512(sg), 0x78));
    const __m512d pi2 = _mm512_castsi512_pd(_mm512_ternarylogic_epi64(_mm512_castpd_si512(C_(EW_MF_PI_2)),
                                                                      _mm512_castpd_si512(xd), _mm512_castpd_si512(sg), 0xf8));
    const __m512d r = _mm512_mask_fnmadd_pd(p, big, C_(2.0), pi2);
    /* acos x = pi/2 - asin x: near 1 the difference gives back 2 asin t up to a rounding of 2^-53
       against a result above 2^-11.5 */
    return q ? _mm512_sub_pd(C_(EW_MF_PI_2), r) : r;
#undef F_
#undef C_
}
EW_TARGET_V8 static inline __m512d ew_vt_asin8(__m512d xd) { return ew_vt_asincos8(xd, 0); }
EW_TARGET_V8 static inline __m512d ew_vt_acos8(__m512d xd) { return ew_vt_asincos8(xd, 1); }
static inline float ew_vt_asin_e(float x) { return ew_asinf_fma(x); }
static inline float ew_vt_acos_e(float x) { return ew_acosf_fma(x); }
EW_VT_BLOCK16(ew_vt_asinf_block_v16, ew_vt_asin_e, ew_vt_asin8, 0, 0x3f7fffff, EW_VT_INV_WINDOW)    /* |x| < 1 */
EW_VT_BLOCK16(ew_vt_acosf_block_v16, ew_vt_acos_e, ew_vt_acos8, 0, 0x3f7fffff, EW_VT_INV_WINDOW)
/* the exported unary block: the AVX-512 one, else the element function on every element */
#define EW_VT_UNARY(name, elem) \
EW_TARGET_F16C void name(float *o, const float *x, int64_t n) { \
    if (ew_use_avx512()) { name##_v16(o, x, n); return; } \
    for (int64_t i = 0; i < n; i++) o[i] = elem(x[i]); \
}
EW_VT_UNARY(ew_vt_asinf_block, ew_vt_asin_e)
EW_VT_UNARY(ew_vt_acosf_block, ew_vt_acos_e)

/* ---- atan: ew_mf_atand's fold (|x| > 2.414: pi/2 + atan(-1/|x|), |x| > 0.4142: pi/4 +
   atan((|x| - 1) / (|x| + 1)), else atan |x|), so that |z| <= tan(pi/8), the quotient from rcp14
   and one third-order step (2^-42), atan z = z + z u P(u), u = z^2, P of degree 6 (a relative
   fit of (atan z - z) / z^3, mpmath: atan z within 2^-38.3) instead of the old block's degree 10
   and Newton steps.  The double is within about 2^-37.5 of atan x: Ziv's window as asin's. */
/* base + atan(num / den) for |num / den| <= tan(pi/8) */
EW_TARGET_V8 static inline __m512d ew_vt_atanq8(__m512d num, __m512d den, __m512d base) {
#define F_ _mm512_fmadd_pd
#define C_ _mm512_set1_pd
    const __m512d r = _mm512_rcp14_pd(den), e = _mm512_fnmadd_pd(den, r, C_(1.0)), q0 = _mm512_mul_pd(num, r);
    const __m512d z = F_(q0, F_(e, e, e), q0);                               /* num / den (1 + e + e^2) */
    const __m512d u = _mm512_mul_pd(z, z);     /* (Horner's scheme, as asin's) */
    const __m512d P = F_(F_(F_(F_(F_(F_(u, C_(-0x1.4b781081900c4p-5), C_(0x1.2453cc63e7a5bp-4)), u, C_(-0x1.71d6f8242304ap-4)),
                                  u, C_(0x1.c6f6d144c0c76p-4)), u, C_(-0x1.2491c20d464dfp-3)), u, C_(0x1.9999982b598a7p-3)),
                         u, C_(-0x1.5555555503e3dp-2));
    return _mm512_add_pd(base, F_(_mm512_mul_pd(z, u), P, z));
#undef F_
#undef C_
}
/* atan x for finite x: the fold of |x|, then x's sign (x's own for zeros) */
EW_TARGET_V8 static inline __m512d ew_vt_atan8(__m512d xd) {
    const __m512d sg = _mm512_set1_pd(-0.0), a = _mm512_andnot_pd(sg, xd), one = _mm512_set1_pd(1.0);
    const __mmask8 hi = _mm512_cmp_pd_mask(a, _mm512_set1_pd(2.414213562373095), _CMP_GT_OQ);
    const __mmask8 mid = _mm512_cmp_pd_mask(a, _mm512_set1_pd(0.4142135623730950), _CMP_GT_OQ);   /* (hi lanes too: hi wins) */
    const __m512d num = _mm512_mask_mov_pd(_mm512_mask_sub_pd(a, mid, a, one), hi, _mm512_set1_pd(-1.0));
    const __m512d den = _mm512_mask_mov_pd(_mm512_mask_add_pd(one, mid, a, one), hi, a);
    const __m512d base = _mm512_mask_mov_pd(_mm512_maskz_mov_pd(mid, _mm512_set1_pd(EW_MF_PI_4)), hi, _mm512_set1_pd(EW_MF_PI_2));
    const __m512d r = ew_vt_atanq8(num, den, base);
    return _mm512_castsi512_pd(_mm512_ternarylogic_epi64(_mm512_castpd_si512(r), _mm512_castpd_si512(xd), _mm512_castpd_si512(sg), 0xf8));
}
static inline float ew_vt_atan_e(float x) { return ew_atanf_fma(x); }
EW_VT_BLOCK16(ew_vt_atanf_block_v16, ew_vt_atan_e, ew_vt_atan8, 0, 0x7f7fffff, EW_VT_INV_WINDOW)    /* finite x */
EW_VT_UNARY(ew_vt_atanf_block, ew_vt_atan_e)

/* atan2(y, x) for finite nonzero x and y: atan's fold on |y| / |x| as one quotient (-|x| / |y|, (|y| - |x|) /
   (|y| + |x|) or |y| / |x|, each operand exact in double), pi minus that where x < 0, y's sign.
   *ok: the lanes taken (zeros, infinities and nan go to the element function ew_atan2f_fma, as do
   results below 2^-126: subnormal floats, where Ziv's test on the low bits does not apply) */
EW_TARGET_V8 static inline __m512d ew_vt_atan2_8(__m512d yd, __m512d xd, __mmask8 *ok) {
    const __m512d sg = _mm512_set1_pd(-0.0), ay = _mm512_andnot_pd(sg, yd), ax = _mm512_andnot_pd(sg, xd);
    const __mmask8 hi = _mm512_cmp_pd_mask(ay, _mm512_mul_pd(ax, _mm512_set1_pd(2.414213562373095)), _CMP_GT_OQ);
    const __mmask8 mid = _mm512_cmp_pd_mask(ay, _mm512_mul_pd(ax, _mm512_set1_pd(0.4142135623730950)), _CMP_GT_OQ) & ~hi;
    const __m512d num = _mm512_mask_blend_pd(hi, _mm512_mask_blend_pd(mid, ay, _mm512_sub_pd(ay, ax)), _mm512_xor_pd(ax, sg));
    const __m512d den = _mm512_mask_blend_pd(hi, _mm512_mask_blend_pd(mid, ax, _mm512_add_pd(ay, ax)), ay);
    const __m512d base = _mm512_mask_blend_pd(hi, _mm512_maskz_mov_pd(mid, _mm512_set1_pd(EW_MF_PI_4)), _mm512_set1_pd(EW_MF_PI_2));
    const __m512d t = ew_vt_atanq8(num, den, base);
    const __mmask8 neg = _mm512_cmp_pd_mask(xd, _mm512_setzero_pd(), _CMP_LT_OQ);
    const __m512d r = _mm512_mask_sub_pd(t, neg, _mm512_set1_pd(EW_MF_PI), t);
    *ok = (__mmask8)~(_mm512_fpclass_pd_mask(yd, 0x9f) | _mm512_fpclass_pd_mask(xd, 0x9f))     /* nan, zero, inf */
        & _mm512_cmp_pd_mask(r, _mm512_set1_pd(0x1p-126), _CMP_GE_OQ);
    return _mm512_castsi512_pd(_mm512_ternarylogic_epi64(_mm512_castpd_si512(r), _mm512_castpd_si512(yd), _mm512_castpd_si512(sg), 0xf8));
}
/* the binary loop of EW_VT_BLOCK16: o[i] = atan2(a[i sa], b[i sb]) (an operand of one element read at step 0) */
EW_TARGET_V8 static void ew_vt_atan2f_block_v16(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    const __m512 a0 = _mm512_set1_ps(a[0]), b0 = _mm512_set1_ps(b[0]);
    int64_t i = 0;
    for (; i + 16 <= n; i += 16) {
        _mm_prefetch((const char *)(a + (i + 4096) * sa), _MM_HINT_T0);
        _mm_prefetch((const char *)(b + (i + 4096) * sb), _MM_HINT_T0);
        const __m512 av = sa ? _mm512_loadu_ps(a + i) : a0, bv = sb ? _mm512_loadu_ps(b + i) : b0;
        __mmask8 okl, okh;
        const __m512d dl = ew_vt_atan2_8(_mm512_cvtps_pd(_mm512_castps512_ps256(av)), _mm512_cvtps_pd(_mm512_castps512_ps256(bv)), &okl);
        const __m512d dh = ew_vt_atan2_8(_mm512_cvtps_pd(_mm512_extractf32x8_ps(av, 1)), _mm512_cvtps_pd(_mm512_extractf32x8_ps(bv, 1)), &okh);
        _mm256_storeu_ps(o + i, _mm512_cvtpd_ps(dl));
        _mm256_storeu_ps(o + i + 8, _mm512_cvtpd_ps(dh));
        const __mmask16 good = ew_vt_far_mid16((__mmask16)(okl | (okh << 8)), dl, dh, EW_VT_INV_WINDOW);
        if (__builtin_expect(!_kortestc_mask16_u8(good, good), 0)) {   /* the operands from the registers: o may be a or b */
            float at[16], bt[16];
            _mm512_storeu_ps(at, av); _mm512_storeu_ps(bt, bv);
            for (int j = 0; j < 16; j++)
                if (!((good >> j) & 1)) { EW_VT_STAT(); o[i + j] = ew_atan2f_fma(at[j], bt[j]); }
        }
    }
    for (; i < n; i++) o[i] = ew_atan2f_fma(a[i * sa], b[i * sb]);
}
EW_TARGET_F16C void ew_vt_atan2f_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n) {
    if (ew_use_avx512()) { ew_vt_atan2f_block_v16(o, a, sa, b, sb, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_atan2f_fma(a[i * sa], b[i * sb]);
}

/* log(y) / 2 for a positive normal double y: e and m in [1, 2) by getexp and getmant, c = 1 / (1 +
   (j + 1/2) / 16) from a 16-entry table by m's top 4 bits (two permutes), so |m c - 1| <= 1/32,
   and log1p(m c - 1) of degree 6 (an absolute fit, 2^-41.8): within about 2^-42.7 */
EW_TARGET_V8 static inline __m512d ew_vt_loghalf8(__m512d y) {
#define F_ _mm512_fmadd_pd
#define C_ _mm512_set1_pd
    const __m512d one = C_(1.0);
    const __m512d e = _mm512_getexp_pd(y), m = _mm512_getmant_pd(y, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
    const __m512i j = _mm512_srli_epi64(_mm512_castpd_si512(m), 48);      /* m's top 4 bits: the entry */
    const __m512d c = _mm512_permutex2var_pd(
        _mm512_setr_pd(0x1.f07c1f07c1f08p-1, 0x1.d41d41d41d41dp-1, 0x1.bacf914c1bad0p-1, 0x1.a41a41a41a41ap-1,
                       0x1.8f9c18f9c18fap-1, 0x1.7d05f417d05f4p-1, 0x1.6c16c16c16c17p-1, 0x1.5c9882b931057p-1), j,
        _mm512_setr_pd(0x1.4e5e0a72f0539p-1, 0x1.4141414141414p-1, 0x1.3521cfb2b78c1p-1, 0x1.29e4129e4129ep-1,
                       0x1.1f7047dc11f70p-1, 0x1.15b1e5f75270dp-1, 0x1.0c9714fbcda3bp-1, 0x1.0410410410410p-1));
    const __m512d hl = _mm512_permutex2var_pd(     /* log(1 / c) / 2 */
        _mm512_setr_pd(0x1.f829b0e7832f8p-7, 0x1.6f0d28ae56b4ep-5, 0x1.29552f81ff521p-4, 0x1.9525a9cf456b6p-4,
                       0x1.fb9186d5e3e29p-4, 0x1.2e8e2bae11d31p-3, 0x1.5d1bdbf5809cap-3, 0x1.89a3386c1425bp-3), j,
        _mm512_setr_pd(0x1.b44f77bcc8f64p-3, 0x1.dd46a04c1c4a1p-3, 0x1.02552a5a5d0ffp-2, 0x1.154c3d2f4d5eap-2,
                       0x1.2795e1289b11bp-2, 0x1.393e0d3562a1ap-2, 0x1.4a4f85db03ebbp-2, 0x1.5ad404c359f2dp-2));
    const __m512d r = _mm512_fmsub_pd(m, c, one), r2 = _mm512_mul_pd(r, r);
    const __m512d Q = F_(F_(F_(r, C_(-0x1.55c5a937e37dap-3), C_(0x1.99f548eb93c56p-3)), r, C_(-0x1.fffff2eed8a81p-3)), r2,
                         F_(r, C_(0x1.5555527630abbp-2), C_(-0x1.00000000101d7p-1)));
    const __m512d lp = F_(r2, Q, r);                                        /* log1p r */
    return F_(e, C_(0x1.62e42fefa39efp-2), F_(lp, C_(0.5), hl));
#undef F_
#undef C_
}
/* ---- atanh for |x| < 1: below 0.17 its odd series a + a u P(u), u = a^2, P of degree 4 (a relative
   fit, mpmath: 2^-43.3); above, log((1 + a) / (1 - a)) / 2 (1 + a, 1 - a exact) with the quotient y as
   atan's (2^-42) and ew_vt_loghalf8; log y >= 0.34, so the double is within about 2^-39.5 of atanh x:
   Ziv's window as atan's.  Both paths on every lane. */
EW_TARGET_V8 static inline __m512d ew_vt_atanh8(__m512d xd) {
#define F_ _mm512_fmadd_pd
#define C_ _mm512_set1_pd
    const __m512d sg = C_(-0.0), a = _mm512_andnot_pd(sg, xd), one = C_(1.0);
    /* the series */
    const __m512d u = _mm512_mul_pd(a, a), u2 = _mm512_mul_pd(u, u);
    const __m512d P = F_(F_(F_(u, C_(0x1.8c1f263d253fdp-4), C_(0x1.c680647241520p-4)), u, C_(0x1.249318dd2bf31p-3)), u2,
                         F_(u, C_(0x1.999998d89e2b2p-3), C_(0x1.5555555563a71p-2)));
    const __m512d small = F_(_mm512_mul_pd(a, u), P, a);
    /* the log: y = (1 + a) / (1 - a) = 2^e m */
    const __m512d num = _mm512_add_pd(one, a), den = _mm512_sub_pd(one, a);
    const __m512d rc = _mm512_rcp14_pd(den), ec = _mm512_fnmadd_pd(den, rc, one), q0 = _mm512_mul_pd(num, rc);
    const __m512d y = F_(q0, F_(ec, ec, ec), q0);
    const __m512d big = ew_vt_loghalf8(y);
#undef F_
#undef C_
    const __m512d t = _mm512_mask_blend_pd(_mm512_cmp_pd_mask(a, _mm512_set1_pd(0.17), _CMP_GE_OQ), small, big);
    return _mm512_castsi512_pd(_mm512_ternarylogic_epi64(_mm512_castpd_si512(t), _mm512_castpd_si512(xd), _mm512_castpd_si512(sg), 0xf8));
}
static inline float ew_vt_atanh_e(float x) { return ew_atanhf_fma(x); }
EW_VT_BLOCK16(ew_vt_atanhf_block_v16, ew_vt_atanh_e, ew_vt_atanh8, 0, 0x3f7fffff, EW_VT_INV_WINDOW)    /* |x| < 1 */
EW_VT_UNARY(ew_vt_atanhf_block, ew_vt_atanh_e)

/* ---- acosh x = log(x + sqrt(x^2 - 1)) for x >= 1.0625 (acosh x >= 0.35): x^2 - 1 in one fma
   (2^-53), so x + sqrt within about 2^-51.6 of its true value, and its log by ew_vt_loghalf8,
   doubled (within 2^-41.7): the double is within 2^12.3 double ulps of acosh x; Ziv's window as
   atanh's.  Smaller x (where the log's absolute error would grow against the result), inf and nan
   go to the element function ew_acoshf_cr (vmath_more.h). */
EW_TARGET_V8 static inline __m512d ew_vt_acosh8(__m512d xd) {
    const __m512d s = _mm512_sqrt_pd(_mm512_fmsub_pd(xd, xd, _mm512_set1_pd(1.0)));
    const __m512d h = ew_vt_loghalf8(_mm512_add_pd(xd, s));
    return _mm512_add_pd(h, h);
}
EW_VT_BLOCK16X(ew_vt_acoshf_block_v16, ew_acoshf_cr, ew_vt_acosh8, 0, 0x3f880000, 0x7f7fffff, EW_VT_INV_WINDOW,
               EW_VT_ID8, EW_VT_ID8P)     /* 1.0625 <= x < inf */
EW_VT_UNARY(ew_vt_acoshf_block, ew_acoshf_cr)

#endif
