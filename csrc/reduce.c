/* The walk shared by every reduction of ops.yaml's `reductions:` (the per-op loops are rendered
   into generated/k_reduce.c from codegen/templates/reduce.c.j2).

   The caller (runtime/_reduce.py) hands over the input as nk kept dims followed by nr reduced
   dims, with the output's strides for the kept ones.  Three walks:
   - one output (a full reduction): the reduced elements are cut into fixed blocks of
     EW_RED_BLOCK, each folded into a partial state, and the partials merged in a fixed pairwise
     tree, so the bits never depend on how many threads took blocks;
   - the input's smallest stride is on a kept dim (sum(dim=0) of a row-major matrix): a row of
     states along that dim is updated by up to EW_RED_ROWK reduced elements at a time, each state
     folding them in order (contiguous, vectorised, a tile of states held in registers);
   - otherwise each output folds its own reduced elements in order.
   Threads split the outputs (or the blocks); each output is computed by one thread in one order. */
/* prelude.h's core only (no vector-math header is used here): the precompiled prelude, and a
   key that no vector-math header's edit changes (codegen/headers.py) */
#define EW_SHARD 1
#include "prelude.h"        /* first: GCC reads the precompiled prelude only before other headers */
#include <stdlib.h>
#include <string.h>

typedef struct {
    int state;                 /* bytes of one accumulator state */
    int index;                 /* the state carries an element index (argmax, max(dim)) */
    void (*init)(char *st, int64_t m);
    void (*run)(char *st, const char *in, int64_t n, int64_t stride, int64_t base);
    void (*rows)(char *st, const char *in, int64_t m, int64_t stride, int64_t index, int64_t k, int64_t rstride);
    void (*merge)(char *a, const char *b);
    void (*finish)(const char *st, int64_t n, double param, char *out, char *out2);   /* param: var's correction */
    void (*run2)(char *st, const char *in, int64_t n, int64_t stride, int64_t base);    /* AVX2, or NULL */
    void (*rows2)(char *st, const char *in, int64_t m, int64_t stride, int64_t index, int64_t k, int64_t rstride);
} ew_reducer;

extern const ew_reducer *const ew_reducers[];
extern const int ew_nreducers;
void ew_parallel(void (*task)(void *, int64_t, int64_t), void *ctx, int64_t total, int64_t block, int threads);
int ew_get_num_threads(void);

#define EW_RED_MAXD 64
#define EW_RED_BLOCK 32768          /* elements per partial of a full reduction (fixed: the bits depend on it) */
#define EW_RED_GRAIN 32768          /* elements of work per thread below which one thread does it all */
#define EW_RED_ROWS 4096            /* most states updated together by the row walk (a whole row of a
                                       sum(dim=0) up to this: the input is then read in order; a
                                       3162-wide row cut in two groups read each row twice, 8% slower) */
#define EW_RED_ROWK 16              /* reduced elements per call of the row walk (states stay in registers) */
#define EW_RED_STATE 32             /* largest state: a complex128 and an index */

static inline int64_t ew_abs_i64(int64_t x) { return x < 0 ? -x : x; }

typedef struct {
    const ew_reducer *r;
    int nk, nr;
    int64_t sh[EW_RED_MAXD], ist[EW_RED_MAXD];   /* kept dims, then reduced dims */
    int64_t ost[EW_RED_MAXD], xst[EW_RED_MAXD];  /* output and second-output strides of the kept dims */
    char *in, *out, *out2;
    int64_t nred, nout;
    char *parts;                                 /* full reduction: one state per block */
    int64_t row_dim, row_w, row_groups;          /* row walk: kept dim along which states run */
    double param;                                /* handed to finish (var's correction) */
} ew_red_job;

/* Fold the reduced elements [begin, end) (row-major over the reduced dims) starting at p. */
static void ew_red_fold(const ew_red_job *j, char *st, const char *p, int64_t begin, int64_t end) {
    const int nr = j->nr, k0 = j->nk;
    if (begin >= end) return;           /* (also: a reduced dim of size 0) */
    if (nr == 0) {                      /* nothing reduced: the one element */
        if (begin < end) j->r->run(st, p, 1, 0, 0);
        return;
    }
    const int64_t inner = j->sh[k0 + nr - 1], s = j->ist[k0 + nr - 1];
    int64_t idx[EW_RED_MAXD];
    int64_t rest = begin / inner;
    const char *q = p;
    for (int d = nr - 2; d >= 0; d--) {
        idx[d] = rest % j->sh[k0 + d];
        rest /= j->sh[k0 + d];
        q += idx[d] * j->ist[k0 + d];
    }
    int64_t i = begin % inner, at = begin;
    while (at < end) {
        int64_t n = inner - i < end - at ? inner - i : end - at;
        j->r->run(st, q + i * s, n, s, at);
        at += n;
        i = 0;
        for (int d = nr - 2; d >= 0; d--) {     /* next run: carry through the outer reduced dims */
            q += j->ist[k0 + d];
            if (++idx[d] < j->sh[k0 + d]) break;
            q -= idx[d] * j->ist[k0 + d];
            idx[d] = 0;
        }
    }
}

/* Pointers of output number o (row-major over the kept dims) into the input and outputs. */
static void ew_red_locate(const ew_red_job *j, int64_t o, const char **p, char **out, char **out2) {
    const char *q = j->in;
    char *r = j->out, *x = j->out2;
    for (int d = j->nk - 1; d >= 0; d--) {
        int64_t i = o % j->sh[d];
        o /= j->sh[d];
        q += i * j->ist[d];
        r += i * j->ost[d];
        if (x) x += i * j->xst[d];
    }
    *p = q; *out = r; *out2 = x;
}

static void ew_red_outputs(void *ctx, int64_t begin, int64_t end) {
    const ew_red_job *j = ctx;
    _Alignas(16) char st[EW_RED_STATE];
    const int64_t n1 = j->nr == 1 ? j->sh[j->nk] : 0, s1 = j->nr == 1 ? j->ist[j->nk] : 0;
    for (int64_t o = begin; o < end; o++) {
        const char *p; char *out, *out2;
        ew_red_locate(j, o, &p, &out, &out2);
        j->r->init(st, 1);
        if (j->nr == 1)         /* one reduced dim (sum(dim=1)): one run, no index arithmetic */
            j->r->run(st, p, n1, s1, 0);
        else
            ew_red_fold(j, st, p, 0, j->nred);
        j->r->finish(st, j->nred, j->param, out, out2);
    }
}

static void ew_red_blocks(void *ctx, int64_t begin, int64_t end) {
    const ew_red_job *j = ctx;
    for (int64_t b = begin; b < end; b++) {
        char *st = j->parts + b * j->r->state;
        int64_t lo = b * EW_RED_BLOCK, hi = lo + EW_RED_BLOCK < j->nred ? lo + EW_RED_BLOCK : j->nred;
        j->r->init(st, 1);
        ew_red_fold(j, st, j->in, lo, hi);
    }
}

/* Row walk: unit u is a group of up to EW_RED_ROWS outputs along kept dim row_dim, the other
   kept dims fixed; every reduced element updates the whole row of states at once. */
static void ew_red_rows(void *ctx, int64_t begin, int64_t end) {
    const ew_red_job *j = ctx;
    const ew_reducer *r = j->r;
    const int rd = (int)j->row_dim, k0 = j->nk, nr = j->nr;
    _Alignas(64) char st[EW_RED_ROWS * EW_RED_STATE];     /* 128 KB: the pool workers have 1 MB stacks */
    for (int64_t u = begin; u < end; u++) {
        int64_t g = u % j->row_groups, o = u / j->row_groups;
        int64_t lo = g * j->row_w, w = j->sh[rd] - lo < j->row_w ? j->sh[rd] - lo : j->row_w;
        const char *p = j->in + lo * j->ist[rd];
        char *out = j->out + lo * j->ost[rd], *out2 = j->out2 ? j->out2 + lo * j->xst[rd] : NULL;
        for (int d = k0 - 1; d >= 0; d--) {      /* the other kept dims, from o */
            if (d == rd) continue;
            int64_t i = o % j->sh[d];
            o /= j->sh[d];
            p += i * j->ist[d];
            out += i * j->ost[d];
            if (out2) out2 += i * j->xst[d];
        }
        r->init(st, w);
        int64_t idx[EW_RED_MAXD] = {0};
        const char *q = p;
        const int64_t inner = j->sh[k0 + nr - 1], is = j->ist[k0 + nr - 1];
        for (int64_t e = 0; e < j->nred;) {
            /* up to EW_RED_ROWK elements along the innermost reduced dim in one call */
            int64_t k = inner - idx[nr - 1] < EW_RED_ROWK ? inner - idx[nr - 1] : EW_RED_ROWK;
            r->rows(st, q, w, j->ist[rd], e, k, is);
            e += k;
            q += k * is;
            if ((idx[nr - 1] += k) < inner) continue;
            q -= inner * is;
            idx[nr - 1] = 0;
            for (int d = nr - 2; d >= 0; d--) {
                q += j->ist[k0 + d];
                if (++idx[d] < j->sh[k0 + d]) break;
                q -= idx[d] * j->ist[k0 + d];
                idx[d] = 0;
            }
        }
        for (int64_t c = 0; c < w; c++)
            r->finish(st + c * r->state, j->nred, j->param, out + c * j->ost[rd], out2 ? out2 + c * j->xst[rd] : NULL);
    }
}

static int ew_red_threads(int64_t work) {
    int64_t t = work / EW_RED_GRAIN;
    int most = ew_get_num_threads();
    return t < 1 ? 1 : t > most ? most : (int)t;
}

/* red: reducer id; shape/in_strides: nk kept then nr reduced dims (byte strides); out_strides and
   out2_strides: of the kept dims (out2 NULL when the op has one output); param: what the op's
   finish reads (var's correction; 0 for the others).  Returns 0, -1 for bad
   arguments, -2 when memory ran out. */
int ew_reduce(int red, int nk, int nr, const int64_t *shape, const int64_t *in_strides, uintptr_t in,
              const int64_t *out_strides, uintptr_t out, const int64_t *out2_strides, uintptr_t out2, double param) {
    if (red < 0 || red >= ew_nreducers || nk < 0 || nr < 0 || nk + nr > EW_RED_MAXD) return -1;
    ew_red_job j;
    ew_reducer flavour = *ew_reducers[red];
    if (flavour.run2 && ew_use_avx2()) {      /* same arithmetic in the same order: the same bits */
        flavour.run = flavour.run2;
        flavour.rows = flavour.rows2;
    }
    j.r = &flavour;
    if (j.r->state > EW_RED_STATE) return -1;
    j.nk = nk; j.nr = nr; j.param = param;
    j.in = (char *)in; j.out = (char *)out; j.out2 = (char *)out2;
    j.nout = 1; j.nred = 1;
    for (int d = 0; d < nk + nr; d++) {
        j.sh[d] = shape[d];
        j.ist[d] = in_strides[d];
        if (d < nk) {
            j.ost[d] = out_strides[d];
            j.xst[d] = out2 ? out2_strides[d] : 0;
            j.nout *= shape[d];
        } else {
            j.nred *= shape[d];
        }
    }
    if (j.nout == 0) return 0;
    if (j.nout == 1 && j.nred > EW_RED_BLOCK) {
        int64_t nb = (j.nred + EW_RED_BLOCK - 1) / EW_RED_BLOCK;
        j.parts = malloc((size_t)nb * j.r->state);
        if (!j.parts) return -2;
        /* claims of several consecutive blocks: each thread then reads long stretches in order, and
           the loops' prefetch (EW_RED_PF ahead) runs past the end of a claim, into memory another
           thread reads, ~16 times per call rather than at every block; the claims stay short
           (~1 MB of float32 at 2 threads), so a descheduled thread's share is taken over by the
           other.  The partials, and so the bits, do not depend on who folds which block. */
        int threads = ew_red_threads(j.nred);
        int64_t claim = nb / (16 * (int64_t)threads);
        ew_parallel(ew_red_blocks, &j, nb, claim < 1 ? 1 : claim, threads);
        for (int64_t step = 1; step < nb; step *= 2)      /* fixed pairwise tree */
            for (int64_t b = 0; b + step < nb; b += 2 * step)
                j.r->merge(j.parts + b * j.r->state, j.parts + (b + step) * j.r->state);
        char *o = j.out, *o2 = j.out2;
        j.r->finish(j.parts, j.nred, j.param, o, o2);
        free(j.parts);
        return 0;
    }
    /* the row walk when a kept dim has a smaller input stride than the innermost reduced one */
    int best = -1;
    int64_t bs = nr ? ew_abs_i64(j.ist[nk + nr - 1]) : 0;
    for (int d = 0; d < nk && nr; d++)
        if (j.sh[d] > 1 && ew_abs_i64(j.ist[d]) < bs) { best = d; bs = ew_abs_i64(j.ist[d]); }
    int64_t work = j.nout * (j.nred ? j.nred : 1);
    if (best >= 0 && j.nred > 1) {       /* (nred > 1: no reduced dim of size 0 either) */
        j.row_dim = best;
        /* groups: enough for every thread; the order of each output's sum does not depend on it */
        int64_t per = (j.sh[best] + ew_red_threads(work) - 1) / ew_red_threads(work);
        j.row_w = per < 64 ? 64 : per > EW_RED_ROWS ? EW_RED_ROWS : (per + 63) & ~(int64_t)63;
        j.row_groups = (j.sh[best] + j.row_w - 1) / j.row_w;
        int64_t units = j.nout / j.sh[best] * j.row_groups;
        ew_parallel(ew_red_rows, &j, units, 1, ew_red_threads(work));
        return 0;
    }
    int threads = ew_red_threads(work);
    /* claims of outputs: 1/8 of a thread's share, but no more than ~4 full-reduction blocks of
       input (41 rows of a 3162-wide sum(dim=1): 1/8 of a share, 2.5 MB, left the other thread
       idle for up to ~0.15 ms at the end of a 1.5 ms call) */
    int64_t block = j.nout / (8 * (int64_t)threads), most = 4 * EW_RED_BLOCK / (j.nred ? j.nred : 1);
    if (block > most) block = most;
    ew_parallel(ew_red_outputs, &j, j.nout, block < 1 ? 1 : block, threads);
    return 0;
}
