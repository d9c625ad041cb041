/* Issue 17 speed, branch poly17: the float32 orthogonal polynomials' block functions (ops.yaml
   `simd: {float32: {block: ew_vo_*}}`), defined in vpoly.c; the element functions of special.c
   stay the reference and the fallback.  Binary blocks: o[i] = f(a[i sa], b[i sb]), x = a, the
   degree n = b, sa, sb in {0, 1} (a one-element operand read at step 0).  Not included from
   prelude.h (that would put it in every kernel's cache key): the kernel template declares the
   ew_vo_* block an op names, with these signatures. */
#ifndef EW_VPOLY_H
#define EW_VPOLY_H
#ifdef EW_HAVE_F16C_PATH
void ew_vo_chebyshev_tf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_chebyshev_uf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_chebyshev_vf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_chebyshev_wf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_shifted_chebyshev_tf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_shifted_chebyshev_uf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_shifted_chebyshev_vf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_shifted_chebyshev_wf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_hermite_hf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_hermite_hef_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_laguerre_lf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vo_legendre_pf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
#endif
#endif
