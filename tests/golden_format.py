"""The value goldens' one format: encoding, file layout and ulp tolerance, shared by the
generator (scripts/golden/, which puts tests/ on sys.path to import this module) and the
replay (tests/golden_values.py).  Neither torch nor the runtime is imported here.

Values (JSON-safe, exact): a float is 'nan' (sign and payload dropped), 'inf', '-inf' or
float.hex() with trailing zero hex digits dropped ('-0x0p+0' is -0.0); float16/bfloat16
values are the exact value of the half; ints and bools as they are; a complex as [re, im]
of float encodings.

Operands: a tensor {"dtype", "shape", "values" (row-major, flat), optional "view": "T" |
"step2" (the operand is that view of the tensor)}; a Python number {"scalar": "bool" | "int"
| "float" | "complex", "value"}; a dtype {"dtype_arg": name} (reductions' dtype=); None as null.
A result that is a pair (max/min with a dim) adds "indices" (flat ints) to "expect"; a pair of
values (aminmax's min and max, var_mean's var and mean) adds "dtype2" and "values2" (the second
result, of the first's shape; "also_accept2" as "also_accept" for it).

Case: {"family", "op" (torch function name), "call": "function" | "method" | "inplace" |
"operator", "symbol" (operator calls: "+", "**=", "neg", ...), "args" [operand, ...],
"kwargs" {name: operand, or a literal such as rounding_mode='trunc' or decimals=1},
"out" {"dtype", "shape"} (an out= tensor), "rule": "exact" | "ulp" (see close() below),
"expect": {"dtype", "shape", "values"} | {"error": [exception class, message]}}, and
optionally: "also_accept" [[index, value], ...] (torch is inaccurate there: a value within
the rule of either passes), "scalar_loop_diff" [[index, value], ...] (what torch's scalar
loop, on stride-2 views, gives where it differs beyond the rule: information for failure
messages, never asserted), "source": "ours" (not torch's: our definition where torch
crashes), "note".

File: gzipped JSON {"meta": {...}, "groups": {"<variant>[<operand kinds>]": {"cases":
[case, ...]}}}, one per case family set (tests/data/golden_*.json.gz); meta says how it was
made (torch version, CPU capability, seed, counts, ulp budgets, what was left out and why).
"""
from __future__ import annotations

import gzip
import json
import math
import struct

REAL_OF = {"complex32": "float16", "complex64": "float32", "complex128": "float64"}
# significand bits (with the implicit one) and minimum normal exponent of each format
FORMAT = {"float16": (11, -14), "bfloat16": (8, -126), "float32": (24, -126), "float64": (53, -1022)}
# the generators' ulp budgets (written to meta["ulp"]; the tests read them back from there)
ULPS = {"float16": 2, "bfloat16": 2, "float32": 1, "float64": 1}


# ----------------------------------------------------------------------------- files
def load(path):
    with gzip.open(path, "rt") as f:
        return json.load(f)


def dump(path, data):
    """Write data as the goldens are written: compact JSON, gzip level 9 with mtime 0, so
    that regenerating from the same torch gives the same bytes."""
    raw = json.dumps(data, separators=(",", ":")).encode()
    with open(path, "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, compresslevel=9, mtime=0) as gz:
            gz.write(raw)
    return len(raw)


# ----------------------------------------------------------------------------- encoding
def enc_float(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    mant, exp = x.hex().split("p")
    if "." in mant:
        mant = mant.rstrip("0").rstrip(".")
    return f"{mant}p{exp}"


def enc(v):
    if isinstance(v, (bool, int)):
        return v
    if isinstance(v, float):
        return enc_float(v)
    if isinstance(v, complex):
        return [enc_float(v.real), enc_float(v.imag)]
    raise TypeError(f"unexpected element {v!r} of type {type(v).__name__}")


def dec(v):
    if isinstance(v, (bool, int)):
        return v
    if isinstance(v, str):
        return float.fromhex(v)
    return complex(float.fromhex(v[0]), float.fromhex(v[1]))


def flatten(x):
    """The elements of a nested list (Tensor.tolist()), row-major."""
    if isinstance(x, list):
        return [y for item in x for y in flatten(item)]
    return [x]


def dedupe(values):
    """values without repeats, in order; two values are the same when their encodings are
    (so NaNs of any sign are one value, -0.0 and +0.0 two)."""
    seen, out = set(), []
    for v in values:
        k = json.dumps(enc(v))
        if k not in seen:
            seen.add(k)
            out.append(v)
    return out


# ----------------------------------------------------------------------------- tolerance
def _bits16(x, fmt):
    if fmt == "float16":
        return struct.unpack("<H", struct.pack("<e", x))[0]
    return struct.unpack("<I", struct.pack("<f", x))[0] >> 16


def ordinal(x, fmt):
    """x's position on the ordered line of fmt's finite values (-0.0 and +0.0 are one point)."""
    if fmt == "float64":
        b, sign = struct.unpack("<Q", struct.pack("<d", x))[0], 1 << 63
    elif fmt == "float32":
        b, sign = struct.unpack("<I", struct.pack("<f", x))[0], 1 << 31
    else:
        b, sign = _bits16(x, fmt), 1 << 15
    return -(b - sign) if b & sign else b


def ulp_of(x, fmt):
    """The spacing of fmt's values at |x|."""
    p, emin = FORMAT[fmt]
    x = abs(x)
    if x == 0 or not math.isfinite(x):
        return math.ldexp(1.0, emin - p + 1)
    e = math.frexp(x)[1] - 1
    return math.ldexp(1.0, max(e, emin) - p + 1)


def close_real(e, g, fmt, n, abs_tol=None):
    """abs_tol None: a real result (zeros must have the same sign); else a complex component,
    which may also be abs_tol away (and a zero of either sign is within it)."""
    if math.isnan(e) or math.isnan(g):
        return math.isnan(e) and math.isnan(g)
    if math.isinf(e) or math.isinf(g):
        return e == g
    if e == 0 and g == 0 and abs_tol is None:
        return math.copysign(1, e) == math.copysign(1, g)
    if abs(ordinal(e, fmt) - ordinal(g, fmt)) <= n:
        return True
    return abs_tol is not None and abs(e - g) <= abs_tol


def close(rule, dtype, e, g, ulps=ULPS, *, magnitude_overflow_ok=False):
    """Do encoded values e (expected) and g agree under the rule, for a result of `dtype`,
    within ulps[fmt] units in the last place?

    A complex component may also differ by one ulp of |e|.  When |e| is beyond float64
    (complex128 components near the format's max), abs() raises OverflowError: that error
    propagates unless magnitude_overflow_ok, which instead drops the magnitude tolerance
    (only the ulp distance counts).  The generator passes magnitude_overflow_ok=True to
    decide what it records; the replay lets it propagate and counts it as a difference.
    """
    if rule == "exact" or e == g:
        return e == g
    if isinstance(e, list) != isinstance(g, list) or not isinstance(e, (str, list)):
        return False
    if isinstance(e, str):
        return close_real(dec(e), dec(g), dtype, ulps[dtype])
    fmt = REAL_OF[dtype]
    ez, gz = dec(e), dec(g)
    try:
        mag = abs(ez) if all(math.isfinite(c) for c in (ez.real, ez.imag)) else 0.0
    except OverflowError:      # |z| beyond float64: components near the format's max
        if not magnitude_overflow_ok:
            raise
        mag = 0.0
    tol = ulp_of(mag, fmt) if mag else 0.0
    return (close_real(ez.real, gz.real, fmt, ulps[fmt], tol)
            and close_real(ez.imag, gz.imag, fmt, ulps[fmt], tol))


def ulp_distance(dtype, e, g):
    """How many of the real format's values lie between encoded reals e and g (NaN: 0 from NaN,
    else infinite; an infinity: 0 from itself, else infinite)."""
    x, y = dec(e), dec(g)
    if math.isnan(x) or math.isnan(y):
        return 0 if math.isnan(x) and math.isnan(y) else math.inf
    if math.isinf(x) or math.isinf(y):
        return 0 if x == y else math.inf
    return abs(ordinal(x, dtype) - ordinal(y, dtype))


def distance(dtype, e, g):
    """For failure messages: the ulp distance of two encoded reals (or of each component)."""
    try:
        if isinstance(e, str) and isinstance(g, str) and dtype in FORMAT:
            return f" ({abs(ordinal(dec(e), dtype) - ordinal(dec(g), dtype))} ulp)"
        if isinstance(e, list) and isinstance(g, list) and dtype in REAL_OF:
            f = REAL_OF[dtype]
            return (f" ({abs(ordinal(dec(e[0]), f) - ordinal(dec(g[0]), f))}, "
                    f"{abs(ordinal(dec(e[1]), f) - ordinal(dec(g[1]), f))} ulp)")
    except (OverflowError, ValueError):
        pass
    return ""
