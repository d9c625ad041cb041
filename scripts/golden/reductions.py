"""The reductions set (tests/data/golden_reductions.json.gz): what torch's reductions give on
every dtype: result dtype, shape, values (and indices of max/min with a dim), or the exception
class and message.

Ops and call forms: sum, mean, prod, nansum (no dim, a dim, a negative dim with keepdim, a tuple of
dims where torch takes one, dtype=, out= of another dtype and of a wrong shape), amax, amin,
all, any, count_nonzero (no dim, a dim, a tuple, keepdim), max, min, argmax, argmin (no dim, a
dim, keepdim),
as functions and as methods.  Shapes: 0-dim, empty (0x3), size-1 dims (1x3, 3x1x2), 2x3,
and the transposed (4x3).T and strided (8)[::2] views.

Values: floats are small multiples of 0.25 (sums and means exact in every format, so torch's
cascade and our wider accumulators agree bit for bit); integers span the dtype, int64 sums
wrap; every float input also has a NaN and a tie in the `edges` family (amax/max propagate NaN,
max(dim)/argmax give the first index of a tie or NaN).  Rules: exact, but ulp for prod and mean of
floats (torch rounds a product at every step in its own order)."""
from __future__ import annotations

import math
import random
import warnings

import torch

from golden_format import enc

from .common import DTYPES, TD, category, py, scalar

SEED = 18
SHAPES = [[], [0, 3], [1, 3], [2, 3], [3, 1, 2], [4, 3, "T"], [8, "step2"]]
ULP_OPS = {"prod", "mean"}


def _values(R, name, n, edges, small=False):
    if name == "bool":
        return [R.random() < 0.6 for _ in range(n)]
    if name in ("float16", "bfloat16", "float32", "float64", "complex32", "complex64", "complex128"):
        vals = [R.randint(-24, 24) / 4 for _ in range(n)]
        if edges and n >= 3:
            vals[1] = float("nan")
            vals[2] = vals[0]
        if name.startswith("complex"):
            return [complex(v, R.randint(-8, 8) / 4) for v in vals]
        return vals
    info = torch.iinfo(TD[name])
    if edges:
        return [R.randint(-3, 3) if info.min < 0 else R.randint(0, 3) for _ in range(n)]
    if small:       # (dtype=float32 of int64 extremes would measure torch's float32 rounding, not the rules)
        return [R.randint(-100, 100) if info.min < 0 else R.randint(0, 100) for _ in range(n)]
    return [R.choice([info.min, info.max, R.randint(info.min, info.max), 1, 0]) for _ in range(n)]


def _desc(R, name, shape, edges=False, small=False):
    view = None
    if shape and isinstance(shape[-1], str):
        shape, view = shape[:-1], shape[-1]
    n = math.prod(shape)
    d = {"dtype": name, "shape": list(shape), "values": [enc(v) for v in _values(R, name, n, edges, small)]}
    if view:
        d["view"] = view
    return d


def _build(desc):
    vals = [_dec(v) for v in desc["values"]]
    dt = TD[desc["dtype"]]
    if desc["dtype"] in ("uint16", "uint32", "uint64"):
        t = torch.tensor([v - (1 << 64) if v >= 1 << 63 else v for v in vals], dtype=torch.int64).to(dt)
    elif desc["dtype"] == "complex32":
        t = torch.tensor(vals, dtype=torch.complex64).to(dt)
    else:
        t = torch.tensor(vals, dtype=dt)
    t = t.reshape(desc["shape"])
    if desc.get("view") == "T":
        t = t.T
    elif desc.get("view") == "step2":
        t = t[::2]
    return t


def _dec(v):
    from golden_format import dec
    return dec(v)


def _encode(r):
    if r.dtype == torch.complex32:
        r = r.to(torch.complex64)
    return [enc(v) for v in r.reshape(-1).tolist()]


def outcome(case):
    x = _build(case["args"][0])
    extra = [_dec(a["value"]) for a in case["args"][1:]]
    kwargs = {}
    for k, v in case.get("kwargs", {}).items():
        kwargs[k] = TD[v["dtype_arg"]] if isinstance(v, dict) else tuple(v) if isinstance(v, list) else v
    if "out" in case:
        o = case["out"]
        kwargs["out"] = torch.zeros(o["shape"], dtype=TD[o["dtype"]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            if case["call"] == "function":
                r = getattr(torch, case["op"])(x, *extra, **kwargs)
            elif case["call"] == "inplace":
                r = getattr(x, case["op"] + "_")(*extra, **kwargs)
            else:
                r = getattr(x, case["op"])(*extra, **kwargs)
        except Exception as e:  # noqa: BLE001 - every exception is an outcome
            return {"error": [type(e).__name__, str(e)]}
    if isinstance(r, tuple) and r[1].dtype != torch.int64 or case["op"] in NEW_PAIRS:
        # a pair of values (aminmax's min, max; var_mean's var, mean): the second as "values2"
        return {"dtype": str(r[0].dtype)[6:], "shape": list(r[0].shape), "values": _encode(r[0]),
                "dtype2": str(r[1].dtype)[6:], "values2": _encode(r[1])}
    if isinstance(r, tuple):
        return {"dtype": str(r[0].dtype)[6:], "shape": list(r[0].shape), "values": _encode(r[0]),
                "indices": r[1].reshape(-1).tolist()}
    return {"dtype": str(r.dtype)[6:], "shape": list(r.shape), "values": _encode(r)}


# (op, positional extras, kwargs) per family of call forms
def _forms(op, x):
    nd = len(x["shape"])
    last = -1 if nd else 0
    forms = [((), {})]
    forms += [((0,), {}), ((last,), {"keepdim": True})]
    if op in ("sum", "mean", "amax", "amin", "all", "any", "nansum", "count_nonzero"):
        forms += [((), {"dim": [0, last]}), ((), {"dim": []})]
    if op in ("sum", "mean", "prod", "nansum"):
        forms += [((), {"dtype": {"dtype_arg": "float64"}}), ((0,), {"dtype": {"dtype_arg": "int32"}}),
                  ((), {"dtype": {"dtype_arg": "complex64"}})]
    if op in ("argmax", "argmin"):
        forms += [((), {"dim": None, "keepdim": True})]
    return forms


NEW_PAIRS = {"aminmax", "var_mean", "std_mean"}
NEW_OPS = ["var", "std", "var_mean", "std_mean", "nanmean", "logsumexp", "aminmax", "cumsum", "cumprod", "cummax",
           "cummin", "logcumsumexp", "norm"]
NEW_ULP = {"var", "std", "var_mean", "std_mean", "nanmean", "logsumexp", "cumprod", "logcumsumexp", "norm"}
NO_METHOD = {"var_mean", "std_mean"}
SCANS = {"cumsum", "cumprod", "cummax", "cummin", "logcumsumexp"}


def _new_forms(op, x):
    """Call forms of the ops of the second batch (std/var and friends, logsumexp, aminmax, scans)."""
    nd = len(x["shape"])
    last = -1 if nd else 0
    if op in ("var", "std", "var_mean", "std_mean"):
        return [((), {}), ((0,), {}), ((last, True, True), {}), ((), {"dim": [0, last]}), ((), {"correction": 0}),
                ((), {"dim": 0, "unbiased": False}), ((), {"correction": 2, "keepdim": True}), ((False,), {}),
                ((), {"dim": [], "correction": 1.5})]
    if op == "nanmean":
        return [((), {}), ((0,), {}), ((last,), {"keepdim": True}), ((), {"dim": [0, last]}),
                ((), {"dtype": {"dtype_arg": "float64"}})]
    if op == "logsumexp":
        return [((0,), {}), ((last,), {"keepdim": True}), ((), {"dim": [0, last]})]
    if op == "aminmax":
        return [((), {}), ((), {"dim": 0}), ((), {"dim": last, "keepdim": True})]
    if op == "norm":
        inf = float("inf")
        return [((), {}), ((0,), {}), ((1, 0), {}), ((2, last, True), {}), ((inf,), {}), ((-inf, last), {}),
                ((3.5,), {}), ((-1,), {}), ((0.5,), {"dim": [0, last]}), ((), {"dtype": {"dtype_arg": "float64"}}),
                ((), {"p": "fro", "dim": [0, last], "keepdim": True}), ((), {"p": "nuc"}), ((), {"p": "abc"}),
                ((2,), {"dtype": {"dtype_arg": "complex128"}})]
    forms = [((0,), {}), ((last,), {})]
    if op in ("cumsum", "cumprod"):
        forms += [((), {"dim": 0, "dtype": {"dtype_arg": "float64"}}), ((0,), {"dtype": {"dtype_arg": "int32"}})]
    return forms


def _wide(desc):
    """The operand in float64 / complex128 (exact for the float inputs and small integers here)."""
    return {**desc, "dtype": "complex128" if category(desc["dtype"]) == "complex" else "float64"}


def _accept(case):
    """torch computes these in its own dtype (float16 sums in half, logsumexp's sum in float32 for
    an out= of float64): where that is beyond the ulp rule from the value computed wide (float64
    input, and out=) and rounded to the result dtype, also accept the latter (ours is that)."""
    exp = case["expect"]
    if "error" in exp:
        return
    wide = {**case, "args": [_wide(case["args"][0])] + case["args"][1:]}
    if "out" in case:
        wide["out"] = {**case["out"], "dtype": "complex128" if case["out"]["dtype"].startswith("complex")
                       else "float64"}
    ref = outcome(wide)
    if "error" in ref:
        return
    for key, dkey, acc in (("values", "dtype", "also_accept"), ("values2", "dtype2", "also_accept2")):
        if key not in exp:
            continue
        vals = [_dec(v) for v in ref[key]]
        t = torch.tensor(vals, dtype=torch.complex128 if exp[dkey].startswith("complex") else torch.float64)
        got = _encode(t.to(TD[exp[dkey]]))
        alt = [[i, g] for i, (e, g) in enumerate(zip(exp[key], got)) if e != g]
        if alt:
            case[acc] = alt


def _generate_new(cases):
    """The second batch, from its own generator so the first batch's cases stay as they were."""
    R = random.Random(SEED + 1)
    for op in NEW_OPS:
        rule = "ulp" if op in NEW_ULP else "exact"
        for name in DTYPES:
            for shape in SHAPES:
                x = _desc(R, name, shape)
                small = _desc(R, name, shape, small=True)
                for k, (extra, kwargs) in enumerate(_new_forms(op, x)):
                    call = "method" if k % 2 and op not in NO_METHOD else "function"
                    arg = small if "dtype" in kwargs or op in ("cumprod", "logsumexp", "logcumsumexp") else x
                    c = {"family": "forms", "op": op, "call": call, "args": [arg] + [scalar(e) for e in extra],
                         "kwargs": kwargs, "rule": rule}
                    c["expect"] = outcome(c)
                    _accept(c) if rule == "ulp" else None
                    # (the nuclear norm in groups of their own: ours is Jacobi's, a few float64 ulps off LAPACK)
                    cases.append(("norm_nuc" if kwargs.get("p") == "nuc" else op, c))
                if op in ("cumsum", "cumprod"):      # the in-place method, in self's dtype
                    for kwargs in ({}, {"dtype": {"dtype_arg": "float64"}}):
                        c = {"family": "inplace", "op": op, "call": "inplace", "args": [small, scalar(0)],
                             "kwargs": kwargs, "rule": rule}
                        c["expect"] = outcome(c)
                        cases.append((op, c))
            # NaN and ties, and out= (right shape of another dtype, and a wrong shape)
            x = _desc(R, name, [2, 3], edges=True)
            for extra, kwargs in (((1,), {}), ((0,), {"keepdim": True})):
                if op == "aminmax":
                    extra, kwargs = (), {"dim": extra[0], **kwargs}
                if op in SCANS:
                    kwargs = {}
                c = {"family": "edges", "op": op, "call": "function", "args": [x] + [scalar(e) for e in extra],
                     "kwargs": kwargs, "rule": rule}
                c["expect"] = outcome(c)
                _accept(c) if rule == "ulp" else None
                cases.append((op, c))
            if op in NEW_PAIRS or op in ("cummax", "cummin"):
                continue
            for odt, oshape in (("float64", [2]), ("int64", [2]), ("float32", [2]), (name, [5])):
                oshape = [2, 3] if op in SCANS and oshape == [2] else oshape
                c = {"family": "out", "op": op, "call": "function", "args": [x, scalar(1)], "kwargs": {},
                     "out": {"dtype": odt, "shape": oshape}, "rule": rule}
                c["expect"] = outcome(c)
                _accept(c) if rule == "ulp" else None
                cases.append((op, c))


def generate():
    R = random.Random(SEED)
    cases = []
    ops = ["sum", "mean", "prod", "amax", "amin", "all", "any", "max", "min", "argmax", "argmin", "nansum",
           "count_nonzero"]
    for op in ops:
        for name in DTYPES:
            for shape in SHAPES:
                x = _desc(R, name, shape)
                small = _desc(R, name, shape, small=True)
                for k, (extra, kwargs) in enumerate(_forms(op, x)):
                    call = "method" if k % 2 else "function"
                    arg = small if "dtype" in kwargs else x
                    c = {"family": "forms", "op": op, "call": call, "args": [arg] + [scalar(e) for e in extra],
                         "kwargs": kwargs, "rule": "ulp" if op in ULP_OPS else "exact"}
                    c["expect"] = outcome(c)
                    cases.append((op, c))
            # NaN and ties, and out= (right shape of another dtype, and a wrong shape)
            x = _desc(R, name, [2, 3], edges=True)
            for extra in ((), (1,)):
                c = {"family": "edges", "op": op, "call": "function", "args": [x] + [scalar(e) for e in extra],
                     "kwargs": {}, "rule": "ulp" if op in ULP_OPS else "exact"}
                c["expect"] = outcome(c)
                cases.append((op, c))
            if op in ("max", "min"):
                continue
            for odt, oshape in (("float64", [2]), ("int64", [2]), ("bool", [2]), (name, [5])):
                c = {"family": "out", "op": op, "call": "function", "args": [x, scalar(1)], "kwargs": {},
                     "out": {"dtype": odt, "shape": oshape}, "rule": "ulp" if op in ULP_OPS else "exact"}
                c["expect"] = outcome(c)
                cases.append((op, c))
    _generate_new(cases)
    return cases, {"ops": ops + NEW_OPS, "shapes": [str(s) for s in SHAPES]}


assert py  # (the shared helpers other sets use to build Python numbers of a dtype)
