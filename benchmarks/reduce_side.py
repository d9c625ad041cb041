"""Two builds of the library side by side in one process: issue 18's reductions timed on main's
library and a branch's, with torch and NumPy, every library reading its own input, in turn.

    PYTHONPATH=. python benchmarks/reduce_side.py /work/main [sum mean amax sum0 sum1]
    CPU=1 R=31 PYTHONPATH=. python benchmarks/reduce_side.py /work/main     # thread CPU time
    T=2 PYTHONPATH=. python benchmarks/reduce_side.py /work/main            # 2 threads, wall-clock

The first argument is the other build's tree (its generated/ library is loaded under another
module name; both libraries have the same kernel ids, since they come from the same ops.yaml
reductions).  The kernels are called through ew_reduce directly (no Python path: at 10M elements
it is ~1% of a call), so the two builds are timed on the same machine state, which on a shared
machine moves by 2x between runs.  The first call of each build checks that both give the same
bits.  Printed: median / minimum ms per library, and torch's (NumPy's) median over each build's.
torch and NumPy are needed."""
from __future__ import annotations

import gc
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from runtime import float32 as F32  # noqa: E402
from runtime._reduce import Reduction  # noqa: E402

SO = "generated/_kernels.cpython-311-x86_64-linux-gnu.so"
T = int(os.environ.get("T", 1))
R = int(os.environ.get("R", 21))
clock = time.thread_time if os.environ.get("CPU") and T == 1 else time.perf_counter
GAP = 0.02 if T > 1 else 0.0      # as run.py: let the other library's workers go to sleep first
S = 3162
N = S * S


def load(tree, tag):
    """The generated library of `tree` as module `tag`._kernels (the init function keeps its name)."""
    spec = importlib.util.spec_from_file_location(f"{tag}._kernels", Path(tree) / SO)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    m.lib.ew_set_num_threads(T)
    return m


def call(m, kid, a, out, form):
    ffi, lib = m.ffi, m.lib
    i64 = lambda *v: ffi.new(f"int64_t[{max(1, len(v))}]", list(v))   # noqa: E731
    if form == "full":
        shape, ist, nk, ost = i64(N), i64(4), 0, i64(0)
    elif form == "dim1":       # kept dim 0 (rows), reduced dim 1 (contiguous)
        shape, ist, nk, ost = i64(S, S), i64(S * 4, 4), 1, i64(4)
    else:                      # dim0: kept dim 1 (contiguous), reduced dim 0: the row walk
        shape, ist, nk, ost = i64(S, S), i64(4, S * 4), 1, i64(4)
    if lib.ew_reduce(kid, nk, 1, shape, ist, a.ctypes.data, ost, out.ctypes.data, i64(0), 0, 0.0):
        raise RuntimeError("ew_reduce failed")


CASES = {"sum": ("sum", "full", lambda t: t.sum(), lambda a: a.sum()),
         "mean": ("mean", "full", lambda t: t.mean(), lambda a: a.mean()),
         "amax": ("amax", "full", lambda t: t.amax(), lambda a: a.max()),
         "sum0": ("sum", "dim0", lambda t: t.view(S, S).sum(0), lambda a: a.reshape(S, S).sum(0)),
         "sum1": ("sum", "dim1", lambda t: t.view(S, S).sum(1), lambda a: a.reshape(S, S).sum(1))}


def main():
    other = sys.argv[1]
    mods = {"other": load(other, "otherlib"), "this": load(ROOT, "thislib")}
    torch.set_num_threads(T)
    what = "thread CPU time" if clock is time.thread_time else "wall-clock"
    print(f"float32, {N:,} elements, {T} thread(s), {what}, {R} repeats in rotating order; other = {other}; "
          f"load average {os.getloadavg()[0]:.1f}")
    print("| case | other ms | this ms | torch ms | numpy ms | other vs torch | this vs torch | other vs numpy | "
          "this vs numpy |\n|---|---|---|---|---|---|---|---|---|")
    for name in sys.argv[2:] or list(CASES):
        op, form, tf, nf = CASES[name]
        kid = Reduction(op).plan(F32)[0]
        rng = np.random.default_rng(0)
        bufs = {k: rng.standard_normal(N).astype(np.float32) for k in list(mods) + ["torch", "numpy"]}
        outs = {k: np.zeros(S, np.float32) for k in mods}
        for k in mods:
            call(mods[k], kid, bufs["this"], outs[k], form)
        if outs["other"].tobytes() != outs["this"].tobytes():
            print(f"{name}: the two builds give different bits")
        t = torch.from_numpy(bufs["torch"])
        fns = {k: (lambda k=k: call(mods[k], kid, bufs[k], outs[k], form)) for k in mods}
        fns["torch"] = lambda: tf(t)
        fns["numpy"] = lambda: nf(bufs["numpy"])
        for f in fns.values():
            f()
        s = {k: [] for k in fns}
        keys = list(fns)
        gc.disable()
        for r in range(R):
            for k in keys[r % len(keys):] + keys[:r % len(keys)]:
                if GAP:
                    time.sleep(GAP)
                    fns[k]()
                t0 = clock()
                fns[k]()
                s[k].append(clock() - t0)
        gc.enable()
        md = {k: statistics.median(v) * 1e3 for k, v in s.items()}
        mn = {k: min(v) * 1e3 for k, v in s.items()}
        cell = lambda k: f"{md[k]:.2f} ({mn[k]:.2f})"   # noqa: E731
        print(f"| {name} | {cell('other')} | {cell('this')} | {cell('torch')} | {cell('numpy')} | "
              f"{md['torch'] / md['other']:.2f}x | {md['torch'] / md['this']:.2f}x | "
              f"{md['numpy'] / md['other']:.2f}x | {md['numpy'] / md['this']:.2f}x |", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
