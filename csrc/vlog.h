/* vlog.h: float32 log, log2 and log10, correctly rounded, at AVX-512 speed (issue 17, branch vlog).
   Included from prelude.h after vmath.h (whose EW_TARGET_V8 and ew_use_avx512 it uses).

   x = 2^k m, m in [0.69921875, 1.3984375) (musl's logf split), c from m's top mantissa bits,
   z = m/c - 1, and log_B x = k log_B 2 + log_B c + log1p(z) / ln B.  Two evaluations of it
   (tables and polynomials: scripts/vlog_tables.py):
   - the block functions (contiguous runs, 16 floats a vector): in float lanes, z exact (1/c a
     multiple of 1/32, |z| < 2^-5), log1p z = z - z^2/2 + z^3 R(z), summed as a float pair S + l
     with error-free steps (the 2^-5 part of z^2 by fma, the sums by Fast2Sum) within 2^-33 of
     log_B x, relative; S + (l +- 2^-32 S) rounding to one float proves that float the correctly
     rounded result, as CORE-MATH's fast paths do.  The other lanes (about 1 in 200, and zero,
     negative, subnormal, inf, nan) take the element function;
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
static const float EW_VLOGF_INVC[32] = {0x1.6800000000000p+0f, 0x1.6000000000000p+0f, 0x1.5800000000000p+0f, 0x1.5000000000000p+0f, 0x1.5000000000000p+0f, 0x1.4800000000000p+0f, 0x1.4000000000000p+0f, 0x1.3800000000000p+0f, 0x1.3000000000000p+0f, 0x1.3000000000000p+0f, 0x1.2800000000000p+0f, 0x1.2000000000000p+0f, 0x1.2000000000000p+0f, 0x1.1800000000000p+0f, 0x1.1800000000000p+0f, 0x1.1000000000000p+0f, 0x1.0800000000000p+0f, 0x1.0800000000000p+0f, 0x1.0000000000000p+0f, 0x1.0000000000000p+0f, 0x1.f000000000000p-1f, 0x1.e000000000000p-1f, 0x1.d000000000000p-1f, 0x1.c000000000000p-1f, 0x1.b000000000000p-1f, 0x1.b000000000000p-1f, 0x1.a000000000000p-1f, 0x1.9000000000000p-1f, 0x1.9000000000000p-1f, 0x1.8000000000000p-1f, 0x1.8000000000000p-1f, 0x1.7000000000000p-1f};
static const float EW_VLOGF_LH_E[32] = {-0x1.5d1bdc0000000p-2f, -0x1.4618bc0000000p-2f, -0x1.2e8e2c0000000p-2f, -0x1.1675ca0000000p-2f, -0x1.1675ca0000000p-2f, -0x1.fb91860000000p-3f, -0x1.c8ff7c0000000p-3f, -0x1.9525aa0000000p-3f, -0x1.5ff3080000000p-3f, -0x1.5ff3080000000p-3f, -0x1.2955300000000p-3f, -0x1.e270760000000p-4f, -0x1.e270760000000p-4f, -0x1.6f0d280000000p-4f, -0x1.6f0d280000000p-4f, -0x1.f0a30c0000000p-5f, -0x1.f829b00000000p-6f, -0x1.f829b00000000p-6f, 0x0.0p+0f, 0x0.0p+0f, 0x1.0415d80000000p-5f, 0x1.08598c0000000p-4f, 0x1.9335e60000000p-4f, 0x1.1178e80000000p-3f, 0x1.5bf4060000000p-3f, 0x1.5bf4060000000p-3f, 0x1.a93ed40000000p-3f, 0x1.f991c60000000p-3f, 0x1.f991c60000000p-3f, 0x1.2696220000000p-2f, 0x1.2696220000000p-2f, 0x1.522ae00000000p-2f};
static const float EW_VLOGF_LL_E[32] = {0x1.4fec6c0000000p-31f, -0x1.0e2f620000000p-29f, 0x1.47b8b40000000p-28f, -0x1.7574c20000000p-27f, -0x1.7574c20000000p-27f, -0x1.abc7c60000000p-28f, -0x1.e6a6880000000p-29f, 0x1.85d4a60000000p-30f, 0x1.eb0d860000000p-28f, 0x1.eb0d860000000p-28f, 0x1.f802b80000000p-29f, -0x1.c55e5c0000000p-29f, -0x1.c55e5c0000000p-29f, -0x1.5cad6a0000000p-29f, -0x1.5cad6a0000000p-29f, -0x1.162a660000000p-37f, -0x1.cf06600000000p-31f, -0x1.cf06600000000p-31f, 0x0.0p+0f, 0x0.0p+0f, 0x1.3ce8880000000p-30f, -0x1.4c38c00000000p-29f, -0x1.535b3c0000000p-31f, 0x1.13f23e0000000p-30f, 0x1.6a87b60000000p-28f, 0x1.6a87b60000000p-28f, -0x1.ba930e0000000p-30f, 0x1.9676700000000p-28f, 0x1.9676700000000p-28f, -0x1.d9648e0000000p-27f, -0x1.d9648e0000000p-27f, 0x1.ce28f60000000p-28f};
#define EW_VLOGF_K_E 0x1.62e4000000000p-1f, 0x1.7f7d1c0000000p-20f
#define EW_VLOGF_S_E 0x1.0000000000000p+0f, 0x0.0p+0f
#define EW_VLOGF_R_E 0x1.5555560000000p-2f, -0x1.0000000000000p-2f, 0x1.99998a0000000p-3f, -0x1.5555440000000p-3f, 0x1.24fe9c0000000p-3f, -0x1.0067d20000000p-3f
static const float EW_VLOGF_LH_2[32] = {-0x1.f7a8560000000p-2f, -0x1.d6753e0000000p-2f, -0x1.b47ec00000000p-2f, -0x1.91bba80000000p-2f, -0x1.91bba80000000p-2f, -0x1.6e221c0000000p-2f, -0x1.49a7840000000p-2f, -0x1.24407a0000000p-2f, -0x1.fbc16c0000000p-3f, -0x1.fbc16c0000000p-3f, -0x1.acf5e20000000p-3f, -0x1.5c01a40000000p-3f, -0x1.5c01a40000000p-3f, -0x1.08c5880000000p-3f, -0x1.08c5880000000p-3f, -0x1.663f700000000p-4f, -0x1.6bad380000000p-5f, -0x1.6bad380000000p-5f, 0x0.0p+0f, 0x0.0p+0f, 0x1.77394c0000000p-5f, 0x1.7d604a0000000p-4f, 0x1.22dadc0000000p-3f, 0x1.8a89800000000p-3f, 0x1.f5fd8a0000000p-3f, 0x1.f5fd8a0000000p-3f, 0x1.32bfee0000000p-2f, 0x1.6cb0f60000000p-2f, 0x1.6cb0f60000000p-2f, 0x1.a8ff980000000p-2f, 0x1.a8ff980000000p-2f, 0x1.e7df600000000p-2f};
static const float EW_VLOGF_LL_2[32] = {-0x1.1960da0000000p-27f, -0x1.9750780000000p-33f, 0x1.18efac0000000p-27f, -0x1.23e2e20000000p-27f, -0x1.23e2e20000000p-27f, -0x1.b3a19c0000000p-27f, -0x1.79a3720000000p-27f, -0x1.61c0e80000000p-27f, 0x1.bf65fe0000000p-29f, 0x1.bf65fe0000000p-29f, -0x1.b69d920000000p-28f, 0x1.810a5e0000000p-29f, 0x1.810a5e0000000p-29f, -0x1.9b4f3c0000000p-28f, -0x1.9b4f3c0000000p-28f, 0x1.4dbb3a0000000p-30f, 0x1.4e20500000000p-30f, 0x1.4e20500000000p-30f, 0x0.0p+0f, 0x0.0p+0f, 0x1.3b2b1a0000000p-30f, -0x1.2608960000000p-29f, 0x1.559a4c0000000p-30f, 0x1.57f7a60000000p-28f, 0x1.20c7c60000000p-28f, 0x1.20c7c60000000p-28f, 0x1.b877340000000p-29f, 0x1.0cb91e0000000p-27f, 0x1.0cb91e0000000p-27f, -0x1.cfdeb40000000p-27f, -0x1.cfdeb40000000p-27f, -0x1.ac754c0000000p-30f};
#define EW_VLOGF_K_2 0x1.0000000000000p+0f, 0x0.0p+0f
#define EW_VLOGF_S_2 0x1.7154760000000p+0f, 0x1.4ae0c00000000p-26f
#define EW_VLOGF_R_2 0x1.ec709e0000000p-2f, -0x1.7154760000000p-2f, 0x1.2776ba0000000p-2f, -0x1.ec70840000000p-3f, 0x1.a6b3aa0000000p-3f, -0x1.71ea3e0000000p-3f
static const float EW_VLOGF_LH_10[32] = {-0x1.2f3b6a0000000p-3f, -0x1.1b3e720000000p-3f, -0x1.06cbd60000000p-3f, -0x1.e3bc1a0000000p-4f, -0x1.e3bc1a0000000p-4f, -0x1.b8de4e0000000p-4f, -0x1.8cf1840000000p-4f, -0x1.5fe8040000000p-4f, -0x1.31b3060000000p-4f, -0x1.31b3060000000p-4f, -0x1.02428c0000000p-4f, -0x1.a30a9e0000000p-5f, -0x1.a30a9e0000000p-5f, -0x1.3ed11a0000000p-5f, -0x1.3ed11a0000000p-5f, -0x1.af5f920000000p-6f, -0x1.b5e9080000000p-7f, -0x1.b5e9080000000p-7f, 0x0.0p+0f, 0x0.0p+0f, 0x1.c3d0840000000p-7f, 0x1.cb38fc0000000p-6f, 0x1.5e39660000000p-5f, 0x1.db11ee0000000p-5f, 0x1.2e3a740000000p-4f, 0x1.2e3a740000000p-4f, 0x1.715d0c0000000p-4f, 0x1.b721ce0000000p-4f, 0x1.b721ce0000000p-4f, 0x1.ffbfc20000000p-4f, 0x1.ffbfc20000000p-4f, 0x1.25ba820000000p-3f};
static const float EW_VLOGF_LL_10[32] = {0x1.c74c000000000p-28f, 0x1.36b0860000000p-31f, -0x1.e9b0ee0000000p-29f, -0x1.61c3400000000p-29f, -0x1.61c3400000000p-29f, 0x1.8a984e0000000p-29f, 0x1.de6dfc0000000p-30f, -0x1.115ea00000000p-29f, 0x1.4771dc0000000p-29f, 0x1.4771dc0000000p-29f, -0x1.f080160000000p-32f, 0x1.3ec2020000000p-30f, 0x1.3ec2020000000p-30f, 0x1.9686f60000000p-31f, 0x1.9686f60000000p-31f, -0x1.601cc20000000p-31f, -0x1.d626f20000000p-32f, -0x1.d626f20000000p-32f, 0x0.0p+0f, 0x0.0p+0f, -0x1.10f6780000000p-32f, 0x1.9b17fc0000000p-31f, 0x1.6fd2520000000p-30f, -0x1.132a820000000p-30f, 0x1.6f001e0000000p-33f, 0x1.6f001e0000000p-33f, 0x1.c6cf600000000p-29f, -0x1.d1d5040000000p-29f, -0x1.d1d5040000000p-29f, 0x1.778f000000000p-29f, 0x1.778f000000000p-29f, 0x1.5af7fc0000000p-31f};
#define EW_VLOGF_K_10 0x1.3440000000000p-2f, 0x1.3509f80000000p-18f
#define EW_VLOGF_S_10 0x1.bcb7b20000000p-2f, -0x1.5b235e0000000p-27f
#define EW_VLOGF_R_10 0x1.287a760000000p-3f, -0x1.bcb7b20000000p-4f, 0x1.63c61a0000000p-4f, -0x1.287a680000000p-4f, 0x1.fcfbd40000000p-5f, -0x1.bd6c0c0000000p-5f

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
EW_VLOG_ELEM(ew_vlog_log2f, 2, log2l)
EW_VLOG_ELEM(ew_vlog_log10f, 10, log10l)

#ifdef EW_HAVE_F16C_PATH
/* 16 floats x of log_B into y; fail: the lanes left to the element function.  SCALED: B is not
   e (S, l and R carry the factor 1 / ln B; s 1/ln B as an exact product pair).  The tables come
   in as pairs of 16-float vectors (permutex2var picks one of 32 by an index's low 5 bits). */
#define EW_VLOGF_V16(B, SCALED, xf, y, fail) do { \
    static const float Kc[2] = {EW_VLOGF_K_##B}, Sc[2] = {EW_VLOGF_S_##B}, Rc[6] = {EW_VLOGF_R_##B}; \
    const __m512i u = _mm512_castps_si512(xf); \
    /* not a positive normal finite float: zero, subnormal, negative, inf, nan */ \
    const __mmask16 special = _mm512_cmpge_epu32_mask(_mm512_sub_epi32(u, _mm512_set1_epi32(0x00800000)), _mm512_set1_epi32(0x7f000000)); \
    const __m512i tmp = _mm512_sub_epi32(u, _mm512_set1_epi32(0x3f330000)); \
    const __m512 kf = _mm512_cvtepi32_ps(_mm512_srai_epi32(tmp, 23)); \
    const __m512i idx = _mm512_srli_epi32(tmp, 18); \
    const __m512 m = _mm512_castsi512_ps(_mm512_sub_epi32(u, _mm512_and_si512(tmp, _mm512_set1_epi32((int)0xff800000u)))); \
    const __m512 invc = _mm512_permutex2var_ps(ic0, idx, ic1), lh = _mm512_permutex2var_ps(lh0, idx, lh1), \
                 ll = _mm512_permutex2var_ps(ll0, idx, ll1), half = _mm512_set1_ps(0.5f); \
    const __m512 z = _mm512_fmsub_ps(m, invc, _mm512_set1_ps(1.0f));              /* exact */ \
    const __m512 z2 = _mm512_mul_ps(z, z), z2l = _mm512_fmsub_ps(z, z, z2);        /* z^2 = z2 + z2l */ \
    /* s + e1 = z - z2/2 exactly (z - s is exact: Sterbenz) */ \
    const __m512 s = _mm512_fnmadd_ps(half, z2, z), e1 = _mm512_fnmadd_ps(half, z2, _mm512_sub_ps(z, s)); \
    /* A + eA = k K_hi + log c_hi exactly (k K_hi exact: K_hi has 16 bits; |k K_hi| >= |log c_hi| or k = 0) */ \
    const __m512 P = _mm512_mul_ps(kf, _mm512_set1_ps(Kc[0])), A = _mm512_add_ps(P, lh), eA = _mm512_sub_ps(lh, _mm512_sub_ps(A, P)); \
    const __m512 R = _mm512_fmadd_ps(z2, _mm512_fmadd_ps(z2, _mm512_fmadd_ps(z, _mm512_set1_ps(Rc[5]), _mm512_set1_ps(Rc[4])), \
                                                          _mm512_fmadd_ps(z, _mm512_set1_ps(Rc[3]), _mm512_set1_ps(Rc[2]))), \
                                     _mm512_fmadd_ps(z, _mm512_set1_ps(Rc[1]), _mm512_set1_ps(Rc[0]))); \
    __m512 l = _mm512_fnmadd_ps(half, z2l, e1), sh = s; \
    if (SCALED) {     /* (s + l) / ln B: s S_hi as an exact pair, the rest in the low part */ \
        sh = _mm512_mul_ps(s, _mm512_set1_ps(Sc[0])); \
        l = _mm512_fmadd_ps(l, _mm512_set1_ps(Sc[0]), _mm512_fmadd_ps(s, _mm512_set1_ps(Sc[1]), _mm512_fmsub_ps(s, _mm512_set1_ps(Sc[0]), sh))); \
    } \
    /* S + e2 = A + sh exactly (|A| >= |sh| or A = 0: the intervals' log c outweigh their z) */ \
    const __m512 S = _mm512_add_ps(A, sh), e2 = _mm512_sub_ps(sh, _mm512_sub_ps(S, A)); \
    l = _mm512_fmadd_ps(_mm512_mul_ps(z2, z), R, l); \
    l = _mm512_add_ps(_mm512_add_ps(l, e2), _mm512_add_ps(eA, _mm512_fmadd_ps(kf, _mm512_set1_ps(Kc[1]), ll))); \
    /* the rounding test: both ends of S + l +- 2^-32 |S| round to one float */ \
    const __m512 d = _mm512_mul_ps(S, _mm512_set1_ps(0x1p-32f)); \
    const __m512 up = _mm512_add_ps(S, _mm512_add_ps(l, d)), dn = _mm512_add_ps(S, _mm512_sub_ps(l, d)); \
    fail = _mm512_cmp_ps_mask(up, dn, _CMP_NEQ_UQ) | special; \
    y = up; \
} while (0)
/* n floats: the vectors' failing lanes are redone by the element function after the vector's
   store.  Output may be the input itself (each vector is read before it is written, and a
   redone lane reads its own x first). */
#define EW_VLOG_BLOCK(name, B, SCALED, elem) \
EW_TARGET_V8 static inline void name##_v16(float *o, const float *x, int64_t n) { \
    const __m512 ic0 = _mm512_loadu_ps(EW_VLOGF_INVC), ic1 = _mm512_loadu_ps(EW_VLOGF_INVC + 16); \
    const __m512 lh0 = _mm512_loadu_ps(EW_VLOGF_LH_##B), lh1 = _mm512_loadu_ps(EW_VLOGF_LH_##B + 16); \
    const __m512 ll0 = _mm512_loadu_ps(EW_VLOGF_LL_##B), ll1 = _mm512_loadu_ps(EW_VLOGF_LL_##B + 16); \
    int64_t i0 = 0; \
    for (; i0 + 16 <= n; i0 += 16) { \
        const __m512 xf = _mm512_loadu_ps(x + i0); \
        __m512 y; \
        __mmask16 fail; \
        EW_VLOGF_V16(B, SCALED, xf, y, fail); \
        _Alignas(64) float xs[16]; \
        if (__builtin_expect(fail != 0, 0)) _mm512_store_ps(xs, xf); \
        _mm512_storeu_ps(o + i0, y); \
        if (__builtin_expect(fail != 0, 0)) \
            for (unsigned f = fail; f; f &= f - 1) o[i0 + __builtin_ctz(f)] = elem(xs[__builtin_ctz(f)]); \
    } \
    for (; i0 < n; i0++) o[i0] = elem(x[i0]); \
} \
/* without AVX-512 (or with EW_NO_AVX512 set): the element function */ \
EW_TARGET_F16C static inline void name(float *o, const float *x, int64_t n) { \
    if (ew_use_avx512()) { name##_v16(o, x, n); return; } \
    for (int64_t i = 0; i < n; i++) o[i] = elem(x[i]); \
}
EW_VLOG_BLOCK(ew_vlog_logf_block, E, 0, ew_vlog_logf)
EW_VLOG_BLOCK(ew_vlog_log2f_block, 2, 1, ew_vlog_log2f)
EW_VLOG_BLOCK(ew_vlog_log10f_block, 10, 1, ew_vlog_log10f)
#endif
#endif
