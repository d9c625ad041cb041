/* The special functions of rt.special (csrc/special.c), for the ops' expressions in ops.yaml.
   Each computes in double (the float64 kernels' type; float32/float16/bfloat16 kernels convert
   their operand to double and round the result once, which makes them nearly correctly
   rounded where torch computes in float); the _l ones compute in long double, for float64
   kernels where double arithmetic would lose digits torch keeps or that the function needs.
   They are out-of-line functions of one translation unit: a change there recompiles
   special.c alone, not every kernel shard. */
#ifndef EW_SPECIAL_H
#define EW_SPECIAL_H

/* unary */
double ew_sp_i0e(double x);
double ew_sp_i1(double x);
double ew_sp_i1e(double x);
double ew_sp_ndtr(double x);
double ew_sp_ndtr_l(double x);
double ew_sp_ndtri(double y);
double ew_sp_log_ndtr(double x);
double ew_sp_log_ndtr_l(double x);
double ew_sp_erfcx(double x);
double ew_sp_entr(double x);
double ew_sp_airy_ai(double x);
double ew_sp_bessel_j0(double x);
double ew_sp_bessel_j1(double x);
double ew_sp_bessel_y0(double x);
double ew_sp_bessel_y1(double x);
double ew_sp_modified_bessel_i0(double x);
double ew_sp_modified_bessel_i1(double x);
double ew_sp_modified_bessel_k0(double x);
double ew_sp_modified_bessel_k1(double x);
double ew_sp_scaled_modified_bessel_k0(double x);
double ew_sp_scaled_modified_bessel_k1(double x);
double ew_sp_spherical_bessel_j0(double x);
/* binary */
double ew_sp_xlog1py(double x, double y);
double ew_sp_zeta(double x, double q);
/* orthogonal polynomials of degree n (a float, truncated to an integer as torch's static_cast) */
double ew_sp_chebyshev_t(double x, double n);
double ew_sp_chebyshev_u(double x, double n);
double ew_sp_chebyshev_v(double x, double n);
double ew_sp_chebyshev_w(double x, double n);
double ew_sp_shifted_chebyshev_t(double x, double n);
double ew_sp_shifted_chebyshev_u(double x, double n);
double ew_sp_shifted_chebyshev_v(double x, double n);
double ew_sp_shifted_chebyshev_w(double x, double n);
double ew_sp_hermite_h(double x, double n);
double ew_sp_hermite_he(double x, double n);
double ew_sp_laguerre_l(double x, double n);
double ew_sp_legendre_p(double x, double n);
/* the float32 kernels' variants (double inside, a float's range and limits) */
double ew_sp_hermite_h_f(double x, double n);
double ew_sp_hermite_he_f(double x, double n);

#endif
