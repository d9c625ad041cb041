/* The special functions of rt.special (csrc/special.c), for the ops' expressions in ops.yaml.
   Each is torch's algorithm (ATen/native/Math.h) computed in double, for the float32,
   float16 and bfloat16 kernels (which round the double result once: nearly correctly
   rounded, where torch computes in float), and, as ew_sp_<name>_l, in long double for the
   float64 kernels (the double result within an ulp where double arithmetic would lose one
   or more).  Out of line, in one translation unit: a change there recompiles special.c
   alone, not every kernel shard. */
#ifndef EW_SPECIAL_H
#define EW_SPECIAL_H

double ew_sp_i0e(double x);
double ew_sp_i0e_l(double x);
double ew_sp_i1e(double x);
double ew_sp_i1e_l(double x);
double ew_sp_i1(double x);
double ew_sp_i1_l(double x);
double ew_sp_modified_bessel_i0(double x);
double ew_sp_modified_bessel_i0_l(double x);
double ew_sp_modified_bessel_i1(double x);
double ew_sp_modified_bessel_i1_l(double x);
double ew_sp_modified_bessel_k0(double x);
double ew_sp_modified_bessel_k0_l(double x);
double ew_sp_modified_bessel_k1(double x);
double ew_sp_modified_bessel_k1_l(double x);
double ew_sp_scaled_modified_bessel_k0(double x);
double ew_sp_scaled_modified_bessel_k0_l(double x);
double ew_sp_scaled_modified_bessel_k1(double x);
double ew_sp_scaled_modified_bessel_k1_l(double x);
double ew_sp_bessel_j0(double x);
double ew_sp_bessel_j0_l(double x);
double ew_sp_bessel_j1(double x);
double ew_sp_bessel_j1_l(double x);
double ew_sp_bessel_y0(double x);
double ew_sp_bessel_y0_l(double x);
double ew_sp_bessel_y1(double x);
double ew_sp_bessel_y1_l(double x);
double ew_sp_spherical_bessel_j0(double x);
double ew_sp_spherical_bessel_j0_l(double x);
double ew_sp_airy_ai(double x);
double ew_sp_airy_ai_l(double x);
double ew_sp_ndtr(double x);
double ew_sp_ndtr_l(double x);
double ew_sp_ndtri(double x);
double ew_sp_ndtri_l(double x);
double ew_sp_erfcx(double x);
double ew_sp_erfcx_l(double x);
double ew_sp_log_ndtr(double x);
double ew_sp_log_ndtr_l(double x);
double ew_sp_entr(double x);
double ew_sp_entr_l(double x);
/* binary: x and y; the polynomials' degree n is a float truncated as torch's static_cast<int64_t>
   (hermite_*_f: the float32 kernels' degree limit, 128) */
double ew_sp_xlog1py(double x, double y);
double ew_sp_xlog1py_l(double x, double y);
double ew_sp_zeta(double x, double y);
double ew_sp_zeta_l(double x, double y);
double ew_sp_chebyshev_t(double x, double y);
double ew_sp_chebyshev_t_l(double x, double y);
double ew_sp_chebyshev_u(double x, double y);
double ew_sp_chebyshev_u_l(double x, double y);
double ew_sp_chebyshev_v(double x, double y);
double ew_sp_chebyshev_v_l(double x, double y);
double ew_sp_chebyshev_w(double x, double y);
double ew_sp_chebyshev_w_l(double x, double y);
double ew_sp_shifted_chebyshev_t(double x, double y);
double ew_sp_shifted_chebyshev_t_l(double x, double y);
double ew_sp_shifted_chebyshev_u(double x, double y);
double ew_sp_shifted_chebyshev_u_l(double x, double y);
double ew_sp_shifted_chebyshev_v(double x, double y);
double ew_sp_shifted_chebyshev_v_l(double x, double y);
double ew_sp_shifted_chebyshev_w(double x, double y);
double ew_sp_shifted_chebyshev_w_l(double x, double y);
double ew_sp_hermite_h(double x, double y);
double ew_sp_hermite_h_l(double x, double y);
double ew_sp_hermite_h_f(double x, double y);
double ew_sp_hermite_h_f_l(double x, double y);
double ew_sp_hermite_he(double x, double y);
double ew_sp_hermite_he_l(double x, double y);
double ew_sp_hermite_he_f(double x, double y);
double ew_sp_hermite_he_f_l(double x, double y);
double ew_sp_laguerre_l(double x, double y);
double ew_sp_laguerre_l_l(double x, double y);
double ew_sp_legendre_p(double x, double y);
double ew_sp_legendre_p_l(double x, double y);
double ew_sp_igamma(double x, double y);
double ew_sp_igamma_l(double x, double y);
double ew_sp_igammac(double x, double y);
double ew_sp_igammac_l(double x, double y);

#endif
