/* Check of the float32 logaddexp2 block (csrc/vlogc.c, ew_vl_logaddexp2f_block; branch param17)
   against its element function ew_logaddexp2f_fma (vmath_more.h), whose operations it repeats:
   N random pairs (bit patterns, normal values of a few scales, near-equal pairs, |a - b| near
   the clamp at 200, infinities and nans), contiguous and with either operand broadcast, plus
   every pair of a grid of edge values.  Every result must have the element function's bits, but
   for two nan operands: a + b, which nan's payload and sign survive depends on the order gcc
   gives the add's operands (counted apart, as "nan pairs").

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/vlogaddexp2_sweep scripts/vlogaddexp2_sweep.c csrc/special.c -lm
       /tmp/vlogaddexp2_sweep [N] */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }
#include "vlogc.c"

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return (uint32_t)(rs >> 11); }
static float uf(void) { return (float)(rnd() & 0xffffff) / 16777216.0f; }
static float pick(int k, float other) {
    uint32_t u;
    switch (k) {
    case 0: u = rnd(); float f; memcpy(&f, &u, 4); return f;
    case 1: return (uf() - 0.5f) * 20;
    case 2: return (uf() - 0.5f) * 400;
    case 3: return other + (uf() - 0.5f) * 1e-3f;
    case 4: return other + (rnd() & 1 ? 200.0f : -200.0f) + (uf() - 0.5f) * 1e-3f;
    default: { static const float S[4] = {INFINITY, -INFINITY, NAN, 0.0f}; return S[rnd() & 3]; }
    }
}
static long nanpairs;
static long check(const float *a, int sa, const float *b, int sb, int64_t n) {
    static float o[1 << 16];
    long diff = 0;
    ew_vl_logaddexp2f_v16(o, a, sa, b, sb, n);
    for (int64_t i = 0; i < n; i++) {
        const float e = ew_logaddexp2f_fma(a[i * sa], b[i * sb]);
        if (memcmp(&e, &o[i], 4) == 0) continue;
        if (a[i * sa] != a[i * sa] && b[i * sb] != b[i * sb] && e != e && o[i] != o[i]) { nanpairs++; continue; }
        if (++diff <= 20) printf("DIFF %a %a %a %a\n", a[i * sa], b[i * sb], o[i], e);
    }
    return diff;
}
int main(int argc, char **argv) {
    const long N = argc > 1 ? atol(argv[1]) : 100000000;
    enum { M = 1 << 16 };
    static float a[M], b[M];
    long diff = 0, done = 0;
    while (done < N) {
        for (int j = 0; j < M; j++) {
            const int k = (int)(rnd() % 6);
            a[j] = pick(k == 3 || k == 4 ? 1 : k, 0);
            b[j] = pick(k, a[j]);
        }
        diff += check(a, 1, b, 1, M) + check(a, 1, b + (rnd() % M), 0, M) + check(a + (rnd() % M), 0, b, 1, M);
        done += M;
    }
    static const float E[] = {0.0f, -0.0f, 1.0f, -1.0f, 0x1p-149f, 0x1p-126f, 199.0f, 200.0f, 201.0f, -200.0f, 3.4028235e38f,
                              -3.4028235e38f, INFINITY, -INFINITY, NAN, 1e-30f, 127.0f, 128.0f, -150.0f};
    const int ne = sizeof E / sizeof E[0];
    int m = 0;
    for (int i = 0; i < ne; i++) for (int j = 0; j < ne; j++) { a[m] = E[i]; b[m] = E[j]; m++; }
    diff += check(a, 1, b, 1, m);
    printf("%ld random pairs (x3 walks) + %d x %d edge grid: %ld differences (%ld nan pairs)\n", done, ne, ne, diff, nanpairs);
    return 0;
}
