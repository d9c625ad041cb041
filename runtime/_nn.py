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

from generated import ops as _ops
from generated.tables import OPS

from . import _argparse as _p, _dispatch as _d
from ._argparse import REQUIRED


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
                       leaky_relu, _threshold, sigmoid, tanh, elu_, hardtanh_, leaky_relu_)}
# the builtins torch.nn.functional re-exports
FUNCTIONS.update({f"nn.functional.{name}": _F[name] for name in ("relu_", "selu_", "celu_", "threshold_")})
FUNCTIONS["nn.functional.logsigmoid"] = logsigmoid
