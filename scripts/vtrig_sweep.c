/* Exhaustive check of csrc/vtrig.c's sin, cos and tan blocks (issue 17, branch sin15): every
   float32 through the AVX-512 block (8 double lanes, Ziv's rounding test) against what the
   kernels gave before: for sin and cos ew_trigf_fma (proven correctly rounded below 2^19) with
   the finishing pass ew_sinf_finish / ew_cosf_finish (glibc's sinf / cosf beyond, inf, nan);
   for tan the element function ew_vt_tan_e.  Built against the generated headers:

       python -m codegen      # (generated/ew_integral.h, ew_minifloat.h)
       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math \
           -Icsrc -Igenerated -o /tmp/vtrig_sweep scripts/vtrig_sweep.c -lm
       /tmp/vtrig_sweep 0|1|2|3|4|5 [first_bits last_bits]      # sin, cos, tan, asin, acos, atan

   Prints the first inputs where the block differs (none may), then the counts: differences and
   lanes the block handed to the element function (|x| >= 2^19, inf, nan, zeros for tan, and
   those near a float midpoint).  Branch sin15: 0 differences for all three; 16514, 16102 and
   15776 lanes below 2^19 (other than zeros) redone. */
#include "prelude.h"
static unsigned long long redone;
#define EW_VT_STAT() (redone++)
#include "../csrc/vtrig.c"
#include <stdio.h>

int main(int argc, char **argv) {
    const int f = argc > 1 ? atoi(argv[1]) : 0;
    const uint64_t lo = argc > 2 ? strtoull(argv[2], 0, 0) : 0, hi = argc > 3 ? strtoull(argv[3], 0, 0) : (1ull << 32);
    enum { B = 1 << 16 };
    static float x[B], o[B], r[B];
    uint64_t diff = 0;
    for (uint64_t b = lo; b < hi; b += B) {
        for (int i = 0; i < B; i++) { const uint32_t u = (uint32_t)(b + i); memcpy(&x[i], &u, 4); }
        if (f == 0) {
            ew_vt_sinf_block(o, x, B);
            for (int i = 0; i < B; i++) r[i] = ew_trigf_fma(x[i], 0);
            ew_sinf_finish((char *)r, 4, B);
        } else if (f == 1) {
            ew_vt_cosf_block(o, x, B);
            for (int i = 0; i < B; i++) r[i] = ew_trigf_fma(x[i], 1);
            ew_cosf_finish((char *)r, 4, B);
        } else if (f == 2) {
            ew_vt_tanf_block(o, x, B);
            for (int i = 0; i < B; i++) r[i] = ew_vt_tan_e(x[i]);
        } else if (f == 3) {
            ew_vt_asinf_block(o, x, B);
            for (int i = 0; i < B; i++) r[i] = ew_vt_asin_e(x[i]);
        } else if (f == 4) {
            ew_vt_acosf_block(o, x, B);
            for (int i = 0; i < B; i++) r[i] = ew_vt_acos_e(x[i]);
        } else {
            ew_vt_atanf_block(o, x, B);
            for (int i = 0; i < B; i++) r[i] = ew_vt_atan_e(x[i]);
        }
        for (int i = 0; i < B; i++)
            if (memcmp(&o[i], &r[i], 4) && diff++ < 20)
                printf("x = %a (0x%08x): block %a, before %a\n", x[i], ew_f2u(x[i]), o[i], r[i]);
    }
    printf("%s [%#llx, %#llx): %llu differences, %llu lanes redone\n", (const char *[]){"sin", "cos", "tan", "asin", "acos", "atan"}[f],
           (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)diff, redone);
    return diff != 0;
}
