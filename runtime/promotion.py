"""PyTorch's type promotion: promote_types (one table lookup), can_cast (category
order), the default dtype, and result_type's three buckets (dim > zero-dim >
wrapped Python number), as c10's ResultTypeState."""
from ._lib import tables
from .dtypes import ALL, BY_NAME, as_dtype, dtype
from .scalars import type_name

_RANK = {c: i for i, c in enumerate(tables.CATEGORIES)}
# an entry is a dtype, or the marker of torch's error for the pair (tables.PROMOTION_ERRORS)
_PROMOTION = [[j if isinstance(j, str) else ALL[j] for j in row] for row in tables.PROMOTION]

_state = {"default": BY_NAME[tables.DEFAULT_DTYPE]}
_INT64_MAX = (1 << 63) - 1
_DEFAULT_COMPLEX = {BY_NAME[f]: BY_NAME[c] for f, c in tables.DEFAULT_COMPLEX.items()}


def _dtype_arg(function, d, name, position):
    """A dtype argument as torch's parser reads one: a dtype, or the Python type bool, int, float
    or complex for the dtype its values get (bool, int64, float64, complex128)."""
    got = as_dtype(d)
    if got is None:
        raise TypeError(f"{function}(): argument '{name}' (position {position}) must be runtime.dtype, "
                        f"not {type_name(d)}")
    return got


def promote_types(type1, type2):
    """The dtype both promote to; RuntimeError for pairs torch refuses (uint16 with int, ...)."""
    type1, type2 = _dtype_arg("promote_types", type1, "type1", 1), _dtype_arg("promote_types", type2, "type2", 2)
    r = _PROMOTION[type1.index][type2.index]
    if isinstance(r, str):
        raise RuntimeError(tables.PROMOTION_ERRORS[r].format(a=type1.c10_name, b=type2.c10_name))
    return r


def can_cast(from_, to):
    """True unless the cast lowers the category (complex -> real, float -> int, any -> bool)."""
    from_, to = _dtype_arg("can_cast", from_, "from_", 1), _dtype_arg("can_cast", to, "to", 2)
    return _RANK[from_.category] <= _RANK[to.category]


def get_default_dtype():
    return _state["default"]


def set_default_dtype(d):
    if not isinstance(d, dtype):
        raise TypeError("invalid dtype object: only floating-point types are supported as the default type")
    if d not in _DEFAULT_COMPLEX:
        raise TypeError("only floating-point types are supported as the default type")
    _state["default"] = d


def default_complex_dtype():
    return _DEFAULT_COMPLEX[_state["default"]]


def scalar_dtype(value):
    """The dtype a wrapped Python number takes part in promotion with."""
    if isinstance(value, bool):
        return BY_NAME["bool"]
    if isinstance(value, int):      # 2**63 .. 2**64 - 1: an unsigned Scalar, as in c10
        return BY_NAME["uint64" if value > _INT64_MAX else "int64"]
    if isinstance(value, float):
        return _state["default"]
    return _DEFAULT_COMPLEX[_state["default"]]


def _combine(higher, lower):
    """Merge a lower-priority bucket into a higher one: it may lift the category only."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.category == "complex":
        return higher
    if lower.category == "complex":
        if higher.category == "floating":
            return higher.to_complex()
        return lower
    if higher.category == "floating":
        return higher
    if higher.category == "bool" or lower.category == "floating":
        return promote_types(higher, lower)
    return higher


def result_type_of(operands):
    """operands: (dtype, bucket) pairs, bucket 0 = dim tensor, 1 = zero-dim, 2 = wrapped number."""
    buckets = [None, None, None]
    for d, b in operands:
        buckets[b] = d if buckets[b] is None else promote_types(buckets[b], d)
    return _combine(buckets[0], _combine(buckets[1], buckets[2]))
