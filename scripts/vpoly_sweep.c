/* Check of the float32 orthogonal polynomials' blocks (csrc/vpoly.c, branch poly17) against
   their element functions (special.c, in double, rounded to float), bit for bit: for each op
   named and each degree given, every float32 x (2^32) through the block with the degree
   broadcast; then `pairs` random (x, n) pairs, both contiguous: x random bit patterns or uniform
   in (-3, 3), n small integers, non-integers, negatives, huge, inf and NaN.

       gcc -O3 -march=native -ffp-contract=off -fno-math-errno -fno-trapping-math -Icsrc -Igenerated \
           -o /tmp/vpoly_sweep scripts/vpoly_sweep.c csrc/special.c -lm
       nice -n 10 /tmp/vpoly_sweep OPS PAIRS N...     # OPS: comma-separated names, or all
       STEP=16 nice -n 10 /tmp/vpoly_sweep OPS 0 N...  # every 16th float32 x (bit pattern) only

   Prints every difference ("DIFF op x n block elem", the first 20 of each op) and the counts. */
#include <stdio.h>
#include "prelude.h"
int ew_use_avx2(void) { return 1; }
#define EW_VPOLY_STANDALONE
#include "vpoly.c"

typedef void (*blockfn)(float *, const float *, int, const float *, int, int64_t);
static const struct { const char *name; blockfn block; double (*elem)(double, double); } OPS[] = {
    {"chebyshev_t", ew_vo_chebyshev_tf_v16, ew_sp_chebyshev_t},
    {"chebyshev_u", ew_vo_chebyshev_uf_v16, ew_sp_chebyshev_u},
    {"chebyshev_v", ew_vo_chebyshev_vf_v16, ew_sp_chebyshev_v},
    {"chebyshev_w", ew_vo_chebyshev_wf_v16, ew_sp_chebyshev_w},
    {"shifted_chebyshev_t", ew_vo_shifted_chebyshev_tf_v16, ew_sp_shifted_chebyshev_t},
    {"shifted_chebyshev_u", ew_vo_shifted_chebyshev_uf_v16, ew_sp_shifted_chebyshev_u},
    {"shifted_chebyshev_v", ew_vo_shifted_chebyshev_vf_v16, ew_sp_shifted_chebyshev_v},
    {"shifted_chebyshev_w", ew_vo_shifted_chebyshev_wf_v16, ew_sp_shifted_chebyshev_w},
    {"hermite_h", ew_vo_hermite_hf_v16, ew_sp_hermite_h_f},
    {"hermite_he", ew_vo_hermite_hef_v16, ew_sp_hermite_he_f},
    {"laguerre_l", ew_vo_laguerre_lf_v16, ew_sp_laguerre_l},
    {"legendre_p", ew_vo_legendre_pf_v16, ew_sp_legendre_p},
};

static long diff, shown;
static void compare(int op, const float *x, const float *n, const float *got, int m) {
    for (int j = 0; j < m; j++) {
        const float e = (float)OPS[op].elem((double)x[j], (double)n[j]);
        if (memcmp(&e, &got[j], 4) != 0) {
            diff++;
            if (shown++ < 20) printf("DIFF %s %a %a %a %a\n", OPS[op].name, x[j], n[j], got[j], e);
        }
    }
}
static uint64_t rng = 88172645463325252ull;
static uint32_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (uint32_t)rng; }
static float draw_x(void) {
    if (next() & 1) { float f; const uint32_t b = next(); memcpy(&f, &b, 4); return f; }
    return (float)(next() * 0x1p-32 * 6 - 3);
}
static float draw_n(void) {
    static const float odd[] = {-0.0f, -0.5f, -0.99f, -1.0f, -1.5f, 0.5f, 1.5f, 2.999f, 128.0f, 128.5f, 129.0f,
                                4096.0f, 70000.0f, 3e9f, -3e9f, 1e19f, -1e19f, INFINITY, -INFINITY, NAN};
    const uint32_t u = next() % 8;
    if (u < 4) return (float)(next() % 13);                       /* the common case */
    if (u == 4) return (float)(next() % 140) + (next() % 4) * 0.25f;
    if (u == 5) return -(float)(next() % 20) * 0.5f;
    if (u == 6) return odd[next() % (sizeof odd / sizeof odd[0])];
    float f; const uint32_t b = next(); memcpy(&f, &b, 4); return f;
}

/* whether the comma-separated list names op (or is "all") */
static int named(const char *list, const char *op) {
    const size_t len = strlen(op);
    if (!strcmp(list, "all")) return 1;
    for (const char *p = list; *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : p + strlen(p))
        if (!strncmp(p, op, len) && (p[len] == ',' || p[len] == 0)) return 1;
    return 0;
}

int main(int argc, char **argv) {
    enum { M = 1 << 16, NOPS = sizeof OPS / sizeof OPS[0] };
    static float x[M], nn[M], got[M];
    if (argc < 3) { fprintf(stderr, "usage: %s OPS PAIRS N...\n", argv[0]); return 2; }
    const long pairs = atol(argv[2]);
    const uint64_t step = getenv("STEP") ? strtoull(getenv("STEP"), 0, 0) : 1;   /* every step-th x */
    int bad = 0;
    for (int op = 0; op < NOPS; op++) {
        if (!named(argv[1], OPS[op].name)) continue;
        long inputs = 0;
        diff = shown = 0;
        for (int k = 3; k < argc; k++) {
            const float nv = strtof(argv[k], 0);
            for (int j = 0; j < M; j++) nn[j] = nv;
            for (uint64_t s = 0; s < (1ull << 32); s += (uint64_t)M * step) {
                for (int j = 0; j < M; j++) { const uint32_t u = (uint32_t)(s + (uint64_t)j * step); memcpy(&x[j], &u, 4); }
                OPS[op].block(got, x, 1, &nv, 0, M);
                compare(op, x, nn, got, M);
                inputs += M;
            }
        }
        for (long p = 0; p < pairs; p += M) {
            for (int j = 0; j < M; j++) {
                x[j] = draw_x();
                nn[j] = draw_n();
                /* a shifted polynomial at x within 2^-54 of 0 or 1 (y = 2x - 1 rounds to -+1) runs
                   its recurrence to the degree (special.c): no huge degrees there */
                if (strstr(OPS[op].name, "shifted") && fabs(2.0 * x[j] - 1) == 1 && fabsf(nn[j]) > 1e6f) nn[j] = 5;
            }
            const int m = M - (int)(next() % 16);                    /* a masked tail too */
            OPS[op].block(got, x, 1, nn, 1, m);
            compare(op, x, nn, got, m);
            inputs += m;
        }
        printf("%s: %ld inputs, %ld differences\n", OPS[op].name, inputs, diff);
        fflush(stdout);
        bad |= diff != 0;
    }
    return bad;
}
