/* Chunk folds of the reductions with a `state` (ops.yaml `chunk:`, called by
   codegen/templates/reduce.c.j2's statefold on contiguous input): each folds EW_CHUNK elements at
   once into a fresh state, in place of the element-by-element `combine` (Welford's division per
   element, logsumexp's exp and branches per element kept those at a fraction of torch's speed).
   Plain C over a fixed number of lanes, rendered twice by EW_CHUNK_FLAVOURS: NAME (portable, SSE2)
   and NAME_avx2 (AVX2, no FMA), which gcc vectorises alike, each lane's sums in the same order: the
   same bits.  no-trapping-math lets gcc turn their selects into blends (the values are the same).  A fold may decline (return
   0) where the per-element combine is needed for torch's special values; the caller then runs it.
   The state is read as the doubles (or floats) its ops.yaml `state:` declares, in that order. */
#define EW_CHUNK 1024          /* elements per chunk: 4 KB of float32, in L1 for a second pass */
#define EW_CL 16                /* lanes: 4 AVX2 vectors of doubles, their add latencies overlapped */
#define EW_CHUNK_OPT __attribute__((optimize("no-trapping-math"), unused))
#ifdef EW_HAVE_F16C_PATH
#define EW_CHUNK_FLAVOURS(GEN, NAME, ...) GEN(NAME, , __VA_ARGS__) GEN(NAME##_avx2, EW_TARGET_AVX2_NOFMA, __VA_ARGS__)
#else
#define EW_CHUNK_FLAVOURS(GEN, NAME, ...) GEN(NAME, , __VA_ARGS__)
#endif

/* the n lanes added pairwise (a fixed tree) */
EW_CHUNK_OPT static inline double ew_chunk_total_n(double *a, int n) {
    for (int w = n / 2; w > 0; w /= 2)
        for (int j = 0; j < w; j++) a[j] += a[j + w];
    return a[0];
}
EW_CHUNK_OPT static inline double ew_chunk_total(double *a) { return ew_chunk_total_n(a, EW_CL); }

/* var / std (state: mean, m2, n in double): the chunk's mean, then the sum of squared deviations
   from it (two passes over 1-2 KB in L1: more accurate than Welford's running mean, and no
   division per element); chunks merge by Chan's formula (the `join`) */
#define EW_CVAR(NAME, ATTR, T)                                                                \
ATTR EW_CHUNK_OPT static int NAME(void *st, const T *restrict in) {                                      \
    double a[EW_CL] = {0}, b[EW_CL] = {0};                                                    \
    for (int c = 0; c < EW_CHUNK; c += EW_CL)                                                 \
        for (int j = 0; j < EW_CL; j++) a[j] += (double)in[c + j];                            \
    const double mean = ew_chunk_total(a) / EW_CHUNK;                                         \
    for (int c = 0; c < EW_CHUNK; c += EW_CL)                                                 \
        for (int j = 0; j < EW_CL; j++) { double d = (double)in[c + j] - mean; b[j] += d * d; } \
    double *s = st;                                                                           \
    s[0] = mean; s[1] = ew_chunk_total(b); s[2] = EW_CHUNK;                                   \
    return 1;                                                                                 \
}
EW_CHUNK_FLAVOURS(EW_CVAR, ew_cvar_f32, float)
EW_CHUNK_FLAVOURS(EW_CVAR, ew_cvar_f64, double)

/* the 2-norm's sum of squares, the 1-norm's sum of |x| (state: s in double), in 32 lanes: the
   adds of a lane are a chain, and 16 lanes left the loop bound by their latency */
#define EW_NL 32
#define EW_CNORM(NAME, ATTR, TERM)                                                            \
ATTR EW_CHUNK_OPT static int NAME(void *st, const float *restrict in) {                       \
    double a[EW_NL] = {0};                                                                    \
    for (int c = 0; c < EW_CHUNK; c += EW_NL)                                                 \
        for (int j = 0; j < EW_NL; j++) { double x = in[c + j]; a[j] += TERM; }               \
    *(double *)st = ew_chunk_total_n(a, EW_NL);                                               \
    return 1;                                                                                 \
}
EW_CNORM(ew_cnorm2_f32, , x * x)
EW_CNORM(ew_cnorm1_f32, , fabs(x))
#ifdef EW_HAVE_F16C_PATH
/* by hand: gcc loads 8 floats and extracts the upper half for each conversion (half the speed);
   the AVX2 flavour runs the AVX-512 twin (4 vectors of 8 lanes) where ew_red_avx512() allows */
/* STEP4/STEP8(a, x) add a lane's term.  The 2-norm's is an FMA: a float's square is exact in
   double, so fma(x, x, a) rounds once, as a + x * x does (the portable loop's bits, an
   instruction fewer per vector). */
#define EW_CNORM_AVX2(NAME, STEP4, STEP8)                                                     \
__attribute__((target("avx512f,avx512dq,avx2,f16c,fma"))) EW_CHUNK_OPT                        \
static int NAME##_512(void *st, const float *restrict in) {                                   \
    const __m512d sign = _mm512_set1_pd(-0.0);                                                \
    __m512d a0 = _mm512_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;                              \
    for (int c = 0; c < EW_CHUNK; c += EW_NL) {                                               \
        EW_PF2(in + c);                  /* the next chunk (csrc/reduce_simd.h's prefetch) */ \
        a0 = STEP8(a0, _mm512_cvtps_pd(_mm256_loadu_ps(in + c)));                             \
        a1 = STEP8(a1, _mm512_cvtps_pd(_mm256_loadu_ps(in + c + 8)));                         \
        a2 = STEP8(a2, _mm512_cvtps_pd(_mm256_loadu_ps(in + c + 16)));                        \
        a3 = STEP8(a3, _mm512_cvtps_pd(_mm256_loadu_ps(in + c + 24)));                        \
    }                                                                                         \
    (void)sign;                                                                               \
    double a[EW_NL];                                                                          \
    _mm512_storeu_pd(a, a0); _mm512_storeu_pd(a + 8, a1);                                     \
    _mm512_storeu_pd(a + 16, a2); _mm512_storeu_pd(a + 24, a3);                               \
    *(double *)st = ew_chunk_total_n(a, EW_NL);                                               \
    return 1;                                                                                 \
}                                                                                             \
EW_TARGET_F16C EW_CHUNK_OPT static int NAME(void *st, const float *restrict in) {             \
    if (ew_red_avx512()) return NAME##_512(st, in);                                           \
    const __m256d sign = _mm256_set1_pd(-0.0);                                                \
    __m256d a[8];                                                                             \
    for (int v = 0; v < 8; v++) a[v] = _mm256_setzero_pd();                                   \
    for (int c = 0; c < EW_CHUNK; c += EW_NL) {                                               \
        EW_PF2(in + c);                                                                       \
        for (int v = 0; v < 8; v++) a[v] = STEP4(a[v], _mm256_cvtps_pd(_mm_loadu_ps(in + c + 4 * v))); \
    }                                                                                         \
    (void)sign;                                                                               \
    double t[EW_NL];                                                                          \
    for (int v = 0; v < 8; v++) _mm256_storeu_pd(t + 4 * v, a[v]);                            \
    *(double *)st = ew_chunk_total_n(t, EW_NL);                                               \
    return 1;                                                                                 \
}
#define EW_SQ4(a, x) _mm256_fmadd_pd((x), (x), (a))
#define EW_SQ8(a, x) _mm512_fmadd_pd((x), (x), (a))
#define EW_ABS4(a, x) _mm256_add_pd((a), _mm256_andnot_pd(sign, (x)))
#define EW_ABS8(a, x) _mm512_add_pd((a), _mm512_andnot_pd(sign, (x)))
EW_CNORM_AVX2(ew_cnorm2_f32_avx2, EW_SQ4, EW_SQ8)
EW_CNORM_AVX2(ew_cnorm1_f32_avx2, EW_ABS4, EW_ABS8)
#endif

/* aminmax (state: lo, hi in T): ops.yaml's combine in 2 * W lanes (a NaN replaces the value),
   the lanes then joined as a tree by the same select.  The AVX2 flavour is the same selects as
   blends (gcc leaves these selects scalar: x != x is a comparison that may trap). */
#define EW_CAMINMAX(NAME, T, W)                                                               \
EW_CHUNK_OPT static int NAME(void *st, const T *restrict in) {                                \
    T lo[2 * W], hi[2 * W];                                                                   \
    for (int j = 0; j < 2 * W; j++) { lo[j] = INFINITY; hi[j] = -INFINITY; }                  \
    for (int c = 0; c < EW_CHUNK; c += 2 * W)                                                 \
        for (int j = 0; j < 2 * W; j++) {                                                     \
            T x = in[c + j];                                                                  \
            lo[j] = ((x < lo[j]) | (x != x)) ? x : lo[j];                                     \
            hi[j] = ((x > hi[j]) | (x != x)) ? x : hi[j];                                     \
        }                                                                                     \
    return ew_caminmax_join_##T(st, lo, hi, 2 * W);                                           \
}
#define EW_CAMINMAX_JOIN(T)                                                                   \
static inline int ew_caminmax_join_##T(void *st, T *lo, T *hi, int l) {                       \
    for (int w = l / 2; w > 0; w /= 2)                                                        \
        for (int j = 0; j < w; j++) {                                                         \
            lo[j] = ((lo[j + w] < lo[j]) | (lo[j + w] != lo[j + w])) ? lo[j + w] : lo[j];     \
            hi[j] = ((hi[j + w] > hi[j]) | (hi[j + w] != hi[j + w])) ? hi[j + w] : hi[j];     \
        }                                                                                     \
    T *s = st;                                                                                \
    s[0] = lo[0]; s[1] = hi[0];                                                               \
    return 1;                                                                                 \
}
EW_CAMINMAX_JOIN(float)
EW_CAMINMAX_JOIN(double)
EW_CAMINMAX(ew_caminmax_f32, float, 8)
EW_CAMINMAX(ew_caminmax_f64, double, 4)
#ifdef EW_HAVE_F16C_PATH
/* lanes j + w joined into lanes j for w = 4, 2, 1 (8 floats) or 2, 1 (4 doubles), as the tree */
#define EW_FOLD8_PS(l, h, MIN, MAX) do {                                                      \
    l = MIN(_mm256_permute2f128_ps(l, l, 1), l); h = MAX(_mm256_permute2f128_ps(h, h, 1), h); \
    l = MIN(_mm256_permute_ps(l, 0xEE), l); h = MAX(_mm256_permute_ps(h, 0xEE), h);           \
    l = MIN(_mm256_permute_ps(l, 0x55), l); h = MAX(_mm256_permute_ps(h, 0x55), h);           \
} while (0)
#define EW_FOLD4_PD(l, h, MIN, MAX) do {                                                      \
    l = MIN(_mm256_permute2f128_pd(l, l, 1), l); h = MAX(_mm256_permute2f128_pd(h, h, 1), h); \
    l = MIN(_mm256_permute_pd(l, 0x5), l); h = MAX(_mm256_permute_pd(h, 0x5), h);             \
} while (0)
#define EW_CAMINMAX_AVX2(NAME, T, W, V, LOAD, STORE, SET1, CMP, OR, BLEND, MIN, MAX, MOVEMASK, FOLD, CVT) \
EW_TARGET_AVX2_NOFMA EW_CHUNK_OPT static int NAME(void *st, const T *restrict in) {           \
    V l0 = SET1(INFINITY), l1 = l0, h0 = SET1(-INFINITY), h1 = h0, nan = SET1(0);             \
    /* min(x, lo) is x < lo ? x : lo: the combine unless x is NaN; a chunk with a NaN is folded \
       again with the blends */                                                               \
    for (int c = 0; c < EW_CHUNK; c += 2 * W) {                                               \
        V x0 = LOAD(in + c), x1 = LOAD(in + c + W);                                           \
        l0 = MIN(x0, l0); l1 = MIN(x1, l1); h0 = MAX(x0, h0); h1 = MAX(x1, h1);               \
        nan = OR(nan, CMP(x0, x1, _CMP_UNORD_Q));                                             \
    }                                                                                         \
    T *s = st;                                                                                \
    if (!MOVEMASK(nan)) {     /* no NaN: the tree of selects is a tree of min / max */        \
        l0 = MIN(l1, l0); h0 = MAX(h1, h0);                                                   \
        FOLD(l0, h0, MIN, MAX);                                                               \
        s[0] = CVT(l0); s[1] = CVT(h0);                                                       \
        return 1;                                                                             \
    }                                                                                         \
    l0 = SET1(INFINITY), l1 = l0, h0 = SET1(-INFINITY), h1 = h0;                              \
    for (int c = 0; c < EW_CHUNK; c += 2 * W) {                                               \
        V x0 = LOAD(in + c), x1 = LOAD(in + c + W);                                           \
        V n0 = CMP(x0, x0, _CMP_UNORD_Q), n1 = CMP(x1, x1, _CMP_UNORD_Q);                     \
        l0 = BLEND(l0, x0, OR(CMP(x0, l0, _CMP_LT_OQ), n0));                                  \
        l1 = BLEND(l1, x1, OR(CMP(x1, l1, _CMP_LT_OQ), n1));                                  \
        h0 = BLEND(h0, x0, OR(CMP(x0, h0, _CMP_GT_OQ), n0));                                  \
        h1 = BLEND(h1, x1, OR(CMP(x1, h1, _CMP_GT_OQ), n1));                                  \
    }                                                                                         \
    T lo[2 * W], hi[2 * W];                                                                   \
    STORE(lo, l0); STORE(lo + W, l1); STORE(hi, h0); STORE(hi + W, h1);                       \
    return ew_caminmax_join_##T(st, lo, hi, 2 * W);                                           \
}
EW_CAMINMAX_AVX2(ew_caminmax_f32_avx2, float, 8, __m256, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps,
                 _mm256_cmp_ps, _mm256_or_ps, _mm256_blendv_ps, _mm256_min_ps, _mm256_max_ps, _mm256_movemask_ps,
                 EW_FOLD8_PS, _mm256_cvtss_f32)
EW_CAMINMAX_AVX2(ew_caminmax_f64_avx2, double, 4, __m256d, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_set1_pd,
                 _mm256_cmp_pd, _mm256_or_pd, _mm256_blendv_pd, _mm256_min_pd, _mm256_max_pd, _mm256_movemask_pd,
                 EW_FOLD4_PD, _mm256_cvtsd_f64)
#endif

/* exp(t) for t <= 0 (0 below -708, where it cannot change a sum that holds exp(0) = 1): k = t / ln 2
   rounded by the 1.5 * 2^52 shift, r = t - k ln 2 (Cody-Waite, fdlibm's split of ln 2), exp(r)
   by its Taylor series to degree 13 (|r| <= ln(2)/2: truncation below 1e-17), times 2^k built in
   the exponent bits.  Branch-free, so gcc vectorises it; within ~2 double ulps, far below a
   float32 result's rounding. */
EW_CHUNK_OPT static inline double ew_exp_le0(double t) {
    const double shift = 0x1.8p52;
    double tc = t > -708.0 ? t : -708.0;
    double kd = tc * 0x1.71547652b82fep0 + shift;
    double k = kd - shift;
    double r = (tc - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
    double p = 1.0 / 6227020800.0;
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    uint64_t kb, sb, vb;
    memcpy(&kb, &kd, 8);
    sb = (kb - 0x4338000000000000ULL + 1023) << 52;      /* k's bits below the shift's, biased */
    double scale, v;
    memcpy(&scale, &sb, 8);
    v = p * scale;
    memcpy(&vb, &v, 8);
    vb &= -(uint64_t)(t >= -708.0);      /* (a mask, not a branch: gcc vectorises it) */
    memcpy(&v, &vb, 8);
    return v;
}

/* logsumexp of float32 (state: m, s in double, the value log(s) + m): the chunk's max, then the
   sum of exp(x - max) in double lanes.  Declines a chunk with a NaN or an infinity (torch's rules
   for those: the per-element combine). */
#define EW_CLSE(NAME, ATTR, _)                                                       \
ATTR EW_CHUNK_OPT static int NAME(void *st, const float *restrict in) {              \
    float mx[EW_CL], bad[EW_CL];                                                     \
    for (int j = 0; j < EW_CL; j++) { mx[j] = -INFINITY; bad[j] = 0; }               \
    for (int c = 0; c < EW_CHUNK; c += EW_CL)                                        \
        for (int j = 0; j < EW_CL; j++) {                                            \
            float x = in[c + j];                                                     \
            mx[j] = x > mx[j] ? x : mx[j];                                           \
            bad[j] += x - x;           /* NaN where x is NaN or infinite */          \
        }                                                                            \
    float m = mx[0], nb = bad[0];                                                    \
    for (int j = 1; j < EW_CL; j++) { m = mx[j] > m ? mx[j] : m; nb += bad[j]; }     \
    if (nb != nb || m == INFINITY || m == -INFINITY) return 0;                       \
    double a[EW_CL] = {0};                                                           \
    const double md = m;                                                             \
    for (int c = 0; c < EW_CHUNK; c += EW_CL)                                        \
        for (int j = 0; j < EW_CL; j++) a[j] += ew_exp_le0((double)in[c + j] - md);  \
    double *s = st;                                                                  \
    s[0] = md; s[1] = ew_chunk_total(a);                                             \
    return 1;                                                                        \
}
EW_CHUNK_FLAVOURS(EW_CLSE, ew_clse_f32, 0)
