/* Hand-written AVX2 lane loops for the reductions' folds (ops.yaml `block:`, called by the AVX2
   flavour of codegen/templates/reduce.c.j2's <name>_lanes).  Each updates the fold's L lanes
   (128 bytes of accumulators; 64 lanes for one-byte ones) with cn more elements (a multiple of
   L), lane j taking elements j, L + j, ..., exactly as the reduction's `combine` does it lane by
   lane in the portable flavour: both flavours give the same bits.  gcc's own vectorisation of
   those loops is slower: it loads 8 floats and extracts the upper half for the double
   conversion of a float32 sum (a shuffle per 4 elements on the port the conversion needs), and
   it does not vectorise a double or int64 select at all.  Every block NAME has an AVX-512 twin
   NAME_512 (the same lanes in wider vectors: the same bits), which the AVX2 flavour calls where
   ew_red_avx512() says the CPU has it: fewer instructions per element kept these loops at memory
   speed while other processes shared the core. */
#ifdef EW_HAVE_F16C_PATH
/* Where the CPU has AVX-512 (and the environment has no EW_NO_AVX512, as for vmath.h's blocks),
   a block runs its AVX-512 twin: the same lanes in vectors of 8 doubles or 16 floats, the same
   bits.  No FMA in either (a contracted multiply-add would round differently from the portable
   loop). */
#include <stdlib.h>
#define EW_TARGET_AVX512_NOFMA __attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,avx2,f16c")))
static inline int ew_red_avx512(void) {
    static int v = -1;
    if (v < 0)
        v = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
            __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") && !getenv("EW_NO_AVX512");
    return v;
}

/* Software prefetch, two per 64-byte line (EW_PF2: the two lines of a 128-byte step): into L2
   EW_RED_PF bytes ahead, into L1 EW_RED_PF0 bytes ahead.  With the input in DRAM (10M floats,
   read once) the hardware prefetcher alone left the double-lane sum at 8-9 GB/s, 25-35% behind a
   float loop with fewer micro-ops per line: the out-of-order window then holds fewer lines in
   flight.  One prefetcht0 4 KB ahead (branch red18c) closed most of that gap; the L1's fill
   buffers still capped the lines in flight.  A prefetcht1 16 KB ahead uses the L2's larger
   queue, and the prefetcht0 1 KB ahead moves the line on to L1 before the load: in a C model
   from DRAM (5 inputs of 40 MB in turn) the double-lane sum went from 3.25 to 2.77 ms median,
   the float loop's 2.65 (benchmarks/results.md, branch red18d).  A prefetch never faults, so
   reading past the end is harmless, and it changes no bits. */
#define EW_RED_PF 16384
#define EW_RED_PF0 1024
#define EW_PF1(p) (_mm_prefetch((const char *)(p) + EW_RED_PF, _MM_HINT_T1), \
                   _mm_prefetch((const char *)(p) + EW_RED_PF0, _MM_HINT_T0))
#define EW_PF2(p) (EW_PF1(p), EW_PF1((const char *)(p) + 64))
/* The row walk (sum(dim=0): codegen/templates/reduce.c.j2's _rows) reads 16 rows side by side, 128
   bytes of each per step: 16 streams, which the hardware prefetcher follows less well.  A
   prefetch 512 bytes ahead in each row made that walk 15% faster from DRAM in a C model (256 to
   768 bytes did about as well; 4 KB, the lane loops' distance on branch red18c, gained
   nothing here). */
#define EW_RED_ROWPF 512
#define EW_ROWPF(p) _mm_prefetch((const char *)(p) + EW_RED_ROWPF, _MM_HINT_T0)

/* sum of float32 in double, 32 lanes (codegen/reduce.py's _lanes): acc + (double)x.  With
   nan = 1, nansum's acc + (isnan(x) ? 0 : x): the NaNs masked to +0 before the add. */
#define EW_NANZ512(v) _mm512_maskz_mov_pd(_mm512_cmp_pd_mask((v), (v), _CMP_ORD_Q), (v))
#define EW_NANZ256(v) _mm256_andnot_pd(_mm256_cmp_pd((v), (v), _CMP_UNORD_Q), (v))
#define EW_ID(v) (v)
/* the loop on lanes held in registers a[0..3] (8 doubles each), shared with the whole-run fold below */
EW_TARGET_AVX512_NOFMA static inline void ew_rsum32_loop512(__m512d *a, const float *restrict in, int64_t cn, int nan) {
    __m512d a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
#define EW_STEP(F)                                                                                   \
    for (int64_t c = 0; c < cn; c += 32) {                                                           \
        EW_PF2(in + c);                                                                              \
        a0 = _mm512_add_pd(a0, F(_mm512_cvtps_pd(_mm256_loadu_ps(in + c))));                        \
        a1 = _mm512_add_pd(a1, F(_mm512_cvtps_pd(_mm256_loadu_ps(in + c + 8))));                    \
        a2 = _mm512_add_pd(a2, F(_mm512_cvtps_pd(_mm256_loadu_ps(in + c + 16))));                   \
        a3 = _mm512_add_pd(a3, F(_mm512_cvtps_pd(_mm256_loadu_ps(in + c + 24))));                   \
    }
    if (nan) { EW_STEP(EW_NANZ512) } else { EW_STEP(EW_ID) }
#undef EW_STEP
    a[0] = a0; a[1] = a1; a[2] = a2; a[3] = a3;
}
EW_TARGET_AVX512_NOFMA static inline void ew_rsum32_512(double *restrict lane, const float *restrict in, int64_t cn, int nan) {
    __m512d a[4];
    for (int v = 0; v < 4; v++) a[v] = _mm512_loadu_pd(lane + 8 * v);
    ew_rsum32_loop512(a, in, cn, nan);
    for (int v = 0; v < 4; v++) _mm512_storeu_pd(lane + 8 * v, a[v]);
}
/* AVX2: the 32 lanes in 8 vectors of 4 (16 registers: no spills) */
EW_TARGET_AVX2_NOFMA static inline void ew_rsum32_avx2(double *restrict lane, const float *restrict in, int64_t cn, int nan) {
    __m256d a[8];
    for (int v = 0; v < 8; v++) a[v] = _mm256_loadu_pd(lane + 4 * v);
#define EW_STEP(F)                                                                                   \
    for (int64_t c = 0; c < cn; c += 32) {                                                           \
        EW_PF2(in + c);                                                                              \
        for (int v = 0; v < 8; v++) a[v] = _mm256_add_pd(a[v], F(_mm256_cvtps_pd(_mm_loadu_ps(in + c + 4 * v))));   \
    }
    if (nan) { EW_STEP(EW_NANZ256) } else { EW_STEP(EW_ID) }
#undef EW_STEP
    for (int v = 0; v < 8; v++) _mm256_storeu_pd(lane + 4 * v, a[v]);
}
EW_TARGET_AVX2_NOFMA static inline void ew_rsum_f32_f64(double *restrict lane, const float *restrict in, int64_t cn) {
    ew_rsum32_avx2(lane, in, cn, 0);
}
EW_TARGET_AVX512_NOFMA static inline void ew_rsum_f32_f64_512(double *restrict lane, const float *restrict in, int64_t cn) {
    ew_rsum32_512(lane, in, cn, 0);
}
EW_TARGET_AVX2_NOFMA static inline void ew_rnansum_f32_f64(double *restrict lane, const float *restrict in, int64_t cn) {
    ew_rsum32_avx2(lane, in, cn, 1);
}
EW_TARGET_AVX512_NOFMA static inline void ew_rnansum_f32_f64_512(double *restrict lane, const float *restrict in, int64_t cn) {
    ew_rsum32_512(lane, in, cn, 1);
}

/* A whole run of n >= 32 elements folded as one chunk, in registers (the template's run calls
   NAME_whole_512 where NAME_WHOLE is defined, for a run no longer than a chunk: the rows of a
   sum(dim=1)).  It does what the template's loop does with lanes in memory, op for op: the 32
   lanes from +0, the block's loop over the first n - n mod 32 elements, the last n mod 32
   elements into lanes 0, 1, ... (masked loads and masked adds: the other lanes untouched), then
   the lanes joined pairwise, lane j with lane j + w for w = 16, 8, 4, 2, 1.  Returns lane 0.  The
   same bits; the lanes' stores, the scalar tail and the tree through memory cost ~50 ns a row
   (sum(dim=1) of 3162x3162 took 10% longer than the full sum of the same elements). */
#define ew_rsum_f32_f64_WHOLE 1
#define ew_rnansum_f32_f64_WHOLE 1
EW_TARGET_AVX512_NOFMA static inline double ew_rsum32_whole_512(const float *restrict in, int64_t n, int nan) {
    __m512d a[4];
    for (int v = 0; v < 4; v++) a[v] = _mm512_setzero_pd();
    const int64_t cn = n & ~(int64_t)31;
    ew_rsum32_loop512(a, in, cn, nan);
    const int t = (int)(n - cn);
    for (int v = 0; v < 4 && 8 * v < t; v++) {
        const __mmask8 m = (__mmask8)(t - 8 * v >= 8 ? 0xff : (1u << (t - 8 * v)) - 1);
        __m512d x = _mm512_cvtps_pd(_mm256_maskz_loadu_ps(m, in + cn + 8 * v));
        a[v] = _mm512_mask_add_pd(a[v], m, a[v], nan ? EW_NANZ512(x) : x);
    }
    /* join(lane j, lane j + w): acc + x, nansum's acc + (isnan(x) ? 0 : x) */
    if (nan) for (int v = 2; v < 4; v++) a[v] = EW_NANZ512(a[v]);
    a[0] = _mm512_add_pd(a[0], a[2]);                                       /* w = 16 */
    a[1] = _mm512_add_pd(a[1], a[3]);
    a[0] = _mm512_add_pd(a[0], nan ? EW_NANZ512(a[1]) : a[1]);             /* w = 8 */
    __m256d y = _mm512_castpd512_pd256(a[0]), yh = _mm512_extractf64x4_pd(a[0], 1);
    y = _mm256_add_pd(y, nan ? EW_NANZ256(yh) : yh);                         /* w = 4 */
    __m128d z = _mm256_castpd256_pd128(y), zh = _mm256_extractf128_pd(y, 1);
    z = _mm_add_pd(z, nan ? _mm_andnot_pd(_mm_cmpunord_pd(zh, zh), zh) : zh);  /* w = 2 */
    double l0 = _mm_cvtsd_f64(z), l1 = _mm_cvtsd_f64(_mm_unpackhi_pd(z, z));
    return l0 + (nan && l1 != l1 ? 0 : l1);
}
EW_TARGET_AVX512_NOFMA static inline double ew_rsum_f32_f64_whole_512(const float *restrict in, int64_t n) {
    return ew_rsum32_whole_512(in, n, 0);
}
EW_TARGET_AVX512_NOFMA static inline double ew_rnansum_f32_f64_whole_512(const float *restrict in, int64_t n) {
    return ew_rsum32_whole_512(in, n, 1);
}

/* prod of float32 in float32 (32 lanes: 4 AVX2 or 2 AVX-512 vectors): acc * x */
EW_TARGET_AVX2_NOFMA static inline void ew_rprod_f32(float *restrict lane, const float *restrict in, int64_t cn) {
    __m256 a0 = _mm256_loadu_ps(lane), a1 = _mm256_loadu_ps(lane + 8);
    __m256 a2 = _mm256_loadu_ps(lane + 16), a3 = _mm256_loadu_ps(lane + 24);
    for (int64_t c = 0; c < cn; c += 32) {
        EW_PF2(in + c);
        a0 = _mm256_mul_ps(a0, _mm256_loadu_ps(in + c)); a1 = _mm256_mul_ps(a1, _mm256_loadu_ps(in + c + 8));
        a2 = _mm256_mul_ps(a2, _mm256_loadu_ps(in + c + 16)); a3 = _mm256_mul_ps(a3, _mm256_loadu_ps(in + c + 24));
    }
    _mm256_storeu_ps(lane, a0); _mm256_storeu_ps(lane + 8, a1);
    _mm256_storeu_ps(lane + 16, a2); _mm256_storeu_ps(lane + 24, a3);
}
EW_TARGET_AVX512_NOFMA static inline void ew_rprod_f32_512(float *restrict lane, const float *restrict in, int64_t cn) {
    __m512 a0 = _mm512_loadu_ps(lane), a1 = _mm512_loadu_ps(lane + 16);
    for (int64_t c = 0; c < cn; c += 32) {
        EW_PF2(in + c);
        a0 = _mm512_mul_ps(a0, _mm512_loadu_ps(in + c));
        a1 = _mm512_mul_ps(a1, _mm512_loadu_ps(in + c + 16));
    }
    _mm512_storeu_ps(lane, a0); _mm512_storeu_ps(lane + 16, a1);
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
    for (int64_t c = 0; c < cn; c += 4 * W) {          /* 128 bytes a step */                       \
        EW_PF2(in + c);                                                                             \
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

/* the AVX-512 twins: the lanes in two vectors, the NaN flag in a mask register */
#define EW_RMINMAX512(NAME, T, V, W, LOAD, STORE, OP, UNORD, UNORD2, BLEND)                          \
EW_TARGET_AVX512_NOFMA static inline void NAME(T *restrict lane, const T *restrict in, int64_t cn) { \
    V a0 = LOAD(lane), a1 = LOAD(lane + W);                                                         \
    unsigned n = 0;                                                                                 \
    for (int64_t c = 0; c < cn; c += 2 * W) {          /* 128 bytes a step */                       \
        EW_PF2(in + c);                                                                             \
        V x0 = LOAD(in + c), x1 = LOAD(in + c + W);                                                 \
        __asm__("" : "+v"(x0), "+v"(x1));          /* keep gcc from loading each twice */          \
        a0 = OP(x0, a0); a1 = OP(x1, a1);                                                           \
        n |= UNORD2(x0, x1);                                                                        \
    }                                                                                               \
    if (n) {                                       /* as EW_RMINMAX */                              \
        a0 = LOAD(lane), a1 = LOAD(lane + W);                                                       \
        V m0 = a0, m1 = a1;                                                                         \
        for (int64_t c = 0; c < cn; c += 2 * W) {                                                   \
            V x0 = LOAD(in + c), x1 = LOAD(in + c + W);                                             \
            a0 = OP(x0, a0); a1 = OP(x1, a1);                                                       \
            m0 = BLEND(m0, x0, UNORD(x0)); m1 = BLEND(m1, x1, UNORD(x1));                           \
        }                                                                                           \
        a0 = BLEND(a0, m0, UNORD(m0)); a1 = BLEND(a1, m1, UNORD(m1));                               \
    }                                                                                               \
    STORE(lane, a0); STORE(lane + W, a1);                                                           \
}
#define EW_UNORD512_PS(x) _mm512_cmp_ps_mask((x), (x), _CMP_UNORD_Q)
#define EW_UNORD512_PD(x) _mm512_cmp_pd_mask((x), (x), _CMP_UNORD_Q)
#define EW_UNORD2_512_PS(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_UNORD_Q)
#define EW_UNORD2_512_PD(a, b) _mm512_cmp_pd_mask((a), (b), _CMP_UNORD_Q)
#define EW_BLEND512_PS(a, b, k) _mm512_mask_blend_ps((k), (a), (b))
#define EW_BLEND512_PD(a, b, k) _mm512_mask_blend_pd((k), (a), (b))
EW_RMINMAX512(ew_rmax_f32_512, float, __m512, 16, _mm512_loadu_ps, _mm512_storeu_ps, _mm512_max_ps, EW_UNORD512_PS,
              EW_UNORD2_512_PS, EW_BLEND512_PS)
EW_RMINMAX512(ew_rmin_f32_512, float, __m512, 16, _mm512_loadu_ps, _mm512_storeu_ps, _mm512_min_ps, EW_UNORD512_PS,
              EW_UNORD2_512_PS, EW_BLEND512_PS)
EW_RMINMAX512(ew_rmax_f64_512, double, __m512d, 8, _mm512_loadu_pd, _mm512_storeu_pd, _mm512_max_pd, EW_UNORD512_PD,
              EW_UNORD2_512_PD, EW_BLEND512_PD)
EW_RMINMAX512(ew_rmin_f64_512, double, __m512d, 8, _mm512_loadu_pd, _mm512_storeu_pd, _mm512_min_pd, EW_UNORD512_PD,
              EW_UNORD2_512_PD, EW_BLEND512_PD)
/* int64: AVX-512 has the 64-bit max and min (no NaN) */
#define EW_RMINMAX512_I64(NAME, OP)                                                                 \
EW_TARGET_AVX512_NOFMA static inline void NAME(int64_t *restrict lane, const int64_t *restrict in, int64_t cn) { \
    __m512i a0 = _mm512_loadu_si512(lane), a1 = _mm512_loadu_si512(lane + 8);                      \
    for (int64_t c = 0; c < cn; c += 16) {                                                          \
        EW_PF2(in + c);                                                                             \
        a0 = OP(_mm512_loadu_si512(in + c), a0);                                                    \
        a1 = OP(_mm512_loadu_si512(in + c + 8), a1);                                                \
    }                                                                                               \
    _mm512_storeu_si512(lane, a0); _mm512_storeu_si512(lane + 8, a1);                              \
}
EW_RMINMAX512_I64(ew_rmax_i64_512, _mm512_max_epi64)
EW_RMINMAX512_I64(ew_rmin_i64_512, _mm512_min_epi64)

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
        EW_PF1(in + c);
        a0 = _mm256_andnot_si256(_mm256_cmpeq_epi8(EW_LOAD_SI(in + c), z), a0);
        a1 = _mm256_andnot_si256(_mm256_cmpeq_epi8(EW_LOAD_SI(in + c + 32), z), a1);
    }
    EW_STORE_SI(lane, a0); EW_STORE_SI(lane + 32, a1);
}
EW_TARGET_AVX2_NOFMA static inline void ew_rany_u8(uint8_t *restrict lane, const uint8_t *restrict in, int64_t cn) {
    const __m256i one = _mm256_set1_epi8(1);
    __m256i a0 = EW_LOAD_SI(lane), a1 = EW_LOAD_SI(lane + 32);
    for (int64_t c = 0; c < cn; c += 64) {
        EW_PF1(in + c);
        a0 = _mm256_max_epu8(a0, _mm256_min_epu8(EW_LOAD_SI(in + c), one));
        a1 = _mm256_max_epu8(a1, _mm256_min_epu8(EW_LOAD_SI(in + c + 32), one));
    }
    EW_STORE_SI(lane, a0); EW_STORE_SI(lane + 32, a1);
}

/* their AVX-512 twins: the 64 lanes in one vector; acc & (x != 0) is min(acc, min(x, 1)) on 0/1 lanes */
EW_TARGET_AVX512_NOFMA static inline void ew_rall_u8_512(uint8_t *restrict lane, const uint8_t *restrict in, int64_t cn) {
    const __m512i one = _mm512_set1_epi8(1);
    __m512i a0 = _mm512_loadu_si512(lane), a1 = _mm512_set1_epi8(1);
    int64_t c = 0;
    for (; c + 128 <= cn; c += 128) {          /* two chains, min is associative: the same lanes */
        EW_PF2(in + c);
        a0 = _mm512_min_epu8(a0, _mm512_loadu_si512(in + c));
        a1 = _mm512_min_epu8(a1, _mm512_loadu_si512(in + c + 64));
    }
    for (; c < cn; c += 64) a0 = _mm512_min_epu8(a0, _mm512_loadu_si512(in + c));
    _mm512_storeu_si512(lane, _mm512_min_epu8(_mm512_min_epu8(a0, a1), one));
}
EW_TARGET_AVX512_NOFMA static inline void ew_rany_u8_512(uint8_t *restrict lane, const uint8_t *restrict in, int64_t cn) {
    __m512i a0 = _mm512_loadu_si512(lane), a1 = _mm512_setzero_si512();
    int64_t c = 0;
    for (; c + 128 <= cn; c += 128) {          /* max is associative too */
        EW_PF2(in + c);
        a0 = _mm512_max_epu8(a0, _mm512_loadu_si512(in + c));
        a1 = _mm512_max_epu8(a1, _mm512_loadu_si512(in + c + 64));
    }
    for (; c < cn; c += 64) a0 = _mm512_max_epu8(a0, _mm512_loadu_si512(in + c));
    _mm512_storeu_si512(lane, _mm512_min_epu8(_mm512_max_epu8(a0, a1), _mm512_set1_epi8(1)));
}

/* argmax / argmin: the index in [0, n) of the first element better than `cur` (-1: none; when
   !have, of the first best element), where better is ops.yaml's (x > acc) | (isnan(x) &
   !isnan(acc)) (argmin: <).  That answer is unique (the first best element), so any way of
   finding it gives the portable fold's bits.  Pass 1 finds the best value (max_ps over the
   non-NaN elements and a NaN flag), pass 2, only when it beats cur, its first index: on random
   data the best value rarely improves, so this runs at amax's speed.  Called on L1-sized runs. */
#define EW_RARG(ATTR, NAME, T, V, NT, W, LOAD, STORE, SET1, ZERO, OR, OP, CMPGT, UNORD, EQ, MOVEMASK)     \
ATTR static inline int64_t NAME(const T *restrict in, int64_t n, T cur, int have) {                   \
    V a0 = SET1(in[0]), a1 = a0;                                                                        \
    NT nan = ZERO();                                                                                      \
    int64_t i = 0;                                                                                        \
    for (; i + 2 * W <= n; i += 2 * W) {                                                                  \
        if (sizeof(T) * 2 * W == 128) EW_PF2(in + i); else EW_PF1(in + i);                               \
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
#define EW_A2 EW_TARGET_AVX2_NOFMA
EW_RARG(EW_A2, ew_rargmax_f32, float, __m256, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps, _mm256_setzero_ps,
        _mm256_or_ps, _mm256_max_ps, EW_GT, EW_UNORD2_PS, EW_EQ_PS, _mm256_movemask_ps)
EW_RARG(EW_A2, ew_rargmin_f32, float, __m256, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps, _mm256_setzero_ps,
        _mm256_or_ps, _mm256_min_ps, EW_LT, EW_UNORD2_PS, EW_EQ_PS, _mm256_movemask_ps)
EW_RARG(EW_A2, ew_rargmax_f64, double, __m256d, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_set1_pd,
        _mm256_setzero_pd, _mm256_or_pd, _mm256_max_pd, EW_GT, EW_UNORD2_PD, EW_EQ_PD, _mm256_movemask_pd)
EW_RARG(EW_A2, ew_rargmin_f64, double, __m256d, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_set1_pd,
        _mm256_setzero_pd, _mm256_or_pd, _mm256_min_pd, EW_LT, EW_UNORD2_PD, EW_EQ_PD, _mm256_movemask_pd)
/* the AVX-512 twins: compares into mask registers (the NaN flag a mask, MOVEMASK the mask itself) */
#define EW_A5 EW_TARGET_AVX512_NOFMA
#define EW_NOMASK() 0u
#define EW_ORM(a, b) ((a) | (b))
#define EW_MASK(m) (m)
#define EW_EQ512_PS(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_EQ_OQ)
#define EW_EQ512_PD(a, b) _mm512_cmp_pd_mask((a), (b), _CMP_EQ_OQ)
EW_RARG(EW_A5, ew_rargmax_f32_512, float, __m512, unsigned, 16, _mm512_loadu_ps, _mm512_storeu_ps, _mm512_set1_ps, EW_NOMASK,
        EW_ORM, _mm512_max_ps, EW_GT, EW_UNORD2_512_PS, EW_EQ512_PS, EW_MASK)
EW_RARG(EW_A5, ew_rargmin_f32_512, float, __m512, unsigned, 16, _mm512_loadu_ps, _mm512_storeu_ps, _mm512_set1_ps, EW_NOMASK,
        EW_ORM, _mm512_min_ps, EW_LT, EW_UNORD2_512_PS, EW_EQ512_PS, EW_MASK)
EW_RARG(EW_A5, ew_rargmax_f64_512, double, __m512d, unsigned, 8, _mm512_loadu_pd, _mm512_storeu_pd, _mm512_set1_pd, EW_NOMASK,
        EW_ORM, _mm512_max_pd, EW_GT, EW_UNORD2_512_PD, EW_EQ512_PD, EW_MASK)
EW_RARG(EW_A5, ew_rargmin_f64_512, double, __m512d, unsigned, 8, _mm512_loadu_pd, _mm512_storeu_pd, _mm512_set1_pd, EW_NOMASK,
        EW_ORM, _mm512_min_pd, EW_LT, EW_UNORD2_512_PD, EW_EQ512_PD, EW_MASK)
#endif
