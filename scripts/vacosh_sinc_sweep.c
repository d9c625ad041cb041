/* Exhaustive check of csrc/vtrig.c's acosh and sinc blocks (issue 17, branch near17): every float32
   through the AVX-512 block against the element function of ops.yaml's float32 expr (ew_acoshf_cr,
   ew_sincf_fma).  Built against the generated headers:

       python -m codegen      # (generated/ew_integral.h, ew_minifloat.h)
       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math \
           -Icsrc -Igenerated -o /tmp/vacosh_sinc_sweep scripts/vacosh_sinc_sweep.c -lm
       /tmp/vacosh_sinc_sweep 0|1 [first last]      # acosh, sinc

   Prints the first inputs where the block differs (none may), then the counts: inputs,
   differences, and lanes the block handed to the element function (outside its fast range, or
   near a float midpoint). */
#include "prelude.h"
static unsigned long long redone;
#define EW_VT_STAT() (redone++)
#include "../csrc/vtrig.c"
#include <stdio.h>

int main(int argc, char **argv) {
    enum { B = 1 << 16 };
    static float x[B], o[B];
    const int which = argc > 1 ? atoi(argv[1]) : 0;
    const uint64_t lo = argc > 3 ? strtoull(argv[2], 0, 0) : 0, hi = argc > 3 ? strtoull(argv[3], 0, 0) : 1ull << 32;
    uint64_t diff = 0, seen = 0;
    for (uint64_t b = lo; b < hi; b += B) {
        for (int i = 0; i < B; i++) x[i] = ew_u2f((uint32_t)(b + i));
        const int n = B - (int)((b >> 16) % 7);      /* (two calls: a tail of up to 6 elements too) */
        if (which == 0) { ew_vt_acoshf_block(o, x, n); ew_vt_acoshf_block(o + n, x + n, B - n); }
        else { ew_vt_sincf_block(o, x, n); ew_vt_sincf_block(o + n, x + n, B - n); }
        for (int i = 0; i < B; i++) {
            const float r = which == 0 ? ew_acoshf_cr(x[i]) : ew_sincf_fma(x[i]);
            seen++;
            if (memcmp(&o[i], &r, 4) && !(o[i] != o[i] && r != r) && diff++ < 20)
                printf("x = %a: block %a, element %a\n", x[i], o[i], r);
        }
    }
    printf("%s [%#llx, %#llx): %llu inputs, %llu differences, %llu lanes redone\n", which == 0 ? "acosh" : "sinc",
           (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)seen, (unsigned long long)diff, redone);
    return diff != 0;
}
