/* Hand-written AVX2 lane loops for the reductions' folds (ops.yaml `block:`, called by the AVX2
   flavour of codegen/templates/reduce.c.j2's <name>_lanes).  Each updates the fold's L lanes
   (128 bytes of accumulators; 64 lanes for one-byte ones) with cn more elements (a multiple of
   L), lane j taking elements j, L + j, ..., exactly as the reduction's `combine` does it lane by
   lane in the portable flavour: both flavours give the same bits.  gcc's own vectorisation of
   those loops is slower: it loads 8 floats and extracts the upper half for the double
   conversion of a float32 sum (a shuffle per 4 elements on the port the conversion needs), and
   it does not vectorise a double or int64 select at all. */
#ifdef EW_HAVE_F16C_PATH
/* sum of float32 in double: acc + (double)x */
EW_TARGET_AVX2_NOFMA static inline void ew_rsum_f32_f64(double *restrict lane, const float *restrict in, int64_t cn) {
    __m256d a0 = _mm256_loadu_pd(lane), a1 = _mm256_loadu_pd(lane + 4);
    __m256d a2 = _mm256_loadu_pd(lane + 8), a3 = _mm256_loadu_pd(lane + 12);
    for (int64_t c = 0; c < cn; c += 16) {
        a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(_mm_loadu_ps(in + c)));
        a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(_mm_loadu_ps(in + c + 4)));
        a2 = _mm256_add_pd(a2, _mm256_cvtps_pd(_mm_loadu_ps(in + c + 8)));
        a3 = _mm256_add_pd(a3, _mm256_cvtps_pd(_mm_loadu_ps(in + c + 12)));
    }
    _mm256_storeu_pd(lane, a0); _mm256_storeu_pd(lane + 4, a1);
    _mm256_storeu_pd(lane + 8, a2); _mm256_storeu_pd(lane + 12, a3);
}

/* nansum of float32 in double: acc + (isnan(x) ? 0 : x), the NaNs masked to +0 before the add */
EW_TARGET_AVX2_NOFMA static inline void ew_rnansum_f32_f64(double *restrict lane, const float *restrict in, int64_t cn) {
    __m256d a0 = _mm256_loadu_pd(lane), a1 = _mm256_loadu_pd(lane + 4);
    __m256d a2 = _mm256_loadu_pd(lane + 8), a3 = _mm256_loadu_pd(lane + 12);
#define EW_NANZ(v) _mm256_andnot_pd(_mm256_cmp_pd((v), (v), _CMP_UNORD_Q), (v))
    for (int64_t c = 0; c < cn; c += 16) {
        __m256d x0 = _mm256_cvtps_pd(_mm_loadu_ps(in + c)), x1 = _mm256_cvtps_pd(_mm_loadu_ps(in + c + 4));
        __m256d x2 = _mm256_cvtps_pd(_mm_loadu_ps(in + c + 8)), x3 = _mm256_cvtps_pd(_mm_loadu_ps(in + c + 12));
        a0 = _mm256_add_pd(a0, EW_NANZ(x0)); a1 = _mm256_add_pd(a1, EW_NANZ(x1));
        a2 = _mm256_add_pd(a2, EW_NANZ(x2)); a3 = _mm256_add_pd(a3, EW_NANZ(x3));
    }
#undef EW_NANZ
    _mm256_storeu_pd(lane, a0); _mm256_storeu_pd(lane + 4, a1);
    _mm256_storeu_pd(lane + 8, a2); _mm256_storeu_pd(lane + 12, a3);
}

/* amax / amin with NaN propagation: ((x > acc) | isnan(x)) ? x : acc.  max_ps(x, acc) is
   x > acc ? x : acc (acc when either is NaN, acc's zero when both are zeros), so a lane ends as
   its last NaN if it met one (a NaN acc stays: max_ps keeps it), else max_ps's result.  The
   loop runs max_ps alone and notes whether any x was NaN (a blend per vector cost 10-25% at
   memory speed); only then is the run folded again from the incoming lanes with the last NaN
   tracked apart (n) and put in at the end. */
#define EW_RMINMAX(NAME, T, V, W, LOAD, STORE, OP, UNORD, UNORD2, OR, ANY, BLEND)                  \
EW_TARGET_AVX2_NOFMA static inline void NAME(T *restrict lane, const T *restrict in, int64_t cn) { \
    V a0 = LOAD(lane), a1 = LOAD(lane + W), a2 = LOAD(lane + 2 * W), a3 = LOAD(lane + 3 * W);      \
    V n0 = UNORD2(a0, a0), n1 = n0;                                                                 \
    for (int64_t c = 0; c < cn; c += 4 * W) {                                                       \
        V x0 = LOAD(in + c), x1 = LOAD(in + c + W), x2 = LOAD(in + c + 2 * W), x3 = LOAD(in + c + 3 * W); \
        __asm__("" : "+x"(x0), "+x"(x1), "+x"(x2), "+x"(x3));  /* keep gcc from loading each twice */ \
        a0 = OP(x0, a0); a1 = OP(x1, a1); a2 = OP(x2, a2); a3 = OP(x3, a3);                         \
        n0 = OR(n0, UNORD2(x0, x1)); n1 = OR(n1, UNORD2(x2, x3));                                   \
    }                                                                                               \
    if (ANY(OR(n0, n1))) {                                                                          \
        a0 = LOAD(lane), a1 = LOAD(lane + W), a2 = LOAD(lane + 2 * W), a3 = LOAD(lane + 3 * W);     \
        V m0 = a0, m1 = a1, m2 = a2, m3 = a3;        /* NaN only where x was one */               \
        for (int64_t c = 0; c < cn; c += 4 * W) {                                                   \
            V x0 = LOAD(in + c), x1 = LOAD(in + c + W), x2 = LOAD(in + c + 2 * W), x3 = LOAD(in + c + 3 * W); \
            a0 = OP(x0, a0); a1 = OP(x1, a1); a2 = OP(x2, a2); a3 = OP(x3, a3);                     \
            m0 = BLEND(m0, x0, UNORD(x0)); m1 = BLEND(m1, x1, UNORD(x1));                           \
            m2 = BLEND(m2, x2, UNORD(x2)); m3 = BLEND(m3, x3, UNORD(x3));                           \
        }                                                                                           \
        /* where a NaN came in x, m holds the last; elsewhere m is the incoming lane (NaN or     \
           not), and then a is right (a NaN lane stayed NaN through OP) */                         \
        a0 = BLEND(a0, m0, UNORD(m0)); a1 = BLEND(a1, m1, UNORD(m1));                               \
        a2 = BLEND(a2, m2, UNORD(m2)); a3 = BLEND(a3, m3, UNORD(m3));                               \
    }                                                                                               \
    STORE(lane, a0); STORE(lane + W, a1); STORE(lane + 2 * W, a2); STORE(lane + 3 * W, a3);         \
}
#define EW_UNORD_PS(x) _mm256_cmp_ps((x), (x), _CMP_UNORD_Q)
#define EW_UNORD_PD(x) _mm256_cmp_pd((x), (x), _CMP_UNORD_Q)
#define EW_UNORD2_PS(a, b) _mm256_cmp_ps((a), (b), _CMP_UNORD_Q)
#define EW_UNORD2_PD(a, b) _mm256_cmp_pd((a), (b), _CMP_UNORD_Q)
#define EW_ANY_PS(m) _mm256_movemask_ps(m)
#define EW_ANY_PD(m) _mm256_movemask_pd(m)
EW_RMINMAX(ew_rmax_f32, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_max_ps, EW_UNORD_PS, EW_UNORD2_PS,
           _mm256_or_ps, EW_ANY_PS, _mm256_blendv_ps)
EW_RMINMAX(ew_rmin_f32, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_min_ps, EW_UNORD_PS, EW_UNORD2_PS,
           _mm256_or_ps, EW_ANY_PS, _mm256_blendv_ps)
EW_RMINMAX(ew_rmax_f64, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_max_pd, EW_UNORD_PD, EW_UNORD2_PD,
           _mm256_or_pd, EW_ANY_PD, _mm256_blendv_pd)
EW_RMINMAX(ew_rmin_f64, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_min_pd, EW_UNORD_PD, EW_UNORD2_PD,
           _mm256_or_pd, EW_ANY_PD, _mm256_blendv_pd)

/* int64 max / min: x > acc ? x : acc (AVX2 has no 64-bit max: a compare and a blend) */
#define EW_LOAD_SI(p) _mm256_loadu_si256((const __m256i *)(p))
#define EW_STORE_SI(p, v) _mm256_storeu_si256((__m256i *)(p), (v))
#define EW_MAX_I64(x, a) _mm256_blendv_epi8((a), (x), _mm256_cmpgt_epi64((x), (a)))
#define EW_MIN_I64(x, a) _mm256_blendv_epi8((a), (x), _mm256_cmpgt_epi64((a), (x)))
#define EW_NO_NAN(x) _mm256_setzero_si256()
#define EW_NO_NAN2(a, b) _mm256_setzero_si256()
#define EW_NONE(m) ((void)(m), 0)
EW_RMINMAX(ew_rmax_i64, int64_t, __m256i, 4, EW_LOAD_SI, EW_STORE_SI, EW_MAX_I64, EW_NO_NAN, EW_NO_NAN2, _mm256_or_si256,
           EW_NONE, _mm256_blendv_epi8)
EW_RMINMAX(ew_rmin_i64, int64_t, __m256i, 4, EW_LOAD_SI, EW_STORE_SI, EW_MIN_I64, EW_NO_NAN, EW_NO_NAN2, _mm256_or_si256,
           EW_NONE, _mm256_blendv_epi8)

/* all / any of one-byte elements into 0/1 lanes: acc & (x != 0), acc | (x != 0) */
EW_TARGET_AVX2_NOFMA static inline void ew_rall_u8(uint8_t *restrict lane, const uint8_t *restrict in, int64_t cn) {
    const __m256i z = _mm256_setzero_si256();
    __m256i a0 = EW_LOAD_SI(lane), a1 = EW_LOAD_SI(lane + 32);
    for (int64_t c = 0; c < cn; c += 64) {
        a0 = _mm256_andnot_si256(_mm256_cmpeq_epi8(EW_LOAD_SI(in + c), z), a0);
        a1 = _mm256_andnot_si256(_mm256_cmpeq_epi8(EW_LOAD_SI(in + c + 32), z), a1);
    }
    EW_STORE_SI(lane, a0); EW_STORE_SI(lane + 32, a1);
}
EW_TARGET_AVX2_NOFMA static inline void ew_rany_u8(uint8_t *restrict lane, const uint8_t *restrict in, int64_t cn) {
    const __m256i one = _mm256_set1_epi8(1);
    __m256i a0 = EW_LOAD_SI(lane), a1 = EW_LOAD_SI(lane + 32);
    for (int64_t c = 0; c < cn; c += 64) {
        a0 = _mm256_max_epu8(a0, _mm256_min_epu8(EW_LOAD_SI(in + c), one));
        a1 = _mm256_max_epu8(a1, _mm256_min_epu8(EW_LOAD_SI(in + c + 32), one));
    }
    EW_STORE_SI(lane, a0); EW_STORE_SI(lane + 32, a1);
}

/* argmax / argmin: the index in [0, n) of the first element better than `cur` (-1: none; when
   !have, of the first best element), where better is ops.yaml's (x > acc) | (isnan(x) &
   !isnan(acc)) (argmin: <).  That answer is unique (the first best element), so any way of
   finding it gives the portable fold's bits.  Pass 1 finds the best value (max_ps over the
   non-NaN elements and a NaN flag), pass 2, only when it beats cur, its first index: on random
   data the best value rarely improves, so this runs at amax's speed.  Called on L1-sized runs. */
#define EW_RARG(NAME, T, V, W, LOAD, STORE, SET1, ZERO, OR, OP, CMPGT, UNORD, EQ, MOVEMASK)                 \
EW_TARGET_AVX2_NOFMA static inline int64_t NAME(const T *restrict in, int64_t n, T cur, int have) {   \
    V a0 = SET1(in[0]), a1 = a0, nan = ZERO();                                                          \
    int64_t i = 0;                                                                                        \
    for (; i + 2 * W <= n; i += 2 * W) {                                                                  \
        V x0 = LOAD(in + i), x1 = LOAD(in + i + W);                                                       \
        a0 = OP(x0, a0); a1 = OP(x1, a1);                                                                 \
        nan = OR(nan, UNORD(x0, x1));                                                                         \
    }                                                                                                     \
    T t[W], m;                                                                                            \
    STORE(t, OP(a0, a1));                                                                                 \
    m = t[0];                                                                                             \
    for (int j = 1; j < W; j++) m = CMPGT(t[j], m) ? t[j] : m;                                            \
    int isnan_ = MOVEMASK(nan) != 0;                                                                      \
    for (; i < n; i++) {                                                                                  \
        if (in[i] != in[i]) isnan_ = 1;                                                                   \
        else if (CMPGT(in[i], m)) m = in[i];                                                              \
    }                                                                                                     \
    if (isnan_) {                                  /* the first NaN, unless cur is one */               \
        if (have && cur != cur) return -1;                                                                \
        for (i = 0; i < n; i++) if (in[i] != in[i]) return i;                                             \
    }                                                                                                     \
    if (have && !CMPGT(m, cur)) return -1;                                                                \
    const V mv = SET1(m);                                                                                 \
    for (i = 0; i + W <= n; i += W) {                                                                     \
        int bits = MOVEMASK(EQ(LOAD(in + i), mv));                                                        \
        if (bits) return i + __builtin_ctz(bits);                                                         \
    }                                                                                                     \
    for (; i < n; i++) if (in[i] == m) return i;                                                          \
    return -1;                                                                                            \
}
#define EW_GT(a, b) ((a) > (b))
#define EW_LT(a, b) ((a) < (b))
#define EW_EQ_PS(a, b) _mm256_cmp_ps((a), (b), _CMP_EQ_OQ)
#define EW_EQ_PD(a, b) _mm256_cmp_pd((a), (b), _CMP_EQ_OQ)
EW_RARG(ew_rargmax_f32, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps, _mm256_setzero_ps, _mm256_or_ps,
        _mm256_max_ps, EW_GT, EW_UNORD2_PS, EW_EQ_PS, _mm256_movemask_ps)
EW_RARG(ew_rargmin_f32, float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps, _mm256_setzero_ps, _mm256_or_ps,
        _mm256_min_ps, EW_LT, EW_UNORD2_PS, EW_EQ_PS, _mm256_movemask_ps)
EW_RARG(ew_rargmax_f64, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_set1_pd, _mm256_setzero_pd, _mm256_or_pd,
        _mm256_max_pd, EW_GT, EW_UNORD2_PD, EW_EQ_PD, _mm256_movemask_pd)
EW_RARG(ew_rargmin_f64, double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_set1_pd, _mm256_setzero_pd, _mm256_or_pd,
        _mm256_min_pd, EW_LT, EW_UNORD2_PD, EW_EQ_PD, _mm256_movemask_pd)
#endif
