/* Exhaustive check of the float32 lgamma, mvlgamma and digamma blocks (csrc/vlogc.c,
   ew_vl_lgammaf_block, ew_vl_mvlgammaf_block, ew_vl_digammaf_block; branch gamma17): every float32
   bit pattern through the block (AVX-512 lanes with their rounding tests) and the element function
   ((float)lgamma((double)x), glibc; ew_mvlgammaf of special_fast.h; ew_digamma_f of prelude.h).

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/vgamma_sweep scripts/vgamma_sweep.c csrc/special.c -lm
       /tmp/vgamma_sweep lgamma|digamma|P [first last]     # P: mvlgamma(x, P); a range of the bit
                                                           # patterns' top 16 bits (default all)

   Prints every input where the two differ ("DIFF bits x block elem") and the counts: inputs,
   differences, lanes the fast path declined. */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }
static long redone;
static inline float counted(float x) { redone++; return (float)lgamma((double)x); }
static inline float counted_mv(float x, double p) { redone++; return ew_mvlgammaf(x, p); }
static inline float counted_dg(float x) { redone++; return ew_digamma_f(x); }
#define EW_VLGAMMA_ELEM counted
#define EW_VMVLGAMMA_ELEM counted_mv
#define EW_VDIGAMMA_ELEM counted_dg
#include "vlogc.c"

int main(int argc, char **argv) {
    const char *op = argc > 1 ? argv[1] : "lgamma";
    const int dg = strcmp(op, "digamma") == 0, p = dg ? 0 : atoi(op);
    const uint64_t first = argc > 3 ? strtoull(argv[2], 0, 0) : 0, last = argc > 3 ? strtoull(argv[3], 0, 0) : 0xffff;
    enum { M = 1 << 16 };
    static float x[M], y[M];
    long diff = 0, inputs = 0;
    for (uint64_t s = first << 16; s <= (last << 16); s += M) {
        for (int j = 0; j < M; j++) { const uint32_t u = (uint32_t)(s + j); memcpy(&x[j], &u, 4); }
        if (dg) ew_vl_digammaf_v16(y, x, M);
        else if (p) ew_vl_mvlgammaf_v16(y, x, M, (float)p);
        else ew_vl_lgammaf_v16(y, x, M);
        for (int j = 0; j < M; j++) {
            const float e = dg ? ew_digamma_f(x[j]) : p ? ew_mvlgammaf(x[j], p) : (float)lgamma((double)x[j]);
            if (memcmp(&e, &y[j], 4) != 0) {
                diff++;
                if (diff < 200) printf("DIFF %08x %a %a %a\n", (uint32_t)(s + j), x[j], y[j], e);
            }
        }
        inputs += M;
    }
    printf("%s: %ld inputs, %ld differences, %ld lanes redone\n", op, inputs, diff, redone);
    return 0;
}
