/* Exhaustive check of the float32 logit block (csrc/vlogc.c, ew_vl_logitf_block; branch param17):
   every float32 bit pattern through the block (AVX-512 lanes with their rounding test) and the
   element function (prelude.h, ew_logit: double log/log1p rounded to float), for one eps.

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/vlogit_sweep scripts/vlogit_sweep.c csrc/special.c -lm
       /tmp/vlogit_sweep EPS          # EPS < 0: no clamp (torch's eps=None)

   Prints every input where the two differ ("DIFF bits x block elem": mpmath decides which is
   correctly rounded) and the counts: inputs, differences, lanes the fast path declined. */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }
static long redone;
static inline float counted(float x, float eps) { redone++; return ew_logit_float(x, eps); }
#define EW_VLOGIT_ELEM counted
#include "vlogc.c"

int main(int argc, char **argv) {
    const float eps = argc > 1 ? strtof(argv[1], 0) : -1.0f;
    enum { M = 1 << 16 };
    static float x[M], y[M];
    long diff = 0;
    for (uint64_t s = 0; s < (1ull << 32); s += M) {
        for (int j = 0; j < M; j++) { const uint32_t u = (uint32_t)(s + j); memcpy(&x[j], &u, 4); }
        ew_vl_logitf_v16(y, x, M, eps);
        for (int j = 0; j < M; j++) {
            const float e = ew_logit_float(x[j], eps);
            if (memcmp(&e, &y[j], 4) != 0) {
                diff++;
                if (diff < 200) printf("DIFF %08x %a %a %a\n", (uint32_t)(s + j), x[j], y[j], e);
            }
        }
    }
    printf("eps %g: 4294967296 inputs, %ld differences, %ld lanes redone\n", eps, diff, redone);
    return 0;
}
