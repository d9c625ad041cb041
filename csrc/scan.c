/* The walk of the scans of ops.yaml (cumsum, cumprod, cummax, cummin, logcumsumexp): the loop
   along one line is rendered per (scan, input dtype, value dtype) into generated/k_reduce_<op>.c
   from codegen/templates/reduce.c.j2; this walks the lines.

   The caller (runtime/_reduce.py) hands over nk other dims followed by the scanned dim, with the
   input's and the outputs' byte strides.  Threads split the lines; each line is scanned by one
   thread in order, so the bits never depend on the thread count. */
/* prelude.h's core only (no vector-math header is used here): the precompiled prelude, and a
   key that no vector-math header's edit changes (codegen/headers.py) */
#define EW_SHARD 1
#include "prelude.h"

typedef void (*ew_scanner)(const char *, int64_t, int64_t, char *, int64_t, char *, int64_t);
extern const ew_scanner ew_scanners[];
extern const int ew_nscanners;
void ew_parallel(void (*task)(void *, int64_t, int64_t), void *ctx, int64_t total, int64_t block, int threads);
int ew_get_num_threads(void);

#define EW_SCAN_MAXD 64
#define EW_SCAN_GRAIN 32768         /* elements per thread below which one thread scans them all */

typedef struct {
    ew_scanner f;
    int nk;
    int64_t sh[EW_SCAN_MAXD + 1], ist[EW_SCAN_MAXD + 1], ost[EW_SCAN_MAXD + 1], xst[EW_SCAN_MAXD + 1];
    const char *in;
    char *out, *out2;
} ew_scan_job;

static void ew_scan_lines(void *ctx, int64_t begin, int64_t end) {
    const ew_scan_job *j = ctx;
    const int nk = j->nk;
    for (int64_t l = begin; l < end; l++) {
        const char *p = j->in;
        char *o = j->out, *x = j->out2;
        int64_t rest = l;
        for (int d = nk - 1; d >= 0; d--) {
            int64_t i = rest % j->sh[d];
            rest /= j->sh[d];
            p += i * j->ist[d];
            o += i * j->ost[d];
            if (x) x += i * j->xst[d];
        }
        j->f(p, j->sh[nk], j->ist[nk], o, j->ost[nk], x, j->xst[nk]);
    }
}

/* scan: scanner id; shape, in_strides, out_strides, out2_strides: nk other dims then the scanned
   one (byte strides; out2 NULL unless the scan also gives indices).  Returns 0, or -1 for bad
   arguments. */
int ew_scan(int scan, int nk, const int64_t *shape, const int64_t *in_strides, uintptr_t in,
            const int64_t *out_strides, uintptr_t out, const int64_t *out2_strides, uintptr_t out2) {
    if (scan < 0 || scan >= ew_nscanners || nk < 0 || nk > EW_SCAN_MAXD) return -1;
    ew_scan_job j;
    j.f = ew_scanners[scan];
    j.nk = nk;
    j.in = (const char *)in; j.out = (char *)out; j.out2 = (char *)out2;
    int64_t lines = 1;
    for (int d = 0; d <= nk; d++) {
        j.sh[d] = shape[d];
        j.ist[d] = in_strides[d];
        j.ost[d] = out_strides[d];
        j.xst[d] = out2 ? out2_strides[d] : 0;
        if (d < nk) lines *= shape[d];
    }
    if (lines == 0 || j.sh[nk] == 0) return 0;
    int64_t t = lines * j.sh[nk] / EW_SCAN_GRAIN;
    int most = ew_get_num_threads();
    int threads = t < 1 ? 1 : t > most ? most : (int)t;
    int64_t block = lines / (8 * (int64_t)threads);
    ew_parallel(ew_scan_lines, &j, lines, block < 1 ? 1 : block, threads);
    return 0;
}
