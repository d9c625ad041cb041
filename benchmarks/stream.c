/* The bandwidth reference of benchmarks/run.py: STREAM-like copy and add over float32
   arrays, with ordinary and with non-temporal (streaming) stores, on n OpenMP threads.
   run.py compiles it with the system compiler and runs it in its own process (two
   OpenMP runtimes spinning in one process on 2 cores would measure each other).

   usage: stream N THREADS REPEAT   ->   one line per kernel: name bytes t1 t2 ... (seconds) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#ifdef __AVX__
#include <immintrin.h>
#endif

/* kind: 0 copy, 1 add, 2 copy with streaming stores, 3 add with streaming stores */
static void stream_run(int kind, float *c, const float *a, const float *b, int64_t n) {
    #pragma omp parallel
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        int64_t lo = (n * t / nt) & ~(int64_t)63, hi = t == nt - 1 ? n : (n * (t + 1) / nt) & ~(int64_t)63;
        if (kind == 0) {
            for (int64_t i = lo; i < hi; i++) c[i] = a[i];
        } else if (kind == 1) {
            for (int64_t i = lo; i < hi; i++) c[i] = a[i] + b[i];
        } else {
            int64_t i = lo;
#ifdef __AVX__
            for (; i < hi && ((uintptr_t)(c + i) & 31); i++) c[i] = kind == 2 ? a[i] : a[i] + b[i];
            if (kind == 2)
                for (; i + 8 <= hi; i += 8) _mm256_stream_ps(c + i, _mm256_loadu_ps(a + i));
            else
                for (; i + 8 <= hi; i += 8) _mm256_stream_ps(c + i, _mm256_add_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i)));
            _mm_sfence();
#endif
            for (; i < hi; i++) c[i] = kind == 2 ? a[i] : a[i] + b[i];
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: stream N THREADS REPEAT\n"); return 2; }
    int64_t n = atoll(argv[1]);
    int threads = atoi(argv[2]), repeat = atoi(argv[3]);
    omp_set_num_threads(threads);
    float *a = aligned_alloc(64, (n * 4 + 63) & ~63), *b = aligned_alloc(64, (n * 4 + 63) & ~63),
          *c = aligned_alloc(64, (n * 4 + 63) & ~63);
    if (!a || !b || !c) return 1;
    #pragma omp parallel for
    for (int64_t i = 0; i < n; i++) { a[i] = 1.0f; b[i] = 2.0f; c[i] = 0.0f; }
    static const char *names[] = {"copy", "add", "copy, streaming stores", "add, streaming stores"};
    static const int words[] = {2, 3, 2, 3};
    for (int kind = 0; kind < 4; kind++) {
        stream_run(kind, c, a, b, n);       /* warm up */
        printf("%s\t%lld", names[kind], (long long)(words[kind] * 4 * n));
        for (int r = 0; r < repeat; r++) {
            double t0 = omp_get_wtime();
            stream_run(kind, c, a, b, n);
            printf("\t%.9f", omp_get_wtime() - t0);
        }
        printf("\n");
    }
    return 0;
}
