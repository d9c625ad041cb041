/* Exhaustive check of csrc/vpow.c's ldexp block (issue 17, branch near17): every float32 exponent
   e through ew_vp_ldexpf_block against the element function of ops.yaml's float32 expr, x times
   ew_exp2f_fma(e) (the AVX2 flavour's ew_exp2f), for x of a few kinds (1, so that the power
   itself is compared; -0, a random float; inf); and a broadcast x and e.  Built against the
   generated headers:

       python -m codegen      # (generated/ew_integral.h, ew_minifloat.h)
       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math \
           -Icsrc -Igenerated -o /tmp/vldexp_sweep scripts/vldexp_sweep.c -lm
       /tmp/vldexp_sweep [first last]

   Prints the first inputs where the block differs (none may), then the count. */
#include "prelude.h"
#include "../csrc/vpow.c"
#include <stdio.h>

int main(int argc, char **argv) {
    enum { B = 1 << 16 };
    static float x[B], e[B], o[B];
    const uint64_t lo = argc > 2 ? strtoull(argv[1], 0, 0) : 0, hi = argc > 2 ? strtoull(argv[2], 0, 0) : 1ull << 32;
    uint64_t diff = 0, seen = 0, state = 0x9e3779b97f4a7c15ull;
    for (uint64_t b = lo; b < hi; b += B) {
        for (int i = 0; i < B; i++) {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17;
            const uint32_t k = (uint32_t)(b + i) >> 30;     /* (varies with the block: every kind meets every e) */
            const uint32_t kind = (k + (uint32_t)(b >> 16)) & 3;
            x[i] = kind == 0 ? 1.0f : kind == 1 ? -0.0f : kind == 2 ? ew_u2f((uint32_t)state) : INFINITY;
            e[i] = ew_u2f((uint32_t)(b + i));
        }
        const int sx = (b >> 16) % 64 != 1, se = (b >> 16) % 64 != 2;     /* some blocks broadcast one operand */
        ew_vp_ldexpf_block(o, x, sx, e, se, B);
        for (int i = 0; i < B; i++) {
            const float r = x[i * sx] * ew_exp2f_fma(e[i * se]);
            seen++;
            if (memcmp(&o[i], &r, 4) && !(o[i] != o[i] && r != r) && diff++ < 20)
                printf("x = %a, e = %a: block %a, element %a\n", x[i * sx], e[i * se], o[i], r);
        }
    }
    printf("ldexp [%#llx, %#llx): %llu inputs, %llu differences\n", (unsigned long long)lo, (unsigned long long)hi,
           (unsigned long long)seen, (unsigned long long)diff);
    return diff != 0;
}
