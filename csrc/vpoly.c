/* Issue 17 speed, branch poly17: the float32 orthogonal polynomials' block functions declared
   in vpoly.h.  The float32 element functions (special.c: the three-term recurrences in double,
   then rounded to float) run one element at a time, as torch's loops do; here 8 double lanes
   run the same recurrence at once, with exactly the element function's double operations in
   its order (no contraction: -ffp-contract=off), so every float is the element function's.
   A lane whose degree trunc(n) is below 0 (or NaN) gives 0 in the vector; one of degree 0 to
   EW_VO_KMAX runs the recurrence, the vector stepping to its lanes' largest degree; the rest
   (larger or non-finite degrees, and the x where the element function answers by a special
   value or a closed form: |x| = 1, the trigonometric forms inside (-1, 1) past a small degree)
   are redone one by one by the element function.  Without AVX-512 the element function runs on
   every element.  A file of its own, not a header of prelude.h: changing it recompiles this
   one object.  scripts/vpoly_sweep.c includes it with EW_VPOLY_STANDALONE set. */
#ifndef EW_VPOLY_STANDALONE
#include "prelude.h"
#include "vpoly.h"
#endif
#ifdef EW_HAVE_F16C_PATH
/* the input EW_VO_PF floats (16 KB) ahead, as vlogc.c's blocks: the kernels hand a block 64
   floats at a time, too few for the hardware prefetcher to run ahead */
#define EW_VO_PF 4096
#define ew_vo_prefetch(p) _mm_prefetch((const char *)(p) + 4 * EW_VO_PF, _MM_HINT_T0)
/* the largest degree the vector takes (hermite's float32 limit: NaN beyond) */
#define EW_VO_KMAX 128

/* the polynomials: Chebyshev T U V W, the shifted ones (of y = 2x - 1), Hermite H and He,
   Laguerre L, Legendre P */
enum { EW_VO_T, EW_VO_U, EW_VO_V, EW_VO_W, EW_VO_ST, EW_VO_SU, EW_VO_SV, EW_VO_SW,
       EW_VO_H, EW_VO_HE, EW_VO_L, EW_VO_P };
/* the Chebyshev kinds' degree beyond which the element function takes |y| < 1 by its
   trigonometric form (special_body.h) */
static const double ew_vo_trig[] = {6, 8, 8, 8, 6, 6, 6, 6};

/* 8 lanes of polynomial K at x (doubles of floats) of degree nd (the float degree as a double):
   the element function's double where it runs the recurrence (or answers 0, 1, P_1); *elem
   gets the lanes it answers otherwise */
EW_TARGET_V8 static inline __attribute__((always_inline)) __m512d ew_vo_poly8(int K, __m512d x, __m512d nd,
                                                                              __mmask8 *elem) {
    const __m512d one = _mm512_set1_pd(1), zero = _mm512_setzero_pd();
    const __m512d k = _mm512_roundscale_pd(nd, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    /* torch's static_cast<int64_t> of the degree is negative for n <= -1 and NaN: the value 0 */
    const __mmask8 none = _mm512_cmp_pd_mask(nd, _mm512_set1_pd(-1), _CMP_NGT_UQ);
    const __mmask8 small = _mm512_cmp_pd_mask(k, _mm512_set1_pd(EW_VO_KMAX), _CMP_LE_OQ);
    const int shifted = K >= EW_VO_ST && K <= EW_VO_SW;
    const __m512d y = shifted ? _mm512_sub_pd(_mm512_add_pd(x, x), one) : x, ay = _mm512_abs_pd(y);
    __mmask8 special = 0;
    if (K <= EW_VO_SW) {
        special = _mm512_cmp_pd_mask(k, _mm512_set1_pd(ew_vo_trig[K]), _CMP_GT_OQ) &
                  _mm512_cmp_pd_mask(ay, one, _CMP_LT_OQ);
        if (shifted) special |= _mm512_cmp_pd_mask(x, one, _CMP_EQ_OQ) | _mm512_cmp_pd_mask(x, zero, _CMP_EQ_OQ);
        else special |= _mm512_cmp_pd_mask(ay, one, _CMP_EQ_OQ);
    } else if (K == EW_VO_P) {
        special = _mm512_cmp_pd_mask(ay, one, _CMP_EQ_OQ);
    }
    *elem = (__mmask8)(~none & (~small | special));
    /* q = P_1 and c, the factor the step multiplies P_(j-1) by, as the element function writes them */
    __m512d c = _mm512_add_pd(y, y), q = c;       /* U, H: P_1 = 2y */
    if (K == EW_VO_T || K == EW_VO_ST || K == EW_VO_P) q = y;
    else if (K == EW_VO_V || K == EW_VO_SV) q = _mm512_sub_pd(c, one);
    else if (K == EW_VO_W || K == EW_VO_SW) q = _mm512_add_pd(c, one);
    else if (K == EW_VO_HE) q = c = x;
    else if (K == EW_VO_L) q = c = _mm512_sub_pd(one, x);
    __m512d p = one;
    const __mmask8 live = small & (__mmask8)~(none | special);
    for (int j = 2;; j++) {      /* P_j from q = P_(j-1), p = P_(j-2); the element loop's k is j - 1 */
        const __m512d jd = _mm512_set1_pd(j);
        const __mmask8 m = _mm512_cmp_pd_mask(k, jd, _CMP_GE_OQ) & live;
        if (!m) break;
        const __m512d kk = _mm512_set1_pd(j - 1);
        __m512d r;
        if (K == EW_VO_H) r = _mm512_sub_pd(_mm512_mul_pd(c, q), _mm512_mul_pd(_mm512_set1_pd(2 * (j - 1)), p));
        else if (K == EW_VO_HE) r = _mm512_sub_pd(_mm512_mul_pd(x, q), _mm512_mul_pd(kk, p));
        else if (K == EW_VO_L)
            r = _mm512_div_pd(_mm512_sub_pd(_mm512_mul_pd(_mm512_add_pd(_mm512_set1_pd(2 * (j - 1)), c), q),
                                            _mm512_mul_pd(kk, p)), jd);
        else if (K == EW_VO_P)
            r = _mm512_div_pd(_mm512_sub_pd(_mm512_mul_pd(_mm512_mul_pd(_mm512_set1_pd(2 * j - 1), x), q),
                                            _mm512_mul_pd(kk, p)), jd);
        else r = _mm512_sub_pd(_mm512_mul_pd(c, q), p);
        p = _mm512_mask_mov_pd(p, m, q);
        q = _mm512_mask_mov_pd(q, m, r);
    }
    q = _mm512_mask_mov_pd(q, _mm512_cmp_pd_mask(k, zero, _CMP_EQ_OQ), one);
    if (K == EW_VO_L) q = _mm512_mask_mov_pd(q, _mm512_cmp_pd_mask(x, zero, _CMP_EQ_OQ), one);
    return _mm512_maskz_mov_pd((__mmask8)~none, q);
}

/* o[i] = polynomial K of a[i sa] and degree b[i sb], 16 lanes a step (masked at the end); the
   lanes the vector declines from elem, the element function, with the operands from the
   registers (o may be a or b) */
EW_TARGET_V8 static inline __attribute__((always_inline)) void ew_vo_run(int K, float (*elem)(float, float), float *o,
                                                                         const float *a, int sa, const float *b,
                                                                         int sb, int64_t n) {
    if (n <= 0) return;
    const __m512 a0 = _mm512_set1_ps(a[0]), b0 = _mm512_set1_ps(b[0]);
    for (int64_t i = 0; i < n; i += 16) {
        const __mmask16 act = n - i >= 16 ? (__mmask16)0xffff : (__mmask16)((1u << (n - i)) - 1);
        if (sa) ew_vo_prefetch(a + i);
        if (sb) ew_vo_prefetch(b + i);
        const __m512 xv = sa ? _mm512_maskz_loadu_ps(act, a + i) : a0;
        const __m512 nv = sb ? _mm512_maskz_loadu_ps(act, b + i) : b0;
        __mmask8 e0, e1;
        const __m512d r0 = ew_vo_poly8(K, _mm512_cvtps_pd(_mm512_castps512_ps256(xv)),
                                       _mm512_cvtps_pd(_mm512_castps512_ps256(nv)), &e0);
        const __m512d r1 = ew_vo_poly8(K, _mm512_cvtps_pd(_mm512_extractf32x8_ps(xv, 1)),
                                       _mm512_cvtps_pd(_mm512_extractf32x8_ps(nv, 1)), &e1);
        const __m512 r = _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(r0)), _mm512_cvtpd_ps(r1), 1);
        _mm512_mask_storeu_ps(o + i, act, r);
        const __mmask16 redo = (__mmask16)((e0 | (unsigned)e1 << 8) & act);
        if (__builtin_expect(redo != 0, 0)) {
            float xt[16], nt[16];
            _mm512_storeu_ps(xt, xv);
            _mm512_storeu_ps(nt, nv);
            for (unsigned f = redo; f; f &= f - 1) o[i + __builtin_ctz(f)] = elem(xt[__builtin_ctz(f)], nt[__builtin_ctz(f)]);
        }
    }
}

/* a polynomial's block: its element function (the expr of ops.yaml), the AVX-512 loop, and the
   element loop without AVX-512 (or with EW_NO_AVX512 set) */
#define EW_VO_OP(name, K, fn) \
    static float ew_vo_##name##_elem(float x, float n) { return (float)fn((double)x, (double)n); } \
    EW_TARGET_V8 static void ew_vo_##name##f_v16(float *o, const float *a, int sa, const float *b, int sb, int64_t n) { \
        ew_vo_run(K, ew_vo_##name##_elem, o, a, sa, b, sb, n); \
    } \
    EW_TARGET_F16C void ew_vo_##name##f_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n) { \
        if (ew_use_avx512()) { ew_vo_##name##f_v16(o, a, sa, b, sb, n); return; } \
        for (int64_t i = 0; i < n; i++) o[i] = ew_vo_##name##_elem(a[i * sa], b[i * sb]); \
    }
EW_VO_OP(chebyshev_t, EW_VO_T, ew_sp_chebyshev_t)
EW_VO_OP(chebyshev_u, EW_VO_U, ew_sp_chebyshev_u)
EW_VO_OP(chebyshev_v, EW_VO_V, ew_sp_chebyshev_v)
EW_VO_OP(chebyshev_w, EW_VO_W, ew_sp_chebyshev_w)
EW_VO_OP(shifted_chebyshev_t, EW_VO_ST, ew_sp_shifted_chebyshev_t)
EW_VO_OP(shifted_chebyshev_u, EW_VO_SU, ew_sp_shifted_chebyshev_u)
EW_VO_OP(shifted_chebyshev_v, EW_VO_SV, ew_sp_shifted_chebyshev_v)
EW_VO_OP(shifted_chebyshev_w, EW_VO_SW, ew_sp_shifted_chebyshev_w)
EW_VO_OP(hermite_h, EW_VO_H, ew_sp_hermite_h_f)
EW_VO_OP(hermite_he, EW_VO_HE, ew_sp_hermite_he_f)
EW_VO_OP(laguerre_l, EW_VO_L, ew_sp_laguerre_l)
EW_VO_OP(legendre_p, EW_VO_P, ew_sp_legendre_p)
#endif
