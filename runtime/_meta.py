"""Type resolvers: TensorIterator's compute_types for a config, and the named meta functions
of the ops whose promotion no set of flags expresses (a config's `meta:` in ops.yaml), as
NumPy's ufunc type resolvers are named functions.

A resolver takes the config, the bound operands (Python numbers as wrapped 0-dim tensors)
and the function's name; it returns the computation dtype and the config that the rest of
the call follows.  `fits` names the dtype a Python number operand must fit, where the config
checks numbers (`check_scalars`); None leaves it unchecked."""
from __future__ import annotations

from . import promotion
from ._lib import tables
from .dtypes import BY_NAME
from ._warn import warn_once

_BUCKET_DIM, _BUCKET_ZERO, _BUCKET_WRAPPED = 0, 1, 2
# every operand, and out=, of the first input's dtype: TensorIterator's defaults
_SAME_DTYPES = {name: dict(c, promote_inputs=False, cast_to_outputs=False, safe_cast=False)
                for name, c in tables.CONFIGS.items()}


def promotion_operand(t):
    """(dtype, bucket) as torch's result_type weighs an operand: dims, 0-dim, wrapped number."""
    if t._wrapped:
        return promotion.scalar_dtype(t.item()), _BUCKET_WRAPPED
    return t.dtype, (_BUCKET_DIM if t._shape else _BUCKET_ZERO)


class Resolver:
    """TensorIterator's compute_types: the common dtype of the inputs when the config promotes
    them (the default float for an integral one, where it says so), else the first input's."""

    def types(self, cfg, operands, name):
        if cfg["promote_inputs"]:
            common = promotion.result_type_of([promotion_operand(t) for t in operands])
            if cfg["int_to_float"] and common.category in ("bool", "integral"):
                common = promotion.get_default_dtype()
            return common, cfg
        return operands[0].dtype, cfg

    def fits(self, common, value):
        return common

    def out_first(self, cfg, operands, name):
        """The dtype an out= must have before TensorIterator checks anything (None: no such check)."""
        return None


class Where(Resolver):
    """torch.where: a bool (or, deprecated, uint8) condition that takes no part in promotion;
    a number stored in a float16/bfloat16 result is converted unchecked, as setitem does."""

    def types(self, cfg, operands, name):
        cond = operands[0].dtype
        if cond.name not in ("bool", "uint8"):
            raise RuntimeError(f"{name} expected condition to be a boolean tensor, but got a tensor with dtype "
                               f"{cond.c10_name}")
        if cond.name == "uint8":
            warn_once(f"{name} received a uint8 condition tensor. This behavior is deprecated and will be removed "
                      "in a future version of PyTorch. Use a boolean condition instead.")
        return super().types(cfg, operands[1:], name)

    def fits(self, common, value):
        return None if common._unchecked_fill else common


class FloatPower(Resolver):
    """float_power: both operands converted to double, or complex double when either is complex."""

    def types(self, cfg, operands, name):
        cplx = any(promotion_operand(t)[0].is_complex for t in operands)
        return BY_NAME["complex128" if cplx else "float64"], cfg

    def out_first(self, cfg, operands, name):
        # torch's float_power is a composite: it checks out='s dtype before its pow's
        # TensorIterator looks at shapes
        return BY_NAME["complex128" if any(t.dtype.is_complex for t in operands) else "float64"]


class ClampScalar(Resolver):
    """clamp's Scalar overloads: a floating input keeps its dtype (the bounds do not promote it),
    and a complex bound is read as a double first."""

    def types(self, cfg, operands, name):
        if operands[0].dtype.is_floating_point:
            return operands[0].dtype, cfg
        return super().types(cfg, operands, name)

    def fits(self, common, value):
        return BY_NAME["float64"] if common.is_floating_point and isinstance(value, complex) else common


class Lerp(Resolver):
    """lerp_Tensor's meta: a weight with dims leaves TensorIterator's defaults in force (every
    operand and out= of self's dtype); a 0-dim weight promotes as the config says."""

    def types(self, cfg, operands, name):
        if operands[-1]._shape:
            cfg = _SAME_DTYPES[cfg["name"]]
        return super().types(cfg, operands, name)


class IsClose(Resolver):
    """isclose: both operands of one dtype ("Int did not match Float"); a bool or integral pair is
    compared in the default float (torch's composite converts both first)."""

    def types(self, cfg, operands, name):
        a, b = operands[0].dtype, operands[1].dtype
        if a is not b:
            raise RuntimeError(f"{a.c10_name} did not match {b.c10_name}")
        if a.category in ("bool", "integral"):
            common = promotion.get_default_dtype()
            return common, dict(cfg, promote_inputs=True)      # the inputs are cast into it
        return a, cfg


STANDARD = Resolver()
METAS = {"where": Where(), "float_power": FloatPower(), "clamp_scalar": ClampScalar(), "lerp": Lerp(),
         "isclose": IsClose()}


def resolver(cfg):
    return METAS[cfg["meta"]] if cfg["meta"] else STANDARD
