/* The N-d walk shared by every kernel, the thread pool that splits it, and the allocator.

   ew_run: drop size-1 dimensions, order the rest so the innermost loop runs over the
   output's smallest stride, merge dimensions that are contiguous for every operand,
   then call the inner loop once per run of the innermost dimension.  On top of that:
   - mixed dtypes: an operand whose dtype is not the loop's is cast chunk by chunk
     (EW_CHUNK elements) into a small per-thread buffer with the generated cast loop;
     the loop's output is cast the same way into an output of another dtype; when only
     one input needs a cast and a generated loop reads that input's dtype itself, casting
     as it loads (the binary ops' simd dtypes: loops.c, ew_fused_loop), that loop instead;
   - threads: above EW_GRAIN elements the iteration space is split into one contiguous
     range per thread (pool of pthreads, spin then sleep);
   - transposed operands (one operand's smallest stride on another dimension than the
     output's) are walked in tiles, so the strided operand's cache lines are reused;
   - outputs much larger than the cache are written with non-temporal stores (the loops'
     contiguous flavours, when ew_stream_out is set), which saves the read-for-ownership
     of every output line. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <unistd.h>
#include "prelude.h"
#if defined(__x86_64__) || defined(__SSE2__)
#include <emmintrin.h>
#define EW_HAVE_SSE2 1
#endif

typedef int (*ew_loop_fn)(char **data, const int64_t *strides, int64_t n, const ew_scalar *params);
extern const ew_loop_fn ew_loops[];
extern const int ew_nloops;
extern const uint8_t ew_loop_sizes[][2];     /* per loop: itemsize of its output, of its inputs */
ew_loop_fn ew_fused_loop(int kernel, int operand, int cast);

#define EW_MAX_OPS 8
#define EW_MAX_DIMS 64
#define EW_MAX_THREADS 64
#define EW_BUF_BYTES 49152                     /* per-thread chunk buffers (stack) */

/* tunables (ew_config): */
enum { EW_CFG_GRAIN, EW_CFG_CHUNK, EW_CFG_NT_BYTES, EW_CFG_TILE0, EW_CFG_TILE1, EW_CFG_SPIN, EW_CFG_CACHE_BYTES,
       EW_CFG_CACHE_BLOCKS, EW_CFG_F16C, EW_CFG_FUSE, EW_CFG_NCFG };
static int64_t ew_cfg[EW_CFG_NCFG] = {
    [EW_CFG_GRAIN] = 32768,            /* elements per thread below which a job stays on one thread */
    [EW_CFG_CHUNK] = 512,              /* elements per cast chunk (512 measured 10-15% faster than 2048 or 256) */
    [EW_CFG_NT_BYTES] = 16 << 20,      /* output bytes from which stores are non-temporal (0: never) */
    [EW_CFG_TILE0] = 128,              /* tile of a transposed walk: elements along the output's inner dim */
    [EW_CFG_TILE1] = 32,               /* ... and along the dimension the strided operand is contiguous in */
    [EW_CFG_SPIN] = 20000,             /* pause iterations a worker spins before it sleeps */
    [EW_CFG_CACHE_BYTES] = 512 << 20,  /* freed large blocks kept for reuse, in bytes ... */
    [EW_CFG_CACHE_BLOCKS] = 32,        /* ... and in blocks */
    [EW_CFG_F16C] = 1,                 /* AVX2/F16C/FMA kernels and conversions when the CPU has them */
    [EW_CFG_FUSE] = 1,                 /* loops that cast an input as they load it, where there is one */
};

static inline int64_t ew_abs64(int64_t x) { return x < 0 ? -x : x; }
static inline void ew_pause(void) {
#ifdef EW_HAVE_SSE2
    _mm_pause();
#endif
}

/* ================================================================== the job */
typedef struct {
    ew_loop_fn fn;
    const ew_scalar *params;
    int nops, nd;
    int64_t sh[EW_MAX_DIMS];
    int64_t st[EW_MAX_DIMS][EW_MAX_OPS];
    char *base[EW_MAX_OPS];
    ew_loop_fn cast[EW_MAX_OPS];     /* operand k goes through a buffer with this cast (NULL: none) */
    int64_t bsize[EW_MAX_OPS];       /* buffer itemsize of operand k; 0: used in place */
    _Alignas(16) char one[EW_MAX_OPS][16];   /* input k cast once: a single element broadcast */
    int buffered, nt;                /* any buffer; output copied out with streaming stores */
    int64_t chunk;
    int64_t tile0, tile1;            /* tiled walk over dims 0 and 1 (0: plain walk) */
    int64_t total;                   /* work units: elements, or tiles when tiled */
    int64_t block;                   /* units claimed at a time by a thread */
    atomic_llong next;               /* the next unclaimed unit */
    atomic_int err;
    void (*task)(void *ctx, int64_t begin, int64_t end);   /* ew_parallel's work instead of a walk */
    void *task_ctx;
} ew_job;

/* Set by the walker around the loops that write a large output: their contiguous flavours
   then store whole 64-byte lines with streaming (non-temporal) stores (prelude.h). */
__thread int ew_stream_out;

/* One run of n elements of the innermost dimension, operands at p. */
static int ew_segment(ew_job *j, char **p, int64_t n, char *buf) {
    const int64_t *st0 = j->st[0];
    if (!j->buffered) return j->fn(p, st0, n, j->params);
    char *bp[EW_MAX_OPS];
    for (int k = 0, off = 0; k < j->nops; k++) {
        bp[k] = buf + off;
        off += (int)(j->bsize[k] * j->chunk);
    }
    for (int64_t done = 0; done < n;) {
        int64_t m = n - done < j->chunk ? n - done : j->chunk;
        char *d[EW_MAX_OPS];
        int64_t s[EW_MAX_OPS];
        for (int k = 1; k < j->nops; k++) {
            char *src = p[k] + done * st0[k];
            if (!j->bsize[k]) {
                d[k] = src; s[k] = st0[k];
                continue;
            }
            char *cd[2] = {bp[k], src};
            int64_t cs[2] = {j->bsize[k], st0[k]};
            j->cast[k](cd, cs, st0[k] ? m : 1, NULL);
            d[k] = bp[k];
            s[k] = st0[k] ? j->bsize[k] : 0;
        }
        char *dst = p[0] + done * st0[0];
        if (j->bsize[0]) { d[0] = bp[0]; s[0] = j->bsize[0]; }
        else { d[0] = dst; s[0] = st0[0]; }
        ew_stream_out = j->nt && !j->bsize[0];
        int rc = j->fn(d, s, m, j->params);
        if (rc) return rc;
        if (j->bsize[0]) {
            char *cd[2] = {dst, bp[0]};
            int64_t cs[2] = {st0[0], j->bsize[0]};
            ew_stream_out = j->nt;
            j->cast[0](cd, cs, m, NULL);
        }
        ew_stream_out = 0;
        done += m;
    }
    return 0;
}

#ifdef EW_HAVE_F16C_PATH
EW_TARGET_AVX2 static void ew_stream_copy_avx2(char *dst, const char *src, int64_t bytes) {
    for (int64_t k = 0; k < bytes; k += EW_SBLK) ew_stream_block_avx2(dst + k, src + k);
}
#endif

/* A run of n elements of a loop that streams its output through this helper (prelude.h,
   EW_SRUN): the head up to the output's first 64-byte line stored in place, then blocks of
   EW_SRUN bytes computed into an aligned buffer and copied out with streaming stores, then
   the tail in place.  The loop runs with ew_stream_out cleared, so it stores normally; it
   computes every element even after an error, as the inline streaming does, and the first
   error is returned. */
int ew_stream_run(ew_loop_fn fn, char **data, const int64_t *strides, int64_t n, const ew_scalar *params,
                  int nops, int64_t osize) {
    char *po = data[0];
    int rc = 0, r;
    ew_stream_out = 0;
    if ((uintptr_t)po % (uintptr_t)osize) {
        rc = fn(data, strides, n, params);
        ew_stream_out = 1;
        return rc;
    }
    int64_t head = (int64_t)(((64 - ((uintptr_t)po & 63)) & 63) / (uintptr_t)osize), i0;
    if (head > n) head = n;
    const int64_t B = EW_SRUN / osize;
#ifdef EW_HAVE_F16C_PATH
    const int avx2 = ew_use_avx2();
#endif
    _Alignas(64) char t[EW_SRUN];
    char *d[EW_MAX_OPS];
    int64_t s[EW_MAX_OPS];
    for (int k = 0; k < nops; k++) s[k] = strides[k];
    s[0] = osize;
    if (head) rc = fn(data, s, head, params);
    for (i0 = head; i0 + B <= n; i0 += B) {
        d[0] = t;
        for (int k = 1; k < nops; k++) d[k] = data[k] + i0 * strides[k];
        r = fn(d, s, B, params);
        if (r && !rc) rc = r;
#ifdef EW_HAVE_F16C_PATH
        if (avx2) ew_stream_copy_avx2(po + i0 * osize, t, EW_SRUN);
        else
#endif
        ew_stream_bytes(po + i0 * osize, t, EW_SRUN);
    }
    if (i0 < n) {
        d[0] = po + i0 * osize;
        for (int k = 1; k < nops; k++) d[k] = data[k] + i0 * strides[k];
        r = fn(d, s, n - i0, params);
        if (r && !rc) rc = r;
    }
    ew_stream_out = 1;
    return rc;
}

/* operand pointers at multi-index idx */
static void ew_locate(const ew_job *j, const int64_t *idx, char **p) {
    for (int k = 0; k < j->nops; k++) {
        char *q = j->base[k];
        for (int d = 0; d < j->nd; d++) q += idx[d] * j->st[d][k];
        p[k] = q;
    }
}

/* elements [begin, end) of the iteration space, dimension 0 fastest */
static int ew_walk(ew_job *j, int64_t begin, int64_t end, char *buf) {
    int64_t idx[EW_MAX_DIMS], r = begin;
    char *p[EW_MAX_OPS];
    for (int d = 0; d < j->nd; d++) { idx[d] = r % j->sh[d]; r /= j->sh[d]; }
    ew_locate(j, idx, p);
    for (int64_t pos = begin; pos < end;) {
        int64_t n = j->sh[0] - idx[0];
        if (n > end - pos) n = end - pos;
        int rc = ew_segment(j, p, n, buf);
        if (rc) return rc;
        pos += n;
        if (pos >= end) break;
        for (int k = 0; k < j->nops; k++) p[k] += n * j->st[0][k];
        idx[0] += n;
        if (idx[0] < j->sh[0]) continue;
        for (int k = 0; k < j->nops; k++) p[k] -= j->sh[0] * j->st[0][k];
        idx[0] = 0;
        for (int d = 1; d < j->nd; d++) {
            for (int k = 0; k < j->nops; k++) p[k] += j->st[d][k];
            if (++idx[d] < j->sh[d]) break;
            for (int k = 0; k < j->nops; k++) p[k] -= j->st[d][k] * j->sh[d];
            idx[d] = 0;
        }
    }
    return 0;
}

/* tiles [begin, end) of a tiled walk: tile t covers dims 0 and 1 in blocks of tile0 x tile1,
   dim-0 tiles fastest, then dim-1 tiles, then the outer dimensions */
static int ew_walk_tiles(ew_job *j, int64_t begin, int64_t end, char *buf) {
    const int64_t n0 = (j->sh[0] + j->tile0 - 1) / j->tile0, n1 = (j->sh[1] + j->tile1 - 1) / j->tile1;
    for (int64_t t = begin; t < end; t++) {
        int64_t idx[EW_MAX_DIMS], r = t;
        const int64_t i0 = (r % n0) * j->tile0;
        r /= n0;
        const int64_t i1 = (r % n1) * j->tile1;
        r /= n1;
        idx[0] = i0; idx[1] = i1;
        for (int d = 2; d < j->nd; d++) { idx[d] = r % j->sh[d]; r /= j->sh[d]; }
        char *p[EW_MAX_OPS];
        ew_locate(j, idx, p);
        const int64_t len0 = j->sh[0] - i0 < j->tile0 ? j->sh[0] - i0 : j->tile0;
        const int64_t len1 = j->sh[1] - i1 < j->tile1 ? j->sh[1] - i1 : j->tile1;
        for (int64_t b = 0; b < len1; b++) {
            int rc = ew_segment(j, p, len0, buf);
            if (rc) return rc;
            for (int k = 0; k < j->nops; k++) p[k] += j->st[1][k];
        }
    }
    return 0;
}

/* Claim blocks of units until none is left (every participating thread runs this). */
static void ew_job_work(ew_job *j) {
    _Alignas(64) char buf[EW_BUF_BYTES];
    ew_stream_out = j->nt;
    for (;;) {
        int64_t begin = atomic_fetch_add_explicit(&j->next, j->block, memory_order_relaxed);
        if (begin >= j->total) break;
        int64_t end = begin + j->block < j->total ? begin + j->block : j->total;
        int rc = j->task ? (j->task(j->task_ctx, begin, end), 0)
               : j->tile0 ? ew_walk_tiles(j, begin, end, buf) : ew_walk(j, begin, end, buf);
        if (rc) {
            int zero = 0;
            atomic_compare_exchange_strong(&j->err, &zero, rc);
            atomic_store(&j->next, j->total);     /* the others stop at their next claim */
            break;
        }
    }
    ew_stream_out = 0;
#ifdef EW_HAVE_SSE2
    if (j->nt) _mm_sfence();      /* streaming stores are visible to the other threads after this */
#endif
}

/* ================================================================== thread pool
   Workers spin for a while after a job (EW_CFG_SPIN pauses), then sleep on a condition
   variable.  A job is published as a generation number; the caller works on it at once and
   the workers join when they wake, claiming blocks from the job's counter, so a worker that
   wakes late costs nothing.  The caller then closes the job and waits only for workers that
   are inside a block.  A worker joins by counting itself in ew_pool_active and then checking
   that its generation is still the open one; the caller closes by clearing ew_pool_open and
   then waiting for ew_pool_active to drop to zero, so no worker touches a closed job. */
static pthread_mutex_t ew_pool_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ew_pool_start = PTHREAD_COND_INITIALIZER;
static atomic_uint ew_pool_gen;           /* bumped once per job */
static atomic_uint ew_pool_open;          /* generation of the open job, 0: none */
static atomic_int ew_pool_active;         /* workers inside the open job */
static atomic_int ew_pool_sleepers;       /* workers waiting on ew_pool_start */
static atomic_flag ew_pool_busy = ATOMIC_FLAG_INIT;
static ew_job *ew_pool_job;
static int ew_pool_workers;               /* workers started */
static int ew_threads;                    /* threads to use; 0: not yet decided */
static pthread_once_t ew_pool_once = PTHREAD_ONCE_INIT;

/* The caller's CPU, published with each job.  Woken from sleep, a worker is often placed on
   its waker's CPU (and the other core picks it up only milliseconds later), so the two time-
   share one core and the job runs at one thread's speed or slower (10M float32 add out=,
   2 threads, each call after a 30 ms sleep and a warm-up call, on a 2-core VM: median
   3.3 ms, 90th percentile 5.9-6.7 ms; moving as below, 2.8 and 3.1-3.3 ms).  A worker that
   finds itself there moves: it narrows its affinity to the other CPUs (which migrates it at
   once) and restores it (which leaves it where it is).  A hint only: nothing breaks when stale. */
static atomic_int ew_pool_caller_cpu = -1;

static void ew_leave_cpu(int cpu) {
    if (cpu < 0 || sched_getcpu() != cpu) return;
    cpu_set_t was, away;
    if (pthread_getaffinity_np(pthread_self(), sizeof was, &was)) return;
    away = was;
    CPU_CLR(cpu, &away);
    if (CPU_COUNT(&away) && pthread_setaffinity_np(pthread_self(), sizeof away, &away) == 0)
        pthread_setaffinity_np(pthread_self(), sizeof was, &was);
}

static void *ew_worker(void *arg) {
    unsigned seen = (unsigned)(uintptr_t)arg;
    for (;;) {
        unsigned g;
        int64_t spins = 0;
        while ((g = atomic_load(&ew_pool_gen)) == seen) {
            if (spins++ < ew_cfg[EW_CFG_SPIN]) { ew_pause(); continue; }
            pthread_mutex_lock(&ew_pool_mu);
            atomic_fetch_add(&ew_pool_sleepers, 1);
            while ((g = atomic_load(&ew_pool_gen)) == seen) pthread_cond_wait(&ew_pool_start, &ew_pool_mu);
            atomic_fetch_sub(&ew_pool_sleepers, 1);
            pthread_mutex_unlock(&ew_pool_mu);
            break;
        }
        seen = g;
        if (atomic_load(&ew_pool_open) == g) ew_leave_cpu(atomic_load(&ew_pool_caller_cpu));
        atomic_fetch_add(&ew_pool_active, 1);
        if (atomic_load(&ew_pool_open) == g) ew_job_work(ew_pool_job);
        atomic_fetch_sub(&ew_pool_active, 1);
    }
    return NULL;
}

/* a forked child has none of the parent's workers: start afresh */
static void ew_pool_atfork_child(void) {
    pthread_mutex_init(&ew_pool_mu, NULL);
    pthread_cond_init(&ew_pool_start, NULL);
    ew_pool_workers = 0;
    atomic_store(&ew_pool_open, 0);
    atomic_store(&ew_pool_active, 0);
    atomic_store(&ew_pool_sleepers, 0);
    atomic_flag_clear(&ew_pool_busy);
}

static void ew_pool_init(void) {
    cpu_set_t set;
    int n = 1;
    if (sched_getaffinity(0, sizeof set, &set) == 0) n = CPU_COUNT(&set);
    else {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        n = c > 0 ? (int)c : 1;
    }
    if (!ew_threads) ew_threads = n < 1 ? 1 : n > EW_MAX_THREADS ? EW_MAX_THREADS : n;
    pthread_atfork(NULL, NULL, ew_pool_atfork_child);
}

/* start workers up to n - 1 (by the holder of ew_pool_busy, the only one who bumps the
   generation: a new worker starts from the current one and takes the next as its job) */
static void ew_pool_grow(int n) {
    while (ew_pool_workers < n - 1) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&attr, 1 << 20);
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);     /* signals stay with the caller's threads */
        pthread_t t;
        int rc = pthread_create(&t, &attr, ew_worker, (void *)(uintptr_t)atomic_load(&ew_pool_gen));
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        pthread_attr_destroy(&attr);
        if (rc) break;
        ew_pool_workers++;
    }
}

static void ew_job_run(ew_job *j, int threads) {
    if (threads > 1 && !atomic_flag_test_and_set(&ew_pool_busy)) {
        ew_pool_grow(threads);
        ew_pool_job = j;
        atomic_store(&ew_pool_caller_cpu, sched_getcpu());
        unsigned g = atomic_load(&ew_pool_gen) + 1;
        if (!g) g = 1;                                /* 0 means no open job */
        atomic_store(&ew_pool_open, g);
        atomic_store(&ew_pool_gen, g);
        if (atomic_load(&ew_pool_sleepers)) {
            pthread_mutex_lock(&ew_pool_mu);
            pthread_cond_broadcast(&ew_pool_start);
            pthread_mutex_unlock(&ew_pool_mu);
        }
        ew_job_work(j);
        atomic_store(&ew_pool_open, 0);
        for (int64_t spins = 0; atomic_load(&ew_pool_active) > 0; spins++) {
            if (spins < (1 << 20)) ew_pause();
            else sched_yield();
        }
        atomic_flag_clear(&ew_pool_busy);
        return;
    }
    ew_job_work(j);      /* one thread, or the pool is busy with another caller's job */
}

void ew_set_num_threads(int n) {
    pthread_once(&ew_pool_once, ew_pool_init);
    ew_threads = n < 1 ? 1 : n > EW_MAX_THREADS ? EW_MAX_THREADS : n;
}

int ew_get_num_threads(void) {
    pthread_once(&ew_pool_once, ew_pool_init);
    return ew_threads;
}

/* Units [0, total) handed out `block` at a time to up to `threads` pool threads (reduce.c's
   work: what a unit computes never depends on which thread runs it, so results are the same
   bits for any thread count). */
void ew_parallel(void (*task)(void *, int64_t, int64_t), void *ctx, int64_t total, int64_t block, int threads) {
    ew_job j;
    j.task = task;
    j.task_ctx = ctx;
    j.nt = 0;
    j.tile0 = 0;
    j.total = total;
    j.block = block < 1 ? 1 : block;
    atomic_store(&j.next, 0);
    atomic_store(&j.err, 0);
    int most = ew_get_num_threads();
    if (threads > most) threads = most;
    if ((int64_t)threads > (total + j.block - 1) / j.block) threads = (int)((total + j.block - 1) / j.block);
    ew_job_run(&j, threads < 1 ? 1 : threads);
}

static void ew_f16_choose(void);

int64_t ew_config(int key, int64_t value) {
    if (key < 0 || key >= EW_CFG_NCFG) return -1;
    int64_t old = ew_cfg[key];
    if (value >= 0) ew_cfg[key] = value;
    if (key == EW_CFG_F16C && value >= 0) ew_f16_choose();
    return old;
}

/* ================================================================== ew_run */
/* Normalise the operands into j: drop size-1 dimensions, order, merge.
   Returns 0, or 1 when there is nothing to do (an empty shape). */
static int ew_prepare(ew_job *j, int nops, int ndim, const int64_t *shape, char **data, const int64_t *strides) {
    int nd = 0;
    for (int d = 0; d < ndim; d++) {
        if (shape[d] == 0) return 1;
        if (shape[d] == 1) continue;
        j->sh[nd] = shape[d];
        for (int k = 0; k < nops; k++) j->st[nd][k] = strides[k * ndim + d];
        nd++;
    }
    /* innermost first: sort by the output's |stride|, then the inputs' (insertion sort, stable) */
    for (int i = 1; i < nd; i++) {
        for (int d = i; d > 0; d--) {
            int swap = 0;
            for (int k = 0; k < nops; k++) {
                int64_t a = ew_abs64(j->st[d - 1][k]), b = ew_abs64(j->st[d][k]);
                if (a == b) continue;
                if (a == 0 || b == 0) continue;   /* broadcast dims do not decide the order */
                swap = a > b;
                break;
            }
            if (!swap) break;
            int64_t t = j->sh[d]; j->sh[d] = j->sh[d - 1]; j->sh[d - 1] = t;
            for (int k = 0; k < nops; k++) { t = j->st[d][k]; j->st[d][k] = j->st[d - 1][k]; j->st[d - 1][k] = t; }
        }
    }
    /* merge dimension i+1 into i when every operand steps through both as one */
    int m = 0;
    for (int i = 1; i < nd; i++) {
        int ok = 1;
        for (int k = 0; k < nops && ok; k++) ok = j->st[i][k] == j->st[m][k] * j->sh[m];
        if (ok) { j->sh[m] *= j->sh[i]; continue; }
        m++;
        j->sh[m] = j->sh[i];
        for (int k = 0; k < nops; k++) j->st[m][k] = j->st[i][k];
    }
    nd = nd ? m + 1 : 0;
    if (nd == 0) {                   /* one element */
        nd = 1;
        j->sh[0] = 1;
        for (int k = 0; k < nops; k++) j->st[0][k] = 0;
    }
    j->nd = nd;
    j->nops = nops;
    for (int k = 0; k < nops; k++) j->base[k] = data[k];
    return 0;
}

/* Is the walk tiled?  A transposed operand (one whose stride along dim 1 is smaller than along
   dim 0) in a walk of at least two tiles each way. */
static int ew_tiled(const ew_job *j) {
    if (j->nd < 2 || ew_cfg[EW_CFG_TILE0] <= 0 || ew_cfg[EW_CFG_TILE1] <= 0 ||
        j->sh[0] < 2 * ew_cfg[EW_CFG_TILE0] || j->sh[1] < 2 * ew_cfg[EW_CFG_TILE1])
        return 0;
    for (int k = 0; k < j->nops; k++) {
        int64_t a = ew_abs64(j->st[0][k]), b = ew_abs64(j->st[1][k]);
        if (a && b && b < a && a >= 64) return 1;
    }
    return 0;
}

/* Would ew_execute run this walk on this thread as plain rows?  No casts (the caller knows), no
   tiles, no streaming stores, fewer elements than a thread's grain. */
static int ew_plain_rows(const ew_job *j, int kernel) {
    int64_t elements = 1;
    for (int d = 0; d < j->nd; d++) elements *= j->sh[d];
    return elements < ew_cfg[EW_CFG_GRAIN] && !ew_tiled(j) &&
           (ew_cfg[EW_CFG_NT_BYTES] <= 0 || elements * ew_loop_sizes[kernel][0] < ew_cfg[EW_CFG_NT_BYTES]);
}

/* Such a walk's rows, one call of the loop each, without the job's set-up, which costs as
   much as the loop at a hundred elements ((r,1)+(1,c)).  The first error code stops it, as
   ew_walk. */
static int ew_run_rows(const ew_job *j, ew_loop_fn fn) {
    int64_t idx[EW_MAX_DIMS];
    char *p[EW_MAX_OPS];
    for (int d = 0; d < j->nd; d++) idx[d] = 0;
    for (int k = 0; k < j->nops; k++) p[k] = j->base[k];
    for (;;) {
        int rc = fn(p, j->st[0], j->sh[0], j->params);
        if (rc) return rc;
        int d = 1;
        for (; d < j->nd; d++) {
            for (int k = 0; k < j->nops; k++) p[k] += j->st[d][k];
            if (++idx[d] < j->sh[d]) break;
            for (int k = 0; k < j->nops; k++) p[k] -= j->st[d][k] * j->sh[d];
            idx[d] = 0;
        }
        if (d == j->nd) return 0;
    }
}

static int ew_execute(ew_job *j, int kernel, const int *casts) {
    j->fn = ew_loops[kernel];
    j->task = NULL;
    j->buffered = j->nt = 0;
    j->tile0 = j->tile1 = 0;
    int64_t total = 1, bytes = 0;
    for (int d = 0; d < j->nd; d++) total *= j->sh[d];
    /* an input that is a single element broadcast (a Python number, a 0-dim tensor: stride 0
       in every dimension) is cast once, here, and read in place: no chunks */
    int cs[EW_MAX_OPS];
    for (int k = 0; k < j->nops; k++) {
        cs[k] = casts ? casts[k] : -1;
        int one = k > 0 && cs[k] >= 0;
        for (int d = 0; d < j->nd && one; d++) one = j->st[d][k] == 0;
        if (one) {
            char *cd[2] = {j->one[k], j->base[k]};
            const int64_t zero[2] = {0, 0};
            ew_loops[cs[k]](cd, zero, 1, NULL);
            j->base[k] = j->one[k];
            cs[k] = -1;
        }
    }
    /* one input to cast, and a loop that reads it in its own dtype: that loop, which casts as
       it loads (one pass over memory), instead of the chunked cast into a buffer */
    int fused = -1, to_cast = 0;
    if (ew_cfg[EW_CFG_FUSE]) {
        for (int k = 1; k < j->nops; k++)
            if (cs[k] >= 0) { fused = k; to_cast++; }
        /* the fused loops have the contiguous and broadcast (stride 0) runs of the plain ones; other
           layouts (a[::2], columns) go through the buffer and the plain loop's strided runs */
        int flat = to_cast == 1 && (cs[0] >= 0 || j->st[0][0] == ew_loop_sizes[kernel][0]);
        for (int k = 1; k < j->nops && flat; k++)
            flat = j->st[0][k] == 0 || j->st[0][k] == (k == fused ? ew_loop_sizes[cs[k]][1] : ew_loop_sizes[kernel][1]);
        ew_loop_fn fn = flat ? ew_fused_loop(kernel, fused, cs[fused]) : NULL;
        if (fn) j->fn = fn;
        else fused = -1;
    }
    for (int k = 0; k < j->nops; k++) {
        j->cast[k] = NULL;
        j->bsize[k] = 0;
        if (cs[k] >= 0 && k != fused) {
            j->cast[k] = ew_loops[cs[k]];
            /* an input is cast into the loop's input type; the loop's output is cast from its type */
            j->bsize[k] = k ? ew_loop_sizes[cs[k]][0] : ew_loop_sizes[cs[k]][1];
            j->buffered = 1;
        }
    }
    /* a large output, contiguous along the inner dimension: streaming stores */
    const int64_t osize = j->bsize[0] ? ew_loop_sizes[cs[0]][0] : ew_loop_sizes[kernel][0];
    bytes = total * osize;
    if (ew_cfg[EW_CFG_NT_BYTES] > 0 && bytes >= ew_cfg[EW_CFG_NT_BYTES] && j->st[0][0] == osize)
        j->nt = 1;
    if (j->buffered) {
        int64_t per = 0;
        for (int k = 0; k < j->nops; k++) per += j->bsize[k];
        int64_t chunk = ew_cfg[EW_CFG_CHUNK];
        if (chunk * per > EW_BUF_BYTES) chunk = EW_BUF_BYTES / per;
        if (chunk > 64) chunk &= ~(int64_t)63;
        j->chunk = chunk < 1 ? 1 : chunk;
    }
    if (ew_tiled(j)) {
        j->tile0 = ew_cfg[EW_CFG_TILE0];
        j->tile1 = ew_cfg[EW_CFG_TILE1];
    }
    if (j->tile0) {
        total = ((j->sh[0] + j->tile0 - 1) / j->tile0) * ((j->sh[1] + j->tile1 - 1) / j->tile1);
        for (int d = 2; d < j->nd; d++) total *= j->sh[d];
    }
    j->total = total;
    atomic_store(&j->err, 0);
    int64_t elements = 1;
    for (int d = 0; d < j->nd; d++) elements *= j->sh[d];
    int threads = ew_get_num_threads();
    const int64_t grain = ew_cfg[EW_CFG_GRAIN] > 0 ? ew_cfg[EW_CFG_GRAIN] : 1;
    if (elements / grain < threads) threads = (int)(elements / grain);
    if (threads > total) threads = (int)total;
    /* blocks: a few per thread, so that threads that start late still share the work */
    int64_t block = total;
    if (threads > 1) {
        block = total / (8 * (int64_t)threads);
        int64_t least = j->tile0 ? 1 : grain / 2;
        if (block < least) block = least;
        if (!j->tile0) block = (block + 63) & ~(int64_t)63;     /* whole cache lines of output */
    }
    j->block = block < 1 ? 1 : block;
    atomic_store(&j->next, 0);
    ew_job_run(j, threads);
    return atomic_load(&j->err);
}

static int ew_check(int kernel, int nops, const int *casts) {
    if (kernel < 0 || kernel >= ew_nloops || nops < 1 || nops > EW_MAX_OPS) return 0;
    if (casts)
        for (int k = 0; k < nops; k++)
            if (casts[k] < -1 || casts[k] >= ew_nloops) return 0;
    return 1;
}

/* kernel: index into ew_loops; shape[ndim]; data[nops]; strides[nops * ndim] in bytes;
   casts: NULL, or per operand a cast loop id (-1: none): casts[0] converts the loop's output
   into the output's dtype, casts[k > 0] input k into the loop's input dtype.
   Returns 0, or the loop's error code (1 = integer division by zero), or -1 for bad arguments. */
int ew_run(int kernel, int nops, int ndim, const int64_t *shape, char **data, const int64_t *strides,
           const ew_scalar *params, const int *casts) {
    if (!ew_check(kernel, nops, casts) || ndim < 0 || ndim > EW_MAX_DIMS) return -1;
    ew_job j;
    if (ew_prepare(&j, nops, ndim, shape, data, strides)) return 0;
    j.params = params;
    int plain = 1;
    for (int k = 0; casts && k < nops; k++) plain &= casts[k] < 0;
    if (plain && ew_plain_rows(&j, kernel)) return ew_run_rows(&j, ew_loops[kernel]);
    return ew_execute(&j, kernel, casts);
}

/* The short path: n elements, every operand contiguous, or a single element.  b is NULL
   for unary loops.  flags: bit 1 (2) a is a single element, bit 2 (4) b is; bits 8-23,
   24-39 and 40-55 hold 1 + the cast loop id for the output, a and b (0: no cast). */
int ew_run_flat(int kernel, int64_t n, char *out, char *a, char *b, const ew_scalar *params, int64_t flags) {
    const int nops = b ? 3 : 2;
    const int casts[3] = {(int)((flags >> 8) & 0xffff) - 1, (int)((flags >> 24) & 0xffff) - 1,
                          (int)((flags >> 40) & 0xffff) - 1};
    const int any = (flags >> 8) != 0;
    if (!ew_check(kernel, nops, casts) || n < 0) return -1;
    if (n == 0) return 0;
    const int osize = ew_loop_sizes[kernel][0], isize = ew_loop_sizes[kernel][1];
    if (!any && n < ew_cfg[EW_CFG_GRAIN] && (ew_cfg[EW_CFG_NT_BYTES] <= 0 || n * osize < ew_cfg[EW_CFG_NT_BYTES])) {
        /* small: the loop itself, on this thread (ew_stream_out is 0 outside a job) */
        char *data[3] = {out, a, b};
        const int64_t st[3] = {osize, (flags & 2) ? 0 : isize, (flags & 4) ? 0 : isize};
        return ew_loops[kernel](data, st, n, params);
    }
    ew_job j;
    j.nops = nops;
    j.nd = 1;
    j.sh[0] = n;
    j.base[0] = out; j.base[1] = a; j.base[2] = b;
    j.st[0][0] = casts[0] >= 0 ? ew_loop_sizes[casts[0]][0] : osize;
    j.st[0][1] = (flags & 2) ? 0 : casts[1] >= 0 ? ew_loop_sizes[casts[1]][1] : isize;
    j.st[0][2] = (flags & 4) ? 0 : casts[2] >= 0 ? ew_loop_sizes[casts[2]][1] : isize;
    j.params = params;
    return ew_execute(&j, kernel, any ? casts : NULL);
}

/* ================================================================== float16 blocks */
/* The portable versions: gcc vectorises these loops (SSE2) over the branch-free scalar
   conversions of prelude.h. */
static void ew_h2f_n_soft(const uint16_t *restrict src, float *restrict dst, int64_t n) {
    for (int64_t i = 0; i < n; i++) dst[i] = ew_h2f(src[i]);
}
static void ew_f2h_n_soft(const float *restrict src, uint16_t *restrict dst, int64_t n) {
    for (int64_t i = 0; i < n; i++) dst[i] = ew_f2h(src[i]);
}

#ifdef EW_HAVE_F16C_PATH
/* F16C, 8 at a time (prelude.h: ew_h2f_8 / ew_f2h_8, the same results as the scalar ones) */
EW_TARGET_F16C
static void ew_h2f_n_f16c(const uint16_t *restrict src, float *restrict dst, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) ew_h2f_8(src + i, dst + i);
    for (; i < n; i++) dst[i] = ew_h2f(src[i]);
}
EW_TARGET_F16C
static void ew_f2h_n_f16c(const float *restrict src, uint16_t *restrict dst, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) ew_f2h_8(src + i, dst + i);
    for (; i < n; i++) dst[i] = ew_f2h(src[i]);
}
#endif

/* bfloat16: the scalar conversions vectorise (SSE2); with AVX2, 8 at a time (prelude.h) */
static void ew_b2f_n_soft(const uint16_t *restrict src, float *restrict dst, int64_t n) {
    for (int64_t i = 0; i < n; i++) dst[i] = ew_b2f(src[i]);
}
static void ew_f2b_n_soft(const float *restrict src, uint16_t *restrict dst, int64_t n) {
    for (int64_t i = 0; i < n; i++) dst[i] = ew_f2b(src[i]);
}
#ifdef EW_HAVE_F16C_PATH
EW_TARGET_F16C
static void ew_b2f_n_avx2(const uint16_t *restrict src, float *restrict dst, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) ew_b2f_8(src + i, dst + i);
    for (; i < n; i++) dst[i] = ew_b2f(src[i]);
}
EW_TARGET_F16C
static void ew_f2b_n_avx2(const float *restrict src, uint16_t *restrict dst, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) ew_f2b_8(src + i, dst + i);
    for (; i < n; i++) dst[i] = ew_f2b(src[i]);
}
#endif

typedef void (*ew_h2f_n_fn)(const uint16_t *restrict, float *restrict, int64_t);
typedef void (*ew_f2h_n_fn)(const float *restrict, uint16_t *restrict, int64_t);
static ew_h2f_n_fn _Atomic ew_h2f_n_impl, ew_b2f_n_impl;
static ew_f2h_n_fn _Atomic ew_f2h_n_impl, ew_f2b_n_impl;
static int _Atomic ew_avx2_state = -1;   /* -1: not chosen yet */

/* choose the conversions and the kernels' flavour: AVX2/F16C/FMA when the CPU has them and
   EW_CFG_F16C allows it */
static void ew_f16_choose(void) {
    ew_h2f_n_fn h2f = ew_h2f_n_soft, b2f = ew_b2f_n_soft;
    ew_f2h_n_fn f2h = ew_f2h_n_soft, f2b = ew_f2b_n_soft;
    int simd = 0;
#ifdef EW_HAVE_F16C_PATH
    __builtin_cpu_init();
    simd = ew_cfg[EW_CFG_F16C] && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c") &&
           __builtin_cpu_supports("fma");
    if (simd) {
        b2f = ew_b2f_n_avx2;
        f2b = ew_f2b_n_avx2;
        h2f = ew_h2f_n_f16c;
        f2h = ew_f2h_n_f16c;
    }
#endif
    atomic_store(&ew_avx2_state, simd);
    atomic_store(&ew_b2f_n_impl, b2f);
    atomic_store(&ew_f2b_n_impl, f2b);
    atomic_store(&ew_h2f_n_impl, h2f);
    atomic_store(&ew_f2h_n_impl, f2h);
}

/* 1: the kernels compiled twice (prelude.h, kernels.c) run their AVX2 flavour */
int ew_use_avx2(void) {
    int simd = atomic_load_explicit(&ew_avx2_state, memory_order_relaxed);
    if (simd < 0) { ew_f16_choose(); simd = atomic_load(&ew_avx2_state); }
    return simd;
}

void ew_b2f_n(const uint16_t *restrict src, float *restrict dst, int64_t n) {
    ew_h2f_n_fn f = atomic_load_explicit(&ew_b2f_n_impl, memory_order_relaxed);
    if (!f) { ew_f16_choose(); f = atomic_load(&ew_b2f_n_impl); }
    f(src, dst, n);
}

void ew_f2b_n(const float *restrict src, uint16_t *restrict dst, int64_t n) {
    ew_f2h_n_fn f = atomic_load_explicit(&ew_f2b_n_impl, memory_order_relaxed);
    if (!f) { ew_f16_choose(); f = atomic_load(&ew_f2b_n_impl); }
    f(src, dst, n);
}

void ew_h2f_n(const uint16_t *restrict src, float *restrict dst, int64_t n) {
    ew_h2f_n_fn f = atomic_load_explicit(&ew_h2f_n_impl, memory_order_relaxed);
    if (!f) { ew_f16_choose(); f = atomic_load(&ew_h2f_n_impl); }
    f(src, dst, n);
}

void ew_f2h_n(const float *restrict src, uint16_t *restrict dst, int64_t n) {
    ew_f2h_n_fn f = atomic_load_explicit(&ew_f2h_n_impl, memory_order_relaxed);
    if (!f) { ew_f16_choose(); f = atomic_load(&ew_f2h_n_impl); }
    f(src, dst, n);
}

/* Compare the block conversions in use with the scalar ones: every float16 and bfloat16,
   and the floats 0, step, 2 step, ... (step 1: all 2^32).  Returns the number of differences. */
int64_t ew_f16_selftest(int64_t step) {
    int64_t bad = 0;
    uint16_t h[256], h2[256];
    float f[256];
    for (uint32_t base = 0; base < 65536; base += 256) {
        for (int i = 0; i < 256; i++) h[i] = (uint16_t)(base + i);
        ew_h2f_n(h, f, 256);
        for (int i = 0; i < 256; i++) {
            float g = ew_h2f(h[i]);
            bad += memcmp(&f[i], &g, 4) != 0;
        }
    }
    if (step < 1) step = 1;
    for (uint64_t u = 0; u < ((uint64_t)1 << 32);) {
        int m = 0;
        for (; m < 256 && u < ((uint64_t)1 << 32); m++, u += (uint64_t)step) {
            uint32_t x = (uint32_t)u;
            memcpy(&f[m], &x, 4);
        }
        ew_f2h_n(f, h2, m);
        for (int i = 0; i < m; i++) bad += h2[i] != ew_f2h(f[i]);
        ew_f2b_n(f, h2, m);
        for (int i = 0; i < m; i++) bad += h2[i] != ew_f2b(f[i]);
    }
    for (uint32_t base = 0; base < 65536; base += 256) {
        for (int i = 0; i < 256; i++) h[i] = (uint16_t)(base + i);
        ew_b2f_n(h, f, 256);
        for (int i = 0; i < 256; i++) {
            float g = ew_b2f(h[i]);
            bad += memcmp(&f[i], &g, 4) != 0;
        }
    }
    return bad;
}

/* ================================================================== allocator */
/* Three kinds of blocks, each starting with a 64-byte header (so the data is 64-byte aligned):
   - small (under EW_MEDIUM bytes): posix_memalign / free;
   - medium (under EW_HUGE): posix_memalign, sizes rounded to 64 KiB;
   - big: mmap'ed, 2 MiB aligned, with transparent-hugepage advice, sizes rounded to 2 MiB.
   Medium and big blocks go to a cache when freed, and an allocation of about the same size
   (at most 1/4 larger) reuses one: its pages are mapped already, so there is no page fault
   per page of a fresh output.  The cache is bounded (EW_CFG_CACHE_BYTES, EW_CFG_CACHE_BLOCKS);
   beyond that the oldest blocks go back to the system.
   A big block's data starts at one of 7 "colours", 512 to 3584 bytes into its first page, in
   turn (as far as the block has room beyond the data), so that arrays allocated one after
   another differ modulo 4096.  The measurement behind it (float16 add out= 4.0 ms against
   2.3 ms, by the output's offset) did not hold up: with inputs that were written, all 49
   offset combinations took 2.2-2.6 ms; inputs never written (every page the shared zero page)
   do vary with the offset, 2.0-4.1 ms.  The colours cost nothing and stay. */
#define EW_MEDIUM (64 << 10)
#define EW_HUGE (2 << 20)
#define EW_HDR 64
#define EW_CACHE_MAX 64
enum { EW_BLOCK_SMALL = 0x5e11a1, EW_BLOCK_MEDIUM = 0x3ed1a3, EW_BLOCK_BIG = 0xb16b10 };
typedef struct { uint32_t kind; size_t size; char *base; } ew_hdr;    /* size, base: of the whole block */
static atomic_uint ew_colour;
static pthread_mutex_t ew_alloc_mu = PTHREAD_MUTEX_INITIALIZER;
static struct { char *base; size_t size; uint32_t kind; } ew_cache[EW_CACHE_MAX];
static int ew_ncache;
static size_t ew_cache_bytes;

static char *ew_map(size_t size) {
    /* over-map by 2 MiB and trim, for a 2 MiB aligned start (hugepages) */
    char *raw = mmap(NULL, size + EW_HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return NULL;
    char *base = (char *)(((uintptr_t)raw + EW_HUGE - 1) & ~(uintptr_t)(EW_HUGE - 1));
    if (base > raw) munmap(raw, base - raw);
    if (raw + size + EW_HUGE > base + size) munmap(base + size, raw + size + EW_HUGE - (base + size));
#ifdef MADV_HUGEPAGE
    madvise(base, size, MADV_HUGEPAGE);
#endif
    return base;
}

static void ew_release(char *base, size_t size, uint32_t kind) {
    if (kind == EW_BLOCK_BIG) munmap(base, size);
    else free(base);
}

/* drop cached blocks (oldest first) until the cache is within its bounds; mutex held */
static void ew_cache_trim(size_t max_bytes, int max_blocks) {
    while (ew_ncache > 0 && (ew_cache_bytes > max_bytes || ew_ncache > max_blocks)) {
        ew_release(ew_cache[0].base, ew_cache[0].size, ew_cache[0].kind);
        ew_cache_bytes -= ew_cache[0].size;
        memmove(ew_cache, ew_cache + 1, (size_t)(ew_ncache - 1) * sizeof ew_cache[0]);
        ew_ncache--;
    }
}

char *ew_alloc(size_t nbytes) {
    if (nbytes > ((size_t)1 << 62)) return NULL;
    if (nbytes + EW_HDR < EW_MEDIUM) {
        void *p = NULL;
        if (posix_memalign(&p, 64, nbytes + EW_HDR) != 0) return NULL;
        ((ew_hdr *)p)->kind = EW_BLOCK_SMALL;
        return (char *)p + EW_HDR;
    }
    const uint32_t kind = nbytes + EW_HDR < EW_HUGE ? EW_BLOCK_MEDIUM : EW_BLOCK_BIG;
    const size_t unit = kind == EW_BLOCK_BIG ? EW_HUGE : EW_MEDIUM;
    size_t size = (nbytes + EW_HDR + unit - 1) & ~(size_t)(unit - 1);
    char *base = NULL;
    pthread_mutex_lock(&ew_alloc_mu);
    int best = -1;
    for (int i = ew_ncache - 1; i >= 0; i--)   /* the smallest cached block that fits, not much larger */
        if (ew_cache[i].kind == kind && ew_cache[i].size >= size && ew_cache[i].size - size <= size / 4 &&
            (best < 0 || ew_cache[i].size < ew_cache[best].size))
            best = i;
    if (best >= 0) {
        base = ew_cache[best].base;
        size = ew_cache[best].size;
        ew_cache_bytes -= size;
        memmove(ew_cache + best, ew_cache + best + 1, (size_t)(ew_ncache - best - 1) * sizeof ew_cache[0]);
        ew_ncache--;
    }
    pthread_mutex_unlock(&ew_alloc_mu);
    for (int attempt = 0; !base && attempt < 2; attempt++) {
        if (attempt) {     /* out of memory: give the cache back and try once more */
            pthread_mutex_lock(&ew_alloc_mu);
            ew_cache_trim(0, 0);
            pthread_mutex_unlock(&ew_alloc_mu);
        }
        if (kind == EW_BLOCK_BIG) base = ew_map(size);
        else if (posix_memalign((void **)&base, 64, size) != 0) base = NULL;
    }
    if (!base) return NULL;
    size_t colour = 0;     /* within the block's room beyond nbytes (none: 0), so no larger block */
    if (kind == EW_BLOCK_BIG) {
        colour = 512 * (1 + atomic_fetch_add(&ew_colour, 1) % 7);
        if (colour > size - nbytes - EW_HDR) colour = (size - nbytes - EW_HDR) & ~(size_t)511;
    }
    ew_hdr *h = (ew_hdr *)(base + colour);
    h->kind = kind;
    h->size = size;
    h->base = base;
    return (char *)h + EW_HDR;
}

void ew_free(char *p) {
    if (!p) return;
    ew_hdr *h = (ew_hdr *)(p - EW_HDR);
    const uint32_t kind = h->kind;
    if (kind == EW_BLOCK_SMALL) { free(h); return; }
    const size_t size = h->size;
    pthread_mutex_lock(&ew_alloc_mu);
    int max_blocks = (int)ew_cfg[EW_CFG_CACHE_BLOCKS];
    if (max_blocks > EW_CACHE_MAX) max_blocks = EW_CACHE_MAX;
    if (size <= (size_t)ew_cfg[EW_CFG_CACHE_BYTES] && max_blocks > 0) {
        if (ew_ncache == EW_CACHE_MAX) ew_cache_trim(ew_cache_bytes, EW_CACHE_MAX - 1);
        ew_cache[ew_ncache].base = h->base;
        ew_cache[ew_ncache].size = size;
        ew_cache[ew_ncache].kind = kind;
        ew_ncache++;
        ew_cache_bytes += size;
        ew_cache_trim((size_t)ew_cfg[EW_CFG_CACHE_BYTES], max_blocks);
        pthread_mutex_unlock(&ew_alloc_mu);
        return;
    }
    pthread_mutex_unlock(&ew_alloc_mu);
    ew_release(h->base, size, kind);
}

/* bytes held by the cache of freed blocks; with release != 0 they are returned first */
int64_t ew_alloc_cached(int release) {
    pthread_mutex_lock(&ew_alloc_mu);
    if (release) ew_cache_trim(0, 0);
    int64_t b = (int64_t)ew_cache_bytes;
    pthread_mutex_unlock(&ew_alloc_mu);
    return b;
}

/* ------------------------------------------------------------------ arange
   The values torch 2.13's CPU arange gives: each chunk of its parallel_for (`chunk` elements,
   at most one per thread) runs the vectorised loop, blocks of 2 * vec elements, each half from
   a base start + step * idx rounded to the element type, then base + step * j; the last
   elements of a chunk take start + step * k.  In double (float32 and float64) gcc fuses each
   product and sum, so fma here (an FMA instruction where the CPU has one, glibc's exact fma
   elsewhere); the 16-bit floats' float arithmetic is not fused.
   round: 0 double, 1 float (stored as floats); for the float flavour 2 float16, 3 bfloat16. */
__attribute__((target_clones("fma", "default")))
void ew_arange_f64(void *out, int64_t n, double start, double step, int64_t vec, int64_t chunk, int round) {
    double *d = out;
    float *f = out;         /* round == 1: the elements are stored as floats */
    for (int64_t c0 = 0; c0 < n; c0 += chunk) {
        int64_t c1 = c0 + chunk < n ? c0 + chunk : n, i = c0;
        while (i + 2 * vec <= c1) {
            for (int64_t end = i + 2 * vec; i < end; i += vec) {   /* two blocks at a time */
                double base = fma(step, (double)i, start);
                if (round) base = (double)(float)base;
                if (round) for (int64_t j = 0; j < vec; j++) f[i + j] = (float)fma(step, (double)j, base);
                else for (int64_t j = 0; j < vec; j++) d[i + j] = fma(step, (double)j, base);
            }
        }
        for (; i < c1; i++) {
            if (round) f[i] = (float)fma(step, (double)i, start);
            else d[i] = fma(step, (double)i, start);
        }
    }
}

void ew_arange_f32(float *out, int64_t n, float start, float step, int64_t vec, int64_t chunk, int round) {
    for (int64_t c0 = 0; c0 < n; c0 += chunk) {
        int64_t c1 = c0 + chunk < n ? c0 + chunk : n, i = c0;
        while (i + 2 * vec <= c1) {
            for (int64_t end = i + 2 * vec; i < end; i += vec) {   /* two blocks at a time */
                float base = start + step * (float)i;
                base = round == 2 ? ew_rnd_f16(base) : ew_rnd_bf16(base);
                for (int64_t j = 0; j < vec; j++) out[i + j] = base + step * (float)j;
            }
        }
        for (; i < c1; i++) out[i] = start + step * (float)i;
    }
}

/* integers: start + step * k in int64, wrapping (the cast to a narrower dtype wraps too) */
void ew_arange_i64(int64_t *out, int64_t n, int64_t start, int64_t step) {
    uint64_t v = (uint64_t)start;
    for (int64_t k = 0; k < n; k++, v += (uint64_t)step) out[k] = (int64_t)v;
}
