"""torch's explicit checks.  Inline checks of ops.yaml (reject an operand category,
require an out= dtype) look at the raw operands before promotion, as torch's meta
functions do; named checks (alpha) see the computed common dtype.  Texts come from
ops.yaml, through generated/tables.py."""
from . import promotion
from ._lib import tables
from .dtypes import BY_NAME
from .scalars import check_fits, overflow


_ERRORS = {"RuntimeError": RuntimeError, "NotImplementedError": NotImplementedError,
           "TypeError": TypeError, "ValueError": ValueError}


def _category(x):
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "integral"
    if isinstance(x, float):
        return "floating"
    if isinstance(x, complex):
        return "complex"
    return x.dtype.category


def inline(check, raw, out, inplace):
    """An ops.yaml check: reject operand categories, or require an out= dtype."""
    if check.get("inplace_only") and not inplace:
        return
    error = _ERRORS[check.get("error", "RuntimeError")]
    if "reject_dtypes" in check:    # a kernel dispatched on one operand's own dtype
        for i in check.get("operands", (0,)):
            x = raw[i]
            if not isinstance(x, (bool, int, float, complex)) and x.dtype.name in check["reject_dtypes"]:
                raise error(check["message"].format(dtype=x.dtype.c10_name))
        return
    if "reject" in check:
        which = check.get("operands", "self")
        positions = isinstance(which, (list, tuple))
        chosen = [raw[i] for i in which] if positions else (raw[:1] if which == "self" else raw)
        hits = [_category(x) in check["reject"] for x in chosen]
        which = "all" if positions else which
        if all(hits) if which == "all" else any(hits):
            raise error(check["message"])
        return
    if out is None:
        return
    if "reject_out" in check:       # the kernel is chosen by the output's dtype too
        if out.dtype.name in check["reject_out"]:
            raise error(check["message"].format(out=out.dtype.c10_name))
        return
    if inplace:
        return
    want = "bool" if check["out_dtype"] == "bool" else raw[0].dtype.category
    same = out.dtype.category == "bool" if check["out_dtype"] == "bool" else out.dtype is raw[0].dtype
    if not same:
        raise error(check["message"].format(out=out.dtype.c10_name, input=raw[0].dtype.c10_name, want=want))


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


def decimals_fits(texts, common, value):
    """round's decimals is an int64 argument: torch's parser refuses a wider Python int."""
    if isinstance(value, int) and not -(1 << 63) <= value < (1 << 63):
        raise ValueError(texts["message"])


def same_dtypes(texts, operands, out):
    """All tensor inputs, and out=, of one dtype (heaviside)."""
    dtypes = {t.dtype for t in operands} | ({out.dtype} if out is not None else set())
    if len(dtypes) > 1:
        raise RuntimeError(texts["message"])


def negative_int_power(texts, operands, out):
    base, exponent = operands[0], operands[1]
    if (base.dtype.category in ("bool", "integral") and exponent._wrapped
            and exponent.dtype.category == "integral"):
        e = exponent.item()
        if e > (1 << 63) - 1:       # torch reads the exponent with Scalar::toLong (2**63 .. 2**64 - 1)
            raise RuntimeError("value cannot be converted to type int64_t without overflow")
        if e < 0:
            raise RuntimeError(texts["message"])


def value_fits(texts, common, value):
    """addcmul/addcdiv's `value`, converted to the type the kernel computes in."""
    check_fits(value, common._opmath or common)


def lerp_dtypes(texts, operands, out):
    """lerp: end, and a weight tensor with dimensions, must have input's dtype (C++ type names)."""
    x = operands[0]
    for name, t in zip(("end", "weight"), operands[1:]):
        if t.dtype is not x.dtype and (name == "end" or t._shape):
            raise RuntimeError(texts["message"].format(name=name, want=x.dtype.cpp_name, got=t.dtype.cpp_name))


def weight_fits(texts, common, value):
    """lerp's number weight, converted to the type the kernel computes in."""
    check_fits(value, common._opmath or common)


def ldexp_pow(texts, operands, out):
    """ldexp = mul(x, pow(2, exponent)): the pow computes in result_type(2, exponent), where 2
    is a 0-dim tensor of x's dtype when x is floating or complex, else a Python float; that
    dtype needs a pow kernel."""
    x, e = operands[0], operands[1]
    # measured on torch 2.13: the 2 acts as a Python float for integral x and for x of the
    # default dtype, and as a 0-dim tensor of x's dtype otherwise
    tensor_base = x.dtype.category in ("floating", "complex") and x.dtype is not promotion.get_default_dtype()
    base = (x.dtype, 1) if tensor_base else (promotion.scalar_dtype(2.0), 2)
    bucket = 2 if e._wrapped else (0 if e._shape else 1)
    pow_dtype = promotion.result_type_of([base, (e.dtype if not e._wrapped else promotion.scalar_dtype(e.item()),
                                                 bucket)])
    if pow_dtype.name not in tables.OPS["pow"]["kernels"]:
        raise NotImplementedError(texts["message"].format(dtype=pow_dtype.c10_name))
    # mul(x, pow(2, e)) promotes x with the pow's result: the exponent, in the pow's dtype
    return [x, e if e.dtype is pow_dtype else e.to(pow_dtype)]


def complex_parts(texts, operands, out):
    """complex(real, imag) and polar(abs, angle): two Half, Float or Double tensors of one dtype."""
    a, b = operands[0].dtype, operands[1].dtype
    if not all(d.name in ("float16", "float32", "float64") for d in (a, b)):
        raise RuntimeError(texts["kinds"].format(a=a.c10_name, b=b.c10_name))
    if a is not b:
        raise RuntimeError(texts["same"].format(a=a.c10_name, b=b.c10_name))


def _int64(value):
    """torch's parser reads an int argument as an int64 (as round's decimals)."""
    if not -(1 << 63) <= value < (1 << 63):
        raise ValueError("Overflow when unpacking long long")


def polygamma_n(texts, common, value):
    _int64(value)
    if value < 0:
        raise RuntimeError(texts["message"])


def mvlgamma_p(texts, common, value):
    """p >= 1; and torch's composite allocates p values per element (arange), which a huge p
    cannot have: its allocation error rather than a loop of p steps a value."""
    _int64(value)
    if value < 1:
        raise RuntimeError(texts["message"])
    if value * common.itemsize >= 1 << 63:
        raise RuntimeError(f"Storage size calculation overflowed with sizes=[{value}]")
    if value > 1 << 31:
        raise RuntimeError(f"DefaultCPUAllocator: can't allocate memory: you tried to allocate "
                           f"{value * common.itemsize} bytes. Error code 12 (Cannot allocate memory)")


def isclose_tolerances(texts, common, values):
    for name in ("rtol", "atol"):
        if not values[name] >= 0:       # (nan too)
            raise RuntimeError(texts[name].format(value=_cpp_double(values[name])))


def hardtanh_limits(texts, common, values):
    """aten's hardtanh: the limits read as int64 for an integer input (a float truncated, nan or
    one beyond int64 overflowing) or as double, then no negative one for a uint8 input (F.hardtanh's
    own min_val > max_val check is in Python before it: runtime/_nn.py)."""
    limits = _hardtanh_limits(common, values)
    if common.name == "uint8" and any(v < 0 for v in limits):
        raise RuntimeError(texts["unsigned"])


def hardtanh_fits(texts, common, values):
    """hardtanh's limits, converted into the input's dtype inside clamp's kernel (unless one is
    nan: clamp fills with nan first)."""
    limits = _hardtanh_limits(common, values)
    if all(v == v for v in limits):
        for v in limits:
            check_fits(v, common)


def _hardtanh_limits(common, values):
    integral = common.category == "integral"
    limits = []
    for v in (values["min_val"], values["max_val"]):
        check_fits(v, BY_NAME["int64" if integral else "float64"])
        v = v.real if isinstance(v, complex) else v
        limits.append(int(v) if integral else v)
    return limits


def softshrink_lambd(texts, common, value):
    """softshrink's lambd within [0, the dtype's max] (checked inside torch's dtype dispatch),
    read as a double (a complex one: c10's conversion error)."""
    check_fits(value, BY_NAME["float64"])
    value = value.real if isinstance(value, complex) else value
    top = common.max
    if not 0 <= value <= top:
        raise RuntimeError(texts["message"].format(max=_cpp_double(top), dtype=common.c10_name,
                                                   value=_cpp_double(value)))


def params_fit(texts, common, values):
    """The op's numbers, converted to its computation type (float for the half types) with
    c10's overflow check: a complex number or one beyond the type's range raises (elu's alpha,
    softplus's beta and threshold, ...)."""
    for value in values.values():
        check_fits(value, common._opmath or common)


def threshold_fits(texts, common, values):
    """threshold's threshold (into the input's computation type) and value (into its dtype),
    converted with c10's overflow check, where a float into an integral dtype must lie in its range (-1.0 overflows
    uint8; -1 wraps)."""
    for value, dt in ((values["threshold"], common._opmath or common), (values["value"], common)):
        if common.category == "integral" and isinstance(value, float) and value == value:
            bits = common.itemsize * 8
            lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if common.is_signed else (0, (1 << bits) - 1)
            if not lo <= value <= hi:
                raise overflow(common)
        check_fits(value, dt)


def round_decimals_zero(texts, common, value):
    """round(x, decimals=0) runs torch's round kernel (round.decimals calls it for 0), which has
    no integer (nor float8/float4) loop, where round(x) copies an integer tensor."""
    if value == 0 and (common.category != "floating" or common._minifloat):
        raise NotImplementedError(texts["message"].format(dtype=common.c10_name))


def celu_alpha(texts, common, value):
    check_fits(value, BY_NAME["float64"])       # a complex alpha: c10's conversion error (to double)
    if value == 0:
        raise RuntimeError(texts["message"])


def lambd_fits(texts, common, value):
    """hardshrink's lambd, converted to the computation type (a complex one: c10's error)."""
    check_fits(value, common)


def _cpp_double(v):
    """A double as C++'s ostream prints it (6 significant digits): -1, -0.5, -1e-05."""
    text = f"{float(v):.6g}"
    return text


PRE = {"same_dtypes": same_dtypes, "complex_parts": complex_parts, "negative_int_power": negative_int_power, "lerp_dtypes": lerp_dtypes,
       "ldexp_pow": ldexp_pow}
POST = {"alpha": (alpha, "alpha"), "decimals_fits": (decimals_fits, "decimals"),
        "round_decimals_zero": (round_decimals_zero, "decimals"),
        "polygamma_n": (polygamma_n, "n"), "mvlgamma_p": (mvlgamma_p, "p"), "isclose_tolerances": (isclose_tolerances, None),
        "celu_alpha": (celu_alpha, "alpha"),
        "hardtanh_limits": (hardtanh_limits, None)}
LATE = {"weight_fits": (weight_fits, "weight"), "softshrink_lambd": (softshrink_lambd, "lambd"),
        "params_fit": (params_fit, None), "lambd_fits": (lambd_fits, "lambd"), "value_fits": (value_fits, "value"),
        "threshold_fits": (threshold_fits, None), "hardtanh_fits": (hardtanh_fits, None)}       # inside torch's kernel: after the dtype dispatch     # check -> (logic, its param)
# the LATE checks whose outcome follows from the op's params and the common dtype alone: a plan (keyed
# by both) may serve their calls
BY_PARAMS = {"params_fit", "lambd_fits", "value_fits", "threshold_fits", "hardtanh_fits"}
# the checks whose outcome depends on a number's value, by the operand categories they concern
# (the C short path's plans must not serve those calls)
BY_VALUE = {"negative_int_power": ("bool", "integral")}

_missing = set(tables.CHECKS) - set(PRE) - set(POST) - set(LATE)
if _missing:  # ops.yaml names a check this runtime does not know
    raise ImportError(f"runtime/checks.py has no implementation for checks {sorted(_missing)} of ops.yaml")
