"""Hypothesis-driven differential testing against torch (runs when torch is installed).

Each example draws an op from the generated catalogue (generated/ops.py: every function
with its positional parameters, keyword arguments and out=, its method and in-place
method), or a Python operator (forward, reflected, in-place); a call form; operands of
any of the 16 dtypes (the 12 common ones most often; complex32 and uint16/32/64 too)
with random shapes (0-dim, 0-size, broadcast), layouts (step slices with an offset,
permutes and transposes, expanded views), Python scalars (bool, int up to 2**64, float
with nan/inf/-0.0, complex) and keyword arguments; sometimes an out= tensor (of the right
or a wrong dtype, shape, layout, or the input itself).  The same code runs with M = torch
and M = runtime and must give

* the same outcome: a tensor, or an exception of the same class and message (dtype names
  normalized); the same warnings (torch's warn-once ones left out);
* for a tensor: the same dtype, shape and strides; in-place calls return self and out=
  calls out, in both;
* the same values, NaN-aware: bit for bit (+0.0 and -0.0 differ) for exactly rounded ops
  and for every integral/bool result; within 1 ulp for transcendental ones (2 for
  float16/bfloat16, complex per component with 1 ulp of |z| as an absolute tolerance),
  the rules of the value goldens (tests/golden_values.py).

torch's values differ between its scalar loop (small tensors, strided views) and its
vectorised loop in a few places; README ("Where we differ from torch") says we follow the
vectorised one for every size and layout.  So the expected values come from torch run on
contiguous copies of the operands, broadcast and tiled to a multiple of 64 elements
(0-dim operands and Python scalars kept as they are, and so is a one-element operand of
float16/bfloat16 mul and div, which torch reads as a float32 scalar), as the golden
generators do; the ulps are counted in the coarser of the computation's and the result's
format, and references are computed from the operands converted to the computation dtype.

Filtered, and only these: README's deviations (INT_MIN / -1 and the other calls that kill
torch with SIGFPE are never run in torch; complex multiplication and division of Python
numbers alone, which torch can only run in its scalar loop, within the ulp rule; ldexp's
edges, complex32 addcmul, complex pow at the extremes and complex32 ** 0.5's kernel label,
the strict xfails of tests/test_golden_values.py); the places where torch itself is
inaccurate, where our value must be the correctly rounded one (TORCH_INACCURATE: the
EXCLUDED / TORCH_INACCURATE lists of scripts/golden/unary_binary.py and
scripts/golden/powers_ternary.py); and the runtime bugs this test found that are not fixed yet
(KNOWN_BUGS, each recognised by a filter of its own and kept honest by a repro that
test_known_runtime_bug runs as a strict xfail).

Deterministic: a fixed profile (derandomize=True, no example database).
EW_HYPOTHESIS_EXAMPLES sets the number of examples (default below).
"""
from __future__ import annotations

import functools
import inspect
import math
import random
import re
import warnings
from dataclasses import dataclass, field

import pytest

torch = pytest.importorskip("torch")

import numpy as np  # noqa: E402  (torch needs numpy: present when torch is)
from hypothesis import given, strategies as st  # noqa: E402

import runtime as rt  # noqa: E402
from generated.ops import FUNCTIONS, METHODS  # noqa: E402
from golden_format import close_real, ulp_of  # noqa: E402  (the value goldens' ulp rules)
from hypothesis_settings import deterministic  # noqa: E402

pytestmark = pytest.mark.torch

DEFAULT_EXAMPLES = 2000

# ------------------------------------------------------------------------------------------- dtypes
COMMON = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
RARE = ["complex32", "uint16", "uint32", "uint64"]
DTYPE_POOL = COMMON * 3 + RARE
INT_RANGE = {"uint8": (0, 2**8 - 1), "int8": (-2**7, 2**7 - 1), "int16": (-2**15, 2**15 - 1),
             "int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1), "uint16": (0, 2**16 - 1),
             "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1)}
COMPONENT = {"complex32": "float16", "complex64": "float32", "complex128": "float64"}
FLOAT_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e+38, "float32": 3.4028234663852886e+38,
             "float64": 1.7976931348623157e+308}


def category(dt):
    if dt == "bool":
        return "bool"
    if dt in INT_RANGE:
        return "integral"
    return "complex" if dt.startswith("complex") else "floating"


def _bf16(x):
    with np.errstate(over="ignore", invalid="ignore"):
        f = np.float32(x)
    if math.isnan(f):
        return math.nan
    b = int(np.array(f, dtype=np.float32).view(np.uint32))
    b = ((b + 0x7FFF + ((b >> 16) & 1)) & 0xFFFF0000) & 0xFFFFFFFF
    return float(np.array(b, dtype=np.uint32).view(np.float32))


def representable(dt, x):
    """x rounded to the floating dtype dt (so that both libraries build exactly the same tensor)."""
    with np.errstate(over="ignore", invalid="ignore"):
        if dt == "float16":
            return float(np.float16(x))
        if dt == "float32":
            return float(np.float32(x))
    if dt == "bfloat16":
        return _bf16(x)
    return float(x)


# ------------------------------------------------------------------------------------------- values
FLOAT_SPECIALS = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.0, -2.0, 2.5, -2.5, 3.0, -3.0, 7.0, 10.0, 0.1, -0.7,
                  1e-3, 100.0, 127.0, 128.0, 255.0, 256.0, 1000.5, 65504.0, 65520.0, 1e10, 1e20, 3e38, 1e300,
                  -1e300, 5e-324, 1e-310, 1e-40, 6e-8, 1e-5, math.pi, -math.pi / 2, 0.7, 0.99, 1.01,
                  88.5, 89.0, 709.5, 710.0, -2.457, -3.5, 30.0, -30.0, math.inf, -math.inf, math.nan]


@functools.lru_cache(maxsize=None)
def element_strategy(dt):
    if dt == "bool":
        return st.booleans()
    if dt in INT_RANGE:
        lo, hi = INT_RANGE[dt]
        specials = [v for v in (0, 1, -1, 2, 3, -2, 5, 7, -7, 8, 15, 16, 31, 32, 33, 63, 64, 100, -100, lo, hi,
                                lo + 1, hi - 1) if lo <= v <= hi]
        return st.one_of(st.sampled_from(specials), st.integers(lo, hi), st.integers(max(lo, -9), min(hi, 9)))
    if dt in COMPONENT:
        part = element_strategy(COMPONENT[dt])
        return st.builds(complex, part, part)
    width = {"float16": 16, "float32": 32, "float64": 64, "bfloat16": 32}[dt]
    big = FLOAT_MAX[dt]
    specials = FLOAT_SPECIALS + [big, -big]
    return st.one_of(st.sampled_from(specials), st.floats(width=width), st.floats(-10, 10, width=width),
                     st.integers(-20, 20).map(float)).map(lambda x: representable(dt, x))


@functools.lru_cache(maxsize=None)
def pool_strategy(dt, k):
    return st.lists(element_strategy(dt), min_size=1, max_size=k)


PY_INTS = [2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**53 + 1, 2**63 - 1, -2**63, 2**63, 2**64 - 1, 2**64, -2**64,
           10**30, 255, 256, -129, 65535, 65536]
SCALARS = st.one_of(
    st.booleans(),
    st.integers(-10, 10),
    st.sampled_from(PY_INTS),
    st.sampled_from(FLOAT_SPECIALS),
    st.floats(),
    st.builds(complex, st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.5, 0.5, math.inf, math.nan]),
              st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.5, 0.5, math.inf, math.nan])),
)


def lit(v):
    """A Python literal of v that evaluates to exactly v (nan/inf are names in the namespace)."""
    if isinstance(v, complex):
        return f"complex({v.real!r}, {v.imag!r})"
    return repr(v)


# ------------------------------------------------------------------------------------------- the catalogue
@dataclass
class Op:
    name: str               # the name called (an alias or the canonical one)
    canonical: str          # the function's own name (sub for subtract, ...)
    params: list            # positional parameters of the function
    optional: set           # those with a default (clamp's min/max)
    kwargs: list            # keyword-only parameters but out
    has_out: bool
    method: list | None     # the method's parameters after self (None: no method)
    inplace: list | None
    inplace_function: bool = False     # rt.sin_(x), F.elu_(x): writes its first argument


def _params(fn):
    sig = inspect.signature(fn).parameters.values()
    return ([p for p in sig if p.kind is p.POSITIONAL_OR_KEYWORD],
            [p.name for p in sig if p.kind is p.KEYWORD_ONLY and p.name != "out"],
            any(p.name == "out" for p in sig))


def _canonical_names():
    """alias -> its function's own name (arctan2 -> atan2), from ops.yaml."""
    from pathlib import Path

    from codegen import model
    root = Path(__file__).resolve().parent.parent
    m = model.load_model(root / "dtypes.yaml", root / "ops.yaml")
    return {a: op.function for op in m.ops for a in op.aliases}


# functions written in Python over the generated ones (runtime/_functions.py, runtime/_nn.py): drawn
# like the generated ones, by their signatures
HANDWRITTEN = ("frexp", "allclose", "equal", "nn.functional.softsign")


def catalogue():
    """Every function of ops.yaml (aliases and the in-place function forms, rt.sin_ and
    F.elu_, included) and the HANDWRITTEN ones.  Left out: the reductions (max/min with a dim,
    sum, ...: tests/test_reduce*.py; their binary overloads max/min(input, other) are drawn),
    norm, and the views conj/resolve_conj/resolve_neg (tests/test_conj.py)."""
    ops = []
    canonical = _canonical_names()
    functions = dict(FUNCTIONS)
    for name in HANDWRITTEN:
        functions[name] = functools.reduce(getattr, name.split("."), rt)
    for name, fn in sorted(functions.items()):
        if name.endswith("_"):      # rt.sin_, F.elu_: in place, the rules and filters of their op
            base = name[:-1]
            pos, kw, _ = _params(fn)
            ops.append(Op(name, canonical.get(base, base), [p.name for p in pos],
                          {p.name for p in pos if p.default is not p.empty}, kw, False, None, None, True))
            continue
        pos, kw, has_out = _params(fn)
        def method_params(m):
            if m not in METHODS:
                return None
            return [p.name for p in _params(METHODS[m])[0]][1:]
        ops.append(Op(name, canonical.get(name, name), [p.name for p in pos], {p.name for p in pos if p.default is not p.empty},
                      kw, has_out, method_params(name), method_params(name + "_")))
    for name in ("real", "imag"):       # views, functions only
        ops.append(Op(name, name, ["input"], set(), [], False, None, None))
    for name, op in (("max", "maximum"), ("min", "minimum")):      # the binary overloads of the reductions
        ops.append(Op(name, op, ["input", "other"], set(), [], True, ["other"], None))
    return ops


OPS = catalogue()
# symbol -> canonical function; binary operators also have reflected and (but comparisons) in-place forms
BINARY_OPERATORS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "//": "floor_divide", "%": "remainder",
                    "**": "pow", "&": "bitwise_and", "|": "bitwise_or", "^": "bitwise_xor",
                    "<<": "bitwise_left_shift", ">>": "bitwise_right_shift", "==": "eq", "!=": "ne", "<": "lt",
                    "<=": "le", ">": "gt", ">=": "ge"}
COMPARISONS = {"==", "!=", "<", "<=", ">", ">="}
UNARY_OPERATORS = {"-": "neg", "+": "positive", "abs": "abs", "~": "bitwise_not"}


# ------------------------------------------------------------------------------------------- cases
@dataclass
class Case:
    op: str                  # canonical op (the rule and the filters look at it)
    form: str                # function, method, inplace, operator, ioperator
    setup: str               # code building a0, a1, ..., o (M is the module)
    call: str                # code setting r
    args: list               # per positional operand: ("tensor", name, dtype) | ("scalar", value)
    values: dict             # name -> (dtype, element values) of each tensor
    kwargs: dict = field(default_factory=dict)
    out: str | None = None   # "o" when out= is passed
    inplace: bool = False
    called: str = ""         # the function or method name as called (an alias, add_, ...)
    zero_dim: set = field(default_factory=set)      # the 0-dim tensors among the operands
    functional: str = ""     # the call as a function without out= (or a plain operator): its dtype is the computation's

    def __str__(self):
        return f"{self.setup}\n{self.call}"


def shape_strategy():
    small = st.lists(st.sampled_from([1, 2, 2, 3, 3, 4, 5, 0]), min_size=0, max_size=4).map(tuple)
    big = st.integers(9, 200).map(lambda n: (n,))
    return st.one_of(small, small, small, small, big)


@st.composite
def operand_shape(draw, out_shape, full):
    """A shape that broadcasts to out_shape (all of it when full), now and then one that may not."""
    if not full and draw(st.integers(0, 30)) == 0:
        return draw(shape_strategy())
    k = len(out_shape) if full else draw(st.integers(0, len(out_shape)))
    shape = list(out_shape[len(out_shape) - k:])
    if not full:
        shape = [1 if draw(st.integers(0, 3)) == 0 else d for d in shape]
    return tuple(shape)


@st.composite
def layout(draw, shape):
    """(base shape, view code): a view of a fresh tensor of the base shape that has `shape`."""
    kinds = ["contiguous", "contiguous"]
    if len(shape) >= 1:
        kinds += ["step", "expand"]
    if len(shape) >= 2:
        kinds += ["permute", "step+permute"]
    kind = draw(st.sampled_from(kinds))
    base, code = list(shape), ""
    if "permute" in kind:
        perm = draw(st.permutations(range(len(shape))))
        inv = [perm.index(i) for i in range(len(shape))]
        base = [shape[p] for p in perm]
        code = f".permute{tuple(inv)}" if len(inv) != 2 or draw(st.booleans()) else ".T"
    if "step" in kind:
        d = draw(st.integers(0, len(base) - 1))
        step, start = draw(st.integers(2, 3)), draw(st.integers(0, 1))
        sl = ["slice(None)"] * len(base)
        sl[d] = f"slice({start}, None, {step})"
        base[d] = base[d] * step + start
        code = f"[{', '.join(sl)}]" + code
    if kind == "expand":
        drop = draw(st.integers(0, len(base)))
        base = [1 if draw(st.booleans()) else n for n in base[drop:]]
        code = f".expand{tuple(shape)}"
    return tuple(base), code


@st.composite
def tensor_operand(draw, name, shape, dtype=None):
    dtype = dtype or draw(st.sampled_from(DTYPE_POOL))
    base, view = draw(layout(shape))
    n = math.prod(base)
    # a few values drawn by hypothesis (shrinkable), spread over the elements by a seeded choice:
    # one draw per element would make big tensors slow to generate
    pool = draw(pool_strategy(dtype, min(max(n, 1), 6)))
    pick = random.Random(draw(st.integers(0, 2**16)))
    vals = pool[:n] + [pick.choice(pool) for _ in range(n - len(pool))]
    pick.shuffle(vals)
    if base == ():              # a 0-dim tensor (or one expanded from it)
        code = f"{name} = M.tensor({lit(vals[0])}, dtype=M.{dtype}){view}"
    else:
        code = f"{name} = M.tensor([{', '.join(map(lit, vals))}], dtype=M.{dtype}).reshape{tuple(base)}{view}"
    return code, dtype, vals


def _zero_dim(code):
    """Does this line of setup code make a 0-dim tensor?"""
    return ".reshape" not in code and ".expand" not in code


KWARG_VALUES = {
    "alpha": st.one_of(st.sampled_from([1, 2, -1, 0, True, False, 0.5, 2.5, 1j, 2**40, math.nan]), SCALARS),
    "value": st.one_of(st.sampled_from([1, 2, -1, 0, True, 0.5, 2.5, 1j, math.nan]), SCALARS),
    "rounding_mode": st.sampled_from([None, "trunc", "floor", "trunc", "floor", "round"]),
    "decimals": st.one_of(st.integers(-3, 4), st.integers(-3, 4), st.sampled_from([2**63, -2**64, 2**63 - 1, 400])),
    "nan": st.sampled_from([0.0, 1.5, -0.0, 7, math.inf, 1e39, -1e-50]),
    "posinf": st.sampled_from([None, 100.0, 1e39, -1.0, 3]),
    "neginf": st.sampled_from([None, -100.0, -1e-50, 1e39, 0]),
    "approximate": st.sampled_from(["none", "none", "sigmoid"]),     # ('tanh': the funcs goldens)
    "rtol": st.sampled_from([1e-05, 0.0, 0.1, 2.0]),
    "atol": st.sampled_from([1e-08, 0.0, 0.5]),
    "equal_nan": st.booleans(),
}
# Number arguments of the issue 17 functions (polygamma's n, logit's eps, nn.functional's
# alpha, inplace, ...), drawn as Python numbers of their kind: torch.nn.functional's own Python
# functions do not parse a tensor or a complex there as torch's parser does (F.relu(x, t) runs
# `if t:`), so those calls are not comparisons of the runtime with torch.
NUMBER_PARAMS = {
    "n": st.sampled_from([0, 1, 2, 3, 5]), "p": st.sampled_from([1, 2, 3]),
    "eps": st.sampled_from([0.0, 1e-6, 0.2, 0.5, -1.0]), "inplace": st.booleans(),
    "alpha": st.sampled_from([1.0, 0.5, 2.5]), "lambd": st.sampled_from([0.5, 0.0, 1.5]),
    "beta": st.sampled_from([1, 2.0, 0.5]), "threshold": st.sampled_from([20, 1.0, 0.5, -1.0]),
    "value": st.sampled_from([0.0, -1.0, 2.5]), "min_val": st.sampled_from([-1.0, 0.0, -2.5]),
    "max_val": st.sampled_from([1.0, 6.0]), "negative_slope": st.sampled_from([0.01, 0.2, -0.5]),
    "rtol": st.sampled_from([1e-05, 0.1]), "atol": st.sampled_from([1e-08, 0.5]), "equal_nan": st.booleans(),
    "scale": st.sampled_from([1.0, 2.0]), "input_scale": st.sampled_from([1.0, 0.5]),      # (F.elu_)
}
NUMBER_PARAM_OPS = ("logit", "polygamma", "mvlgamma", "isclose", "selu", "celu", "threshold", "hardshrink", "relu")


@st.composite
def cases(draw):
    S = draw(shape_strategy())
    if draw(st.integers(0, 9)) == 0:                                # a Python operator
        unary = draw(st.integers(0, 5)) == 0
        if unary:
            sym = draw(st.sampled_from(sorted(UNARY_OPERATORS)))
            code, dt, vals = draw(tensor_operand("a0", S))
            call = f"r = {'abs(a0)' if sym == 'abs' else sym + 'a0'}"
            return Case(UNARY_OPERATORS[sym], "operator", code, call, [("tensor", "a0", dt)], {"a0": (dt, vals)},
                        zero_dim={"a0"} if _zero_dim(code) else set(), functional=call)
        sym = draw(st.sampled_from(sorted(BINARY_OPERATORS)))
        form = draw(st.sampled_from(["operator", "operator", "reflected"] + ([] if sym in COMPARISONS else
                                                                              ["ioperator"])))
        code, dt, vals = draw(tensor_operand("a0", S))
        setup, values, args = [code], {"a0": (dt, vals)}, [("tensor", "a0", dt)]
        if draw(st.integers(0, 2)) == 0:
            other = draw(SCALARS)
            args.append(("scalar", other))
            o = lit(other)
        else:
            code1, dt1, vals1 = draw(tensor_operand("a1", draw(operand_shape(S, False))))
            setup.append(code1)
            values["a1"] = (dt1, vals1)
            args.append(("tensor", "a1", dt1))
            o = "a1"
        if form == "reflected" and args[1][0] == "scalar":
            call = f"r = {o} {sym} a0"
            args = args[::-1]
        elif form == "ioperator":
            setup.append("self0 = a0")
            call = f"a0 {sym}= {o}\nr = a0"
        else:
            call = f"r = a0 {sym} {o}"
        zero_dim = {n for n in values if _zero_dim(next(c for c in setup if c.startswith(n + " =")))}
        return Case(BINARY_OPERATORS[sym], "ioperator" if form == "ioperator" else "operator", "\n".join(setup),
                    call, args, values, inplace=form == "ioperator", zero_dim=zero_dim, functional=f"r = a0 {sym} {o}")

    op = draw(st.sampled_from(OPS))
    forms = ["function", "function"] + (["method"] if op.method is not None else []) + \
        (["inplace"] if op.inplace is not None else [])
    form = draw(st.sampled_from(forms))
    self_name = "input" if "input" in op.params else op.params[0]
    setup, values, args, names = [], {}, {}, {}
    for i, p in enumerate(op.params):
        name = f"a{i}"
        is_self = p == self_name and form != "function"
        if p in NUMBER_PARAMS and (op.canonical in NUMBER_PARAM_OPS or op.canonical.startswith("nn.functional.")):
            args[p] = ("scalar", draw(NUMBER_PARAMS[p]))
            continue
        if p in op.optional and draw(st.integers(0, 3)) == 0:
            args[p] = ("none",)
            continue
        if not is_self and draw(st.integers(0, 4)) == 0:
            args[p] = ("scalar", draw(SCALARS))
            continue
        dtype = None
        if p == "condition" and draw(st.integers(0, 5)) > 0:
            dtype = "bool"
        full = p == self_name and draw(st.integers(0, 4)) > 0
        if draw(st.integers(0, 9)) == 0:
            shape = ()
        else:
            shape = draw(operand_shape(S, full))
        code, dt, vals = draw(tensor_operand(name, shape, dtype))
        setup.append(code)
        values[name] = (dt, vals)
        args[p] = ("tensor", name, dt)
        names[p] = name

    def ref(p):
        a = args[p]
        return {"none": lambda: "None", "scalar": lambda: lit(a[1]), "tensor": lambda: a[1]}[a[0]]()

    kw = {}
    for k in op.kwargs:
        if draw(st.integers(0, 2)) == 0:
            kw[k] = draw(KWARG_VALUES.get(k, SCALARS))
    kw_code = [f"{k}={lit(v)}" for k, v in kw.items()]
    out = None
    if form == "function" and op.has_out and draw(st.integers(0, 3)) == 0:
        out = "o"
        tensors = [n for n in names.values()]
        if tensors and draw(st.integers(0, 9)) == 0:
            setup.append(f"o = {draw(st.sampled_from(tensors))}")
        else:
            kind = draw(st.sampled_from(["right", "right", "right", "wrong", "empty"]))
            shape = {"right": S, "wrong": draw(shape_strategy()), "empty": (0,)}[kind]
            dt = draw(st.sampled_from(DTYPE_POOL))
            base, view = draw(layout(shape))
            setup.append(f"o = M.zeros({tuple(base)}, dtype=M.{dt}){view}")
        kw_code.append("out=o")
    ordered = [ref(p) for p in op.params]
    if form == "function":
        call = f"r = M.{op.name}({', '.join(ordered + kw_code)})"
    else:
        if args[self_name][0] != "tensor":
            return draw(cases())
        rest = [ref(p) for p in op.params if p != self_name]
        meth = op.name + ("_" if form == "inplace" else "")
        # the method's own parameter order (where: self.where(condition, other))
        order = op.method if form == "method" else op.inplace
        if order is not None and set(order) == set(op.params) - {self_name}:
            rest = [ref(p) for p in order]
        if form == "inplace":
            setup.append(f"self0 = {names[self_name]}")
        call = f"r = {names[self_name]}.{meth}({', '.join(rest + kw_code)})"
    pos = [args[p] for p in op.params]
    called = op.name + ("_" if form == "inplace" else "")
    zero_dim = {n for n in values if _zero_dim(next(c for c in setup if c.startswith(n + " =")))}
    fname = op.name[:-1] if op.inplace_function else op.name      # (sin_: the dtype sin computes in)
    functional = f"r = M.{fname}({', '.join(ordered + [c for c in kw_code if c != 'out=o'])})"
    if op.inplace_function and self_name in names:
        setup.append(f"self0 = {names[self_name]}")
    return Case(op.canonical, form, "\n".join(setup), call, pos, values, kw, out,
                form == "inplace" or op.inplace_function, called, zero_dim, functional)


# ------------------------------------------------------------------------------------------- calls torch cannot survive
INT_MINS = {-2**31, -2**63}


def kills_torch(case):
    """Calls on which torch dies with SIGFPE (README: INT_MIN / -1 is ours to define): integer
    division of INT_MIN by -1 (div trunc/floor, floor_divide, //), lcm/gcd with INT_MIN."""
    risky = {"div", "floor_divide", "lcm", "gcd", "remainder", "fmod"}
    if case.op not in risky:
        return False
    ints = []
    for a in case.args:
        if a[0] == "scalar" and isinstance(a[1], int):
            ints.append({a[1]})
        elif a[0] == "tensor" and category(a[2]) in ("integral", "bool"):
            ints.append(set(case.values[a[1]][1]))
        else:
            ints.append(set())
    if not any(INT_MINS & s for s in ints):
        return False
    if case.op in ("lcm", "gcd"):
        return True
    return any(-1 in s for s in ints[1:])


# ------------------------------------------------------------------------------------------- running
_INTERNAL_OVERLAP = ("unsupported operation: more than one element of the written-to tensor refers to a single "
                     "memory location. Please clone() the tensor before performing the operation.")
IGNORED_WARNINGS = ("ComplexHalf support is experimental", "Casting complex values to real discards",
                    "The use of `x.T` on tensors", "Tensor.T is deprecated on 0-D tensors",
                    "where received a uint8 condition tensor")        # torch's warn-once warnings


def norm_text(s):
    s = s.split(" (Triggered internally at ")[0]
    return s.replace("runtime.", "M.").replace("torch.", "M.")


def run(M, case):
    ns = {"M": M, "nan": math.nan, "inf": math.inf}
    exec(case.setup, ns)
    return ns


def call(ns, code):
    """Run code in ns: (None | (exception class, message), warnings)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            exec(code, ns)
            err = None
        except Exception as e:  # noqa: BLE001 - the exception is the outcome compared
            err = (type(e).__name__, norm_text(str(e)))
    seen = [(w.category.__name__, norm_text(str(w.message))) for w in caught
            if not any(m in str(w.message) for m in IGNORED_WARNINGS)]
    return err, seen


def flat_values(M, t):
    """The elements of t in row-major order (through tolist: no reshape of the result)."""
    def flatten(x):
        return [y for item in x for y in flatten(item)] if isinstance(x, list) else [x]
    return flatten(t.tolist())


def tile(t, S, L):
    """t broadcast to S, flattened and repeated to L elements (contiguous); a 0-dim t stays one
    when S has dimensions (torch's scalar operand of the vectorised loop)."""
    if t.dim() == 0 and S != ():
        return t.clone()
    x = t.expand(S).reshape(-1)
    return x.repeat(-(-L // x.numel()))[:L].clone()


# torch's float16/bfloat16 mul and div read a one-element second operand as a float32 scalar
# (before converting it: int64 2**63 - 1 stays finite): such an operand is not tiled
SCALAR_B_OPS = {"mul", "div", "true_divide", "floor_divide"}


def torch_vectorised(case, ns, S, comp=None):
    """torch's values for the case from its vectorised loop (see the module docstring), or None.
    comp: the dtype computed in."""
    N = math.prod(S)
    L = max(64, -(-N // 64) * 64)
    ns2 = dict(ns)
    keep = case.op in SCALAR_B_OPS and comp in ("float16", "bfloat16")
    try:
        for name in case.values:
            ns2[name] = ns[name].clone() if keep and ns[name].numel() == 1 else tile(ns[name], S, L)
        for key in ("o", "self0"):      # aliases of an operand (o = a1, self0 = a0) stay aliases
            if key in ns:
                alias = [n for n in case.values if ns[n] is ns[key]]
                ns2[key] = ns2[alias[0]] if alias else torch.empty(L, dtype=ns[key].dtype)
        err, _ = call(ns2, case.call)
    except Exception:  # noqa: BLE001 - the tiling did not apply; fall back to the call itself
        return None
    if err is not None:
        return None
    r = ns2["r"]
    if not isinstance(r, torch.Tensor) or r.numel() < N:
        return None
    return flat_values(torch, r.reshape(-1)[:N])


# ------------------------------------------------------------------------------------------- comparison rules
ULPS = {"float16": 2, "bfloat16": 2, "float32": 1, "float64": 1}
ULP_OPS = {"rsqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos",
           "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "sigmoid", "erf", "erfc", "erfinv", "lgamma",
           "digamma", "i0", "sinc", "atan2", "xlogy", "logaddexp", "logaddexp2",
           # issue 17 (their references: TORCH_INACCURATE below)
           "logit", "polygamma", "mvlgamma", "igamma", "igammac", "polar", "selu", "celu"} | {
    "nn.functional." + n for n in ("elu", "gelu", "silu", "mish", "softplus", "logsigmoid", "hardsigmoid",
                                   "hardswish", "tanhshrink")}     # (aliases: case.op is canonical)
# rt.special's own functions: within the ulp rule of torch, or else of the correctly rounded value,
# or no further from it than torch (whose Cephes Bessel functions, ndtr tail, ... are off: the
# golden special set, scripts/golden/special.py, lists where)
def _mp_poly(second, step):
    def f(mp, x, n):
        n = float(n)
        k = -1 if math.isnan(n) or not -2.0 ** 63 < n < 2.0 ** 63 else int(n)
        if k < 0:
            return mp.mpf(0)
        if k > 2000:
            return mp.nan
        p, q = mp.mpf(1), second(x)
        if k == 0:
            return p
        for j in range(1, k):
            p, q = q, step(j, x, q, p)
        return q
    return f


def _mp_cheb(kind, shift=False):
    """Chebyshev T, U, V, W (of 2x - 1 when shifted): the recurrence, or for a high degree inside
    (-1, 1) the closed form in the angle acos(y)."""
    second = {"t": lambda y: y, "u": lambda y: 2 * y, "v": lambda y: 2 * y - 1, "w": lambda y: 2 * y + 1}[kind]
    closed = {"t": lambda mp, k, t: mp.cos(k * t), "u": lambda mp, k, t: mp.sin((k + 1) * t) / mp.sin(t),
              "v": lambda mp, k, t: mp.cos((k + mp.mpf(0.5)) * t) / mp.cos(t / 2),
              "w": lambda mp, k, t: mp.sin((k + mp.mpf(0.5)) * t) / mp.sin(t / 2)}[kind]
    poly = _mp_poly(lambda x: second(2 * x - 1 if shift else x), lambda j, x, q, p: 2 * (2 * x - 1 if shift else x) * q - p)

    def f(mp, x, n):
        y = 2 * x - 1 if shift else x
        n = float(n)
        if not math.isnan(n) and 2000 < n < 2.0 ** 63 and -1 < y < 1:
            return closed(mp, int(n), mp.acos(y))
        return poly(mp, x, n)
    return f


SPECIAL_REFERENCES = {
    "i0e": lambda mp, x: mp.besseli(0, x) * mp.exp(-abs(x)),
    "i1": lambda mp, x: mp.besseli(1, x),
    "i1e": lambda mp, x: mp.besseli(1, x) * mp.exp(-abs(x)),
    "ndtr": lambda mp, x: mp.erfc(-x / mp.sqrt(2)) / 2,
    "ndtri": lambda mp, y: -mp.sqrt(2) * mp.erfinv(1 - 2 * y) if 0 < y < 1 else mp.nan,
    "log_ndtr": lambda mp, x: (mp.log1p(-mp.erfc(x / mp.sqrt(2)) / 2) if x > 0
                               else mp.log(mp.erfc(-x / mp.sqrt(2)) / 2)),
    "erfcx": lambda mp, x: mp.exp(x * x) * mp.erfc(x),
    "entr": lambda mp, x: -x * mp.log(x) if x > 0 else (0 if x == 0 else -mp.inf),
    "airy_ai": lambda mp, x: mp.airyai(x),
    "bessel_j0": lambda mp, x: mp.besselj(0, x),
    "bessel_j1": lambda mp, x: mp.besselj(1, x),
    "bessel_y0": lambda mp, x: mp.bessely(0, x) if x > 0 else mp.nan,
    "bessel_y1": lambda mp, x: mp.bessely(1, x) if x > 0 else mp.nan,
    "modified_bessel_i0": lambda mp, x: mp.besseli(0, x),
    "modified_bessel_i1": lambda mp, x: mp.besseli(1, x),
    "modified_bessel_k0": lambda mp, x: mp.besselk(0, x) if x > 0 else mp.nan,
    "modified_bessel_k1": lambda mp, x: mp.besselk(1, x) if x > 0 else mp.nan,
    "scaled_modified_bessel_k0": lambda mp, x: mp.besselk(0, x) * mp.exp(x) if x > 0 else mp.nan,
    "scaled_modified_bessel_k1": lambda mp, x: mp.besselk(1, x) * mp.exp(x) if x > 0 else mp.nan,
    "spherical_bessel_j0": lambda mp, x: mp.sin(x) / x if x != 0 else mp.mpf(1),
    "xlog1py": lambda mp, x, y: (0 if x == 0 else x * mp.log1p(y)) if y > -1 or x == 0 else mp.nan,
    "zeta": lambda mp, x, q: mp.zeta(x, q) if x > 1 and q > 0 else mp.nan,
    **{f"{s}chebyshev_polynomial_{k}": _mp_cheb(k, bool(s)) for s in ("", "shifted_") for k in "tuvw"},
    "hermite_polynomial_h": _mp_poly(lambda x: 2 * x, lambda j, x, q, p: 2 * x * q - 2 * j * p),
    "hermite_polynomial_he": _mp_poly(lambda x: x, lambda j, x, q, p: x * q - j * p),
    "laguerre_polynomial_l": _mp_poly(lambda x: 1 - x, lambda j, x, q, p: ((2 * j + 1 - x) * q - j * p) / (j + 1)),
    "legendre_polynomial_p": _mp_poly(lambda x: x, lambda j, x, q, p: ((2 * j + 1) * x * q - j * p) / (j + 1)),
}
SPECIAL_OPS = {f"special.{n}" for n in SPECIAL_REFERENCES}
ULP_OPS |= SPECIAL_OPS


def special_no_worse(case, dtype, inputs, expect, got, fmt=None):
    """An rt.special value that is within the rule of the correctly rounded one, or no further
    from it than torch's (in ulps of fmt or in absolute error)."""
    if case.op not in SPECIAL_OPS or None in inputs or not _all_finite(inputs) or category(dtype) != "floating":
        return False
    try:
        ref = _mp_reference(SPECIAL_REFERENCES[case.op.split(".", 1)[1]], [float(x) for x in inputs], dtype)
    except (ValueError, ZeroDivisionError, OverflowError, TypeError):
        return False
    if "chebyshev" in case.op and not abs(float(inputs[1])) < 2 ** 20:
        # a Chebyshev polynomial of degree n > 2^20 inside (-1, 1): the closed form's phase
        # n acos(x) is rounded before the cosine, in torch (float/double) as in ours (double /
        # long double), and neither keeps a correct digit (README: where we differ)
        y = float(inputs[0]) * (2 if "shifted" in case.op else 1) - (1 if "shifted" in case.op else 0)
        if -1 < y < 1:
            return True
    e, g = complex(expect), complex(got)          # (a complex out= holds the real result)
    if e.imag or g.imag:
        return False
    e, g = e.real, g.real
    if math.isnan(ref):
        return False
    if close("ulp", dtype, ref, g, fmt):
        return True
    if math.isnan(e) or math.isnan(g) or math.isinf(g) and not math.isinf(e):
        return not math.isnan(g) and math.isnan(e)
    return abs(g - ref) <= abs(e - ref)


# exactly rounded on reals, computed (ulp) on complex values
EXACT_REAL_OPS = {"sgn", "sqrt", "reciprocal", "angle", "square", "lerp", "addcmul", "addcdiv"}
POW_OPS = {"pow", "float_power"}      # exact for integral results


def rule_of(case, dtype):
    cat = category(dtype)
    if cat in ("bool", "integral"):
        return "exact"
    if case.op in ULP_OPS or case.op in POW_OPS:
        return "ulp"
    if case.op in EXACT_REAL_OPS:       # ulp when the value computed is complex (angle, abs of it: real)
        complex_in = any((a[0] == "scalar" and isinstance(a[1], complex)) or (a[0] == "tensor" and category(a[2]) == "complex")
                         for a in case.args)
        return "ulp" if cat == "complex" or complex_in else "exact"
    if case.op in ("div", "mul") and cat == "complex" and not any(a[0] == "tensor" for a in case.args):
        # only Python numbers: one element, which torch computes in its scalar loop (README: complex
        # multiplication and division differ in the last bit between its loops; we follow the vectorised one)
        return "ulp"
    if case.op == "ldexp":
        e = case.args[1]
        int_exp = e[0] == "tensor" and category(e[2]) in ("integral", "bool")
        return "exact" if int_exp and cat != "complex" else "ulp"
    return "exact"


def same_bits(e, g):
    if isinstance(e, complex) or isinstance(g, complex):
        e, g = complex(e), complex(g)
        return same_bits(e.real, g.real) and same_bits(e.imag, g.imag)
    if isinstance(e, float) or isinstance(g, float):
        e, g = float(e), float(g)
        if math.isnan(e) or math.isnan(g):
            return math.isnan(e) and math.isnan(g)
        return e == g and math.copysign(1, e) == math.copysign(1, g)
    return e == g and type(e) is type(g)


def close(rule, dtype, e, g, fmt=None):
    """Do e (expected) and g agree under the rule, for a result of `dtype`?  fmt: the format whose
    ulps count (the coarser of the computation's and the result's; the result's own by default)."""
    if rule == "exact" or same_bits(e, g):
        return same_bits(e, g)
    if category(dtype) == "floating":
        fmt = fmt or dtype
        return close_real(float(e), float(g), fmt, ULPS[fmt])
    fmt = fmt or COMPONENT[dtype]
    e, g = complex(e), complex(g)
    try:
        mag = abs(e) if math.isfinite(e.real) and math.isfinite(e.imag) else 0.0
    except OverflowError:
        mag = 0.0
    tol = ulp_of(mag, fmt) if mag else 0.0
    return close_real(e.real, g.real, fmt, ULPS[fmt], tol) and close_real(e.imag, g.imag, fmt, ULPS[fmt], tol)


PRECISION = {"bfloat16": 8, "float16": 11, "float32": 24, "float64": 53}


def tolerance_format(comp, out):
    """The format in which a result computed in `comp` and stored in `out` is allowed its ulps."""
    fmts = [COMPONENT.get(d, d) for d in (comp, out) if category(d) in ("floating", "complex")]
    return min(fmts, key=PRECISION.get) if fmts else None


# ------------------------------------------------------------------------------------------- where torch is wrong
def _round(dtype, v):
    """A float64/complex128 value rounded to dtype's format."""
    if category(dtype) == "complex":
        f = COMPONENT[dtype]
        return complex(representable(f, v.real), representable(f, v.imag))
    return representable(dtype, v)


def _mp_reference(fn, args, dtype):
    import mpmath
    with mpmath.workprec(256):
        xs = [mpmath.mpc(a.real, a.imag) if isinstance(a, complex) else mpmath.mpf(float(a)) for a in args]
        v = fn(mpmath, *xs)
        if category(dtype) == "complex":
            v = mpmath.mpc(v)
            return _round(dtype, complex(float(v.real), float(v.imag)))
        if isinstance(v, mpmath.mpc):
            v = v.real if v.imag == 0 else mpmath.nan
        return _round(dtype, float(v))


def _all_finite(args):
    return all(math.isfinite(complex(a).real) and math.isfinite(complex(a).imag) for a in args
               if isinstance(a, (int, float, complex)))


def _logaddexp2(mp, a, b):
    lo, hi = sorted([a, b])
    return hi + mp.log1p(mp.power(2, lo - hi)) / mp.log(2)


FLOATING = ("float16", "bfloat16", "float32", "float64")
# (ops, result dtypes, region: predicate on the element's inputs, the correctly rounded value, reason)
TORCH_INACCURATE = [
    (("sinh", "cosh"), ("float32", "bfloat16"), lambda x: 88.72 < abs(x) < 89.42,
     lambda mp, x: getattr(mp, "sinh")(x), "SLEEF sinhf/coshf overflow below the true overflow threshold"),
    (("sinh", "cosh"), ("float64",), lambda x: 709.78 < abs(x) < 710.48, None,
     "SLEEF sinh/cosh overflow below the true overflow threshold"),
    (("erf",), ("float16", "bfloat16"), lambda x: 0 < abs(x) < 2.5e-4, lambda mp, x: mp.erf(x),
     "Vectorized<float>::erf (A&S 7.1.26) loses the relative accuracy near 0"),
    (("sqrt",), ("float32", "float64"), lambda x: True, lambda mp, x: mp.sqrt(x),
     "MKL VML sqrt is not correctly rounded"),
    (("logaddexp2",), ("float16", "bfloat16", "float32", "float64"), lambda a, b: True, _logaddexp2,
     "torch's vectorised logaddexp2 is more than the tolerance away from the true value"),
    (("logaddexp",), ("complex64", "complex128"), lambda a, b: abs(complex(a).real - complex(b).real) > 80, None,
     "c10's complex log1p overflows on a subnormal argument"),
    (("acos",), ("complex128",), lambda z: complex(z).imag != 0, lambda mp, z: mp.acos(z),
     "torch's vectorised complex128 acos, pi/2 - asin(z), cancels near z = 1"),
    (("pow", "float_power"), ("complex64", "complex128"), lambda x, y: complex(x) != 0,
     lambda mp, x, y: mp.power(x, y), "torch's complex pow, exp(y log x) in the complex dtype, is several ulp off"),
]


def _pole(mp, x):
    return x <= 0 and x == mp.floor(x)


def _logit(mp, x, eps=-1.0):
    x = min(max(x, eps), 1 - eps) if eps >= 0 else x
    return mp.nan if x < 0 or x > 1 else mp.log(x / (1 - x)) if 0 < x < 1 else (mp.inf if x == 1 else -mp.inf)


def _igamma(upper):
    def ref(mp, a, x):
        if a <= 0 or x < 0:
            return mp.nan
        return mp.gammainc(a, x, mp.inf, regularized=True) if upper else mp.gammainc(a, 0, x, regularized=True)
    return ref


def _sinc_float32(mp, x):
    """torch's float32 sinc, sin(y) / y with y = pi x rounded to float32, sin y correctly rounded to float32
    (ours; torch's glibc sinf is not)"""
    if x == 0:
        return mp.mpf(1)
    y = float(np.float32(np.float32(math.pi) * np.float32(float(x))))
    if not math.isfinite(y):
        return mp.nan
    return mp.mpf(float(np.float32(mp.sin(y)))) / y


SELU = (1.6732632423543772848170429916717, 1.0507009873554804934193349852946)
# issue 17's functions: wherever torch is off, ours must be the correctly rounded value (region None:
# every element, whatever the number of arguments; the number arguments are among the inputs)
TORCH_INACCURATE += [
    (("logit",), FLOATING, None, _logit, "log(x / (1 - x)) in the dtype loses digits near 1/2"),
    (("polygamma",), FLOATING, None,
     lambda mp, n, x: (mp.inf if int(n) % 2 else mp.nan) if _pole(mp, x) else mp.polygamma(int(n), x),
     "torch's trigamma sums six terms of the asymptotic series"),
    (("mvlgamma",), FLOATING, None,
     lambda mp, x, p: mp.mpf(int(p) * (int(p) - 1)) / 4 * mp.log(mp.pi)
     + sum(mp.re(mp.loggamma(x - mp.mpf(j) / 2)) for j in range(int(p))), "a sum of lgamma in the dtype"),
    (("igamma",), FLOATING, None, _igamma(False), "Cephes' igamma"),
    (("igammac",), FLOATING, None, _igamma(True), "Cephes' igammac: 1 - igamma where it cancels"),
    (("polar",), ("complex64", "complex128"), None, lambda mp, r, t: mp.mpc(r * mp.cos(t), r * mp.sin(t)),
     "abs * cos(angle) with cos rounded first"),
    (("selu",), FLOATING, None, lambda mp, x, *_: SELU[1] * x if x > 0 else SELU[0] * SELU[1] * mp.expm1(x),
     "exp(x) - 1 in the dtype"),
    (("celu",), FLOATING, None, lambda mp, x, a=1.0, *_: x if x > 0 else a * mp.expm1(x / a), "exp(x) - 1"),
    (("nn.functional.elu",), FLOATING, None, lambda mp, x, a=1.0, *_: x if x > 0 else a * mp.expm1(x), "exp(x) - 1"),
    (("nn.functional.gelu",), FLOATING, None, lambda mp, x: x / 2 * mp.erfc(-x / mp.sqrt(2)),
     "1 + erf(x / sqrt 2) cancels for x < 0"),
    (("nn.functional.silu",), FLOATING, None, lambda mp, x, *_: x / (1 + mp.exp(-x)), "SLEEF exp, then two roundings"),
    (("nn.functional.mish",), FLOATING, None, lambda mp, x, *_: x * mp.tanh(mp.log1p(mp.exp(x))), "three roundings"),
    (("nn.functional.softplus",), FLOATING, None,
     lambda mp, x, b=1, t=20: x if x * b > t else mp.log1p(mp.exp(x * b)) / b, "log1p(exp(x))"),
    (("nn.functional.logsigmoid",), FLOATING, None, lambda mp, x: -mp.log1p(mp.exp(-x)), "log1p(exp(-|x|))"),
    (("nn.functional.hardsigmoid",), FLOATING, None, lambda mp, x, *_: min(max(x + 3, 0), 6) / 6, "(x + 3) rounded"),
    (("nn.functional.hardswish",), FLOATING, None, lambda mp, x, *_: x * min(max(x + 3, 0), 6) / 6, "(x + 3) rounded"),
    (("nn.functional.tanhshrink",), FLOATING, None, lambda mp, x: x - mp.tanh(x), "x - tanh(x) cancels near 0"),
    (("acosh",), ("float32",), None, lambda mp, x: mp.acosh(x), "glibc's acoshf (std::acosh) is up to 2 ulps off"),
    (("sinc",), ("float32",), None, _sinc_float32, "glibc's sinf of pi x is not correctly rounded"),
]


def torch_is_wrong(case, dtype, inputs, expect, got, fmt=None):
    """Is this element inside a documented region where torch is inaccurate (dtype: the dtype
    computed in), with our value the correctly rounded one (within the rule, ulps of fmt)?"""
    for ops, dtypes, region, reference, _ in TORCH_INACCURATE:
        if case.op not in ops or dtype not in dtypes or (region is not None and
                                                           len(inputs) != region.__code__.co_argcount):
            continue
        try:
            if region is not None and not region(*inputs):
                continue
        except (TypeError, ValueError, OverflowError):
            continue
        if reference is None:           # torch overflows / gives nan where the value is finite
            return True
        if case.op in ("sinh", "cosh"):
            reference = {"sinh": lambda mp, x: mp.sinh(x), "cosh": lambda mp, x: mp.cosh(x)}[case.op]
        if not _all_finite(inputs):
            continue
        return close(rule_of(case, dtype), dtype, _mp_reference(reference, inputs, dtype), got, fmt)
    return False


def element_inputs(case, S):
    """A function i -> the operands of element i (tensors broadcast to the result's shape S)."""
    ns = run(torch, case)
    flat = {}
    for n in case.values:
        t = ns[n]
        try:
            flat[n] = [t.item()] if t.dim() == 0 else flat_values(torch, t.expand(S).contiguous())
        except RuntimeError:        # does not broadcast to S (an in-place self resized by nothing)
            flat[n] = None

    def at(i):
        out = []
        for a in case.args:
            if a[0] == "scalar":
                out.append(a[1])
            elif a[0] == "tensor":
                v = flat[a[1]]
                out.append(None if v is None else v[0] if len(v) == 1 else v[i])
        return out
    return at


def computation_dtype(case):
    """The dtype torch computes an out= / in-place call in: its functional form's result dtype."""
    ns = run(torch, case)
    err, _ = call(ns, case.functional)
    return None if err else str(ns["r"].dtype).replace("torch.", "")


def as_computed(case, comp, xs):
    """The element's operands converted to the floating/complex dtype computed in (ldexp's
    exponent is not: torch raises 2 to it in the pow's own dtype)."""
    out = []
    for k, x in enumerate(xs):
        if x is None or (case.op == "ldexp" and k == 1) or category(comp) not in ("floating", "complex"):
            out.append(x)
        elif category(comp) == "complex":
            x = complex(x)
            f = COMPONENT[comp]
            out.append(complex(representable(f, x.real), representable(f, x.imag)))
        elif isinstance(x, complex):
            out.append(x)
        else:
            out.append(representable(comp, float(x)))
    return out


def known_deviation(case, dtype, inputs, got, fmt=None):
    """README's deviations that are strict xfails of tests/test_golden_values.py, element by element
    (dtype: the dtype computed in; fmt: the format whose ulps count)."""
    if case.op == "addcmul" and dtype == "complex32":
        return True                     # torch rounds every step in complex<Half>; we round once
    if case.op == "pow" and dtype == "complex64" and case.args[1][0] == "scalar" and None not in inputs[:2]:
        # C's cpow vs c10's pow at the extremes of complex64 (golden powers_ternary:pow_scalar[complex64,py]):
        # huge or infinite exponents, and results beyond the format's range
        x, e = complex(inputs[0]), complex(inputs[1])
        if not (math.isfinite(e.real) and math.isfinite(e.imag)) or abs(e) >= 2**24:
            return True
        try:
            if _all_finite([x]) and x != 0:
                ref = _mp_reference(lambda mp, a, b: mp.power(a, b), [x, e], dtype)
                if math.isinf(ref.real) or math.isinf(ref.imag):
                    g = complex(got)
                    return math.isinf(g.real) or math.isinf(g.imag)
        except (OverflowError, ValueError):
            return False
    if case.op == "ldexp":
        x, e = inputs[:2]
        exact = None
        try:
            if category(dtype) != "complex" and _all_finite([x]):
                if isinstance(e, float) and not math.isfinite(e):
                    return True         # torch: x * pow(2, +-inf) (0 * inf -> nan); ours likewise defined
                exact = _mp_reference(lambda mp, a, b: a * mp.power(2, b), [x, e], dtype)
        except (OverflowError, ValueError):
            return False
        huge = isinstance(e, (int, float)) and not isinstance(e, bool) and abs(e) >= 15
        wide = case.args[1][0] == "tensor" and case.args[1][2] == "int64" and abs(e) > 2**31 - 1
        # a floating exponent: torch rounds 2 ** e to the pow's dtype first (ldexp[float64,float16], ...)
        fractional = isinstance(e, float) and math.isfinite(e) and e != int(e)
        if category(dtype) == "complex":
            return True                 # torch's complex pow(2, e)
        if (huge or wide or fractional) and exact is not None:
            return close(rule_of(case, dtype), dtype, exact, got, fmt)
    return False


def known_error_deviation(case, t_err, r_err):
    """complex32 ** 0.5 / -0.5 / -1: torch names the sqrt/rsqrt/reciprocal kernel, we name pow."""
    if case.op != "pow" or t_err is None or r_err is None or t_err[0] != r_err[0]:
        return False
    return (re.fullmatch(r'"(sqrt_vml_cpu|rsqrt_cpu|reciprocal_cpu)" not implemented for \'ComplexHalf\'', t_err[1])
            is not None and re.fullmatch(r'"\w+" not implemented for \'ComplexHalf\'', r_err[1]) is not None)


# ------------------------------------------------------------------------------------------- known runtime bugs
# Differences from torch found by this test that are bugs of the runtime, not yet fixed (each is
# reported with a repro; test_known_bug_is_still_there runs the repro as a strict xfail, so a fix
# shows up as a failure there, and the entry and its filter are then to be removed).  The filters
# below recognise exactly these differences and nothing else.
KNOWN_BUGS = {
    "resize_warning": ("torch resizes a wrong-shaped out= (with its warning) before it finds that no kernel "
                       "takes the dtype; the runtime raises first, without the warning",
                       "M.bitwise_not(M.ones(2), out=M.zeros(3))"),
    "out_self_message": ("clamp/clamp_min/clamp_max with out= being the input itself: torch treats the call as "
                         "in-place (the in-place cast check, first, worded 'result type Long can't be cast to the "
                         "desired output type bool'); the runtime as an out= call",
                         "a = M.tensor(False); out = M.clamp_max(a, 2147483647, out=a)"),
    "copy_to_itself": ("nan_to_num_ of an integral tensor (or nan_to_num with out= the tensor itself) is a copy "
                       "to itself in torch (a no-op, even for an expanded tensor); the runtime checks it for "
                       "internal overlap",
                       "a = M.ones(1, dtype=M.int64).expand(3); out = M.nan_to_num(a, out=a)"),
    "converted_operand_layout": ("torch converts an operand of another dtype than the computation's to a dense "
                                 "copy first (a fully broadcast one becomes contiguous), and lays out a new "
                                 "output by those copies; the runtime by the operands as given",
                                 "out = (M.ones(1, 1, 1, 1, dtype=M.bfloat16).expand(4, 2, 2, 5) "
                                 "+ M.ones(2, 5, 2).permute(0, 2, 1).expand(4, 2, 2, 5)).stride()"),
    "angle_complex_layout": ("angle of a complex tensor is computed into a complex temporary and copied into a "
                             "new, contiguous result in torch; the runtime's result follows the input's layout",
                             "out = M.zeros(2, 2, dtype=M.complex64).T.angle().stride()"),
    "conj_physical_copies": ("conj_physical of a real tensor returns the tensor itself in torch (and "
                             "conj_physical_ does nothing, not even the overlap check; with out= it runs conj_cpu, "
                             "which uint16/32/64 lack); the runtime returns a copy",
                             "a = M.ones(2); out = M.conj_physical(a) is a"),
    "alpha_negation_wrap": ("sub/rsub are add with -alpha in torch, negated as a 64-bit integer with wrap-around: "
                            "an alpha in 2**63 .. 2**64 - 1 becomes 2**64 - alpha (which may fit the dtype), "
                            "-2**63 stays -2**63; the runtime negates exactly and checks alpha itself",
                            "M.sub(M.ones(2, dtype=M.int32), M.ones(2, dtype=M.int32), alpha=2**64 - 1)"),
    "ldexp_resize_warning": ("ldexp(float x, integral exponent) without out=: torch makes the result like x and "
                             "resizes it to the broadcast shape, with the resize warning when x is smaller (and "
                             "before its kernel error); the runtime does not warn",
                             "M.ldexp(M.tensor(1.0), M.ones(3, dtype=M.int32))"),
    "value_check_before_kernel": ("torch converts a number (alpha, clamp's bounds, ...) to the computation "
                                  "dtype inside the kernel, after the dtype dispatch: a dtype without a kernel is "
                                  "reported first; the runtime checks the number's value first",
                                  "M.ones(2, dtype=M.uint16).add_(2, alpha=2147483647)"),
    "where_check_order": ("where: torch reports out='s dtype, and a number that does not fit the dtype, before "
                          "a non-boolean condition; the runtime the condition first",
                        "M.where(M.ones(2, dtype=M.int32), M.ones(2), M.ones(2), out=M.zeros(2, dtype=M.int8))"),
    "clamp_scalar_loop": ("clamp(x, min, max) with 0-dim tensor bounds runs torch's scalar loop whatever the "
                          "size (two scalar operands: no vectorised loop), which keeps x on signed-zero ties; "
                          "the runtime returns the bound, as torch's vectorised loop does",
                          "M.clamp(M.tensor([-0.0] * 64), M.tensor(-1.0), M.tensor(0.0))"),
    "clamp_inplace_order": ("clamp_/clamp_min_/clamp_max_ (and relu_) of an expanded tensor whose result type "
                            "cannot be cast back: torch's clamp meta reports the cast first, the runtime the "
                            "internal overlap",
                            "M.tensor([False]).expand(2).clamp_max_(0)"),
    "logsigmoid_layout": ("F.logsigmoid (torch's log_sigmoid_forward, with its buffer) gives a contiguous result "
                          "whatever the input's layout; the runtime's follows the input's",
                          "out = M.nn.functional.logsigmoid(M.zeros(2, 3).T).stride()"),
    "number_pow_strides": ("number ** tensor (pow, float_power with a Number base) gives torch a contiguous "
                           "result; the runtime's follows the exponent's layout",
                           "out = (2 ** M.zeros(2, 5, 3).permute(0, 2, 1)).stride()"),
}

def explain_error(case, t_ns, t_err, r_err):
    """The KNOWN_BUGS that explain a different outcome, or an empty set."""
    t_cls, t_msg = t_err or (None, "")
    if (case.op == "conj_physical" and case.inplace and t_err is None and r_err == ("RuntimeError", _INTERNAL_OVERLAP)
            and category(case.args[0][2]) != "complex"):
        return {"conj_physical_copies"}
    if (case.op == "conj_physical" and case.out and r_err is None and case.args[0][0] == "tensor"
            and case.args[0][2] in ("uint16", "uint32", "uint64") and t_msg.startswith('"conj_cpu" not implemented')):
        return {"conj_physical_copies"}
    if (t_cls == "NotImplementedError" and r_err is not None and r_err[0] == "RuntimeError"
            and re.fullmatch(r"value cannot be converted to type [\w:<> ]+ without overflow", r_err[1])):
        return {"value_check_before_kernel"}
    if (case.op == "where" and r_err is not None
            and (re.fullmatch(r"Expected out type to be \w+ but got \w+", t_msg)
                 or t_msg.startswith("value cannot be converted to type"))
            and r_err[1].startswith("where expected condition to be a boolean tensor")):
        return {"where_check_order"}
    if (case.op == "nan_to_num" and t_err is None and r_err == ("RuntimeError", _INTERNAL_OVERLAP)
            and case.args[0][0] == "tensor" and category(case.args[0][2]) != "floating"
            and (case.inplace or (case.out and t_ns["o"] is t_ns[case.args[0][1]]))):
        return {"copy_to_itself"}
    if (case.out and r_err is not None and case.op in ("clamp", "clamp_min", "clamp_max")
            and any(t_ns["o"] is t_ns[n] for n in case.values)
            and re.fullmatch(r"result type \w+ can't be cast to the desired output type [\w ]+", t_msg)):
        return {"out_self_message"}
    if (case.inplace and case.op in ("clamp", "clamp_min", "clamp_max", "relu") and r_err == ("RuntimeError", _INTERNAL_OVERLAP)
            and re.fullmatch(r"result type \w+ can't be cast to the desired output type [\w ]+", t_msg)):
        return {"clamp_inplace_order"}
    if _alpha_wraps(case):
        return {"alpha_negation_wrap"}
    return set()


def _alpha_wraps(case):
    """KNOWN_BUGS["alpha_negation_wrap"]: sub/rsub with an alpha whose 64-bit negation wraps."""
    alpha = case.kwargs.get("alpha")
    return (case.op in ("sub", "rsub") and isinstance(alpha, int) and not isinstance(alpha, bool)
            and (alpha == -2**63 or alpha >= 2**63))


_RESIZED = "An output with one or more elements was resized"


def explain_warnings(case, t_ns, t_err, t_warn, r_warn):
    """KNOWN_BUGS["resize_warning"] (or "ldexp_resize_warning") when that explains the different
    warnings, else None."""
    if any(not w[1].startswith(_RESIZED) for w in t_warn + r_warn):
        return None
    if (case.op == "ldexp" and not case.out and not case.inplace and len(t_warn) == 1 and r_warn == []
            and case.args[0][0] == "tensor" and case.args[1][0] == "tensor"
            and category(case.args[0][2]) == "floating" and category(case.args[1][2]) in ("integral", "bool")):
        return "ldexp_resize_warning"
    if not case.out:
        return None
    if t_err is not None and r_warn == [] and len(t_warn) in (1, 2):
        return "resize_warning"         # torch resized out= before its kernel / dtype error
    return None


# ------------------------------------------------------------------------------------------- the check
def check(case, seen_bugs=None):
    """The differences between torch and the runtime on the case (an empty list: none).
    Known runtime bugs (KNOWN_BUGS) that explain a difference are added to seen_bugs."""
    if kills_torch(case):
        return []
    t_ns, r_ns = run(torch, case), run(rt, case)
    t_err, t_warn = call(t_ns, case.call)
    r_err, r_warn = call(r_ns, case.call)
    bugs = set()
    problems = []
    if t_err != r_err and not known_error_deviation(case, t_err, r_err):
        bugs = explain_error(case, t_ns, t_err, r_err)
        if not bugs:
            return [f"outcome: torch {t_err or 'returns'}, runtime {r_err or 'returns'}"]
        if seen_bugs is not None:
            seen_bugs.update(bugs)
        return []
    if t_warn != r_warn:
        bug = explain_warnings(case, t_ns, t_err, t_warn, r_warn)
        if bug is None:
            problems.append(f"warnings: torch {t_warn}, runtime {r_warn}")
        elif seen_bugs is not None:
            seen_bugs.add(bug)
    if t_err is not None:
        return problems
    tr, rr = t_ns["r"], r_ns["r"]
    if isinstance(tr, tuple) and isinstance(rr, tuple):     # where(condition): index tensors; frexp
        ours = [(x.dtype.name, repr(x.tolist())) for x in rr if isinstance(x, rt.Tensor)]
        if len(ours) != len(rr) or ours != [(str(x.dtype)[6:], repr(x.tolist())) for x in tr]:
            problems.append(f"result: torch {tr!r}, runtime {rr!r}")
        return problems
    if not isinstance(tr, torch.Tensor) or not isinstance(rr, rt.Tensor):
        if repr(tr) != repr(rr):
            problems.append(f"result: torch {tr!r}, runtime {rr!r}")
        return problems
    t_dt, r_dt = str(tr.dtype).replace("torch.", ""), rr.dtype.name
    S = tuple(tr.shape)
    if t_dt != r_dt or S != tuple(rr.shape):
        return problems + [f"result: torch {t_dt} {tuple(tr.shape)}, runtime {r_dt} {tuple(rr.shape)}"]
    # the layout of the elements: strides of the dimensions that have more than one element
    # (a size-1 dimension's stride, or any stride of an empty tensor, addresses nothing)
    if tr.numel() and [s for s, n in zip(tr.stride(), S) if n > 1] != [s for s, n in zip(rr.stride(), S) if n > 1]:
        problems.append(f"strides: torch {tr.stride()}, runtime {rr.stride()}")
    for key in ["self0", "o"] + list(case.values):     # returns self, out, or an input itself
        if key in t_ns and (key != "o" or case.out) and (tr is t_ns[key]) != (rr is r_ns[key]):
            problems.append(f"result is {key}: torch {tr is t_ns[key]}, runtime {rr is r_ns[key]}")
    if problems and case.op == "conj_physical" and all(category(d) != "complex" for d, _ in case.values.values()):
        problems = []           # KNOWN_BUGS["conj_physical_copies"]
        if seen_bugs is not None:
            seen_bugs.add("conj_physical_copies")
    if (problems and all(p.startswith("strides") for p in problems)
            and len({a[2] for a in case.args if a[0] == "tensor"}) > 1):
        problems = []           # KNOWN_BUGS["converted_operand_layout"]: operands of different dtypes
        if seen_bugs is not None:
            seen_bugs.add("converted_operand_layout")
    if (problems and case.op == "angle" and case.args[0][0] == "tensor" and category(case.args[0][2]) == "complex"
            and all(p.startswith("strides") for p in problems)):
        problems = []           # KNOWN_BUGS["angle_complex_layout"]
        if seen_bugs is not None:
            seen_bugs.add("angle_complex_layout")
    if (problems and case.op == "nn.functional.logsigmoid" and all(p.startswith("strides") for p in problems)):
        problems = []           # KNOWN_BUGS["logsigmoid_layout"]
        if seen_bugs is not None:
            seen_bugs.add("logsigmoid_layout")
    if (problems and case.op in ("pow", "float_power") and case.args[0][0] == "scalar"
            and all(p.startswith("strides") for p in problems)):
        problems = []           # KNOWN_BUGS["number_pow_strides"]
        if seen_bugs is not None:
            seen_bugs.add("number_pow_strides")
    got = flat_values(rt, rr)
    comp = t_dt
    if case.out or case.inplace:
        comp = computation_dtype(case) or t_dt
    expect = None
    if got:     # the reference runs on a fresh copy of the operands (in-place calls changed theirs)
        expect = torch_vectorised(case, run(torch, case), S, comp)
    if expect is None:
        expect = flat_values(torch, tr)
    inputs = None
    bad = []
    fmt = tolerance_format(comp, t_dt)
    rule = rule_of(case, t_dt)
    for i, (e, g) in enumerate(zip(expect, got)):
        if close(rule, t_dt, e, g, fmt):
            continue
        inputs = inputs or element_inputs(case, S)
        xs = inputs(i)
        xk = as_computed(case, comp, xs)
        if (torch_is_wrong(case, comp, xk, e, g, fmt) or known_deviation(case, comp, xk, g, fmt)
                or special_no_worse(case, comp, xk, e, g, fmt)):
            continue
        if _alpha_wraps(case):
            if seen_bugs is not None:       # KNOWN_BUGS["alpha_negation_wrap"]
                seen_bugs.add("alpha_negation_wrap")
            continue
        if (case.op == "clamp" and {a[1] for a in case.args[1:] if a[0] == "tensor"} <= case.zero_dim
                and all(a[0] == "tensor" for a in case.args[1:]) and xs[0] == 0 == e == g
                and same_bits(e, xs[0]) and not same_bits(g, xs[0])):
            if seen_bugs is not None:       # KNOWN_BUGS["clamp_scalar_loop"]
                seen_bugs.add("clamp_scalar_loop")
            continue
        bad.append(f"[{i}] inputs {xs}: torch {e!r}, runtime {g!r}")
    if len(expect) != len(got):
        bad.append(f"{len(expect)} values from torch, {len(got)} from the runtime")
    if bad:
        problems.append(f"values ({rule}), {len(bad)} of {len(expect)} differ: " + "; ".join(bad[:4]))
    return problems


@deterministic("EW_HYPOTHESIS_EXAMPLES", DEFAULT_EXAMPLES)
@given(case=cases())
def test_runtime_agrees_with_torch(case):
    problems = check(case)
    assert not problems, f"\n{case}\n" + "\n".join(problems)


def _outcome_of(M, code):
    """The result (or exception) and warnings of a snippet (an expression, or statements setting out)."""
    ns = {"M": M}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            try:
                value = eval(compile(code, "<repro>", "eval"), ns)
            except SyntaxError:
                exec(compile(code, "<repro>", "exec"), ns)
                value = ns.get("out")
            result = ((str(value.dtype).split(".")[-1], tuple(value.shape), repr(value.tolist()))
                      if isinstance(value, (torch.Tensor, rt.Tensor)) else repr(value))
        except Exception as e:  # noqa: BLE001 - the exception is the outcome compared
            result = (type(e).__name__, norm_text(str(e)))
    return result, [(w.category.__name__, norm_text(str(w.message))) for w in caught
                    if not any(m in str(w.message) for m in IGNORED_WARNINGS)]


@pytest.mark.parametrize("bug", [pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=v[0]))
                                 for k, v in sorted(KNOWN_BUGS.items())])
def test_known_runtime_bug(bug):
    """The repro of each known bug still differs from torch (a fix makes this XPASS: then remove the
    entry from KNOWN_BUGS, and its filter)."""
    code = KNOWN_BUGS[bug][1]
    assert _outcome_of(rt, code) == _outcome_of(torch, code), code
