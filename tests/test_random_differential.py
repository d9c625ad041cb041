"""Random differential testing against torch (runs when torch is installed): random ops,
shapes, strides (slices with steps, transposes, broadcasts), dtypes, Python scalars and
out= tensors; the result dtype, shape, values (NaN-aware) and exception class must agree."""
import math
import random

import pytest

import runtime as rt
from generated.ops import FUNCTIONS

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.torch

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
# functions whose values are exactly rounded in both libraries (transcendental ones differ by ulps)
EXACT = ["add", "sub", "mul", "div", "floor_divide", "remainder", "fmod", "eq", "ne", "lt", "le", "gt", "ge",
         "maximum", "minimum", "fmax", "fmin", "bitwise_and", "bitwise_or", "bitwise_xor", "logical_and",
         "logical_or", "logical_xor", "neg", "abs", "sgn", "sign", "floor", "ceil", "round", "trunc", "frac",
         "isnan", "isinf", "isfinite", "signbit", "logical_not", "bitwise_not", "square", "where", "clamp",
         "copysign", "heaviside", "gcd", "lcm", "nan_to_num", "positive", "reciprocal", "sqrt"]
SEEDS = range(int(__import__("os").environ.get("EW_RANDOM_CASES", "1000")))


def _values(n, dtype, rnd):
    pool = [0, 1, -1, 2, 3, -7, 0.5, -2.5, 100, float("inf"), float("-inf"), float("nan"), -0.0, 1e-3]
    vals = [rnd.choice(pool) for _ in range(n)]
    if dtype == "bool":
        return [bool(v == v and v) for v in vals]
    if dtype in ("uint8", "int8", "int16", "int32", "int64"):
        return [int(v) if math.isfinite(v) and (dtype != "uint8" or v >= 0) else 3 for v in vals]
    if dtype.startswith("complex"):
        return [complex(v, rnd.choice(pool)) for v in vals]
    return vals


def _operand(rnd, shape):
    """(torch tensor, runtime tensor) with a random dtype and layout, or a Python scalar."""
    if rnd.random() < 0.15:
        v = rnd.choice([2, -3, 2.5, True, 1 + 2j, 0.5])
        return v, v
    dtype = rnd.choice(DTYPES)
    layout = rnd.choice(["plain", "T", "step", "bcast", "zerodim"])
    if layout == "zerodim":
        vals = _values(1, dtype, rnd)
        return torch.tensor(vals[0], dtype=getattr(torch, dtype)), rt.tensor(vals[0], dtype=getattr(rt, dtype))
    if layout == "T" and len(shape) == 2:
        base = (shape[1], shape[0])
    elif layout == "step":
        base = shape[:-1] + (shape[-1] * 2,)
    elif layout == "bcast":
        base = shape[:-1] + (1,)
    else:
        base = shape
    n = math.prod(base)
    vals = _values(n, dtype, rnd)
    t = torch.tensor(vals, dtype=getattr(torch, dtype)).reshape(base)
    r = rt.tensor(vals, dtype=getattr(rt, dtype)).reshape(base)
    if layout == "T" and len(shape) == 2:
        t, r = t.T, r.T
    elif layout == "step":
        t, r = t[..., ::2], r[..., ::2]
    return t, r


def _same(a, b):
    if isinstance(a, complex) or isinstance(b, complex):
        return _same(complex(a).real, complex(b).real) and _same(complex(a).imag, complex(b).imag)
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


def _outcome(fn):
    try:
        r = fn()
    except Exception as e:  # noqa: BLE001 - the class is what we compare
        return ("error", type(e).__name__)
    return ("ok", r)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_calls_agree_with_torch(seed):
    rnd = random.Random(seed)
    name = rnd.choice([n for n in EXACT if n in FUNCTIONS])
    shape = tuple(rnd.randint(1, 4) for _ in range(rnd.randint(1, 3)))
    arity = {"where": 3, "clamp": 3}.get(name, 1 if name in ("neg", "abs", "sgn", "sign", "floor", "ceil", "round",
                                                              "trunc", "frac", "isnan", "isinf", "isfinite",
                                                              "signbit", "logical_not", "bitwise_not", "square",
                                                              "nan_to_num", "positive", "reciprocal", "sqrt") else 2)
    ops = [_operand(rnd, shape) for _ in range(arity)]
    if name == "where":
        cond = [rnd.random() < 0.5 for _ in range(math.prod(shape))]
        ops[0] = (torch.tensor(cond).reshape(shape), rt.tensor(cond).reshape(shape))
    out_dtype = rnd.choice(DTYPES) if rnd.random() < 0.2 else None
    kw_t = {"out": torch.empty(shape, dtype=getattr(torch, out_dtype))} if out_dtype else {}
    kw_r = {"out": rt.empty(*shape, dtype=getattr(rt, out_dtype))} if out_dtype else {}
    if name in ("isnan", "isinf", "isfinite", "positive"):
        kw_t, kw_r = {}, {}
    if name == "sgn" and any(isinstance(o[1], rt.Tensor) and o[1].dtype.is_complex for o in ops):
        return      # torch's complex sgn differs between its scalar and vector loops; we follow the vector one
    t = _outcome(lambda: getattr(torch, name)(*[o[0] for o in ops], **kw_t))
    r = _outcome(lambda: FUNCTIONS[name](*[o[1] for o in ops], **kw_r))
    call = f"{name}{tuple(type(o[1]).__name__ if not isinstance(o[1], rt.Tensor) else (o[1].dtype.name, o[1].shape, o[1].stride()) for o in ops)} out={out_dtype}"
    assert t[0] == r[0], (call, t, r)
    if t[0] == "error":
        assert t[1] == r[1], (call, t, r)
        return
    tt, rr = t[1], r[1]
    assert str(tt.dtype).replace("torch.", "") == rr.dtype.name, call
    assert tuple(tt.shape) == tuple(rr.shape), call
    tv = tt.reshape(-1).tolist() if tt.dim() else [tt.item()]
    rv = rr.reshape(-1).tolist() if rr.ndim else [rr.item()]
    bad = [(i, a, b) for i, (a, b) in enumerate(zip(tv, rv)) if not _same(a, b)]
    assert not bad, (call, bad[:5])
