/* Exhaustive check of csrc/vlog.h and vlogc.c (issue 17, branches vlog, vlog17): every float32
   through the block function (AVX-512 float lanes with their rounding test) and the element
   function (double, with its own test and logl/log2l/log10l/log1pl behind it), against the long
   double function rounded to float.

       gcc -O3 -march=native -o /tmp/vlog_sweep scripts/vlog_sweep.c -lm
       /tmp/vlog_sweep 0|1|2|3 [first_bits last_bits [block]]      # log, log2, log10, log1p

   Prints every input where the block and the element function differ (none may), where the
   element function and the reference differ (to be decided by mpmath: scripts/vlog_check.py),
   and, as "LD x", every input whose element result came from long double (also for mpmath),
   then the counts: inputs, block lanes redone by the element function.  A fourth argument
   `block` compares the block and the element function only (no long double: fast). */
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EW_HAVE_F16C_PATH 1
#define EW_TARGET_F16C __attribute__((target("avx2,f16c,fma")))
#define EW_TARGET_V8 __attribute__((target("avx512f,avx512dq,avx2,f16c,fma")))
static int ew_use_avx512(void) { return 1; }
static inline uint64_t ew_d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static inline double ew_u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static long redone;      /* lanes the block hands to the element function */
static float count_elem(float r) { redone++; return r; }
#include "../csrc/vlog.h"
#define EW_VLOGC_STANDALONE 1
#include "../csrc/vlogc.c"
static float e0(float x) { return count_elem(ew_vlog_logf(x)); }
static float e1(float x) { return count_elem(ew_vlog_log2f(x)); }
static float e2(float x) { return count_elem(ew_vlog_log10f(x)); }
static float e3(float x) { return count_elem(ew_vlog_log1pf(x)); }
/* the block functions again, counting the lanes they redo */
EW_VLOG_BLOCK(cnt_log, E, 0, 0, 0x1p-38f, e0)
EW_VLOG_BLOCK(cnt_log2, 2, 1, 0, 0x1p-38f, e1)
EW_VLOG_BLOCK(cnt_log10, 10, 1, 0, 0x1p-37f, e2)
EW_VLOG_BLOCK(cnt_log1p, E, 0, 1, 0x1p-38f, e3)

int main(int argc, char **argv) {
    const int which = atoi(argv[1]);
    const uint64_t lo = argc > 2 ? strtoull(argv[2], 0, 0) : 0, hi = argc > 3 ? strtoull(argv[3], 0, 0) + 1 : (1ull << 32);
    const int block_only = argc > 4 && strcmp(argv[4], "block") == 0;
    static const double Q[4][6] = {{EW_VLOG_Q_E}, {EW_VLOG_Q_2}, {EW_VLOG_Q_10}, {EW_VLOG_Q_E}};
    static const double *const LC[4] = {EW_VLOG_LOGC_E, EW_VLOG_LOGC_2, EW_VLOG_LOGC_10, EW_VLOG_LOGC_E};
    static const double K[4] = {EW_VLOG_K_E, EW_VLOG_K_2, EW_VLOG_K_10, EW_VLOG_K_E};
    static const double S[4] = {EW_VLOG_S_E, EW_VLOG_S_2, EW_VLOG_S_10, EW_VLOG_S_E};
    float (*const elem[4])(float) = {ew_vlog_logf, ew_vlog_log2f, ew_vlog_log10f, ew_vlog_log1pf};
    long double (*const ref_ld[4])(long double) = {logl, log2l, log10l, log1pl};
    void (*const block[4])(float *, const float *, int64_t) = {cnt_log_v16, cnt_log2_v16, cnt_log10_v16, cnt_log1p_v16};
    enum { M = 1 << 16 };
    static float x[M], y[M];
    long n = 0, blk = 0, ref = 0, ld = 0;
    for (uint64_t s = lo; s < hi; s += M) {
        const int m = hi - s < M ? (int)(hi - s) : M;
        for (int j = 0; j < m; j++) { const uint32_t u = (uint32_t)(s + j); memcpy(&x[j], &u, 4); }
        block[which](y, x, m);
        for (int j = 0; j < m; j++) {
            const float v = x[j];
            const float e = elem[which](v), r = block_only ? e : (float)ref_ld[which](v);
            uint32_t a, b, c;
            memcpy(&a, &y[j], 4); memcpy(&b, &e, 4); memcpy(&c, &r, 4);
            n++;
            if (a != b && !(e != e && y[j] != y[j])) { blk++; printf("BLOCK %a %a %a\n", v, y[j], e); }
            if (b != c && !(e != e && r != r)) { ref++; printf("REF %a %a %a\n", v, e, r); }
            /* the element function's long double cases (log1p: of 1 + x, from 2^-25 on) */
            if (!block_only && (which == 3 ? (v > -1 && v < INFINITY && fabsf(v) >= 0x1p-25f) : (v > 0 && v < INFINITY))) {
                int ok;
                ew_vlog_core(which == 3 ? 1 + (double)v : v, LC[which], K[which], S[which], Q[which], &ok);
                if (!ok) { ld++; printf("LD %a %a\n", v, e); }
            }
        }
    }
    printf("which %d: %ld inputs; block != element: %ld; element != long double: %ld; element from long double: %ld; "
           "block lanes redone: %ld (%.2e)\n", which, n, blk, ref, ld, redone, (double)redone / n);
    return blk != 0;
}
