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
    from ._reduce import Reduction
    var = Reduction("var")
    return var.run(x, dim, keepdim, None, out, fname=fname, param=param).sqrt_()


def logsumexp_real_out(red, x, dim, keepdim, out, param, fname):
    """logsumexp(<complex>, out=<real>): torch's logsumexp_out_impl sums exp(x - max) into the real
    out (keeping the real part) and takes the log of that: maxes over the real parts, infinite
    maxes replaced by 0 (through the squeezed view, so in maxes too)."""
    if out is None or x.dtype.category != "complex" or out.dtype.category == "complex":
        return None
    import runtime as rt
    dims = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
    if x.numel():
        maxes = rt.amax(x.real, dims, keepdim=True)
        squeezed = maxes if keepdim else maxes.squeeze(tuple(d % max(x.ndim, 1) for d in dims))
        squeezed.copy_(rt.where(squeezed.abs() == math.inf, rt.zeros_like(squeezed), squeezed))   # masked_fill_
        rt.sum((x - maxes).exp_(), dims, keepdim, out=out)
        return out.log_().add_(squeezed)
    rt.sum(rt.exp(x), dims, keepdim, out=out)
    return out.log_()


COMPOSITES = {"std_complex_out": std_complex_out, "logsumexp_real_out": logsumexp_real_out}
