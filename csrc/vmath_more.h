/* vmath_more.h: float32 logs, exp2, tan, inverse and hyperbolic trig, atan2, hypot, nextafter
   and logaddexp at memory speed (issue 17's speed rule), included from prelude.h after the
   exp/sin/cos section whose macros it reuses.

   The pattern of ew_expf_fma: each function takes a float, computes in double with fma,
   branch-free (special values by bit selects, computed off the dependency chain), so that gcc
   vectorises the AVX2 flavour's loop (ops.yaml `simd: [float32]`), and rounds once to float.
   The double results have relative errors of about 2^-50 or below: the correctly rounded float
   but for rare near-halfway cases, never worse than torch's SLEEF u10 loops (1 ulp).  The
   baseline flavour (no AVX2: fma would be a libm call) keeps the libm/long double expressions
   (the ew_*f macros below choose by EW_AVX2, as ew_expf does). */
#ifndef EW_VMATH_MORE_H
#define EW_VMATH_MORE_H

#define EW_MF_PI 3.141592653589793238462643383279502884
#define EW_MF_PI_2 1.570796326794896619231321691639751442
#define EW_MF_PI_4 0.785398163397448309615660845819875721
#define EW_MF_LN2 0.693147180559945309417232121458176568
static inline uint64_t ew_mf_mask(int c) { return 0 - (uint64_t)(c != 0); }
static inline uint32_t ew_mf_mask32(int c) { return 0u - (uint32_t)(c != 0); }

/* log(y) for a positive normal double y, with an exponent e and m in [sqrt(1/2), sqrt(2)):
   y = 2^e m, log m = 2 atanh(t), t = (m - 1) / (m + 1), |t| <= 0.1716; atanh(t) = t + t^3 P(t^2),
   P a near-minimax fit of degree 7 (mpmath chebyfit, error 1e-18).  Returns log m in *lm and
   e as a double (so that log2 and log10 scale the two parts apart, log2(2^k) = k exactly). */
/* (Estrin's scheme: short dependency chains, several vectors in flight, as EW_EXP_POLY) */
static inline double ew_mf_atanh_poly(double t) {
    const double u = t * t, u2 = u * u, u4 = u2 * u2;
    const double p = fma(fma(fma(u, 0.06543313073920051, 0.06634386569328443), u2, fma(u, 0.07693119851407329, 0.09090897820066453)), u4,
                         fma(fma(u, 0.11111111195856958, 0.14285714285401807), u2, fma(u, 0.2000000000000044, 0.3333333333333333)));
    return fma(t * u, p, t);
}
static inline double ew_mf_logparts(double y, double *e) {
    /* kb: the biased exponent of y with its mantissa moved into [sqrt(1/2), sqrt(2)) (unsigned
       shifts and the 2^52 trick for the conversion: AVX2 has neither for 64-bit lanes) */
    const uint64_t u = ew_d2u(y), kb = (u + (0x3ff0000000000000ull - 0x3fe6a09e667f3bcdull)) >> 52;
    const double m = ew_u2d(u - (kb << 52) + 0x3ff0000000000000ull);
    *e = (ew_u2d(kb | 0x4330000000000000ull) - 0x1p52) - 1023;
    return 2 * ew_mf_atanh_poly((m - 1) / (m + 1));
}
/* the special values of a float log: 0 -> -inf, negative -> nan, inf and nan -> x */
static inline float ew_mf_logfix(float x, float r) {
    const uint32_t ok = ew_mf_mask32((x > 0) & (x < INFINITY)), zero = ew_mf_mask32(x == 0), neg = ew_mf_mask32(x < 0);
    const float other = ew_sel_f(zero, -INFINITY, ew_sel_f(neg, NAN, x));
    return ew_sel_f(ok, r, other);
}
static inline float ew_log2f_fma(float x) {
    double e;
    const double lm = ew_mf_logparts(ew_sel_d(ew_mf_mask(x > 0), (double)x, 1.0), &e);
    return ew_mf_logfix(x, (float)fma(lm, 1.442695040888963407359924681001892137, e));
}
static inline float ew_log10f_fma(float x) {
    double e;
    const double lm = ew_mf_logparts(ew_sel_d(ew_mf_mask(x > 0), (double)x, 1.0), &e);
    return ew_mf_logfix(x, (float)fma(e, 0.301029995663981195213738894724493027, lm * 0.434294481903251827651128918916605082));
}

/* 2^x = 2^k 2^r, k = round(x), r = x - k exact, 2^r = e^(r ln 2) by ew_expf_fma's polynomial;
   x clamped to [-160, 130] first (results 0 and inf after the rounding to float) */
static inline double ew_mf_exp2d(double xd) {
    const double kd = xd + EW_ROUND_SHIFT, k = kd - EW_ROUND_SHIFT, r = (xd - k) * EW_MF_LN2;
    EW_EXP_POLY(double, fma, EW_DMUL, EW_DCONST, r, p);
    return ew_u2d(ew_d2u(p) + (ew_d2u(kd) << 52));
}
static inline float ew_exp2f_fma(float x) {
    double xd = x;
    xd = ew_sel_d(ew_mf_mask(xd < -160), -160.0, xd);
    xd = ew_sel_d(ew_mf_mask(xd > 130), 130.0, xd);
    return ew_sel_f(ew_mf_mask32(x != x), x, (float)ew_mf_exp2d(xd));
}
/* e^x in double for |x| <= 100 (ew_expf_fma's reduction and polynomial) */
static inline double ew_mf_expd(double xd) {
    EW_EXP_REDUCE(double, fma, EW_DSUB, EW_DCONST, xd, kd, r);
    EW_EXP_POLY(double, fma, EW_DMUL, EW_DCONST, r, p);
    return ew_u2d(ew_d2u(p) + (ew_d2u(kd) << 52));
}

/* sinh, cosh: from E = e^|x| (|x| clamped to 100: inf after rounding), (E -+ 1/E) / 2; sinh of
   |x| < 1 by its Taylor series to x^19 (no cancellation; terms below 2^-60 dropped) */
static inline float ew_sinhf_fma(float x) {
    const double xd = x, ax = fabs(xd), u = xd * xd;
    const double E = ew_mf_expd(ew_sel_d(ew_mf_mask(ax < 100), ax, 100.0));
    const double big = 0.5 * (E - 1 / E);
    const double u2 = u * u, u4 = u2 * u2, u8 = u4 * u4;     /* 1/3! ... 1/19! by Estrin's scheme */
    const double p = fma(1.0 / 121645100408832000.0, u8,
                         fma(fma(fma(u, 1.0 / 355687428096000.0, 1.0 / 1307674368000.0), u2, fma(u, 1.0 / 6227020800.0, 1.0 / 39916800.0)), u4,
                             fma(fma(u, 1.0 / 362880.0, 1.0 / 5040.0), u2, fma(u, 1.0 / 120.0, 1.0 / 6.0))));
    const double small = fma(xd * u, p, xd);
    const double r = ew_sel_d(ew_mf_mask(ax < 1), small, ew_u2d(ew_d2u(big) | (ew_d2u(xd) & 0x8000000000000000ull)));
    return ew_sel_f(ew_mf_mask32(x != x), x, (float)r);
}
static inline float ew_coshf_fma(float x) {
    const double ax = fabs((double)x);
    const double E = ew_mf_expd(ew_sel_d(ew_mf_mask(ax < 100), ax, 100.0));
    return ew_sel_f(ew_mf_mask32(x != x), x, (float)(0.5 * (E + 1 / E)));
}
/* atanh x: its odd series (ew_mf_atanh_poly) for |x| <= 0.17, else log((1 + x) / (1 - x)) / 2
   (1 + x, 1 - x exact in double, the quotient within 2^-53, log of it >= 0.34 in size);
   +-1 -> +-inf, |x| > 1 -> nan */
static inline float ew_atanhf_fma(float x) {
    const double xd = x, ax = fabs(xd);
    const double y = (1 + ax) / (1 - ax);
    double e;
    const double lm = ew_mf_logparts(ew_sel_d(ew_mf_mask((ax < 1) & (ax >= 0.17)), y, 2.0), &e);
    const double big = 0.5 * fma(e, EW_MF_LN2, lm);
    const double r = ew_sel_d(ew_mf_mask(ax < 0.17), ew_mf_atanh_poly(xd), ew_u2d(ew_d2u(big) | (ew_d2u(xd) & 0x8000000000000000ull)));
    const float other = ew_sel_f(ew_mf_mask32(ax == 1), ew_u2f(0x7f800000u | (ew_f2u(x) & 0x80000000u)), ew_sel_f(ew_mf_mask32(x != x), x, NAN));
    return ew_sel_f(ew_mf_mask32(ax < 1), (float)r, other);
}

/* atan y in double for any y (inf included; nan propagates): |y| > 2.414 -> pi/2 - atan(1/|y|),
   |y| > 0.4142 -> pi/4 + atan((|y| - 1) / (|y| + 1)), then z + z^3 P(z^2) on |z| <= tan(pi/8),
   P a near-minimax fit of degree 10 (mpmath chebyfit, error 3e-17); the sign put back */
static inline double ew_mf_atand(double y) {
    const double a = fabs(y);
    const uint64_t hi = ew_mf_mask(a > 2.414213562373095), mid = ew_mf_mask(a > 0.4142135623730950) & ~hi;
    const double num = ew_sel_d(hi, -1.0, ew_sel_d(mid, a - 1, a)), den = ew_sel_d(hi, a, ew_sel_d(mid, a + 1, 1.0));
    const double z = num / den, u = z * z;
    const double u2 = u * u, u4 = u2 * u2, u8 = u4 * u4;     /* Estrin's scheme */
    const double p = fma(fma(fma(u, -0.01917688711906226, 0.03923165829558719), u, -0.0508544973794026), u8,
                         fma(fma(fma(u, 0.0585814891280221, -0.06664511447381948), u2, fma(u, 0.07692183190826087, -0.09090904578123903)), u4,
                             fma(fma(u, 0.11111111015256361, -0.14285714284666542), u2, fma(u, 0.1999999999999552, -0.3333333333333333))));
    const double base = ew_sel_d(hi, EW_MF_PI_2, ew_sel_d(mid, EW_MF_PI_4, 0.0));
    const double r = base + fma(z * u, p, z);
    return ew_u2d(ew_d2u(r) | (ew_d2u(y) & 0x8000000000000000ull));
}
static inline float ew_atanf_fma(float x) { return ew_sel_f(ew_mf_mask32(x != x), x, (float)ew_mf_atand(x)); }
/* asin x = atan(x / sqrt((1 - x)(1 + x))), acos x = 2 atan(sqrt((1 - x) / (1 + x))): no
   cancellation anywhere in [-1, 1]; |x| > 1 gives sqrt of a negative: nan */
static inline float ew_asinf_fma(float x) {
    const double xd = x;
    return ew_sel_f(ew_mf_mask32(x != x), x, (float)ew_mf_atand(xd / sqrt((1 - xd) * (1 + xd))));
}
static inline float ew_acosf_fma(float x) {
    const double xd = x;
    return ew_sel_f(ew_mf_mask32(x != x), x, (float)(2 * ew_mf_atand(sqrt((1 - xd) / (1 + xd)))));
}
/* atan2(y, x) = atan(y / x) (exact enough in double: no overflow or underflow for floats),
   plus pi with y's sign when x < 0 (or x is -0).  Two zeros become (y, +-1), two infinities
   (+-1, +-1): the same quadrant and the answer C gives; nan propagates */
static inline float ew_atan2f_fma(float y, float x) {
    const uint64_t zz = ew_mf_mask((x == 0) & (y == 0)), ii = ew_mf_mask(isinf(x) & isinf(y));
    const double one_x = ew_u2d(0x3ff0000000000000ull | ((uint64_t)(ew_f2u(x) & 0x80000000u) << 32));
    const double one_y = ew_u2d(0x3ff0000000000000ull | ((uint64_t)(ew_f2u(y) & 0x80000000u) << 32));
    const double xd = ew_sel_d(zz | ii, one_x, (double)x), yd = ew_sel_d(ii, one_y, (double)y);
    const double t = ew_mf_atand(yd / xd);
    const double pi_y = ew_u2d(ew_d2u(EW_MF_PI) | ((uint64_t)(ew_f2u(y) & 0x80000000u) << 32));
    const double r = ew_sel_d(ew_mf_mask((ew_d2u(xd) >> 63) != 0), t + pi_y, t);   /* keeps atan's -0 */
    return ew_sel_f(ew_mf_mask32((x != x) | (y != y)), x + y, (float)r);
}
/* hypot in double: a^2 and b^2 exact, one rounding in the sum and one in sqrt; an infinity wins
   over a nan, as C's hypot */
static inline float ew_hypotf_fma(float a, float b) {
    const double ad = a, bd = b;
    const float r = (float)sqrt(fma(ad, ad, bd * bd));
    return ew_sel_f(ew_mf_mask32(isinf(a) | isinf(b)), INFINITY, r);
}
/* nextafter on the bits: one step toward y; y when equal, nan when either is */
static inline float ew_nextafterf_bits(float x, float y) {
    const uint32_t ux = ew_f2u(x), uy = ew_f2u(y);
    const uint32_t away = ew_mf_mask32((x < y) == (x > 0));   /* |x| grows */
    const uint32_t step = (ux + 1) & away, back = (ux - 1) & ~away;
    const uint32_t zero = ew_mf_mask32(x == 0);
    const uint32_t tiny = 1u | (uy & 0x80000000u);
    uint32_t r = ((step | back) & ~zero) | (tiny & zero);
    r = (r & ~ew_mf_mask32(x == y)) | (uy & ew_mf_mask32(x == y));
    r = (r & ~ew_mf_mask32((x != x) | (y != y))) | (ew_f2u(x + y) & ew_mf_mask32((x != x) | (y != y)));
    return ew_u2f(r);
}

/* tan x = sin r / cos r or -cos r / sin r by quadrant, from ew_trigf_fma's reduction and
   polynomials (each within 2^-52: the quotient within 2^-51) for |x| < 2^19; the block
   function sends a block with any other x (larger, inf, nan) through libm's tanf */
static inline float ew_tanf_fma(float x) {
    const double xd = x;
    EW_TRIG_REDUCE(double, fma, EW_DSUB, EW_DCONST, xd, nd, r);
    EW_TRIG_POLY(double, fma, EW_DMUL, EW_DCONST, r, s, c);
    const uint64_t odd = 0 - (ew_d2u(nd) & 1);
    const double t = ew_sel_d(odd, -c, s) / ew_sel_d(odd, s, c);
    return (float)t;
}

/* logaddexp(a, b) = max + log1p(e^-|a - b|): logaddexp2 in double: e^-d by ew_mf_exp2d (d
   clamped to 200), log of 1 + w (w in (0, 1]) by ew_mf_logparts; logaddexp in torch's float
   steps (|a - b|, exp, log1p and the sum each rounded to float, as the libm path it replaces:
   torch's own values, 2 ulp off near cancellation, are in the golden data); two equal
   infinities give that infinity, nan propagates (torch's rules, ew_logaddexp) */
static inline float ew_mf_logaddexp_fin(float a, float b, double m, double l) {
    const uint32_t same_inf = ew_mf_mask32(isinf(a) & (a == b)), nan = ew_mf_mask32((a != a) | (b != b));
    return ew_sel_f(same_inf, a, ew_sel_f(nan, a + b, (float)(m + l)));
}
static inline float ew_logaddexpf_fma(float a, float b) {
    const float m = ew_sel_f(ew_mf_mask32(a > b), a, b), d = fabsf(a - b);
    const double w = (float)ew_mf_expd(-ew_sel_d(ew_mf_mask(d < 200), (double)d, 200.0));
    double e;
    const double lm = ew_mf_logparts(1 + w, &e);
    /* 1 + w rounds: log1p(w) = log(1 + w) + (w - ((1 + w) - 1)) / (1 + w) corrects it */
    const double opw = 1 + w, corr = (w - (opw - 1)) / opw;
    const float l = (float)(fma(e, EW_MF_LN2, lm) + corr);
    const uint32_t same_inf = ew_mf_mask32(isinf(a) & (a == b)), nan = ew_mf_mask32((a != a) | (b != b));
    return ew_sel_f(same_inf, a, ew_sel_f(nan, a + b, m + l));
}
static inline float ew_logaddexp2f_fma(float a, float b) {
    const double ad = a, bd = b, m = ew_sel_d(ew_mf_mask(ad > bd), ad, bd), d = fabs(ad - bd);
    const double w = ew_mf_exp2d(-ew_sel_d(ew_mf_mask(d < 200), d, 200.0));
    double e;
    const double lm = ew_mf_logparts(1 + w, &e);
    const double opw = 1 + w, corr = (w - (opw - 1)) / opw;
    return ew_mf_logaddexp_fin(a, b, m, e + (lm + corr) * 1.442695040888963407359924681001892137);
}

/* Ziv's rounding test on a double r about to be rounded to float: r's low 29 bits lie beyond 2^w
   double ulps of 2^28 (a float midpoint), so that a value within 2^w ulps of r rounds as r does */
static inline int ew_far_mid_d(double r, int w) {
    return ((ew_d2u(r) + ((1ull << w) - (1ull << 28))) & (0x1fffffffull & ~((2ull << w) - 1))) != 0;
}
/* acosh x = log(x + sqrt(x^2 - 1)) in double for x >= 1 (x^2 - 1 in one fma, glibc's log): within
   2^-51.6 absolute, 2^12.5 double ulps of acosh x >= 2^-11; beyond Ziv's window, and for inf,
   acoshl rounded once; nan below 1 (as glibc's (x - x) / (x - x)), a nan x quieted.  Correctly
   rounded but where acosh x lies within about 2^-62 of a float midpoint (glibc's acoshf, torch's
   std::acosh, is not); the AVX-512 block (csrc/vtrig.c) gives the same bits. */
static inline float ew_acoshf_cr(float x) {
    if (!(x >= 1)) return x < 1 ? (x - x) / (x - x) : x + x;
    if (x < INFINITY) {
        const double xd = x, r = log(xd + sqrt(fma(xd, xd, -1.0)));
        if (ew_far_mid_d(r, 14)) return (float)r;
    }
    return (float)acoshl((long double)x);
}
/* sinc as torch computes it, sin(y) / y with y = pi x rounded to float (1 at x = 0), sin y
   correctly rounded below 2^19 (ew_trigf_fma: glibc's sinf, torch's, is not) and glibc's sinf
   beyond: within 1 ulp of torch's.  In both flavours, so that strided runs give the AVX-512
   block's bits (csrc/vtrig.c). */
static inline float ew_sincf_fma(float x) {
    if (x == 0) return 1.0f;
    const float y = (float)EW_PI * x;
    return (fabsf(y) < 0x1p19f ? ew_trigf_fma(y, 0) : sinf(y)) / y;
}

/* the element functions of ops.yaml: the fast path in the AVX2 flavour */
#define ew_log2f(x) (EW_AVX2 ? ew_log2f_fma(x) : log2f(x))
#define ew_log10f(x) (EW_AVX2 ? ew_log10f_fma(x) : (float)log10l(x))
#define ew_exp2f(x) (EW_AVX2 ? ew_exp2f_fma(x) : exp2f(x))
#define ew_sinhf(x) (EW_AVX2 ? ew_sinhf_fma(x) : (float)sinhl(x))
#define ew_coshf(x) (EW_AVX2 ? ew_coshf_fma(x) : coshf(x))
#define ew_atanhf(x) (EW_AVX2 ? ew_atanhf_fma(x) : (float)atanhl(x))
#define ew_atanf(x) (EW_AVX2 ? ew_atanf_fma(x) : atanf(x))
#define ew_asinf(x) (EW_AVX2 ? ew_asinf_fma(x) : asinf(x))
#define ew_acosf(x) (EW_AVX2 ? ew_acosf_fma(x) : acosf(x))
#define ew_atan2f(y, x) (EW_AVX2 ? ew_atan2f_fma((y), (x)) : atan2f((y), (x)))
#define ew_hypotf(a, b) (EW_AVX2 ? ew_hypotf_fma((a), (b)) : hypotf((a), (b)))
#define ew_tanf(x) (EW_AVX2 && fabsf(x) < 0x1p19f ? ew_tanf_fma(x) : tanf(x))
#define ew_logaddexpf(a, b) (EW_AVX2 ? ew_logaddexpf_fma((a), (b)) : ew_logaddexp_float((a), (b)))
#define ew_logaddexp2f(a, b) (EW_AVX2 ? ew_logaddexp2f_fma((a), (b)) : ew_logaddexp2_float((a), (b)))

#endif
