/* Numeric primitives shared by every kernel: storage <-> opmath conversions,
   and the operations C leaves undefined or that torch defines its own way.
   Static C; the per-integral-dtype helpers come from the generated ew_integral.h. */
#ifndef EW_PRELUDE_H
#define EW_PRELUDE_H
#include <stdint.h>
#include <string.h>
#include <complex.h>
#include <tgmath.h>

typedef float _Complex ew_c64;
typedef double _Complex ew_c128;
typedef struct { uint16_t re, im; } ew_c32;        /* complex<Half>: two halves */
typedef struct { int64_t i; double re; double im; } ew_scalar;   /* a kernel parameter */

/* ---- float16: IEEE binary16, round to nearest even.  A NaN converts as F16C's vcvtph2ps and
   vcvtps2ph convert it, and as torch's loops (which use them) do: made quiet, sign and payload
   kept (to a float: the payload's 10 bits on top of the 23; to a half: the top 10 of the 23).
   Branch-free (every case computed, then selected with masks) so that gcc vectorises the
   loops without speculating floating-point operations. */
static inline float ew_u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t ew_f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float ew_h2f(uint16_t h) {
    const uint32_t sign = (uint32_t)(h & 0x8000u) << 16, em = h & 0x7fffu, exp = em & 0x7c00u;
    const uint32_t normal = (em << 13) + 0x38000000u;          /* rebias 15 -> 127 */
    const uint32_t infnan = ((em << 13) + 0x70000000u)         /* exponent 31 -> 255, payload kept */
                            | ((0u - (uint32_t)(em > 0x7c00u)) & 0x00400000u);     /* NaN: quiet */
    /* subnormal or zero: mant * 2^-24, exactly, as (2^-14 + mant * 2^-24) - 2^-14 */
    const uint32_t sub = ew_f2u(ew_u2f((em << 13) + 0x38800000u) - 6.103515625e-05f);
    const uint32_t is_sub = 0u - (uint32_t)(exp == 0), is_big = 0u - (uint32_t)(exp == 0x7c00u);
    const uint32_t bits = (sub & is_sub) | (infnan & is_big) | (normal & ~(is_sub | is_big));
    return ew_u2f(bits | sign);
}
static inline uint16_t ew_f2h(float f) {
    const uint32_t x = ew_f2u(f), sign = (x >> 16) & 0x8000u, ax = x & 0x7fffffffu;
    const int32_t sax = (int32_t)ax;
    /* normal: rebias the exponent, round half to even at bit 13 */
    const uint32_t normal = (ax + 0xc8000fffu + ((ax >> 13) & 1u)) >> 13;
    /* half subnormal (< 2^-14): let the FPU round at 2^-24 */
    const uint32_t sub = ew_f2u(ew_u2f(ax) + 0.5f) - 0x3f000000u;
    /* >= 65536, inf or nan (quiet, the top of the payload) */
    const uint32_t big = 0x7c00u | ((0u - (uint32_t)(sax > 0x7f800000)) & (0x0200u | ((ax >> 13) & 0x03ffu)));
    const uint32_t is_big = 0u - (uint32_t)(sax >= 0x47800000), is_sub = 0u - (uint32_t)(sax < 0x38800000);
    const uint32_t r = (big & is_big) | (sub & is_sub) | (normal & ~(is_big | is_sub));
    return (uint16_t)(sign | r);
}
/* Streaming stores (iterate.c sets ew_stream_out around the loops that write an output much
   larger than the cache): the contiguous loops then compute EW_SBLK bytes of output at a time
   into a small aligned block and copy whole 64-byte lines out with non-temporal stores,
   saving the read-for-ownership of each line.  Runs shorter than EW_STREAM_MIN store normally. */
extern __thread int ew_stream_out;
#define EW_STREAM_MIN 512
#define EW_SBLK 256
/* The loops that do not stream inline (all but the AVX2 flavour's contiguous and broadcast
   runs of the `simd:` kernels) hand a long run to ew_stream_run (iterate.c): it calls the loop
   again, with ew_stream_out cleared, on blocks of EW_SRUN bytes of output computed into a
   buffer, and streams each block out.  One copy of the loop body instead of three. */
#define EW_SRUN 2048
int ew_stream_run(int (*fn)(char **, const int64_t *, int64_t, const ew_scalar *), char **data,
                  const int64_t *strides, int64_t n, const ew_scalar *params, int nops, int64_t osize);
#if defined(__SSE2__)
#include <emmintrin.h>
static inline void ew_stream_bytes(void *dst, const void *src, int bytes) {   /* both 64-aligned */
    for (int k = 0; k < bytes; k += 16)
        _mm_stream_si128((__m128i *)((char *)dst + k), _mm_load_si128((const __m128i *)((const char *)src + k)));
}
#else
static inline void ew_stream_bytes(void *dst, const void *src, int bytes) { memcpy(dst, src, bytes); }
#endif
/* ew_stream_block(dst, src): EW_SBLK bytes, 32 at a time in the AVX2 flavour of a kernel
   (EW_AVX2), which lets gcc keep a block in registers: the float32 add loop ran 5-8% faster
   at 10M elements (3.0-3.4 against 3.3-3.7 ms).  The float16/bfloat16 blocks stay with
   ew_stream_bytes: F16C writes them 16 bytes at a time, and a 32-byte load of two 16-byte
   stores still in flight is not forwarded (float16 add took twice as long). */
#define ew_stream_block(dst, src) (EW_AVX2 ? ew_stream_block_avx2(dst, src) : ew_stream_bytes((dst), (src), EW_SBLK))
/* The float16 and bfloat16 loops (kernels.c) compute on float arrays: EW_HBLK elements at a
   time are converted into small buffers, computed on, and converted back.  The block size is a
   constant and the conversions are inline, so gcc unrolls and vectorises the whole block and
   the loop runs at memory speed (a call per block of 256 measured twice as slow).  Each such
   kernel is compiled twice, with AVX2+F16C (the conversions below) and for the baseline (the
   branch-free scalar conversions, which gcc vectorises), and ew_use_avx2() picks one at run
   time; so are the kernels of the dtypes an op lists under `simd:` (ops.yaml).  Bit-identical
   results either way (no FMA contraction in either).  A block of float16/bfloat16 output is one 64-byte
   line, streamed out when ew_stream_out is set.  The bulk conversions (casts) are in iterate.c. */
#define EW_HBLK 32
/* ---- inputs at stride 2 (a[::2], every other column): the hot binary loops (ops.yaml `simd:`)
   deinterleave a block of each such input into a small buffer with vector shuffles, then run
   the contiguous loop on the buffers.  Element by element (gcc's emulated gathers) the float32
   add took 0.3-0.4 ns an element in the cache against 0.2 this way, and 8.0-8.7 ms against
   6.2-7.1 for 10M elements from memory.  dst[j] = src[2 * j] for j < m, bits moved as they are.
   A vector reads the odd element after its last even one: `end` says src has none after
   src[2 * (m - 1)] (the operand's last block), so the last vector stops short of it. */
#define EW_DEINT2(W, V, LOAD, SHUF, STORE)                                                 \
    int64_t j = 0;                                                                         \
    for (; j + (W) + end <= m; j += (W)) {                                                 \
        const V lo = LOAD(s + 2 * j), hi = LOAD(s + 2 * j + (W));                          \
        STORE(d + j, SHUF(lo, hi));                                                        \
    }                                                                                      \
    for (; j < m; j++) d[j] = s[2 * j];
#if defined(__SSE2__)
#define EW_SHUF4_SSE(lo, hi) _mm_shuffle_ps((lo), (hi), 0x88)
static inline void ew_deint2_4_base(void *restrict dst, const void *restrict src, int64_t m, int end) {
    float *restrict d = dst; const float *restrict s = src;
    EW_DEINT2(4, __m128, _mm_loadu_ps, EW_SHUF4_SSE, _mm_store_ps)
}
static inline void ew_deint2_8_base(void *restrict dst, const void *restrict src, int64_t m, int end) {
    double *restrict d = dst; const double *restrict s = src;
    EW_DEINT2(2, __m128d, _mm_loadu_pd, _mm_unpacklo_pd, _mm_store_pd)
}
#else
static inline void ew_deint2_4_base(void *restrict dst, const void *restrict src, int64_t m, int end) {
    uint32_t *restrict d = dst; const uint32_t *restrict s = src;
    (void)end;
    for (int64_t j = 0; j < m; j++) d[j] = s[2 * j];
}
static inline void ew_deint2_8_base(void *restrict dst, const void *restrict src, int64_t m, int end) {
    uint64_t *restrict d = dst; const uint64_t *restrict s = src;
    (void)end;
    for (int64_t j = 0; j < m; j++) d[j] = s[2 * j];
}
#endif
int ew_use_avx2(void);   /* 1: the CPU has AVX2, F16C and FMA, and EW_CFG_F16C allows them */
#if defined(__x86_64__) && defined(__GNUC__) && (__GNUC__ >= 5 || defined(__clang__))
#include <immintrin.h>
#define EW_HAVE_F16C_PATH 1
#define EW_TARGET_F16C __attribute__((target("avx2,f16c,fma")))
/* complex kernels: without FMA, which gcc would use for complex multiplication even under
   -ffp-contract=off (fmaddsub), moving the last bit away from torch's loop */
#define EW_TARGET_AVX2_NOFMA __attribute__((target("avx2,f16c")))
/* F16C converts exactly like ew_h2f / ew_f2h, NaNs included (ew_f16_selftest checks every
   half and a spread of floats).  Patching NaNs to another rule cost a quarter of the float16
   add loop's time (a compare and a branch per 8 elements and conversion). */
EW_TARGET_F16C static inline void ew_h2f_8(const uint16_t *src, float *dst) {
    _mm256_storeu_ps(dst, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)src)));
}
EW_TARGET_F16C static inline void ew_f2h_8(const float *src, uint16_t *dst) {
    _mm_storeu_si128((__m128i *)dst, _mm256_cvtps_ph(_mm256_loadu_ps(src), _MM_FROUND_TO_NEAREST_INT));
}
/* bfloat16 with AVX2: the top half of a float; rounding to nearest even as ew_f2b, NaN -> 0x7fc0 */
EW_TARGET_F16C static inline void ew_b2f_8(const uint16_t *src, float *dst) {
    const __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)src));
    _mm256_storeu_si256((__m256i *)dst, _mm256_slli_epi32(w, 16));
}
/* the bfloat16 of 8 floats, each in the low half of its 32-bit lane */
EW_TARGET_F16C static inline __m256i ew_f2b_lanes(const float *src) {
    const __m256 f = _mm256_loadu_ps(src);
    const __m256i x = _mm256_castps_si256(f);
    const __m256i odd = _mm256_and_si256(_mm256_srli_epi32(x, 16), _mm256_set1_epi32(1));
    const __m256i r = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(0x7fff)), odd), 16);
    return _mm256_blendv_epi8(r, _mm256_set1_epi32(0x7fc0), _mm256_castps_si256(_mm256_cmp_ps(f, f, _CMP_UNORD_Q)));
}
EW_TARGET_F16C static inline void ew_f2b_8(const float *src, uint16_t *dst) {
    const __m256i r = ew_f2b_lanes(src);
    const __m256i p = _mm256_permute4x64_epi64(_mm256_packus_epi32(r, r), 0x08);   /* lanes 0..3, 4..7 -> low half */
    _mm_storeu_si128((__m128i *)dst, _mm256_castsi256_si128(p));
}
/* 16 at a time: one pack and one permute for two vectors, and whole 32-byte stores */
EW_TARGET_F16C static inline void ew_f2b_16(const float *src, uint16_t *dst) {
    const __m256i p = _mm256_packus_epi32(ew_f2b_lanes(src), ew_f2b_lanes(src + 8));
    _mm256_storeu_si256((__m256i *)dst, _mm256_permute4x64_epi64(p, 0xd8));
}
EW_TARGET_F16C static inline void ew_b2f_blk_avx2(const uint16_t *src, float *dst) {
    for (int k = 0; k < EW_HBLK; k += 8) ew_b2f_8(src + k, dst + k);
}
EW_TARGET_F16C static inline void ew_f2b_blk_avx2(const float *src, uint16_t *dst) {
    for (int k = 0; k < EW_HBLK; k += 16) ew_f2b_16(src + k, dst + k);
}
EW_TARGET_F16C static inline void ew_h2f_blk_f16c(const uint16_t *src, float *dst) {
    for (int k = 0; k < EW_HBLK; k += 8) ew_h2f_8(src + k, dst + k);
}
EW_TARGET_F16C static inline void ew_f2h_blk_f16c(const float *src, uint16_t *dst) {
    for (int k = 0; k < EW_HBLK; k += 8) ew_f2h_8(src + k, dst + k);
}
/* the same, streamed out (ew_stream_out): a whole block, 64-byte aligned; bfloat16 with whole
   32-byte stores, in the order of the line */
EW_TARGET_F16C static inline void ew_f2h_blk_f16c_nt(const float *src, uint16_t *dst) {
    for (int k = 0; k < EW_HBLK; k += 8)
        _mm_stream_si128((__m128i *)(dst + k), _mm256_cvtps_ph(_mm256_loadu_ps(src + k), _MM_FROUND_TO_NEAREST_INT));
}
EW_TARGET_F16C static inline void ew_f2b_blk_avx2_nt(const float *src, uint16_t *dst) {
    for (int k = 0; k < EW_HBLK; k += 16) {
        const __m256i p = _mm256_packus_epi32(ew_f2b_lanes(src + k), ew_f2b_lanes(src + k + 8));
        _mm256_stream_si256((__m256i *)(dst + k), _mm256_permute4x64_epi64(p, 0xd8));
    }
}
/* helpers the kernels of both AVX2 targets inline (a callee's target must be a subset of its
   caller's: one with fma would be a call per block from the complex kernels) */
#define EW_TARGET_AVX2 __attribute__((target("avx2")))
/* lanes: shuffle gives x0 x2 x8 x10 | x4 x6 x12 x14, the 64-bit permute puts them in order */
#define EW_SHUF4_AVX2(lo, hi) \
    _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps((lo), (hi), 0x88)), 0xd8))
#define EW_SHUF8_AVX2(lo, hi) _mm256_permute4x64_pd(_mm256_unpacklo_pd((lo), (hi)), 0xd8)
EW_TARGET_AVX2 static inline void ew_deint2_4_avx2(void *restrict dst, const void *restrict src, int64_t m, int end) {
    float *restrict d = dst; const float *restrict s = src;
    EW_DEINT2(8, __m256, _mm256_loadu_ps, EW_SHUF4_AVX2, _mm256_store_ps)
}
EW_TARGET_AVX2 static inline void ew_deint2_8_avx2(void *restrict dst, const void *restrict src, int64_t m, int end) {
    double *restrict d = dst; const double *restrict s = src;
    EW_DEINT2(4, __m256d, _mm256_loadu_pd, EW_SHUF8_AVX2, _mm256_store_pd)
}
EW_TARGET_AVX2 static inline void ew_stream_block_avx2(void *dst, const void *src) {
    for (int k = 0; k < EW_SBLK; k += 32)
        _mm256_stream_si256((__m256i *)((char *)dst + k), _mm256_load_si256((const __m256i *)((const char *)src + k)));
}
#define ew_deint2_4(d, s, m, end) (EW_AVX2 ? ew_deint2_4_avx2(d, s, m, end) : ew_deint2_4_base(d, s, m, end))
#define ew_deint2_8(d, s, m, end) (EW_AVX2 ? ew_deint2_8_avx2(d, s, m, end) : ew_deint2_8_base(d, s, m, end))
#else
#define ew_stream_block_avx2(dst, src) ew_stream_bytes((dst), (src), EW_SBLK)
#define ew_deint2_4 ew_deint2_4_base
#define ew_deint2_8 ew_deint2_8_base
#endif
void ew_h2f_n(const uint16_t *restrict src, float *restrict dst, int64_t n);
void ew_f2h_n(const float *restrict src, uint16_t *restrict dst, int64_t n);
void ew_b2f_n(const uint16_t *restrict src, float *restrict dst, int64_t n);
void ew_f2b_n(const float *restrict src, uint16_t *restrict dst, int64_t n);
/* one block in the baseline flavour: a call to the bulk conversions (iterate.c).  Inlined, the
   vectorised scalar conversions were 1.4 MB of the library's 4.7 MB of code and a quarter of a
   cold build's CPU time, for a flavour that runs only on CPUs without AVX2/F16C (and for the
   stride-2 and strided runs, which do not use these blocks). */
static inline void ew_h2f_blk(const uint16_t *src, float *dst) { ew_h2f_n(src, dst, EW_HBLK); }
static inline void ew_f2h_blk(const float *src, uint16_t *dst) { ew_f2h_n(src, dst, EW_HBLK); }
static inline void ew_b2f_blk(const uint16_t *src, float *dst) { ew_b2f_n(src, dst, EW_HBLK); }
static inline void ew_f2b_blk(const float *src, uint16_t *dst) { ew_f2b_n(src, dst, EW_HBLK); }
static inline void ew_f2h_blk_nt(const float *src, uint16_t *dst) {
    _Alignas(64) uint16_t t[EW_HBLK];
    ew_f2h_blk(src, t);
    ew_stream_bytes(dst, t, sizeof t);
}
static inline void ew_f2b_blk_nt(const float *src, uint16_t *dst) {
    _Alignas(64) uint16_t t[EW_HBLK];
    ew_f2b_blk(src, t);
    ew_stream_bytes(dst, t, sizeof t);
}
/* ---- bfloat16: top half of a float32, round to nearest even; NaN -> 0x7fc0 (c10::BFloat16) */
static inline float ew_b2f(uint16_t b) { uint32_t x = (uint32_t)b << 16; float f; memcpy(&f, &x, 4); return f; }
static inline uint16_t ew_f2b(float f) {
    if (f != f) return 0x7fc0u;
    uint32_t x; memcpy(&x, &f, 4);
    return (uint16_t)((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}
/* ---- complex32 */
static inline ew_c64 ew_c32_load(ew_c32 z) { return CMPLXF(ew_h2f(z.re), ew_h2f(z.im)); }
static inline ew_c32 ew_c32_store(ew_c64 z) { ew_c32 r = { ew_f2h(crealf(z)), ew_f2h(cimagf(z)) }; return r; }

/* ---- float -> integer casts.  C leaves out-of-range values undefined; these give
   what torch's x86-64 build gives (cvtt* returns the "integer indefinite" value). */
static inline int32_t ew_f2i32(double x) { return (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN; }
static inline int64_t ew_f2i64(double x) { return (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN; }
static inline uint64_t ew_f2u64(double x) {
    /* x86-64 converts from 2**63 up as cvttsd2si(x - 2**63) ^ 2**63: 0 for 2**64 and beyond, inf too */
    if (x >= 9223372036854775808.0) return x < 18446744073709551616.0 ? (uint64_t)x : 0;
    return (uint64_t)ew_f2i64(x);
}

/* ---- complex arithmetic as c10::complex computes it on this CPU build.
   mul: the textbook formula (torch's vectorised loop).
   div: numpy's scaled algorithm (c10/util/complex.h) as compiled with FMA contraction. */
#define EW_CMUL(T, R) \
    static inline T ew_cmul_##R(T x, T y) { \
        R a = creal(x), b = cimag(x), c = creal(y), d = cimag(y); \
        return CMPLX_##R(a * c - b * d, a * d + b * c); }
#define EW_CDIV(T, R) \
    static inline T ew_cdiv_##R(T x, T y) { \
        R a = creal(x), b = cimag(x), c = creal(y), d = cimag(y); \
        R ac = fabs(c), ad = fabs(d), rat, scl; \
        if (ac >= ad) { \
            if (ac == 0 && ad == 0) return CMPLX_##R(a / ac, b / ad); \
            rat = d / c; scl = (R)1 / fma(d, rat, c); \
            return CMPLX_##R(fma(b, rat, a) * scl, fma(-a, rat, b) * scl); \
        } \
        rat = c / d; scl = (R)1 / fma(c, rat, d); \
        return CMPLX_##R(fma(a, rat, b) * scl, fma(b, rat, -a) * scl); }
#define CMPLX_float CMPLXF
#define CMPLX_double CMPLX
EW_CMUL(ew_c64, float)
EW_CMUL(ew_c128, double)
EW_CDIV(ew_c64, float)
EW_CDIV(ew_c128, double)
#define ew_cmul(x, y) _Generic((x), ew_c64: ew_cmul_float, ew_c128: ew_cmul_double)((x), (y))
#define ew_cdiv(x, y) _Generic((x), ew_c64: ew_cdiv_float, ew_c128: ew_cdiv_double)((x), (y))
#define ew_creciprocal(x) ew_cdiv((__typeof__(x))1, (x))
#define ew_cabs(x) hypot(creal(x), cimag(x))

/* ---- integers: division, remainder, fmod, gcd, lcm, shifts and pow, one function per integral
   dtype of dtypes.yaml, picked by _Generic macros (generated: codegen/templates/ew_integral.h.j2) */
#include "ew_integral.h"
/* ---- the minifloats (float8_*): decode table and encoder per format, generated from dtypes.yaml */
#include "ew_minifloat.h"
/* Rounding to a storage precision.  torch computes a few kernels in float16/bfloat16
   themselves, rounding every intermediate; kernels say where with ew_rnd(x), which the
   kernel template defines per loop (identity unless the loop works that way). */
static inline float ew_rnd_none_f(float x) { return x; }
static inline double ew_rnd_none_d(double x) { return x; }
static inline float ew_rnd_f16(float x) { return ew_h2f(ew_f2h(x)); }
static inline float ew_rnd_bf16(float x) { return ew_b2f(ew_f2b(x)); }
static inline ew_c64 ew_rnd_c32(ew_c64 z) { return ew_c32_load(ew_c32_store(z)); }

/* fmodf(a, b) without libm's bit loop (which is most of div_floor's time), where that is
   exact: for |a / b| < 2**23 the double quotient truncates to the true one (a float quotient
   that close to an integer is that integer), and a - q * b is exact in double (a 23-bit q
   times a 24-bit b); the sign of a zero result is a's, as fmod's. */
static inline float ew_fmodf_small(float a, float b) {
    const double q = (double)a / (double)b;
    if (!(fabs(q) < 8388608.0) || isinf(b)) return fmodf(a, b);
    return copysignf((float)((double)a - trunc(q) * (double)b), a);
}
/* floating floor division: CPython's float_floor_div, as torch's div_floor_floating,
   each step rounded by R (the loop's storage precision) */
#define EW_DIV_FLOOR_FLOAT(T) \
    static inline T ew_div_floor_##T(T a, T b, int *err, T (*R)(T)) { \
        (void)err; \
        if (b == 0) return R(a / b); \
        T mod = R(_Generic(a, float: ew_fmodf_small, double: fmod)(a, b)), div = R(R(a - mod) / b), fl; \
        if (mod != 0 && ((b < 0) != (mod < 0))) div = R(div - 1); \
        if (div != 0) { fl = floor(div); if (R(div - fl) > (T)0.5) fl = R(fl + 1); } \
        else fl = copysign((T)0, R(a / b)); \
        return fl; }
EW_DIV_FLOOR_FLOAT(float)
EW_DIV_FLOOR_FLOAT(double)
static inline int ew_div_floor_nothing(int a, int b, int *err) { (void)a; (void)b; (void)err; return 0; }
/* complex negation as torch's vectorised loop: 0 - x per component (neg(0) is +0) */
#define ew_cneg(z) _Generic((z), ew_c64: CMPLXF(0.0f - crealf(z), 0.0f - cimagf(z)), \
                                 ew_c128: CMPLX(0.0 - creal(z), 0.0 - cimag(z)))

#define ew_div_floor(a, b) _Generic((a), \
    float: ew_div_floor_float((a), (b), &ew_err, EW_RND_F), \
    double: ew_div_floor_double((a), (b), &ew_err, ew_rnd_none_d), \
    default: ew_div_floor_int(a, b))

/* ---- special functions torch computes with its own code (ATen/native/Math.h);
   the same algorithms, written once for float and double.  The fma() calls are where
   torch's build contracts a*b+c (its AVX2 kernels are compiled with FMA). */
#define EW_SPECIAL(T, S) \
static inline T ew_erfinv_##S(T y) { \
    /* rational approximation + two Newton steps (Pavlis, as torch's calc_erfinv) */ \
    const T a[4] = {0.886226899, -1.645349621, 0.914624893, -0.140543331}; \
    const T b[4] = {-2.118377725, 1.442710462, -0.329097515, 0.012229801}; \
    const T c[4] = {-1.970840454, -1.624906493, 3.429567803, 1.641345311}; \
    const T d[2] = {3.543889200, 1.637067800}; \
    T ya = fabs(y), x, z, num, dem; \
    if (ya > 1) return (T)NAN; \
    if (ya == 1) return copysign((T)INFINITY, y); \
    if (ya <= (T)0.7) { \
        z = y * y; \
        num = fma(fma(fma(a[3], z, a[2]), z, a[1]), z, a[0]); \
        dem = fma(fma(fma(fma(b[3], z, b[2]), z, b[1]), z, b[0]), z, (T)1); \
        x = y * num / dem; \
    } else { \
        /* the tail: Newton on erfc(x) = 1 - |y|, which stays accurate where erf(x) is flat */ \
        T w = (T)1 - ya; \
        z = sqrt(-log(w / (T)2)); \
        num = fma(fma(fma(c[3], z, c[2]), z, c[1]), z, c[0]); \
        dem = fma(fma(d[1], z, d[0]), z, (T)1); \
        x = num / dem; \
        const T k = (T)2 * (T)0.564189583547756286948079451560772586; \
        x = x + (erfc(x) - w) / (k * exp(-x * x)); \
        x = x + (erfc(x) - w) / (k * exp(-x * x)); \
        x = x + (erfc(x) - w) / (k * exp(-x * x)); \
        return copysign(x, y); \
    } \
    const T k = (T)2 * (T)0.564189583547756286948079451560772586; /* 2 / sqrt(pi) */ \
    x = x - (erf(x) - y) / (k * exp(-x * x)); \
    x = x - (erf(x) - y) / (k * exp(-x * x)); \
    return x; \
} \
static inline T ew_digamma_##S(T x) { \
    /* recurrence to x >= 10, then the asymptotic series (torch's calc_digamma) */ \
    static const T A[] = {8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3, \
                          -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3, \
                          8.33333333333333333333E-2}; \
    const T PSI_10 = (T)2.25175258906672110764; \
    if (x == 0) return copysign((T)INFINITY, -x); \
    if (x < 0) { \
        if (x == trunc(x)) return (T)NAN; \
        double q, r = modf((double)x, &q);   /* the reflection term in double, as torch */ \
        return ew_digamma_##S(1 - x) - (T)(3.14159265358979323846 / tan(3.14159265358979323846 * r)); \
    } \
    T result = 0; \
    while (x < 10) { result -= 1 / x; x += 1; } \
    if (x == 10) return result + PSI_10; \
    T y = 0; \
    if (x < (T)1.0e17) { \
        T z = 1 / (x * x), p = A[0]; \
        for (int i = 1; i < 7; i++) p = fma(p, z, A[i]); \
        y = z * p; \
    } \
    return result + log(x) - ((T)0.5 / x) - y; \
} \
static inline T ew_chbevl_##S(T x, const T *array, int len) { \
    T b0 = array[0], b1 = 0, b2 = 0; \
    for (int i = 1; i < len; i++) { b2 = b1; b1 = b0; b0 = fma(x, b1, -b2) + array[i]; } \
    return (T)0.5 * (b0 - b2); \
} \
static inline T ew_i0_##S(T x_) { \
    /* Cephes' Chebyshev expansions of exp(-x) I0(x) (torch's calc_i0) */ \
    static const T A[30] = { \
        -4.41534164647933937950E-18, 3.33079451882223809783E-17, -2.43127984654795469359E-16, \
        1.71539128555513303061E-15, -1.16853328779934516808E-14, 7.67618549860493561688E-14, \
        -4.85644678311192946090E-13, 2.95505266312963983461E-12, -1.72682629144155570723E-11, \
        9.67580903537323691224E-11, -5.18979560163526290666E-10, 2.65982372468238665035E-9, \
        -1.30002500998624804212E-8, 6.04699502254191894932E-8, -2.67079385394061173391E-7, \
        1.11738753912010371815E-6, -4.41673835845875056359E-6, 1.64484480707288970893E-5, \
        -5.75419501008210370398E-5, 1.88502885095841655729E-4, -5.76375574538582365885E-4, \
        1.63947561694133579842E-3, -4.32430999505057594430E-3, 1.05464603945949983183E-2, \
        -2.37374148058994688156E-2, 4.93052842396707084878E-2, -9.49010970480476444210E-2, \
        1.71620901522208775349E-1, -3.04682672343198398683E-1, 6.76795274409476084995E-1}; \
    static const T B[25] = { \
        -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17, \
        3.46122286769746109310E-17, -2.82762398051658348494E-16, -3.42548561967721913462E-16, \
        1.77256013305652638360E-15, 3.81168066935262242075E-15, -9.55484669882830764870E-15, \
        -4.15056934728722208663E-14, 1.54008621752140982691E-14, 3.85277838274214270114E-13, \
        7.18012445138366623367E-13, -1.79417853150680611778E-12, -1.32158118404477131188E-11, \
        -3.14991652796324136454E-11, 1.18891471078464383424E-11, 4.94060238822496958910E-10, \
        3.39623202570838634515E-9, 2.26666899049817806459E-8, 2.04891858946906374183E-7, \
        2.89137052083475648297E-6, 6.88975834691682398426E-5, 3.36911647825569408990E-3, \
        8.04490411014108831608E-1}; \
    T x = fabs(x_); \
    if (x <= 8) return exp(x) * ew_chbevl_##S(x / 2 - 2, A, 30); \
    return exp(x) * ew_chbevl_##S((T)32 / x - 2, B, 25) / sqrt(x); \
} \
static inline T ew_nan_to_num_##S(T a, T nan, T posinf, T neginf) { \
    return a != a ? nan : (a == (T)INFINITY ? posinf : (a == -(T)INFINITY ? neginf : a)); \
}
EW_SPECIAL(float, f)
EW_SPECIAL(double, d)
EW_SPECIAL(long double, l)
#define ew_erfinv(x) _Generic((x), float: ew_erfinv_f, double: ew_erfinv_d, long double: ew_erfinv_l)(x)
#define ew_digamma(x) _Generic((x), float: ew_digamma_f, double: ew_digamma_d)(x)
#define ew_i0(x) _Generic((x), float: ew_i0_f, double: ew_i0_d)(x)
/* rt.special's functions: out of line, in csrc/special.c */
#include "special.h"
#define ew_nan_to_num(x, n, p, m) _Generic((x), float: ew_nan_to_num_f, double: ew_nan_to_num_d)((x), (n), (p), (m))

/* ---- complex functions C99 lacks, as c10/util/complex_math.h defines them */
#define EW_CMATH(T, R, CM) \
static inline T ew_cexpm1_##R(T z) { \
    R x = creal(z), y = cimag(z), a = sin(y / 2); \
    return CM(expm1(x) * cos(y) - 2 * a * a, exp(x) * sin(y)); \
} \
static inline T ew_clog1p_##R(T z) { \
    /* torch's CPU log1p (c10/util/complex_math.h): log(u) * z / (u - 1), u = 1 + z */ \
    T u = z + 1; \
    if (u == 1) return z; \
    T l = log(u); \
    if (u - 1 == z) return l; \
    return ew_cmul(l, ew_cdiv(z, u - 1)); \
} \
static inline T ew_csgn_##R(T z) { \
    R m = hypot(creal(z), cimag(z)); \
    return m == 0 ? CM(0, 0) : CM(creal(z) / m, cimag(z) / m); \
} \
static inline T ew_csgn_div_##R(T z) {   /* torch's scalar loop: z / (|z| + 0i) */ \
    R m = hypot(creal(z), cimag(z)); \
    return m == 0 ? CM(0, 0) : ew_cdiv(z, CM(m, 0)); \
} \
static inline T ew_cnan_to_num_##R(T z, R nan, R posinf, R neginf) { \
    R re = creal(z), im = cimag(z); \
    re = re != re ? nan : (re == (R)INFINITY ? posinf : (re == -(R)INFINITY ? neginf : re)); \
    im = im != im ? nan : (im == (R)INFINITY ? posinf : (im == -(R)INFINITY ? neginf : im)); \
    return CM(re, im); \
}
EW_CMATH(ew_c64, float, CMPLXF)
EW_CMATH(ew_c128, double, CMPLX)
#define ew_cexpm1(z) _Generic((z), ew_c64: ew_cexpm1_float, ew_c128: ew_cexpm1_double)(z)
#define ew_clog1p(z) _Generic((z), ew_c64: ew_clog1p_float, ew_c128: ew_clog1p_double)(z)
#define ew_csgn(z) _Generic((z), ew_c64: ew_csgn_float, ew_c128: ew_csgn_double)(z)
#define ew_csgn_div(z) _Generic((z), ew_c64: ew_csgn_div_float, ew_c128: ew_csgn_div_double)(z)
#define ew_cnan_to_num(z, n, p, m) _Generic((z), ew_c64: ew_cnan_to_num_float, ew_c128: ew_cnan_to_num_double)((z), creal(n), creal(p), creal(m))
/* sign as torch: (0 < x) - (x < 0), so sign(nan) = 0 and sign(-0.0) = +0.0 */
#define ew_sign(x) ((__typeof__(x))((0 < (x)) - ((x) < 0)))
#define EW_PI 3.14159265358979323846

/* fmod as torch's vectorised loop (SLEEF): nan when a / b overflows */
/* torch's vectorised fmod (SLEEF) gives NaN once the quotient is beyond the format (|a / b| > 2^128 or
   2^1024), but the exact remainder when it is that power of two itself (a subnormal divisor) */
static inline float ew_fmodf(float a, float b) {
    return (isinf(a / b) && isfinite(a) && fabsf(a) != ldexpf(fabsf(b), 128)) ? NAN : fmodf(a, b); }
static inline double ew_fmodd(double a, double b) {
    return (isinf(a / b) && isfinite(a) && fabs(a) != ldexp(fabs(b), 1024)) ? NAN : fmod(a, b); }
/* floating remainder as torch: fmod, moved to the divisor's sign; each step in the loop's precision */
#define EW_REMAINDER_FLOAT(T) \
    static inline T ew_remainder_##T(T a, T b, int *err, T (*R)(T)) { \
        (void)err; \
        T mod = R(_Generic(a, float: ew_fmodf, double: ew_fmodd)(a, b)); \
        if (mod != 0 && ((b < 0) != (mod < 0))) mod = R(mod + b); \
        return mod; }
EW_REMAINDER_FLOAT(float)
EW_REMAINDER_FLOAT(double)
#define ew_remainder(a, b) _Generic((a), \
    float: ew_remainder_float((a), (b), &ew_err, EW_RND_F), \
    double: ew_remainder_double((a), (b), &ew_err, ew_rnd_none_d), \
    default: EW_INT_GENERIC_OR0(ew_remainder, a, b))
#define ew_fmod(a, b) _Generic((a), float: ew_fmodf((a), (b)), double: ew_fmodd((a), (b)), default: EW_INT_GENERIC_OR0(ew_fmod, a, b))
#define ew_gcd(a, b) EW_INT_GENERIC(ew_gcd, a, b)
#define ew_lcm(a, b) EW_INT_GENERIC(ew_lcm, a, b)
#define ew_lshift(a, b) EW_INT_GENERIC(ew_lshift, a, b)
#define ew_rshift(a, b) EW_INT_GENERIC(ew_rshift, a, b)

/* fmax/fmin ignore a NaN; on equal operands (+0 vs -0) torch's loops return the first
   (float16/32/64) or the second (bfloat16) */
#define ew_fmax(a, b) ((a) != (a) ? (b) : ((b) != (b) ? (a) : ((b) > (a) ? (b) : (a))))
#define ew_fmin(a, b) ((a) != (a) ? (b) : ((b) != (b) ? (a) : ((b) < (a) ? (b) : (a))))
#define ew_fmax_b(a, b) ((a) != (a) ? (b) : ((b) != (b) ? (a) : ((a) > (b) ? (a) : (b))))
#define ew_fmin_b(a, b) ((a) != (a) ? (b) : ((b) != (b) ? (a) : ((a) < (b) ? (a) : (b))))
/* clamp with number bounds: NaN propagates, and on equal values the input is kept */
#define ew_clamp_lo(a, lo) ((a) != (a) || (lo) != (lo) ? ((a) != (a) ? (a) : (lo)) : ((a) < (lo) ? (lo) : (a)))
#define ew_clamp_hi(a, hi) ((a) != (a) || (hi) != (hi) ? ((a) != (a) ? (a) : (hi)) : ((a) > (hi) ? (hi) : (a)))
/* NaN-propagating max/min (torch's maximum/minimum) */
#define ew_maximum(a, b) ((a) != (a) ? (a) : ((b) != (b) ? (b) : ((a) > (b) ? (a) : (b))))
#define ew_minimum(a, b) ((a) != (a) ? (a) : ((b) != (b) ? (b) : ((a) < (b) ? (a) : (b))))

/* logaddexp as torch's CPU kernel */
#define EW_LOGADDEXP(T) \
    static inline T ew_logaddexp_##T(T a, T b) { \
        if (isinf(a) && a == b) return a; \
        T m = a > b || b != b ? a : b; \
        if (a != a) m = a; \
        return m + log1p(exp(-fabs(a - b))); } \
    static inline T ew_logaddexp2_##T(T a, T b) { \
        if (isinf(a) && a == b) return a; \
        T m = a > b || b != b ? a : b; \
        if (a != a) m = a; \
        return m + log1p(exp2(-fabs(a - b))) / (T)0.693147180559945309417232121458176568; }
EW_LOGADDEXP(float)
EW_LOGADDEXP(double)
#define ew_logaddexp(a, b) _Generic((a), float: ew_logaddexp_float, double: ew_logaddexp_double)((a), (b))
#define ew_logaddexp2(a, b) _Generic((a), float: ew_logaddexp2_float, double: ew_logaddexp2_double)((a), (b))
#define EW_CLOGADDEXP(T, R, CM) \
    static inline T ew_clogaddexp_##R(T x, T y) { \
        T mn = creal(x) < creal(y) ? x : y, mx = creal(x) < creal(y) ? y : x; \
        if (creal(mn) != creal(mn) || cimag(mn) != cimag(mn)) return CM(NAN, NAN); \
        if (!isfinite(creal(mx)) && creal(mn) == creal(mx)) { \
            if (creal(mx) < 0) return CM(creal(mx), cimag(mx)); \
            return log(exp(mn) + exp(mx)); \
        } \
        return mx + ew_clog1p(exp(mn - mx)); }
EW_CLOGADDEXP(ew_c64, float, CMPLXF)
EW_CLOGADDEXP(ew_c128, double, CMPLX)
#define ew_clogaddexp(a, b) _Generic((a), ew_c64: ew_clogaddexp_float, ew_c128: ew_clogaddexp_double)((a), (b))

/* xlogy: 0 where x == 0 (unless y is nan) */
#define ew_xlogy(x, y) ((y) != (y) ? (__typeof__(x))NAN : ((x) == 0 ? (__typeof__(x))0 : (x) * ew_rnd(log(y))))

/* nextafter for the 16-bit formats: step the stored bits, as c10's Half/BFloat16 nextafter */
static inline float ew_nextafter16(float fa, float fb, int bf) {
    if (fa != fa || fb != fb) return fa + fb;
    uint16_t a = bf ? ew_f2b(fa) : ew_f2h(fa), b = bf ? ew_f2b(fb) : ew_f2h(fb), r;
    if (a == b) return fa;
    uint16_t aa = a & 0x7fffu, ab = b & 0x7fffu;
    if (aa == 0) {
        if (ab == 0) return fb;
        r = (uint16_t)((b & 0x8000u) | 1u);
    } else {
        r = (uint16_t)((aa > ab || ((a ^ b) & 0x8000u)) ? a - 1 : a + 1);
    }
    return bf ? ew_b2f(r) : ew_h2f(r);
}

/* ---- pow.  Integers: ew_ipow (ew_integral.h).  A scalar exponent takes torch's special cases. */
#define ew_ipow(a, b) EW_INT_GENERIC(ew_ipow, a, b)
float ew_vp_powf(float x, float y);     /* csrc/vpow.c: correctly rounded, as the float32 blocks */
#define EW_POWS(T, S, POW) \
    static inline T ew_pows_##S(T a, T b) { \
        if (b == 2) return a * a; \
        if (b == 3) return a * a * a; \
        if (b == (T)0.5) return sqrt(a); \
        if (b == (T)-0.5) return 1 / sqrt(a); \
        if (b == -1) return 1 / a; \
        if (b == -2) return 1 / (a * a); \
        return POW(a, b); }
EW_POWS(float, f, ew_vp_powf)
EW_POWS(double, d, pow)
/* float16: torch's Half path squares and cubes but takes pow() for +-0.5 */
static inline float ew_pows_h(float a, float b) {
    if (b == 2) return a * a;
    if (b == 3) return a * a * a;
    if (b == -1) return 1 / a;
    if (b == -2) return 1 / (a * a);
    return powf(a, b);
}
#define EW_CPOWS(T, R) \
    static inline T ew_cpows_##R(T a, T b) { \
        if (b == 2) return ew_cmul(a, a); \
        if (b == 3) return ew_cmul(ew_cmul(a, a), a); \
        if (b == (R)0.5) return csqrt(a); \
        if (b == (R)-0.5) return ew_creciprocal(csqrt(a)); \
        if (b == -1) return ew_creciprocal(a); \
        if (b == -2) return ew_creciprocal(ew_cmul(a, a)); \
        return cpow(a, b); }
EW_CPOWS(ew_c64, float)
EW_CPOWS(ew_c128, double)
#define ew_pow_scalar(a, b) _Generic((a), float: ew_pows_f((a), (b)), double: ew_pows_d((a), (b)), \
    ew_c64: ew_cpows_float((a), (b)), ew_c128: ew_cpows_double((a), (b)), default: ew_ipow_any(a, b))

/* lerp as torch's vectorised loop: fma(coeff, end - start, base), with (coeff, base) =
   (w, start) for |w| < 0.5 and (w - 1, end) otherwise */
#define ew_lerp(a, b, w) (fabs(w) < 0.5 ? fma((w), (b) - (a), (a)) : fma((w) - 1, (b) - (a), (b)))
#define ew_clerp(a, b, w) (cabs(w) < 0.5 ? (a) + ew_cmul((w), (b) - (a)) : (b) + ew_cmul((w) - 1, (b) - (a)))

/* ---- float exp, sin, cos at memory speed (ops.yaml: float32 and the half types): in the AVX2
   flavour of a kernel (EW_AVX2, kernels.c), evaluated in double with fma, branch-free so that
   gcc vectorises the loop (4 doubles a vector), with a relative error below 2^-45 before the
   one rounding to float: the correctly rounded result but for rare near-halfway cases.  In the
   baseline flavour glibc's expf/sinf/cosf (as accurate, but scalar; torch's SLEEF u10 loops
   are within 1 ulp). */
#define EW_AVX2 0
#define ew_expf(x) (EW_AVX2 ? ew_expf_fma(x) : expf(x))
#define ew_sinf(x) (EW_AVX2 ? ew_trigf_fma((x), 0) : sinf(x))
#define ew_cosf(x) (EW_AVX2 ? ew_trigf_fma((x), 1) : cosf(x))
static inline uint64_t ew_d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static inline double ew_u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
#define EW_ROUND_SHIFT 0x1.8p52     /* x + 1.5 * 2^52: x rounded to an integer, in the low bits */
/* a ? b : c on bits, with a mask of all ones or zeros: no branch for gcc to keep (it will not
   if-convert a floating-point ?: under -ftrapping-math) */
static inline double ew_sel_d(uint64_t m, double b, double c) { return ew_u2d((ew_d2u(b) & m) | (ew_d2u(c) & ~m)); }
static inline float ew_sel_f(uint32_t m, float b, float c) { return ew_u2f((ew_f2u(b) & m) | (ew_f2u(c) & ~m)); }
/* The arithmetic of exp and of sin/cos, written once for double (the element functions) and
   for __m256d (the block functions below): T the type, F fma, S subtract, M multiply, C a
   constant.  The same operations in the same order, so the same values either way. */
#define EW_DSUB(a, b) ((a) - (b))
#define EW_DMUL(a, b) ((a) * (b))
#define EW_DCONST(v) (v)
/* e^x = 2^k e^r, k = round(x / ln 2), |r| <= ln2 / 2: kd holds k in its low bits, r = x - k ln 2
   (ln 2 in two parts) */
#define EW_EXP_REDUCE(T, F, S, C, xd, kd, r) \
    const T kd = F(xd, C(0x1.71547652b82fep0), C(EW_ROUND_SHIFT)), kd##_k = S(kd, C(EW_ROUND_SHIFT)); \
    const T r = F(kd##_k, C(0x1.0ca86c3898d00p-49), F(kd##_k, C(-0x1.62e42fefa3a00p-1), xd))
/* e^r: a polynomial of degree 10, near-minimax on |r| <= ln2 / 2 (Chebyshev fit, mpmath;
   relative error 2^-51), by Estrin's scheme with fma (one rounding a step): short dependency
   chains, so that several vectors are in flight (Horner's steps measured 3x slower) */
#define EW_EXP_POLY(T, F, M, C, r, p) \
    const T p##2 = M(r, r), p##4 = M(p##2, p##2), p##8 = M(p##4, p##4); \
    const T p = F(F(C(0x1.28a2c0bee04a5p-22), p##2, F(r, C(0x1.72faf04859965p-19), C(0x1.a019a66a5f0b6p-16))), p##8, \
                  F(F(F(r, C(0x1.a01978c698b9fp-13), C(0x1.6c16c17f43acbp-10)), p##2, F(r, C(0x1.1111112dd6872p-7), C(0x1.55555555520afp-5))), p##4, \
                    F(F(r, C(0x1.555555554b756p-3), C(0x1.0000000000005p-1)), p##2, F(r, C(0x1.000000000001ep+0), C(0x1.0000000000000p+0)))))
/* x = n pi/2 + r exactly enough for |x| < 2^19 (pi/2 in three parts, n times the first two exact) */
#define EW_TRIG_REDUCE(T, F, S, C, xd, nd, r) \
    const T nd = F(xd, C(0x1.45f306dc9c883p-1), C(EW_ROUND_SHIFT)), nd##_n = S(nd, C(EW_ROUND_SHIFT)); \
    const T r = F(nd##_n, C(-0x1.3198a2e037073p-69), F(nd##_n, C(-0x1.0b4611a600000p-34), F(nd##_n, C(-0x1.921fb54400000p+0), xd)))
/* sin r = r (1 + u S(u)), cos r = C(u), u = r^2 <= (pi/4)^2: near-minimax polynomials
   (Chebyshev fits, mpmath; relative errors 2^-55 and 2^-52), by Estrin's scheme with fma */
#define EW_TRIG_POLY(T, F, M, C, r, s, c) \
    const T s##u = M(r, r), s##u2 = M(s##u, s##u), s##u4 = M(s##u2, s##u2); \
    const T s = M(r, F(s##u, F(F(s##u, C(0x1.5e0b19c752b8ep-33), C(-0x1.ae600b022d198p-26)), s##u4, \
                              F(F(s##u, C(0x1.71de3796898c8p-19), C(-0x1.a01a019e83aa8p-13)), s##u2, \
                                F(s##u, C(0x1.1111111110bb2p-7), C(-0x1.5555555555555p-3)))), C(1.0))); \
    const T c = F(F(C(0x1.1b8af51ef5222p-29), s##u2, F(s##u, C(-0x1.27df400985b5cp-22), C(0x1.a019f7fd85c19p-16))), s##u4, \
                  F(F(s##u, C(-0x1.6c16c163c5a51p-10), C(0x1.555555554e7ebp-5)), s##u2, F(s##u, C(-0x1.fffffffffff79p-2), C(0x1.0000000000000p+0))))
static inline float ew_expf_fma(float x) {
    /* the range checks are off the dependency chain: computed from x and applied at the end */
    const double xd = x;
    EW_EXP_REDUCE(double, fma, EW_DSUB, EW_DCONST, xd, kd, r);
    EW_EXP_POLY(double, fma, EW_DMUL, EW_DCONST, r, p);
    /* times 2^k: k added to the exponent field (a normal double for -104 <= x <= 89) */
    const float y = (float)ew_u2d(ew_d2u(p) + (ew_d2u(kd) << 52));
    /* beyond: inf above 89, +0 below -104 (float's results there), nan: the input, quieted */
    const uint32_t big = 0u - (uint32_t)(x > 89.0f), tiny = 0u - (uint32_t)(x < -104.0f), nan = 0u - (uint32_t)(x != x);
    return ew_u2f((ew_f2u(y) & ~(big | tiny | nan)) | (0x7f800000u & big) | ((ew_f2u(x) | 0x00400000u) & nan));
}
/* sin(x) or cos(x) (cos: q = 1) for |x| < 2^19: x = n pi/2 + r exactly enough (pi/2 in three
   parts, n times the first two exact), then sin or cos of r by quadrant.  Any other x (larger,
   inf, nan) comes out as x itself, never within [-1, 1]: the kernel's finishing pass
   (ew_sinf_finish / ew_cosf_finish) gives those glibc's results. */
static inline float ew_trigf_fma(float x, uint64_t q) {
    const double xd = x;
    EW_TRIG_REDUCE(double, fma, EW_DSUB, EW_DCONST, xd, nd, r);
    EW_TRIG_POLY(double, fma, EW_DMUL, EW_DCONST, r, s, c);     /* sin(-0) is -0 */
    const uint64_t quadrant = ew_d2u(nd) + q;     /* low bits: n + q */
    const double v = ew_sel_d(0 - (quadrant & 1), c, s), sv = ew_u2d(ew_d2u(v) ^ ((quadrant & 2) << 62));
    return ew_sel_f(0u - (uint32_t)(fabsf(x) < 0x1p19f), (float)sv, x);   /* (off the dependency chain) */
}
/* the finishing pass: elements left at x (|x| >= 2^19, inf, nan) get libm's sinf/cosf */
static inline void ew_trigf_finish(char *o, int64_t s, int64_t n, float (*f)(float)) {
    for (int64_t i0 = 0; i0 < n; i0 += 256) {
        const int64_t m = n - i0 < 256 ? n - i0 : 256;
        int any = 0;
        if (s == (int64_t)sizeof(float))
            for (int64_t i = 0; i < m; i++) any |= !(fabsf(((float *)o)[i0 + i]) <= 1.0f);
        else
            any = 1;
        if (any)
            for (int64_t i = i0; i < i0 + m; i++) {
                float *p = (float *)(o + i * s);
                if (!(fabsf(*p) <= 1.0f)) *p = f(*p);
            }
    }
}
static inline void ew_sinf_finish(char *o, int64_t s, int64_t n) { ew_trigf_finish(o, s, n, sinf); }
static inline void ew_cosf_finish(char *o, int64_t s, int64_t n) { ew_trigf_finish(o, s, n, cosf); }

#ifdef EW_HAVE_F16C_PATH
/* The same functions over a contiguous run (ops.yaml `block:`, the AVX2 flavour's contiguous
   loops), in two passes over EW_VBLK elements: the range reduction into two small buffers, then
   the polynomial.  Per element one chain of about 45 cycles of latency kept too few elements in
   flight for the FMA units (1.30 ns an element here, against 0.75 in two passes).  The same
   operations in the same order as ew_expf_fma / ew_trigf_fma, so the same values; a block with
   an input outside the polynomial's range (exp: |x| > 89, sin/cos: |x| >= 2^19; inf, nan) and
   the tail go through the element functions.  Output may be the input itself (in place):
   each block is read whole before any of it is written. */
#define EW_VBLK 64
/* any lane of the 8 floats at x with |x| above the float whose bits are `lim` (or nan) */
EW_TARGET_F16C static inline __m256i ew_vout8(const float *x, uint32_t lim) {
    const __m256i ax = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)x), _mm256_set1_epi32(0x7fffffff));
    return _mm256_cmpgt_epi32(ax, _mm256_set1_epi32((int32_t)lim));
}
EW_TARGET_F16C static inline void ew_expf_block_avx2(float *o, const float *x, int64_t n) {
    _Alignas(32) double rb[EW_VBLK], kb[EW_VBLK];
    int64_t i0 = 0;
    for (; i0 + EW_VBLK <= n; i0 += EW_VBLK) {
        const float *xb = x + i0;
        __m256i out = _mm256_setzero_si256();
        for (int j = 0; j < EW_VBLK; j += 8) out = _mm256_or_si256(out, ew_vout8(xb + j, 0x42b20000u));   /* 89.0f */
        if (!_mm256_testz_si256(out, out)) {
            for (int j = 0; j < EW_VBLK; j++) o[i0 + j] = ew_expf_fma(xb[j]);
            continue;
        }
        for (int j = 0; j < EW_VBLK; j += 4) {
            const __m256d xd = _mm256_cvtps_pd(_mm_loadu_ps(xb + j));
            EW_EXP_REDUCE(__m256d, _mm256_fmadd_pd, _mm256_sub_pd, _mm256_set1_pd, xd, kd, r);
            _mm256_store_pd(rb + j, r);
            _mm256_store_pd(kb + j, kd);
        }
        for (int j = 0; j < EW_VBLK; j += 4) {
            const __m256d r = _mm256_load_pd(rb + j);
            EW_EXP_POLY(__m256d, _mm256_fmadd_pd, _mm256_mul_pd, _mm256_set1_pd, r, p);
            const __m256i y = _mm256_add_epi64(_mm256_castpd_si256(p), _mm256_slli_epi64(_mm256_castpd_si256(_mm256_load_pd(kb + j)), 52));
            _mm_storeu_ps(o + i0 + j, _mm256_cvtpd_ps(_mm256_castsi256_pd(y)));
        }
    }
    for (; i0 < n; i0++) o[i0] = ew_expf_fma(x[i0]);
}
EW_TARGET_F16C static inline void ew_trigf_block(float *o, const float *x, int64_t n, int64_t q) {
    _Alignas(32) double rb[EW_VBLK], nb[EW_VBLK];
    int64_t i0 = 0;
    for (; i0 + EW_VBLK <= n; i0 += EW_VBLK) {
        const float *xb = x + i0;
        __m256i out = _mm256_setzero_si256();
        for (int j = 0; j < EW_VBLK; j += 8) out = _mm256_or_si256(out, ew_vout8(xb + j, 0x48ffffffu));   /* below 2^19 */
        if (!_mm256_testz_si256(out, out)) {
            for (int j = 0; j < EW_VBLK; j++) o[i0 + j] = ew_trigf_fma(xb[j], (uint64_t)q);
            continue;
        }
        for (int j = 0; j < EW_VBLK; j += 4) {
            const __m256d xd = _mm256_cvtps_pd(_mm_loadu_ps(xb + j));
            EW_TRIG_REDUCE(__m256d, _mm256_fmadd_pd, _mm256_sub_pd, _mm256_set1_pd, xd, nd, r);
            _mm256_store_pd(rb + j, r);
            _mm256_store_pd(nb + j, nd);
        }
        for (int j = 0; j < EW_VBLK; j += 4) {
            const __m256d r = _mm256_load_pd(rb + j);
            EW_TRIG_POLY(__m256d, _mm256_fmadd_pd, _mm256_mul_pd, _mm256_set1_pd, r, s, c);
            const __m256i quadrant = _mm256_add_epi64(_mm256_load_si256((const __m256i *)(nb + j)), _mm256_set1_epi64x(q));   /* low bits: n + q */
            const __m256d v = _mm256_blendv_pd(s, c, _mm256_castsi256_pd(_mm256_slli_epi64(quadrant, 63)));   /* odd: cos */
            const __m256i sign = _mm256_and_si256(_mm256_slli_epi64(quadrant, 62), _mm256_set1_epi64x(INT64_MIN));
            _mm_storeu_ps(o + i0 + j, _mm256_cvtpd_ps(_mm256_xor_pd(v, _mm256_castsi256_pd(sign))));
        }
    }
    for (; i0 < n; i0++) o[i0] = ew_trigf_fma(x[i0], (uint64_t)q);
}
EW_TARGET_F16C static inline void ew_sinf_block(float *o, const float *x, int64_t n) { ew_trigf_block(o, x, n, 0); }
EW_TARGET_F16C static inline void ew_cosf_block(float *o, const float *x, int64_t n) { ew_trigf_block(o, x, n, 1); }
#endif

/* ---- torch-level functions of issue 17 (logit, polygamma, mvlgamma, frexp, isclose;
   igamma is in csrc/special.c).
   Each computes in a wider type than its result (float in double, double in long double) and
   rounds once, so that it stays within an ulp of the true value where torch's own formulas
   (Math.h: a few asymptotic terms, lgamma sums) drift; torch's special values are kept. */
/* sin(pi x) with the argument reduced exactly: zero at the integers, accurate at large x */
static inline long double ew_sinpil(long double x) {
    long double r = x - 2 * nearbyintl(x / 2);          /* exact: r in [-1, 1] */
    if (r > 0.5L) r = 1 - r;
    else if (r < -0.5L) r = -1 - r;
    return sinl(3.141592653589793238462643383279502884L * r);
}
/* logit(x) = log(x / (1 - x)), x clamped to [eps, 1 - eps] first when eps >= 0; near 1/2 as
   log1p((2x - 1) / (1 - x)), which has no cancellation there */
#define EW_LOGIT(T, W) \
static inline T ew_logit_##T(T x, T eps) { \
    if (eps >= 0) { const T hi = 1 - eps; x = x < eps ? eps : (x > hi ? hi : x); } \
    const W w = x; \
    return (T)(w < (W)0.25 || w > 1 ? log(w / (1 - w)) : log1p((2 * w - 1) / (1 - w))); }
EW_LOGIT(float, double)
EW_LOGIT(double, long double)
#define ew_logit(x, eps) _Generic((x), float: ew_logit_float, double: ew_logit_double)((x), (eps))

/* Hurwitz zeta(s, q) for an integer s >= 2: the terms (q + k)^-s summed up to q + N >= 24 + s, then
   Euler-Maclaurin's tail with 12 Bernoulli terms (relative error below 2^-64 there).  A negative
   q sums through its negative terms (the series is the analytic one for an integer s); a pole
   (q a non-positive integer) is +inf, as torch's zeta returns. */
static inline long double ew_zeta_int(long double s, long double q) {
    static const long double B2K[12] = {   /* B_2k / (2k)! */
        8.33333333333333333333333333333333e-2L, -1.38888888888888888888888888888889e-3L,
        3.30687830687830687830687830687831e-5L, -8.26719576719576719576719576719577e-7L,
        2.08767569878680989792100903212015e-8L, -5.28419013868749318484768220217955e-10L,
        1.33825365306846788328269809751291e-11L, -3.38968029632258286683019539124945e-13L,
        8.58606205627784456413590545042563e-15L, -2.17486869855806187304151642386591e-16L,
        5.50900282836022951520265260890225e-18L, -1.39544646858125233407076862640635e-19L};
    if (q != q) return q;
    if (q <= 0 && q == floorl(q)) return INFINITY;
    if (q == INFINITY) return NAN;                      /* torch's loop ends on 0 / 0 */
    long double sum = 0;
    const long double lim = 24 + s;
    while (q < lim) { sum += powl(q, -s); q += 1; }
    /* tail: q^(1-s) / (s - 1) + q^-s / 2 + sum_k B2k/(2k)! s (s+1) ... (s+2k-2) q^(-s-2k+1) */
    const long double qs = powl(q, -s);
    long double tail = q * qs / (s - 1) + qs / 2, fac = s, t = qs / q;
    const long double iq2 = 1 / (q * q);
    for (int k = 0; k < 12; k++) {
        tail += B2K[k] * fac * t;
        fac *= (s + 2 * k + 1) * (s + 2 * k + 2);
        t *= iq2;
    }
    return sum + tail;
}
/* trigamma: the reflection psi1(x) = pi^2 / sin^2(pi x) - psi1(1 - x) below 1/2, the recurrence
   up to 24, then the asymptotic series (1/x + 1/2x^2 + sum B2k / x^(2k+1)) */
#define EW_TRIGAMMA(T, W) \
static inline T ew_trigamma_##T(T x_) { \
    W x = x_, result = 0, sign = 1; \
    if (x != x || x == -INFINITY) return (T)NAN; \
    if (x == INFINITY) return 0; \
    if (x < (W)0.5) { \
        const W sp = (W)ew_sinpil(x); \
        if (sp == 0) return (T)INFINITY; \
        sign = -1; \
        result = -(W)9.86960440108935861883449099987615114L / (sp * sp); \
        x = 1 - x; \
    } \
    while (x < 24) { result += 1 / (x * x); x += 1; } \
    const W z = 1 / (x * x); \
    const W series = (1 + (W)0.5 / x + z * ((W)1 / 6 + z * ((W)-1 / 30 + z * ((W)1 / 42 + z * ((W)-1 / 30 \
                     + z * ((W)5 / 66 + z * ((W)-691 / 2730 + z * ((W)7 / 6)))))))) / x; \
    return (T)(sign * (result + series)); }
EW_TRIGAMMA(float, double)
EW_TRIGAMMA(double, long double)
#define ew_trigamma(x) _Generic((x), float: ew_trigamma_float, double: ew_trigamma_double)(x)
/* polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x), n >= 2.  Below 0 (n <= 40), the reflection
   psi_n(x) = (-1)^n psi_n(1 - x) - pi D^n cot(pi x), D^n cot(pi x) = (-pi)^n Q_n(cot(pi x)) with
   Q_0 = c, Q_{k+1} = (1 + c^2) Q_k'(c): the direct sum through the negative terms cancels. */
static inline long double ew_polygamma_l(long double n, long double x) {
    if (x < 0 && n <= 40 && x != -INFINITY && x != floorl(x)) {
        long double q[43] = {0}, d[43];
        q[1] = 1;                                       /* Q_0 = c */
        for (int k = 0; k < (int)n; k++) {
            for (int i = 0; i < 43; i++) d[i] = 0;
            for (int i = 1; i <= k + 1; i++) {          /* Q_k' (1 + c^2) */
                d[i - 1] += i * q[i];
                d[i + 1] += i * q[i];
            }
            for (int i = 0; i < 43; i++) q[i] = d[i];
        }
        const long double sp = ew_sinpil(x), cp = ew_sinpil(x + 0.5L), c = cp / sp;
        long double poly = 0;
        for (int i = (int)n + 1; i >= 0; i--) poly = poly * c + q[i];
        const long double dcot = powl(-3.141592653589793238462643383279502884L, n) * poly;
        const long double sign = fmodl(n, 2) == 0 ? 1 : -1;
        return sign * ew_polygamma_l(n, 1 - x) - 3.141592653589793238462643383279502884L * dcot;
    }
    const long double z = ew_zeta_int(n + 1, x), f = expl(lgammal(n + 1));
    return (fmodl(n, 2) != 0 ? 1 : -1) * (f * z);
}
#define ew_polygamma(n, x) ((__typeof__(x))ew_polygamma_l((long double)(n), (long double)(x)))

/* lgamma(y) = log|Gamma(y)|; below 0 by the reflection log(pi / |sin(pi y)|) - lgamma(1 - y) with
   the argument of sin reduced exactly (glibc's lgammal loses digits next to the negative poles) */
static inline long double ew_lgammal(long double y) {
    if (y >= 0 || y != y || y == -INFINITY) return lgammal(y);
    const long double s = fabsl(ew_sinpil(y));
    if (s == 0) return INFINITY;
    return logl(3.141592653589793238462643383279502884L / s) - lgammal(1 - y);
}
/* lgamma(x - j/2): x - j/2 may not be exact in long double, which matters next to a negative
   pole; |sin(pi (x - j/2))| is |sin(pi x)| (j even) or |cos(pi x)| (j odd), of x itself */
static inline long double ew_lgammal_shift(long double x, long double j) {
    const long double y = x - j / 2;
    if (y >= 0 || y != y || y == -INFINITY) return lgammal(y);
    const long double s = fabsl(fmodl(j, 2) == 0 ? ew_sinpil(x) : ew_sinpil(x + 0.5L));
    if (s == 0) return INFINITY;
    return logl(3.141592653589793238462643383279502884L / s) - lgammal(1 - y);
}
/* mvlgamma(x, p) = p (p - 1) / 4 log(pi) + sum_{j < p} lgamma(x - j / 2), in long double */
static inline long double ew_mvlgamma_l(long double x, long double p) {
    long double s = p * (p - 1) / 4 * 1.14472988584940017414342735135305871L;
    for (long double j = 0; j < p; j += 1) s += ew_lgammal_shift(x, j);
    return s;
}
#define ew_mvlgamma(x, p) ((__typeof__(x))ew_mvlgamma_l((long double)(x), (long double)(p)))

/* tanhshrink = x - tanh(x): for |x| < 1/8 the series x^3/3 - 2x^5/15 + ... (no cancellation) */
#define EW_TANHSHRINK(T, W) \
static inline T ew_tanhshrink_##T(T x_) { \
    const W x = x_, z = x * x; \
    if (fabs(x) >= (W)0.125 || x != x) return (T)(x - tanh(x)); \
    static const W C[11] = {1.0L / 3, -2.0L / 15, 17.0L / 315, -62.0L / 2835, 1382.0L / 155925, -21844.0L / 6081075, \
        929569.0L / 638512875, -6404582.0L / 10854718875, 443861162.0L / 1856156927625, \
        -18888466084.0L / 194896477400625, 113927491862.0L / 2900518163668125}; \
    W r = 0; \
    for (int k = 10; k >= 0; k--) r = r * z + C[k]; \
    return (T)(x * z * r + 0); }      /* (+0 where torch's x - tanh(x) is: -0 - -0) */
EW_TANHSHRINK(float, double)
EW_TANHSHRINK(double, long double)
#define ew_tanhshrink(x) _Generic((x), float: ew_tanhshrink_float, double: ew_tanhshrink_double)(x)

/* frexp: the mantissa in [0.5, 1) and the exponent (C's frexp: 0 for zero, inf and nan) */
static inline int32_t ew_frexp_exp_f(double x) { int e; frexp(x, &e); return isfinite(x) ? e : 0; }
#define ew_frexp_mant(x) ({ int ew_e_; frexp((x), &ew_e_); })
#define ew_frexp_exp(x) ew_frexp_exp_f((double)(x))

/* isclose as torch's composite: a == b, or both nan (equal_nan), or |a - b| finite and at most
   atol + |rtol b|, each step rounded to the dtype as torch's ops round it */
#define ew_isclose(a, b, rtol, atol, eqnan) ({ \
    const __typeof__(a) ew_a_ = (a), ew_b_ = (b); \
    const __typeof__(fabs(ew_a_)) ew_act_ = ew_rnd(fabs(ew_rnd(ew_a_ - ew_b_))); \
    const __typeof__(fabs(ew_a_)) ew_allow_ = ew_rnd((atol) + ew_rnd(fabs(ew_rnd((rtol) * ew_b_)))); \
    (ew_a_ == ew_b_) || ((eqnan) && ew_a_ != ew_a_ && ew_b_ != ew_b_) || (isfinite(ew_act_) && ew_act_ <= ew_allow_); })

/* ---- nn.functional's activations.  float (and float16/bfloat16, computed in float) evaluate in
   double and round once; double in long double.  Where torch's formula cancels (gelu's 1 +
   erf(x / sqrt 2) for x < 0, 1 + tanh(u)), an equivalent form that does not is used. */
/* e^t in double for t in [-200, 200] (callers clamp), branch-free as ew_expf_fma, so that gcc
   vectorises the AVX2 flavour's loops: relative error 2^-51 */
static inline double ew_exp_fma_d(double t) {
    EW_EXP_REDUCE(double, fma, EW_DSUB, EW_DCONST, t, kd, r);
    EW_EXP_POLY(double, fma, EW_DMUL, EW_DCONST, r, p);
    return ew_u2d(ew_d2u(p) + (ew_d2u(kd) << 52));
}
static inline double ew_clampd(double t, double lo, double hi) { return t < lo ? lo : (t > hi ? hi : t); }
/* silu = x / (1 + e^-x); torch gives nan at -inf (-inf / inf) */
static inline float ew_silu_float(float x) {
    const double e = ew_exp_fma_d(ew_clampd(-(double)x, -200, 200));
    const float r = (float)((double)x / (1 + e));
    return ew_sel_f(0u - (uint32_t)(x == -INFINITY), NAN, r);
}
static inline double ew_silu_double(double x) {
    if (x == -INFINITY) return NAN;
    return (double)((long double)x / (1 + expl(-(long double)x)));
}
#define ew_silu(x) _Generic((x), float: ew_silu_float, double: ew_silu_double)(x)
/* mish = x tanh(log1p(e^x)) = x n / (n + 2), n = e^x (e^x + 2) */
static inline float ew_mish_float(float x) {
    const double e = ew_exp_fma_d(ew_clampd((double)x, -200, 40)), n = e * (e + 2);
    return (float)((double)x * n / (n + 2));
}
static inline double ew_mish_double(double x) {
    const long double e = expl(x > 40 ? 40 : (long double)x), n = e * (e + 2);
    return (double)((long double)x * n / (n + 2));
}
#define ew_mish(x) _Generic((x), float: ew_mish_float, double: ew_mish_double)(x)
/* gelu, approximate='none': x / 2 erfc(-x / sqrt 2) (no cancellation for x < 0) */
static inline float ew_gelu_float(float x) { return (float)((double)x * 0.5 * erfc(-(double)x * 0.70710678118654752440)); }
static inline double ew_gelu_double(double x) {
    return (double)((long double)x * 0.5L * erfcl(-(long double)x * 0.707106781186547524400844362104849039L));
}
#define ew_gelu(x) _Generic((x), float: ew_gelu_float, double: ew_gelu_double)(x)
/* gelu, approximate='tanh': x / 2 (1 + tanh u) = x / (1 + e^-2u), u = sqrt(2/pi) (x + 0.044715 x^3);
   torch gives nan at -inf (-inf * 0) */
static inline float ew_gelu_tanh_float(float x) {
    /* torch's constants, as floats: kBeta = sqrt(2) 2/sqrt(pi) / 2, kKappa = 0.044715 */
    const double xd = x, u = (double)0.79788456080286535588f * (xd + (double)0.044715f * xd * xd * xd);
    const float r = (float)(xd / (1 + ew_exp_fma_d(ew_clampd(-2 * u, -200, 200))));
    return ew_sel_f(0u - (uint32_t)(x == -INFINITY), NAN, r);
}
static inline double ew_gelu_tanh_double(double x) {
    if (x == -INFINITY) return NAN;
    const long double xd = x, u = (long double)0.79788456080286535588 * (xd + (long double)0.044715 * xd * xd * xd);
    const long double t = -2 * u;
    return (double)(xd / (1 + expl(t > 20000 ? 20000 : t)));
}
#define ew_gelu_tanh(x) _Generic((x), float: ew_gelu_tanh_float, double: ew_gelu_tanh_double)(x)
/* elu family (elu, selu, celu): x > 0 ? x scale : alpha scale (e^(x input_scale) - 1), the
   coefficients as torch forms them (alpha * scale in the computation type); a zero x is x scale
   (torch's 0 for a negative or nan alpha, where alpha (e^0 - 1) would be -0 or nan) */
#define EW_ELU(T, W) \
static inline T ew_elu_##T(T x, T alpha, T scale, T iscale) { \
    const T negcoef = alpha * scale; \
    return x >= 0 ? x * scale : (T)((W)negcoef * expm1((W)x * (W)iscale)); }
EW_ELU(float, double)
EW_ELU(double, long double)
#define ew_elu(x, a, s, i) _Generic((x), float: ew_elu_float, double: ew_elu_double)((x), (a), (s), (i))
/* softplus: x where x beta > threshold, else log1p(e^(x beta)) / beta */
#define EW_SOFTPLUS(T, W) \
static inline T ew_softplus_##T(T x, T beta, T threshold) { \
    return x * beta > threshold ? x : (T)(log1p(exp((W)x * (W)beta)) / (W)beta); }
EW_SOFTPLUS(float, double)
EW_SOFTPLUS(double, long double)
#define ew_softplus(x, b, t) _Generic((x), float: ew_softplus_float, double: ew_softplus_double)((x), (b), (t))
/* log_sigmoid = min(x, 0) - log1p(e^-|x|) */
#define EW_LOGSIGMOID(T, W) \
static inline T ew_logsigmoid_##T(T x) { \
    const W w = x; \
    return (T)((w < 0 ? w : 0) - log1p(exp(-fabs(w)))); }
EW_LOGSIGMOID(float, double)
EW_LOGSIGMOID(double, long double)
#define ew_logsigmoid(x) _Generic((x), float: ew_logsigmoid_float, double: ew_logsigmoid_double)(x)
/* hardsigmoid = min(max(x + 3, 0), 6) / 6, hardswish = x hardsigmoid(x): in the wider type */
#define EW_HARD(T, W) \
static inline T ew_hardsigmoid_##T(T x) { \
    const W t = (W)x + 3; \
    return (T)((t != t ? t : (t < 0 ? 0 : (t > 6 ? 6 : t))) / 6); } \
static inline T ew_hardswish_##T(T x) { \
    const W t = (W)x + 3; \
    return (T)((W)x * (t != t ? t : (t < 0 ? 0 : (t > 6 ? 6 : t))) / 6); }
EW_HARD(float, double)
EW_HARD(double, long double)
#define ew_hardsigmoid(x) _Generic((x), float: ew_hardsigmoid_float, double: ew_hardsigmoid_double)(x)
#define ew_hardswish(x) _Generic((x), float: ew_hardswish_float, double: ew_hardswish_double)(x)

/* ---- The vector-math headers: the static C of csrc/ gets them all; a rendered shard defines
   EW_SHARD and includes after this file only those whose names it uses (codegen/headers.py), so
   that its object's key covers only them and an edit of one recompiles the shards using it.
   Each may use the headers above it in this block, never one below. */
#ifndef EW_SHARD
#include "special_fast.h" /* fast float32 special functions (erfinv, ...) */
#include "vmath_more.h" /* float32 logs, exp2, tan, inverse and hyperbolic trig, atan2, hypot, logaddexp (mathfast) */
#include "vmath.h"      /* float32 expm1, tanh, log, log1p and the activations on them (issue 17) */
#include "vspecial.h"   /* float32 special functions at speed (issue 17, branch vspecial) */
#include "vbessel.h"    /* float32 Bessel J, Y, spherical j0, Airy Ai at speed (issue 17, bessel17) */
#include "vlog.h"       /* float32 log, log2, log10 in AVX-512, correctly rounded (issue 17, vlog) */
#include "vexp.h"       /* float32 exp family in AVX-512 blocks, correctly rounded (issue 17) */
#include "verf.h"       /* float32 erf, erfc, gelu, ndtr correctly rounded (issue 17) */
#endif

#endif
