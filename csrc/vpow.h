/* float32 pow, correctly rounded (csrc/vpow.c).  The element function is declared in prelude.h
   (an op's expr calls it); the block, ops.yaml `block: ew_vp_powf_block`, by the kernel template,
   as every ew_vp_* block, so that this file stays out of the kernels' cache keys. */
#ifndef EW_VPOW_H
#define EW_VPOW_H
float ew_vp_powf(float x, float y);
#ifdef EW_HAVE_F16C_PATH
void ew_vp_powf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vp_pows_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);   /* pow_scalar */
void ew_vp_ldexpf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);  /* ldexp */
#endif
#endif
