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


def _method_function(name):
    """rt.<name>(input): the Tensor method, with torch's TypeError for what is not a tensor."""
    def function(input):
        _check(name, input)
        return getattr(Tensor, name)(input)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"{name}(input): input.{name}()"
    return function


conj, is_conj, resolve_conj, is_neg, resolve_neg = map(
    _method_function, ("conj", "is_conj", "resolve_conj", "is_neg", "resolve_neg"))
