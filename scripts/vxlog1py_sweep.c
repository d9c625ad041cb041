/* Check of the float32 special.xlog1py block (csrc/vlogc.c, ew_vl_xlog1pyf_block; branch log17)
   against the element function (special.c's xlog1py in double, rounded to float): for each x
   given, every float32 y (2^32) through the block with x broadcast; then `pairs` random pairs
   (random bit patterns and uniform values for both) with both operands contiguous.

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/vxlog1py_sweep scripts/vxlog1py_sweep.c csrc/special.c -lm
       /tmp/vxlog1py_sweep PAIRS X...

   Prints every difference ("DIFF x y block elem") and the counts. */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }
static long redone;
static inline float counted(float x, float y) { redone++; return (float)ew_sp_xlog1py((double)x, (double)y); }
#define EW_VXLOG1PY_ELEM counted
#include "vlogc.c"

static long diff;
static void compare(const float *x, const float *y, const float *got, int m) {
    for (int j = 0; j < m; j++) {
        const float e = (float)ew_sp_xlog1py((double)x[j], (double)y[j]);
        if (memcmp(&e, &got[j], 4) != 0 && ++diff <= 50) printf("DIFF %a %a %a %a\n", x[j], y[j], got[j], e);
    }
}
static uint64_t rng = 88172645463325252ull;
static uint32_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (uint32_t)rng; }
static float draw(void) {
    const uint32_t u = next();
    if (u & 1) { float f; const uint32_t b = next(); memcpy(&f, &b, 4); return f; }
    return (float)(next() * 0x1p-32 * 4 - 1);
}

int main(int argc, char **argv) {
    enum { M = 1 << 16 };
    static float x[M], y[M], got[M];
    const long pairs = argc > 1 ? atol(argv[1]) : 0;
    long inputs = 0;
    for (int k = 2; k < argc; k++) {
        const float xv = strtof(argv[k], 0);
        for (int j = 0; j < M; j++) x[j] = xv;
        for (uint64_t s = 0; s < (1ull << 32); s += M) {
            for (int j = 0; j < M; j++) { const uint32_t u = (uint32_t)(s + j); memcpy(&y[j], &u, 4); }
            ew_vl_xlog1pyf_v16(got, &xv, 0, y, 1, M);
            compare(x, y, got, M);
            inputs += M;
        }
    }
    for (long p = 0; p < pairs; p += M) {
        for (int j = 0; j < M; j++) { x[j] = draw(); y[j] = draw(); }
        ew_vl_xlog1pyf_v16(got, x, 1, y, 1, M);
        compare(x, y, got, M);
        inputs += M;
    }
    printf("xlog1py: %ld inputs, %ld differences, %ld lanes redone\n", inputs, diff, redone);
    return diff != 0;
}
