/* Exhaustive check of csrc/verf.h and verfc.c (issue 17, branches verf, verf17): every one of the 2^32 float inputs
   through the AVX-512 block functions, against the long-double reference rounded once (where
   glibc's double function does not already certify the result: see certified()); the element
   functions on every 64th input (they must give the block's bits).  Prints, per function, the
   inputs whose results differ from the reference (for mpmath to settle: the reference itself is
   rounded twice), the count checked in long double and the time.

       gcc -O2 -march=native -I csrc -I generated scripts/verf_sweep.c csrc/special.c -o /tmp/verf_sweep -lm
       /tmp/verf_sweep [erf|erfc|ndtr|gelu|erfinv|tanh|sigmoid|ndtri] [step]      (step: every step-th pattern; 1 = all) */
#include "prelude.h"
#include "verfc.c"
#include <stdio.h>
#include <time.h>

int ew_use_avx2(void) { return 1; }
void ew_h2f_n(const uint16_t *restrict s, float *restrict d, int64_t n) { (void)s; (void)d; (void)n; }
void ew_f2h_n(const float *restrict s, uint16_t *restrict d, int64_t n) { (void)s; (void)d; (void)n; }
void ew_b2f_n(const uint16_t *restrict s, float *restrict d, int64_t n) { (void)s; (void)d; (void)n; }
void ew_f2b_n(const float *restrict s, uint16_t *restrict d, int64_t n) { (void)s; (void)d; (void)n; }

/* the reference: long double, rounded once (for mpmath to settle where it differs) */
static float ref(int f, float x) {
    const long double xl = x, r = 0.707106781186547524400844362104849039L;
    switch (f) {
    case 0: return (float)erfl(xl);
    case 1: return (float)erfcl(xl);
    case 2: return (float)(0.5L * erfcl(-xl * r));
    case 3: return x == INFINITY ? NAN : x >= 0x1p127f ? INFINITY : (float)(xl * 0.5L * erfcl(-xl * r));   /* torch's inf */
    case 4: return (float)ew_erfinv(xl);
    case 5: return (float)tanhl(xl);
    case 6: return ew_vsigmoid_ref(x);
    default:     /* ndtri: the element's own tails (cephes in double), long double inside */
        if (!(x >= EW_VNDTRI_LO && x <= EW_VNDTRI_HI)) return (float)ew_sp_ndtri(x);
        return (float)(1.41421356237309504880168872420969808L * ew_erfinv(2 * xl - 1));
    }
}
/* a cheap certificate first: glibc's double functions (error a few 2^-53, ndtr and gelu 2^-45
   from x / sqrt 2's rounding), when their value is 2^-40 (relative) away from the bounds of the
   block's float result, certify it (the long-double reference is needed only near a boundary);
   erfinv's result g through erf at g's rounding bounds */
static int certified(int f, float x, float got) {
    const double xd = x, r = 0.70710678118654752440;
    double v;
    switch (f) {
    case 0: v = erf(xd); break;
    case 1: v = erfc(xd); break;
    case 2: v = 0.5 * erfc(-xd * r); break;
    case 3: if (!(fabs(xd) < 0x1p127)) return 0; v = xd * 0.5 * erfc(-xd * r); break;
    case 5: v = tanh(xd); break;
    case 6: if (!(xd > -87)) return 0; v = 1 / (1 + exp(-xd)); break;
    case 7: {       /* ndtri through ndtr, increasing: g is right when ndtr of its midpoints brackets p */
        if (!(x >= EW_VNDTRI_LO && x <= EW_VNDTRI_HI) || !(got == got)) return 0;
        const double mlo = ((double)got + nextafterf(got, -INFINITY)) / 2, mhi = ((double)got + nextafterf(got, INFINITY)) / 2;
        return 0.5 * erfc(-mlo * r) < xd * (1 - 0x1p-45) && 0.5 * erfc(-mhi * r) > xd * (1 + 0x1p-45);
    }
    default: {      /* erfinv through erf, increasing: g is right when erf of its midpoints brackets y */
        const float ag = fabsf(got);
        if (!(fabs(xd) < 1) || !(got == got) || (ew_f2u(got) ^ ew_f2u(x)) >> 31) return 0;
        const double mlo = ((double)ag + nextafterf(ag, -INFINITY)) / 2, mhi = ((double)ag + nextafterf(ag, INFINITY)) / 2;
        return erf(mlo) < fabs(xd) * (1 - 0x1p-45) && erf(mhi) > fabs(xd) * (1 + 0x1p-45);
    }
    }
    if (!(fabs(v) > 0x1p-120 && fabs(v) < 0x1p120) || !(got == got)) return 0;
    const double lo = (double)nextafterf(got, -INFINITY), hi = (double)nextafterf(got, INFINITY), g = got;
    const double m = 0x1p-40 * fabs(v);
    return v > (lo + g) / 2 + m && v < (g + hi) / 2 - m;
}
static float elem(int f, float x) {
    return f == 0 ? ew_verff(x) : f == 1 ? ew_verfcf(x) : f == 2 ? ew_vndtrf(x) : f == 3 ? ew_vgeluf(x) : f == 4 ? ew_verfinvf(x)
         : f == 5 ? ew_vtanhf(x) : f == 6 ? ew_vsigmoidf_cr(x) : ew_vndtrif(x);
}
static void block(int f, float *o, const float *x, int64_t n) {
    if (f == 0) ew_ve_erff_block(o, x, n);
    else if (f == 1) ew_ve_erfcf_block(o, x, n);
    else if (f == 2) ew_ve_ndtrf_block(o, x, n);
    else if (f == 3) ew_ve_geluf_block(o, x, n);
    else if (f == 4) ew_ve_erfinvf_block(o, x, n);
    else if (f == 5) ew_ve_tanhf_block(o, x, n);
    else if (f == 6) ew_ve_sigmoidf_block(o, x, n);
    else ew_ve_ndtrif_block(o, x, n);
}
static int same(float a, float b) { return (a != a && b != b) || ew_f2u(a) == ew_f2u(b); }

int main(int argc, char **argv) {
    const char *names[] = {"erf", "erfc", "ndtr", "gelu", "erfinv", "tanh", "sigmoid", "ndtri"};
    int f = 0;
    for (int k = 0; k < 8; k++) if (argc > 1 && !strcmp(argv[1], names[k])) f = k;
    const uint64_t step = argc > 2 ? strtoull(argv[2], 0, 0) : 1;
    enum { B = 4096 };
    static float xs[B], ys[B];
    uint64_t diff = 0, elemdiff = 0, total = 0, slow = 0;
    clock_t t0 = clock();
    for (uint64_t u0 = 0; u0 < (1ull << 32); u0 += (uint64_t)B * step) {
        for (int j = 0; j < B; j++) xs[j] = ew_u2f((uint32_t)(u0 + (uint64_t)j * step));
        const int m = B - 1 - (int)(u0 % 15);     /* two runs: varying lengths, the masked tails */
        block(f, ys, xs, m);
        block(f, ys + m, xs + m, B - m);
        for (int j = 0; j < B; j++) {
            total++;
            if (certified(f, xs[j], ys[j])) goto next;
            slow++;
            const float r = ref(f, xs[j]);
            if (!same(r, ys[j])) {
                if (diff++ < 200) printf("diff %s %a (0x%08x): got %a ref %a\n", names[f], xs[j], ew_f2u(xs[j]), ys[j], r);
            }
        next:
            if ((j & 63) == 0 && ew_f2u(elem(f, xs[j])) != ew_f2u(ys[j])) elemdiff++;
        }
    }
    printf("%s: %llu inputs (%llu checked in long double), %llu differ from the long-double reference, "
           "%llu element/block mismatches, %.1f s\n", names[f], (unsigned long long)total, (unsigned long long)slow,
           (unsigned long long)diff, (unsigned long long)elemdiff,
           (double)(clock() - t0) / CLOCKS_PER_SEC);
    return 0;
}
