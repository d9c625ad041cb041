"""The Tensor methods torch binds by hand, which parse their arguments as torch's parser does:
to(), the conversions of dtypes.yaml (half(), float(), ...), clone, contiguous, cpu,
is_contiguous, copy_, the real/imag setters and the legacy constructor Tensor(...).  They sit
above the tensor layer (runtime/__init__.py attaches METHODS to Tensor), so that they may use
argument parsing, devices and creation."""
from __future__ import annotations

import inspect

from . import _device, _formats
from ._advanced import setitem_value
from ._argparse import _option, format_invalid_args
from .creation import empty, number_tensor, tensor
from .dtypes import ALL, as_dtype
from .promotion import get_default_dtype
from .scalars import int_arg, is_long, number, type_name
from .tensor import Tensor


def _legacy_new(cls, *args, **kwargs):
    """torch.Tensor's legacy constructor: Tensor() is empty, Tensor(2, 3) uninitialised,
    Tensor(data) a copy in the default float dtype (a tensor keeps its own); device= is
    the CPU or an error."""
    if kwargs:
        _legacy_device(args, kwargs)
    if len(args) == 1 and isinstance(args[0], Tensor):
        return args[0]
    if len(args) == 1 and not isinstance(args[0], (list, tuple, int)) and int_arg(args[0]) is None:
        if isinstance(args[0], (str, bytes)):
            raise TypeError(f"new(): invalid data type '{type_name(args[0])}'")
        raise TypeError(f"new(): data must be a sequence (got {type_name(args[0])})")
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        return tensor(args[0], dtype=get_default_dtype())
    return empty(*args) if args else empty(0)


def is_contiguous(self, *args, **kwargs):
    fmt = _memory_format_only("is_contiguous", args, kwargs, _formats.contiguous_format, nullable=False)
    if fmt is _formats.channels_last or fmt is _formats.channels_last_3d:
        return _formats.is_contiguous_as(self._shape, self._strides, fmt)
    return self._is_contiguous()


def copy_(self, src, non_blocking=False):
    if not isinstance(src, Tensor):
        v = number(src)
        if v is None:
            raise TypeError(f"copy_(): argument 'other' (position 1) must be Tensor, not {type_name(src)}")
        src = number_tensor(v, None)
    if type(non_blocking) is not bool:
        raise TypeError(f"copy_(): argument 'non_blocking' (position 2) must be bool, not {type_name(non_blocking)}")
    return self._copy(src)


def to(self, *args, **given):
    """to(dtype), to(other), to('cpu'[, dtype]), with torch's keywords (dtype, copy, non_blocking).
    Keywords come as **given, in the caller's order, because torch's error texts show them."""
    bound = _bind_to(args, given)
    if bound is None and len(args) + len(given) == len(_TO_OVERLOADS[0]):
        _to_argument_error(args, given)     # only the first overload takes 5 arguments: its own error
    if bound is None:
        raise TypeError(_to_invalid(args, given))
    target = bound.get("dtype")
    device = bound.get("device")
    if device is not None:      # a device string, device or ordinal: parsed, then allocated on
        _device.check_allocation(_device.device_arg("to", device), conversion=True)
    if "tensor" in bound:                           # to(other): its dtype; a number's wrapped dtype
        other = bound["tensor"]
        target = other.dtype if isinstance(other, Tensor) else as_dtype(type(number(other)))
    return self._to(self._dtype if target is None else as_dtype(target), bound.get("copy", False),
                    bound.get("memory_format"))


def clone(self, *args, **kwargs):
    fmt = _memory_format_only("clone", args, kwargs, None)
    return self._like(self._dtype, fmt)._copy_from(self)


def contiguous(self, *args, **kwargs):
    if not args and not kwargs and self._is_contiguous():       # the common call, kept short (item())
        return self
    fmt = _memory_format_only("contiguous", args, kwargs, _formats.contiguous_format, nullable=False)
    if self.is_contiguous(memory_format=fmt):
        return self
    if fmt is _formats.preserve_format:
        raise RuntimeError("preserve memory format is unsupported by the contiguous operator")
    return self._dense_copy(fmt)


def cpu(self, *args, **kwargs):
    """The tensor on the CPU: itself (every runtime tensor is), or a copy in memory_format."""
    fmt = _memory_format_only("cpu", args, kwargs, None)
    return self._to(self._dtype, False, fmt)


@property
def real(self):
    return self._complex_part(False) if self._dtype.is_complex else self
@real.setter
def real(self, value):          # torch: t.real = v copies v into the real parts
    if not isinstance(value, Tensor):   # a Python number goes through setitem's conversion
        v = value if type(value) in (bool, int, float, complex) else number(value) if is_long(value) else None
        if v is None:
            raise TypeError(f"can't assign a {type_name(value)} to a runtime.{self._dtype.c10_name}Tensor")
        value = setitem_value(v, self.real._dtype)
    self.real.copy_(value)


@property
def imag(self):
    if not self._dtype.is_complex:
        raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")
    return self._complex_part(True)
@imag.setter
def imag(self, value):
    self.imag.copy_(value)


_CONVERSION_SIGNATURE = inspect.Signature([
    inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
    inspect.Parameter("memory_format", inspect.Parameter.KEYWORD_ONLY, default=None)])


def _memory_format_only(name, args, kwargs, default, nullable=True):
    """The one keyword-only argument of clone(), contiguous(), cpu(), half(), ...: memory_format,
    checked with torch's texts (None allowed where torch's signature has it nullable)."""
    if args:
        raise TypeError(f"{name}() takes 0 positional arguments but {len(args)} "
                        f"{'was' if len(args) == 1 else 'were'} given")
    fmt = _formats.memory_format_arg(name, kwargs["memory_format"], nullable) if "memory_format" in kwargs else default
    for key in kwargs:          # (after the known keyword's type, as torch's parser checks them)
        if key != "memory_format":
            raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
    return fmt


def _conversion(dt):
    """Tensor.<method>() of dtypes.yaml's `method` key: self.to(dt), with the signature of torch's
    half(*, memory_format=torch.preserve_format) and its error texts."""
    name = dt._method

    def convert(self, *args, **kwargs):
        return self._to(dt, False, _memory_format_only(name, args, kwargs, None))

    convert.__name__, convert.__qualname__ = name, f"Tensor.{name}"
    # the signature it accepts, which *args/**kwargs hide (they are there for torch's error texts)
    convert.__signature__ = _CONVERSION_SIGNATURE
    convert.__doc__ = f"{name}(*, memory_format=None) -> Tensor: self.to(runtime.{dt.name})"
    return convert


# dtypes.yaml's conversion methods: half(), float(), cfloat(), ...
CONVERSIONS = {dt._method: _conversion(dt) for dt in ALL if dt._method}


# torch's overloads of Tensor.to, in its order: (name, kind, required) per parameter; the last,
# memory_format, is keyword-only
_TO_OVERLOADS = (
    (("device", "Device", False), ("dtype", "ScalarType", False), ("non_blocking", "bool", False),
     ("copy", "bool", False), ("memory_format", "MemoryFormat", False)),
    (("dtype", "ScalarType", True), ("non_blocking", "bool", False), ("copy", "bool", False),
     ("memory_format", "MemoryFormat", False)),
    (("tensor", "Tensor", True), ("non_blocking", "bool", False), ("copy", "bool", False),
     ("memory_format", "MemoryFormat", False)),
)


def _to_arg_ok(kind, x, required):
    if x is None:
        return not required and kind in ("Device", "ScalarType", "MemoryFormat")    # their default is None
    if kind == "MemoryFormat":
        return isinstance(x, _formats.memory_format)
    if kind == "Device":        # a device, a device string, or an int: a device index
        return isinstance(x, (_device.device, str, bytes)) or is_long(x)
    if kind == "ScalarType":
        return as_dtype(x) is not None
    if kind == "bool":
        return type(x) is bool
    return isinstance(x, Tensor) or number(x) is not None       # Tensor: numbers are wrapped


def _bind_to(args, given):
    """{parameter: value} of the first overload of Tensor.to that takes these arguments, or None."""
    for params in _TO_OVERLOADS:
        if len(args) >= len(params) or set(given) - {name for name, _, _ in params}:
            continue
        bound = {}
        for i, (name, kind, required) in enumerate(params):
            if i < len(args):
                if name in given:               # given twice: by position and by keyword
                    break
                value = args[i]
            elif name in given:
                value = given[name]
            elif required:
                break
            else:
                continue
            if not _to_arg_ok(kind, value, required):
                break
            bound[name] = value
        else:
            return bound
    return None


_LEGACY_PRINTED = ["(*, runtime.device device = None)", "(runtime.Storage storage)", "(Tensor other)",
                   "(tuple of ints size, *, runtime.device device = None)",
                   "(object data, *, runtime.device device = None)"]


def _legacy_device(args, kwargs):
    """Tensor(..., device=d): torch's legacy constructor takes only CPU devices, and no device
    with a tensor; any other keyword, or a device of another type, matches no overload."""
    device = kwargs.get("device")
    if set(kwargs) != {"device"} or device is not None and not _device._is_device_arg(device):
        raise TypeError(format_invalid_args(args, kwargs, "new()", _LEGACY_PRINTED))
    if len(args) == 1 and isinstance(args[0], Tensor):
        raise RuntimeError("Legacy tensor constructor of the form torch.Tensor(tensor, device=device) is not "
                           "supported.  Use torch.tensor(...) or torch.as_tensor(...) instead.")
    if device is not None:
        d = _device.device_arg("new", device)
        if d.type != "cpu":
            raise RuntimeError(f"legacy constructor expects device type: cpu but device type: {d.type} was passed")


# the signatures that *args/**kwargs hide (they are there for torch's error texts)
for _method, _default in ((clone, None), (cpu, None), (contiguous, _formats.contiguous_format),
                          (is_contiguous, _formats.contiguous_format)):
    _method.__signature__ = inspect.Signature([
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter("memory_format", inspect.Parameter.KEYWORD_ONLY, default=_default)])


# the signature Tensor.to shows, which **given hides
to.__signature__ = inspect.Signature([
    inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
    inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL),
    *(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default)
      for name, default in (("dtype", None), ("copy", False), ("non_blocking", False), ("memory_format", None)))])


_TO_KINDS = {"Device": "runtime.device", "ScalarType": "runtime.dtype", "MemoryFormat": "runtime.memory_format",
             "bool": "bool"}


def _to_argument_error(args, given):
    """torch's parser, when one overload alone takes that many arguments: the first argument it
    refuses, then a keyword it does not know or that repeats a positional one."""
    params = _TO_OVERLOADS[0]
    if len(args) >= len(params):
        raise TypeError(f"to() takes from 0 to {len(params) - 1} positional arguments but {len(args)} were given")
    for i, (name, kind, required) in enumerate(params):
        by_keyword = i >= len(args)
        if by_keyword and name not in given:
            continue
        x = given[name] if by_keyword else args[i]
        if not _to_arg_ok(kind, x, required):
            where = "" if by_keyword else f" (position {i + 1})"
            raise TypeError(f"to(): argument '{name}'{where} must be {_TO_KINDS[kind]}, not {_to_type_name(x)}")
    names = [name for name, _, _ in params]
    for key in given:
        if key not in names:
            raise TypeError(f"to() got an unexpected keyword argument '{key}'")
        if names.index(key) < len(args):
            raise TypeError(f"to() got multiple values for argument '{key}'")


def _to_type_name(x):
    return type_name(x)


# torch's printed overloads of Tensor.to (torch's names as the runtime's)
_TO_PRINTED = ("(runtime.device device = None, runtime.dtype dtype = None, bool non_blocking = False, bool copy = "
               "False, *, runtime.memory_format memory_format = None)",
               "(runtime.dtype dtype, bool non_blocking = False, bool copy = False, *, runtime.memory_format "
               "memory_format = None)",
               "(Tensor tensor, bool non_blocking = False, bool copy = False, *, runtime.memory_format "
               "memory_format = None)")


def _to_invalid(args, given):
    """torch's invalid_arguments text for Tensor.to, as runtime/_argparse.py writes it for the ops
    (keywords newest first; an overload with as many slots as arguments says why it did not match)."""
    kwargs = list(given.items())[::-1]
    n = len(args) + len(kwargs)
    got = "".join([_to_type_name(a) + ", " for a in args] + [f"{k}={_to_type_name(v)}, " for k, v in kwargs])
    msg = f"to() received an invalid combination of arguments - got ({got[:-2] if args else got}), but expected one of:\n"
    for text in _TO_PRINTED:
        option = _option(text)
        msg += f" * {text}\n"
        if n != len(option):
            continue
        names = [name for name, _ in option[max(len(option) - len(kwargs), 0):]]
        unmatched = [k for k, _ in kwargs if k not in names]
        if unmatched:
            msg += "      didn't match because some of the keywords were incorrect: " + ", ".join(unmatched) + "\n"
            continue
        parts = []
        for i in range(n):
            name, kind = option[i]
            if i >= len(args) and name not in given:
                parts = None            # torch's kwargs.at() throws: nothing is printed
                break
            x = given[name] if i >= len(args) else args[i]
            mark = "" if _to_type_name(x) == kind else "!"
            parts.append(f"{mark}{name + '=' if i >= len(args) else ''}{_to_type_name(x)}{mark}, ")
        text = "".join(parts or [])
        msg += ("      didn't match because some of the arguments have invalid types: "
                + (("(" + (text[:-2] if args else text) + ")") if parts is not None else "") + "\n")
    return msg


METHODS = {"__new__": staticmethod(_legacy_new), "is_contiguous": is_contiguous, "copy_": copy_, "to": to,
           "clone": clone, "contiguous": contiguous, "cpu": cpu, "real": real, "imag": imag, **CONVERSIONS}
