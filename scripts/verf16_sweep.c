/* Exhaustive check of verfc.c's float-lane blocks (issue 17, branch erf17): every one of the 2^32
   float inputs through the AVX-512 block, against the element function (correctly rounded, the
   reference the block must equal bit for bit); and, with "err", the largest relative error of
   the fast path's float pair before its rounding test (long double reference), which sets EPS.

       gcc -O2 -march=native -I csrc -I generated scripts/verf16_sweep.c csrc/special.c -o /tmp/verf16_sweep -lm
       /tmp/verf16_sweep erf|erfinv|gelu|erfc|ndtr [step]        (step: every step-th pattern; 1 = all;
                                                        VERF16_PRINT=n: print n differences, 50)
       /tmp/verf16_sweep erf|erfinv|gelu|erfc|ndtr err [step]    (erfinv's long-double reference is slow: step 64) */
#include "prelude.h"
#include "verfc.c"
#include <stdio.h>
#include <time.h>

int ew_use_avx2(void) { return 1; }
void ew_h2f_n(const uint16_t *restrict s, float *restrict d, int64_t n) { (void)s; (void)d; (void)n; }
void ew_f2h_n(const float *restrict s, uint16_t *restrict d, int64_t n) { (void)s; (void)d; (void)n; }
void ew_b2f_n(const uint16_t *restrict s, float *restrict d, int64_t n) { (void)s; (void)d; (void)n; }
void ew_f2b_n(const float *restrict s, uint16_t *restrict d, int64_t n) { (void)s; (void)d; (void)n; }

enum { NF = 5 };
static const char *names[NF] = {"erf", "erfinv", "gelu", "erfc", "ndtr"};
static float elem(int f, float x) {
    return f == 4 ? ew_vndtrf(x) : f == 3 ? ew_verfcf(x) : f == 2 ? ew_vgeluf(x) : f ? ew_verfinvf(x) : ew_verff(x);
}
static void block(int f, float *o, const float *x, int64_t n) {
    if (f == 4) ew_ve_ndtrf_block(o, x, n);
    else if (f == 3) ew_ve_erfcf_block(o, x, n);
    else if (f == 2) ew_ve_geluf_block(o, x, n);
    else if (f) ew_ve_erfinvf_block(o, x, n);
    else ew_ve_erff_block(o, x, n);
}

/* the fast path's pair for 16 inputs a >= 0 of its range, and the true value in long double */
EW_TARGET_VX static void pair(int f, const float *a, float *h, float *l) {
    __m512 lo;
    const __m512 av = _mm512_loadu_ps(a);
    _mm512_storeu_ps(h, f == 4 ? ew_vf_ndtr_q(av, &lo) : f == 3 ? ew_vf_erfc_pair(av, &lo) : f == 2 ? ew_vf_gelu_p(av, &lo)
                        : f ? ew_vf_erfinv_pair(av, &lo) : ew_vf_erf_pair(av, &lo));
    _mm512_storeu_ps(l, lo);
}
/* gelu's pair is P = a ndtr(-a) (the block's -P for x = -a, x - P for x = a); erfc's erfc(a)
   (2 - it for x = -a); ndtr's Q(a) = ndtr(-a) (1 - it for x = a) */
static long double truth(int f, float a) {
    if (f == 4) return 0.5L * erfcl((long double)a * 0.707106781186547524400844362104849039L);
    if (f == 3) return erfcl((long double)a);
    if (f == 2) return (long double)a * 0.5L * erfcl((long double)a * 0.707106781186547524400844362104849039L);
    return f ? ew_erfinv((long double)a) : erfl((long double)a);
}
/* [2^-64, 4), [2^-64, 1 - 2^-7], [2^-60, 8), [2^-64, 5.65] and [2^-64, 8) */
static const uint32_t err_lo[NF] = {0x1f800000u, 0x1f800000u, 0x21800000u, 0x1f800000u, 0x1f800000u},
                      err_hi[NF] = {0x40800000u, 0x3f7e0001u, 0x41000000u, 0x40b4cccdu + 1, 0x41000000u};

static int sweep_err(int f, uint64_t step) {
    long double worst = 0;
    float worst_a = 0;
    for (uint64_t u = err_lo[f]; u < err_hi[f]; u += 16 * step) {
        float a[16], h[16], l[16];
        for (int j = 0; j < 16; j++) a[j] = ew_u2f((uint32_t)(u + j * step < err_hi[f] ? u + j * step : err_hi[f] - 1));
        pair(f, a, h, l);
        for (int j = 0; j < 16; j++) {
            const long double t = truth(f, a[j]), e = fabsl(((long double)h[j] + l[j]) / t - 1);
            if (e > worst) { worst = e; worst_a = a[j]; }
        }
    }
    printf("%s: worst relative error of the pair 2^%.2f at %a\n", names[f], (double)log2l(worst), worst_a);
    return 0;
}

int main(int argc, char **argv) {
    int f = 0;
    for (int k = 0; k < NF; k++) if (argc > 1 && !strcmp(argv[1], names[k])) f = k;
    if (argc > 2 && !strcmp(argv[2], "err")) return sweep_err(f, argc > 3 ? strtoull(argv[3], 0, 0) : 1);
    const uint64_t step = argc > 2 ? strtoull(argv[2], 0, 0) : 1;
    const uint64_t maxprint = getenv("VERF16_PRINT") ? strtoull(getenv("VERF16_PRINT"), 0, 0) : 50;
    enum { B = 1 << 16 };
    static float xs[B], ys[B];
    uint64_t diff = 0;
    clock_t t0 = clock();
    const uint64_t total = (1ull << 32) / step;
    for (uint64_t u = 0; u < total; u += B) {
        const int64_t n = total - u < B ? (int64_t)(total - u) : B;
        for (int64_t j = 0; j < n; j++) xs[j] = ew_u2f((uint32_t)((u + j) * step));
        /* runs of 1 to 64 lanes: every start lane, every masked tail */
        for (int64_t at = 0, len = 1; at < n; at += len, len = len % 64 + 1)
            block(f, ys + at, xs + at, at + len <= n ? len : n - at);
        for (int64_t j = 0; j < n; j++) {
            const float r = elem(f, xs[j]);
            if (ew_f2u(r) != ew_f2u(ys[j]) && diff++ < maxprint)
                printf("diff %s %a (0x%08x): block %a element %a\n", names[f], xs[j], ew_f2u(xs[j]), ys[j], r);
        }
    }
    printf("%s: %llu inputs, %llu differ from the element function, %.1f s\n", names[f], (unsigned long long)total,
           (unsigned long long)diff, (double)(clock() - t0) / CLOCKS_PER_SEC);
    return 0;
}
