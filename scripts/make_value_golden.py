"""Generate tests/data/values_golden.json.gz: bit-exact value goldens from torch (the oracle).

    python scripts/make_value_golden.py          # needs torch 2.13 (CPU); deterministic

tests/test_values.py replays every case through the runtime, without torch.

What is covered
---------------
Ops: add, sub, rsub, mul, div (rounding_mode None / 'trunc' / 'floor'), true_divide,
floor_divide, eq, ne, lt, le, gt, ge, neg, abs, reciprocal, on every dtype torch supports
for them (support is probed with torch: an (op, dtype) pair for which torch raises on a
harmless input is skipped in the same-dtype families).  Families (the `family` field):

  tt        tensor op tensor, same dtype, all pairs of the dtype's edge set (0, -0.0, +-inf,
            nan, +-1, 2, 0.5, 1.5, 2.5, -7, 7, largest finite, smallest normal and
            subnormal, integer min/max, random values)
  ts        tensor op Python scalar (int, float, bool, complex), function form
  st        Python scalar op tensor, function form (torch raises TypeError where its
            signature has no Number in that position: the exception is the outcome)
  operator  Python operators (t + u, s - t, t / s, s // t, -t, abs(t), s < t, ...)
  method    t.op(u)
  inplace   t.op_(u), t += u, ... (including the can't-cast errors)
  alpha     add/sub/rsub with alpha (int alpha for ints, float/int for floats, complex for
            complex; the invalid kinds record torch's alpha errors)
  mixed     tensor op tensor of two dtypes, both orders (int32+float32, uint8+int8,
            int64+float16, bool+int64, ...)
  zerodim   1-d tensor op 0-dim tensor of another dtype, both orders
  out       out= of another dtype (and the can't-cast errors)
  unary     neg, abs, reciprocal
  layout    transposed, strided and broadcast operands (path-independent dtypes only)
  quirks    float16/bfloat16 with Python float scalars (see below)
  reduced_div  float16/bfloat16 trunc/floor division on pairs where torch's tensor-tensor
            result differs from a float32 computation rounded once (and some where not)
  zerodiv   integer division by zero (function, Python scalar 0 / False, //, in-place)
  ours      NOT torch: INT_MIN / -1 with rounding_mode='trunc' (see below)

Exceptions are outcomes too: {"error": [type name, message]} (e.g. integer division by
zero is RuntimeError('ZeroDivisionError')).  Integer-division cases are split so that the
pairs with a zero divisor form their own error case and the other pairs keep their values.
Error cases are shrunk to their first two elements when that gives the same error.

Choices forced by torch's CPU kernels
-------------------------------------
* Vectorised path.  torch's cpu_kernel_vec runs the SIMD lambda over whole chunks of
  2 * Vec::size() elements and the scalar lambda over the tail (and over any strided
  operand).  The two are compiled differently and do not always agree: the scalar
  c10::complex multiply is contracted into FMAs by the compiler (complex64 mul and add with
  a complex alpha, complex128 mul by a scalar), complex64 division differs in the last
  bit, float16/bfloat16 add/sub with alpha != 1 differ (alpha is alpha.to<Half>() in both;
  the vector path computes round(fma(alpha, b, a)) in float, the scalar path
  round(a + round(alpha * b))), and Vectorized<complex>::neg computes 0 - x (so neg(0j)
  is +0.0 on the vector path, -0.0 on the scalar path).  Our
  library follows the vectorised path.  So every case with 1-d operands is evaluated on
  operands tiled (cyclically repeated) to a multiple of 64 elements, and only the first N
  results are kept; all of them then lie in the vectorised part (64 is a multiple of
  2 * Vec::size() for every dtype with AVX2 and AVX512).  The same case is also evaluated
  "small": its operands cut into chunks of CHUNK = 3 elements, each chunk a separate call
  (fewer elements than one vector chunk, so every element goes through torch's scalar
  loop).  Where that differs, the case carries `small_diff` ([[index, value], ...]: the
  small-tensor torch result at those positions) for information; the test asserts `expect`.
  meta["path_dependent"] lists the groups where this happened, with counts.
  The layout family (strided operands: always torch's scalar path) is restricted to
  dtypes where both paths agree.
* float16/bfloat16 with a Python float: add/sub convert the wrapped scalar to the tensor
  dtype first (t + 0.1 adds half(0.1)); mul/div read a 1-element second operand at float32
  precision (torch's mul/div reduced-float path, iter.original_scalar_value<float>), and
  only when it is the *second* operand (torch.mul(0.1, t) rounds 0.1 to half first).  The
  `quirks` family shows both side by side, and this script asserts that the difference
  is visible in the data.
* INT_MIN / -1 with rounding_mode='trunc' for int32/int64 kills torch (SIGFPE), so such
  elements are never evaluated in torch.  They are moved into `ours` cases (source:
  "ours") whose expectation is our library's definition: INT_MIN (what int8/int16 give
  in torch, and what floor division gives in torch for every width).

Encoding (JSON-safe, exact)
---------------------------
floats: 'nan' (sign and payload ignored), 'inf', '-inf' or float.hex() with trailing
zero hex digits dropped ('-0x0p+0' is -0.0); float16/bfloat16 values are the exact value
of the half.  ints as ints, bools as bools, complex as [re, im] of float encodings.
Tensor operand: {"dtype", "shape", "values" (row-major), optional "view": "T" | "step2"};
Python scalar: {"scalar": "bool"|"int"|"float"|"complex", "value"}.
Case: {"family", "op" (torch function name), "call": "function"|"method"|"inplace"|
"operator", "symbol" (operator calls), "args", "kwargs" (alpha as a scalar operand,
rounding_mode as a string), "out" (dtype of an out= tensor of the result shape, or
absent), "expect": {"dtype", "shape", "values"} | {"error": [type, message]},
"source": "torch" | "ours", optional "small_diff", "note"}.
File: {"meta": {...}, "groups": {"<variant>[<operand dtypes>]": [case, ...]}}, where the
variant is the op name or div_trunc / div_floor, and Python scalars show as `py`.
"""
from __future__ import annotations

import gzip
import itertools
import json
import math
import operator
import random
import sys
import warnings
from collections import Counter, defaultdict
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
OUT_PATH = ROOT / "tests" / "data" / "values_golden.json.gz"

# The golden encoding and ulp tolerance live in tests/golden_format.py, shared with the tests
# that read the data back.  Run as `python scripts/make_*.py`, Python puts scripts/ (not the
# repository root) on sys.path, and tests/ is no package: add tests/ to import it.
sys.path.insert(0, str(ROOT / "tests"))
from golden_format import REAL_OF, dec, dedupe, enc  # noqa: E402

SEED = 20241121
TILE = 64
CHUNK = 3          # < 2 * Vec::size() for every dtype: the "small tensor" (scalar loop) evaluation

INF, NAN = math.inf, math.nan
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex32", "complex64", "complex128", "uint16", "uint32", "uint64"]
TD = {n: getattr(torch, n) for n in DTYPES}

BINARY = ["add", "sub", "rsub", "mul", "div", "div_trunc", "div_floor", "true_divide", "floor_divide",
          "eq", "ne", "lt", "le", "gt", "ge"]
UNARY = ["neg", "abs", "reciprocal"]
CALL = {"div_trunc": ("div", {"rounding_mode": "trunc"}), "div_floor": ("div", {"rounding_mode": "floor"})}
INT_DIV = {"div_trunc", "div_floor", "floor_divide"}        # integer kernels that raise ZeroDivisionError
NO_METHOD = {"rsub"}
SYMBOL_OF = {"add": "+", "sub": "-", "mul": "*", "div": "/", "floor_divide": "//", "eq": "==", "ne": "!=",
             "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
             "//": operator.floordiv, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
             "<=": operator.le, ">": operator.gt, ">=": operator.ge, "neg": operator.neg, "abs": operator.abs,
             "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
             "//=": operator.ifloordiv}

INPLACE_SYMBOLS = {"+=", "-=", "*=", "/=", "//="}

R = random.Random(SEED)


# ----------------------------------------------------------------------------- encoding
def kind_of(v):
    return {bool: "bool", int: "int", float: "float", complex: "complex"}[type(v)]


def scalar(v):
    return {"scalar": kind_of(v), "value": enc(v)}


def tensor_desc(dtype, values, shape=None, view=None):
    d = {"dtype": dtype, "shape": [len(values)] if shape is None else list(shape), "values": [enc(v) for v in values]}
    if view:
        d["view"] = view
    return d


def category(name):
    if name == "bool":
        return "bool"
    if name.startswith("complex"):
        return "complex"
    if name.startswith("float") or name == "bfloat16":
        return "floating"
    return "integral"


def py(name, v):
    """A Python value of the kind a tensor of dtype `name` holds."""
    c = category(name)
    return bool(v) if c == "bool" else int(v) if c == "integral" else complex(v) if c == "complex" else float(v)


# ----------------------------------------------------------------------------- edge values
def rounded(name, v):
    """v rounded to dtype `name` (the exact value, as a Python number)."""
    t = torch.tensor([v], dtype=torch.complex128 if isinstance(v, complex) else torch.float64).to(TD[name])
    if name == "complex32":
        t = t.to(torch.complex64)
    return t.tolist()[0]


def float_edges(name, size):
    fi = torch.finfo(TD[name])
    sub = fi.tiny * fi.eps
    if size == "full":
        base = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 2.0, 0.5, 1.5, 2.5, -7.0, 7.0, fi.max, -fi.max, fi.tiny, sub,
                R.uniform(-10, 10), R.uniform(-0.01, 0.01), R.uniform(-1000, 1000)]
    elif size == "small":
        base = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 2.5, -7.0, fi.max, sub, R.uniform(-10, 10), R.uniform(-1, 1)]
    else:  # mid
        base = [0.0, -0.0, INF, NAN, 1.0, -7.0, 2.5, fi.max, R.uniform(-10, 10)]
    return dedupe([rounded(name, float(v)) for v in base])


def int_edges(name, size):
    ii = torch.iinfo(TD[name])
    lo, hi = ii.min, ii.max
    if size == "full":
        base = [0, 1, -1, 2, -7, 7, lo, hi, lo + 1, hi - 1, R.randint(lo, hi), R.randint(lo, hi), R.randint(-100, 100)]
    elif size == "small":
        base = [0, 1, -1, 2, -7, 7, lo, hi, R.randint(lo, hi), R.randint(-100, 100)]
    else:
        base = [0, 1, -1, 7, lo, hi, R.randint(lo, hi)]
    return dedupe([v for v in base if lo <= v <= hi])


def complex_edges(name, size):
    fi = torch.finfo(TD[REAL_OF[name]])
    sub = fi.tiny * fi.eps
    rnd = lambda: complex(R.uniform(-10, 10), R.uniform(-10, 10))  # noqa: E731
    if size == "full":
        base = [0j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0), 1 + 0j, 1j, complex(-1, 2.5),
                complex(2.5, -7), complex(0.5, 1.5), complex(INF, 0), complex(0, -INF), complex(INF, INF),
                complex(-INF, 1), complex(NAN, 0), complex(1, NAN), complex(fi.max, fi.max), complex(fi.max, -1),
                complex(sub, fi.tiny), rnd(), rnd(), rnd()]
    elif size == "small":
        base = [0j, complex(-0.0, -0.0), 1 + 0j, complex(-1, 2.5), complex(INF, 0), complex(NAN, 0), complex(1, NAN),
                complex(fi.max, fi.max), complex(sub, 1), rnd(), rnd()]
    else:
        base = [0j, complex(-0.0, 0.0), 1j, complex(-1, 2.5), complex(INF, 0), complex(NAN, 0),
                complex(fi.max, 1), rnd()]
    return dedupe([rounded(name, v) for v in base])


def edges(name, size="full"):
    c = category(name)
    if c == "bool":
        return [False, True]
    if c == "integral":
        return int_edges(name, size)
    if c == "floating":
        return float_edges(name, size)
    return complex_edges(name, size)


EDGES = {size: {n: edges(n, size) for n in DTYPES} for size in ("full", "small", "mid")}

SCALARS_TS = [0, 1, -1, 2, -7, 300, 2 ** 31 - 1, -2 ** 63,
              0.0, -0.0, 0.5, 2.5, -7.0, 0.1, 1 / 3, 2.0 ** -11 + 2.0 ** -23, 1e-5, 70000.0, 1e39, INF, NAN,
              True, False,
              1 + 2j, complex(-0.5, 0.1), complex(INF, 0), complex(-0.0, 0.0)]
SCALARS_ST = [2, -7, 0, 0.1, 2.5, -0.0, INF, True, 1 + 2j]


# ----------------------------------------------------------------------------- torch evaluation
def t_build(desc, tile):
    if "scalar" in desc:
        return dec(desc["value"])
    dt = TD[desc["dtype"]]
    vals = [dec(v) for v in desc["values"]]
    if desc["shape"] == []:
        return torch.tensor(vals[0], dtype=dt)
    if tile and len(desc["shape"]) == 1 and "view" not in desc:
        n = len(vals)
        length = -(-n // TILE) * TILE
        vals = (vals * (length // n + 1))[:length]
    t = torch.tensor(vals, dtype=dt).reshape(desc["shape"] if not (tile and len(desc["shape"]) == 1) else [-1])
    if desc.get("view") == "T":
        t = t.T
    elif desc.get("view") == "step2":
        t = t[::2]
    return t


def t_call(case, tile):
    args = [t_build(a, tile) for a in case["args"]]
    kwargs = {}
    for k, v in case.get("kwargs", {}).items():
        kwargs[k] = t_build(v, tile) if isinstance(v, dict) else v
    shapes = [tuple(a.shape) for a in args if isinstance(a, torch.Tensor)]
    shape = torch.broadcast_shapes(*shapes)
    call, op = case["call"], case["op"]
    if case.get("out"):
        kwargs["out"] = out = torch.empty(shape, dtype=TD[case["out"]])
    if call == "function":
        r = getattr(torch, op)(*args, **kwargs)
    elif call == "method":
        r = getattr(args[0], op)(*args[1:], **kwargs)
    elif call == "inplace":
        r = getattr(args[0], op + "_")(*args[1:], **kwargs)
        assert r is args[0]
    else:
        r = OPERATORS[case["symbol"]](*args)
        if case["symbol"] in INPLACE_SYMBOLS:
            assert r is args[0]
    if case.get("out"):
        assert r is out
    return r


def expected_shape(case):
    """The result shape of the untiled call."""
    shapes = []
    for a in case["args"]:
        if "scalar" in a:
            continue
        s = list(a["shape"])
        if a.get("view") == "T":
            s = s[::-1]
        elif a.get("view") == "step2":
            s = [(s[0] + 1) // 2] + s[1:]
        shapes.append(tuple(s))
    return list(torch.broadcast_shapes(*shapes))


def outcome(case, tile):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            r = t_call(case, tile)
        except Exception as e:  # noqa: BLE001 - every exception is an outcome
            return {"error": [type(e).__name__, str(e)]}
        name = str(r.dtype).replace("torch.", "")
        if r.dtype == torch.complex32:
            r = r.to(torch.complex64)
        shape = expected_shape(case)
        n = math.prod(shape)
        flat = r.reshape(-1)[:n].tolist()
    return {"dtype": name, "shape": shape, "values": [enc(v) for v in flat]}


# ----------------------------------------------------------------------------- splitting
def common_dtype(case):
    args = [t_build(a, False) for a in case["args"]]
    return torch.result_type(args[0], args[1])


def elementwise_split(case, mask):
    """Two cases: the elements where mask is False, and those where it is True."""
    def pick(c, keep):
        c = json.loads(json.dumps(c))
        for a in c["args"]:
            if "scalar" not in a and len(a["shape"]) == 1:
                a["values"] = [v for v, m in zip(a["values"], mask) if m == keep]
                a["shape"] = [len(a["values"])]
        return c
    return pick(case, False), pick(case, True)


def crash_and_zero_masks(case, variant):
    """For integer division: (INT_MIN / -1 trunc crash mask, zero-divisor mask), or None."""
    if variant not in INT_DIV or len(case["args"]) != 2 or case.get("family") == "layout":
        return None
    try:
        common = common_dtype(case)
    except Exception:  # noqa: BLE001 - promotion errors: no kernel runs
        return None
    if common.is_floating_point or common.is_complex or common == torch.bool:
        return None
    n = None
    vals = []
    for a in case["args"]:
        if "scalar" in a:
            vals.append(None)
            continue
        t = t_build(a, False)
        n = t.numel() if t.dim() else n
        vals.append(t)
    if n is None:
        n = 1
    conv = []
    for a, t in zip(case["args"], vals):
        if t is None:
            v = dec(a["value"])
            if isinstance(v, (float, complex)):
                return None
            # a wrapped int converts to the common dtype as a tensor cast (wrapping)
            t = torch.tensor(v, dtype=torch.int64 if not isinstance(v, bool) else torch.bool).to(common)
        else:
            t = t.to(common)
        conv.append(t.expand(n) if t.dim() == 0 else t)
    a, b = conv
    zero = (b == 0).tolist()
    crash = [False] * n
    if variant == "div_trunc" and common in (torch.int32, torch.int64):
        crash = ((a == torch.iinfo(common).min) & (b == -1)).tolist()
    return crash, zero, common


def finalize(case, variant):
    """Split integer-division cases (zero divisors, INT_MIN / -1 trunc) and return the
    list of cases with their expectations."""
    masks = crash_and_zero_masks(case, variant)
    result = []
    if masks:
        crash, zero, common = masks
        if any(crash):
            n_args_1d = [a for a in case["args"] if "scalar" not in a and len(a["shape"]) == 1]
            if not n_args_1d:
                raise RuntimeError(f"cannot split a crashing case: {case}")
            case, ours = elementwise_split(case, crash)
            zero = [z for z, c in zip(zero, crash) if not c]
            if case.get("call") == "inplace":
                out_dtype = case["args"][0]["dtype"]
            else:
                out_dtype = case.get("out") or str(common).replace("torch.", "")
            count = len(ours["args"][0]["values"]) if "values" in ours["args"][0] else len(ours["args"][1]["values"])
            ours["family"] = "ours"
            ours["source"] = "ours"
            ours["note"] = ("torch 2.13 crashes (SIGFPE) on INT_MIN / -1 with rounding_mode='trunc' for int32/int64; "
                            "not evaluated in torch. Our library defines the result as INT_MIN (two's complement "
                            "wrap-around, as torch gives for int8/int16 and for floor division).")
            imin = torch.iinfo(TD[str(common).replace("torch.", "")]).min
            val = torch.tensor([imin] * count, dtype=TD[str(common).replace("torch.", "")]).to(TD[out_dtype]).tolist()
            ours["expect"] = {"dtype": out_dtype, "shape": [count], "values": [enc(v) for v in val]}
            result.append(ours)
            if not any(1 for a in case["args"] if "scalar" not in a and a["shape"] and a["shape"][0]):
                return result
        if any(zero) and not all(zero):
            case, zcase = elementwise_split(case, zero)
            result += finalize_plain(zcase)
    return result + finalize_plain(case)


def shrink(case):
    """A copy of an error case with its 1-d operands cut to their first two elements."""
    c = json.loads(json.dumps(case))
    for a in c["args"]:
        if "scalar" not in a and len(a["shape"]) == 1 and "view" not in a and a["shape"][0] > 2:
            a["values"] = a["values"][:2]
            a["shape"] = [2]
    return c


def chunked_outcome(case):
    """torch's result with the operands cut into chunks of CHUNK elements, each evaluated
    on its own: every element then goes through torch's scalar (tail) loop."""
    ones = [a for a in case["args"] if "scalar" not in a and len(a["shape"]) == 1]
    if not ones:
        return outcome(case, False)
    n = ones[0]["shape"][0]
    values, first = [], None
    for start in range(0, n, CHUNK):
        c = json.loads(json.dumps(case))
        for a in c["args"]:
            if "scalar" not in a and len(a["shape"]) == 1:
                a["values"] = a["values"][start:start + CHUNK]
                a["shape"] = [len(a["values"])]
        o = outcome(c, False)
        if "error" in o:
            return o
        first = first or o
        values += o["values"]
    return {"dtype": first["dtype"], "shape": [n], "values": values}


def finalize_plain(case):
    tile = case.get("family") != "layout"
    exp = outcome(case, tile)
    if "error" in exp:
        small = shrink(case)
        if outcome(small, tile) == exp:
            case = small
    case["expect"] = exp
    case.setdefault("source", "torch")
    if tile:
        alt = chunked_outcome(case)
        if alt != exp:
            if "values" in alt and "values" in exp and alt["dtype"] == exp["dtype"]:
                case["small_diff"] = [[i, y] for i, (x, y) in enumerate(zip(exp["values"], alt["values"])) if x != y]
            else:
                case["small"] = alt
    return [case]


# ----------------------------------------------------------------------------- case builders
CASES = []


def sig_of(case):
    parts = []
    for a in case["args"]:
        if "scalar" in a:
            parts.append("py")
        else:
            p = a["dtype"]
            if a["shape"] == []:
                p = "0d:" + p
            if "view" in a:
                p += "." + a["view"]
            parts.append(p)
    s = ",".join(parts)
    if "alpha" in case.get("kwargs", {}):
        s += ";alpha"
    if case.get("out"):
        s += "->out:" + case["out"]
    return s


def add_case(family, variant, args, call="function", alpha=None, out=None, symbol=None, note=None):
    op, kw = CALL.get(variant, (variant, {}))
    case = {"family": family, "variant": variant, "op": op, "call": call, "args": args}
    if symbol:
        case["symbol"] = symbol
    kwargs = dict(kw)
    if alpha is not None:
        kwargs["alpha"] = scalar(alpha)
    if kwargs:
        case["kwargs"] = kwargs
    if out:
        case["out"] = out
    if note:
        case["note"] = note
    for c in finalize(case, variant):
        CASES.append(c)


def pairs(xs, ys):
    p = list(itertools.product(xs, ys))
    return [a for a, _ in p], [b for _, b in p]


def zipped(xs):
    """Pairs (x[i], x[i + 3 mod n]): every value meets a different one, n elements."""
    n = len(xs)
    return list(xs), [xs[(i + 3) % n] for i in range(n)]


def supported(variant, name):
    """Does torch have a kernel for this op on this dtype?  (probed with harmless values)"""
    op, kw = CALL.get(variant, (variant, {}))
    one = py(name, 1)
    t = torch.tensor([one, one], dtype=TD[name])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            if variant in UNARY:
                getattr(torch, op)(t)
            else:
                getattr(torch, op)(t, t.clone(), **kw)
        except Exception:  # noqa: BLE001
            return False
    return True


SUPPORT = {(v, n): supported(v, n) for v in BINARY + UNARY for n in DTYPES}


def build_tt():
    for name in DTYPES:
        xs, ys = pairs(EDGES["full"][name], EDGES["full"][name])
        for v in BINARY:
            if SUPPORT[v, name]:
                add_case("tt", v, [tensor_desc(name, xs), tensor_desc(name, ys)])


def build_unary():
    for name in DTYPES:
        xs = EDGES["full"][name]
        for v in UNARY:
            if SUPPORT[v, name]:
                add_case("unary", v, [tensor_desc(name, xs)])
                add_case("unary", v, [tensor_desc(name, xs)], call="method")
                add_case("unary", v, [tensor_desc(name, xs)], call="inplace")
                if v != "reciprocal":
                    add_case("unary", v, [tensor_desc(name, xs)], call="operator", symbol=v)
            elif v == "neg" and name == "bool":   # torch's own check, not a missing kernel
                add_case("unary", v, [tensor_desc(name, xs)])


def build_ts_st():
    for name in DTYPES:
        xs = EDGES["small"][name]
        for v in BINARY:
            if not SUPPORT[v, name]:
                continue
            for s in SCALARS_TS:
                add_case("ts", v, [tensor_desc(name, xs), scalar(s)])
            seen_errors = set()
            for s in SCALARS_ST:
                before = len(CASES)
                add_case("st", v, [scalar(s), tensor_desc(name, xs)])
                new = CASES[before:]
                # one TypeError per (op, dtype, scalar kind) is enough
                if len(new) == 1 and "error" in new[0]["expect"]:
                    key = (kind_of(s), tuple(new[0]["expect"]["error"]))
                    if key in seen_errors:
                        del CASES[before:]
                    seen_errors.add(key)


def build_operators():
    for name in DTYPES:
        xs = EDGES["small"][name]
        a, b = zipped(xs)
        for v, sym in SYMBOL_OF.items():
            if not SUPPORT[v, name]:
                continue
            add_case("operator", v, [tensor_desc(name, a), tensor_desc(name, b)], call="operator", symbol=sym)
            for s in (3, -0.0, 0.1, True, 1 + 2j):
                add_case("operator", v, [tensor_desc(name, a), scalar(s)], call="operator", symbol=sym)
                add_case("operator", v, [scalar(s), tensor_desc(name, a)], call="operator", symbol=sym)
        # s - t is rsub, s / t is reciprocal(t) * s, s // t is floor_divide(s, t)
        for v in BINARY:
            if v in NO_METHOD or not SUPPORT[v, name]:
                continue
            add_case("method", v, [tensor_desc(name, a), tensor_desc(name, b)], call="method")
            add_case("method", v, [tensor_desc(name, a), scalar(2)], call="method")


def build_inplace():
    for name in DTYPES:
        xs = EDGES["small"][name]
        a, b = zipped(xs)
        for v in BINARY:
            if v in NO_METHOD or not SUPPORT[v, name]:
                continue
            add_case("inplace", v, [tensor_desc(name, a), tensor_desc(name, b)], call="inplace")
            for s in (2, 0.1, True, 1 + 2j):
                add_case("inplace", v, [tensor_desc(name, a), scalar(s)], call="inplace")
        for v, sym in (("add", "+="), ("sub", "-="), ("mul", "*="), ("div", "/="), ("floor_divide", "//=")):
            if SUPPORT[v, name]:
                add_case("inplace", v, [tensor_desc(name, a), scalar(3)], call="operator", symbol=sym)
                add_case("inplace", v, [tensor_desc(name, a), tensor_desc(name, b)], call="operator", symbol=sym)
    # self of one dtype, other of another (result cast into self, or the can't-cast error)
    for sa, sb in [("float32", "int32"), ("int32", "float32"), ("float16", "float32"), ("bfloat16", "float64"),
                   ("int8", "int64"), ("uint8", "int8"), ("bool", "int32"), ("int16", "bool"),
                   ("complex64", "complex128"), ("complex64", "float64"), ("float32", "complex64"),
                   ("float64", "float16"), ("int64", "uint8"), ("uint16", "float32")]:
        xa, xb = EDGES["mid"][sa], EDGES["mid"][sb]
        a, b = pairs(xa, xb)
        for v in ("add", "sub", "mul", "div", "div_floor", "eq", "lt"):
            add_case("inplace", v, [tensor_desc(sa, a), tensor_desc(sb, b)], call="inplace")


ALPHAS = {
    "bool": [True, False, 0, 2, 0.5],
    "integral": [0, -1, 2, 3, -7, 300, 2 ** 31 + 5, 0.5, True, 1j],
    "floating": [2, -1, 0.5, -1.5, 0.1, 1e-3, 3.0, 2.0 ** -11 + 2.0 ** -23, 1e39, INF, NAN, True, 1j],
    "complex": [2, -1.5, 0.1, 1j, complex(0.5, -1.5), complex(0.1, 0.2), True],
}


def build_alpha():
    for name in DTYPES:
        xs = EDGES["mid"][name]
        a, b = pairs(xs, xs)
        for v in ("add", "sub", "rsub"):
            if not SUPPORT[v, name]:
                continue
            for al in ALPHAS[category(name)]:
                add_case("alpha", v, [tensor_desc(name, a), tensor_desc(name, b)], alpha=al)
            if category(name) in ("floating", "complex"):
                for s in (0.1, 2.5, 1e-5):
                    for al in (0.1, 3, -2.5):
                        add_case("alpha", v, [tensor_desc(name, EDGES["small"][name]), scalar(s)], alpha=al)
                if v not in NO_METHOD:
                    add_case("alpha", v, [tensor_desc(name, a), tensor_desc(name, b)], alpha=0.1, call="method")
                    add_case("alpha", v, [tensor_desc(name, a), tensor_desc(name, b)], alpha=0.1, call="inplace")
            else:
                if v not in NO_METHOD:
                    add_case("alpha", v, [tensor_desc(name, a), tensor_desc(name, b)], alpha=2, call="method")
                    add_case("alpha", v, [tensor_desc(name, a), tensor_desc(name, b)], alpha=-3, call="inplace")
                add_case("alpha", v, [tensor_desc(name, a), scalar(5)], alpha=-3)


MIXED = [("int32", "float32"), ("uint8", "int8"), ("int64", "float16"), ("bool", "int64"), ("bool", "float32"),
         ("int8", "bfloat16"), ("float16", "bfloat16"), ("float16", "float32"), ("float32", "float64"),
         ("int64", "float64"), ("uint8", "float16"), ("int16", "int32"), ("bool", "uint8"),
         ("float32", "complex64"), ("float64", "complex64"), ("int32", "complex128"), ("complex32", "complex64"),
         ("float16", "complex32"), ("bfloat16", "complex64"), ("bool", "complex64"), ("int64", "complex32"),
         ("uint16", "float32"), ("uint64", "float64"), ("uint32", "int64"), ("uint16", "uint16")]


def build_mixed():
    for da, db in MIXED:
        for x, y in ((da, db), (db, da)):
            if x == y and (x, y) != (da, db):
                continue
            a, b = pairs(EDGES["mid"][x], EDGES["mid"][y])
            for v in BINARY:
                add_case("mixed", v, [tensor_desc(x, a), tensor_desc(y, b)])
            add_case("mixed", "add", [tensor_desc(x, a), tensor_desc(y, b)],
                     alpha=2 if category(x) in ("bool", "integral") and category(y) in ("bool", "integral") else 0.5)


ZERODIM = [("float16", "float32", [0.1, 1 / 3, 2.0 ** -11 + 2.0 ** -23, 70000.0, -0.0, NAN]),
           ("float16", "float64", [0.1, 1 / 3, 2.0 ** -11 + 2.0 ** -23, 1e39, 1e-8]),
           ("bfloat16", "float32", [0.1, 1 / 3, 1.00390625 + 2.0 ** -20, 3.0e38]),
           ("bfloat16", "float64", [0.1, 1e39, 1e-40]),
           ("float16", "bfloat16", [0.1, 1.5, 3.0e38]),
           ("float16", "float16", [0.0999755859375, 2.0]),
           ("int32", "float64", [0.1, 2.5, -0.0]),
           ("int64", "float16", [0.0999755859375, 65504.0]),
           ("float32", "float64", [0.1, 1e-50, 1e39]),
           ("uint8", "int64", [300, -1, 2]),
           ("int8", "int32", [-129, 3]),
           ("float32", "complex128", [complex(0.1, 0.2), complex(1e39, 0)]),
           ("complex64", "complex128", [complex(0.1, 0.2)]),
           ("int32", "bool", [True])]


def build_zerodim():
    for dv, dz, zs in ZERODIM:
        xs = EDGES["small"][dv]
        for z in zs:
            zd = tensor_desc(dz, [py(dz, z)], shape=[])
            # the stored value must be exact in dz
            zd["values"] = [enc(rounded(dz, py(dz, z)) if category(dz) != "integral" else
                                torch.tensor(z).to(TD[dz]).item())]
            for v in ("add", "sub", "mul", "div", "div_floor", "eq", "lt"):
                add_case("zerodim", v, [tensor_desc(dv, xs), zd])
                add_case("zerodim", v, [zd, tensor_desc(dv, xs)])


OUTS = [  # (op variant, input dtype, other dtype or None for unary ops, out dtype)
    ("add", "int32", "int32", "int64"), ("add", "int64", "int64", "int8"), ("add", "float32", "float32", "float16"),
    ("add", "float64", "float64", "float32"), ("add", "float16", "float16", "float64"),
    ("add", "int32", "int32", "float32"), ("add", "int64", "int64", "float16"), ("add", "bool", "bool", "int64"),
    ("add", "float32", "float32", "int32"), ("add", "float32", "float32", "complex64"),
    ("add", "complex64", "complex64", "float32"), ("sub", "uint8", "uint8", "int16"),
    ("mul", "float16", "float16", "float32"), ("mul", "int8", "int8", "uint8"),
    ("mul", "complex64", "complex64", "complex128"), ("mul", "bfloat16", "bfloat16", "float16"),
    ("mul", "int64", "int64", "bool"),
    ("div", "int32", "int32", "float64"), ("div", "int32", "int32", "float16"), ("div", "float32", "float32", "int32"),
    ("div", "float64", "float64", "float16"), ("div", "int64", "int64", "complex64"),
    ("div_trunc", "int64", "int64", "float32"), ("div_floor", "int32", "int32", "int16"),
    ("div_trunc", "float32", "float32", "float64"), ("floor_divide", "float64", "float64", "float32"),
    ("true_divide", "int16", "int16", "float64"),
    ("eq", "float32", "float32", "float32"), ("ne", "int64", "int64", "int64"), ("lt", "float16", "float16", "uint8"),
    ("ge", "int32", "int32", "complex64"), ("gt", "float64", "float64", "bool"),
    ("neg", "int8", None, "int16"), ("neg", "float32", None, "float64"), ("neg", "float32", None, "float32"),
    ("abs", "complex64", None, "float32"), ("abs", "complex64", None, "float64"),
    ("abs", "complex64", None, "complex64"), ("abs", "float32", None, "float64"), ("abs", "int16", None, "int16"),
    ("reciprocal", "int32", None, "float64"), ("reciprocal", "int32", None, "float16"),
    ("reciprocal", "float32", None, "int32"), ("reciprocal", "float64", None, "float32"),
    ("reciprocal", "complex64", None, "complex128"),
]


def build_out():
    for v, da, db, do in OUTS:
        if db is None:
            add_case("out", v, [tensor_desc(da, EDGES["full"][da])], out=do)
        else:
            a, b = pairs(EDGES["mid"][da], EDGES["mid"][db])
            add_case("out", v, [tensor_desc(da, a), tensor_desc(db, b)], out=do)
            add_case("out", v, [tensor_desc(da, EDGES["small"][da]), scalar(0.1 if category(da) == "floating" else 3)],
                     out=do)


def build_layout():
    # strided operands always take torch's scalar path: only dtypes where it agrees with the vector path
    for name in ("int32", "int64", "float32", "float64"):
        base = EDGES["full"][name]
        nonzero = [x for x in base if x != 0]      # integer division by zero would make the whole case raise
        vals20 = [base[i % len(base)] for i in range(20)]
        other20 = [nonzero[(7 * i + 3) % len(nonzero)] for i in range(20)]
        for v in ("add", "sub", "mul", "div", "div_floor", "eq", "lt", "neg", "abs", "reciprocal"):
            if not SUPPORT[v, name]:
                continue
            if v in UNARY:
                add_case("layout", v, [tensor_desc(name, vals20, shape=[4, 5], view="T")])
                add_case("layout", v, [tensor_desc(name, vals20, view="step2")])
                continue
            add_case("layout", v, [tensor_desc(name, vals20, shape=[4, 5], view="T"),
                                   tensor_desc(name, other20, shape=[5, 4])])
            add_case("layout", v, [tensor_desc(name, vals20, view="step2"),
                                   tensor_desc(name, other20[:10])])
            add_case("layout", v, [tensor_desc(name, vals20[:4], shape=[4, 1]), tensor_desc(name, other20[:5])])
            add_case("layout", v, [tensor_desc(name, vals20[:5]), tensor_desc(name, other20[:4], shape=[4, 1])],
                     alpha=2 if v in ("add", "sub") else None)


QUIRK_SCALARS = (0.1, 1 / 3, 2.0 ** -11 + 2.0 ** -23, 2.0 ** -8 + 2.0 ** -20, 1.00048828125 + 2.0 ** -30, 3.0e-5,
                 65519.0)


def build_quirks():
    note = ("float16/bfloat16 with a Python float: add/sub round the scalar to the tensor dtype first; "
            "mul/div read the second operand at float32 precision")
    for name in ("float16", "bfloat16"):
        xs = [rounded(name, v) for v in (1.0, 3.0, 5.0, 0.7, 1000.0, -2.5, 65504.0 if name == "float16" else 3.0e38)]
        for s in QUIRK_SCALARS:
            for v in ("add", "sub", "mul", "div"):
                add_case("quirks", v, [tensor_desc(name, xs), scalar(s)], note=note)
                add_case("quirks", v, [tensor_desc(name, xs), scalar(s)], call="operator", symbol=SYMBOL_OF[v],
                         note=note)
                add_case("quirks", v, [scalar(s), tensor_desc(name, xs)], note=note)
        # the demonstration: what torch does, and what it does not do
        t = torch.tensor(xs, dtype=TD[name])
        shown = Counter()
        for s in QUIRK_SCALARS:
            s_half = torch.tensor(s, dtype=torch.float64).to(TD[name]).float()
            s_f32 = torch.tensor(s, dtype=torch.float32)
            for v, f in (("add", torch.add), ("mul", torch.mul)):
                got = f(t, s)
                via_half = f(t.float(), s_half).to(TD[name])
                via_f32 = f(t.float(), s_f32).to(TD[name])
                if v == "add":
                    assert torch.equal(got, via_half), (name, s, "add does not round the scalar first")
                    shown["add"] += int(not torch.equal(got, via_f32))
                else:
                    assert torch.equal(got, via_f32), (name, s, "mul does not read the scalar at float32")
                    shown["mul"] += int(not torch.equal(got, via_half))
        assert shown["add"] and shown["mul"], (name, shown)
        QUIRK_DEMO[name] = dict(shown)


QUIRK_DEMO = {}


def build_reduced_div():
    """float16/bfloat16 trunc/floor division, tensor by tensor, on pairs picked where torch's
    result differs from computing in float32 and rounding once (torch's reduced-float kernels
    round the quotient, or each step of the floor division, to the dtype), plus some where it
    agrees; and the same dividends by the divisor as a Python float (torch's 1-element
    second-operand path computes in float32)."""
    note = "float16/bfloat16 trunc/floor division: tensor-tensor vs. float32 opmath"
    for name in ("float16", "bfloat16"):
        dt = TD[name]
        cand = [(R.gauss(0, 1) * math.exp(R.gauss(0, 3)), R.gauss(0, 1) * math.exp(R.gauss(0, 3))) for _ in range(4000)]
        a = torch.tensor([x for x, _ in cand], dtype=torch.float64).to(dt)
        b = torch.tensor([y for _, y in cand], dtype=torch.float64).to(dt)
        picked = []
        for mode in ("trunc", "floor"):
            got = torch.div(a, b, rounding_mode=mode)
            want = torch.div(a.float(), b.float(), rounding_mode=mode).to(dt)
            differ = ~((got == want) | (got.isnan() & want.isnan()))
            idx = [i for i in range(len(cand)) if differ[i]]
            same = [i for i in range(len(cand)) if not differ[i]]
            picked += idx[:16] + same[:6]
        picked = sorted(set(picked))
        xs, ys = a[picked].tolist(), b[picked].tolist()
        for v in ("div_trunc", "div_floor", "floor_divide"):
            add_case("reduced_div", v, [tensor_desc(name, xs), tensor_desc(name, ys)], note=note)
            add_case("reduced_div", v, [tensor_desc(name, xs), tensor_desc(name, ys)], call="inplace", note=note)
        add_case("reduced_div", "floor_divide", [tensor_desc(name, xs), tensor_desc(name, ys)], call="operator",
                 symbol="//", note=note)
        for y in ys[:6]:
            for v in ("div_trunc", "div_floor"):
                add_case("reduced_div", v, [tensor_desc(name, xs), scalar(y)], note=note)


def build_explicit_ours():
    """INT_MIN / -1 trunc, explicitly (the split of the other families finds more)."""
    for name in ("int32", "int64"):
        lo = torch.iinfo(TD[name]).min
        add_case("ours", "div_trunc", [tensor_desc(name, [lo, lo]), tensor_desc(name, [-1, -1])])
        add_case("ours", "div_trunc", [tensor_desc(name, [lo]), scalar(-1)])
        add_case("ours", "div_trunc", [tensor_desc(name, [lo, lo]), tensor_desc(name, [-1, -1])], call="method")
        add_case("ours", "div_trunc", [tensor_desc(name, [lo, lo]), tensor_desc(name, [-1, -1])], call="inplace")
        add_case("ours", "div_trunc", [tensor_desc(name, [lo, lo]), tensor_desc(name, [-1, -1])], out="float64")


def build_zero_division():
    """Explicit integer division by zero (the split of the other families finds more)."""
    for name in ("uint8", "int8", "int16", "int32", "int64"):
        for v in ("div_trunc", "div_floor", "floor_divide"):
            add_case("zerodiv", v, [tensor_desc(name, [1, 0, 5]), tensor_desc(name, [0, 0, 1])])
            add_case("zerodiv", v, [tensor_desc(name, [1, 2]), scalar(0)])
            add_case("zerodiv", v, [tensor_desc(name, [1, 2]), scalar(False)])
        add_case("zerodiv", "floor_divide", [tensor_desc(name, [1, 2]), tensor_desc(name, [0, 1])], call="operator",
                 symbol="//")
        add_case("zerodiv", "floor_divide", [scalar(5), tensor_desc(name, [0, 1])], call="operator", symbol="//")
        add_case("zerodiv", "floor_divide", [tensor_desc(name, [1, 2]), tensor_desc(name, [0, 1])], call="inplace")


# ----------------------------------------------------------------------------- main
def main():
    torch.set_num_threads(1)
    for build in (build_tt, build_unary, build_ts_st, build_operators, build_inplace, build_alpha, build_mixed,
                  build_zerodim, build_out, build_layout, build_quirks, build_reduced_div, build_explicit_ours,
                  build_zero_division):
        before = len(CASES)
        build()
        print(f"{build.__name__}: {len(CASES) - before} cases", file=sys.stderr)

    groups = defaultdict(list)
    path_dependent = Counter()
    for c in CASES:
        key = f"{c['variant']}[{sig_of(c)}]"
        c.pop("variant")
        groups[key].append(c)
        if "small_diff" in c or "small" in c:
            path_dependent[f"{key} ({c['family']})"] += len(c.get("small_diff", [])) or 1
    n_values = sum(len(c["expect"].get("values", [])) for c in CASES)
    data = {
        "meta": {
            "torch": torch.__version__,
            "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "generator": "scripts/make_value_golden.py",
            "seed": SEED,
            "tile": TILE,
            "cases": len(CASES),
            "groups": len(groups),
            "values": n_values,
            "errors": sum(1 for c in CASES if "error" in c["expect"]),
            "ours": sum(1 for c in CASES if c["source"] == "ours"),
            "path_dependent": dict(sorted(path_dependent.items())),
            "reduced_float_scalar_demo": QUIRK_DEMO,
            "notes": [
                "expect: torch's vectorised path (operands tiled to a multiple of 64); small_diff: the untiled "
                "torch result where it differs (informational)",
                "source 'ours': INT_MIN / -1 with rounding_mode='trunc' on int32/int64 crashes torch; our definition",
            ],
        },
        "groups": dict(sorted(groups.items())),
    }
    raw = json.dumps(data, separators=(",", ":"), sort_keys=False).encode()
    OUT_PATH.parent.mkdir(parents=True, exist_ok=True)
    with open(OUT_PATH, "wb") as f:
        # mtime=0: a rerun gives the same bytes
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, compresslevel=9, mtime=0) as gz:
            gz.write(raw)
    print(f"{OUT_PATH.relative_to(ROOT)}: {len(CASES)} cases in {len(groups)} groups, {n_values} values, "
          f"{len(raw)} bytes of JSON, {OUT_PATH.stat().st_size} bytes gzipped", file=sys.stderr)
    print(f"path-dependent groups (untiled torch differs): {len(path_dependent)}", file=sys.stderr)
    for k, n in sorted(path_dependent.items()):
        print(f"  {k}: {n}", file=sys.stderr)
    print(f"reduced-float scalar demo (elements where the other reading would differ): {QUIRK_DEMO}", file=sys.stderr)


if __name__ == "__main__":
    main()
