/* Issue 17 speed, branch vtrig: float32 block functions (ops.yaml `simd: {float32: {block: ew_vt_*}}`),
   defined in vtrig.c in AVX-512 vectors (16 floats, or 8 doubles), with the element functions of
   prelude.h for the lanes their fast paths decline and on CPUs without AVX-512.  Binary blocks:
   o[i] = f(a[i sa], b[i sb]) with sa, sb in {0, 1} (a one-element operand read at step 0).
   Not included from prelude.h (that would put it in every kernel's cache key): the kernel
   template declares the ew_vt_* block an op names, with these signatures. */
#ifndef EW_VTRIG_H
#define EW_VTRIG_H
#ifdef EW_HAVE_F16C_PATH
void ew_vt_fmodf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vt_remainderf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vt_div_floorf_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vt_atan2f_block(float *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vt_polarf_block(ew_c64 *o, const float *a, int sa, const float *b, int sb, int64_t n);
void ew_vt_hardsigmoidf_block(float *o, const float *x, int64_t n);
void ew_vt_hardswishf_block(float *o, const float *x, int64_t n);
void ew_vt_atanf_block(float *o, const float *x, int64_t n);
void ew_vt_atanhf_block(float *o, const float *x, int64_t n);
void ew_vt_acoshf_block(float *o, const float *x, int64_t n);
void ew_vt_sincf_block(float *o, const float *x, int64_t n);
void ew_vt_asinf_block(float *o, const float *x, int64_t n);
void ew_vt_acosf_block(float *o, const float *x, int64_t n);
void ew_vt_tanf_block(float *o, const float *x, int64_t n);
void ew_vt_sinf_block(float *o, const float *x, int64_t n);
void ew_vt_cosf_block(float *o, const float *x, int64_t n);
#endif
#endif
