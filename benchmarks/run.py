"""Benchmark: this project (runtime) against NumPy and torch, in one process, interleaved.

    python benchmarks/run.py                    # everything, 1 and 2 threads, 10M elements
    python benchmarks/run.py --only add --threads 1 --repeat 5
    python benchmarks/run.py --n 100000 --repeat 3 --markdown /tmp/r.md   # a quick smoke run

Each case is timed for every library that is installed (NumPy and torch are optional;
neither is a dependency of the runtime), the libraries taking turns inside every
repeat so that they see the same machine state.  Reported: the median time with the
min-max range, the effective bandwidth (bytes of the operands read plus the output
written, per second), and the speed-up over torch and over NumPy (their median time
divided by ours: > 1 means we are faster).  NumPy's elementwise ops are single-threaded,
so its column is the same measurement in both thread sections.

The bandwidth reference is benchmarks/stream.c, a STREAM-like copy/add compiled at
start-up (ordinary and non-temporal stores), over float32 arrays of the same size.

Every case runs, at each thread count, in a fresh process of its own (this script with
--worker): a library's fresh output then comes from where it would in a program that runs
just that operation, not from memory the cases before it left in glibc's heap.  (In one
process for all cases, torch's 40 MB outputs of the 2-thread int32 add sometimes came from
such holes without a page fault, and sometimes not: 2.1-22 ms per call depending on the
cases run before.)

Before timing, every case's result is compared with torch's byte for byte (values of
the transcendental ops may differ in the last bit: libm against SLEEF)."""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import runtime as rt  # noqa: E402
from runtime._lib import ffi  # noqa: E402

try:
    import numpy as np
except ImportError:   # pragma: no cover
    np = None
try:
    import torch
except ImportError:   # pragma: no cover
    torch = None

LIBS = ["ours"] + (["numpy"] if np is not None else []) + (["torch"] if torch is not None else [])
ITEMSIZE = {"bool": 1, "uint8": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "float16": 2, "bfloat16": 2,
            "float32": 4, "float64": 8, "complex64": 8, "complex128": 16}
NP_OPS = {"add": "add", "mul": "multiply", "div": "true_divide", "floor_divide": "floor_divide",
          "exp": "exp", "sqrt": "sqrt", "sin": "sin",
          "sum": "sum", "mean": "mean", "amax": "max", "argmax": "argmax", "all": "all"}


# ---------------------------------------------------------------------------- data
@dataclass
class Operand:
    dtype: str = "float32"
    shape: tuple = ()
    kind: str = "normal"        # normal | positive | nonzero | scalar (a Python number) | zerodim
    view: str = ""              # "" | "T" | "::2"
    value: float = 2.5          # for scalar / zerodim

    def numel_touched(self):
        n = 1
        for s in self.shape:
            n *= s
        return n // 2 if self.view == "::2" else n


def _np_data(op: Operand, seed):
    rng = np.random.default_rng(seed)
    n = 1
    for s in op.shape:
        n *= s
    d = op.dtype
    if d == "bool":
        a = rng.random(n, dtype=np.float32) < (2.0 if op.kind == "positive" else 0.5)   # positive: all True
    elif d in ("float16", "float32", "float64", "bfloat16"):
        a = rng.standard_normal(n, dtype=np.float32)
        if op.kind == "positive":
            a = np.abs(a) + np.float32(0.5)
        a = a.astype("float32" if d == "bfloat16" else d)   # bfloat16 goes through float32
    elif d in ("complex64", "complex128"):
        a = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(d)
    else:
        lo, hi = {"uint8": (0, 256), "int8": (-128, 128)}.get(d, (-1000, 1000))
        a = rng.integers(lo, hi, n).astype(d)
        if op.kind in ("nonzero", "positive"):
            a[a == 0] = 1
    return a.reshape(op.shape)


def _rt_dtype(name):
    return getattr(rt, name)


def make_operand(lib, op: Operand, seed):
    """The operand for `lib`, or None when that library has no such dtype."""
    if op.kind == "scalar":
        return op.value
    if op.kind == "zerodim":
        if lib == "ours":
            return rt.tensor(op.value, dtype=_rt_dtype(op.dtype))
        if lib == "numpy":
            return np.array(op.value, dtype=op.dtype)
        return torch.tensor(op.value, dtype=getattr(torch, op.dtype))
    if lib == "numpy" and op.dtype == "bfloat16":
        return None
    if np is not None:
        a = _np_data(op, seed)
        if lib == "numpy":
            t = a
        elif lib == "torch":
            t = torch.from_numpy(a.copy())
            if op.dtype == "bfloat16":
                t = t.to(torch.bfloat16)
        else:
            src = "float32" if op.dtype == "bfloat16" else op.dtype
            t = rt.empty(*op.shape, dtype=_rt_dtype(src))
            if a.nbytes:
                ffi.memmove(ffi.cast("char *", t._ptr), np.ascontiguousarray(a), a.nbytes)
            if op.dtype == "bfloat16":
                t = t.to(rt.bfloat16)
    else:   # no NumPy: deterministic values from our own arange (torch is then fed the same way)
        n = 1
        for s in op.shape:
            n *= s
        if lib == "ours":
            t = rt.arange(1, n + 1, dtype=rt.int64).to(_rt_dtype(op.dtype)).reshape(op.shape)
        else:
            t = torch.arange(1, n + 1, dtype=torch.int64).to(getattr(torch, op.dtype)).reshape(op.shape)
    if op.view == "T":
        t = t.T
    elif op.view == "::2":
        t = t[::2]
    return t


# ---------------------------------------------------------------------------- cases
@dataclass
class Case:
    name: str
    op: str
    operands: list
    out_dtype: str
    out_numel: int
    group: str = "same"          # same | mixed | half | layout | unary | special | latency | small
    out_modes: tuple = ("alloc", "out")
    params: dict = field(default_factory=dict)

    def nbytes(self):
        total = self.out_numel * ITEMSIZE[self.out_dtype]
        for o in self.operands:
            if o.kind not in ("scalar", "zerodim"):
                total += o.numel_touched() * ITEMSIZE[o.dtype]
        return total


def cases(n, only=None):
    v = lambda d, **kw: Operand(d, (n,), **kw)   # noqa: E731
    side = int(round((n * 1.6) ** 0.5 / 10)) * 10 or 2       # 4000 for n = 10M
    rows = max(1, n // 10000)
    sq = int(round(n ** 0.5))                                 # 3162 for n = 10M
    out = [
        Case("float32 add", "add", [v("float32"), v("float32")], "float32", n),
        Case("float64 mul", "mul", [v("float64"), v("float64")], "float64", n),
        Case("int32 add", "add", [v("int32"), v("int32")], "int32", n),
        Case("int64 floor_divide", "floor_divide", [v("int64"), v("int64", kind="nonzero")], "int64", n),
        Case("float32 div", "div", [v("float32"), v("float32", kind="positive")], "float32", n),
        Case("float16 add", "add", [v("float16"), v("float16")], "float16", n, group="half"),
        Case("bfloat16 add", "add", [v("bfloat16"), v("bfloat16")], "bfloat16", n, group="half"),
        Case("complex64 mul", "mul", [v("complex64"), v("complex64")], "complex64", n),
        Case("int32 + float32", "add", [v("int32"), v("float32")], "float32", n, group="mixed"),
        Case("float32 + float64", "add", [v("float32"), v("float64")], "float64", n, group="mixed"),
        Case("uint8 + int64", "add", [v("uint8"), v("int64")], "int64", n, group="mixed"),
        Case("bool + float32", "add", [v("bool"), v("float32")], "float32", n, group="mixed"),
        # pairs issue 19's build cuts sent through iterate.c's buffer; render.py FUSED_PAIRS fuses all but complex64
        Case("bool + float64", "add", [v("bool"), v("float64")], "float64", n, group="mixed"),
        Case("uint8 + int32", "add", [v("uint8"), v("int32")], "int32", n, group="mixed"),
        Case("bool + int64", "add", [v("bool"), v("int64")], "int64", n, group="mixed"),
        Case("float32 + complex64", "add", [v("float32"), v("complex64")], "complex64", n, group="mixed"),
        Case("float32 + Python scalar", "add", [v("float32"), Operand("float32", kind="scalar")], "float32", n),
        Case("float32 + 0-dim", "add", [v("float32"), Operand("float32", kind="zerodim")], "float32", n),
        Case(f"broadcast ({rows},1)+(1,10000)", "add",
             [Operand("float32", (rows, 1)), Operand("float32", (1, 10000))], "float32", rows * 10000, group="layout"),
        Case(f"a.T + b {side}x{side}", "add",
             [Operand("float32", (side, side), view="T"), Operand("float32", (side, side))], "float32", side * side,
             group="layout"),
        Case("a[::2] + b[::2]", "add", [Operand("float32", (2 * n,), view="::2"), Operand("float32", (2 * n,), view="::2")],
             "float32", n, group="layout"),
        Case("float32 exp", "exp", [v("float32")], "float32", n, group="unary"),
        Case("float32 sqrt", "sqrt", [v("float32", kind="positive")], "float32", n, group="unary"),
        Case("float32 sin", "sin", [v("float32")], "float32", n, group="unary"),
        Case("float32 cos", "cos", [v("float32")], "float32", n, group="unary"),
        # rt.special (csrc/special.c, in double for float32): a few representative functions
        Case("float32 special.i0e", "special.i0e", [v("float32")], "float32", n, group="special"),
        Case("float32 special.ndtr", "special.ndtr", [v("float32")], "float32", n, group="special"),
        Case("float32 special.bessel_j0", "special.bessel_j0", [v("float32")], "float32", n, group="special"),
        Case("float32 special.chebyshev_polynomial_t(x, 5)", "special.chebyshev_polynomial_t",
             [v("float32"), Operand("float32", kind="scalar", value=5.0)], "float32", n, group="special"),
        # issue 17: nn.functional's activations (F.silu and F.mish take no out=) and torch-level functions
        Case("float32 gelu", "nn.functional.gelu", [v("float32")], "float32", n, group="unary"),
        Case("float32 silu", "nn.functional.silu", [v("float32")], "float32", n, group="unary", out_modes=("alloc",)),
        Case("float32 mish", "nn.functional.mish", [v("float32")], "float32", n, group="unary", out_modes=("alloc",)),
        Case("float32 softplus", "nn.functional.softplus", [v("float32")], "float32", n, group="unary"),
        Case("float32 logsigmoid", "nn.functional.logsigmoid", [v("float32")], "float32", n, group="unary"),
        Case("float32 hardswish", "nn.functional.hardswish", [v("float32")], "float32", n, group="unary",
             out_modes=("alloc",)),
        Case("float32 logit", "logit", [v("float32", kind="positive")], "float32", n, group="unary"),
        Case("float32 isclose", "isclose", [v("float32"), v("float32")], "bool", n, group="unary",
             out_modes=("alloc",)),
        # reductions (ops.yaml's reductions:): the whole input, or along one dim of a square matrix
        Case("float32 sum", "sum", [v("float32")], "float32", 1, group="reduce", out_modes=("alloc",)),
        Case(f"float32 sum(dim=0) {sq}x{sq}", "sum", [Operand("float32", (sq, sq))], "float32", sq, group="reduce",
             out_modes=("alloc",), params={"dim": 0}),
        Case(f"float32 sum(dim=1) {sq}x{sq}", "sum", [Operand("float32", (sq, sq))], "float32", sq, group="reduce",
             out_modes=("alloc",), params={"dim": 1}),
        Case("float32 mean", "mean", [v("float32")], "float32", 1, group="reduce", out_modes=("alloc",)),
        Case("float32 amax", "amax", [v("float32")], "float32", 1, group="reduce", out_modes=("alloc",)),
        Case("float32 argmax", "argmax", [v("float32")], "int64", 1, group="reduce", out_modes=("alloc",)),
        Case("bool all", "all", [v("bool", kind="positive")], "bool", 1, group="reduce", out_modes=("alloc",)),
        Case("int32 sum (into int64)", "sum", [v("int32")], "int64", 1, group="reduce", out_modes=("alloc",)),
        Case("latency a + b, 1 elem", "add", [Operand("float32", (1,)), Operand("float32", (1,))], "float32", 1,
             group="latency", out_modes=("alloc",)),
        Case("latency a + b, 100 elem", "add", [Operand("float32", (100,)), Operand("float32", (100,))], "float32",
             100, group="latency", out_modes=("alloc",)),
    ]
    for size in (1, 100):
        for form in SMALL_FORMS:
            out.append(Case(f"small {form}, {size} elem", "add", [], "float32", size, group="small",
                            out_modes=("alloc",), params={"form": form}))
    if only:
        out = [c for c in out if any(s in c.name for s in only)]
    return out


# ---------------------------------------------------------------------------- small calls
# Each call form of the C short path (csrc/fastcall.c) on 1 and 100 elements: what a call
# costs when the loop is nothing.  The NumPy column is the nearest NumPy call (NumPy has no
# alpha: `a + 2 * b`; no rounding_mode: floor_divide).
def _iadd(a, b):
    a += b
    return a


SMALL_FORMS = {
    "a + b": lambda lib, m, x: (lambda a=m("a"), b=m("b"): a + b),
    "a + b broadcast (r,1)+(1,c)": lambda lib, m, x: (lambda a=m("col"), b=m("row"): a + b),
    "a[::2] + b[::2]": lambda lib, m, x: (lambda a=m("a2")[::2], b=m("b2")[::2]: a + b),
    "q.T * q2 float32 x int32 (s,1)": lambda lib, m, x: (lambda q=m("sq"), q2=m("sq_col_i32"): q.T * q2),
    "int32 + float32": lambda lib, m, x: (lambda a=m("a_i32"), b=m("b"): a + b),
    "a + 2.0": lambda lib, m, x: (lambda a=m("a"): a + 2.0),
    "2.0 - a (reflected)": lambda lib, m, x: (lambda a=m("a"): 2.0 - a),
    "2.0 // a (reflected)": lambda lib, m, x: (lambda a=m("bpos"): 2.0 // a),
    "add(a, b, alpha=2)": lambda lib, m, x: ((lambda a=m("a"), b=m("b"): a + 2 * b) if lib == "numpy" else
                                             (lambda a=m("a"), b=m("b"), f=x.add: f(a, b, alpha=2))),
    "div(a, b, rounding_mode='floor')": lambda lib, m, x: (
        (lambda a=m("a"), b=m("bpos"): x.floor_divide(a, b)) if lib == "numpy" else
        (lambda a=m("a"), b=m("bpos"), f=x.div: f(a, b, rounding_mode="floor"))),
    "add(a, b, out=o)": lambda lib, m, x: (lambda a=m("a"), b=m("b"), o=m("o"), f=x.add: f(a, b, out=o)),
    "a.add_(b)": lambda lib, m, x: ((lambda a=m("a"), b=m("b"), f=x.add: f(a, b, out=a)) if lib == "numpy" else
                                    (lambda a=m("a"), b=m("b"): a.add_(b))),
    "a += b": lambda lib, m, x: (lambda a=m("a"), b=m("b"): _iadd(a, b)),
    "a.exp()": lambda lib, m, x: ((lambda a=m("a"), f=x.exp: f(a)) if lib == "numpy" else
                                  (lambda a=m("a"): a.exp())),
    "a ** 2": lambda lib, m, x: (lambda a=m("a"): a ** 2),
    "addcmul(a, a, b)": lambda lib, m, x: ((lambda a=m("a"), b=m("b"): a + a * b) if lib == "numpy" else
                                           (lambda a=m("a"), b=m("b"), f=x.addcmul: f(a, a, b))),
    "clamp(a, 0.0, 1.0)": lambda lib, m, x: ((lambda a=m("a"), f=x.clip: f(a, 0.0, 1.0)) if lib == "numpy" else
                                             (lambda a=m("a"), f=x.clamp: f(a, 0.0, 1.0))),
    "a.clamp(min=0.0)": lambda lib, m, x: ((lambda a=m("a"), f=x.maximum: f(a, 0.0)) if lib == "numpy" else
                                           (lambda a=m("a"): a.clamp(min=0.0))),
    "clamp(a, lo, hi) tensors": lambda lib, m, x: (
        (lambda a=m("a"), lo=m("lo"), hi=m("hi"), f=x.clip: f(a, lo, hi)) if lib == "numpy" else
        (lambda a=m("a"), lo=m("lo"), hi=m("hi"), f=x.clamp: f(a, lo, hi))),
    "where(c, a, b)": lambda lib, m, x: (lambda c=m("cond"), a=m("a"), b=m("b"), f=x.where: f(c, a, b)),
    "where(c, a, 0.0)": lambda lib, m, x: (lambda c=m("cond"), a=m("a"), f=x.where: f(c, a, 0.0)),
    "a.sum()": lambda lib, m, x: (lambda a=m("a"): a.sum()),
    "q.sum(1)": lambda lib, m, x: (lambda q=m("sq"): q.sum(1)),
    "q.amax(-1, keepdim=True)": lambda lib, m, x: ((lambda q=m("sq"): q.max(-1, keepdims=True)) if lib == "numpy" else
                                                   (lambda q=m("sq"): q.amax(-1, keepdim=True))),
    "q.argmax(1)": lambda lib, m, x: (lambda q=m("sq"): q.argmax(1)),
}


def small_callables(case):
    """{lib: zero-argument callable} for a small-call case: the same data for every library."""
    n = case.out_numel
    side = max(1, int(round(n ** 0.5)))
    rows = max(1, n // 10)
    shapes = {"a": ((n,), "float32"), "b": ((n,), "float32"), "bpos": ((n,), "float32"), "o": ((n,), "float32"),
              "a_i32": ((n,), "int32"), "a2": ((2 * n,), "float32"), "b2": ((2 * n,), "float32"),
              "col": ((rows, 1), "float32"), "row": ((1, n // rows), "float32"), "sq": ((side, side), "float32"),
              "sq_col_i32": ((side, 1), "int32"), "lo": ((n,), "float32"), "hi": ((n,), "float32"),
              "cond": ((n,), "bool")}
    fns = {}
    for lib in LIBS:
        mod = {"ours": rt, "numpy": np, "torch": torch}[lib]

        def m(name, lib=lib):
            shape, dt = shapes[name]
            kind = "positive" if name == "bpos" else "normal"
            return make_operand(lib, Operand(dt, shape, kind=kind), sum(map(ord, name)))
        fns[lib] = SMALL_FORMS[case.params["form"]](lib, m, mod)
    return fns


def op_function(lib, name):
    if lib == "numpy":
        return getattr(np, NP_OPS[name], None) if name in NP_OPS else None
    fn = rt if lib == "ours" else torch
    for part in name.split("."):          # special.i0e: a namespace's function
        fn = getattr(fn, part, None)
    return fn


def callables(case: Case, mode: str):
    """{lib: zero-argument callable} for the libraries that can run the case."""
    if case.group == "small":
        return small_callables(case)
    fns = {}
    for lib in LIBS:
        fn = op_function(lib, case.op)
        if fn is None:
            continue
        args = [make_operand(lib, o, seed) for seed, o in enumerate(case.operands)]
        if any(a is None for a in args):
            continue
        if case.group == "latency":
            a, b = args
            fns[lib] = (lambda a=a, b=b: a + b)
            continue
        if mode == "alloc":
            kw = {("axis" if lib == "numpy" and k == "dim" else k): v for k, v in case.params.items()}
            fns[lib] = (lambda fn=fn, args=args, kw=kw: fn(*args, **kw))
        else:
            try:
                res = fn(*args)
            except Exception:   # noqa: BLE001 - the library cannot do it
                continue
            if lib == "ours":
                o = rt.empty(*res.shape, dtype=_rt_dtype(case.out_dtype))
            elif lib == "numpy":
                o = np.empty(res.shape, dtype=case.out_dtype)
            else:
                o = torch.empty(res.shape, dtype=getattr(torch, case.out_dtype))
            del res
            fns[lib] = (lambda fn=fn, args=args, o=o: fn(*args, out=o))
    return fns


def result_bytes(lib, r):
    if lib == "ours":
        r = r.contiguous()
        return bytes(ffi.buffer(ffi.cast("char *", r._ptr), r.nbytes))
    r = r.contiguous()
    return r.view(torch.uint8).numpy().tobytes() if r.dim() else r.reshape(1).view(torch.uint8).numpy().tobytes()


# ---------------------------------------------------------------------------- timing
def _cpu_busy(interval=0.25):
    """Fraction of the machine's CPU time spent busy over `interval` (we sleep meanwhile)."""
    def read():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        return sum(v), v[3] + v[4]
    try:
        t0, i0 = read()
        time.sleep(interval)
        t1, i1 = read()
    except OSError:
        return 0.0
    return 1.0 - (i1 - i0) / max(1, t1 - t0)


def _busy_seconds():
    """CPU seconds spent busy by the whole machine so far (all cores, /proc/stat)."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return 0.0
    return (sum(v[:8]) - v[3] - v[4]) / os.sysconf("SC_CLK_TCK")


def measure(fns, repeat, inner, gap):
    """time_interleaved, plus the share of a core that other processes used meanwhile
    (machine busy time minus ours, over the wall time; resolution 10 ms)."""
    b0, c0, w0 = _busy_seconds(), sum(os.times()[:2]), time.monotonic()
    samples = time_interleaved(fns, repeat, inner, gap)
    other = (_busy_seconds() - b0) - (sum(os.times()[:2]) - c0)
    return samples, max(0.0, other) / max(1e-9, time.monotonic() - w0)


def wait_idle(limit, max_wait):
    """Wait (up to max_wait seconds) until other processes use less than `limit` of the CPUs;
    returns the busy fraction seen last.  Timings on a shared machine are otherwise noise."""
    deadline = time.monotonic() + max_wait
    busy = _cpu_busy()
    while busy > limit and time.monotonic() < deadline:
        busy = _cpu_busy(0.5)
    return busy


def set_threads(n):
    if hasattr(rt, "set_num_threads"):
        rt.set_num_threads(n)
    if torch is not None:
        torch.set_num_threads(n)


def time_interleaved(fns, repeat, inner, gap=0.0):
    """{lib: [seconds per call, ...]}: every repeat runs each library once (`inner` calls).
    With threads, `gap` seconds of sleep before each sample let the previous library's worker
    threads go to sleep (OpenMP's spin-wait would otherwise hold a core of this 2-core machine),
    and one untimed call then wakes this library's own workers, so that each library is
    timed with its thread pool running, as in a sustained computation."""
    samples = {lib: [] for lib in fns}
    for f in fns.values():      # warm up (page in, thread pools, caches of the dispatch)
        for _ in range(min(inner, 3)):
            f()
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            for lib, f in fns.items():
                if gap:
                    time.sleep(gap)
                    f()
                t0 = time.perf_counter()
                for _ in range(inner):
                    f()
                samples[lib].append((time.perf_counter() - t0) / inner)
    finally:
        gc.enable()
    return samples


def stream_rows(n, threads, repeat):
    """benchmarks/stream.c, compiled for this machine and run in its own process."""
    src = Path(__file__).with_name("stream.c")
    exe = Path(tempfile.gettempdir()) / f"ewgen_stream_{os.getuid()}"
    cc = os.environ.get("CC", "cc")
    try:
        subprocess.run([cc, "-O3", "-march=native", "-fopenmp", str(src), "-o", str(exe)], check=True,
                       capture_output=True)
        lines = subprocess.run([str(exe), str(n), str(threads), str(repeat)], check=True, capture_output=True,
                               text=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"STREAM reference unavailable: {e}", file=sys.stderr)
        return []
    rows = []
    for line in lines:
        name, nbytes, *times = line.split("\t")
        rows.append(dict(case=f"STREAM {name}", threads=threads, bytes=int(nbytes),
                         times={"stream": [float(t) for t in times]}))
    return rows


WORKER_ROW = "row: "


def run_case(case, nt, args):
    """The rows of one case at `nt` threads, one per output mode (the worker's job)."""
    set_threads(nt)
    rows = []
    for mode in case.out_modes:
        if mode not in args.modes.split(","):
            continue
        fns = callables(case, mode)
        if not fns:
            continue
        inner = 2000 if case.group in ("latency", "small") else 1
        best = None
        for _ in range(args.retries + 1):    # again while other processes disturbed it
            if args.idle < 1:
                wait_idle(args.idle, args.idle_wait)
            samples, other = measure(fns, args.repeat, inner, args.gap if nt > 1 else 0.0)
            if best is None or other < best[1]:
                best = samples, other
            if other <= args.noise:
                break
        samples, other = best
        label = case.name + (", out=" if mode == "out" else "") + (" (*)" if other > args.noise else "")
        rows.append(dict(case=label, threads=nt, bytes=case.nbytes(), times=samples))
        del fns, samples
        gc.collect()
    return rows


def run_isolated(case, nt, args):
    """run_case in a fresh process (this script with --worker)."""
    cmd = [sys.executable, __file__, "--worker", case.name, "--threads", str(nt), "--n", str(args.n),
           "--repeat", str(args.repeat), "--modes", args.modes, "--gap", str(args.gap), "--idle", str(args.idle),
           "--idle-wait", str(args.idle_wait), "--noise", str(args.noise), "--retries", str(args.retries)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"benchmark worker for {case.name!r} at {nt} thread(s) failed ({done.returncode})")
    return [json.loads(line[len(WORKER_ROW):]) for line in done.stdout.splitlines() if line.startswith(WORKER_ROW)]


# ---------------------------------------------------------------------------- report
def fmt_ms(s):
    m = statistics.median(s) * 1e3
    if m < 0.1:
        return f"{m * 1e3:.2f} us ({min(s) * 1e6:.2f}-{max(s) * 1e6:.2f})"
    return f"{m:.2f} ({min(s) * 1e3:.2f}-{max(s) * 1e3:.2f})"


def table(rows):
    head = "| case | thr | ours ms (min-max) | ours GB/s | numpy ms | torch ms | vs torch | vs numpy |"
    lines = [head, "|" + "---|" * 8]
    for r in rows:
        t = r["times"]
        if "stream" in t:
            med = statistics.median(t["stream"])
            lines.append(f"| {r['case']} | {r['threads']} | {fmt_ms(t['stream'])} | {r['bytes'] / med / 1e9:.1f} "
                         "| | | | |")
            continue
        ours = t.get("ours")
        om = statistics.median(ours) if ours else None
        cells = [r["case"], str(r["threads"]), fmt_ms(ours) if ours else "n/a",
                 f"{r['bytes'] / om / 1e9:.1f}" if om and r["bytes"] > 4096 else ""]
        for lib in ("numpy", "torch"):
            cells.append(fmt_ms(t[lib]) if lib in t else "n/a")
        for lib in ("torch", "numpy"):
            cells.append(f"{statistics.median(t[lib]) / om:.2f}x" if lib in t and om else "")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def environment():
    cpu = platform.processor()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    parts = [f"CPU {cpu}, {os.cpu_count()} cores", f"Python {platform.python_version()}"]
    if np is not None:
        parts.append(f"NumPy {np.__version__}")
    if torch is not None:
        parts.append(f"torch {torch.__version__}")
    return ", ".join(parts)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=10_000_000, help="elements per operand (default %(default)s)")
    p.add_argument("--repeat", type=int, default=11, help="timed repeats per case (default %(default)s)")
    p.add_argument("--threads", default="1,2", help="thread counts to run, comma separated (default %(default)s)")
    p.add_argument("--only", action="append", help="run the cases whose name contains this (repeatable)")
    p.add_argument("--modes", default="alloc,out", help="alloc (c = f(a, b)) and/or out (f(a, b, out=c))")
    p.add_argument("--gap", type=float, default=0.03,
                   help="seconds of sleep between samples when threads > 1 (default %(default)s)")
    p.add_argument("--idle", type=float, default=0.1,
                   help="before each case, wait until other processes use less than this fraction of the "
                        "CPUs (default %(default)s; 1 = do not wait)")
    p.add_argument("--idle-wait", type=float, default=120, help="longest wait for --idle, seconds")
    p.add_argument("--noise", type=float, default=0.1,
                   help="a case is measured again when other processes used more than this share of a core "
                        "meanwhile (default %(default)s); still so after --retries: marked (*)")
    p.add_argument("--retries", type=int, default=3, help="measurements of a disturbed case (default %(default)s)")
    p.add_argument("--no-check", action="store_true", help="skip comparing results with torch")
    p.add_argument("--markdown", type=Path, help="also write the tables to this file")
    p.add_argument("--worker", help=argparse.SUPPRESS)    # internal: time this one case, print its rows
    args = p.parse_args(argv)
    if args.worker:
        case = next(c for c in cases(args.n) if c.name == args.worker)
        for row in run_case(case, int(args.threads), args):
            print(WORKER_ROW + json.dumps(row), flush=True)
        return 0
    threads = [int(t) for t in args.threads.split(",")]
    all_cases = cases(args.n, args.only)
    print(environment())
    print(f"libraries: {', '.join(LIBS)}; n = {args.n:,}; repeats = {args.repeat}\n", flush=True)

    notes = []
    if torch is not None and not args.no_check:
        same, differ = 0, []
        for case in all_cases:
            if op_function("ours", case.op) is None:
                continue
            fns = callables(case, "alloc")
            if "torch" not in fns or "ours" not in fns:
                continue
            if result_bytes("ours", fns["ours"]()) == result_bytes("torch", fns["torch"]()):
                same += 1
            else:
                differ.append(case.name)
            del fns
        notes.append(f"check: {same} cases bit-identical to torch" +
                     (f"; different: {', '.join(differ)}" if differ else ""))
        print(notes[-1], flush=True)

    rows = []
    for nt in threads:
        if args.idle < 1:
            wait_idle(args.idle, args.idle_wait)
        rows += stream_rows(args.n, nt, args.repeat)
        for case in all_cases:
            for row in run_isolated(case, nt, args):
                rows.append(row)
                print(table([row]).splitlines()[-1], flush=True)
    text = table(rows)
    print("\n" + text)
    if args.markdown:
        args.markdown.write_text(f"{environment()}\n\nn = {args.n:,}, repeats = {args.repeat}\n\n"
                                 + "\n".join(notes) + "\n\n" + text + "\n\n(*): other processes used more than "
                                 f"{args.noise:.0%} of a core during every attempt at this case.\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
