"""The second batch of reductions and the scans (std/var and their _mean, nanmean, logsumexp,
aminmax, norm; cumsum cumprod cummax cummin logcumsumexp) beyond the goldens: accuracy against
exact sums (Python integers, math.fsum, mpmath where installed), the same bits for any thread
count, NaN and tie rules at sizes where the chunked folds and the thread split are used, the
YAML keys they added validated, and (with torch) random calls compared with torch."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

import runtime as rt
from floats import f32, ulp32
from test_reduce import _broken  # noqa: F401 - the broken-YAML helper

EPS64 = 2.0 ** -52


@pytest.fixture
def threads():
    before = rt.get_num_threads()
    yield
    rt.set_num_threads(before)


def _offset_ints(n, seed, scale, offset, bits):
    """n integers k with k / 2**bits = offset + gauss * scale: values exact in float64."""
    R = random.Random(seed)
    return [round((offset + R.gauss(0, 1) * scale) * 2 ** bits) for _ in range(n)]


def _exact_var(ks, bits, correction=1):
    n = len(ks)
    s, s2 = sum(ks), sum(k * k for k in ks)
    return Fraction(s2 * n - s * s, n * (n - correction)) / 2 ** (2 * bits)


# ----------------------------------------------------------------------------- accuracy
def test_var_of_a_large_offset_sample_is_exact_to_a_few_ulps():
    """1M float64 values around 1000 with spread 1 (the sum of squares cancels 12 digits): Welford
    with Chan's merges stays within a few ulps of the exact variance, and var_mean's mean is the
    exact mean rounded."""
    bits = 20
    ks = _offset_ints(1 << 20, 1, 1.0, 1000.0, bits)
    x = rt.tensor([k / 2 ** bits for k in ks], dtype=rt.float64)
    exact = _exact_var(ks, bits)
    got = x.var().item()
    assert abs(Fraction(got) - exact) <= 8 * EPS64 * exact, (got, float(exact))
    v, m = rt.var_mean(x, correction=0)
    assert abs(Fraction(v.item()) - _exact_var(ks, bits, 0)) <= 8 * EPS64 * exact
    assert abs(Fraction(m.item()) - Fraction(sum(ks), len(ks) * 2 ** bits)) <= EPS64 * 1000
    assert math.isclose(x.std().item(), math.sqrt(float(exact)), rel_tol=4 * EPS64)


def test_float32_var_is_rounded_once_from_double():
    """float32 input, double state (as torch's WelfordOps): the result is the exact value rounded."""
    bits = 10
    ks = _offset_ints(1 << 18, 2, 3.0, 100.0, bits)
    x = rt.tensor([k / 2 ** bits for k in ks], dtype=rt.float32)
    exact = float(_exact_var(ks, bits))
    assert abs(x.var().item() - exact) <= ulp32(exact)
    m = x.reshape(512, 512)
    for d in (0, 1):
        rows = [ks[i * 512:(i + 1) * 512] for i in range(512)] if d == 1 else [ks[j::512] for j in range(512)]
        got = m.var(d).tolist()
        for g, r in zip(got, rows):
            e = float(_exact_var(r, bits))
            assert abs(g - e) <= ulp32(e), (d, g, e)


def test_complex_var_is_the_sum_of_the_parts():
    R = random.Random(3)
    re = [R.randint(-1000, 1000) for _ in range(4096)]
    im = [R.randint(-1000, 1000) for _ in range(4096)]
    z = rt.tensor([complex(a, b) for a, b in zip(re, im)], dtype=rt.complex128)
    v = z.var()
    assert v.dtype is rt.float64
    assert math.isclose(v.item(), float(_exact_var(re, 0) + _exact_var(im, 0)), rel_tol=4 * EPS64)


def test_logsumexp_against_mpmath():
    mpmath = pytest.importorskip("mpmath")
    R = random.Random(4)
    xs = [R.uniform(-700, 700) for _ in range(20000)]
    mpmath.mp.dps = 40
    exact = mpmath.log(mpmath.fsum(mpmath.exp(mpmath.mpf(v)) for v in xs))
    got = rt.logsumexp(rt.tensor(xs, dtype=rt.float64), 0).item()
    assert abs(got - float(exact)) <= 2 * math.ulp(float(exact)), (got, exact)
    got32 = rt.logsumexp(rt.tensor(xs, dtype=rt.float32), 0).item()
    exact32 = mpmath.log(mpmath.fsum(mpmath.exp(mpmath.mpf(f32(v))) for v in xs))
    assert abs(got32 - float(exact32)) <= ulp32(float(exact32))


def test_logsumexp_keeps_torch_infinities_and_nan():
    inf, nan = math.inf, math.nan
    f = lambda v: rt.logsumexp(rt.tensor(v), 0).item()     # noqa: E731
    assert f([-inf, -inf]) == -inf and f([inf, 1.0]) == inf and f([inf, -inf]) == inf and f([inf, inf]) == inf
    assert math.isnan(f([nan, inf])) and math.isnan(f([1.0, nan]))
    big = rt.full((100_000,), 3.0)                         # the chunked fold, merged pairwise
    assert math.isclose(big.logsumexp(0).item(), 3 + math.log(100_000), rel_tol=1e-7)


def test_nanmean_and_norm_against_fsum():
    R = random.Random(5)
    xs = [R.gauss(0, 1) * 10 ** R.uniform(-3, 3) for _ in range(200_000)]
    with_nan = [math.nan if i % 7 == 3 else v for i, v in enumerate(xs)]
    kept = [v for v in with_nan if v == v]
    t = rt.tensor(with_nan, dtype=rt.float64)
    assert math.isclose(t.nanmean().item(), math.fsum(kept) / len(kept), rel_tol=8 * EPS64)
    x = rt.tensor(xs, dtype=rt.float64)
    assert math.isclose(rt.norm(x).item(), math.sqrt(math.fsum(v * v for v in xs)), rel_tol=4 * EPS64)
    assert math.isclose(rt.norm(x, 1).item(), math.fsum(abs(v) for v in xs), rel_tol=4 * EPS64)
    assert rt.norm(x, math.inf).item() == max(map(abs, xs)) and rt.norm(x, -math.inf).item() == min(map(abs, xs))
    assert rt.norm(x, 0).item() == sum(1 for v in xs if v)
    assert math.isclose(rt.norm(x, 3).item(), math.fsum(abs(v) ** 3 for v in xs) ** (1 / 3), rel_tol=1e-12)


def test_float32_cumsum_runs_in_double():
    """Every prefix within one float32 ulp of the exact prefix sum (torch's acc type is double too)."""
    R = random.Random(6)
    xs = [f32(R.uniform(0, 1) * 10 ** R.uniform(-4, 4)) for _ in range(100_000)]
    got = rt.tensor(xs, dtype=rt.float32).cumsum(0).tolist()
    exact = 0.0
    partial = []
    for v in xs:
        partial.append(v)
    run = 0
    for i in range(0, len(xs), 997):            # a sample of the prefixes, each exact
        exact = math.fsum(partial[:i + 1])
        assert abs(got[i] - exact) <= ulp32(exact), (i, got[i], exact)
        run += 1
    assert run > 100


def test_integer_scans_are_exact_and_wrap_as_int64():
    ks = [2 ** 62, 2 ** 62, 2 ** 62, 2 ** 62, 5]
    assert rt.tensor(ks).cumsum(0).tolist() == [2 ** 62, -2 ** 63, -2 ** 62, 0, 5]
    assert rt.tensor([3] * 41, dtype=rt.int32).cumprod(0)[-1].item() == (3 ** 41 + 2 ** 63) % 2 ** 64 - 2 ** 63
    assert rt.tensor([True] * 70_000).cumsum(0)[-1].item() == 70_000


# ----------------------------------------------------------------------------- determinism
def test_same_bits_for_any_thread_count(threads):
    R = random.Random(7)
    xs = [R.gauss(0, 1) * 10 ** R.uniform(-4, 4) for _ in range(1 << 20)]
    a = rt.tensor(xs, dtype=rt.float32)
    m = a.reshape(1024, 1024)
    results = []
    for n in (1, 2, 3, 4, 7):
        rt.set_num_threads(n)
        r = [a.var().item(), a.std(correction=0).item(), [t.item() for t in rt.var_mean(a)], a.nanmean().item(),
             a.logsumexp(0).item(), [t.item() for t in a.aminmax()], rt.norm(a).item(), rt.norm(a, 1).item(),
             m.var(0).tolist(), m.var(1).tolist(), m.T.std(0).tolist(), m.logsumexp(1).tolist(),
             m.cumsum(0).tolist(), m.T.cumsum(1).tolist(), m.logcumsumexp(1)[:, -1].tolist(),
             m.cummax(0).indices[-1].tolist(), rt.norm(m, 2, 0).tolist()]
        results.append(r)
    assert all(r == results[0] for r in results[1:])


# ----------------------------------------------------------------------------- NaN and ties
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16"])
def test_scans_and_aminmax_nan_and_tie_rules(dtype):
    dt = getattr(rt, dtype)
    n = 100_000
    vals = [0.0] * n
    vals[777], vals[50_000] = 3.0, 3.0
    vals[60_000] = math.nan
    t = rt.tensor(vals, dtype=dt)
    lo, hi = t.aminmax()
    assert math.isnan(lo.item()) and math.isnan(hi.item())
    v, i = t.cummax(0)
    assert i[777].item() == 777 and i[50_000].item() == 50_000          # ties move on (torch's >=)
    assert math.isnan(v[60_000].item()) and i[-1].item() == 60_000       # a NaN stays, at its index
    v, i = t.cummin(0)
    assert i[776].item() == 776 and i[50_001].item() == 50_001 and math.isnan(v[-1].item())
    r = t.reshape(1000, 100).aminmax(dim=1)
    assert math.isnan(r.min[600].item()) and r.max[7].item() == 3.0 and r.min[7].item() == 0.0


def test_named_tuples_and_out():
    x = rt.tensor([[1.0, 5.0, 2.0], [7.0, 0.0, 7.0]])
    r = rt.aminmax(x, dim=1)
    assert r.min.tolist() == [1.0, 0.0] and r.max.tolist() == [5.0, 7.0]
    assert repr(r).startswith("runtime.return_types.aminmax(\nmin=")
    lo, hi = rt.empty(0), rt.empty(0)
    got = rt.aminmax(x, dim=0, out=(lo, hi))
    assert got.min is lo and got.max is hi and hi.tolist() == [7.0, 5.0, 7.0]
    pair = rt.std_mean(x, 1)
    assert type(pair) is tuple and pair[1].tolist() == [f32(8 / 3), f32(14 / 3)]
    c = x.cummin(1)
    assert c.values.tolist() == [[1.0, 1.0, 1.0], [7.0, 0.0, 0.0]] and c.indices.tolist() == [[0, 0, 0], [0, 1, 1]]
    y = x.clone()
    assert y.cumsum_(1) is y and y.tolist() == [[1.0, 6.0, 8.0], [7.0, 7.0, 14.0]]
    with pytest.raises(RuntimeError, match="^Bad in-place call: input tensor dtype float and output tensor dtype "
                                           "double should match$"):
        y.cumprod_(0, dtype=rt.float64)


# ----------------------------------------------------------------------------- YAML
def test_new_reduce_keys_are_validated(tmp_path):
    assert "needs `join`" in _broken(tmp_path, '    join: "s->sum += o->sum; s->n += o->n;"\n', "")
    assert "finish2 (the second output) is needed" in _broken(tmp_path, "    finish2: s->hi\n", "")
    assert "param must be one of correction" in _broken(tmp_path, "    param: correction\n", "    param: ddof\n")
    assert "promote must be" in _broken(tmp_path, "unsigned], to: default_float}", "unsigned], to: float32}")
    assert "out must be one of" in _broken(tmp_path, "    out: real\n", "    out: imaginary\n")
    assert "second must be one of" in _broken(tmp_path, "    second: input\n", "    second: output\n")
    assert "C statements ending in ';'" in _broken(tmp_path, '    init: "s->m = -INFINITY;"', '    init: "s->m = 0"')


# ----------------------------------------------------------------------------- torch
@pytest.mark.torch
def test_var_and_logsumexp_at_least_as_accurate_as_torch():
    torch = pytest.importorskip("torch")
    bits = 20
    ks = _offset_ints(1 << 20, 8, 1.0, 1e4, bits)
    xs = [k / 2 ** bits for k in ks]
    exact = _exact_var(ks, bits)
    for dtype in ("float64", "float32"):
        ours = getattr(rt.tensor(xs, dtype=getattr(rt, dtype)), "var")().item()
        theirs = torch.tensor(xs, dtype=getattr(torch, dtype)).var().item()
        tol = math.ulp(float(exact)) if dtype == "float64" else ulp32(float(exact))
        assert abs(Fraction(ours) - exact) <= abs(Fraction(theirs) - exact) + tol, (dtype, ours, theirs)


@pytest.mark.torch
def test_random_calls_match_torch():
    torch = pytest.importorskip("torch")
    R = random.Random(9)
    names = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
             "complex64", "complex128"]
    ops = ["var", "std", "nanmean", "logsumexp", "aminmax", "cumsum", "cumprod", "cummax", "cummin",
           "logcumsumexp", "norm"]
    for _ in range(300):
        name = R.choice(names)
        shape = [R.randint(0, 5) for _ in range(R.randint(0, 3))]
        vals = [R.randint(-4, 4) for _ in range(math.prod(shape))]
        tt = torch.tensor(vals).reshape(shape).to(getattr(torch, name))
        rr = rt.tensor(vals).reshape(shape).to(getattr(rt, name))
        if len(shape) >= 2 and R.random() < 0.5:
            tt, rr = tt.transpose(0, 1), rr.transpose(0, 1)
        op = R.choice(ops)
        args, kwargs = [], {}
        dim = R.randint(-len(shape), len(shape) - 1) if shape else 0
        if op in ("logsumexp", "cumsum", "cumprod", "cummax", "cummin", "logcumsumexp"):
            args.append(dim)
        elif op == "aminmax" and R.random() < 0.6:
            kwargs["dim"] = dim
        elif op in ("var", "std", "nanmean") and R.random() < 0.6:
            args.append(dim)
        if op in ("var", "std", "logsumexp", "aminmax", "nanmean") and R.random() < 0.4:
            kwargs["keepdim"] = True
        outcome = []
        for x in (tt, rr):
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
                return (math.isnan(u) and math.isnan(v)) or u == v or abs(u - v) <= 1e-2 * max(1, abs(u))
            if isinstance(u, complex) and isinstance(v, complex):
                return same(u.real, v.real) and same(u.imag, v.imag)
            if isinstance(u, (list, tuple)):
                return len(u) == len(v) and all(same(p, q) for p, q in zip(u, v))
            return u == v
        assert same(a, b), (op, name, shape, args, kwargs, a, b)


def test_float8_is_refused_as_torch_refuses_it():
    """torch 2.13 runs none of these on float8 (texts recorded from it): the kernel it names, or
    std_var_all's own check for a full var."""
    x = rt.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).to(rt.float8_e4m3fn)
    expect = {
        "var()": (RuntimeError, "std_var_all: Unsupported dtype Float8_e4m3fn"),
        "var(0)": (NotImplementedError, '"std_cpu" not implemented for \'Float8_e4m3fn\''),
        "nanmean()": (NotImplementedError, '"nansum_cpu" not implemented for \'Float8_e4m3fn\''),
        "logsumexp(0)": (NotImplementedError, '"max_values_cpu" not implemented for \'Float8_e4m3fn\''),
        "aminmax(dim=0)": (NotImplementedError, '"aminmax_cpu" not implemented for \'Float8_e4m3fn\''),
        "cumsum(0)": (NotImplementedError, '"cumsum_out_cpu" not implemented for \'Float8_e4m3fn\''),
        "cummax(0)": (NotImplementedError, '"cummax_cpu" not implemented for \'Float8_e4m3fn\''),
        "logcumsumexp(0)": (NotImplementedError, '"logcumsumexp_out_cpu" not implemented for \'Float8_e4m3fn\''),
        "norm(3)": (NotImplementedError, '"norm_cpu" not implemented for \'Float8_e4m3fn\''),
    }
    for call, (error, message) in expect.items():
        with pytest.raises(error) as e:
            eval("x." + call, {"x": x})
        assert str(e.value) == message, call


def test_degrees_of_freedom_warning_as_torch():
    with pytest.warns(UserWarning, match=r"^std\(\): degrees of freedom is <= 0\. Correction should be strictly less"):
        assert math.isnan(rt.std(rt.ones(1)).item())
    with pytest.warns(UserWarning, match=r"^var_mean\(\): degrees of freedom"):
        rt.var_mean(rt.ones(2, 3), 0, correction=2)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rt.var(rt.ones(2, 3), 1)
