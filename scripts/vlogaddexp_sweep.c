/* Check of ew_vl_logaddexpf_block (csrc/vlogc.c, issue 17, branch vlog17) against the element
   function it stands for, ew_logaddexpf_fma (vmath_more.h): bit for bit.

       gcc -O3 -std=gnu11 -ffp-contract=off -fno-math-errno -fno-trapping-math \
           -Icsrc -Igenerated -o /tmp/vlogaddexp_sweep scripts/vlogaddexp_sweep.c csrc/special.c -lm
       /tmp/vlogaddexp_sweep [pairs]

   1. every float d in [0, 88]: the block's w = e^-d (8-double lanes) equals the element's;
   2. every float w in [2^-126, 1]: the block's log1p w, where its rounding test passes, equals
      the element's float log1p (log of 1 + w in double plus the rounding correction);
   3. random pairs (random bit patterns, normal-ish values, near-equal pairs, infinities, nans)
      and a grid of edge values through the whole block, broadcast operands included.
   Prints the counts of differences (none may be) and of lanes the log1p test declines. */
#include "prelude.h"
#include "vlogc.c"
#include <stdio.h>
#include <stdlib.h>

static float elem_w(float d) { return (float)ew_mf_expd(-(d < 200 ? (double)d : 200.0)); }
static float elem_l(float w) {
    double e;
    const double lm = ew_mf_logparts(1 + (double)w, &e), opw = 1 + (double)w, corr = ((double)w - (opw - 1)) / opw;
    return (float)(fma(e, EW_MF_LN2, lm) + corr);
}
/* the block's two steps on 16 floats d: w (l ignored), and l where its test passes */
EW_TARGET_V8 static void block_w(float *w, const float *d, int n) {
    const __m512d tab[4] = {_mm512_loadu_pd(EW_VLOG_INVC), _mm512_loadu_pd(EW_VLOG_INVC + 8),
                            _mm512_loadu_pd(EW_VLOG_LOGC_E), _mm512_loadu_pd(EW_VLOG_LOGC_E + 8)};
    for (int i = 0; i < n; i += 8) {
        __m256 w8;
        __mmask8 ok;
        ew_vl_lae8(_mm512_cvtps_pd(_mm256_loadu_ps(d + i)), tab, &w8, &ok);
        _mm256_storeu_ps(w + i, w8);
    }
}
/* log1p of every w through the block's path: d = 0 gives w = 1 exactly, so the w are fed in
   directly, as the block's second step computes them (u = 1 + w in double, w itself below 2^-25) */
EW_TARGET_V8 static long block_l(float *l, unsigned short *ok, const float *w, int n) {
    static const double Q[6] = {EW_VLOG_Q_E};
    const __m512d tab[4] = {_mm512_loadu_pd(EW_VLOG_INVC), _mm512_loadu_pd(EW_VLOG_INVC + 8),
                            _mm512_loadu_pd(EW_VLOG_LOGC_E), _mm512_loadu_pd(EW_VLOG_LOGC_E + 8)};
    long failed = 0;
    for (int i = 0; i < n; i += 8) {
        const __m256 wf = _mm256_loadu_ps(w + i);
        __mmask8 k;
        const __m256 r = _mm512_cvtpd_ps(ew_vl_logcore8(_mm512_add_pd(_mm512_set1_pd(1.0), _mm512_cvtps_pd(wf)), tab, Q, EW_VLOG_K_E, EW_VLOG_S_E, &k));
        _mm256_storeu_ps(l + i, r);
        for (int j = 0; j < 8; j++) if (w[i + j] < 0x1p-25f) { l[i + j] = w[i + j]; k |= (__mmask8)(1u << j); }
        ok[i / 8] = k;
        failed += __builtin_popcount((unsigned char)~k);
    }
    return failed;
}
static uint64_t rng = 88172645463325252ull;
static uint32_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (uint32_t)(rng >> 16); }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static float rnd(void) {
    const uint32_t k = next() % 6, r = next();
    if (k == 0) return u2f(next());                                   /* any bit pattern */
    if (k == 1) return (float)((int32_t)r) * 0x1p-28f;                /* |x| < 8 */
    if (k == 2) return (float)((int32_t)r) * 0x1p-22f;                /* |x| < 512 */
    if (k == 3) return (float)((int32_t)r) * 0x1p-40f;                /* tiny */
    if (k == 4) { static const float s[] = {INFINITY, -INFINITY, NAN, 0.0f, -0.0f, 87.0f, 88.0f, 87.5f, 0x1p-100f, 1e30f};
                  return s[r % 10]; }
    return 0;                                                          /* the pair's other operand, nudged */
}

int main(int argc, char **argv) {
    const long pairs = argc > 1 ? atol(argv[1]) : 100000000;
    enum { M = 1 << 16 };
    static float x[M], y[M], z[M], o[M];
    static unsigned short ok[M / 8];
    long nw = 0, bw = 0, nl = 0, bl = 0, declined = 0, np = 0, bp = 0;
    /* 1. w for every float d in [0, 88] */
    for (uint32_t u0 = 0; u0 <= 0x42b00000u; u0 += M) {
        for (int j = 0; j < M; j++) x[j] = u2f(u0 + j);
        block_w(y, x, M);
        for (int j = 0; j < M; j++) if (u0 + j <= 0x42b00000u) { nw++; const float e = elem_w(x[j]); if (memcmp(&e, &y[j], 4)) { bw++; if (bw < 10) printf("W %a %a %a\n", x[j], y[j], e); } }
    }
    /* 2. log1p w for every float w in [2^-126, 1] */
    for (uint32_t u0 = 0x00800000u; u0 <= 0x3f800000u; u0 += M) {
        for (int j = 0; j < M; j++) x[j] = u2f(u0 + j <= 0x3f800000u ? u0 + j : 0x3f800000u);
        declined += block_l(y, ok, x, M);
        for (int j = 0; j < M; j++) if (u0 + j <= 0x3f800000u) {
            nl++;
            if (!((ok[j / 8] >> (j % 8)) & 1)) continue;
            const float e = elem_l(x[j]);
            if (memcmp(&e, &y[j], 4)) { bl++; if (bl < 10) printf("L %a %a %a\n", x[j], y[j], e); }
        }
    }
    /* 3. pairs through the whole block, and a broadcast operand */
    for (long done = 0; done < pairs; done += M) {
        for (int j = 0; j < M; j++) {
            x[j] = rnd(); z[j] = rnd();
            if (next() % 4 == 0) z[j] = x[j] + (float)((int32_t)next() >> 20) * 0x1p-20f * (x[j] == x[j] ? 1.0f : 0.0f);
        }
        ew_vl_logaddexpf_block(o, x, 1, z, 1, M);
        for (int j = 0; j < M; j++) { np++; const float e = ew_logaddexpf_fma(x[j], z[j]); if (memcmp(&e, &o[j], 4) && !(e != e && o[j] != o[j])) { bp++; if (bp < 10) printf("P %a %a %a %a\n", x[j], z[j], o[j], e); } }
        ew_vl_logaddexpf_block(o, x, 1, z, 0, M);
        for (int j = 0; j < M; j++) { np++; const float e = ew_logaddexpf_fma(x[j], z[0]); if (memcmp(&e, &o[j], 4) && !(e != e && o[j] != o[j])) { bp++; if (bp < 10) printf("P %a %a %a %a\n", x[j], z[0], o[j], e); } }
    }
    /* the edge grid: every pair of a list of edge values */
    static const float E[] = {0.0f, -0.0f, 1.0f, -1.0f, 0x1p-149f, -0x1p-149f, 0x1p-126f, 0x1p-100f, 0x1.fffffep-101f, 87.0f, 87.00001f, 87.5f, 88.0f,
                              87.99999f, -87.0f, -88.0f, 100.0f, -100.0f, 3.4028235e38f, -3.4028235e38f, INFINITY, -INFINITY, NAN, 1e-30f, 16.63553f, 0x1p-25f};
    const int ne = sizeof E / sizeof *E;
    int k = 0;
    for (int i = 0; i < ne; i++) for (int j = 0; j < ne; j++) { x[k] = E[i]; z[k] = E[j]; k++; }
    ew_vl_logaddexpf_block(o, x, 1, z, 1, k);
    for (int j = 0; j < k; j++) { np++; const float e = ew_logaddexpf_fma(x[j], z[j]); if (memcmp(&e, &o[j], 4) && !(e != e && o[j] != o[j])) { bp++; printf("G %a %a %a %a\n", x[j], z[j], o[j], e); } }
    printf("w: %ld d, %ld differ; log1p: %ld w, %ld differ, %ld declined (%.2e); pairs: %ld, %ld differ\n",
           nw, bw, nl, bl, declined, (double)declined / nl, np, bp);
    return bw || bl || bp;
}
