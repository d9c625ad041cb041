"""Every elementwise function of the catalogue against torch: 10M float32 elements, 1 thread, out=.

    PYTHONPATH=. python benchmarks/catalogue_cputime.py [name ...]       # substrings of function names
    REPEAT=5 N=1000000 PYTHONPATH=. python benchmarks/catalogue_cputime.py special. gelu
    DTYPE=float64 PYTHONPATH=. python benchmarks/catalogue_cputime.py special.bessel   # another dtype

Issue 17's speed rule is "no op slower than torch's CPU time for the same 10M-element float32 call
(1 thread, out=)".  The functions come from the generated op table (each function once, through its
first overload torch prints), so a new op is measured without being listed here.  Inputs are
standard normal times 2; where torch answers NaN for more than 1% of those, uniform in (0.05, 0.95),
then in (1.5, 10): a function is timed on its domain, not on its NaN path.  Times are the calling
thread's CPU time (time.thread_time), the minimum over interleaved repeats, as
benchmarks/reduce_cputime.py, so other processes on the machine move them little.  torch and NumPy
are needed."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import runtime as rt  # noqa: E402
from generated import ops as _ops  # noqa: E402
from generated.tables import OPS  # noqa: E402

N = int(os.environ.get("N", 10_000_000))
REPEAT = int(os.environ.get("REPEAT", 3))
DTYPE = os.environ.get("DTYPE", "float32")
COUNTS = {"n": 5, "p": 2}          # integer-valued arguments: polynomial degree, polygamma order, mvlgamma's p
rt.set_num_threads(1)
torch.set_num_threads(1)
rng = np.random.default_rng(0)
DOMAINS = (rng.standard_normal(N).astype(DTYPE) * 2,
           rng.uniform(0.05, 0.95, N).astype(DTYPE),
           rng.uniform(1.5, 10, N).astype(DTYPE))


def resolve(lib, dotted):
    for part in dotted.split("."):
        lib = getattr(lib, part)
    return lib


def functions():
    """(function name, its first printed overload's parameters) for every function with a float32 kernel."""
    seen = {}
    for op in OPS.values():
        name = op.get("function")
        if name and name not in seen and DTYPE in op["kernels"]:
            parser = getattr(_ops, "_P_" + name.replace(".", "__"), None)
            if parser is not None:
                seen[name] = parser.visible[0].params
    return seen


def arguments(params, x, lib):
    """Positional arguments for one overload: float32 data for tensors, counts for `n`/`p`."""
    args, out = [], False
    for name, kind, _optional, default, keyword_only in params:
        if name == "out":
            out = True
        elif keyword_only or default is not _REQUIRED:
            continue
        elif name == "condition":
            args.append(lib(DOMAINS[0] > 0))
        elif name in COUNTS:
            args.append(lib(np.full(N, COUNTS[name], np.float32)) if kind == "Tensor" else COUNTS[name])
        elif kind == "Tensor":
            args.append(x)
        else:
            args.append(0.5)
    return args, out


_REQUIRED = _ops.REQUIRED


def measure(name, params):
    fn, tfn = resolve(rt, name), resolve(torch, name)
    for data in DOMAINS:       # the first input domain where torch's answers are numbers
        targs, out = arguments(params, torch.from_numpy(data), torch.from_numpy)
        try:
            probe = tfn(*[a[:1000] if isinstance(a, torch.Tensor) else a for a in targs])
        except (TypeError, RuntimeError) as e:
            return f"| {name} | torch refuses: {str(e).splitlines()[0][:60]} |||"
        probe = probe[0] if isinstance(probe, tuple) else probe
        if not probe.is_floating_point() or probe.isnan().float().mean() <= 0.01:
            break
    args, _ = arguments(params, rt.from_numpy(data), rt.from_numpy)
    result = tfn(*targs)
    kw_t = kw_r = {}
    if out and not isinstance(result, tuple):
        kw_t, kw_r = {"out": torch.empty_like(result)}, {"out": rt.from_numpy(np.empty_like(result.numpy()))}
    calls = {"ours": lambda: fn(*args, **kw_r), "torch": lambda: tfn(*targs, **kw_t)}
    best = dict.fromkeys(calls, float("inf"))
    for _ in range(REPEAT):
        for lib, call in calls.items():
            t0 = time.thread_time()
            call()
            best[lib] = min(best[lib], time.thread_time() - t0)
    o, t = best["ours"] * 1e3, best["torch"] * 1e3
    flag = "" if t >= o else " **slower**"
    return f"| {name}{'' if kw_r else ' (alloc)'} | {o:.2f} | {t:.2f} | {t / o:.2f}x{flag} |"


def main():
    print(f"n = {N:,} {DTYPE}, 1 thread, minimum thread CPU time of {REPEAT} interleaved repeats")
    print("| function | ours ms | torch ms | vs torch |\n|---|---|---|---|")
    for name, params in functions().items():
        if sys.argv[1:] and not any(w in name for w in sys.argv[1:]):
            continue
        print(measure(name, params), flush=True)


if __name__ == "__main__":
    main()
