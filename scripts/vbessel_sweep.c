/* Exhaustive check of csrc/vbessel.h's float32 blocks (branch bessel17): float32 inputs through
   the block and the element function (they must agree bit for bit), and against special.c's
   double path that the element functions replaced (old: the float32 expr before them).

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/vbessel_sweep scripts/vbessel_sweep.c csrc/special.c -lm
       /tmp/vbessel_sweep KIND [FILE]     (KIND: j0 j1 y0 y1 sj0 ai; without FILE no old path: 3x faster)

   Every float32 with |x| < 2^19 (the fast paths' range; 2 x 0x49000000 inputs), and every 61st of
   the others (inf and nan included), where block and element function both return special.c's
   double rounded by construction: the whole sweep would spend 80% of its time there.
   Prints the count of block/element differences (NaNs of different bits count too: must be 0),
   and of element/old differences (where Ziv's test kept a float that special.c's double does not
   round to: which is right is mpmath's to say), whose inputs go to FILE (hex bits, one a line). */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }

typedef void (*blockfn)(float *, const float *, int64_t);
typedef float (*elemfn)(float);
static float old_j0(float x) { return (float)ew_sp_bessel_j0(x); }
static float old_j1(float x) { return (float)ew_sp_bessel_j1(x); }
static float old_y0(float x) { return (float)ew_sp_bessel_y0(x); }
static float old_y1(float x) { return (float)ew_sp_bessel_y1(x); }
static float old_sj0(float x) { return (float)ew_sp_spherical_bessel_j0(x); }
static float old_ai(float x) { return (float)ew_sp_airy_ai(x); }

int main(int argc, char **argv) {
    const char *kind = argc > 1 ? argv[1] : "j0";
    FILE *out = argc > 2 ? fopen(argv[2], "w") : 0;
    blockfn b; elemfn e, o;
    if (!strcmp(kind, "j0")) { b = ew_bj_j0f_block; e = ew_bj_j0f; o = old_j0; }
    else if (!strcmp(kind, "j1")) { b = ew_bj_j1f_block; e = ew_bj_j1f; o = old_j1; }
    else if (!strcmp(kind, "y0")) { b = ew_bj_y0f_block; e = ew_bj_y0f; o = old_y0; }
    else if (!strcmp(kind, "y1")) { b = ew_bj_y1f_block; e = ew_bj_y1f; o = old_y1; }
    else if (!strcmp(kind, "sj0")) { b = ew_bj_sj0f_block; e = ew_bj_sj0f; o = old_sj0; }
    else if (!strcmp(kind, "ai")) { b = ew_bj_aif_block; e = ew_bj_aif; o = old_ai; }
    else { fprintf(stderr, "unknown kind %s\n", kind); return 2; }
    enum { M = 1 << 16 };
    static float x[M], r[M];
    long diff = 0, old = 0;
    long n = 0;
    /* x in [+0, 2^19), [-0, -2^19) one by one, then every 61st float of all (those beyond 2^19) */
    const uint64_t lo[3] = {0, 0x80000000u, 0}, hi[3] = {0x49000000u, 0xc9000000u, 1ull << 32}, step[3] = {1, 1, 61};
    for (int part = 0; part < 3; part++)
        for (uint64_t u = lo[part]; u < hi[part];) {
            int m = 0;
            for (; m < M && u < hi[part]; u += step[part]) {
                const uint32_t w = (uint32_t)u;
                if (part < 2 || (w & 0x7fffffffu) >= 0x49000000u) memcpy(&x[m++], &w, 4);
            }
            b(r, x, m);
            n += m;
            for (int j = 0; j < m; j++) {
                const float v = e(x[j]);
                if (memcmp(&v, &r[j], 4) != 0 && ++diff <= 50) printf("DIFF %a block %a elem %a\n", x[j], r[j], v);
                if (part == 2 || !out) continue;         /* (the element function is old's there) */
                const float w = o(x[j]);
                if (memcmp(&v, &w, 4) != 0) { old++; if (out) { uint32_t q; memcpy(&q, &x[j], 4); fprintf(out, "%08x\n", q); } }
            }
        }
    printf("%s: %ld inputs, %ld block/element differences", kind, n, diff);
    if (out) printf(", %ld element/old differences (|x| < 2^19)", old);
    printf("\n");
    if (out) fclose(out);
    return 0;
}
