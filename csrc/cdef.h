/* What Python sees of the library: the cffi cdef (codegen/build.py hands this file to cffi, whose
   parser takes no preprocessor lines other than simple #defines), also included by the C files
   that implement it (fastcall.c, dlpack.c). */
typedef struct { int64_t i; double re; double im; } ew_scalar;
int ew_run(int kernel, int nops, int ndim, const int64_t *shape, char **data, const int64_t *strides,
           const ew_scalar *params, const int *casts);
int ew_run_flat(int kernel, int64_t n, char *out, char *a, char *b, const ew_scalar *params, int64_t flags);
int ew_run_addr(int kernel, int nops, int ndim, const int64_t *shape, const uintptr_t *data,
                const int64_t *strides, const ew_scalar *params, const int *casts);
int ew_run_flat_addr(int kernel, int64_t n, uintptr_t out, uintptr_t a, uintptr_t b, const ew_scalar *params,
                     int64_t flags);
char *ew_alloc(size_t nbytes);
void ew_free(char *p);
int64_t ew_alloc_cached(int release);
void ew_set_num_threads(int n);
int ew_get_num_threads(void);
int64_t ew_config(int key, int64_t value);
int64_t ew_f16_selftest(int64_t step);
int ew_use_avx2(void);
void ew_arange_f64(void *out, int64_t n, double start, double step, int64_t vec, int64_t chunk, int round);
void ew_arange_f32(float *out, int64_t n, float start, float step, int64_t vec, int64_t chunk, int round);
void ew_arange_i64(int64_t *out, int64_t n, int64_t start, int64_t step);
int ew_index(int put, int ndim, const int64_t *shape, char *a, const int64_t *a_strides, char *b,
             const int64_t *b_strides, int nidx, char **idx, const int64_t *idx_strides,
             const int64_t *sizes, const int64_t *strides, int64_t itemsize, int64_t *bad);
int64_t ew_nonzero(const char *mask, int ndim, const int64_t *shape, const int64_t *strides,
                   int64_t *out, int64_t cap);
/* DLPack 1.x (https://github.com/dmlc/dlpack, dlpack.h): its structs, written as plain struct
   declarations (no typedef lines: the lines of cdef.h other than typedefs are also the cffi
   module's C), and the glue of dlpack.c, used by runtime/_dlpack.py. */
struct DLPackVersion { uint32_t major; uint32_t minor; };
struct DLDevice { int32_t device_type; int32_t device_id; };
struct DLDataType { uint8_t code; uint8_t bits; uint16_t lanes; };
struct DLTensor {
    void *data;
    struct DLDevice device;
    int32_t ndim;
    struct DLDataType dtype;
    int64_t *shape;
    int64_t *strides;
    uint64_t byte_offset;
};
struct DLManagedTensor {
    struct DLTensor dl_tensor;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensor *self);
};
struct DLManagedTensorVersioned {
    struct DLPackVersion version;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensorVersioned *self);
    uint64_t flags;
    struct DLTensor dl_tensor;
};
void *ew_dlpack_export(int versioned, uintptr_t data, int32_t ndim, const int64_t *shape, const int64_t *strides,
                       uint8_t code, uint8_t bits, uint64_t flags, uintptr_t owner);
void ew_dlpack_release(struct DLManagedTensor *managed);
void ew_dlpack_release_versioned(struct DLManagedTensorVersioned *managed);
void ew_dlpack_capsule_destructor(void *capsule);
const char *ew_dlpack_name(int which);
int64_t ew_dlpack_live(void);
/* Reductions (reduce.c; the loops from ops.yaml's reductions:, generated/k_reduce.c). */
int ew_reduce(int red, int nk, int nr, const int64_t *shape, const int64_t *in_strides, uintptr_t in,
              const int64_t *out_strides, uintptr_t out, const int64_t *out2_strides, uintptr_t out2, double param);
/* Scans (scan.c; cumsum, cummax, ...: the loops from ops.yaml's reductions: with a scan config). */
int ew_scan(int scan, int nk, const int64_t *shape, const int64_t *in_strides, uintptr_t in,
            const int64_t *out_strides, uintptr_t out, const int64_t *out2_strides, uintptr_t out2);
