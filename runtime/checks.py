"""torch's explicit checks, by the names ops.yaml gives them.  Their texts come
from ops.yaml (generated/tables.py CHECKS); the logic is here, once per kind.

PRE checks look at the raw operands before promotion (torch's meta functions);
POST checks see the computed common dtype (torch's checks after the iterator build)."""
from ._lib import tables


def _is_bool(x):
    return isinstance(x, bool) or (not isinstance(x, (int, float, complex)) and x.dtype.category == "bool")


def no_bool_sub(texts, operands, raw, inplace):
    flags = [_is_bool(x) for x in raw]
    if all(flags):
        raise RuntimeError(texts["both"])
    if any(flags):
        raise RuntimeError(texts["one"])


def no_bool_neg(texts, operands, raw, inplace):
    if operands[0].dtype.category == "bool":
        raise RuntimeError(texts["one"])


def no_complex_inplace_abs(texts, operands, raw, inplace):
    if inplace and operands[0].dtype.is_complex:
        raise RuntimeError(texts["inplace"])


def alpha(texts, common, value):
    """torch's alpha_check: the alpha's kind must fit the common dtype; then its value must too."""
    if isinstance(value, bool):
        if common.category != "bool":
            raise RuntimeError(texts["bool"])
        return
    if not isinstance(value, int) and common.category not in ("floating", "complex"):
        raise RuntimeError(texts["float"])
    if isinstance(value, complex) and common.category != "complex":
        raise RuntimeError(texts["complex"])
    check_fits(value, common)


def check_fits(value, dt):
    """c10's checked_convert of a Python number to dt: RuntimeError when it overflows.
    Unsigned types accept -max..max (two's complement wrap), floats accept inf and nan."""
    if dt.category == "bool":
        return
    if dt.category == "integral":
        bits = dt.itemsize * 8
        hi = (1 << (bits - (1 if dt.is_signed else 0))) - 1
        lo = -hi - 1 if dt.is_signed else -hi
        ok = lo <= value <= hi
    else:
        limit = (dt.to_real() if dt.is_complex else dt).max
        parts = (value.real, value.imag) if isinstance(value, complex) else (value,)
        ok = all(abs(p) <= limit or p != p or abs(p) == float("inf") for p in map(float, parts))
    if not ok:
        raise RuntimeError(f"value cannot be converted to type {dt.scalar_name} without overflow")


PRE = {"no_bool_sub": no_bool_sub, "no_bool_neg": no_bool_neg, "no_complex_inplace_abs": no_complex_inplace_abs}
POST = {"alpha": alpha}

_missing = set(tables.CHECKS) - set(PRE) - set(POST)
if _missing:  # ops.yaml names a check this runtime does not know
    raise ImportError(f"runtime/checks.py has no implementation for checks {sorted(_missing)} of ops.yaml")
