/* Issue 17 speed, branch vlog17: float32 log-family block functions (ops.yaml `simd: {float32:
   {block: ew_vl_*}}`), defined in vlogc.c; the element functions of vlog.h (prelude.h) stay the
   reference and the fallback.  Not included from prelude.h (that would put it in every kernel's
   cache key): the kernel template declares the ew_vl_* block an op names, with these signatures. */
#ifndef EW_VLOGC_H
#define EW_VLOGC_H
#ifdef EW_HAVE_F16C_PATH
void ew_vl_logf_block(float *o, const float *x, int64_t n);
void ew_vl_log2f_block(float *o, const float *x, int64_t n);
void ew_vl_log10f_block(float *o, const float *x, int64_t n);
void ew_vl_log1pf_block(float *o, const float *x, int64_t n);
void ew_vl_logsigmoidf_block(float *o, const float *x, int64_t n);
void ew_vl_entrf_block(float *o, const float *x, int64_t n);
void ew_vl_xlog1pyf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vl_logitf_block(float *o, const float *x, int64_t n, float eps);      /* ops.yaml param eps */
void ew_vl_softplusf_block(float *o, const float *x, int64_t n, float beta, float threshold);    /* params */
void ew_vl_lgammaf_block(float *o, const float *x, int64_t n);
void ew_vl_digammaf_block(float *o, const float *x, int64_t n);
void ew_vl_mvlgammaf_block(float *o, const float *x, int64_t n, float p);      /* ops.yaml param p */
void ew_vl_logaddexpf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vl_logaddexp2f_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
#endif
#endif
