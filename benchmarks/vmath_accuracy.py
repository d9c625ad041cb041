"""Float32 accuracy of the vmath functions (csrc/vmath.h) against a long-double reference, with torch's.

    PYTHONPATH=. python benchmarks/vmath_accuracy.py [name ...]      # N=10000000 by default

Inputs: N random bit patterns (every finite float equally likely by its bits, so every binade),
N standard normal times 4, and the special values.  The reference is computed in x87 long double
(numpy.longdouble, 64-bit significand) and rounded to float: the correctly rounded value but for
inputs within 2^-40 of a halfway point.  Per function: the maximum ulp error and the count of
results that are not the correctly rounded float, ours and torch's on the same inputs (NaN must
be NaN; torch's results at inputs where it underflows or overflows are counted as they are).
torch and NumPy are needed."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import runtime as rt  # noqa: E402

N = int(os.environ.get("N", 10_000_000))
L = np.longdouble
F = torch.nn.functional
SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1.17549435e-38, -1.17549435e-38,
                    3.4028235e38, -3.4028235e38, 1.0, -1.0, 0.5, -0.5, 88.7, -88.7, 89.0, -104.0, 20.0, -20.0],
                   dtype=np.float32)


def tanhshrink_ref(x):
    z = x * x
    series = np.zeros_like(x)
    coef = [L(1) / 3, L(-2) / 15, L(17) / 315, L(-62) / 2835, L(1382) / 155925, L(-21844) / 6081075,
            L(929569) / 638512875, L(-6404582) / 10854718875, L(443861162) / 1856156927625,
            L(-18888466084) / 194896477400625, L(113927491862) / 2900518163668125]
    for c in reversed(coef):
        series = series * z + c
    return np.where(np.abs(x) < 0.125, x * z * series, x - np.tanh(x))


def softplus_ref(x):
    return np.maximum(x, 0) + np.log1p(np.exp(-np.abs(x)))


def elu_ref(x, alpha=1.0, scale=1.0, iscale=1.0):
    negcoef = L(np.float32(alpha) * np.float32(scale))
    return np.where(x > 0, x * L(np.float32(scale)), negcoef * np.expm1(x * L(np.float32(iscale))))


def gelu_tanh_ref(x):
    u = L(np.float32(0.79788456080286535588)) * (x + L(np.float32(0.044715)) * x * x * x)
    return x / (1 + np.exp(-2 * u))


SELU = (1.6732632423543772848170429916717, 1.0507009873554804934193349852946)
# name: (ours, torch's, long double reference)
FUNCTIONS = {
    "expm1": (rt.expm1, torch.expm1, np.expm1),
    "log": (rt.log, torch.log, np.log),
    "log1p": (rt.log1p, torch.log1p, np.log1p),
    "tanh": (rt.tanh, torch.tanh, np.tanh),
    "sigmoid": (rt.sigmoid, torch.sigmoid, lambda x: 1 / (1 + np.exp(-x))),
    "silu": (rt.nn.functional.silu, F.silu, lambda x: x / (1 + np.exp(-x))),
    "gelu_tanh": (lambda x: rt.nn.functional.gelu(x, approximate="tanh"), lambda x: F.gelu(x, approximate="tanh"), gelu_tanh_ref),
    "mish": (rt.nn.functional.mish, F.mish, lambda x: x * np.tanh(softplus_ref(x))),
    "softplus": (rt.nn.functional.softplus, F.softplus, lambda x: np.where(x > 20, x, softplus_ref(x))),
    "logsigmoid": (rt.nn.functional.logsigmoid, F.logsigmoid, lambda x: np.minimum(x, 0) - np.log1p(np.exp(-np.abs(x)))),
    "elu": (rt.nn.functional.elu, F.elu, elu_ref),
    "selu": (rt.selu, torch.selu, lambda x: elu_ref(x, *SELU)),
    "celu": (lambda x: rt.celu(x, 0.5), lambda x: torch.celu(x, 0.5), lambda x: elu_ref(x, 0.5, 1.0, np.float32(1 / np.float32(0.5)))),
    "tanhshrink": (rt.nn.functional.tanhshrink, F.tanhshrink, tanhshrink_ref),
}


def ulp_errors(got, ref):
    """|got - ref| in ulps of the float at ref (2^-149 at least); nan vs nan is 0, nan vs number inf."""
    refr = ref.astype(np.float32)
    e = np.frexp(np.abs(ref).astype(np.float64))[1].astype(np.float64)
    ulp = np.maximum(np.ldexp(1.0, (e - 24).astype(np.int64)), 2.0 ** -149)
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.abs(got.astype(L) - ref) / ulp.astype(L)
    err = np.where(got == refr, 0, err)
    nan_g, nan_r = np.isnan(got), np.isnan(refr)
    err = np.where(nan_g & nan_r, 0, np.where(nan_g | nan_r, np.inf, err))
    inf_r = np.isinf(refr)                       # an overflowing reference: exact only if equal
    err = np.where(inf_r & ~nan_g & ~nan_r, np.where(got == refr, 0, np.inf), err)
    return err.astype(np.float64)


def main():
    rng = np.random.default_rng(17)
    bits = rng.integers(0, 2 ** 32, N, dtype=np.uint64).astype(np.uint32).view(np.float32)
    x = np.concatenate([bits, (rng.standard_normal(N) * 4).astype(np.float32), SPECIAL])
    print(f"{len(x):,} float32 inputs: {N:,} random bit patterns, {N:,} normal * 4, {len(SPECIAL)} special values")
    print("| function | ours max ulp | ours not correctly rounded | torch max ulp | torch not correctly rounded |")
    print("|---|---|---|---|---|")
    with np.errstate(all="ignore"):
        xl = x.astype(L)
        for name, (ours, theirs, ref) in FUNCTIONS.items():
            if sys.argv[1:] and name not in sys.argv[1:]:
                continue
            r = ref(xl)
            o = ours(rt.from_numpy(x)).numpy()
            t = theirs(torch.from_numpy(x)).numpy()
            eo, et = ulp_errors(o, r), ulp_errors(t, r)
            print(f"| {name} | {eo.max():.3f} (x = {x[eo.argmax()]!r}) | {int((eo > 0).sum())} | "
                  f"{et.max():.3f} (x = {x[et.argmax()]!r}) | {int((et > 0).sum())} |", flush=True)


if __name__ == "__main__":
    main()
