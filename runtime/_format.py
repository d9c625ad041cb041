"""repr(tensor) as torch prints it (torch/_tensor_str.py's rules: precision 4,
scientific notation for wide ranges, integer mode for whole floats, wrapping at
80 columns, `...` summaries above 1000 elements)."""
from __future__ import annotations

import math

from . import promotion
from .dtypes import BY_NAME

PRECISION, THRESHOLD, EDGEITEMS, LINEWIDTH = 4, 1000, 3, 80


class _Formatter:
    def __init__(self, values, floating, zero=0.0):
        self.floating = floating
        self.int_mode, self.sci_mode, self.max_width = True, False, 1
        if not floating:
            for v in values:
                self.max_width = max(self.max_width, len(str(v)))
            return
        # (torch leaves out the values equal to 0 stored in the dtype: 2**-127 in e8m0fnu)
        finite = [v for v in values if math.isfinite(v) and v != zero]
        if not finite:
            return
        absvals = [abs(v) for v in finite]
        lo, hi = min(absvals), max(absvals)
        self.int_mode = all(v == math.ceil(v) for v in finite)
        if self.int_mode:
            if hi / lo > 1000.0 or hi > 1.0e8:
                self.sci_mode = True
                self.max_width = max(len(f"{v:.{PRECISION}e}") for v in finite)
            else:
                self.max_width = max(len(f"{v:.0f}") + 1 for v in finite)
        elif hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4:
            self.sci_mode = True
            self.max_width = max(len(f"{v:.{PRECISION}e}") for v in finite)
        else:
            self.max_width = max(len(f"{v:.{PRECISION}f}") for v in finite)

    def width(self):
        return self.max_width

    def format(self, v):
        if self.floating:
            if self.sci_mode:
                s = f"{v:{self.max_width}.{PRECISION}e}"
            elif self.int_mode:
                s = f"{v:.0f}"
                if math.isfinite(v):
                    s += "."
            else:
                s = f"{v:.{PRECISION}f}"
        else:
            s = str(v)
        return (self.max_width - len(s)) * " " + s


def _summary_values(t):
    """The values the formatter sees: all, or the edge items of a summarised tensor."""
    if t.numel() <= THRESHOLD or t.ndim == 0:
        return t.reshape(-1).tolist() if t.ndim else [t.item()]
    out = []
    n = t.shape[0]
    rows = list(range(EDGEITEMS)) + list(range(n - EDGEITEMS, n)) if n > 2 * EDGEITEMS else range(n)
    for i in rows:
        out.extend(_summary_values(t[i]))
    return out


def _scalar(v, f1, f2):
    if f2 is None:
        return f1.format(v)
    real = f1.format(v.real)
    imag = (f2.format(v.imag) + "j").lstrip()
    return real + imag if imag[0] in "+-" else real + "+" + imag


def _vector(t, indent, summarize, f1, f2):
    element_length = f1.width() + 2 + (f2.width() + 1 if f2 is not None else 0)
    per_line = max(1, int(math.floor((LINEWIDTH - indent) / element_length)))
    n = t.shape[0]
    if summarize and n > 2 * EDGEITEMS:
        data = ([_scalar(v, f1, f2) for v in t[:EDGEITEMS].tolist()] + [" ..."]
                + [_scalar(v, f1, f2) for v in t[n - EDGEITEMS:].tolist()])
    else:
        data = [_scalar(v, f1, f2) for v in t.tolist()]
    lines = [", ".join(data[i:i + per_line]) for i in range(0, len(data), per_line)]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _body(t, indent, summarize, f1, f2):
    if t.ndim == 0:
        return _scalar(t.item(), f1, f2)
    if t.ndim == 1:
        return _vector(t, indent, summarize, f1, f2)
    n = t.shape[0]
    if summarize and n > 2 * EDGEITEMS:
        parts = ([_body(t[i], indent + 1, summarize, f1, f2) for i in range(EDGEITEMS)] + ["..."]
                 + [_body(t[i], indent + 1, summarize, f1, f2) for i in range(n - EDGEITEMS, n)])
    else:
        parts = [_body(t[i], indent + 1, summarize, f1, f2) for i in range(n)]
    return "[" + ("," + "\n" * (t.ndim - 1) + " " * (indent + 1)).join(parts) + "]"


def tensor_repr(t):
    prefix = "tensor("
    indent = len(prefix)
    suffixes = []
    if t.numel() == 0 and t.shape != (0,):
        suffixes.append(f"size={tuple(t.shape)}")
    defaults = (promotion.get_default_dtype(), promotion.default_complex_dtype(), BY_NAME["int64"], BY_NAME["bool"])
    if t.numel() == 0:          # torch names every dtype of an empty tensor but the default float
        defaults = (promotion.get_default_dtype(),)
    if t.dtype not in defaults:
        suffixes.append(f"dtype={t.dtype!r}")
    if t.numel() == 0:
        body = "[]"
    else:
        if t.dtype._minifloat.get("packed", 1) > 1:      # torch prints float4_e2m1fn_x2's bytes as numbers
            t = t.view(BY_NAME["uint8"]).to(BY_NAME["float32"])
        summarize = t.numel() > THRESHOLD
        values = _summary_values(t)
        floating = t.dtype.category in ("floating", "complex")
        if t.dtype.is_complex:
            f1 = _Formatter([v.real for v in values], True)
            f2 = _Formatter([v.imag for v in values], True)
        else:
            mf = t.dtype._minifloat
            f1, f2 = _Formatter(values, floating, 0.0 if mf.get("zero", True) else 2.0 ** -mf["bias"]), None
        body = _body(t, indent, summarize, f1, f2)
    return prefix + body + "".join(", " + s for s in suffixes) + ")"


def _repr(self):
    return tensor_repr(self)


METHODS = {"__repr__": _repr, "__str__": _repr}
