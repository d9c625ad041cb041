/* Exhaustive check of pow(Tensor, Number)'s float32 block (csrc/vpow.c, ew_vp_pows_block; branch
   param17) for one exponent y: every float32 x through the block (a broadcast exponent, as the
   kernel calls it) and the element function ew_pows_f (prelude.h: torch's special exponents, else
   vpow.c's ew_vp_powf).

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/vpow_scalar_sweep scripts/vpow_scalar_sweep.c -lm
       /tmp/vpow_scalar_sweep Y

   Prints every x where the two differ ("DIFF bits x block elem", at most 200: mpmath decides
   which is correctly rounded; NaNs of different bits count too) and the count. */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }
#include "vpow.c"

int main(int argc, char **argv) {
    const float y = argc > 1 ? strtof(argv[1], 0) : 2.5f;
    enum { M = 1 << 16 };
    static float x[M], r[M];
    long diff = 0;
    for (uint64_t s = 0; s < (1ull << 32); s += M) {
        for (int j = 0; j < M; j++) { const uint32_t u = (uint32_t)(s + j); memcpy(&x[j], &u, 4); }
        ew_vp_pows_block(r, x, 1, &y, 0, M);
        for (int j = 0; j < M; j++) {
            const float e = ew_pows_f(x[j], y);
            if (memcmp(&e, &r[j], 4) != 0) {
                diff++;
                if (diff <= 200) printf("DIFF %08x %a %a %a\n", (uint32_t)(s + j), x[j], r[j], e);
            }
        }
    }
    printf("y %a (%g): 4294967296 inputs, %ld differences\n", y, y, diff);
    return 0;
}
