"""The view functions of torch's namespace: real(t) and imag(t), views of a complex tensor's
parts, and the conjugate and negative bits (conj(t) is a view whose values are the conjugates,
torch's lazy conjugation; resolve_conj/resolve_neg make those values real memory)."""
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


def conj(input):
    _check("conj", input)
    return input.conj()


def is_conj(input):
    _check("is_conj", input)
    return input.is_conj()


def resolve_conj(input):
    _check("resolve_conj", input)
    return input.resolve_conj()


def is_neg(input):
    _check("is_neg", input)
    return input.is_neg()


def resolve_neg(input):
    _check("resolve_neg", input)
    return input.resolve_neg()
