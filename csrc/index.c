/* Advanced indexing's element loops (aten's cpu_index_kernel / cpu_index_put_kernel and
   nonzero), over any layout: the Python side (runtime/_advanced.py) works out the geometry,
   these walk it once in C so that a gather or scatter costs O(result size). */
#include <stdint.h>
#include <string.h>

#define EW_INDEX_MAX_DIMS 64

static inline void ew_move(char *dst, const char *src, int64_t size) {
    switch (size) {      /* fixed sizes: the compiler turns each into one load and store */
    case 1: memcpy(dst, src, 1); break;
    case 2: memcpy(dst, src, 2); break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, (size_t)size);
    }
}

/* Walk `shape` (ndim dims, row-major): a = result or value, b = the indexed tensor restrided
   (stride 0 over the indexed dims), idx[k] the int64 index tensors broadcast to shape (byte
   strides idx_strides[k * ndim + d]); sizes/strides (bytes) the indexed dims of the source.
   put = 0: a[i] = b[offset(i)]; put = 1: b[offset(i)] = a[i], serially (the last write wins).
   Returns 0, or -1 with bad[0..2] = (indexer, value, size) for an index out of bounds, as
   aten's Indexer checks it element by element; -2 for bad arguments. */
int ew_index(int put, int ndim, const int64_t *shape, char *a, const int64_t *a_strides, char *b,
             const int64_t *b_strides, int nidx, char **idx, const int64_t *idx_strides,
             const int64_t *sizes, const int64_t *strides, int64_t itemsize, int64_t *bad) {
    if (ndim < 0 || ndim > EW_INDEX_MAX_DIMS || nidx < 0 || nidx > EW_INDEX_MAX_DIMS) return -2;
    int64_t pos[EW_INDEX_MAX_DIMS] = {0};
    for (int d = 0; d < ndim; d++)
        if (shape[d] == 0) return 0;
    for (;;) {
        int64_t ao = 0, bo = 0;
        for (int d = 0; d < ndim; d++) {
            ao += pos[d] * a_strides[d];
            bo += pos[d] * b_strides[d];
        }
        for (int k = 0; k < nidx; k++) {
            int64_t io = 0;
            for (int d = 0; d < ndim; d++) io += pos[d] * idx_strides[k * ndim + d];
            int64_t v = *(const int64_t *)(idx[k] + io);
            if (!(v >= -sizes[k] && v < sizes[k])) {
                bad[0] = k; bad[1] = v; bad[2] = sizes[k];
                return -1;
            }
            bo += (v < 0 ? v + sizes[k] : v) * strides[k];
        }
        if (put) ew_move(b + bo, a + ao, itemsize);
        else ew_move(a + ao, b + bo, itemsize);
        int d = ndim - 1;
        for (; d >= 0; d--) {
            if (++pos[d] < shape[d]) break;
            pos[d] = 0;
        }
        if (d < 0) return 0;
    }
}

/* nonzero of a 1-byte mask (bool or uint8) of ndim dims with byte strides: the coordinates of
   its true elements, in row-major order, into out column by column as aten lays nonzero out
   (ndim columns of cap entries: out[d * cap + k]); returns the count, or -2 for bad arguments. */
int64_t ew_nonzero(const char *mask, int ndim, const int64_t *shape, const int64_t *strides,
                   int64_t *out, int64_t cap) {
    if (ndim < 0 || ndim > EW_INDEX_MAX_DIMS) return -2;
    if (ndim == 0) return mask[0] != 0;
    int64_t pos[EW_INDEX_MAX_DIMS] = {0}, count = 0;
    for (int d = 0; d < ndim; d++)
        if (shape[d] == 0) return 0;
    const int last = ndim - 1;
    const int64_t n = shape[last], s = strides[last];
    int64_t *col = out + last * cap;
    for (;;) {
        int64_t o = 0;
        for (int d = 0; d < last; d++) o += pos[d] * strides[d];
        /* the last dim without branches: every index is written, kept where the mask is true
           (count stays below the elements seen, so below cap while cap >= numel) */
        if (n > cap - count) return -2;
        const char *row = mask + o;
        const int64_t first = count;
        if (s == 1)
            for (int64_t j = 0; j < n; j++) { col[count] = j; count += row[j] != 0; }
        else
            for (int64_t j = 0; j < n; j++) { col[count] = j; count += row[j * s] != 0; }
        for (int d = 0; d < last; d++)
            for (int64_t k = first; k < count; k++) out[d * cap + k] = pos[d];
        int d = last - 1;
        for (; d >= 0; d--) {
            if (++pos[d] < shape[d]) break;
            pos[d] = 0;
        }
        if (d < 0) return count;
    }
}
