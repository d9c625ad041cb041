"""torch's Python signatures, as strings, into frozen dataclasses.

A signature is written as torch's argument parser knows it, with its printed type names:
`(Tensor input, Tensor other, *, Number alpha=1, Tensor out=None)`.  `Type?` accepts None;
`name=default` makes an argument optional; after `*` arguments are keyword-only; a trailing
`|deprecated` hides the overload from error listings (torch's deprecated.yaml overloads).
Everything the Python binding needs follows from these strings (python_arg_parser.cpp)."""
from __future__ import annotations

import re
from dataclasses import dataclass

TYPES = ("Tensor", "Number", "int", "float", "bool", "str", "int[1]", "ScalarType", "Tensor[2]")
# how torch's messages print the types that are not printed as written (python_arg_parser.cpp;
# torch.dtype is runtime.dtype here, as everywhere in our messages)
PRINTED = {"int[1]": "tuple of ints", "ScalarType": "runtime.dtype", "Tensor[2]": "tuple of Tensors"}
_PARAM = re.compile(r"^(?P<type>[A-Za-z]+(?:\[\d\])?)(?P<nullable>\?)? (?P<name>[A-Za-z_][A-Za-z0-9_]*)"
                    r"(?: ?= ?(?P<default>\S+))?$")


# torch binds a Python number to a Tensor argument of these functions and methods only
# (python_arg_parser.cpp, should_allow_numbers_as_tensors), out= included
NUMBERS_AS_TENSORS = frozenset(("add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_", "multiply",
                                "multiply_", "sub", "sub_", "subtract", "subtract_", "true_divide", "true_divide_",
                                "floor_divide", "floor_divide_"))


class SchemaError(ValueError):
    pass


@dataclass(frozen=True)
class Param:
    name: str
    type: str              # one of TYPES
    nullable: bool         # None is accepted (`Type?`, or a None default)
    default: object        # the Python default; REQUIRED when there is none
    default_text: str      # the default as torch prints it ("" when required)
    kwarg_only: bool

    @property
    def required(self):
        return self.default is REQUIRED


class _Required:
    def __repr__(self):
        return "REQUIRED"


REQUIRED = _Required()


@dataclass(frozen=True)
class Signature:
    params: tuple          # (Param, ...)
    deprecated: bool = False

    def printed(self) -> str:
        """torch's FunctionSignature::toString: `(Tensor input, *, Number alpha = 1)`."""
        out, star = [], False
        for p in self.params:
            if p.kwarg_only and not star:
                out.append("*")
                star = True
            out.append(f"{PRINTED.get(p.type, p.type)} {p.name}" + (f" = {p.default_text}" if p.default_text else ""))
        return "(" + ", ".join(out) + ")"

    def names(self):
        return [p.name for p in self.params]


def _default(type_, text):
    if text == "None":
        return None
    try:
        if type_ in ("Number", "float"):
            return int(text) if re.fullmatch(r"-?\d+", text) else float(text)
        if type_ == "int":
            return int(text)
        if type_ == "int[1]" and text == "[]":
            return ()
        if type_ == "bool":
            return {"True": True, "False": False}[text]
        if type_ == "str" and len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
            return text[1:-1]
    except (ValueError, KeyError):
        pass
    raise SchemaError(f"default {text!r} is not a {type_} (or None)")


def parse(text: str) -> Signature:
    """One signature string; SchemaError says what is wrong with it."""
    if not isinstance(text, str):
        raise SchemaError(f"a signature is a string like '(Tensor input, *, Tensor out=None)', got {text!r}")
    body, _, flag = text.partition("|")
    body = body.strip()
    if flag and flag.strip() != "deprecated":
        raise SchemaError(f"unknown flag |{flag.strip()} (only |deprecated)")
    if not (body.startswith("(") and body.endswith(")")):
        raise SchemaError(f"expected '(arguments)', got {body!r}")
    params, star, seen = [], False, set()
    items = [s.strip() for s in body[1:-1].split(",")] if body[1:-1].strip() else []
    for item in items:
        if item == "*":
            if star:
                raise SchemaError("'*' appears twice")
            star = True
            continue
        m = _PARAM.match(item)
        if not m:
            raise SchemaError(f"argument {item!r} is not 'Type name' or 'Type name=default'")
        type_, name, dtext = m["type"], m["name"], m["default"]
        if type_ not in TYPES:
            raise SchemaError(f"argument {name!r}: unknown type {type_!r} (one of {', '.join(TYPES)})")
        if name in seen:
            raise SchemaError(f"argument {name!r} appears twice")
        seen.add(name)
        if type_ in ("Tensor", "Tensor[2]", "ScalarType") and dtext not in (None, "None"):
            raise SchemaError(f"argument {name!r}: a Tensor's default can only be None")
        default = REQUIRED if dtext is None else _default(type_, dtext)
        if name == "out" and not (type_ in ("Tensor", "Tensor[2]") and default is None and star):
            raise SchemaError("out must be a keyword-only 'Tensor out=None'")
        params.append(Param(name, type_, bool(m["nullable"]) or default is None, default, dtext or "", star))
    return Signature(tuple(params), deprecated=bool(flag))


def inplace_function_signature(sig: Signature) -> Signature | None:
    """torch.<op>_'s overload (torch.sin_, torch.clamp_, F.relu_): the function's without out=
    (and nn.functional's inplace=), where its first argument is the Tensor input (the one written to)."""
    if not sig.params or sig.params[0].name != "input" or sig.params[0].type != "Tensor":
        return None
    return Signature(tuple(p for p in sig.params if p.name not in ("out", "inplace")), sig.deprecated)


def method_signature(sig: Signature) -> Signature | None:
    """The Tensor method's overload: torch binds `self` to the `Tensor input` argument
    and drops out=; overloads without a Tensor input have no method."""
    names = sig.names()
    if "input" not in names or sig.params[names.index("input")].type != "Tensor":
        return None
    return Signature(tuple(p for p in sig.params if p.name not in ("input", "out")), sig.deprecated)
