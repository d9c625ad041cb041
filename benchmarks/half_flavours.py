"""float16/bfloat16 kernels: the AVX2 flavour against the baseline flavour, side by side.

    PYTHONPATH=. python benchmarks/half_flavours.py                  # every function with half kernels
    REPEAT=7 PYTHONPATH=. python benchmarks/half_flavours.py lgamma cos   # substrings of function names

For each function of the catalogue (benchmarks/catalogue_cputime.py: its inputs and domains) that
has float16/bfloat16 kernels: N (default 1M) elements of each half dtype, 1 thread, out=, with
the AVX2 flavours on and off (runtime._threads._config("f16c", 1 / 0)) in turn inside every
repeat; the minimum thread CPU time of each.  The ratio is baseline / AVX2: about 1.00x means
the AVX2 flavour does not pay (an expression at compute speed), which is what ops.yaml's
`no_simd` lists.  A row marked "alloc" has no out= form and includes the allocation."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("N", "1000000")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import catalogue_cputime as cc  # noqa: E402
import torch  # noqa: E402
from fused_pairs import on_and_off  # noqa: E402

import runtime as rt  # noqa: E402
from generated.tables import OPS  # noqa: E402

REPEAT = int(os.environ.get("REPEAT", 5))
HALVES = ("float16", "bfloat16")


def half_functions() -> dict:
    """function name -> the half dtypes its kernels take."""
    found = {}
    for op in OPS.values():
        if op.get("function"):
            found.setdefault(op["function"], set()).update(d for d in HALVES if d in op["kernels"])
    return {name: dtypes for name, dtypes in found.items() if dtypes}


def domain(name, params, tdt):
    """The first input domain where torch's answers are mostly numbers (as catalogue_cputime)."""
    for data in cc.DOMAINS:
        targs, _ = cc.arguments(params, torch.from_numpy(data).to(tdt), lambda a: torch.from_numpy(a).to(tdt))
        probe = cc.resolve(torch, name)(*targs)
        probe = probe[0] if isinstance(probe, tuple) else probe
        if not probe.is_floating_point() or probe.float().isnan().float().mean() <= 0.01:
            break
    return data


def measure(name, params, dt) -> str:
    tdt = getattr(torch, dt)

    def ours(a):       # the values torch's half dtype holds, as our tensor
        return rt.from_numpy(torch.from_numpy(a).to(tdt).view(torch.int16).numpy()).view(getattr(rt, dt))

    args, out = cc.arguments(params, ours(domain(name, params, tdt)), ours)
    fn = cc.resolve(rt, name)
    result = fn(*args)
    kw = {"out": rt.empty(*result.shape, dtype=result.dtype)} if out and not isinstance(result, tuple) else {}
    best = on_and_off(lambda: fn(*args, **kw), "f16c", REPEAT)
    return (f"| {name} | {dt} | {best[1] * 1e3:.2f} | {best[0] * 1e3:.2f} | {best[0] / best[1]:.2f}x |"
            + ("" if kw else " alloc"))


def main():
    print(f"n = {cc.N:,}, 1 thread, minimum thread CPU time of {REPEAT} interleaved repeats")
    print("| function | dtype | AVX2 flavour ms | baseline ms | baseline / AVX2 |\n|---|---|---|---|---|")
    halves = half_functions()
    for name, params in cc.functions().items():
        if name not in halves or (sys.argv[1:] and not any(w in name for w in sys.argv[1:])):
            continue
        for dt in sorted(halves[name]):
            try:
                print(measure(name, params, dt), flush=True)
            except (RuntimeError, TypeError) as e:
                print(f"| {name} | {dt} | {type(e).__name__}: {str(e).splitlines()[0][:60]} |", flush=True)


if __name__ == "__main__":
    main()
