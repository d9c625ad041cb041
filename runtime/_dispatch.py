"""One generic path for every op: bind -> pre-checks -> compute types (TensorIterator's
compute_types, driven by the op's config flags) -> post-checks -> kernel lookup ->
broadcast, cast, run.  The order of the errors is torch's."""
from __future__ import annotations

import math
import sys
import warnings

from generated import reductions

from . import _meta, checks, promotion
from ._lib import ffi, tables
from ._advanced import _nonzero_columns
from ._iterator import _contiguous_strides_cached, _numel, broadcast_shapes, check_overlap, output_strides, run
from .creation import full, number_tensor, wrap_scalar
from .dtypes import BY_NAME
from .scalars import NUMBER_TYPES, check_scalar_int, number, type_name
from .tensor import Tensor, new_output

_NUMBER_SET = frozenset(NUMBER_TYPES)
_CONFIGS = tables.CONFIGS
_CASTS = tables.CASTS


def is_operand(x):
    """Can a Python operator take x as its other operand? (NumPy scalars are numbers)"""
    return isinstance(x, (Tensor,) + NUMBER_TYPES) or number(x) is not None


def select(variants, value, error):
    """The op variant chosen by a keyword the parser checked (div's rounding_mode, round's
    decimals); '*' matches any other value."""
    try:
        return variants[value]
    except KeyError:
        if "*" in variants:
            return variants["*"]
        raise RuntimeError((error or "invalid value {value!r}").format(value=value)) from None


def overload(overloads, args):
    """The op variant whose `when` matches the kinds of the arguments (torch's overloads);
    the variant without conditions serves the rest."""
    default = None
    kinds = {a: _kind(x) for a, x in args.items()}
    for when, op in overloads:
        if not when:
            default = op
        elif all(_matches(kinds, a, k) for a, k in when.items()):
            return op
    return default


def _matches(kinds, arg, want):
    want = want if isinstance(want, (list, tuple)) else [want]
    def ok(kind):              # "tensor" matches a tensor of any category, "tensor:floating" one category
        return kind in want or kind.split(":")[0] in want
    if arg == "any":           # some argument is of that kind
        return any(ok(k) for k in kinds.values())
    return ok(kinds[arg])


def _kind(x):
    if x is None:
        return "none"
    if isinstance(x, Tensor):
        return "tensor:" + x.dtype.category
    return "number" if number(x) is not None else "other"     # other: the binding error names it


def _plain(x):
    if type(x) in _NUMBER_SET or isinstance(x, Tensor):
        return x
    n = number(x)
    return x if n is None else n


def _bind(op, args, method=None):
    """Tensors stay; Python numbers (which torch's parser let through) become wrapped 0-dim
    tensors."""
    operands = []
    for pos, x in enumerate(args):
        if isinstance(x, Tensor):
            operands.append(x)
        elif isinstance(x, NUMBER_TYPES):    # NumPy scalars: plained by the caller
            operands.append(wrap_scalar(x))
        else:
            raise TypeError(f"{method or op['function'] or op['name']}(): argument '{op['args'][pos]}' must be "
                            f"Tensor, not {type_name(x)}")
    return operands


_NONZERO_COUNT = reductions.REDUCTIONS["count_nonzero_all"]


def _nonzero_tuple(t):
    """torch.where(condition) = torch.nonzero(condition, as_tuple=True): per dim, the int64
    indices of the nonzero elements (a 0-dim condition counts as one dim), by advanced
    indexing's C walk over `condition != 0`."""
    if t.dtype.name not in _NONZERO_COUNT["dtypes"]:       # torch counts them first, with this kernel
        raise NotImplementedError(f"\"{_NONZERO_COUNT['label']}\" not implemented for '{t.dtype.c10_name}'")
    mask = t if t.dtype.category == "bool" else call(tables.OPS["ne"], (t, 0))
    return tuple(_nonzero_columns(mask.reshape(1) if not mask._shape else mask))


def _cast_error(result, out_dtype):
    return RuntimeError(f"result type {result.c10_name} can't be cast to the desired output type {out_dtype.c10_name}")


def _params(op, values):
    structs = ffi.new("ew_scalar[]", len(values) + 1)
    for s, v in zip(structs, values):
        if isinstance(v, complex):
            s.re, s.im = v.real, v.imag
        elif isinstance(v, float):
            s.re = v
            s.i = int(v) if v == v and abs(v) < 9.2e18 else 0
        else:       # 2**63 .. 2**64 - 1 (c10's unsigned Scalar): the same bits as int64
            s.i, s.re = int(v) - (1 << 64) if (1 << 63) <= v < (1 << 64) else int(v), float(v)
    return structs


# The short path: a call whose operands are tensors and Python numbers, with params that
# are plain bools, ints and floats (and an out= or in-place output), is decided entirely by
# its op, the dtypes of its tensors and whether they have dims, the kinds of its numbers,
# its params, the output's dtype and the default dtype: its key.  The first such call goes
# the general way and records its plan (kernel, result dtype, params, casts, the operand
# order the kernel takes); the next ones reuse it, here and in csrc/fastcall.c, which
# builds the same key (keep the two in step).  What varies per call (shapes, layouts,
# overlap, the numbers' values) is decided per call.
_PLANS = {}
_PLANS_MAX = 4096               # a varying alpha must not grow it forever
_PLAIN_KEYS = ("param_args",)
# the plan of an op that returns its input (torch.positive): no kernel, the first operand
_SELF_PLAN = (None,) * 9
_NUMBER_KINDS = {bool: -1, int: -2, float: -3, complex: -4}     # the dtypes wrap_scalar gives them
_INT64 = (-(1 << 63), (1 << 63) - 1)


def _plannable(op):
    return not (any(op[k] for k in _PLAIN_KEYS) or "ldexp_pow" in op["checks"]
                or any(isinstance(c, str) and c in checks.LATE and c not in checks.BY_PARAMS for c in op["checks"]))


for _op in tables.OPS.values():
    _op["plannable"] = _plannable(_op)


def _param_code(v, default):
    """A param's part of the key: None and the default itself are one case (_call_general
    reads None as the default); a type of its own for bools, ints and floats (True == 1 ==
    1.0), and for -0.0; None for what is not plannable (NaN, complex, tensors)."""
    t = type(v)
    negzero = t is float and v == 0 and math.copysign(1.0, v) < 0
    if v is None or (t is type(default) and v == default and not negzero):
        return 0, None
    if t is bool:
        return 1, v
    if t is int:
        return 2, v
    if t is float and v == v:
        return (4 if negzero else 3), v
    return None


def _plan_key(op, args, kwargs, out=None, inplace=False):
    if not op["plannable"] or len(args) != len(op["args"]):
        return None
    if op["optional"]:       # clamp(x, None, 3): keyed by the operands given, as _call_general runs it
        args = tuple(a for a, n in zip(args, op["args"]) if not (a is None and n in op["optional"]))
    if _CONFIGS[op["config"]]["condition"] and (type(args[0]) is not Tensor or args[0]._dtype.name != "bool"):
        return None          # where's uint8 condition warns (once): Python's
    if out is None:
        outcode = -1
    elif type(out) is Tensor and not out._wrapped:
        outcode = out._dtype.index + (1000 if inplace else 0)
    else:
        return None
    default = promotion.get_default_dtype()
    key = [op["name"], default.index, outcode]
    numbers = False
    for t in args:
        if type(t) is Tensor:
            if t._wrapped:
                return None
            key.append(t._dtype.index * 2 + (1 if t._shape else 0))
        else:
            kind = _NUMBER_KINDS.get(type(t))
            if kind is None or (kind == -2 and not _INT64[0] <= t <= _INT64[1]):
                return None
            key.append(kind)
            numbers = True
    if numbers and _by_value(op, args, default):
        return None
    for p, default in op["params"]:
        code = _param_code(kwargs.get(p) if kwargs else None, default)
        if code is None:
            return None
        key += code
    return tuple(key)


def _by_value(op, args, dtype):
    """Whether the numbers' values may decide this call's outcome, beyond its key: a plan must
    then not serve it.  An op's value check (pow's negative integer exponent) for the operand
    categories it concerns, and results torch makes without a kernel (x ** 0 is ones), which
    the kernel gives too only where it computes in a real floating dtype.  (The config's
    check_scalars, the number must fit the computation dtype, is the plan's `fits`: checked
    per call, in C too.)"""
    dtypes = [t._dtype for t in args if type(t) is Tensor]
    for c in op["checks"]:
        categories = checks.BY_VALUE.get(c) if isinstance(c, str) else None
        if categories and any(d.category in categories for d in dtypes):
            return True
    return bool(op["shortcuts"]) and (any(d.category != "floating" for d in dtypes)
                                      or any(type(t) is complex for t in args))


def _operand_order(args, inputs):
    """The argument each kernel input is (swapped ops take them in another order): None for
    the order of the call, False when it cannot be told."""
    order = []
    for i, t in enumerate(inputs):
        if t._wrapped:      # a number: by position, else the only number
            if i < len(args) and type(args[i]) is not Tensor:
                order.append(i)
                continue
            spots = [j for j, a in enumerate(args) if type(a) is not Tensor]
        else:
            if i < len(args) and args[i] is t:
                order.append(i)
                continue
            spots = [j for j, a in enumerate(args) if a is t]
        if len(spots) != 1:
            return False
        order.append(spots[0])
    if sorted(order) != list(range(len(args))):
        return False
    return None if order == list(range(len(args))) else tuple(order)


def call(op, args, kwargs=None, out=None, inplace=False, method=None):
    """Run `op` on positional operands `args` with keyword params `kwargs` (the op's own
    params are taken from it by name, defaults from ops.yaml)."""
    key = _plan_key(op, args, kwargs, out, inplace)
    plan = _PLANS.get(key) if key is not None and not inplace else None
    # (C serves the other planned forms: here, tensors in the call's order, for EW_NO_FASTPATH)
    if plan is not None and plan[7] is None and all(type(t) is Tensor for t in args):
        kernel, result, params, scalar_b, _, casts, _, _, _ = plan
        if kernel is None:
            return args[0]
        if not (scalar_b and _numel(args[1]._shape) == 1):
            shapes = [t._shape for t in args]
            shape = shapes[0] if all(s == shapes[0] for s in shapes) else broadcast_shapes(*shapes)
            if out is None:
                strides = output_strides(shape, args)
                res = Tensor._empty(shape, result) if strides is None else Tensor._empty_strided(shape, strides, result)
            elif out._shape == shape:
                res = out
                if out._strides != _contiguous_strides_cached(shape) or any(t._storage is out._storage for t in args):
                    check_overlap(out, args)
            else:
                res = None              # a resize: the general path
            if res is not None:
                if _numel(shape):
                    run(kernel, res, args, shape, params, casts)
                return res
    return _call_general(op, args, kwargs, out, inplace, method, key)


def _call_general(op, args, kwargs, out, inplace, method, plan_key):  # noqa: C901 - torch's steps, in order
    cfg = _CONFIGS[op["config"]]
    if cfg["condition"] and len(args) == 3 and args[1] is None and args[2] is None:
        return _nonzero_tuple(args[0])      # torch.where(condition)
    name = op["function"] or op["name"]
    # NumPy scalars act as the Python numbers they hold, in every position
    args = tuple(_plain(a) for a in args)
    if kwargs:
        kwargs = {k: _plain(v) for k, v in kwargs.items()}
    if op["param_args"]:     # lerp(x, y, 0.5): a number argument that the kernel takes as a param
        named = dict(zip(op["args"], args))
        kwargs = dict(kwargs or {}, **{p: named[p] for p in op["param_args"] if p in named})
        args = tuple(a for a, n in zip(args, op["args"]) if n not in op["param_args"])
    if op["optional"]:       # clamp(x, None, 3): absent arguments are left out
        args = tuple(a for a, n in zip(args, op["args"]) if not (a is None and n in op["optional"]))
    given = args            # the call's operands, as its plan is keyed
    if op["compose"]:        # rsub = add(other, input, alpha=-alpha), square = pow(input, 2)
        args = tuple(args[v] if kind == "arg" else v for kind, v in op["compose"])
    raw = args
    operands = _bind(op, args, method)
    kwargs = kwargs or {}
    # a None the signature allows (nan_to_num's nan=None) stands for the default
    params = [default if kwargs.get(p) is None and default not in ("max", "lowest") else kwargs.get(p)
              for p, default in op["params"]]
    for (pname, default), value in zip(op["params"], params):
        if value is None and default in ("max", "lowest"):
            continue
        if not isinstance(value, NUMBER_TYPES):
            raise TypeError(f"{name}(): argument '{pname}' must be Number, not {type(value).__name__}")
    if out is not None and not isinstance(out, Tensor):     # the parser let a number through (add, mul, ...)
        out = _number_out(number(out))

    # 1. torch's meta checks on the raw operands
    for check in op["checks"]:
        if not isinstance(check, str):
            checks.inline(check, [x if isinstance(x, NUMBER_TYPES) else t for x, t in zip(raw, operands)],
                          out, inplace)
        elif check in checks.PRE:       # a check may stand in for a composite's first stage
            operands = checks.PRE[check](tables.CHECKS[check], operands, out) or operands

    if op["returns_self"]:
        if plan_key is not None and operands[0] is given[0]:    # a tensor, its dtype's checks passed
            _record_plan(plan_key, _SELF_PLAN)
        return operands[0]
    resolver = _meta.resolver(cfg)
    if out is not None and cfg["exact_out"]:
        want = resolver.out_first(cfg, operands, name)      # float_power's composite: before TensorIterator
        if want is not None and out.dtype is not want:
            raise RuntimeError(op["errors"]["inplace" if inplace else "out"].format(
                out=out.dtype.c10_name, result=want.c10_name, out_cpp=out.dtype.cpp_name))
    if out is not None:     # TensorIterator's first check, on out= as given (before any resize)
        check_overlap(out, operands)
    shape = broadcast_shapes(*(t._shape for t in operands))      # then shapes, before dtypes and kernels
    if out is not None and out._shape != shape and (inplace or any(out is t for t in operands)):
        raise RuntimeError(f"output with shape {list(out._shape)} doesn't match the broadcast shape {list(shape)}")

    # 2. common dtype (TensorIterator compute_types, or the op's meta function)
    common, cfg = resolver.types(cfg, operands, name)
    if cfg["output_dtype"]:
        result = BY_NAME[cfg["output_dtype"]]
    elif cfg["output"] == "real" and common.is_complex:
        result = common.to_real()
    elif cfg["output"] == "complex":
        result = common.to_complex()
    else:
        result = common

    errors = op["errors"]
    if common.category in errors and not inplace:    # clamp: a complex result is refused first
        raise NotImplementedError(errors[common.category])

    # 3. the output's dtype: exact, safe casting, or all dtypes equal
    if cfg["exact_out"] and out is not None and out.dtype is not result:
        if inplace and "inplace" not in errors:     # in-place: the safe-cast rule
            if not promotion.can_cast(result, out.dtype):
                raise _cast_error(result, out.dtype)
        else:
            text = errors.get("inplace" if inplace else "out", "Found dtype {out} but expected {result}")
            raise RuntimeError(text.format(out=out.dtype.c10_name, result=result.c10_name, out_cpp=out.dtype.cpp_name))
    checked = cfg["check_scalars"]
    checked = checked and (checked is True or common.name in checked)
    # torch converts the numbers inside its dtype dispatch: a dtype without a kernel raises the
    # kernel's NotImplementedError instead (relu of float8_e8m0fnu, whose range lacks 0)
    if checked and common.name in op["kernels"]:
        for t in operands:
            if t._wrapped:
                v = t.item()
                fits = resolver.fits(common, v)
                if fits is not None:
                    checks.check_fits(v, fits)
    if out is not None and out.dtype is not common and not cfg["exact_out"]:
        if cfg["output"] == "real" and common.is_complex and not out.dtype.is_complex:
            if not promotion.can_cast(result, out.dtype):    # abs(complex, out=real)
                raise _cast_error(result, out.dtype)
        elif cfg["safe_cast"]:
            computed = result if cfg["output"] == "real" else common
            if not promotion.can_cast(computed, out.dtype):
                raise _cast_error(computed, out.dtype)
        elif not (cfg["promote_inputs"] or cfg["cast_to_outputs"] or cfg["output_dtype"]):
            raise RuntimeError(f"Found dtype {out.dtype.c10_name} but expected {common.c10_name}")
    if not (cfg["promote_inputs"] or cfg["cast_to_outputs"]):
        for t in operands[1:]:
            if t.dtype is not common:
                raise RuntimeError(f"Found dtype {t.dtype.c10_name} but expected {common.c10_name}")

    if common.category in errors:
        raise NotImplementedError(errors[common.category])

    # 4. checks that need the common dtype (alpha)
    named = dict(zip((p for p, _ in op["params"]), params))
    for check in op["checks"]:
        if isinstance(check, str) and check in checks.POST:
            logic, param = checks.POST[check]
            logic(tables.CHECKS[check], common, named if param is None else named[param])

    # 5. results torch makes without a kernel (pow: x ** 0 is ones, x ** 1 a copy)
    if op["shortcuts"]:
        pos, values, bools = op["shortcuts"]
        x = operands[pos]
        v = x.item() if x._wrapped else None
        if x._wrapped and (bools or not isinstance(v, bool)):
            for value, what in values:
                if v == value:
                    return _shortcut(what, operands[0], out, result, shape_of(operands))

    # 5. a kernel for the computation dtype
    # (torch's reduced-float path for a 1-element second operand dispatches float16/bfloat16 only)
    label = op["scalar_label"].get(common.name)
    if label is not None and len(operands) > 1 and _numel(operands[1]._shape) == 1:
        raise NotImplementedError(f'"{label}" not implemented for \'{common.c10_name}\'')
    if common._minifloat.get("packed", 1) > 1 and any(
            t.dtype is not common and not (cfg["condition"] and i == 0) and not (t._wrapped and cfg["meta"] == "clamp_scalar")
            for i, t in enumerate(operands)):
        # TensorIterator converts the operands to float4_e2m1fn_x2 before any kernel, and converts none
        # (where's condition is not converted; clamp's numbers are no operands in torch: its kernel reads them)
        raise NotImplementedError(f"\"copy_\" not implemented for '{common.c10_name}'")
    kernel = op["kernels"].get(common.name)
    if kernel is None:
        label = op["label"].get(common.name, op["label"]["default"])
        raise NotImplementedError(f'"{label}" not implemented for \'{common.c10_name}\'')

    for check in op["checks"]:
        if isinstance(check, str) and check in checks.LATE:
            logic, param = checks.LATE[check]
            logic(tables.CHECKS[check], common, named if param is None else named[param])

    # 6. the output tensor (torch resizes no out= that is an input: refused above)
    if out is None:
        out = new_output(shape, operands, result)
    else:
        if out._shape != shape:
            # where out='s dtype is not the common dtype, a structured kernel's TensorIterator
            # computes into a temporary of it, resized too (a second warning)
            _resize_out(out, shape, output_strides(shape, operands),
                        warn_times=2 if out.dtype is not common and not op["unstructured"] and (
                            cfg["cast_to_outputs"] or (cfg["output_dtype"] and
                                                       out.dtype is not BY_NAME[cfg["output_dtype"]])) else 1)

    # 7. run: inputs in the computation dtype, the loop, then the output's dtype
    values = [_param_value(p, default, v, common, op) for (p, default), v in zip(op["params"], params)]
    inputs = operands
    scalar_b = op["scalar_b"].get(common.name)
    if scalar_b is not None and _numel(operands[1]._shape) == 1:
        # torch's reduced-float mul/div read a 1-element second operand at float32 precision
        b = operands[1].item()
        values.append(float(b.real) if isinstance(b, complex) else float(b))
        kernel, inputs = scalar_b, operands[:1]
    kernel_out = kernel_out_dtype(cfg, common)
    # inputs of another dtype than the loop's, and an output of another dtype, are cast
    # chunk by chunk inside the C walker (per-thread buffers; no whole-tensor copies)
    casts = None
    if out.dtype is not kernel_out or any(t.dtype is not common for t in inputs):
        ci = common.index
        casts = [-1 if out.dtype is kernel_out else _CASTS[kernel_out.index][out.dtype.index]]
        casts += [-1 if t.dtype is common or (cfg["condition"] and i == 0) else _CASTS[t.dtype.index][ci]
                  for i, t in enumerate(inputs)]
        if None in casts:          # a packed minifloat (float4_e2m1fn_x2): torch converts none of its values
            raise NotImplementedError(f"\"copy_\" not implemented for '{common.c10_name}'")
    params_struct = _params(op, values) if values else None
    run(kernel, out, inputs, shape, params_struct, casts)
    if plan_key is not None and inputs is operands:
        fits = _fits_bounds(resolver.fits(common, 0.0)) if checked and any(t._wrapped for t in operands) else None
        if fits is not False:
            _record(plan_key, given, operands, kernel, out.dtype, params_struct, scalar_b is not None, casts, fits)
    return out


def _fits_bounds(dt):
    """checks.check_fits for a plan's real numbers, as (lo, hi, non-finite ok): each number v
    of a call must have lo <= v <= hi (or be inf/NaN where allowed), else the call goes the
    Python way, which raises (so the bounds may be narrower than the dtype's, never wider).
    None: no check (bool, and where's unchecked float16 fill); False: not plannable (minifloats)."""
    if dt is None or dt.category == "bool":
        return None
    if dt._minifloat:
        return False
    if dt.category == "integral":
        hi = (1 << (dt.itemsize * 8 - (1 if dt.is_signed else 0))) - 1
        lo = -hi - 1 if dt.is_signed else -hi
        flo, fhi = float(lo), float(hi)
        # int64's 2**63 - 1 rounds up to 2**63 as a double: the next double below, to stay inside
        return (flo if flo >= lo else math.nextafter(flo, 0.0), fhi if fhi <= hi else math.nextafter(fhi, 0.0), False)
    limit = (dt.to_real() if dt.is_complex else dt).max
    return (-limit, limit, True)


def _record(key, args, operands, kernel, result, params, scalar_b, casts, fits=None):
    """The plan of a call the general path ran (the C short path in fastcall.c reads these
    tuples too: it takes the params' and casts' addresses; `fits`: _fits_bounds, checked on
    the numbers of every call it serves)."""
    order = _operand_order(args, operands)
    if order is False:
        return
    casts = ffi.new("int[]", casts) if casts is not None else None
    _record_plan(key, (kernel, result, params, scalar_b, _address(params), casts, _address(casts), order, fits))


def _record_plan(key, plan):
    if len(_PLANS) >= _PLANS_MAX:
        _PLANS.clear()
    _PLANS[key] = plan


def _address(cdata):
    return 0 if cdata is None else int(ffi.cast("uintptr_t", cdata))


def shape_of(operands):
    return broadcast_shapes(*(t._shape for t in operands))


def _shortcut(what, x, out, result, shape):
    """pow's kernel-free results: ones, or the input converted to the result dtype."""
    if out is None:     # a new output in the layout torch's TensorIterator gives it (x's)
        return new_output(shape, [x], result)._copy_from(full((), 1, dtype=result) if what == "ones" else x)
    value = full(shape, 1, dtype=result) if what == "ones" else x.to(result)
    if out._shape != shape:
        _resize_out(out, shape)
    return out._copy_from(value)


def _param_value(name, default, value, common, op):
    """A kernel parameter: negated where ops.yaml says so, or the dtype's limit for None."""
    if value is None:
        limit = (common.to_real() if common.is_complex else common).max
        if limit is None:          # integral dtypes: the parameter is unused
            return 0
        return limit if default == "max" else -limit
    if isinstance(value, complex) and not common.is_complex:
        value = value.real      # c10's Scalar conversion (a nonzero imaginary part overflows: the checks)
    return -value if name in op["negate"] else value


def _number_out(v):
    """out= given as a number: a fresh 0-dim tensor of the dtype torch wraps it in (written, then dropped)."""
    return number_tensor(check_scalar_int(v), None)


def kernel_out_dtype(cfg, common):
    """The dtype the loop writes (before a cast to out='s dtype)."""
    if cfg["output_dtype"]:
        return BY_NAME[cfg["output_dtype"]]
    if cfg["output"] == "complex":
        return common.to_complex()
    return common.to_real() if cfg["output"] == "real" else common


def _resize_out(out, shape, strides=None, warn_times=1):
    """torch resizes a wrongly shaped out= (warning when it held elements) to the layout a new
    output would get (`strides`, None: contiguous), at its storage offset, inside its storage
    when that is big enough (a view writes into its base);
    a storage the runtime does not own (NumPy's, DLPack's) never grows.  Where torch would
    grow a storage other tensors share, we refuse: their views could not follow it."""
    for _ in range(warn_times if _numel(out._shape) else 0):
        warnings.warn(f"An output with one or more elements was resized since it had shape {list(out._shape)}, "
                      f"which does not match the required output shape {list(shape)}. This behavior is "
                      "deprecated, and in a future PyTorch release outputs will not be resized unless they have "
                      "zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero "
                      "elements with t.resize_(0).", UserWarning, stacklevel=4)
    size = out.dtype.itemsize
    shape = tuple(shape)
    strides = _contiguous_strides_cached(shape) if strides is None else strides
    need = (out._offset + (1 + sum((n - 1) * st for n, st in zip(shape, strides)) if _numel(shape) else 0)) * size
    storage = out._storage
    if need > storage.nbytes:
        if storage.owner is not None:
            raise RuntimeError("Trying to resize storage that is not resizable")
        if sys.getrefcount(storage) > 3:        # out's, ours and getrefcount's own
            raise RuntimeError(f"cannot resize out= to {list(shape)}: it would grow a storage that other tensors "
                               "share (the runtime does not move shared storage); pass an out= of the result's "
                               "shape, or a tensor of its own")
        fresh = Tensor._empty((need // size,), out.dtype)
        ffi.memmove(ffi.cast("char *", fresh._ptr), ffi.cast("char *", storage.ptr), storage.nbytes)
        out._storage, out._ptr = fresh._storage, fresh._storage.ptr + out._offset * size
    out._shape, out._strides = shape, strides
