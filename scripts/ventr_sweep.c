/* Exhaustive check of the float32 special.entr block (csrc/vlogc.c, ew_vl_entrf_block; branch
   log17): every float32 bit pattern through the block (AVX-512 lanes with their rounding test)
   and the element function (special.c's entr in double, rounded to float).

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/ventr_sweep scripts/ventr_sweep.c csrc/special.c -lm
       /tmp/ventr_sweep

   Prints every input where the two differ ("DIFF bits block elem") and the counts: inputs,
   differences, lanes the block handed to the element function. */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }
static long redone;
static inline float counted(float x) { redone++; return (float)ew_sp_entr((double)x); }
#define EW_VENTR_ELEM counted
#include "vlogc.c"

int main(void) {
    enum { M = 1 << 16 };
    static float x[M], y[M];
    long diff = 0;
    for (uint64_t s = 0; s < (1ull << 32); s += M) {
        for (int j = 0; j < M; j++) { const uint32_t u = (uint32_t)(s + j); memcpy(&x[j], &u, 4); }
        ew_vl_entrf_v16(y, x, M);
        for (int j = 0; j < M; j++) {
            const float e = (float)ew_sp_entr((double)x[j]);
            if (memcmp(&e, &y[j], 4) != 0) {
                diff++;
                if (diff <= 50) printf("DIFF %08x %a %a\n", (unsigned)(s + j), y[j], e);
            }
        }
    }
    printf("entr: %llu inputs, %ld differences, %ld lanes redone\n", 1ull << 32, diff, redone);
    return diff != 0;
}
