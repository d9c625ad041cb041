"""real(t) and imag(t): views of a complex tensor's parts (no kernel, no copy)."""
from .tensor import Tensor


def _check(name, input):
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")


def real(input):
    _check("real", input)
    return input.real


def imag(input):
    _check("imag", input)
    return input.imag
