"""rt.nn.functional as torch.nn.functional is built: most of its activations are Python functions
(torch/nn/functional.py) that test `if inplace:` and call a builtin of torch._C._nn (elu,
hardtanh, ...) or of torch (relu, selu, celu, threshold), so a bad call gets Python's own
TypeError ("relu() missing 1 required positional argument: 'input'"), or the builtin's parser
error, whose types are torch._C._nn's ("argument 'alpha' must be Number").  The Python layer is
copied here; the builtins are parsers of torch's signatures over ops.yaml's kernels.  F.gelu,
F.softplus, F.softshrink, F.logsigmoid (log_sigmoid), F.hardshrink and the F.<name>_ forms are
builtins themselves.  ops.yaml's `signatures:` of the nn.functional names are the Python
functions' (stubs, docs)."""
from __future__ import annotations

import math
import sys

from generated import ops as _ops
from generated.tables import OPS

from . import _argparse as _p, _dispatch as _d
from ._argparse import REQUIRED
from .scalars import check_fits


def _builtin(name, op, params=(), out=True, inplace=False):
    """torch._C._nn.<name>: (Tensor input, Number <param>=<default>, ..., *, Tensor out=None)
    over the kernel of ops.yaml's `op` (in place on input for the `_` forms)."""
    sig = [("input", "Tensor", False, REQUIRED, False)] + [(p, "Number", False, d, False) for p, d in params]
    printed = ["Tensor input"] + [f"Number {p} = {d}" for p, d in params]
    if out:
        sig.append(("out", "Tensor", True, None, True))
        printed.append("*, Tensor out = None")
    parser = _p.Parser(name, ((tuple(sig), "(" + ", ".join(printed) + ")", False, tuple(range(len(sig)))),),
                       [None] * len(sig))
    kernel = OPS[op]

    def f(*args, **kwargs):
        values = parser.parse(args, kwargs)
        given = dict(zip((p for p, _ in params), values[1:]))
        if inplace:
            return _d.call(kernel, (values[0],), given, values[0], inplace=True, method=name)
        return _d.call(kernel, (values[0],), given, values[-1] if out else None)

    f.__name__ = f.__qualname__ = name
    f.__signature__ = parser.signature(False)
    return f


# torch._C._nn's builtins that torch.nn.functional's Python functions call
elu = _builtin("elu", "elu", (("alpha", 1), ("scale", 1), ("input_scale", 1)))
elu_ = _builtin("elu_", "elu", (("alpha", 1), ("scale", 1), ("input_scale", 1)), out=False, inplace=True)
hardtanh_ = _builtin("hardtanh_", "hardtanh", (("min_val", -1), ("max_val", 1)), out=False, inplace=True)
_hardtanh = _builtin("hardtanh", "hardtanh", (("min_val", -1), ("max_val", 1)))
leaky_relu_ = _builtin("leaky_relu_", "leaky_relu", (("negative_slope", 0.01),), out=False, inplace=True)
_leaky_relu = _builtin("leaky_relu", "leaky_relu", (("negative_slope", 0.01),))
_unary = {name: (_builtin(name, op), _builtin(name + "_", op, out=False, inplace=True))
          for name, op in (("relu6", "relu6"), ("silu", "silu"), ("mish", "mish"), ("hardsigmoid", "hardsigmoid"),
                           ("hardswish", "hardswish"))}
_elu = elu
del elu
logsigmoid = _builtin("log_sigmoid", "logsigmoid")      # (F.logsigmoid is torch._C._nn.log_sigmoid)


def _rrelu_builtin(name, inplace):
    """torch.rrelu / torch.rrelu_ (at::rrelu_with_noise): in eval mode leaky_relu with the slope
    (lower + upper) / 2 (torch's eval path); in training mode a random slope in [lower, upper) for
    every element <= 0.  torch draws those from its generator, which this runtime has not: the
    slopes come from Python's `random` module (random.seed makes them reproducible), so training
    values match torch's distribution, not its numbers.  There is no `generator` argument."""
    sig = (("input", "Tensor", False, REQUIRED, False), ("lower", "Number", False, 0.125, False),
           ("upper", "Number", False, 0.3333333333333333, False), ("training", "bool", False, False, False))
    printed = "(Tensor input, Number lower = 0.125, Number upper = 0.3333333333333333, bool training = False)"
    parser = _p.Parser(name, ((sig, printed, False, tuple(range(len(sig)))),), [None] * len(sig))

    def f(*args, **kwargs):
        input, lower, upper, training = parser.parse(args, kwargs)
        lo, hi = (_scalar_double(v) for v in (lower, upper))
        for bound, v in (("lower", lo), ("upper", hi)):
            if not inplace and not math.isfinite(v):     # (only torch.rrelu checks; rrelu_ does not)
                raise RuntimeError(f"rrelu: {bound} bound must be finite, got {v}")
        if not lo <= hi:
            raise RuntimeError("Lower bound should be less than or equal to the upper bound")
        if training:
            return _rrelu_train(input, lo, hi, inplace)
        slope = (lo + hi) / 2          # (torch: (lower + upper) / 2 as 0-dim tensors)
        return leaky_relu_(input, slope) if inplace else _leaky_relu(input, slope)

    f.__name__ = f.__qualname__ = name
    f.__signature__ = parser.signature(False)
    return f


def _scalar_double(v):
    """Scalar::to<double>: a complex with an imaginary part overflows."""
    if isinstance(v, complex):
        if v.imag:
            raise RuntimeError("value cannot be converted to type double without overflow")
        v = v.real
    return float(v)


def _rrelu_train(input, lo, hi, inplace):
    """_rrelu_with_noise_train: r uniform in [lower, upper) (in the computation type: float for
    float32 and bfloat16), x r where x <= 0 (nan and x > 0 kept), rounded to the input's dtype."""
    import random
    import runtime as rt
    if input.dtype not in (rt.float32, rt.float64, rt.bfloat16):
        raise NotImplementedError(f"\"rrelu_with_noise_out_cpu\" not implemented for '{input.dtype.c10_name}'")
    opmath = rt.float64 if input.dtype == rt.float64 else rt.float32
    for v in (lo, hi):
        check_fits(v, opmath)           # (Scalar::to<opmath_t>)
    lo, hi = (rt.tensor(v, dtype=opmath).item() for v in (lo, hi))
    if not hi - lo <= sys.float_info.max:     # (uniform_real_distribution<double>'s check)
        raise RuntimeError("Expected to - from <= std::numeric_limits<T>::max() to be true, but got false.  "
                           "(Could this error message be improved?  If so, please report an enhancement "
                           "request to PyTorch.)")
    values = input.reshape(-1).tolist()
    noise = rt.tensor([lo + (hi - lo) * random.random() if v <= 0 else 1.0 for v in values], dtype=opmath)
    result = (input.to(opmath).reshape(-1) * noise).to(input.dtype).reshape(input.shape)
    return input.copy_(result) if inplace else result


rrelu_ = _rrelu_builtin("rrelu_", inplace=True)
_rrelu = _rrelu_builtin("rrelu", inplace=False)

# torch's own functions (torch.relu, torch.selu_, ...) and the generated kernels' functions
_F = {name: _ops.FUNCTIONS[name] for name in ("relu", "relu_", "selu", "selu_", "celu", "celu_", "threshold",
                                              "threshold_", "nn.functional.tanhshrink")}


# ----------------------------------------------------------------------------- torch/nn/functional.py
def relu(input, inplace=False):
    if inplace:
        return _F["relu_"](input)
    return _F["relu"](input)


def relu6(input, inplace=False):
    if inplace:
        return _unary["relu6"][1](input)
    return _unary["relu6"][0](input)


def elu(input, alpha=1.0, inplace=False):
    if inplace:
        return elu_(input, alpha)
    return _elu(input, alpha)


def selu(input, inplace=False):
    if inplace:
        return _F["selu_"](input)
    return _F["selu"](input)


def celu(input, alpha=1.0, inplace=False):
    if inplace:
        return _F["celu_"](input, alpha)
    return _F["celu"](input, alpha)


def silu(input, inplace=False):
    if inplace:
        return _unary["silu"][1](input)
    return _unary["silu"][0](input)


def mish(input, inplace=False):
    if inplace:
        return _unary["mish"][1](input)
    return _unary["mish"][0](input)


def softsign(input):
    return input / (input.abs() + 1)


def tanhshrink(input):
    # torch's `input - input.tanh()`, computed by one kernel that does not cancel
    input.tanh       # (a non-tensor: torch's AttributeError)
    return _F["nn.functional.tanhshrink"](input)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    if inplace:
        return hardtanh_(input, min_val, max_val)
    return _hardtanh(input, min_val, max_val)


def hardsigmoid(input, inplace=False):
    if inplace:
        return _unary["hardsigmoid"][1](input)
    return _unary["hardsigmoid"][0](input)


def hardswish(input, inplace=False):
    if inplace:
        return _unary["hardswish"][1](input)
    return _unary["hardswish"][0](input)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    if inplace:
        return leaky_relu_(input, negative_slope)
    return _leaky_relu(input, negative_slope)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    if inplace:
        result = rrelu_(input, lower, upper, training)
    else:
        result = _rrelu(input, lower, upper, training)
    return result


def _threshold(input, threshold, value, inplace=False):
    # (torch's function is named _threshold: its Python errors say so)
    if inplace:
        return _F["threshold_"](input, threshold, value)
    return _F["threshold"](input, threshold, value)


def sigmoid(input):
    return input.sigmoid()


def tanh(input):
    return input.tanh()


FUNCTIONS = {f"nn.functional.{f.__name__.lstrip('_')}": f
             for f in (relu, relu6, elu, selu, celu, silu, mish, softsign, tanhshrink, hardtanh, hardsigmoid, hardswish,
                       leaky_relu, _threshold, sigmoid, tanh, elu_, hardtanh_, leaky_relu_, rrelu, rrelu_)}
# the builtins torch.nn.functional re-exports
FUNCTIONS.update({f"nn.functional.{name}": _F[name] for name in ("relu_", "selu_", "celu_", "threshold_")})
FUNCTIONS["nn.functional.logsigmoid"] = logsigmoid
FUNCTIONS.update(rrelu=_rrelu, rrelu_=rrelu_)          # torch.rrelu, torch.rrelu_ (no methods)
