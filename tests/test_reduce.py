"""Reductions beyond the goldens (tests/test_golden_values.py replays golden_reductions):
accuracy against an exact sum (math.fsum), integer wrap-around, the same bits for any thread
count, NaN and tie rules at sizes where the vectorised lanes and the thread blocks are used,
the YAML's reduce section validated, and (with torch) random calls compared with torch."""
from __future__ import annotations

import math
import random
import warnings

import pytest

import runtime as rt
from codegen.model import ModelError, load_model
from floats import f32, ulp32

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _mixed(n, seed):
    """n doubles of mixed sign and magnitudes spread over 16 decades (heavy cancellation)."""
    R = random.Random(seed)
    return [R.gauss(0, 1) * 10 ** R.uniform(-8, 8) for _ in range(n)]


def _ulp(x, bits):
    return ulp32(x) if bits == 32 else math.ulp(x)


@pytest.fixture
def threads():
    before = rt.get_num_threads()
    yield
    rt.set_num_threads(before)


# ----------------------------------------------------------------------------- accuracy
def test_float64_sum_is_pairwise_accurate():
    """Error within a few roundings of the exact sum of 1M mixed-magnitude values, far inside
    the n * eps * sum|x| of a plain loop (and torch's cascade, see the torch test below)."""
    xs = _mixed(1 << 20, 1)
    exact = math.fsum(xs)
    got = rt.tensor(xs, dtype=rt.float64).sum().item()
    scale = math.fsum(abs(x) for x in xs)
    assert abs(got - exact) <= 40 * 2 ** -53 * scale, (got, exact)


def test_float32_sum_accumulates_in_double():
    """float32 sums are carried in double, so the result is the exact sum rounded once
    (within one float32 ulp) even with cancellation; torch's float32 cascade is not."""
    xs = [f32(x) for x in _mixed(1 << 20, 2)]
    exact = math.fsum(xs)
    got = rt.tensor(xs, dtype=rt.float32).sum().item()
    assert abs(got - exact) <= _ulp(exact, 32), (got, exact)
    # along a dim too (each row its own sum; the row walk for dim 0)
    m = rt.tensor(xs[:512 * 1024], dtype=rt.float32).reshape(512, 1024)
    for d in (0, 1):
        sums = m.sum(d).tolist()
        rows = [xs[i * 1024:(i + 1) * 1024] for i in range(512)] if d == 1 else \
            [xs[j:512 * 1024:1024] for j in range(1024)]
        for s, r in zip(sums, rows):
            e = math.fsum(r)
            assert abs(s - e) <= _ulp(e, 32), (d, s, e)


def test_half_sums_accumulate_in_float32():
    """4096 float16 ones: an accumulator in float16 would stop at 2048."""
    assert rt.ones(4096, dtype=rt.float16).sum().item() == 4096
    assert rt.ones(4096, dtype=rt.bfloat16).sum(0).item() == 4096
    assert rt.ones(64, 4096, dtype=rt.float16).sum(1).tolist() == [4096.0] * 64


def test_integer_sums_are_exact_and_wrap_as_int64():
    big = 2 ** 62
    assert rt.tensor([big, big, big, big], dtype=rt.int64).sum().item() == 0      # 2**64 wraps to 0
    assert rt.tensor([2 ** 31 - 1] * 5, dtype=rt.int32).sum().item() == 5 * (2 ** 31 - 1)
    xs = [random.Random(3).randint(-2 ** 31, 2 ** 31 - 1) for _ in range(100_000)]
    t = rt.tensor(xs, dtype=rt.int32)
    assert t.sum().dtype is rt.int64 and t.sum().item() == sum(xs)
    assert rt.tensor([255] * 1000, dtype=rt.uint8).sum().item() == 255_000
    assert rt.tensor([True] * 70_000).sum().item() == 70_000


# ----------------------------------------------------------------------------- determinism
def test_same_bits_for_any_thread_count(threads):
    xs = _mixed(1 << 21, 4)
    a = rt.tensor(xs, dtype=rt.float32)
    m = a.reshape(1024, 2048)
    results = []
    for n in (1, 2, 3, 4, 7):
        rt.set_num_threads(n)
        r = [a.sum().item(), a.mean().item(), m.sum(0).tolist(), m.sum(1).tolist(), m.T.sum(0).tolist(),
             a.to(rt.float64).sum().item(), a.argmax().item(), m.amax(0).tolist(), m.max(1).indices.tolist()]
        results.append(r)
    assert all(r == results[0] for r in results[1:])


# ----------------------------------------------------------------------------- NaN and ties
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16"])
def test_nan_propagates_and_ties_take_the_first_index(dtype):
    dt = getattr(rt, dtype)
    n = 100_000                 # the lanes of the contiguous loop and several thread blocks
    vals = [0.0] * n
    vals[777], vals[50_000] = 3.0, 3.0          # a tie: the first index wins
    t = rt.tensor(vals, dtype=dt)
    assert t.argmax().item() == 777 and t.max(0).indices.item() == 777
    assert t.argmin().item() == 0
    vals[60_000] = float("nan")
    vals[90_000] = float("nan")
    t = rt.tensor(vals, dtype=dt)
    assert math.isnan(t.amax().item()) and math.isnan(t.max().item()) and math.isnan(t.amin().item())
    assert t.argmax().item() == 60_000 and t.argmin().item() == 60_000
    m = t.reshape(1000, 100)
    r = m.max(1)
    assert math.isnan(r.values[600].item()) and r.indices[600].item() == 0
    assert m.argmax(0)[0].item() == 600          # the row walk: first NaN down column 0


# ----------------------------------------------------------------------------- shared exact folds
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
                                   "float16", "bfloat16", "complex32"])
def test_nonzero_folds_of_every_dtype(dtype):
    """any, all and count_nonzero of the dtypes that share another dtype's fold (codegen/reduce.py,
    _share_exact_folds: unsigned integers take the signed ones', float16, bfloat16 and complex32
    decode chunks for float32's and complex64's): the one nonzero (or zero) element found wherever
    it sits, before, across and after the 4096-element chunks, contiguous and strided; for the
    floating types a NaN counts and -0.0 does not."""
    dt = getattr(rt, dtype)
    n = 3 * 4096 + 77
    # a value whose low byte is zero: a loop that read the wrong width would miss it
    bits = {"int8": 8, "uint8": 8, "int16": 16, "uint16": 16, "int32": 32, "uint32": 32, "int64": 64, "uint64": 64}
    one = 1j if dtype == "complex32" else 1 << (bits[dtype] - 2) if dtype in bits else 1
    for at in (0, 4095, 4096, 8200, n - 1):
        t = rt.zeros(n, dtype=dt)
        t[at] = one
        assert t.any().item() and not t.all().item() and t.count_nonzero(0).item() == 1, at
        assert t[1:].any().item() == (at != 0) and t[1:].count_nonzero(0).item() == (at != 0)
        assert t[::3].any().item() == (at % 3 == 0) and t[::3].count_nonzero(0).item() == (at % 3 == 0), at
        u = rt.ones(n, dtype=dt)
        u[at] = 0
        assert u.any().item() and not u.all().item() and u.count_nonzero(0).item() == n - 1, at
        assert u[1:].all().item() == (at == 0) and u[::2].all().item() == (at % 2 == 1), at
        m = u.reshape(-1, 1)                   # one element per row: the row walk
        assert m.count_nonzero(1).tolist() == [int(i != at) for i in range(n)]
    if dtype in ("float16", "bfloat16", "complex32"):
        t = rt.zeros(n, dtype=dt)
        t[5000] = -0.0
        assert not t.any().item() and t.count_nonzero().item() == 0
        t[9000] = float("nan")
        assert t.any().item() and t.count_nonzero().item() == 1 and t.count_nonzero(0).item() == 1


def test_reductions_with_the_same_fold_share_its_code():
    """A kernel whose fold is another's (std's is var's, max_all's amax's, mean's sum's,
    count_nonzero_all's count_nonzero's) is that fold with a finish of its own, in that reduction's
    shard: no shard of its own, and the values of its own finish."""
    from codegen.render import render
    files = render(load_model(ROOT / "dtypes.yaml", ROOT / "ops.yaml"))
    for op in ("max_all", "min_all", "count_nonzero_all", "std", "var_mean", "std_mean", "mean"):
        assert f"k_reduce_{op}.c" not in files, op
    assert "r_var_float32_float32_run, r_var_float32_float32_rows" in files["k_reduce_var.c"].split(
        "const ew_reducer r_std_float32_float32 =")[1].split("\n")[0]
    for dt in (rt.int8, rt.uint8, rt.float16, rt.float32, rt.float64):
        t = rt.tensor([3, 1, 7, 0, 2] * 5000, dtype=dt)
        assert t.max().item() == t.amax().item() == 7 and t.min().item() == t.amin().item() == 0
        assert t.count_nonzero().item() == t.count_nonzero(0).item() == 20000
        if dt.is_floating_point:
            v, m = t.var(), t.mean()
            assert abs(m.item() - 2.6) < 1e-2 and abs(v.item() - 5.84) < 1e-2
            assert rt.var_mean(t)[0].item() == v.item() and rt.std_mean(t)[1].item() == rt.var_mean(t)[1].item()
            assert abs(t.std().item() - math.sqrt(5.84)) < 1e-2


def _bits(t):
    """A tensor's values as raw bytes (NaN payloads and the sign of zero included)."""
    return bytes(t.reshape(-1).view(rt.uint8).tolist())


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64", "bool"])
def test_avx2_blocks_give_the_portable_bits(dtype):
    """The hand-written AVX2 lane loops (ops.yaml `block:`, csrc/reduce_simd.h) and the chunk folds
    (`chunk:`, csrc/reduce_chunk.h) against the portable fold, bit for bit: NaNs with different payloads, signed zeros, ties, a best value
    that comes late, lengths around the lane and run sizes, rows (dim=1) and the row walk (dim=0)."""
    from runtime import _threads
    R = random.Random(11)
    n = 5000 * 7 + 13
    if dtype == "bool":
        xs = [R.random() < 0.999 for _ in range(n)]
    elif dtype.startswith("int"):
        xs = [R.randint(-50, 50) for _ in range(n)]
    else:
        xs = [R.choice([0.0, -0.0, 1.5, -2.25, R.gauss(0, 1)]) for _ in range(n)]
    t = rt.tensor(xs, dtype=getattr(rt, dtype))
    cases = [t, t[:65], t[:2049], t[3:4100]]
    if dtype.startswith("float"):
        k = t.clone()
        bits = rt.int32 if dtype == "float32" else rt.int64
        payload = k.view(bits)
        for i, p in ((4000, 1), (9000, 2), (30000, 3)):      # three different NaNs
            k[i] = float("nan")
            payload[i] = payload[i] | p
        cases += [k, k[4001:], k[:4000]]
    ops = ["sum", "amax", "amin"] if dtype != "bool" else ["all", "any", "sum"]
    if dtype.startswith("float"):
        ops += ["mean", "argmax", "argmin", "max", "min", "aminmax", "nansum", "prod", "var", "std", "norm",
                "logsumexp"]
    additive = ("sum", "mean", "prod", "var", "std", "norm", "logsumexp")     # NaN + NaN: see below

    def call(x, op, *dim):
        if op == "aminmax" and dim:
            return x.aminmax(dim=dim[0])
        if op == "logsumexp":
            return x.logsumexp(dim[0] if dim else tuple(range(x.ndim)))
        return getattr(x, op)(*dim)

    def bits(r):
        return b"".join(map(_bits, r)) if isinstance(r, tuple) else _bits(r)
    results = []
    saved = _threads._config("f16c")
    try:
        for flavour in (0, saved):
            _threads._config("f16c", flavour)
            r = []
            for c in cases:
                m = c[:c.numel() // 50 * 50].reshape(-1, 50)
                w = c[:c.numel() // 1000 * 1000].reshape(-1, 1000)     # rows long enough for `chunk:` folds
                for op in ops:
                    if op in additive and c.dtype.is_floating_point and bool(c.isnan().any()):
                        continue     # NaN + NaN: which payload is up to the compiler's operand order
                    r += [bits(call(c, op)), bits(call(m, op, 1)), bits(call(m, op, 0))]
                    if w.numel():
                        r += [bits(call(w, op, 1))]
            results.append(r)
    finally:
        _threads._config("f16c", saved)
    assert results[0] == results[1]


def test_return_type_and_out_tuple():
    x = rt.tensor([[1.0, 5.0, 5.0], [7.0, 2.0, 7.0]])
    r = rt.max(x, 1, keepdim=True)
    assert r.values.tolist() == [[5.0], [7.0]] and r.indices.tolist() == [[1], [0]]
    v, i = rt.min(x, dim=0)
    assert v.tolist() == [1.0, 2.0, 5.0] and i.tolist() == [0, 1, 0]
    ov, oi = rt.empty(0), rt.empty(0, dtype=rt.int64)
    got = rt.max(x, 1, out=(ov, oi))
    assert got.values is ov and got.indices is oi and oi.tolist() == [1, 0]
    with pytest.raises(RuntimeError, match="^Expected out tensor to have dtype float, but got double instead$"):
        rt.max(x, 0, out=(rt.empty(0, dtype=rt.float64), rt.empty(0, dtype=rt.int64)))
    with pytest.raises(RuntimeError, match="^Expected out tensor to have dtype long int, but got int instead$"):
        rt.min(x, 0, out=(rt.empty(0), rt.empty(0, dtype=rt.int32)))
    assert rt.max(x, rt.zeros(3)).tolist() == [[1.0, 5.0, 5.0], [7.0, 2.0, 7.0]]     # the binary overload
    assert repr(r).startswith("runtime.return_types.max(\nvalues=")


# ----------------------------------------------------------------------------- YAML
def _broken(tmp_path, old, new):
    text = (ROOT / "ops.yaml").read_text()
    assert old in text
    p = tmp_path / "ops.yaml"
    p.write_text(text.replace(old, new, 1))
    with pytest.raises(ModelError) as e:
        load_model(ROOT / "dtypes.yaml", p)
    return str(e.value)


def test_reduce_yaml_is_validated(tmp_path):
    assert "unknown reduce config 'summ'" in _broken(tmp_path, "  sum:\n    config: sum\n", "  sum:\n    config: summ\n")
    assert "unknown dtype or dtype group 'float33'" in _broken(
        tmp_path, "  mean:\n    config: mean\n", "  mean:\n    config: mean\n    dtype_kernels: [float33]\n")
    assert "out must be one of" in _broken(tmp_path, "    out: same\n", "    out: sometimes\n")


# ----------------------------------------------------------------------------- torch
@pytest.mark.torch
def test_float_sums_at_least_as_accurate_as_torch():
    torch = pytest.importorskip("torch")
    for dtype, bits in (("float32", 32), ("float64", 64)):
        for seed in range(3):
            xs = _mixed(1 << 20, 10 + seed)
            if bits == 32:
                xs = [f32(x) for x in xs]
            exact = math.fsum(xs)
            ours = rt.tensor(xs, dtype=getattr(rt, dtype)).sum().item()
            theirs = torch.tensor(xs, dtype=getattr(torch, dtype)).sum().item()
            assert abs(ours - exact) <= abs(theirs - exact) + _ulp(exact, bits), (dtype, ours, theirs, exact)


@pytest.mark.torch
def test_random_calls_match_torch():
    torch = pytest.importorskip("torch")
    R = random.Random(7)
    names = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
             "complex64", "complex128"]
    for _ in range(300):
        name = R.choice(names)
        shape = [R.randint(0, 5) for _ in range(R.randint(0, 3))]
        vals = [R.randint(-4, 4) for _ in range(math.prod(shape))]
        tt = torch.tensor(vals).reshape(shape).to(getattr(torch, name))
        rr = rt.tensor(vals).reshape(shape).to(getattr(rt, name))
        if len(shape) >= 2 and R.random() < 0.5:
            tt, rr = tt.transpose(0, 1), rr.transpose(0, 1)
        op = R.choice(["sum", "mean", "prod", "amax", "amin", "all", "any", "max", "min", "argmax", "argmin", "nansum",
                       "count_nonzero"])
        args = []
        kwargs = {}
        if shape and R.random() < 0.7:
            args.append(R.randint(-len(shape), len(shape) - 1))
            if R.random() < 0.5:
                kwargs["keepdim"] = True
        outcome = []
        for lib, x in ((torch, tt), (rt, rr)):
            try:
                r = getattr(x, op)(*args, **kwargs)
                if isinstance(r, tuple):
                    outcome.append((str(r[0].dtype).split(".")[-1], list(r[0].shape), r[0].tolist(), r[1].tolist()))
                else:
                    outcome.append((str(r.dtype).split(".")[-1], list(r.shape), r.tolist()))
            except Exception as e:  # noqa: BLE001 - an exception is an outcome
                outcome.append((type(e).__name__, str(e).replace("torch.", "runtime.")))
        a, b = outcome

        def same(u, v):
            if isinstance(u, float) and isinstance(v, float):
                return (math.isnan(u) and math.isnan(v)) or abs(u - v) <= 1e-3 * max(1, abs(u))
            if isinstance(u, complex):
                return same(u.real, v.real) and same(u.imag, v.imag)
            if isinstance(u, (list, tuple)):
                return len(u) == len(v) and all(same(p, q) for p, q in zip(u, v))
            return u == v
        assert same(a, b), (op, name, shape, args, kwargs, a, b)


def test_call_without_arguments_takes_the_general_paths_results():
    """x.sum() and rt.sum(x) skip the argument parser once a plan is cached (runtime/_reduce.py
    `fast`): the same dtype, shape and bits as the general path (a dim= call over everything),
    and the general path's errors where there is no plan or the input does not fit it."""
    everything = (0, 1)
    for x in (rt.tensor([[-0.0]]), rt.tensor([[1.5, -2.25, 3.0], [0.5, 7.0, -1.0]])):   # (one element: the kernel too)
        for op in ("sum", "mean", "amax", "amin", "nansum", "prod", "var", "std", "all", "any", "count_nonzero"):
            with warnings.catch_warnings(record=True) as caught:       # (var of one element warns)
                warnings.simplefilter("always")
                want = getattr(x, op)(everything) if op not in ("all", "any", "prod") else getattr(x.reshape(-1), op)(0)
                for got in (getattr(x, op)(), getattr(x, op)(), getattr(rt, op)(x)):
                    assert got.dtype == want.dtype and got.shape == () and _bits(got) == _bits(want), op
            assert len(caught) == (4 if op in ("var", "std") and x.numel() == 1 else 0), op
    assert x.max().item() == 7.0 and x.argmax().item() == 4 and x.argmin().item() == 1
    assert x.T.sum().item() == x.sum().item()                  # not contiguous: the general path
    assert rt.tensor([3], dtype=rt.int32).sum().dtype == rt.int64
    with pytest.raises(RuntimeError, match="mean\\(\\): could not infer output dtype"):
        rt.tensor([1, 2], dtype=rt.int8).mean()
    with pytest.raises(TypeError, match="missing 1 required positional arguments"):
        x.logsumexp()
    with pytest.raises(RuntimeError, match="Expected reduction dim to be specified"):
        rt.tensor([]).amax()


class _Int(int):
    """An int the fast path does not take (it wants exactly int), as torch's parser does."""


DIM_OPS = ("sum", "prod", "mean", "amax", "amin", "all", "any", "argmax", "argmin", "nansum", "count_nonzero",
           "var", "std", "nanmean", "logsumexp")


@pytest.mark.parametrize("shape", [(3, 4, 5), (3, 1, 5), (1, 1, 1)])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "bool", "float16", "complex64"])
def test_one_dim_call_takes_the_general_paths_results(dtype, shape):
    """x.sum(1), rt.amax(x, -1, True) skip the argument parser once a layout is cached (runtime/_reduce.py
    `fast_dim`): the same outcome (dtype, shape, strides and bits, or the error) as the general path,
    reached here by a dim of an int subclass."""
    R = random.Random(3)
    x = (rt.tensor([R.gauss(0, 3) for _ in range(math.prod(shape))]) * 4).to(getattr(rt, dtype)).reshape(shape)
    x.view(-1)[0] = -0.0 if dtype != "bool" else 0      # (a one-element sum of -0.0 is -0.0 or +0.0: as torch's)
    for op in DIM_OPS:
        for d in (-3, -1, 0, 1, 2):
            for args, kwargs in (((d,), {}), ((d, True), {}), ((d,), {"keepdim": True}), ((d, False), {})):
                def outcome(call):
                    try:
                        r = call()
                    except (RuntimeError, TypeError, NotImplementedError) as e:
                        return type(e), str(e).split(" - got")[0]
                    return r.dtype, r.shape, r.stride(), _bits(r)
                general_args = (_Int(d),) + args[1:]
                want = outcome(lambda: getattr(x, op)(*general_args, **kwargs))
                for _ in range(2):       # the second call takes the cached layout
                    assert outcome(lambda: getattr(x, op)(*args, **kwargs)) == want, (op, args, kwargs)
                    assert outcome(lambda: getattr(rt, op)(x, *args, **kwargs)) == want, (op, args, kwargs)
    # a positional second argument that is not keepdim, a keyword the op lacks: the general path
    assert x.float().var(0, False).shape == shape[1:] and x.float().var(0, True).shape == shape[1:]   # unbiased
    with pytest.raises(TypeError):
        x.count_nonzero(1, keepdim=True)
    assert x.T.sum(0).tolist() == x.sum(2).T.tolist() if dtype != "bool" else True   # not contiguous


def test_same_bits_for_any_thread_count_odd_block_count(threads):
    """A full reduction of an odd number of blocks, the last one partial: threads claim several
    consecutive blocks at a time (csrc/reduce.c), and the partials are the same whoever folds them."""
    n = 37 * 32768 + 1001
    a = rt.tensor(_mixed(n, 5), dtype=rt.float32)
    results = []
    for k in (1, 2, 3, 5):
        rt.set_num_threads(k)
        results.append([_bits(a.sum()), _bits(a.mean()), _bits(a.amax()), a.argmax().item(),
                        _bits(a.to(rt.float64).sum()), _bits(a.norm()), _bits(a.nansum())])
    assert all(r == results[0] for r in results[1:])
