/* Checks csrc/vpow.c's float32 pow against powl rounded once to float (64-bit intermediate):
   the AVX-512 block and the element function on random pairs of six kinds (random bits; the
   benchmark's uniform (0.05, 0.95); x in [0.5, 1) with y up to 2^17; x near 1 with y up to 2^21;
   results near 2^128 and 2^-125.5, the fast path's ends; small rationals to integer and
   half-integer powers, where exact results and ties live).  Also counts glibc's powf's misses.
       gcc -O2 -march=native -I csrc -I generated scripts/vpow_sweep.c -o /tmp/vpow_sweep -lm
       /tmp/vpow_sweep [rounds of 2^20 pairs, default 96] */
#include "../csrc/vpow.c"
#include <stdio.h>
#include <stdlib.h>

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static int same(float a, float b) { return ew_f2u(a) == ew_f2u(b) || (a != a && b != b); }

int main(int argc, char **argv) {
    const int64_t n = 1 << 20;
    const long rounds = argc > 1 ? atol(argv[1]) : 96;
    float *x = malloc(n * 4), *y = malloc(n * 4), *o = malloc(n * 4);
    long block_bad = 0, elem_bad = 0, powf_bad = 0, total = 0;
    for (long rd = 0; rd < rounds; rd++) {
        const int mode = (int)(rd % 6);
        for (int64_t i = 0; i < n; i++) {
            const uint64_t v = next();
            const double u = (double)(v & 0xffffff) / 16777216.0, w = (double)((v >> 24) & 0xffffff) / 16777216.0;
            if (mode == 0) { x[i] = ew_u2f((uint32_t)v); y[i] = ew_u2f((uint32_t)(v >> 32)); }
            else if (mode == 1) { x[i] = (float)(0.05 + 0.9 * u); y[i] = (float)(0.05 + 0.9 * w); }
            else if (mode == 2) { x[i] = ew_u2f(0x3f000000u + (uint32_t)(v & 0x7fffff)); y[i] = (float)((int64_t)(v >> 40) - (1 << 23)) / 64.0f; }
            else if (mode == 3) { x[i] = ew_u2f(0x3f7e0000u + (uint32_t)(v & 0x3ffff)); y[i] = ew_u2f(0x40000000u + (uint32_t)((v >> 32) % 0x0a800000u)); }
            else if (mode == 4) {
                x[i] = ew_u2f(0x3a800000u + (uint32_t)(v % 0x0a000000u));
                const double t = ((v >> 40) & 1 ? 128.0 : -125.5) + ((double)((v >> 41) & 0xffff) - 32768.0) / 65536.0;
                y[i] = (float)(t / log2((double)x[i]));
            } else { x[i] = (float)((v & 63) + 1) / (float)(1 << ((v >> 6) & 7)); y[i] = (float)((int)((v >> 9) & 15) - 7) / (float)(1 << ((v >> 13) & 3)); }
        }
        ew_vp_powf_block(o, x, 1, y, 1, n);
        for (int64_t i = 0; i < n; i++) {
            const float want = (float)powl(x[i], y[i]);
            if (!same(o[i], want) && block_bad++ < 10) printf("block: x=%a y=%a got %a want %a\n", x[i], y[i], o[i], want);
            if (!same(ew_vp_powf(x[i], y[i]), want)) elem_bad++;
            if (!same(powf(x[i], y[i]), want)) powf_bad++;
        }
        total += n;
    }
    printf("%ld pairs: block differs from powl on %ld, the element function on %ld; glibc powf on %ld\n",
           total, block_bad, elem_bad, powf_bad);
    return block_bad || elem_bad;
}
