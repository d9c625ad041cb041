"""Mixed-dtype binary ops: the fused loops (an input cast as it is loaded) against the buffered cast.

    PYTHONPATH=. python benchmarks/fused_pairs.py                    # add, mul, div, hypot, nextafter
    N=1000000 REPEAT=9 PYTHONPATH=. python benchmarks/fused_pairs.py hypot

For each op, each float32/float64 operand with a bool, uint8, int32 or int64 one (and float64
with float32), in both orders: N (default 10M) elements, 1 thread, out=, with the fused loops
on and off (runtime._threads._config("fuse", 1 / 0)) in turn inside every repeat; the minimum
thread CPU time of each.  The ratio is buffered / fused: above 1 the fused loop pays.  A pair
without a fused loop (render.py FUSED_PAIRS) takes the buffer both ways (about 1.00x)."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import runtime as rt  # noqa: E402
from runtime import _threads  # noqa: E402

N = int(os.environ.get("N", 10_000_000))
REPEAT = int(os.environ.get("REPEAT", 7))
rng = np.random.default_rng(0)


def tensor(dtype: str):
    if dtype == "bool":
        return rt.from_numpy(rng.standard_normal(N) > 0)
    if dtype.startswith(("int", "uint")):
        return rt.from_numpy(rng.integers(0, 100, N).astype(dtype))
    return rt.from_numpy((rng.standard_normal(N) * 2).astype(dtype))


def on_and_off(call, key: str, repeat: int) -> dict:
    """{1: seconds, 0: seconds}: the minimum thread CPU time of call() with the walker's tunable
    `key` (runtime._threads) on and off in turn, `repeat` times; left on."""
    best = {}
    try:
        for _ in range(repeat):
            for value in (1, 0):
                _threads._config(key, value)
                t0 = time.thread_time()
                call()
                best[value] = min(best.get(value, float("inf")), time.thread_time() - t0)
    finally:
        _threads._config(key, 1)
    return best


def main():
    rt.set_num_threads(1)
    print(f"n = {N:,}, 1 thread, out=, minimum thread CPU time of {REPEAT} interleaved repeats")
    print("| op | operands | fused ms | buffered ms | buffered / fused |\n|---|---|---|---|---|")
    for op in sys.argv[1:] or ["add", "mul", "div", "hypot", "nextafter"]:
        fn = getattr(rt, op)
        for big in ("float32", "float64"):
            for small in ("bool", "uint8", "int32", "int64") + (("float32",) if big == "float64" else ()):
                for names in ((big, small), (small, big)):
                    args = tuple(tensor(d) for d in names)
                    out = rt.empty(N, dtype=fn(*args).dtype)
                    best = on_and_off(lambda: fn(*args, out=out), "fuse", REPEAT)
                    print(f"| {op} | {names[0]}, {names[1]} | {best[1] * 1e3:.2f} | {best[0] * 1e3:.2f} | "
                          f"{best[0] / best[1]:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
