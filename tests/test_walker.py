"""The C walker's fast paths (runtime._threads tunables, iterate.c): threads, chunked casts
of mixed dtypes, tiled transposed walks, streaming stores, the allocator's block cache.
Each path is forced on small tensors by shrinking its threshold, and must give the bytes
the plain serial walk gives, and the values of explicit whole-tensor casts."""
import functools
import os
import threading
from pathlib import Path

import pytest

import runtime as rt
from runtime import _threads
from runtime._lib import ffi

PLAIN = dict(grain=1 << 62, chunk=2048, nt_bytes=0, tile0=0, tile1=0, fuse=0)
STRESSED = [
    dict(grain=16, chunk=64, nt_bytes=0, tile0=0, tile1=0),        # threads, many chunks
    dict(grain=1 << 62, chunk=7, nt_bytes=0, tile0=0, tile1=0),    # odd chunk size
    dict(grain=8, chunk=2048, nt_bytes=0, tile0=4, tile1=3),       # tiles, threads over tiles
    dict(grain=1 << 62, chunk=48, nt_bytes=64, tile0=0, tile1=0),  # streaming stores
    dict(grain=16, chunk=64, nt_bytes=64, tile0=8, tile1=8),       # everything
]


@pytest.fixture
def tunables():
    saved = {k: _threads._config(k) for k in PLAIN}
    threads = rt.get_num_threads()

    def apply(cfg, nthreads=2):
        for k, v in cfg.items():
            _threads._config(k, v)
        rt.set_num_threads(nthreads)

    yield apply
    for k, v in saved.items():
        _threads._config(k, v)
    rt.set_num_threads(threads)


def raw(t):
    t = t.contiguous()
    return bytes(ffi.buffer(ffi.cast("char *", t._ptr), t.nbytes)) if t.nbytes else b""


def data(shape, dtype, seed=0, nonzero=False):
    n = 1
    for s in shape:
        n *= s
    # a spread of values: negatives, fractions, large magnitudes, for every dtype's casts
    vals = [((i * 7919 + seed * 104729) % 2003 - 1001) * (0.37 if i % 3 else 113.5) for i in range(n)]
    if dtype == rt.bool:
        vals = [v > 0 for v in vals]
    elif not (dtype.is_floating_point or dtype.is_complex):
        span, half = 1 << (8 * dtype.itemsize), 1 << (8 * dtype.itemsize - 1)
        if not dtype.is_signed:                       # wrapped into the narrower dtypes' ranges
            vals = [int(v) % span for v in vals]
        elif dtype.itemsize < 4:
            vals = [(int(v) + half) % span - half for v in vals]
        else:
            vals = [int(v) for v in vals]
        if nonzero:
            vals = [v or 1 for v in vals]
    elif nonzero:
        vals = [v or 1.5 for v in vals]
    return rt.tensor(vals, dtype=dtype).reshape(shape) if shape else rt.tensor(vals[0], dtype=dtype)


def cases():
    f32, f64, i32, i64, u8, f16, bf16, c64 = (rt.float32, rt.float64, rt.int32, rt.int64, rt.uint8, rt.float16,
                                              rt.bfloat16, rt.complex64)
    a = data((37, 53), f32)
    yield "f32 add", lambda: rt.add(a, data((37, 53), f32, 1))
    yield "f32 add alpha", lambda: rt.add(a, data((37, 53), f32, 1), alpha=2.5)
    yield "i32 + f32", lambda: data((37, 53), i32) + data((37, 53), f32, 1)
    yield "f32 + f64", lambda: data((2000,), f32) + data((2000,), f64, 1)
    yield "u8 + i64", lambda: data((2000,), u8) + data((2000,), i64, 1)
    yield "bool + f32", lambda: data((2000,), rt.bool) + data((2000,), f32, 1)
    yield "f16 add", lambda: data((2000,), f16) + data((2000,), f16, 1)
    yield "bf16 + f16", lambda: data((2000,), bf16) + data((2000,), f16, 1)
    yield "c64 mul", lambda: data((41, 29), c64) * data((41, 29), c64, 1)
    yield "f32 + scalar", lambda: data((2000,), f32) + 2.5
    yield "scalar - i32", lambda: 7 - data((2000,), i32)
    yield "i32 + 0-dim f64", lambda: data((2000,), i32) + data((), f64, 3)
    yield "0-dim f16 * f32", lambda: data((), f16, 3) * data((2000,), f32)
    yield "broadcast", lambda: data((37, 1), f32) + data((1, 53), f64, 1)
    yield "broadcast mixed", lambda: data((37, 1), i32) * data((1, 53), f32, 1)
    yield "transpose", lambda: data((64, 48), f32).T + data((48, 64), f32, 1)
    yield "transpose mixed", lambda: data((64, 48), i64).T + data((48, 64), f32, 1)
    yield "permute 3-d", lambda: data((6, 20, 30), f32).permute(2, 0, 1) + data((30, 6, 20), f64, 1)
    yield "slices", lambda: data((4000,), f32)[::2] + data((4000,), i32, 1)[1::2]
    yield "slices same dtype", lambda: data((4000,), f32)[::2] * data((6000,), f32, 1)[1::3]
    yield "column", lambda: data((2000, 3), f64)[:, 1] - data((2000, 2), f64, 1)[:, 0]
    yield "floor_divide", lambda: rt.floor_divide(data((2000,), i64), data((2000,), i32, 1, nonzero=True))
    yield "div int", lambda: data((2000,), i32) / data((2000,), i64, 1, nonzero=True)
    yield "eq mixed", lambda: rt.eq(data((2000,), i32), data((2000,), f32, 1))
    yield "lt out float", lambda: rt.lt(data((2000,), f32), data((2000,), f32, 1), out=rt.empty(2000, dtype=f64))
    yield "add out f64", lambda: rt.add(data((2000,), i32), data((2000,), f32, 1), out=rt.empty(2000, dtype=f64))
    yield "add out strided", lambda: rt.add(data((40, 50), f16), data((40, 50), f32, 1),
                                            out=rt.empty(50, 40, dtype=f64).T)
    yield "neg transposed", lambda: rt.neg(data((64, 48), f32).T)
    yield "abs c64", lambda: rt.abs(data((2000,), c64))
    yield "reciprocal int", lambda: rt.reciprocal(data((2000,), i32, nonzero=True))

    def inplace():
        x = data((2000,), f64)
        x.add_(data((2000,), i32, 1))
        x.mul_(data((2000,), f16, 2))
        return x
    yield "in-place mixed", inplace

    def inplace_t():
        x = data((48, 64), f32)
        x.T.add_(data((64, 48), f64, 1), alpha=3)
        return x
    yield "in-place transposed", inplace_t
    yield "to()", lambda: data((64, 48), f32).T.to(rt.float16)
    yield "clone", lambda: data((64, 48), c64).T.clone()


CASES = list(cases())


@pytest.mark.parametrize("fuse", [0, 1], ids=["buffered", "fused"])
@pytest.mark.parametrize("stress", range(len(STRESSED)))
def test_paths_equal_plain_walk(tunables, stress, fuse):
    tunables(PLAIN, 1)
    expected = {name: raw(f()) for name, f in CASES}
    tunables(dict(STRESSED[stress], fuse=fuse), 2)
    for name, f in CASES:
        assert raw(f()) == expected[name], name


def test_fused_casts_equal_whole_tensor_casts(tunables):
    tunables(dict(grain=16, chunk=64, nt_bytes=0, tile0=4, tile1=4), 2)
    for (x, y) in [(data((37, 53), rt.int32), data((37, 53), rt.float32, 1)),
                   (data((2000,), rt.uint8), data((2000,), rt.int64, 1)),
                   (data((64, 48), rt.float16).T, data((48, 64), rt.float64, 1)),
                   (data((2000,), rt.bool), data((2000,), rt.bfloat16, 1))]:
        common = rt.promote_types(x.dtype, y.dtype)
        assert raw(x + y) == raw(x.to(common) + y.to(common))
        out = rt.empty(*x.shape, dtype=rt.complex128)
        rt.mul(x, y, out=out)
        assert raw(out) == raw((x.to(common) * y.to(common)).to(rt.complex128))


def fused_loops():
    """(op, loop dtype, dtype read, its position) of every loop that casts an input as it
    loads it (render.py: fused_kernels), and how Python calls each op: (function, keywords),
    div_floor being rt.div(..., rounding_mode='floor')."""
    from codegen import model, render
    root = Path(__file__).resolve().parent.parent
    m = model.load_model(root / "dtypes.yaml", root / "ops.yaml")
    ctx = render.build_context(m)
    calls = {op.name: (op.function, dict([op.select]) if op.select and op.select[1] != "*" else {})
             for op in m.ops if op.function}
    return [(k["op"], k["dtype"].name, k["source"], k["fused"][1] - 1) for k in ctx["fused"]], calls


FUSED, CALLS = fused_loops()


@pytest.mark.parametrize("op", sorted({f[0] for f in FUSED}))
def test_fused_loops_equal_buffered_casts(tunables, op):
    """Each loop that casts an input as it loads it gives the bytes of the chunked cast into a
    buffer (fuse=0) and of the op on whole-tensor casts, in every walk: contiguous with
    ordinary and streaming stores, a broadcast operand, strided inputs, an output of another
    dtype (a buffered output), in place, threads."""
    name, keywords = CALLS[op]

    def fn(*args, **kw):
        return getattr(rt, name)(*args, **keywords, **kw)

    for _, loop, source, pos in (f for f in FUSED if f[0] == op):
        dl, ds = getattr(rt, loop), getattr(rt, source)

        def args(x, y):        # y, of the dtype read by the loop, at its position
            return (y, x) if pos == 0 else (x, y)

        def walks():
            yield fn(*args(data((700,), dl, 1), data((700,), ds, 2)))
            yield fn(*args(data((700,), dl, 1), data((1,), ds, 2)))
            yield fn(*args(data((1400,), dl, 1)[::2], data((2100,), ds, 2)[1::3]))
            yield fn(*args(data((30, 1), dl, 1), data((40,), ds, 2)))
            yield fn(*args(data((700,), dl, 1), data((700,), ds, 2)), out=rt.empty(700, dtype=rt.complex128))
            if pos == 1 and hasattr(rt.Tensor, name + "_"):     # (maximum, logaddexp: no in-place method)
                x = data((700,), dl, 1)
                getattr(x, name + "_")(data((700,), ds, 2), **keywords)
                yield x

        tunables(PLAIN, 1)
        expected = [raw(t) for t in walks()]
        x, y = data((700,), dl, 1), data((700,), ds, 2)
        for cfg in (dict(fuse=1), dict(fuse=1, grain=16, nt_bytes=64)):
            tunables(cfg, 2)
            assert [raw(t) for t in walks()] == expected, (loop, source, pos, cfg)
            assert raw(fn(*args(x, y))) == raw(fn(*args(x, y.to(dl)))), (loop, source, pos, cfg)


def test_division_by_zero_in_threads(tunables):
    tunables(dict(grain=16, chunk=64, nt_bytes=0, tile0=0, tile1=0), 2)
    x = data((5000,), rt.int64)
    y = data((5000,), rt.int32, 1, nonzero=True)
    y[4321] = 0
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        rt.floor_divide(x, y)


def test_num_threads_api():
    n = rt.get_num_threads()
    assert n >= 1
    try:
        rt.set_num_threads(3)
        assert rt.get_num_threads() == 3
        for bad, exc, msg in [(0, RuntimeError, "set_num_threads expects a positive integer"),
                              (-2, RuntimeError, "set_num_threads expects a positive integer"),
                              (True, RuntimeError, "set_num_threads expects an int, but got bool"),
                              (2.0, RuntimeError, "set_num_threads expects an int, but got float"),
                              ("2", RuntimeError, "set_num_threads expects an int, but got str")]:
            with pytest.raises(exc, match=msg):
                rt.set_num_threads(bad)
        assert rt.get_num_threads() == 3
    finally:
        rt.set_num_threads(n)


def test_concurrent_callers(tunables):
    """Python threads calling kernels at once (the GIL is released): the pool serves one,
    the others run on their own thread; every result is right."""
    tunables(dict(grain=64, chunk=2048, nt_bytes=0, tile0=0, tile1=0), 2)
    x, y = data((20000,), rt.float32), data((20000,), rt.int32, 1)
    expected = raw(x + y)
    errors = []

    def work():
        for _ in range(50):
            if raw(x + y) != expected:
                errors.append("mismatch")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_pool_after_fork(tunables):
    tunables(dict(grain=16, chunk=64, nt_bytes=0, tile0=0, tile1=0), 2)
    x, y = data((5000,), rt.float32), data((5000,), rt.float64, 1)
    expected = raw(x + y)
    pid = os.fork()
    if pid == 0:   # pragma: no cover - the child
        ok = raw(x + y) == expected
        os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def test_allocator_reuses_and_bounds_its_cache():
    saved = _threads._config("cache_bytes"), _threads._config("cache_blocks")
    try:
        _threads._allocator_cached(release=True)
        big = rt.empty(1 << 20, dtype=rt.float64)            # 8 MiB: a cached block size
        assert big.data_ptr() % 64 == 0
        del big
        cached = _threads._allocator_cached()
        assert cached >= 8 << 20
        again = rt.empty(1 << 20, dtype=rt.float64)          # reuses the block
        assert _threads._allocator_cached() < cached
        del again
        _threads._config("cache_bytes", 20 << 20)
        blocks = [rt.empty(1 << 20, dtype=rt.float64) for _ in range(5)]
        del blocks
        assert _threads._allocator_cached() <= 20 << 20      # over the bound: memory goes back
        _threads._config("cache_blocks", 1)
        blocks = [rt.empty(1 << 20, dtype=rt.float64) for _ in range(3)]
        del blocks
        assert _threads._allocator_cached() <= 10 << 20
        assert _threads._allocator_cached(release=True) == 0
        _threads._config("cache_blocks", 8)
        _threads._allocator_cached(release=True)
        medium = rt.empty(50000, dtype=rt.float32)           # 200 KB: a cached medium block
        address = medium.data_ptr()
        del medium
        assert 200000 <= _threads._allocator_cached() < 1 << 20
        again = rt.empty(49900, dtype=rt.float32)            # about the same size: the same block
        assert again.data_ptr() == address and _threads._allocator_cached() == 0
        del again
        small = [rt.empty(n, dtype=rt.uint8) for n in (0, 1, 63, 4096, 100000, 3 << 20)]
        assert all(t.data_ptr() % 64 == 0 for t in small)
    finally:
        _threads._config("cache_bytes", saved[0])
        _threads._config("cache_blocks", saved[1])


def test_big_blocks_start_at_colours_apart():
    """Big blocks (2 MiB and more) start 512 to 3584 bytes into a page, in turn, where the
    block has the room: never within 128 bytes of each other, of NumPy's 16 or of a page
    start, modulo 4096 (an output just ahead of an input there makes its loads wait on the
    streamed stores they falsely alias).  A block from the cache gets a colour too."""
    _threads._allocator_cached(release=True)
    for _ in range(2):                                  # fresh blocks, then the cached ones
        blocks = [rt.empty(1_000_000, dtype=rt.float32) for _ in range(9)]
        colours = [t.data_ptr() % 4096 for t in blocks]
        assert all(c % 64 == 0 and 512 <= c - 64 <= 3584 for c in colours), colours
        assert len(set(colours[:7])) == 7, colours
        for t in blocks:                                # the whole data is usable
            t[-1] = 1.5
            t[0] = 2.5
            assert t[-1].item() == 1.5 and t[0].item() == 2.5
        del blocks, t
    assert _threads._allocator_cached() >= 9 * 4_000_000
    _threads._allocator_cached(release=True)
    exact = rt.empty((4 << 20) - 320, dtype=rt.uint8)   # 256 bytes of room in its 4 MiB block
    assert exact.data_ptr() % 4096 == 64


def test_float16_block_conversions_match_the_scalar_ones():
    """F16C / AVX2 (when the CPU has them) against the portable conversions: every float16 and
    bfloat16, a spread of floats, and the float16 / bfloat16 loop flavours on values with NaN
    payloads, subnormals, infs."""
    from runtime._lib import lib
    saved = _threads._config("f16c")
    try:
        for use in (1, 0):
            _threads._config("f16c", use)
            assert lib.ew_f16_selftest(4099) == 0
        specials = [0.0, -0.0, 1.0, -2.5, 65504.0, 65520.0, -65536.0, 1e-8, -6e-8, 3e-5, 6.1e-5, float("inf"),
                    -float("inf"), float("nan"), 1 / 3, 2049.0, 0.1]
        x = rt.tensor(specials * 40, dtype=rt.float32)
        bits = rt.tensor([0x7c01, 0xfc01, 0x7dff, 0x7e00, 0xfe01, 0x0001, 0x83ff, 0x3c00, 0x7bff, 0] * 68,
                         dtype=rt.int32).to(rt.int16)
        h = rt.empty(680, dtype=rt.float16)
        ffi.memmove(ffi.cast("char *", h._ptr), ffi.buffer(ffi.cast("char *", bits._ptr), 1360), 1360)     # half bit patterns, NaN payloads included
        results = []
        for use in (1, 0):
            _threads._config("f16c", use)
            results.append([raw(v) for v in (
                x.to(rt.float16), h.to(rt.float32), h.to(rt.float64), h + h, h * 3.5, -h, rt.abs(h),
                rt.mul(x[:680], h), h.to(rt.float16, copy=True), rt.sqrt(h), x.to(rt.float16).to(rt.float32),
                x.to(rt.bfloat16), x.to(rt.bfloat16) + x.to(rt.bfloat16), x.to(rt.bfloat16) * 3.5,
                x.to(rt.bfloat16).to(rt.float64), rt.neg(x.to(rt.bfloat16)), h.to(rt.bfloat16))])
        assert results[0] == results[1]
    finally:
        _threads._config("f16c", saved)



# NaN bit patterns through float16, as torch 2.13 gives them on this CPU (its loops convert with
# F16C: a NaN is made quiet, its sign and payload kept): (input bits, its dtype, op, result bits).
HALF_NAN_CASES = [
    (0x7c01, "float16", "add1", 0x7e01), (0xfd55, "float16", "add1", 0xff55), (0x7e13, "float16", "add1", 0x7e13),
    (0x7c01, "float16", "mul1", 0x7e01), (0x7c01, "float16", "sqrt", 0x7e01),
    (0x7c01, "float16", "to_float32", 0x7fc02000), (0x7c01, "float16", "via_float64", 0x7e01),
    (0x7fc12345, "float32", "to_float16", 0x7e09), (0x7f812345, "float32", "to_float16", 0x7e09),
    (0xffc00000, "float32", "to_float16", 0xfe00), (0x7fc12345, "float32", "to_float16_add1", 0x7e09),
    (0x7c01, "float16", "clone", 0x7c01), (0x7c01, "float16", "strided_copy", 0x7c01),    # copies: the bytes
]
HALF_NAN_OPS = {
    "add1": lambda m, t: t + m.tensor(1.0, dtype=m.float16), "mul1": lambda m, t: t * 1, "sqrt": lambda m, t: t.sqrt(),
    "to_float32": lambda m, t: t.to(m.float32), "via_float64": lambda m, t: t.to(m.float64).to(m.float16),
    "to_float16": lambda m, t: t.to(m.float16), "to_float16_add1": lambda m, t: t.to(m.float16) + 1.0,
    "clone": lambda m, t: t.clone(), "strided_copy": lambda m, t: t.unsqueeze(1).expand(-1, 2).contiguous(),
}


def _from_bits(bits, dtype, n):
    size = 2 if dtype == "float16" else 4
    t = rt.empty(n, dtype=getattr(rt, dtype))
    ffi.memmove(ffi.cast("char *", t._ptr), bits.to_bytes(size, "little") * n, size * n)
    return t


def _bits(t):
    size = t.element_size()
    b = raw(t)
    return {int.from_bytes(b[k:k + size], "little") for k in range(0, len(b), size)}


@pytest.mark.parametrize("f16c", [1, 0])
@pytest.mark.parametrize("n", [3, 1000])
def test_float16_nan_payloads_as_torch(f16c, n):
    """Every path (F16C or portable; element by element, blocks, bulk casts) gives torch's NaN
    bits (HALF_NAN_CASES, measured with torch 2.13; test_float16_nan_payloads_in_torch)."""
    saved = _threads._config("f16c", f16c)
    try:
        for bits, dtype, op, want in HALF_NAN_CASES:
            got = _bits(HALF_NAN_OPS[op](rt, _from_bits(bits, dtype, n)))
            assert got == {want}, (hex(bits), dtype, op, [hex(g) for g in got])
    finally:
        _threads._config("f16c", saved)


@pytest.mark.torch
def test_float16_nan_payloads_in_torch():
    """HALF_NAN_CASES hold in the installed torch too (its vectorised loops: 1000 elements)."""
    torch = pytest.importorskip("torch")
    views = {"float16": torch.int16, "float32": torch.int32}
    for bits, dtype, op, want in HALF_NAN_CASES:
        signed = bits - (1 << (16 if dtype == "float16" else 32)) if bits >> (15 if dtype == "float16" else 31) else bits
        t = torch.full((1000,), signed, dtype=views[dtype]).view(getattr(torch, dtype))
        r = HALF_NAN_OPS[op](torch, t).reshape(-1)
        size = r.element_size()
        got = {x & ((1 << (8 * size)) - 1) for x in r.view(views["float16" if size == 2 else "float32"]).tolist()}
        assert got == {want}, (hex(bits), dtype, op, [hex(g) for g in got])


class _GuardedBuffer:
    """Memory of `nbytes` that ends where an unreadable page begins: a loop reading past the
    end of a tensor placed at its end faults (SIGSEGV) instead of reading a neighbour's bytes."""
    _libc = None

    def __init__(self, nbytes):
        import ctypes
        import mmap
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mmap.restype, libc.mmap.argtypes = ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                                                                   ctypes.c_int, ctypes.c_int, ctypes.c_long]
        libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
        page = mmap.PAGESIZE
        self.size = (nbytes + page - 1) // page * page + page
        base = libc.mmap(None, self.size, mmap.PROT_READ | mmap.PROT_WRITE, mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS,
                         -1, 0)
        assert base not in (None, ctypes.c_void_p(-1).value), ctypes.get_errno()
        self.base, self._libc = base, libc
        assert libc.mprotect(base + self.size - page, page, 0) == 0, ctypes.get_errno()     # 0: PROT_NONE
        self.address = base + self.size - page - nbytes

    def __del__(self):
        if self._libc is not None:
            self._libc.munmap(self.base, self.size)


def _guarded_copy(t):
    """A copy of 1-d tensor t whose memory ends at an unreadable page."""
    from runtime._dlpack import _wrap
    buf = _GuardedBuffer(t.nbytes)
    g = _wrap(buf.address, t.nbytes, buf, tuple(t.shape), (1,), t.dtype)
    g.copy_(t)
    return g


STRIDE2 = [("f32 add", "float32", lambda a, b, out=None: rt.add(a, b, out=out)),
           ("f32 add alpha", "float32", lambda a, b, out=None: rt.add(a, b, alpha=-3, out=out)),
           ("f64 mul", "float64", lambda a, b, out=None: rt.mul(a, b, out=out)),
           ("i32 add", "int32", lambda a, b, out=None: rt.add(a, b, out=out)),
           ("i64 mul", "int64", lambda a, b, out=None: rt.mul(a, b, out=out)),
           ("f32 div", "float32", lambda a, b, out=None: rt.div(a, b, out=out)),
           ("c64 mul", "complex64", lambda a, b, out=None: rt.mul(a, b, out=out)),
           ("f64 sub", "float64", lambda a, b, out=None: rt.sub(a, b, out=out))]


@pytest.mark.parametrize("f16c", [1, 0])
@pytest.mark.parametrize("name,dtype,op", STRIDE2, ids=[c[0] for c in STRIDE2])
def test_stride2_inputs_equal_contiguous_ones(tunables, f16c, name, dtype, op):
    """Inputs at stride 2 (a[::2]; kernels.c deinterleaves them a block at a time with vector
    shuffles): the bytes of the same op on contiguous copies, for lengths around the vector
    and block sizes, streamed or not, into outputs at every offset within a 64-byte line, with
    the inputs' last element the last readable one of their memory."""
    saved = _threads._config("f16c", f16c)
    try:
        dt = getattr(rt, dtype)
        for n in (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 33, 63, 64, 65, 130, 600, 2001):
            a = _guarded_copy(data((2 * n - 1,), dt, 1, nonzero=True))
            b = _guarded_copy(data((2 * n,), dt, 2, nonzero=True))[1:]
            x, y = a[::2], b[::2]
            assert x.stride() == y.stride() == (2,) and x.shape == y.shape == (n,)
            want = raw(op(x.contiguous(), y.contiguous()))
            for nt_bytes in (0, 64):
                tunables(dict(PLAIN, nt_bytes=nt_bytes), 1)
                assert raw(op(x, y)) == want, (n, nt_bytes)
                for k in range(1, 64 // dt.itemsize, 3):
                    out = rt.empty(n + k, dtype=dt)[k:]
                    op(x, y, out=out)
                    assert raw(out) == want, (n, nt_bytes, k)
    finally:
        _threads._config("f16c", saved)


def assert_portable_equals_simd(results):
    """results() (a list of bytes) the same with the AVX2/F16C flavours of the kernels and without."""
    saved = _threads._config("f16c")
    try:
        _threads._config("f16c", 1)
        simd = results()
        _threads._config("f16c", 0)
        assert results() == simd
    finally:
        _threads._config("f16c", saved)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("n", [1, 31, 32, 33, 100, 1000])
def test_portable_half_flavour_equals_simd_in_every_layout(dtype, n):
    """The portable flavour of a float16/bfloat16 kernel runs every layout through gathered
    blocks, reading whole contiguous blocks in place and converting a broadcast operand once
    (kernels.c.j2, hstrided): the same bytes as the AVX2/F16C flavour for contiguous, broadcast
    (either operand), strided and in-place runs, whole and partial blocks."""
    dt = getattr(rt, dtype)
    x, y = data((2 * n,), dt, 1), data((2 * n,), dt, 2)
    one = data((1,), dt, 3)

    def results():
        o = x[:n].clone()
        o.add_(y[:n])
        return [raw(v) for v in (x[:n] + y[:n], one.expand(n) - y[:n], x[:n] * one.expand(n), x[::2] + y[1::2],
                                 x[:n] + y[::2], rt.exp(x[:n]), rt.exp(x[::2]), x[:n] == y[:n], 2.5 - x[:n],
                                 x[:n] * 3, o, x[:n].reshape(1, n).expand(3, n) + y[:n].reshape(1, n))]
    assert_portable_equals_simd(results)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_streamed_half_runs_in_parts_equal_the_portable_flavour(tunables, dtype):
    """A contiguous float16/bfloat16 run of the AVX2 flavour goes through its one block body in
    three parts (kernels.c.j2, hblock): a padded head up to the output's first 64-byte line, the
    whole blocks in place (streamed here), a padded tail.  Every output offset within a line and
    lengths around the block size give the portable flavour's bytes."""
    tunables(dict(PLAIN, nt_bytes=64), 1)
    dt = getattr(rt, dtype)
    x, y = data((1200,), dt, 1), data((1200,), dt, 2)

    def results():
        got = []
        for n in (512, 513, 543, 544, 575, 1100):
            for k in range(32):                            # the output starts 2k bytes into a line
                outs = [rt.empty(n + 40, dtype=d)[k:k + n] for d in (dt, dt, dt, rt.bool)]
                rt.add(x[:n], y[k:k + n], out=outs[0])
                rt.mul(x[k:k + n], 2.5, out=outs[1])
                rt.neg(y[:n], out=outs[2])
                rt.eq(x[:n], y[:n], out=outs[3])
                got.append([raw(o) for o in outs])
        return got
    assert_portable_equals_simd(results)


def simd_binary_kernels():
    """(op, dtype) of the binary kernels with an AVX2 flavour beside the baseline one (ops.yaml
    `simd:`) on a dtype computed as stored: their baseline flavour leaves stride-2 and
    constant-stride inputs to its general loop on x86-64 (kernels.c.j2, loop3's `fallback`)."""
    from codegen import model, render
    root = Path(__file__).resolve().parent.parent
    ctx = render.build_context(model.load_model(root / "dtypes.yaml", root / "ops.yaml"))
    return sorted({(k["op"], k["dtype"].name) for k in ctx["kernels"] if k["simd"] and k["arity"] == 2
                   and not k["scalar_b"] and k["dtype"].name in ("float32", "float64", "int32", "int64")
                   and k["op"] in CALLS})


@pytest.mark.parametrize("flavour", [1, 0], ids=["avx2", "baseline"])
@pytest.mark.parametrize("op,dtype", simd_binary_kernels())
def test_binary_kernels_give_the_contiguous_bytes_in_every_layout(op, dtype, flavour):
    name, keywords = CALLS[op]
    fn = functools.reduce(getattr, name.split("."), rt)        # special.xlog1py
    d = getattr(rt, dtype)
    x, y = data((40, 60), d), data((40, 60), d, 1, nonzero=True)
    flat_x, flat_y = x.reshape(2400), y.reshape(2400)
    layouts = {"stride 2": (flat_x[::2], flat_y[::2]), "strides 3 and 5": (flat_x[::3][:400], flat_y[::5][:400]),
               "columns": (x[:, 7], y[:, 3]), "transposed": (x.T, y.T), "stride 2 and contiguous": (flat_x[::2], flat_y[:1200])}
    saved = _threads._config("f16c")
    _threads._config("f16c", flavour)
    try:
        for layout, (a, b) in layouts.items():
            try:
                got = fn(a, b, **keywords)
            except (RuntimeError, TypeError, NotImplementedError):
                return                        # not an op of two tensors of this dtype
            assert raw(got) == raw(fn(a.contiguous(), b.contiguous(), **keywords)), layout
    finally:
        _threads._config("f16c", saved)
