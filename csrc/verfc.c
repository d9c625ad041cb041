/* Issue 17 speed, branch verf17: the float32 block functions of the erf family, tanh and
   sigmoid (ops.yaml `simd: {float32: {block: ew_ve_*}}`), declared in verfc.h.  The element
   functions stay in prelude.h's headers (verf.h, vmath.h): they are the reference, the slow path
   of the lanes a block's fast path declines, and the loop on CPUs without AVX-512.  A file of its
   own, not a header of prelude.h: changing it recompiles this one object, not every kernel. */
#include "prelude.h"
#include "verfc.h"
#ifdef EW_HAVE_F16C_PATH

/* the target of the double-lane block (ndtri's) */
#define EW_VERF_TARGET __attribute__((target("avx512f,avx512dq,avx2,f16c,fma")))

/* ==== the float-lane blocks (branch erf17): 16 float lanes a vector.  A function of a >= 0 is a
   polynomial of s per interval of width w (csrc/verf16_tables.h, scripts/verf16_fit.py: 32
   intervals, one vpermt2ps a coefficient) summed as a float pair hi + lo: c0h + c1h s + c2h s^2
   exactly (Fast2Sum), the smaller rest c0l + s c1l + s^3 (c3 + ...) in float.  Ziv's test on the pair
   (hi + lo +- |hi| EPS round to one float) leaves the lanes near a rounding boundary, and the
   ones outside the fast range, to the element function, which is correctly rounded: the
   results are its bits (scripts/verf16_sweep.c checks every float). */
#include "verf16_tables.h"
#define EW_VF_COL(T, k, i) _mm512_permutex2var_ps(_mm512_load_ps((T)[k]), (i), _mm512_load_ps((T)[k] + 16))
/* a's interval i = floor(a / w), at most last, and s = a / w - i - 1/2, or a / w in interval 0
   unless centered (exact: no rounding of s near a = 0); both subtractions exact */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_split(__m512 a, float invw, float last, int centered, __m512i *i) {
    const __m512 t = _mm512_mul_ps(a, _mm512_set1_ps(invw)), half = _mm512_set1_ps(0.5f);
    const __m512 fi = _mm512_min_ps(_mm512_roundscale_ps(t, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC), _mm512_set1_ps(last));
    *i = _mm512_cvttps_epi32(fi);
    return _mm512_sub_ps(t, _mm512_add_ps(fi, centered ? half : _mm512_min_ps(fi, half)));
}
/* interval i's polynomial at s as hi (returned) + *lo; T has deg + 4 columns (c2's lo, 0, is
   not loaded).  The products c1h s, s^2 and c2h s^2 are split exactly by fma, summed to c0h by
   Fast2Sum (|c0h| > |c1h s| > |c2h s^2| on every interval); the rest is c0l + s c1l +
   s^2 s (c3 + ...) */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_poly(const float (*T)[32], int deg, __m512i i, __m512 s, __m512 *lo) {
    __m512 b = EW_VF_COL(T, deg + 3, i);
    _Pragma("GCC unroll 16") for (int k = deg + 2; k >= 6; k--) b = _mm512_fmadd_ps(b, s, EW_VF_COL(T, k, i));
    const __m512 c0 = EW_VF_COL(T, 0, i), c1 = EW_VF_COL(T, 1, i), c2 = EW_VF_COL(T, 2, i);
    const __m512 ph = _mm512_mul_ps(s, c1), pl = _mm512_fmsub_ps(s, c1, ph);
    const __m512 s2 = _mm512_mul_ps(s, s), s2l = _mm512_fmsub_ps(s, s, s2);
    b = _mm512_fmadd_ps(_mm512_mul_ps(b, s), s2, _mm512_fmadd_ps(s, EW_VF_COL(T, 4, i), EW_VF_COL(T, 3, i)));
    const __m512 qh = _mm512_mul_ps(s2, c2), ql = _mm512_fmsub_ps(s2, c2, qh);
    const __m512 h1 = _mm512_add_ps(c0, ph), e1 = _mm512_add_ps(_mm512_sub_ps(c0, h1), ph);
    const __m512 h = _mm512_add_ps(h1, qh), e2 = _mm512_add_ps(_mm512_sub_ps(h1, h), qh);
    *lo = _mm512_add_ps(_mm512_add_ps(_mm512_fmadd_ps(s2l, c2, b), _mm512_add_ps(pl, ql)), _mm512_add_ps(e1, e2));
    return h;
}
/* Ziv's test on h + l (relative error below eps): the float result, and the lanes that fail */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_round(__m512 h, __m512 l, float eps, __mmask16 *bad) {
    const __m512 lo = _mm512_add_ps(h, _mm512_fnmadd_ps(h, _mm512_set1_ps(eps), l));
    const __m512 hi = _mm512_add_ps(h, _mm512_fmadd_ps(h, _mm512_set1_ps(eps), l));
    *bad = _mm512_cmp_ps_mask(lo, hi, _CMP_NEQ_UQ);
    return lo;
}
/* a (a float) times the pair h + l: hi (returned) + *lo, the product a h split exactly */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_scale(__m512 a, __m512 h, __m512 l, __m512 *lo) {
    const __m512 p = _mm512_mul_ps(a, h);
    *lo = _mm512_fmadd_ps(a, l, _mm512_fmsub_ps(a, h, p));
    return p;
}
/* r (>= 0) with x's sign bit: (r & ~sign) | (x & sign) as one vpternlogd */
#define EW_VF_COPYSIGN(r, x) _mm512_castsi512_ps(_mm512_ternarylogic_epi32(_mm512_castps_si512(r), _mm512_castps_si512(x), \
    _mm512_set1_epi32(INT32_MIN), 0xd8))
/* the block loop: STEP(x, &bad) gives 16 results and the lanes for the element function elem;
   the input is prefetched EW_VF_PF floats ahead */
#ifndef EW_VF_PF
#define EW_VF_PF 1024
#endif
#define EW_VF_BLOCK(name, STEP, elem) \
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 name##_lanes(const float *x, __mmask16 m) { \
    const __m512 xv = _mm512_maskz_loadu_ps(m, x); \
    __mmask16 bad; \
    __m512 f = STEP(xv, &bad); \
    bad &= m; \
    if (__builtin_expect(bad != 0, 0)) { \
        _Alignas(64) float t[16]; \
        _mm512_store_ps(t, f); \
        for (; bad; bad &= bad - 1) { const int j = __builtin_ctz(bad); t[j] = elem(x[j]); } \
        f = _mm512_load_ps(t); \
    } \
    return f; \
} \
EW_TARGET_VX static void name##_512(float *o, const float *x, int64_t n) { \
    int64_t i = 0; \
    for (; i + 16 <= n; i += 16) { \
        _mm_prefetch((const char *)(x + i + EW_VF_PF), _MM_HINT_T0); \
        _mm512_storeu_ps(o + i, name##_lanes(x + i, 0xffff)); \
    } \
    if (i < n) { \
        const __mmask16 m = (__mmask16)((1u << (n - i)) - 1); \
        _mm512_mask_storeu_ps(o + i, m, name##_lanes(x + i, m)); \
    } \
} \
void name(float *o, const float *x, int64_t n) { \
    if (ew_use_avx512()) { name##_512(o, x, n); return; } \
    for (int64_t i = 0; i < n; i++) o[i] = elem(x[i]); \
}

/* ---- erf = a G(a), a = |x| < 4 (G = erf(a) / a, smooth: relative accuracy down to a = 0),
   then x's sign; 1 from 4 (erf rounds to 1 from 3.92); nan and 0 < a < 2^-64 (where the
   product's error term underflows) to the element function */
#ifndef EW_VF_ERF_EPS
#define EW_VF_ERF_EPS 0x1.6p-36f
#endif
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_erf_pair(__m512 a, __m512 *lo) {
    __m512i i;
    const __m512 s = ew_vf_split(a, 8.0f, 31.0f, 0, &i);
    __m512 gl;
    const __m512 gh = ew_vf_poly(ew_verf16_erf, 6, i, s, &gl);
    return ew_vf_scale(a, gh, gl, lo);
}
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_erf_step(__m512 x, __mmask16 *bad) {
    const __m512 ax = _mm512_abs_ps(x), a = _mm512_min_ps(ax, _mm512_set1_ps(0x1.fffffep+1f));
    __m512 l;
    const __m512 h = ew_vf_erf_pair(a, &l);
    __mmask16 miss;
    const __m512 f = ew_vf_round(h, l, EW_VF_ERF_EPS, &miss);
    const __mmask16 one = _mm512_cmp_ps_mask(ax, _mm512_set1_ps(4.0f), _CMP_GE_OQ);
    const __mmask16 odd = _mm512_mask_cmp_ps_mask(_mm512_cmp_ps_mask(ax, _mm512_set1_ps(0x1p-64f), _CMP_NGE_UQ), ax, _mm512_setzero_ps(), _CMP_NEQ_UQ);
    *bad = (__mmask16)((miss & ~one) | odd);
    const __m512 r = _mm512_mask_blend_ps(one, f, _mm512_set1_ps(1.0f));
    return EW_VF_COPYSIGN(r, x);
}
EW_VF_BLOCK(ew_ve_erff_block, ew_vf_erf_step, ew_verff)

/* ---- gelu(x) = x ndtr(x) (branch gelu17), through Q(a) = ndtr(-a) = e^(-a^2/2) M(a), a = |x|:
   M is smooth where Q decays (csrc/verf16_tables.h's ew_verf16_gelu: intervals of width 1/8 on
   [0, 2), 1/4 on [2, 4) and 1/2 on [4, 8), all centered).  P = a Q(a) as a float pair, then gelu = -P for
   x < 0 and x - P for x >= 0 (no cancellation: P <= x/2).  e^(-a^2/2) from a^2/2 split exactly:
   2^(-n/32) (n = round(a^2/2 * 32/ln2): the float-pair table ew_verf16_exp2 and a power of 2)
   times e^-r, |r| <= ln2/64, as 1 - r + r^2 g(r) (the first term left out, r^5/120, is below
   2^-39).  Ziv's test, then x's sign; x <= -8, x >= 2^127 (torch's inf; inf's nan), nan and
   0 < a < 2^-60 go to the element function; from 8 up (Q < 2^-52) gelu rounds to x, which the
   pair gives with a clamped below 8. */
#ifndef EW_VF_Q_EPS        /* (gelu's and ndtr's) */
#define EW_VF_Q_EPS 0x1p-34f
#endif
/* e^-(zh + zl) for 0 <= zh <= 32 (|zl| <= ulp(zh) / 2): hi (returned) + *lo.  The reduction
   r = zh - n L1 is exact (n < 2^11, L1 = ln2/32 to 19 bits, |r| < 2^-6); c = zl - n L2 is
   below 2^-17, so e^-(r + c) = e^-r (1 - c + c^2/2) */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_expneg(__m512 zh, __m512 zl, __m512 *lo) {
    const __m512 shift = _mm512_set1_ps(0x1.8p23f);
    const __m512 kf = _mm512_fnmadd_ps(zh, _mm512_set1_ps(0x1.715476p+5f), shift);     /* (shift - n: -n in the low bits) */
    const __m512 n = _mm512_sub_ps(shift, kf);
    const __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0x1.62e43p-6f), zh);
    const __m512 c = _mm512_fnmadd_ps(n, _mm512_set1_ps(-0x1.05c61p-34f), zl);
    const __m512 g = _mm512_fmadd_ps(_mm512_fmadd_ps(r, _mm512_set1_ps(0x1.555556p-5f), _mm512_set1_ps(-0x1.555556p-3f)), r, _mm512_set1_ps(0.5f));
    const __m512 q = _mm512_mul_ps(_mm512_mul_ps(r, r), g);
    const __m512 one = _mm512_set1_ps(1.0f), h0 = _mm512_sub_ps(one, r), e0 = _mm512_sub_ps(_mm512_sub_ps(one, h0), r);
    const __m512 h1 = _mm512_add_ps(h0, q), e1 = _mm512_add_ps(_mm512_sub_ps(h0, h1), q);
    const __m512 l1 = _mm512_fnmadd_ps(c, _mm512_fnmadd_ps(c, _mm512_set1_ps(0.5f), h1), _mm512_add_ps(e0, e1));
    const __m512i j = _mm512_castps_si512(kf);
    const __m512 th = _mm512_permutex2var_ps(_mm512_load_ps(ew_verf16_exp2[0]), j, _mm512_load_ps(ew_verf16_exp2[0] + 16));
    const __m512 tl = _mm512_permutex2var_ps(_mm512_load_ps(ew_verf16_exp2[1]), j, _mm512_load_ps(ew_verf16_exp2[1] + 16));
    const __m512 m = _mm512_roundscale_ps(_mm512_mul_ps(n, _mm512_set1_ps(-0x1p-5f)), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m512 eh = _mm512_mul_ps(th, h1);
    *lo = _mm512_scalef_ps(_mm512_fmadd_ps(th, l1, _mm512_fmadd_ps(tl, h1, _mm512_fmsub_ps(th, h1, eh))), m);
    return _mm512_scalef_ps(eh, m);
}
/* M(u) at u = uh + ul (0 <= uh < 8; ul = 0 where exact, else |ul| <= ulp(uh)): hi (returned) +
   *lo.  The interval: floor(8u) below 2, 8 + floor(4u) below 4, 16 + floor(2u) above (the
   products t = k uh exact, each floor in [8, 16) above 2). */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_gelu_m(__m512 uh, __m512 ul, int exact, __m512 *lo) {
    const __mmask16 up2 = _mm512_cmp_ps_mask(uh, _mm512_set1_ps(2.0f), _CMP_GE_OQ), up4 = _mm512_cmp_ps_mask(uh, _mm512_set1_ps(4.0f), _CMP_GE_OQ);
    const __m512 k = _mm512_mask_blend_ps(up4, _mm512_mask_blend_ps(up2, _mm512_set1_ps(8.0f), _mm512_set1_ps(4.0f)), _mm512_set1_ps(2.0f));
    const __m512 t = _mm512_mul_ps(uh, k);
    const __m512i fl = _mm512_cvt_roundps_epi32(t, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m512 c = _mm512_add_ps(_mm512_cvtepi32_ps(fl), _mm512_set1_ps(0.5f)), s = _mm512_sub_ps(t, c);
    const __m512i eight = _mm512_set1_epi32(8), i2 = _mm512_mask_add_epi32(fl, up2, fl, eight), i = _mm512_mask_add_epi32(i2, up4, i2, eight);
    __m512 ml;
    const __m512 mh = ew_vf_poly(ew_verf16_gelu, 7, i, s, &ml);
    /* s's error ds times M's slope in s joins the low part: t - 1/2 is rounded in interval 0
       (t < 1/4; Fast2Sum, 1/2 > t), exact elsewhere, and ul adds k ul.  Where u is exact the
       slope is interval 0's polynomial's at s = t - 1/2 (c1 + 2 c2 s + 3 c3 s^2 to first order
       in t), else c1 + 2 c2 s + 3 c3 s^2 of u's interval (k ul < 2^-21: 2^-12 of the slope
       suffices) */
    const float (*g)[32] = ew_verf16_gelu;
    __m512 ds = _mm512_sub_ps(t, _mm512_add_ps(s, c)), slope;
    if (exact) {
        slope = _mm512_fmadd_ps(t, _mm512_set1_ps(2 * g[2][0] - 3 * g[6][0]), _mm512_set1_ps(g[1][0] - g[2][0] + 0.75f * g[6][0]));
    } else {
        const __m512 c3s = _mm512_fmadd_ps(EW_VF_COL(g, 6, i), _mm512_mul_ps(s, _mm512_set1_ps(1.5f)), EW_VF_COL(g, 2, i));
        slope = _mm512_fmadd_ps(c3s, _mm512_add_ps(s, s), EW_VF_COL(g, 1, i));
        ds = _mm512_fmadd_ps(ul, k, ds);
    }
    *lo = _mm512_fmadd_ps(ds, slope, ml);
    return mh;
}
/* Q(u) = e^-z M(u), z = u^2 / 2 = zh + zl exactly (0 <= u < 8): hi (returned) + *lo */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_q(__m512 uh, __m512 ul, int exact, __m512 zh, __m512 zl, __m512 *lo) {
    __m512 el, ml;
    const __m512 eh = ew_vf_expneg(zh, zl, &el), mh = ew_vf_gelu_m(uh, ul, exact, &ml);
    const __m512 qh = _mm512_mul_ps(eh, mh);
    /* (M's low part reaches 2^-13 of M, e^-z's 2^-17 through c: el ml counts) */
    *lo = _mm512_fmadd_ps(eh, ml, _mm512_fmadd_ps(el, _mm512_add_ps(mh, ml), _mm512_fmsub_ps(eh, mh, qh)));
    return qh;
}
/* Q(a) = ndtr(-a) for 0 <= a < 8 (z = a^2/2 split exactly): hi (returned) + *lo */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_ndtr_q(__m512 a, __m512 *lo) {
    const __m512 ha = _mm512_mul_ps(a, _mm512_set1_ps(0.5f)), zh = _mm512_mul_ps(a, ha);
    return ew_vf_q(a, _mm512_setzero_ps(), 1, zh, _mm512_fmsub_ps(a, ha, zh), lo);
}
/* P = a Q(a) for 0 <= a < 8: hi (returned) + *lo */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_gelu_p(__m512 a, __m512 *lo) {
    __m512 ql;
    const __m512 qh = ew_vf_ndtr_q(a, &ql);
    return ew_vf_scale(a, qh, ql, lo);
}
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_gelu_step(__m512 x, __mmask16 *bad) {
    const __m512 ax = _mm512_abs_ps(x), a = _mm512_min_ps(ax, _mm512_set1_ps(0x1.fffffep+2f));
    __m512 pl;
    const __m512 ph = ew_vf_gelu_p(a, &pl);
    const __mmask16 pos = _mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_GE_OQ);
    const __m512 h = _mm512_mask_sub_ps(ph, pos, ax, ph);       /* x >= 0: Fast2Sum x - ph */
    const __m512 l = _mm512_mask_sub_ps(pl, pos, _mm512_sub_ps(_mm512_sub_ps(ax, h), ph), pl);
    __mmask16 miss;
    const __m512 f = ew_vf_round(h, l, EW_VF_Q_EPS, &miss);
    const __mmask16 out = _mm512_cmp_ps_mask(x, _mm512_set1_ps(EW_VERF_GELU_INF), _CMP_NLT_UQ) | _mm512_cmp_ps_mask(x, _mm512_set1_ps(-8.0f), _CMP_LE_OQ);
    const __mmask16 tiny = _mm512_mask_cmp_ps_mask(_mm512_cmp_ps_mask(ax, _mm512_set1_ps(0x1p-60f), _CMP_LT_OQ), ax, _mm512_setzero_ps(), _CMP_NEQ_OQ);
    *bad = (__mmask16)(miss | out | tiny);
    return EW_VF_COPYSIGN(f, x);
}
EW_VF_BLOCK(ew_ve_geluf_block, ew_vf_gelu_step, ew_vgeluf)

/* ---- special.ndtr(x) (branch gelu17) = Q(a) for x < 0, 1 - Q(a) for x >= 0 (no cancellation:
   Q <= 1/2), a = |x| clamped below 8, gelu's pair; Ziv's test; x <= -8 and nan go to the element
   function; from 8 up ndtr rounds to 1. */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_ndtr_step(__m512 x, __mmask16 *bad) {
    const __m512 a = _mm512_min_ps(_mm512_abs_ps(x), _mm512_set1_ps(0x1.fffffep+2f)), one = _mm512_set1_ps(1.0f);
    __m512 ql;
    const __m512 qh = ew_vf_ndtr_q(a, &ql);
    const __mmask16 pos = _mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_GE_OQ);
    const __m512 h = _mm512_mask_sub_ps(qh, pos, one, qh);       /* x >= 0: Fast2Sum 1 - qh */
    const __m512 l = _mm512_mask_sub_ps(ql, pos, _mm512_sub_ps(_mm512_sub_ps(one, h), qh), ql);
    __mmask16 miss;
    const __m512 f = ew_vf_round(h, l, EW_VF_Q_EPS, &miss);
    *bad = (__mmask16)(miss | _mm512_cmp_ps_mask(x, _mm512_set1_ps(-8.0f), _CMP_NGT_UQ));
    return f;
}
EW_VF_BLOCK(ew_ve_ndtrf_block, ew_vf_ndtr_step, ew_vndtrf)

/* ---- erfc(x) (branch gelu17) = 2 Q(u), u = |x| sqrt 2 (a float pair; u^2/2 = x^2 exactly):
   2 Q for x >= 0, 2 - 2 Q for x < 0 (no cancellation: 2 Q <= 1).  Ziv's test; x above 5.65
   (u near 8, the table's end; erfc < 2^-49) and nan go to the element function; below -5.65
   erfc rounds to 2, which the pair gives with |x| clamped. */
#ifndef EW_VF_ERFC_EPS
#define EW_VF_ERFC_EPS 0x1.6p-34f
#endif
#define EW_VF_ERFC_TOP 0x1.69999ap+2f
/* erfc(a) = 2 Q(a sqrt 2) for 0 <= a <= 5.65: hi (returned) + *lo */
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_erfc_pair(__m512 a, __m512 *lo) {
    const __m512 zh = _mm512_mul_ps(a, a), r2 = _mm512_set1_ps(0x1.6a09e6p+0f);
    const __m512 uh = _mm512_mul_ps(a, r2), ul = _mm512_fmadd_ps(a, _mm512_set1_ps(0x1.9fcef4p-26f), _mm512_fmsub_ps(a, r2, uh));
    __m512 ql;
    const __m512 qh = ew_vf_q(uh, ul, 0, zh, _mm512_fmsub_ps(a, a, zh), &ql);
    *lo = _mm512_add_ps(ql, ql);
    return _mm512_add_ps(qh, qh);
}
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_erfc_step(__m512 x, __mmask16 *bad) {
    const __m512 a = _mm512_min_ps(_mm512_abs_ps(x), _mm512_set1_ps(EW_VF_ERFC_TOP)), two = _mm512_set1_ps(2.0f);
    __m512 pl;
    const __m512 ph = ew_vf_erfc_pair(a, &pl);
    const __mmask16 neg = _mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_LT_OQ);
    const __m512 h = _mm512_mask_sub_ps(ph, neg, two, ph);      /* x < 0: Fast2Sum 2 - ph */
    const __m512 l = _mm512_mask_sub_ps(pl, neg, _mm512_sub_ps(_mm512_sub_ps(two, h), ph), pl);
    __mmask16 miss;
    const __m512 f = ew_vf_round(h, l, EW_VF_ERFC_EPS, &miss);
    *bad = (__mmask16)(miss | _mm512_cmp_ps_mask(x, _mm512_set1_ps(EW_VF_ERFC_TOP), _CMP_NLE_UQ));
    return f;
}
EW_VF_BLOCK(ew_ve_erfcf_block, ew_vf_erfc_step, ew_verfcf)

/* ---- erfinv(a), a = |y| <= 1 - 2^-7, then y's sign: a K(a) for a <= 1/2 (K = erfinv(a) / a,
   smooth: relative accuracy down to a = 0; intervals 0-7 of width 1/16); above, erfinv(1 - t)
   as a polynomial per quarter of t's binades (t = 1 - a exact; intervals 8-31, t >= 2^-7).
   |y| > 1 - 2^-7 (the poles, nan) and 0 < a < 2^-64 go to the element function. */
#ifndef EW_VF_ERFINV_EPS
#define EW_VF_ERFINV_EPS 0x1.8p-35f
#endif
#define EW_VF_ERFINV_TOP 0x1.fcp-1f
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_erfinv_pair(__m512 a, __m512 *lo) {
    __m512i i1;
    const __m512 s1 = ew_vf_split(a, 16.0f, 7.0f, 0, &i1);
    /* t = 2^e m, m in [1, 2): quarter q = floor(4m) - 4, interval 8 + 4 (-2 - e) + q */
    const __m512 t = _mm512_sub_ps(_mm512_set1_ps(1.0f), a);
    const __m512 m4 = _mm512_mul_ps(_mm512_getmant_ps(t, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero), _mm512_set1_ps(4.0f));
    const __m512 fq = _mm512_roundscale_ps(m4, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    const __m512 s2 = _mm512_sub_ps(m4, _mm512_add_ps(fq, _mm512_set1_ps(0.5f)));
    const __m512i i2 = _mm512_cvttps_epi32(_mm512_fnmadd_ps(_mm512_getexp_ps(t), _mm512_set1_ps(4.0f), _mm512_sub_ps(fq, _mm512_set1_ps(4.0f))));
    const __mmask16 up = _mm512_cmp_ps_mask(a, _mm512_set1_ps(0.5f), _CMP_GT_OQ);
    __m512 pl;
    const __m512 ph = ew_vf_poly(ew_verf16_erfinv, 8, _mm512_mask_blend_epi32(up, i1, i2), _mm512_mask_blend_ps(up, s1, s2), &pl);
    return ew_vf_scale(_mm512_mask_blend_ps(up, a, _mm512_set1_ps(1.0f)), ph, pl, lo);
}
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 ew_vf_erfinv_step(__m512 y, __mmask16 *bad) {
    const __m512 a = _mm512_abs_ps(y);
    __m512 l;
    const __m512 h = ew_vf_erfinv_pair(a, &l);
    __mmask16 miss;
    const __m512 f = ew_vf_round(h, l, EW_VF_ERFINV_EPS, &miss);
    const __mmask16 out = _mm512_cmp_ps_mask(a, _mm512_set1_ps(EW_VF_ERFINV_TOP), _CMP_NLE_UQ);
    const __mmask16 tiny = _mm512_mask_cmp_ps_mask(_mm512_cmp_ps_mask(a, _mm512_set1_ps(0x1p-64f), _CMP_LT_OQ), a, _mm512_setzero_ps(), _CMP_NEQ_OQ);
    *bad = (__mmask16)(miss | out | tiny);
    return EW_VF_COPYSIGN(f, y);
}
EW_VF_BLOCK(ew_ve_erfinvf_block, ew_vf_erfinv_step, ew_verfinvf)

/* ---- ndtri (verf.h's ew_vndtrif): erfinv's double fast path (verf.h's ew_verfinvf) on
   y = 2p - 1 (exact in double), times sqrt 2.  Two passes over EW_VBLK floats (w = -log(1 - y^2)
   into a buffer, then the polynomial); blocks with a lane outside the fast range (p outside
   [0.0005, 0.9995]; nan), or failing the rounding test, take the element function. */
EW_VERF_TARGET static inline __attribute__((always_inline)) __m512d ew_ve_ndtri_y(const float *x) {
    return _mm512_fmadd_pd(_mm512_cvtps_pd(_mm256_loadu_ps(x)), _mm512_set1_pd(2.0), _mm512_set1_pd(-1.0));
}
EW_VERF_TARGET static void ew_ve_ndtrif_512(float *o, const float *x, int64_t n) {
    _Alignas(64) double wb[EW_VBLK];
    int64_t i0 = 0;
    for (; i0 + EW_VBLK <= n; i0 += EW_VBLK) {
        const float *xb = x + i0;
        __mmask16 out = 0;
        for (int j = 0; j < EW_VBLK; j += 16)
            out |= ~(_mm512_cmp_ps_mask(_mm512_loadu_ps(xb + j), _mm512_set1_ps(EW_VNDTRI_LO), _CMP_GE_OQ)
                     & _mm512_cmp_ps_mask(_mm512_loadu_ps(xb + j), _mm512_set1_ps(EW_VNDTRI_HI), _CMP_LE_OQ));
        if (out) {
            for (int j = 0; j < EW_VBLK; j++) o[i0 + j] = ew_vndtrif(xb[j]);
            continue;
        }
        for (int j = 0; j < EW_VBLK; j += 8) {
            const __m512d a = _mm512_abs_pd(ew_ve_ndtri_y(xb + j)), one = _mm512_set1_pd(1.0);
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
            const __m512d r = _mm512_mul_pd(_mm512_mul_pd(ew_ve_ndtri_y(xb + j), p), _mm512_set1_pd(EW_VNDTRI_SQRT2));
            const __m256 lo = _mm512_cvtpd_ps(_mm512_fmadd_pd(r, _mm512_set1_pd(-EW_VERFINV_EPS), r));
            const __m256 hi = _mm512_cvtpd_ps(_mm512_fmadd_pd(r, _mm512_set1_pd(EW_VERFINV_EPS), r));
            bad |= (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(lo, hi, _CMP_NEQ_OQ));
            _mm256_store_ps(ob + j, lo);      /* (2p - 1 is never -0) */
        }
        if (bad)        /* (rare: about one block in 2^12) */
            for (int j = 0; j < EW_VBLK; j++) ob[j] = ew_vndtrif(xb[j]);
        memcpy(o + i0, ob, sizeof ob);
    }
    for (; i0 < n; i0++) o[i0] = ew_vndtrif(x[i0]);
}
void ew_ve_ndtrif_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) { ew_ve_ndtrif_512(o, x, n); return; }
    for (int64_t i = 0; i < n; i++) o[i] = ew_vndtrif(x[i]);
}


/* ==== tanh and sigmoid: vexp.h's design (e^v in 8 double lanes from a 16-entry table, Ziv's
   rounding test EW_VX_NEAR, the scalar reference for the lanes it declines) with fewer
   operations: 1 / d by vrcp14pd and one cubic step (EW_VE_INV3, 2^-42), the float lanes' |x|,
   clamp and sign tests done once for 16 lanes rather than twice for 8. */
/* 1 / d to 2^-42: y0 (1 + e + e^2), y0 = vrcp14pd(d), e = 1 - d y0 (|e| < 2^-14) */
#define EW_VE_INV3(d, y) \
    const __m512d y##0 = _mm512_rcp14_pd(d), y##e = _mm512_fnmadd_pd((d), y##0, _mm512_set1_pd(1.0)); \
    const __m512d y = _mm512_fmadd_pd(y##0, _mm512_fmadd_pd(y##e, y##e, y##e), y##0)
/* The block, as EW_VX_BLOCK: IN(xf) the lanes the fast path takes, PRE(xf) an exact float
   operation before the conversion, BODY(ad, y, neg) the double result of 8 lanes (neg: those
   where x < 0), POST(yf, xf) an exact float operation after the rounding, W the rounding test's
   window (EW_VX_NEAR), ref the scalar function of the other lanes.  The step is inlined into the
   loop (its constants then stay in registers: 5% measured). */
#define EW_VE_BLOCK(name, IN, PRE, BODY, POST, W, ref) \
EW_TARGET_VX static inline __attribute__((always_inline)) __m512 name##_step(const float *x, __mmask16 m, __m512i ew_vx_tlo, __m512i ew_vx_thi) { \
    const __m512 xf = _mm512_maskz_loadu_ps(m, x), af = PRE(xf); \
    const __mmask16 neg = _mm512_cmp_ps_mask(xf, _mm512_setzero_ps(), _CMP_LT_OQ); (void)neg; \
    const __m512d x0 = _mm512_cvtps_pd(_mm512_castps512_ps256(af)); \
    const __m512d x1 = _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(af), 1))); \
    BODY(x0, y0, (__mmask8)neg); \
    BODY(x1, y1, (__mmask8)(neg >> 8)); \
    const __mmask16 bad = (__mmask16)(((EW_VX_NEAR(y0, W) | ((unsigned)EW_VX_NEAR(y1, W) << 8)) | ~(unsigned)IN(xf)) & m); \
    __m512 yf = _mm512_insertf32x8(_mm512_castps256_ps512(_mm512_cvtpd_ps(y0)), _mm512_cvtpd_ps(y1), 1); \
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
EW_TARGET_VX static void name##_512(float *o, const float *x, int64_t n) { \
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
#define EW_VE_NOTNAN(xf) _mm512_cmp_ps_mask((xf), (xf), _CMP_ORD_Q)

/* ---- tanh |x| = em / (em + 2), em = e^2a - 1, a = |x| clamped to 10 (tanh rounds to 1 from
   9.01), then x's sign.  em and the quotient are accurate relative to tanh down to 0 (with
   k = 0, em is the polynomial itself), so the rounding test sees tanh x = x - x^3/3 round to x
   and a subnormal x stay x: no small-x branch. */
#define EW_VE_PRE_TANH(xf) _mm512_mul_ps(_mm512_min_ps(EW_VX_FABS(xf), _mm512_set1_ps(10.0f)), _mm512_set1_ps(2.0f))
#define EW_VE_B_TANH(ad, y, neg) \
    EW_VX_EXPM1(ad, y##m); \
    EW_VE_INV3(_mm512_add_pd(y##m, _mm512_set1_pd(2.0)), y##i); \
    const __m512d y = _mm512_mul_pd(y##m, y##i)
static inline float ew_ve_tanh_ref(float x) { return (float)tanhl((long double)x); }
EW_VE_BLOCK(ew_ve_tanhf, EW_VE_NOTNAN, EW_VE_PRE_TANH, EW_VE_B_TANH, EW_VX_FSIGN, 14, ew_ve_tanh_ref)

/* ---- sigmoid = s = 1 / (1 + e), e = e^-a, a = |x| clamped to 100 (in float lanes), times e
   where x < 0: e^-a from vexp.h's table and polynomial, its reduction written for -a (r' = -r,
   so the polynomial's odd terms change sign).  x > -87.33 (a normal float result); below, the
   reference gives torch's 0 where its e^-x overflows float (x < -88.72), the correctly rounded
   subnormal above; +inf: 1. */
#define EW_VE_PRE_SIGMOID(xf) _mm512_min_ps(EW_VX_FABS(xf), _mm512_set1_ps(100.0f))
#define EW_VE_B_SIGMOID(ad, y, neg) \
    const __m512d y##kd = _mm512_fnmadd_pd((ad), _mm512_set1_pd(0x1.71547652b82fep+4), _mm512_set1_pd(0x1.8p52)); \
    const __m512d y##r = _mm512_fmadd_pd(_mm512_sub_pd(y##kd, _mm512_set1_pd(0x1.8p52)), _mm512_set1_pd(0x1.62e42fefa39efp-5), (ad)); \
    EW_VX_TABLE(y##kd, y##t); \
    const __m512d y##r2 = _mm512_mul_pd(y##r, y##r); \
    const __m512d y##a = _mm512_fnmadd_pd(y##r, _mm512_set1_pd(0x1.555555552549dp-3), _mm512_set1_pd(0x1.ffffffff57d7ap-2)); \
    const __m512d y##b = _mm512_fnmadd_pd(y##r, _mm512_set1_pd(0x1.1111d90669f41p-7), _mm512_set1_pd(0x1.5556b342d640ep-5)); \
    const __m512d y##q = _mm512_fmsub_pd(y##r2, _mm512_fmadd_pd(y##r2, y##b, y##a), y##r); \
    const __m512d y##e = _mm512_fmadd_pd(y##t, y##q, y##t); \
    EW_VE_INV3(_mm512_add_pd(y##e, _mm512_set1_pd(1.0)), y##s); \
    const __m512d y = _mm512_mask_mul_pd(y##s, (neg), y##s, y##e)
#define EW_VE_IN_SIGMOID(xf) _mm512_cmp_ps_mask((xf), _mm512_set1_ps(-87.33f), _CMP_GT_OQ)
EW_VE_BLOCK(ew_ve_sigmoidf, EW_VE_IN_SIGMOID, EW_VE_PRE_SIGMOID, EW_VE_B_SIGMOID, EW_VX_ID2, 12, ew_vsigmoid_ref)

/* the ops' blocks: AVX-512, or where the CPU has none the AVX2 blocks of vmath.h */
EW_TARGET_F16C void ew_ve_tanhf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) ew_ve_tanhf_512(o, x, n);
    else ew_vtanhf_block(o, x, n);
}
EW_TARGET_F16C void ew_ve_sigmoidf_block(float *o, const float *x, int64_t n) {
    if (ew_use_avx512()) ew_ve_sigmoidf_512(o, x, n);
    else ew_vsigmoidf_block(o, x, n);
}
#endif
