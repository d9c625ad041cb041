/* Exhaustive check of the float32 softplus block (csrc/vlogc.c, ew_vl_softplusf_block; branch
   param17): every float32 x through the block and the element function ew_vsoftplusf (vmath.h),
   for one beta and threshold.  The block repeats the element function's operations, so every
   bit pattern must agree.

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/vsoftplus_sweep scripts/vsoftplus_sweep.c csrc/special.c -lm
       /tmp/vsoftplus_sweep BETA THRESHOLD */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }
#include "vlogc.c"

int main(int argc, char **argv) {
    const float beta = argc > 1 ? strtof(argv[1], 0) : 1.0f, th = argc > 2 ? strtof(argv[2], 0) : 20.0f;
    enum { M = 1 << 16 };
    static float x[M], y[M];
    long diff = 0;
    for (uint64_t s = 0; s < (1ull << 32); s += M) {
        for (int j = 0; j < M; j++) { const uint32_t u = (uint32_t)(s + j); memcpy(&x[j], &u, 4); }
        ew_vl_softplusf_v16(y, x, M, beta, th);
        for (int j = 0; j < M; j++) {
            const float e = ew_vsoftplusf(x[j], beta, th);
            if (memcmp(&e, &y[j], 4) != 0) {
                diff++;
                if (diff <= 200) printf("DIFF %08x %a %a %a\n", (uint32_t)(s + j), x[j], y[j], e);
            }
        }
    }
    printf("beta %g threshold %g: 4294967296 inputs, %ld differences\n", beta, th, diff);
    return 0;
}
