/* Check of ew_vl_logsigmoidf_block (csrc/vlogc.c, issue 17, branch vlog17): every float32
   through the block and through the element function it stands for, ew_vlogsigmoidf (vmath.h,
   the AVX2 flavour's values); they must agree bit for bit (nans: both nan).

       gcc -O3 -std=gnu11 -ffp-contract=off -fno-math-errno -fno-trapping-math \
           -Icsrc -Igenerated -o /tmp/vlogsigmoid_sweep scripts/vlogsigmoid_sweep.c csrc/special.c -lm
       /tmp/vlogsigmoid_sweep */
#include "prelude.h"
#include "vlogc.c"
#include <stdio.h>

int main(void) {
    enum { M = 1 << 16 };
    static float x[M], y[M];
    long n = 0, bad = 0;
    for (uint64_t u0 = 0; u0 < (1ull << 32); u0 += M) {
        for (int j = 0; j < M; j++) { const uint32_t u = (uint32_t)(u0 + j); memcpy(&x[j], &u, 4); }
        ew_vl_logsigmoidf_block(y, x, M);
        for (int j = 0; j < M; j++) {
            const float e = ew_vlogsigmoidf(x[j]);
            n++;
            if (memcmp(&e, &y[j], 4) && !(e != e && y[j] != y[j])) { bad++; if (bad < 10) printf("%a %a %a\n", x[j], y[j], e); }
        }
    }
    printf("logsigmoid: %ld inputs, %ld differ\n", n, bad);
    return bad != 0;
}
