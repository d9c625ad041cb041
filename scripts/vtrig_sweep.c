/* Exhaustive check of csrc/vtrig.c's unary blocks (issue 17, branches sin15 and trig17): every
   float32 through the AVX-512 block (8 double lanes, Ziv's rounding test) against what the
   kernels gave before: for sin and cos ew_trigf_fma (proven correctly rounded below 2^19) with
   the finishing pass ew_sinf_finish / ew_cosf_finish (glibc's sinf / cosf beyond, inf, nan);
   for the others their element function (ew_vt_tan_e, ew_vt_asin_e, ...); atan2 on 2^32 random
   pairs (atan2_sweep).  Built against the generated headers:

       python -m codegen      # (generated/ew_integral.h, ew_minifloat.h)
       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math \
           -Icsrc -Igenerated -o /tmp/vtrig_sweep scripts/vtrig_sweep.c -lm
       /tmp/vtrig_sweep 0|...|7 [first last]      # sin, cos, tan, asin, acos, atan, atan2 (pairs), atanh

   Prints the first inputs where the block differs (none may), then the counts: differences and
   lanes the block handed to the element function (|x| >= 2^19, inf, nan, zeros for tan, and
   those near a float midpoint).  Branch sin15: 0 differences for all three; 16514, 16102 and
   15776 lanes below 2^19 (other than zeros) redone.  Branch trig17: 0 differences for asin,
   acos, atan, atanh (every input) and atan2 (2^32 pairs); -DEW_VT_INV_WINDOW=0 narrows their
   rounding test to find the inputs it saves. */
#include "prelude.h"
static unsigned long long redone;
#define EW_VT_STAT() (redone++)
#include "../csrc/vtrig.c"
#include <stdio.h>

/* atan2, two inputs: 2^32 pairs in blocks of 2^16 (xorshift, seeded by the block): both operands
   random bit patterns, or x near y in size (the fold's middle), or one of them a special value
   (zeros, infinities, nan, subnormals, +-1), a quarter of the blocks with x or y broadcast */
static uint64_t ew_sw_state;
static uint32_t ew_sw_next(void) { ew_sw_state ^= ew_sw_state << 13; ew_sw_state ^= ew_sw_state >> 7; ew_sw_state ^= ew_sw_state << 17; return (uint32_t)ew_sw_state; }
static float ew_sw_pick(uint32_t r, uint32_t near) {
    static const uint32_t special[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 1, 0x807fffffu, 0x3f800000u, 0xbf800000u, 0x00800000u};
    const uint32_t k = r >> 28;
    const uint32_t u = k == 0 ? special[ew_sw_next() % 10] : k < 8 ? ew_sw_next() : (near ^ (ew_sw_next() & 0x01ffffffu));
    float v; memcpy(&v, &u, 4); return v;
}
static int atan2_sweep(uint64_t lo, uint64_t hi) {
    enum { B = 1 << 16 };
    static float y[B], x[B], o[B];
    uint64_t diff = 0;
    for (uint64_t b = lo; b < hi; b += B) {
        ew_sw_state = 0x9e3779b97f4a7c15ull ^ (b * 0x2545f4914f6cdd1dull);
        for (int i = 0; i < B; i++) {
            y[i] = ew_sw_pick(ew_sw_next(), 0);
            x[i] = ew_sw_pick(ew_sw_next(), ew_f2u(y[i]));
        }
        const int sy = (b >> 16) % 8 != 1, sx = (b >> 16) % 8 != 2;
        ew_vt_atan2f_block(o, y, sy, x, sx, B);
        for (int i = 0; i < B; i++) {
            const float r = ew_atan2f_fma(y[i * sy], x[i * sx]);
            /* (two nan operands: either payload, as the compiler orders x + y) */
            if (memcmp(&o[i], &r, 4) && !(o[i] != o[i] && r != r) && diff++ < 20)
                printf("y = %a, x = %a: block %a, element %a\n", y[i * sy], x[i * sx], o[i], r);
        }
    }
    printf("atan2 [%#llx, %#llx): %llu differences, %llu lanes redone\n", (unsigned long long)lo, (unsigned long long)hi,
           (unsigned long long)diff, redone);
    return diff != 0;
}

/* the unary blocks by number, each with its element function (sin and cos: see main) */
static const struct { const char *name; void (*block)(float *, const float *, int64_t); float (*elem)(float); } UNARY[] = {
    {"sin", ew_vt_sinf_block, 0}, {"cos", ew_vt_cosf_block, 0}, {"tan", ew_vt_tanf_block, ew_vt_tan_e},
    {"asin", ew_vt_asinf_block, ew_vt_asin_e}, {"acos", ew_vt_acosf_block, ew_vt_acos_e},
    {"atan", ew_vt_atanf_block, ew_vt_atan_e}, {"atan2", 0, 0}, {"atanh", ew_vt_atanhf_block, ew_vt_atanh_e},
};

int main(int argc, char **argv) {
    const int f = argc > 1 ? atoi(argv[1]) : 0;
    if (f < 0 || f > 7) return 2;
    const uint64_t lo = argc > 2 ? strtoull(argv[2], 0, 0) : 0, hi = argc > 3 ? strtoull(argv[3], 0, 0) : (1ull << 32);
    if (f == 6) return atan2_sweep(lo, hi);
    enum { B = 1 << 16 };
    static float x[B], o[B], r[B];
    uint64_t diff = 0;
    for (uint64_t b = lo; b < hi; b += B) {
        for (int i = 0; i < B; i++) { const uint32_t u = (uint32_t)(b + i); memcpy(&x[i], &u, 4); }
        UNARY[f].block(o, x, B);
        if (f < 2) {
            for (int i = 0; i < B; i++) r[i] = ew_trigf_fma(x[i], (uint64_t)f);
            (f ? ew_cosf_finish : ew_sinf_finish)((char *)r, 4, B);
        } else {
            for (int i = 0; i < B; i++) r[i] = UNARY[f].elem(x[i]);
        }
        for (int i = 0; i < B; i++)
            if (memcmp(&o[i], &r[i], 4) && diff++ < 20)
                printf("x = %a (0x%08x): block %a, before %a\n", x[i], ew_f2u(x[i]), o[i], r[i]);
    }
    printf("%s [%#llx, %#llx): %llu differences, %llu lanes redone\n", UNARY[f].name,
           (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)diff, redone);
    return diff != 0;
}
