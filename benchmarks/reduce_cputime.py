"""The reductions of issue 18 timed by the calling thread's CPU time, for a machine others share.

    PYTHONPATH=. python benchmarks/reduce_cputime.py [case ...]     # 1 thread, 10M elements
    REPEAT=30 N=1000000 PYTHONPATH=. python benchmarks/reduce_cputime.py sum amax
    THREADS=2 PYTHONPATH=. python benchmarks/reduce_cputime.py      # CPU time summed over threads
    THREADS=2 WALL=1 PYTHONPATH=. python benchmarks/reduce_cputime.py   # wall-clock, 2 threads each
    COPIES=2 PYTHONPATH=. python benchmarks/reduce_cputime.py       # inputs from DRAM, as in run.py

benchmarks/run.py times wall-clock medians; with other processes on both cores those move by 2-5x
between repeats.  With one thread the work runs in the calling thread, so time.thread_time() leaves
out the time it was descheduled; the minimum over interleaved repeats (ours, torch, NumPy in
turn, on the same memory) is then a stable ratio.  Cache contention still shows.  WALL=1 takes
the minimum wall-clock time instead (the issue's 2-thread target: our threads and torch's against
NumPy's one; the minimum of many repeats is the run that other processes disturbed least).  The
load average is printed before and after.  torch and NumPy are needed."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import runtime as rt  # noqa: E402

N = int(os.environ.get("N", 10_000_000))
REPEAT = int(os.environ.get("REPEAT", 30))
THREADS = int(os.environ.get("THREADS", 1))
rt.set_num_threads(THREADS)
torch.set_num_threads(THREADS)
WALL = os.environ.get("WALL", "0") == "1"
COPIES = int(os.environ.get("COPIES", 0))
# one thread: the calling thread's CPU time; more: the process's (every thread's CPU time summed:
# the work a call costs, not its wall-clock time, which the shared cores make noise); WALL=1:
# wall-clock time
clock = time.perf_counter if WALL else time.thread_time if THREADS == 1 else time.process_time
rng = np.random.default_rng(0)
f32 = rng.standard_normal(N).astype(np.float32)
sq = int(N ** 0.5)
mat = f32[:sq * sq].reshape(sq, sq)
CASES = {   # name: (array, our / torch's call, NumPy's call when it differs)
    "float32 sum": (f32, lambda x: x.sum(), None),
    f"float32 sum(dim=0) {sq}x{sq}": (mat, lambda x: x.sum(0), None),
    f"float32 sum(dim=1) {sq}x{sq}": (mat, lambda x: x.sum(1), None),
    "float32 mean": (f32, lambda x: x.mean(), None),
    "float32 amax": (f32, lambda x: x.amax(), lambda x: x.max()),
    "float32 argmax": (f32, lambda x: x.argmax(), None),
    "bool all": (np.ones(N, bool), lambda x: x.all(), None),
    "int32 sum (into int64)": (rng.integers(-1000, 1000, N).astype(np.int32), lambda x: x.sum(),
                               lambda x: x.sum(dtype=np.int64)),
    "float64 amax": (f32.astype(np.float64), lambda x: x.amax(), lambda x: x.max()),
    # the reductions added later (issue 18's second pass); NumPy's nearest equivalent where it
    # has none of its own
    "float32 aminmax": (f32, lambda x: x.aminmax(), lambda x: (x.min(), x.max())),
    "float32 amin": (f32, lambda x: x.amin(), lambda x: x.min()),
    "float32 argmin": (f32, lambda x: x.argmin(), None),
    f"float32 max(dim=1) {sq}x{sq}": (mat, lambda x: x.max(1), lambda x: (x.max(1), x.argmax(1))),
    "float32 logsumexp": (f32, lambda x: x.logsumexp(0),
                          lambda x: np.log(np.exp(x - x.max()).sum()) + x.max()),
    "float32 norm": (f32, lambda x: x.norm(), lambda x: np.linalg.norm(x)),
    "float32 var": (f32, lambda x: x.var(), lambda x: x.var(ddof=1)),
    "float32 std": (f32, lambda x: x.std(), lambda x: x.std(ddof=1)),
    "float32 var_mean": (f32, None, lambda x: (x.var(ddof=1), x.mean())),
    "float32 nansum": (f32, lambda x: x.nansum(), lambda x: np.nansum(x)),
    "float32 prod": ((1 + f32 * np.float32(1e-4)).astype(np.float32), lambda x: x.prod(), None),   # no underflow
    "float32 cumsum": (f32, lambda x: x.cumsum(0), lambda x: x.cumsum()),
    "float32 count_nonzero": (f32, lambda x: x.count_nonzero(), lambda x: np.count_nonzero(x)),
    "bool any": (np.zeros(N, bool), lambda x: x.any(), None),
}
LIBS = {"var_mean": lambda lib: lambda x: lib.var_mean(x)}   # functions, not methods

what = "wall-clock time" if WALL else f"{'thread' if THREADS == 1 else 'process'} CPU time"
print(f"n = {N:,}, {THREADS} thread(s), minimum {what} of {REPEAT} interleaved repeats, "
      f"{'one shared input' if not COPIES else f'{COPIES} private copies of the input per library'}; "
      f"load average {os.getloadavg()[0]:.1f}")
print("| case | ours ms | torch ms | numpy ms | vs torch | vs numpy |\n|---|---|---|---|---|---|")
for name, (a, fn, np_fn) in CASES.items():
    if sys.argv[1:] and not any(w in name for w in sys.argv[1:]):
        continue
    # COPIES=0: the three libraries read the same memory (in cache where it fits); COPIES=k: each
    # its own k copies, taken in turn, so that an input of 40 MB comes from DRAM as in run.py
    copies = [a] if not COPIES else [a.copy() for _ in range(COPIES)]
    ours = [rt.from_numpy(c) for c in copies]
    theirs = [torch.from_numpy(c if not COPIES else c.copy()) for c in copies]
    mine = copies if not COPIES else [c.copy() for c in copies]
    key = name.split()[1]
    f_ours, f_torch = (LIBS[key](rt), LIBS[key](torch)) if key in LIBS else (fn, fn)
    calls = {"ours": lambda i: f_ours(ours[i]), "torch": lambda i: f_torch(theirs[i]),
             "numpy": lambda i: (np_fn or fn)(mine[i])}
    best = dict.fromkeys(calls, float("inf"))
    for r in range(REPEAT):
        for lib, call in calls.items():
            t0 = clock()
            call(r % len(copies))
            best[lib] = min(best[lib], clock() - t0)
    o, t, n = (best[k] * 1e3 for k in ("ours", "torch", "numpy"))
    print(f"| {name} | {o:.2f} | {t:.2f} | {n:.2f} | {t / o:.2f}x | {n / o:.2f}x |", flush=True)
print(f"load average at the end: {os.getloadavg()[0]:.1f}")
