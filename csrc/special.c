/* The special functions of rt.special (see special.h): csrc/special_body.h written once for
   a computation type, included here for double and for long double.  The algorithms are the
   ones torch 2.13 uses (ATen/native/Math.h: Cephes' approximations, the Faddeeva package's
   erfcx), except where a different formula keeps accuracy torch's loses: ndtr's lower tail
   (erfc instead of 1 + erf), i0/i1 near overflow (exp in halves), J0/J1/Y0/Y1 (Cephes' p1evl
   denominators, which torch evaluates without their leading 1) and their phase (sin and cos of
   x itself, not of x - pi/4 rounded). */
#include <float.h>
#include <stdint.h>
#include <tgmath.h>

#include "special.h"
#include "special_tables.h"

#define EW_N(a) ((int)(sizeof(a) / sizeof((a)[0])))

#define T double
#define F(name) name##_d
#define C(x) ((T)x##L)
#define EPS DBL_EPSILON
#define EW_LONG 0
#include "special_body.h"
#undef T
#undef F
#undef EPS
#undef EW_LONG

#define T long double
#define F(name) name##_l
#define EPS LDBL_EPSILON
#define EW_LONG 1
#include "special_body.h"
#undef T
#undef F

/* the entry points: double in and out, computed in double or (_l) in long double */
#define EW_UNARY(name) \
    double ew_sp_##name(double x) { return name##_d(x); } \
    double ew_sp_##name##_l(double x) { return (double)name##_l(x); }
#define EW_BINARY(name) \
    double ew_sp_##name(double x, double y) { return name##_d(x, y); } \
    double ew_sp_##name##_l(double x, double y) { return (double)name##_l(x, y); }
EW_UNARY(i0e)
EW_UNARY(i1e)
EW_UNARY(i1)
EW_UNARY(modified_bessel_i0)
EW_UNARY(modified_bessel_i1)
EW_UNARY(modified_bessel_k0)
EW_UNARY(modified_bessel_k1)
EW_UNARY(scaled_modified_bessel_k0)
EW_UNARY(scaled_modified_bessel_k1)
EW_UNARY(bessel_j0)
EW_UNARY(bessel_j1)
EW_UNARY(bessel_y0)
EW_UNARY(bessel_y1)
EW_UNARY(spherical_bessel_j0)
EW_UNARY(airy_ai)
EW_UNARY(ndtr)
EW_UNARY(ndtri)
EW_UNARY(erfcx)
EW_UNARY(log_ndtr)
EW_UNARY(entr)
EW_BINARY(xlog1py)
EW_BINARY(zeta)
EW_BINARY(chebyshev_t)
EW_BINARY(chebyshev_u)
EW_BINARY(chebyshev_v)
EW_BINARY(chebyshev_w)
EW_BINARY(shifted_chebyshev_t)
EW_BINARY(shifted_chebyshev_u)
EW_BINARY(shifted_chebyshev_v)
EW_BINARY(shifted_chebyshev_w)
EW_BINARY(hermite_h)
EW_BINARY(hermite_h_f)
EW_BINARY(hermite_he)
EW_BINARY(hermite_he_f)
EW_BINARY(laguerre_l)
EW_BINARY(legendre_p)
EW_BINARY(igamma)
EW_BINARY(igammac)
