"""Branch param17: ours and torch's float32 logit, pow(x, y), softplus against mpmath (correctly
rounded to float32 from 60 digits), on a random sample.  Needs torch, numpy and mpmath.

    PYTHONPATH=. python scripts/param17_accuracy.py [N]
"""
import sys

import mpmath
import numpy as np
import torch

import runtime as rt

mpmath.mp.dps = 60
N = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
rng = np.random.default_rng(17)


def cr(v):
    """mpmath value -> float32, correctly rounded (through a 60-digit decimal string: exact enough)."""
    return np.float32(float(v)) if abs(v) > 1e-30 else np.float32(mpmath.nstr(v, 50))


def ulps(a, b):
    ia, ib = np.int64(a.view(np.int32)), np.int64(b.view(np.int32))
    ia = np.where(ia < 0, -(ia & 0x7FFFFFFF), ia)
    ib = np.where(ib < 0, -(ib & 0x7FFFFFFF), ib)
    return np.abs(ia - ib)


def report(name, x, ours, theirs, ref):
    for who, got in (("ours", ours), ("torch", theirs)):
        u = ulps(got, ref)
        print(f"{name}: {who}: {int((u != 0).sum())} of {len(x)} not correctly rounded, max {int(u.max())} ulp")


def main():
    x = rng.uniform(0, 1, N).astype(np.float32)
    ref = np.array([cr(mpmath.log(mpmath.mpf(float(v)) / (1 - mpmath.mpf(float(v))))) for v in x], np.float32)
    report("logit", x, rt.logit(rt.from_numpy(x)).numpy(), torch.logit(torch.from_numpy(x)).numpy(), ref)
    for y in (2.5, -1.7, 1 / 3, 1e-3, 7.0):
        xs = rng.uniform(0, 10, N).astype(np.float32) * (-1 if y == 7.0 else 1)
        yf = float(np.float32(y))
        ref = np.array([cr(mpmath.power(mpmath.mpf(float(v)), mpmath.mpf(yf))) for v in xs], np.float32)
        report(f"pow(x, {y:.4g})", xs, rt.pow(rt.from_numpy(xs), y).numpy(), torch.pow(torch.from_numpy(xs), y).numpy(), ref)
    xs = (rng.standard_normal(N) * 5).astype(np.float32)
    ref = np.array([np.float32(v) if v > 20 else cr(mpmath.log1p(mpmath.exp(mpmath.mpf(float(v))))) for v in xs], np.float32)
    report("softplus", xs, rt.nn.functional.softplus(rt.from_numpy(xs)).numpy(),
           torch.nn.functional.softplus(torch.from_numpy(xs)).numpy(), ref)


if __name__ == "__main__":
    main()
