"""torch-level functions that are not one elementwise kernel: frexp (two kernels, a named
pair), allclose and equal (a Python bool).  (The negative-bit API, is_neg and resolve_neg, is _views.py's.)
The kernels are ops.yaml's (frexp_mantissa, frexp_exponent, isclose, eq)."""
from __future__ import annotations

from generated.tables import OPS

from . import _argparse as _p, _dispatch as _d
from ._argparse import REQUIRED
from ._reduce import _return_type
from .promotion import promote_types
from .tensor import Tensor


def _parsers(name, params, printed):
    """The function's and the method's parser of one signature: params as the generated code
    writes them, (name, type, nullable, default, keyword-only), `input` first."""
    slots = tuple(range(len(params)))
    defaults = [None if d is REQUIRED else d for _, _, _, d, _ in params]
    method_printed = "(" + printed[len("(Tensor input"):].lstrip(", ")
    return (_p.Parser(name, ((tuple(params), printed, False, slots),), defaults),
            _p.Parser(name, ((tuple(params[1:]), method_printed, False, slots[1:]),), defaults, method=True))


_INPUT = ("input", "Tensor", False, REQUIRED, False)
_OTHER = ("other", "Tensor", False, REQUIRED, False)
_TOLERANCES = (("rtol", "float", False, 1e-05, False), ("atol", "float", False, 1e-08, False),
               ("equal_nan", "bool", False, False, False))

FrexpResult = _return_type("frexp")
FrexpResult.mantissa = property(lambda self: self[0])
FrexpResult.exponent = property(lambda self: self[1])
FrexpResult.__repr__ = lambda self: f"runtime.return_types.frexp(\nmantissa={self[0]!r},\nexponent={self[1]!r})"

_P_frexp, _ = _parsers("frexp", [_INPUT, ("out", "Tensor[2]", True, None, True)],
                       "(Tensor input, *, tuple of Tensors out = None)")
_, _P_frexp_m = _parsers("frexp", [_INPUT], "(Tensor input)")


def _frexp(input, out):
    if not input.dtype.is_floating_point:
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    if out is None:
        return FrexpResult(_d.call(OPS["frexp_mantissa"], (input,)), _d.call(OPS["frexp_exponent"], (input,)))
    mantissa, exponent = out
    if mantissa.dtype is not input.dtype:
        raise RuntimeError(f"torch.frexp() expects mantissa to have dtype {input.dtype.cpp_name} but got "
                           f"{mantissa.dtype.cpp_name}")
    if exponent.dtype.name != "int32":
        raise RuntimeError(f"torch.frexp() expects exponent to have int dtype but got {exponent.dtype.cpp_name}")
    _d.call(OPS["frexp_mantissa"], (input,), None, mantissa)
    _d.call(OPS["frexp_exponent"], (input,), None, exponent)
    return FrexpResult(mantissa, exponent)


def frexp(*args, **kwargs):
    input, out = _P_frexp.parse(args, kwargs)
    return _frexp(input, out)


def _method_frexp(self, *args, **kwargs):
    _P_frexp_m.parse(args, kwargs)
    return _frexp(self, None)


_P_allclose, _P_allclose_m = _parsers("allclose", [_INPUT, _OTHER, *_TOLERANCES],
                                      "(Tensor input, Tensor other, float rtol = 1e-05, float atol = 1e-08, "
                                      "bool equal_nan = False)")


def _allclose(input, other, rtol, atol, equal_nan):
    close = _d.call(OPS["isclose"], (input, other), {"rtol": rtol, "atol": atol, "equal_nan": equal_nan})
    return bool(close.all().item())


def allclose(*args, **kwargs):
    return _allclose(*_P_allclose.parse(args, kwargs))


def _method_allclose(self, *args, **kwargs):
    _, other, rtol, atol, equal_nan = _P_allclose_m.parse(args, kwargs)
    return _allclose(self, other, rtol, atol, equal_nan)


_P_equal, _P_equal_m = _parsers("equal", [_INPUT, _OTHER], "(Tensor input, Tensor other)")


def _equal(input, other):
    """Same shape and equal values (compared after promotion, as torch's cpu_equal: NaN != NaN)."""
    if input.shape != other.shape:
        return False
    common = promote_types(input.dtype, other.dtype)
    if common._minifloat:       # (torch's equal loop has no float8/float4 kernel, even for empty tensors)
        raise NotImplementedError(f"\"equal_notnan_cpu\" not implemented for '{common.c10_name}'")
    return bool(_d.call(OPS["eq"], (input, other)).all().item())


def equal(*args, **kwargs):
    return _equal(*_P_equal.parse(args, kwargs))


def _method_equal(self, *args, **kwargs):
    _, other = _P_equal_m.parse(args, kwargs)
    return _equal(self, other)


for _fn, _parser, _m in ((frexp, _P_frexp, False), (_method_frexp, _P_frexp_m, True),
                         (allclose, _P_allclose, False), (_method_allclose, _P_allclose_m, True),
                         (equal, _P_equal, False), (_method_equal, _P_equal_m, True)):
    _fn.__signature__ = _parser.signature(_m)
del _fn, _parser, _m

FUNCTIONS = {"frexp": frexp, "allclose": allclose, "equal": equal}
METHODS = {"frexp": _method_frexp, "allclose": _method_allclose, "equal": _method_equal}
assert not any(hasattr(Tensor, name) for name in METHODS)
