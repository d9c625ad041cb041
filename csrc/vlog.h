/* vlog.h: float32 log, log2, log10 and log1p, correctly rounded, at AVX-512 speed (issue 17, vlog).
   Included from prelude.h after vmath.h: the element functions and their double tables.  The
   block functions and their float tables are in vlogc.c (outside every kernel's cache key).

   x = 2^k m, m in [0.69921875, 1.3984375) (musl's logf split), c from m's top mantissa bits,
   z = m/c - 1, and log_B x = k log_B 2 + log_B c + log1p(z) / ln B.  Two evaluations of it
   (tables and polynomials: scripts/vlog_tables.py):
   - the block functions (vlogc.c; contiguous runs, 16 floats a vector): in float lanes, z exact (1/c a
     multiple of 1/32, |z| < 2^-5), log1p z = z - z^2/2 + z^3 R(z), summed as a float pair S + l
     with error-free steps (z^2 by fma, the sums by Fast2Sum) within a bound d (2^-21 |z|^3 plus
     2^-38 |S|, 2^-37 for log10); S + l +- d rounding to one float proves that float the correctly
     rounded result, as CORE-MATH's fast paths do.  log1p first splits 1 + x = u + ulo exactly.
     The other lanes (about 1 in 10000, 1 in 5500 for log10; and zero, negative, subnormal, inf,
     nan) take the element function;
   - the element functions: in double, 1/c in double from a 16-entry table, log1p z = z + z^2 Q(z)
     (relative error 2^-44); where that is within 2^10 double ulps of a float rounding boundary
     (1 input in 2^18), logl/log2l/log10l decide.
   scripts/vlog_sweep.c runs every float through both and finds no result other than the
   correctly rounded one; tests/test_vlog.py samples them. */
#ifndef EW_VLOG_H
#define EW_VLOG_H
static const double EW_VLOG_INVC[16] = {0x1.661ec6a5122f9p+0, 0x1.571ed3c506b3ap+0, 0x1.49539e3b2d067p+0, 0x1.3c995a47babe7p+0, 0x1.30d190130d190p+0, 0x1.25e22708092f1p+0, 0x1.1bb4a4046ed29p+0, 0x1.12358e75d3033p+0, 0x1.0953f39010954p+0, 0x1.0000000000000p+0, 0x1.e573ac901e574p-1, 0x1.ca4b3055ee191p-1, 0x1.b2036406c80d9p-1, 0x1.9c2d14ee4a102p-1, 0x1.886e5f0abb04ap-1, 0x1.767dce434a9b1p-1};
static const double EW_VLOG_LOGC_E[16] = {-0x1.57bf753c8d1fbp-2, -0x1.2bef07cdc9355p-2, -0x1.01eae5626c691p-2, -0x1.b31d8575bce3bp-3, -0x1.6574ebe8c1339p-3, -0x1.1aa2b7e23f729p-3, -0x1.a4e7640b1bc38p-4, -0x1.1973bd1465561p-4, -0x1.252f32f8d1840p-5, 0x0.0p+0, 0x1.b42dd711971b9p-5, 0x1.c5e548f5bc743p-4, 0x1.526e5e3a1b438p-3, 0x1.bc286742d8cd4p-3, 0x1.1058bf9ae4ad4p-2, 0x1.404308686a7e4p-2};
static const double EW_VLOG_LOGC_2[16] = {-0x1.efec61b011f85p-2, -0x1.b0b67f4f46812p-2, -0x1.7418acebbf18fp-2, -0x1.39de8e1559f6ep-2, -0x1.01d9bbcfa61d4p-2, -0x1.97c1cb13c7ec0p-3, -0x1.2f9e32d5bfdd1p-3, -0x1.960caf9abb7c1p-4, -0x1.a6f9c377dd31dp-5, 0x0.0p+0, 0x1.3aa2fdd27f1bfp-4, 0x1.476a9f983f74dp-3, 0x1.e840be74e6a4dp-3, 0x1.406463b1b0448p-2, 0x1.88e9c72e0b224p-2, 0x1.ce0a4923a587dp-2};
static const double EW_VLOG_LOGC_10[16] = {-0x1.2a935ba5f1479p-3, -0x1.0484e4942aa44p-3, -0x1.c00c7767225cbp-4, -0x1.79efb57b0f802p-4, -0x1.367ba3aaa1882p-4, -0x1.eafd05035bd3ap-5, -0x1.6d97ab3ba5e10p-5, -0x1.e8eeb09f2f6c0p-6, -0x1.fd503c3904f20p-7, 0x0.0p+0, 0x1.7adc3df3b1ff3p-6, 0x1.8a3fadeb847f4p-5, 0x1.25f5215eb594ap-4, 0x1.81ca63d05a448p-4, 0x1.d91d5866aa99ap-4, 0x1.162d082ac9d10p-3};
#define EW_VLOG_Q_E -0x1.00000000145b1p-1, 0x1.5555555590569p-2, -0x1.fffff4acdb181p-3, 0x1.99998cff705cep-3, -0x1.55ba19a6097fcp-3, 0x1.24f3e96cd8d3bp-3
#define EW_VLOG_S_E 0x1.0000000000000p+0
#define EW_VLOG_Q_2 -0x1.71547652d58dep-1, 0x1.ec709dc3f5601p-2, -0x1.71546e276dd4bp-2, 0x1.2776bbf7cad35p-2, -0x1.ed01fdfaf178bp-3, 0x1.a6a43ae592bf5p-3
#define EW_VLOG_S_2 0x1.71547652b82fep+0
#define EW_VLOG_Q_10 -0x1.bcb7b15291ad7p-3, 0x1.287a763727763p-3, -0x1.bcb7a77c442c0p-4, 0x1.63c61c82efd3dp-4, -0x1.28d1fc9c01622p-4, 0x1.fce93e1f9da09p-5
#define EW_VLOG_S_10 0x1.bcb7b1526e50ep-2
#define EW_VLOG_K_E 0x1.62e42fefa39efp-1
#define EW_VLOG_K_2 0x1.0000000000000p+0
#define EW_VLOG_K_10 0x1.34413509f79ffp-2

#define EW_VLOG_OFF 0x3fe6600000000000ull            /* 0.69921875 as a double */
/* the double rounding test: r's low 29 mantissa bits within 2^10 of 2^28 (a float midpoint) */
#define EW_VLOG_TADD ((1ull << 10) - (1ull << 28))
#define EW_VLOG_TMASK (0x1fffffffull & ~((1ull << 11) - 1))

/* log_B of a positive finite double xd (a float's), K = log_B 2, S = 1 / ln B, Q the scaled
   polynomial; *ok: r passes the rounding test */
static inline double ew_vlog_core(double xd, const double *logc, double K, double S, const double *Q, int *ok) {
    const uint64_t b = ew_d2u(xd), tmp = b - EW_VLOG_OFF, i = (tmp >> 48) & 15;
    const double kd = (double)((int64_t)tmp >> 52), md = ew_u2d(b - (tmp & 0xfff0000000000000ull));
    const double z = fma(md, EW_VLOG_INVC[i], -1.0), t = fma(kd, K, logc[i]);
    const double z2 = z * z, z4 = z2 * z2;
    const double q = fma(z4, fma(z, Q[5], Q[4]), fma(z2, fma(z, Q[3], Q[2]), fma(z, Q[1], Q[0])));
    const double r = fma(z2, q, fma(z, S, t));
    *ok = ((ew_d2u(r) + EW_VLOG_TADD) & EW_VLOG_TMASK) != 0;
    return r;
}
/* the element functions: 0 -> -inf, negative -> nan, inf and nan -> x (quieted) */
#define EW_VLOG_ELEM(name, B, ACC) \
static inline float name(float x) { \
    static const double Q[6] = {EW_VLOG_Q_##B}; \
    if (!(x > 0 && x < INFINITY)) return x == 0 ? -INFINITY : (x < 0 ? NAN : x + x); \
    int ok; \
    const double r = ew_vlog_core((double)x, EW_VLOG_LOGC_##B, EW_VLOG_K_##B, EW_VLOG_S_##B, Q, &ok); \
    return ok ? (float)r : (float)ACC((long double)x); }
EW_VLOG_ELEM(ew_vlog_logf, E, logl)
/* log1p: log of u = 1 + x in double (exact for |x| >= 2^-25, and within 2^-53 above 2^53); x
   itself below 2^-25 (x - x^2/2 rounds to x); -1 -> -inf, below -> nan, inf and nan -> x */
static inline float ew_vlog_log1pf(float x) {
    static const double Q[6] = {EW_VLOG_Q_E};
    if (!(x > -1 && x < INFINITY)) return x == -1 ? -INFINITY : (x < -1 ? NAN : x + x);
    if (fabsf(x) < 0x1p-25f) return x;
    int ok;
    const double r = ew_vlog_core(1 + (double)x, EW_VLOG_LOGC_E, EW_VLOG_K_E, EW_VLOG_S_E, Q, &ok);
    if (ok) return (float)r;
    /* the two floats whose log1pl lands exactly on a float midpoint (the true log1p is 2^-66 of
       it away: scripts/vlog_sweep.c and vlog_check.py found them), as CORE-MATH lists such cases */
    if (x == 0x1.800006p-21f) return 0x1.7ffffep-21f;
    if (x == -0x1.7ffffap-21f) return -0x1.800002p-21f;
    return (float)log1pl((long double)x);
}
EW_VLOG_ELEM(ew_vlog_log2f, 2, log2l)
EW_VLOG_ELEM(ew_vlog_log10f, 10, log10l)

#endif
