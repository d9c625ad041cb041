"""torch's Python argument parser (python_arg_parser.cpp, invalid_arguments.cpp), driven by
the signatures codegen parsed from ops.yaml: overloads are tried in order (deprecated ones
last), each argument is checked by its type as torch checks it, and a call that matches no
overload gets torch's TypeError, word for word."""
from __future__ import annotations

import inspect
import warnings

from .dtypes import as_dtype
from .scalars import number, type_name
from .tensor import Tensor

REQUIRED = object()
_NUMPY_NAMES = {"input": ("x", "a", "x1"), "other": ("x2",), "dim": ("axis",), "keepdim": ("keepdims",)}
def _is_int(x):
    """THPUtils_checkLong: an int that is not a bool (NumPy integers count)."""
    return type(number(x)) is int


# the schema types torch prints otherwise (codegen/schema.py's PRINTED)
_PRINTED = {"int[1]": "tuple of ints", "ScalarType": "runtime.dtype", "Tensor[2]": "tuple of Tensors"}


def _int_like(x):
    return _is_int(x) or (_zero_dim(x) and x.dtype.category == "integral")


def _int_list(x, name):
    """An `int[1]` argument: one int, or a tuple/list of them (is_int_or_symint_list looks at the
    first element only; the others fail when unpacked, with torch's text)."""
    if _int_like(x):
        return True
    if not isinstance(x, (tuple, list)):
        return False
    if x and isinstance(x[0], bool):
        raise TypeError(f"{name}(): argument 'dim' must be tuple of ints, but found element of type bool at pos 0")
    return not x or _int_like(x[0])


def _int_list_value(x, name, pname, pos):
    if not isinstance(x, (tuple, list)):
        return (int(x.item() if isinstance(x, Tensor) else number(x)),)
    out = []
    for v in x:
        if not _int_like(v):
            raise TypeError(f"{name}(): argument '{pname}' failed to unpack the object at pos {pos} with error "
                            f"\"type must be tuple of ints,but got {type_name(v)}\"")
        out.append(int(v.item() if isinstance(v, Tensor) else number(v)))
        if not -2 ** 63 <= out[-1] < 2 ** 63:     # (torch's text goes on with a C++ backtrace)
            raise TypeError(f"{name}(): argument '{pname}' failed to unpack the object at pos {len(out)} with error "
                            "\"Overflow when unpacking long long")
    return tuple(out)


def _zero_dim(x):
    return isinstance(x, Tensor) and not x._shape


def _check(kind, x, numbers_as_tensors):
    """FunctionParameter::check: does x bind to an argument of this type?"""
    if kind == "Tensor":
        return isinstance(x, Tensor) or (numbers_as_tensors and number(x) is not None)
    if kind == "Number":
        return number(x) is not None or _zero_dim(x)
    if kind == "float":   # THPUtils_checkDouble: Python floats and ints, NumPy scalars, 0-dim tensors
        return (isinstance(x, (int, float)) or (type(x).__module__ == "numpy" and number(x) is not None)
                or _zero_dim(x))
    if kind == "int":
        return _is_int(x) or (_zero_dim(x) and x.dtype.category == "integral")
    if kind == "bool":
        return isinstance(x, bool)
    if kind in ("runtime.dtype", "ScalarType"):      # a dtype, or a Python number type
        return as_dtype(x) is not None
    if kind == "Tensor[2]":
        return isinstance(x, (tuple, list)) and all(isinstance(t, Tensor) for t in x)
    return isinstance(x, str)       # str


def _value(kind, x):
    """What the op receives: a Number/int/float argument given as a 0-dim tensor is its item();
    a float argument is a double (THPUtils_unpackDouble: any int converts, NumPy's complex
    with its own warning; a complex tensor's item must be real)."""
    if kind == "Tensor":
        return x
    if kind in ("runtime.dtype", "ScalarType"):
        return as_dtype(x)
    if kind == "Tensor[2]":
        if len(x) != 2:
            raise TypeError(f"expected tuple of 2 elements but got {len(x)}")
        return tuple(x)
    if isinstance(x, Tensor):
        x = x.item()
        if kind == "float" and isinstance(x, complex):
            if x.imag:
                raise RuntimeError("value cannot be converted to type double without overflow")
            x = x.real
    return float(x) if kind == "float" else x


def _check_scalar_int(v):
    """A Python int as a c10 Scalar: int64, or uint64 above it (PyLong_AsUnsignedLongLong's
    errors beyond)."""
    if type(v) is int and not -2**63 <= v < 2**64:
        raise OverflowError("can't convert negative int to unsigned" if v < 0 else "int too big to convert")


class Signature:
    __slots__ = ("name", "params", "printed", "deprecated", "min_args", "max_pos", "slots", "numbers_as_tensors",
                 "scalar_slots", "int_slots")

    def __init__(self, name, params, printed, deprecated, slots, numbers_as_tensors):
        # params: ((name, type, nullable, default or REQUIRED, kwarg_only), ...)
        self.name, self.params, self.printed, self.deprecated = name, params, printed, deprecated
        self.min_args = sum(p[3] is REQUIRED for p in params)
        self.max_pos = sum(not p[4] for p in params)
        self.slots = slots              # where each argument goes in the function's value list
        self.numbers_as_tensors = numbers_as_tensors    # a Python number binds to a Tensor argument
        # the slots whose Python ints become Scalars (torch converts them right after parsing)
        self.scalar_slots = tuple(slot for p, slot in zip(params, slots)
                                  if p[1] == "Number" or (p[1] == "Tensor" and numbers_as_tensors))
        self.int_slots = tuple(slot for p, slot in zip(params, slots) if p[1] == "int")     # int64 arguments

    def parse(self, args, kwargs, values, raise_error):
        """FunctionSignature::parse: fill `values` (by slot) or return False (or raise)."""
        nargs = len(args)
        if (nargs > 1 and len(self.params) == 1 and self.params[0][1] == "int[1]"
                and all(_int_like(a) and -2**63 <= int(a) < 2**63 for a in args)):
            args, nargs = (tuple(args),), 1      # torch's varargs int list: t.count_nonzero(0, 1)
        if nargs > self.max_pos:
            if raise_error:
                self._extra_args(nargs)
            return False
        remaining = len(kwargs) if kwargs else 0
        pos = 0
        deferred = []       # 0-dim tensors for numbers: read once every argument's type is checked
        for i, (pname, kind, nullable, default, kwarg_only) in enumerate(self.params):
            is_kwd = False
            if pos < nargs:
                if kwarg_only:
                    if raise_error:
                        self._extra_args(nargs)
                    return False
                obj = args[pos]
                present = True
            else:
                present = False
                if kwargs:
                    is_kwd = True
                    for key in (pname,) + _NUMPY_NAMES.get(pname, ()):
                        if key in kwargs:
                            obj, present = kwargs[key], True
                            break
            if not present:
                if default is REQUIRED:
                    if raise_error:
                        self._missing(i)
                    return False
                values[self.slots[i]] = default
            elif obj is None and nullable:
                values[self.slots[i]] = None
            elif kind == "int[1]" and _int_list(obj, self.name):
                values[self.slots[i]] = _int_list_value(obj, self.name, pname, pos + 1)
            elif kind != "int[1]" and _check(kind, obj, self.numbers_as_tensors):
                if kind != "Tensor" and isinstance(obj, Tensor):
                    deferred.append((self.slots[i], kind, obj))
                else:
                    values[self.slots[i]] = _value(kind, obj)
            elif raise_error:
                printed = _PRINTED.get(kind, kind)
                if is_kwd:
                    raise TypeError(f"{self.name}(): argument '{pname}' must be {printed}, not {type_name(obj)}")
                raise TypeError(f"{self.name}(): argument '{pname}' (position {pos + 1}) must be {printed}, "
                                f"not {type_name(obj)}")
            else:
                return False
            if not is_kwd:
                pos += 1
            elif present:
                remaining -= 1
        if remaining > 0:
            if raise_error:
                self._extra_kwargs(kwargs, nargs)
            return False
        for slot, kind, obj in deferred:
            values[slot] = _value(kind, obj)
        for slot in reversed(self.scalar_slots):     # (torch's C++ call reads them last first)
            _check_scalar_int(values[slot])
        for slot in self.int_slots:     # THPUtils_unpackLong, as the binding reads them (before the op)
            if type(values[slot]) is int and not -2**63 <= values[slot] < 2**63:
                raise ValueError("Overflow when unpacking long long")
        return True

    def _extra_args(self, nargs):
        if self.min_args != self.max_pos:
            raise TypeError(f"{self.name}() takes from {self.min_args} to {self.max_pos} positional arguments "
                            f"but {nargs} were given")
        raise TypeError(f"{self.name}() takes {self.max_pos} positional argument{'' if self.max_pos == 1 else 's'} "
                        f"but {nargs} {'was' if nargs == 1 else 'were'} given")

    def _missing(self, idx):
        names = [f'"{p[0]}"' for p in self.params[idx:] if p[3] is REQUIRED]
        # (torch's plural is the other way round)
        raise TypeError(f"{self.name}() missing {len(names)} required positional argument"
                        f"{'s' if len(names) == 1 else ''}: {', '.join(names)}")

    def _extra_kwargs(self, kwargs, nargs):
        names = [p[0] for p in self.params]
        for key in kwargs:
            if not isinstance(key, str):
                raise TypeError("keywords must be strings")
            if key not in names:
                raise TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
            if names.index(key) < nargs:
                raise TypeError(f"{self.name}() got multiple values for argument '{key}'")
        raise TypeError("invalid keyword arguments")


_warned_deprecated = False


class Parser:
    """PythonArgParser over one function's (or method's) overloads."""
    __slots__ = ("name", "signatures", "defaults", "visible", "noargs")

    def __init__(self, name, signatures, slot_defaults, method=False, numbers_as_tensors=False):
        # signatures: ((params, printed, deprecated, slots), ...) in torch's order
        sigs = [Signature(name, *s, numbers_as_tensors) for s in signatures]
        self.signatures = [s for s in sigs if not s.deprecated] + [s for s in sigs if s.deprecated]
        self.name, self.defaults = name, tuple(slot_defaults)
        self.visible = [s for s in self.signatures if not s.deprecated]
        # torch binds a method without arguments as a plain CPython method
        self.noargs = method and all(not s.params for s in sigs)

    def parse(self, args, kwargs):
        """The arguments by slot, from the first signature that takes them."""
        values = list(self.defaults)
        if self.noargs and (args or kwargs):     # CPython's METH_NOARGS method
            if kwargs:
                raise TypeError(f"Tensor.{self.name}() takes no keyword arguments")
            raise TypeError(f"Tensor.{self.name}() takes no arguments ({len(args)} given)")
        if len(self.signatures) == 1:
            self.signatures[0].parse(args, kwargs, values, True)
            return values
        for sig in self.signatures:
            if sig.parse(args, kwargs, values, False):
                if sig.deprecated:
                    self._warn_deprecated(sig)
                return values
            values = list(self.defaults)
        self._error(args, kwargs)

    def signature(self, method):
        """inspect's view of the first overload (help(), IDEs): torch's own functions have none."""
        params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)] if method else []
        for name, _, _, default, kwarg_only in self.signatures[0].params if self.signatures else ():
            kind = inspect.Parameter.KEYWORD_ONLY if kwarg_only else inspect.Parameter.POSITIONAL_OR_KEYWORD
            params.append(inspect.Parameter(name, kind, **({} if default is REQUIRED else {"default": default})))
        return inspect.Signature(params)

    def _warn_deprecated(self, sig):
        global _warned_deprecated
        if _warned_deprecated:      # TORCH_WARN_ONCE: one warning per process, whichever overload
            return
        _warned_deprecated = True
        text = (f"This overload of {self.name} is deprecated:\n\t{self.name}{sig.printed}")
        if self.visible:
            text += "\nConsider using one of the following signatures instead:" + "".join(
                f"\n\t{self.name}{s.printed}" for s in self.visible)
        warnings.warn(text, UserWarning, stacklevel=4)

    def _error(self, args, kwargs):
        """PythonArgParser::print_error: the one plausible overload raises its own error;
        otherwise torch's listing of the visible overloads."""
        kwargs = kwargs or {}
        n = len(args) + len(kwargs)
        plausible = [s for s in self.visible if s.min_args <= n <= len(s.params)]
        if len(plausible) == 1:
            plausible[0].parse(args, kwargs, list(self.defaults), True)
        raise TypeError(format_invalid_args(args, kwargs, f"{self.name}()", [s.printed for s in self.visible]))


# ---------------------------------------------------------------- invalid_arguments.cpp
def _option(text):
    """_parseOption: torch splits the printed signature at ', ' and takes the last word of
    each piece as the name, the rest as the type (so `Number alpha = 1` is named `1`)."""
    if text == "no arguments":
        return []
    out = []
    for piece in text[1:-1].split(", "):
        cut = piece.rfind(" ")
        out.append((piece[cut + 1:], piece[:cut] if cut >= 0 else piece))
    return out


def _matches(type_, obj):
    name = type_name(obj)
    if type_ == "tuple of ints":
        return name in ("int", "tuple", "list")
    if type_ == "tuple of Tensors":
        return name in ("tuple", "list")
    if type_ == "float":
        return name in ("float", "int", "long")
    if type_ == "int":
        return name in ("int", "long")
    return name == type_


def _typename(obj):
    if isinstance(obj, (tuple, list)):
        inner = ", ".join(type_name(x) for x in obj)
        return (f"tuple of ({inner}{',' if len(obj) == 1 else ''})" if isinstance(obj, tuple)
                else f"list of [{inner}]")
    return type_name(obj)


def _kw_items(kwargs):
    # torch collects keywords in an unordered_map, whose iteration runs newest first here
    return list(kwargs.items())[::-1]


def _arg_desc(args, kwargs):
    parts = [type_name(a) + ", " for a in args] + [f"{k}={type_name(v)}, " for k, v in _kw_items(kwargs)]
    text = "".join(parts)
    return "(" + (text[:-2] if args else text) + ")"


def _formatted(option, args, kwargs):
    parts = []
    for i in range(len(args) + len(kwargs)):
        is_kwarg = i >= len(args)
        if is_kwarg:
            name = option[i][0] if i < len(option) else None
            if name not in kwargs:
                return None         # torch's kwargs.at() throws here
            arg = kwargs[name]
        else:
            arg = args[i]
        ok = i < len(option) and _matches(option[i][1], arg)
        mark = "" if ok else "!"
        parts.append(f"{mark}{option[i][0] + '=' if is_kwarg else ''}{_typename(arg)}{mark}, ")
    text = "".join(parts)
    return "(" + (text[:-2] if args else text) + ")"


def _unmatched_kwargs(option, kwargs):
    start = max(len(option) - len(kwargs), 0)
    names = [n for n, _ in option[start:]]
    return [k for k, _ in _kw_items(kwargs) if k not in names]


def format_invalid_args(args, kwargs, function_name, options):
    msg = f"{function_name} received an invalid combination of arguments - "
    n = len(args) + len(kwargs)
    if len(options) == 1:
        option = _option(options[0])
        unmatched = _unmatched_kwargs(option, kwargs) if kwargs else []
        if unmatched:
            return msg + "got unrecognized keyword arguments: " + ", ".join(unmatched)
        desc = _formatted(option, args, kwargs) if n == len(option) else None
        return msg + "got " + (desc or _arg_desc(args, kwargs)) + ", but expected " + options[0]
    msg += "got " + _arg_desc(args, kwargs) + ", but expected one of:\n"
    for text in options:
        option = _option(text)
        msg += f" * {text}\n"
        if n == len(option):
            unmatched = _unmatched_kwargs(option, kwargs) if kwargs else []
            if unmatched:
                msg += "      didn't match because some of the keywords were incorrect: " + ", ".join(unmatched) + "\n"
            else:
                msg += ("      didn't match because some of the arguments have invalid types: "
                        + (_formatted(option, args, kwargs) or "") + "\n")
    return msg
