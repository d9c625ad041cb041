/* Issue 17 speed, branch verf17: float32 block functions o[i] = f(x[i]) defined in verfc.c (AVX-512
   where the CPU has it, else the element functions of prelude.h).  Not included from prelude.h (that
   would put verfc.c's interface in every kernel's cache key): the kernel template declares the
   ew_ve_* block an op names, with this signature. */
#ifndef EW_VERFC_H
#define EW_VERFC_H
#ifdef EW_HAVE_F16C_PATH
void ew_ve_erff_block(float *o, const float *x, int64_t n);
void ew_ve_erfcf_block(float *o, const float *x, int64_t n);
void ew_ve_ndtrf_block(float *o, const float *x, int64_t n);
void ew_ve_geluf_block(float *o, const float *x, int64_t n);
void ew_ve_erfinvf_block(float *o, const float *x, int64_t n);
void ew_ve_ndtrif_block(float *o, const float *x, int64_t n);
void ew_ve_tanhf_block(float *o, const float *x, int64_t n);
void ew_ve_sigmoidf_block(float *o, const float *x, int64_t n);
#endif
#endif
