"""torch's out= paths of reductions that run other ops (ops.yaml `out_composite:`), step by step as
torch's own code, so their values and errors are torch's.  Each returns None when the call is not
its case (the general path of runtime/_reduce.py then runs)."""
from __future__ import annotations

import math


def std_complex_out(red, x, dim, keepdim, out, param, fname):
    """std(..., out=<complex>): torch's std_out computes the variance into out (real part, zero
    imaginary part) and then takes out.sqrt_() in complex arithmetic: a NaN variance gives nan+nanj,
    and complex32 raises sqrt's NotImplementedError."""
    if out is None or isinstance(out, tuple) or out.dtype.category != "complex":
        return None
    var = type(red)("var")          # (runtime/_reduce.py's Reduction: no import back into it)
    return var.run(x, dim, keepdim, None, out, fname=fname, param=param).sqrt_()


def logsumexp_real_out(red, x, dim, keepdim, out, param, fname):
    """logsumexp(<complex>, out=<real>): torch's logsumexp_out_impl sums exp(x - max) into the real
    out (keeping the real part) and takes the log of that: maxes over the real parts, infinite
    maxes replaced by 0 (through the squeezed view, so in maxes too)."""
    if out is None or x.dtype.category != "complex" or out.dtype.category == "complex":
        return None
    sum_ = type(red)("sum")
    dims = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
    if x.numel():
        maxes = x.real.amax(dims, keepdim=True)
        squeezed = maxes if keepdim else maxes.squeeze(tuple(d % max(x.ndim, 1) for d in dims))
        squeezed.copy_(squeezed.where(squeezed.abs() != math.inf, 0.0))     # masked_fill_, through the view
        sum_.run((x - maxes).exp_(), dims, keepdim, None, out)
        return out.log_().add_(squeezed)
    sum_.run(x.exp(), dims, keepdim, None, out)
    return out.log_()


COMPOSITES = {"std_complex_out": std_complex_out, "logsumexp_real_out": logsumexp_real_out}
