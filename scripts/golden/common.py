"""What the sets share: dtype facts, operand descriptors (the golden format's), edge values
and group keys.  Random values come from the `R` each set passes in (its own seed)."""
from __future__ import annotations

import itertools
import math

import torch
from golden_format import REAL_OF, dedupe, enc  # tests/ is on sys.path (scripts/golden/__init__.py)

INF, NAN = math.inf, math.nan
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex32", "complex64", "complex128", "uint16", "uint32", "uint64"]
TD = {n: getattr(torch, n) for n in DTYPES}
TILE = 64          # a multiple of 2 * Vec::size() for every dtype with AVX2 and AVX512


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


def rounded(name, v):
    """v rounded to dtype `name` (the exact value, as a Python number)."""
    if category(name) in ("integral", "bool"):
        return v
    t = torch.tensor([v], dtype=torch.complex128 if isinstance(v, complex) else torch.float64).to(TD[name])
    if name == "complex32":
        t = t.to(torch.complex64)
    return t.tolist()[0]


# ----------------------------------------------------------------------------- operands
def kind_of(v):
    return {bool: "bool", int: "int", float: "float", complex: "complex"}[type(v)]


def scalar(v):
    return {"scalar": kind_of(v), "value": enc(v)}


def tensor(dtype, values, shape=None, view=None):
    values = list(values)
    shape = [len(values)] if shape is None else list(shape)
    assert math.prod(shape) == len(values), (shape, len(values))
    d = {"dtype": dtype, "shape": shape, "values": [enc(v) for v in values]}
    if view:
        d["view"] = view
    return d


def zerodim(dtype, value):
    return tensor(dtype, [value], [])


def is_tensor(d):
    return isinstance(d, dict) and "dtype" in d


def operand_kind(d):
    if d is None:
        return "none"
    if not is_tensor(d):
        return "py"
    return ("0d:" if d["shape"] == [] else "") + d["dtype"] + ("." + d["view"] if "view" in d else "")


def operand_kinds(case):
    """'float32,py,alpha=py,out=int64': literal keyword arguments (decimals, rounding_mode)
    are part of the variant's name, operands passed by keyword are listed."""
    parts = [operand_kind(a) for a in case["args"]]
    parts += [f"{k}={operand_kind(v)}" for k, v in sorted(case.get("kwargs", {}).items())
              if v is None or isinstance(v, dict)]
    if "out" in case:
        parts.append("out=" + case["out"]["dtype"])
    return ",".join(parts)


def group_key(variant, case):
    """'<variant>[<operand kinds>]': the cases of one test."""
    return f"{variant}[{operand_kinds(case)}]"


def one_error_per_kind(cases, before, kind, seen):
    """Keep one rejected call per (kind, error): drop the case added to `cases` since `before`
    when it is an error case whose kind and error are in `seen` already."""
    new = cases[before:]
    if len(new) == 1 and "error" in new[0][1]["expect"]:
        key = (kind, tuple(new[0][1]["expect"]["error"]))
        if key in seen:
            del cases[before:]
        seen.add(key)


# ----------------------------------------------------------------------------- value sets
def pairs(xs, ys):
    p = list(itertools.product(xs, ys))
    return [a for a, _ in p], [b for _, b in p]


def mixed_operands(mixed, edges):
    """(x dtype, y dtype, x values, y values) of each mixed-dtype pair in both orders, over the
    set's mid edges of its dtypes (a pair of one dtype is recorded twice, as the data always had it)."""
    for da, db in mixed:
        for x, y in ((da, db), (db, da)):
            yield (x, y, *pairs(edges["mid"][x], edges["mid"][y]))


def triples(xs, ys, zs):
    p = list(itertools.product(xs, ys, zs))
    return [a for a, _, _ in p], [b for _, b, _ in p], [c for _, _, c in p]


def rotate(xs, k=3):
    n = len(xs)
    return [xs[(i + k) % n] for i in range(n)]


def log_uniform(R, lo_exp, hi_exp):
    return R.choice((-1, 1)) * 10.0 ** R.uniform(lo_exp, hi_exp)


# Each set's edge values, as it was first recorded: the arithmetic set's lists are older and
# shorter, and its complex list differs from the others'.  Changing one would change that
# set's cases (and the random draws after it), so they stay as they are.
def float_edges(R, name, size, style):
    fi = torch.finfo(TD[name])
    sub = fi.tiny * fi.eps
    if style == "arithmetic":
        if size == "full":
            base = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 2.0, 0.5, 1.5, 2.5, -7.0, 7.0, fi.max, -fi.max, fi.tiny,
                    sub, R.uniform(-10, 10), R.uniform(-0.01, 0.01), R.uniform(-1000, 1000)]
        elif size == "small":
            base = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 2.5, -7.0, fi.max, sub, R.uniform(-10, 10),
                    R.uniform(-1, 1)]
        else:
            base = [0.0, -0.0, INF, NAN, 1.0, -7.0, 2.5, fi.max, R.uniform(-10, 10)]
    elif size == "full":
        base = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 3.0, -7.0, fi.max, -fi.max, fi.tiny,
                -fi.tiny, sub, -sub, R.uniform(-10, 10), R.uniform(-10, 10), log_uniform(R, -3, 3),
                log_uniform(R, -3, 3)]
    elif size == "small":
        base = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 0.5, 2.5, -2.5, fi.max, sub, R.uniform(-10, 10)]
    else:
        base = [0.0, -0.0, INF, NAN, 1.0, -2.5, fi.max, sub, R.uniform(-10, 10)]
    return dedupe([rounded(name, float(v)) for v in base])


def int_edges(R, name, size, style):
    ii = torch.iinfo(TD[name])
    lo, hi = ii.min, ii.max
    if style == "arithmetic" and size == "full":
        base = [0, 1, -1, 2, -7, 7, lo, hi, lo + 1, hi - 1, R.randint(lo, hi), R.randint(lo, hi),
                R.randint(-100, 100)]
    elif size == "full":
        base = [0, 1, -1, 2, 3, -7, 7, 8, lo, hi, lo + 1, hi - 1, R.randint(lo, hi), R.randint(lo, hi),
                R.randint(-100, 100)]
    elif size == "small":
        base = [0, 1, -1, 2, -7, 7, lo, hi, R.randint(lo, hi), R.randint(-100, 100)]
    else:
        base = [0, 1, -1, 7, lo, hi, R.randint(lo, hi)]
    return dedupe([v for v in base if lo <= v <= hi])


def complex_edges(R, name, size, style):
    fi = torch.finfo(TD[REAL_OF[name]])
    sub = fi.tiny * fi.eps
    rnd = lambda: complex(R.uniform(-10, 10), R.uniform(-10, 10))  # noqa: E731
    if size == "full" and style == "arithmetic":
        base = [0j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0), 1 + 0j, 1j, complex(-1, 2.5),
                complex(2.5, -7), complex(0.5, 1.5), complex(INF, 0), complex(0, -INF), complex(INF, INF),
                complex(-INF, 1), complex(NAN, 0), complex(1, NAN), complex(fi.max, fi.max), complex(fi.max, -1),
                complex(sub, fi.tiny), rnd(), rnd(), rnd()]
    elif size == "full" and style == "unary_binary":
        base = [0j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0), 1 + 0j, -1 + 0j, 1j, -1j,
                complex(-1, 2.5), complex(2.5, -7), complex(0.5, 1.5), complex(-1.5, -0.5), complex(INF, 0),
                complex(-INF, 0), complex(0, -INF), complex(INF, INF), complex(-INF, 1), complex(NAN, 0),
                complex(1, NAN), complex(NAN, NAN), complex(fi.max, fi.max), complex(fi.max, -1),
                complex(sub, fi.tiny), complex(0, 100), complex(100, 1), complex(-100, 1), complex(1, 1e-8),
                complex(1e-8, 1), rnd(), rnd(), rnd(), rnd()]
    elif size == "full":
        base = [0j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0), 1 + 0j, -1 + 0j, 1j, -1j,
                complex(-1, 2.5), complex(2.5, -7), complex(0.5, 1.5), complex(-1.5, -0.5), complex(INF, 0),
                complex(-INF, 0), complex(0, -INF), complex(INF, INF), complex(NAN, 0), complex(1, NAN),
                complex(fi.max, fi.max), complex(fi.max, -1), complex(sub, fi.tiny), complex(0, 100),
                complex(100, 1), rnd(), rnd()]
    elif size == "small":
        base = [0j, complex(-0.0, -0.0), 1 + 0j, complex(-1, 2.5), complex(INF, 0), complex(NAN, 0), complex(1, NAN),
                complex(fi.max, fi.max), complex(sub, 1), rnd(), rnd()]
    else:
        base = [0j, complex(-0.0, 0.0), 1j, complex(-1, 2.5), complex(INF, 0), complex(NAN, 0),
                complex(fi.max, 1), rnd()]
    return dedupe([rounded(name, v) for v in base])


def edge_sets(R, style):
    """{"full" | "small" | "mid": {dtype: [edge values]}}: 0, -0.0, +-inf, nan, +-1, the
    extremes of the dtype, random values, ..., drawn in this order."""
    def edges(name, size):
        c = category(name)
        if c == "bool":
            return [False, True]
        if c == "integral":
            return int_edges(R, name, size, style)
        if c == "floating":
            return float_edges(R, name, size, style)
        return complex_edges(R, name, size, style)
    return {size: {n: edges(n, size) for n in DTYPES} for size in ("full", "small", "mid")}
