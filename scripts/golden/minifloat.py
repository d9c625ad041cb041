"""python -m scripts.golden.minifloat: torch 2.13's float8 conversions and ops, recorded into
tests/data/golden_minifloat.json.gz for tests/test_minifloat.py (which needs neither torch nor NumPy).

What is recorded, per float8 format (raw little-endian bytes, base64):
  decode[dtype]:  the 256 codes converted to each other dtype (t.to(dtype)), as that dtype's bytes;
  encode[dtype]:  inputs[dtype] converted to the format, as its codes;
  mul / eq:       every pair of codes, a[i] * b[j] (codes) and a[i] == b[j] (bools), row-major;
  unary[op]:      the op on the 256 codes, as the result's bytes, or [exception class, message].
calls[format][call]: issue 17's functions (CALLS) on the codes, and on float4_e2m1fn_x2 bytes.
inputs[dtype]: the dense sample each dtype is converted from: every value of the 8- and 16-bit
dtypes (float16 and bfloat16 included); for float32, every code's value of every format, each
midpoint between neighbouring codes and the float32 next to it on both sides, the overflow and
subnormal thresholds, then random bit patterns; float64 the same points and their float64
neighbours (where rounding to float32 first, as torch does, decides a tie), then random values;
the wider integers their powers of two and neighbours and random values; the complex dtypes
random values (their real part is converted).

A file of this format only; the op-case files of scripts/golden are untouched by it.  Deterministic
for a given torch (seeded NumPy generator, gzip without a timestamp)."""
from __future__ import annotations

import base64
import math
import sys

import numpy as np
import torch

from . import ROOT
from golden_format import dump  # noqa: E402  (tests/ is on sys.path: scripts/golden/__init__.py)

SEED = 8
FORMATS = ("float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e8m0fnu")
OTHERS = ("bool", "uint8", "int8", "int16", "int32", "int64", "uint16", "uint32", "uint64", "float16", "bfloat16",
          "float32", "float64", "complex32", "complex64", "complex128") + FORMATS
UNARY = ("abs", "neg", "positive", "conj_physical", "isnan", "isinf", "isfinite", "isreal", "sigmoid", "sign")
PATH = ROOT / "tests" / "data" / "golden_minifloat.json.gz"
# issue 17's functions on the float8 codes and on float4_e2m1fn_x2 bytes: the outcome of each call
# (M: the module, x: the codes), what test_minifloat.py replays (most raise: which error is the point)
_SPECIAL_UNARY = ("airy_ai bessel_j0 bessel_j1 bessel_y0 bessel_y1 digamma entr erf erfc erfcx erfinv exp2 expit expm1 "
                  "gammaln i0 i0e i1 i1e log1p log_ndtr logit modified_bessel_i0 modified_bessel_i1 modified_bessel_k0 "
                  "modified_bessel_k1 ndtr ndtri psi round scaled_modified_bessel_k0 scaled_modified_bessel_k1 sinc "
                  "spherical_bessel_j0").split()
_SPECIAL_BINARY = ("xlogy xlog1py zeta gammainc gammaincc chebyshev_polynomial_t chebyshev_polynomial_u "
                   "chebyshev_polynomial_v chebyshev_polynomial_w shifted_chebyshev_polynomial_t "
                   "shifted_chebyshev_polynomial_u shifted_chebyshev_polynomial_v shifted_chebyshev_polynomial_w "
                   "hermite_polynomial_h hermite_polynomial_he laguerre_polynomial_l legendre_polynomial_p").split()
_F = ("relu relu6 elu selu celu gelu silu mish softplus softsign tanhshrink hardtanh hardsigmoid hardswish hardshrink "
      "softshrink leaky_relu logsigmoid sigmoid tanh").split()
CALLS = ([f"M.special.{n}(x)" for n in _SPECIAL_UNARY] + [f"M.special.{n}(x, 2)" for n in _SPECIAL_BINARY]
         + [f"M.special.{n}(x, x)" for n in ("xlogy", "zeta", "chebyshev_polynomial_t")]
         + ["M.special.multigammaln(x, 1)", "M.special.polygamma(1, x)"]
         + [f"M.nn.functional.{n}(x)" for n in _F] + ["M.nn.functional.threshold(x, 1.0, 0.5)"]
         + [f"M.nn.functional.{n}_(x.clone())" for n in ("relu", "elu", "selu", "celu", "hardtanh", "leaky_relu")]
         + ["M.logit(x)", "M.logit(x, 0.2)", "x.logit()", "M.polygamma(1, x)", "M.mvlgamma(x, p=1)", "M.igamma(x, x)",
            "M.igammac(x, x)", "M.frexp(x)", "M.isclose(x, x)", "M.allclose(x, x)", "M.equal(x, x)", "M.complex(x, x)",
            "M.polar(x, x)", "M.selu(x)", "M.celu(x)", "M.threshold(x, 1, 2)", "M.hardshrink(x)", "M.max(x, x)",
            "M.min(x, x)", "M.conj(x)", "M.resolve_conj(x)", "M.resolve_neg(x)", "M.sin_(x.clone())",
            "M.clamp_(x.clone(), 0, 1)", "M.round(x)", "M.round(x, decimals=0)", "M.round(x, decimals=1)"])


def b64(t):
    return base64.b64encode(t.contiguous().view(torch.uint8).numpy().tobytes()).decode()


def codes(fmt):
    return torch.arange(256, dtype=torch.int32).to(torch.uint8).view(getattr(torch, fmt))


def boundary_floats():
    """Every finite code's value of every format, the midpoints between neighbours, and the
    float32 on either side of each: where rounding, saturation and subnormals change."""
    points = set()
    for fmt in FORMATS:
        v = sorted({x for x in codes(fmt).float().tolist() if math.isfinite(x)})
        mids = [(a + b) / 2 for a, b in zip(v, v[1:])]
        top = v[-1]
        points.update(v + mids + [top * 1.0625, top * 1.125, top * 1.5, top * 2, top * 4])
    points.update([0.0, 2.0 ** -149, 2.0 ** -127, 2.0 ** -126, 3.4028234663852886e38, math.inf])
    out = []
    for p in sorted(points):
        f = np.float32(p)
        for x in (f, np.nextafter(f, np.float32(np.inf)), np.nextafter(f, np.float32(-np.inf))):
            out += [x, -x]
    return np.array(out + [np.float32(np.nan), -np.float32(np.nan)], dtype=np.float32)


def inputs(rng):
    out = {"bool": torch.tensor([False, True])}
    for name in ("uint8", "int8"):
        out[name] = torch.arange(256, dtype=torch.int32).to(torch.uint8).view(getattr(torch, name))
    for name in ("int16", "uint16", "float16", "bfloat16"):
        out[name] = torch.from_numpy(np.arange(65536, dtype=np.uint16).view(np.int16)).view(getattr(torch, name))
    edges = boundary_floats()
    f32 = np.concatenate([edges, rng.integers(0, 2**32, 30_000, dtype=np.uint64).astype(np.uint32).view(np.float32)])
    out["float32"] = torch.from_numpy(f32)
    e64 = edges.astype(np.float64)
    f64 = np.concatenate([e64, np.nextafter(e64, np.inf), np.nextafter(e64, -np.inf),
                          rng.standard_normal(10_000) * np.exp2(rng.integers(-140, 140, 10_000))])
    out["float64"] = torch.from_numpy(f64)
    for name, bits in (("int32", 32), ("int64", 64), ("uint32", 32), ("uint64", 64)):
        signed = name.startswith("int")
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
        vals = {v for k in range(bits) for v in ((1 << k) - 1, 1 << k, (1 << k) + 1, -(1 << k), -(1 << k) - 1)}
        vals |= {448, 449, 464, 465, 480, 57344, 61439, 61440, 61441, 65536, lo, hi}
        vals |= {int(v) for v in rng.integers(lo, hi, 1024, dtype=np.int64 if signed or bits < 64 else np.uint64,
                                              endpoint=True)}
        vals = sorted(v for v in vals if lo <= v <= hi)
        out[name] = torch.tensor(vals, dtype=torch.int64 if signed or bits < 64 else torch.uint64).to(getattr(torch, name))
    re = f32[:4096].astype(np.float64)
    im = rng.standard_normal(4096)
    out["complex128"] = torch.from_numpy(re + 1j * im)
    out["complex64"] = out["complex128"].to(torch.complex64)
    out["complex32"] = out["complex64"].to(torch.complex32)
    for fmt in FORMATS:
        out[fmt] = codes(fmt)
    return out


def attempt(fn):
    try:
        return b64(fn())
    except Exception as e:  # noqa: BLE001 - recorded as torch's outcome
        return [type(e).__name__, str(e)]


def call_outcome(M, call, x):
    """[result dtype, its bytes (base64)] (a tuple: a list of those; a bool: its repr), or
    [exception class, message]."""
    try:
        r = eval(call, {"M": M, "x": x})
    except Exception as e:  # noqa: BLE001 - recorded as the outcome
        return [type(e).__name__, str(e)]
    if isinstance(r, tuple):
        return [[str(t.dtype).split(".")[-1], b64(t)] for t in r]
    if isinstance(r, bool):
        return repr(r)
    return [str(r.dtype).split(".")[-1], b64(r)]


def float4_bytes(M):
    return M.tensor([0x00, 0x21, 0x08, 0x80, 0x7F, 0xF1], dtype=M.uint8).view(M.float4_e2m1fn_x2)


def generate():
    rng = np.random.default_rng(SEED)
    ins = inputs(rng)
    data = {"meta": {"torch": torch.__version__, "generator": "scripts/golden/minifloat.py", "seed": SEED,
                     "formats": list(FORMATS), "inputs": {k: len(v) for k, v in ins.items()}},
            "inputs": {k: b64(v) for k, v in ins.items()}, "formats": {}}
    for fmt in FORMATS:
        c = codes(fmt)
        a, b = c.repeat_interleave(256), c.repeat(256)
        data["formats"][fmt] = {
            "decode": {d: b64(c.to(getattr(torch, d))) for d in OTHERS},
            "encode": {d: b64(v.to(getattr(torch, fmt))) for d, v in ins.items()},
            "mul": attempt(lambda: a * b),
            "eq": attempt(lambda: a == b),
            "unary": {op: attempt(lambda: getattr(torch, op)(c)) for op in UNARY},
        }
    data["calls"] = {fmt: {call: call_outcome(torch, call, codes(fmt)) for call in CALLS} for fmt in FORMATS}
    data["calls"]["float4_e2m1fn_x2"] = {call: call_outcome(torch, call, float4_bytes(torch)) for call in CALLS}
    return data


def main():
    data = generate()
    raw = dump(PATH, data)
    print(f"{PATH.relative_to(ROOT)}: {len(FORMATS)} formats, {sum(data['meta']['inputs'].values())} inputs, "
          f"{raw} bytes of JSON, {PATH.stat().st_size} bytes gzipped", file=sys.stderr)


if __name__ == "__main__":
    main()
