"""Puts the C short call path (csrc/fastcall.c) in front of the ops that can use it.

Each eligible function, method, in-place method and operator is replaced by a C callable
that serves the common call forms (tensors of any layout and Python numbers as operands,
the op's params, out=, a select keyword such as rounding_mode) once this entry point has
run that form through Python, which records its plan; it hands every other call to the
Python function it replaces, unchanged.  EW_NO_FASTPATH=1 leaves the Python functions
alone (to compare)."""
import itertools
import os

from . import _dispatch, promotion
from ._lib import fastcall, tables
from .dtypes import dtype
from .tensor import Tensor

# every entry point's cache of the plans it has served: key -> plan (see forget())
_SEEN = []


def _eligible(op_name, nargs):
    op = tables.OPS[op_name]
    return op["plannable"] and len(op["args"]) == nargs


def _select(spec):
    """(keyword, {str value: op}) for the C path: the str values whose op is plannable and
    takes no params; None when nothing is left (the keyword then goes the Python way)."""
    if spec is None:
        return None, None
    keyword, variants = spec
    ok = {v: op for v, op in variants.items()
          if isinstance(v, str) and v != "*" and tables.OPS[op]["plannable"] and not tables.OPS[op]["params"]}
    return (keyword, ok) if ok else (None, None)


_KINDS = ("tensor", "number", "none")      # an operand's code in the C path's bits


def _by_kinds(spec, nargs, nrequired):
    """{the operands' kinds, 2 bits each (_KINDS; None only past the required ones): op} for the
    variants chosen by kinds, as _dispatch.overload chooses them (the first match, else the
    default); None without any."""
    if spec is None:
        return None
    table = {}
    for combo in itertools.product(*[_KINDS[:2] if i < nrequired else _KINDS for i in range(nargs)]):
        def matches(where, want):
            return any(k in want for k in combo) if where == "any" else combo[where] in want
        op = next(op for when, op in spec if all(matches(i, k) for i, k in when.items()))
        if tables.OPS[op]["plannable"] and len(tables.OPS[op]["args"]) == nargs:
            table[sum(_KINDS.index(k) << 2 * i for i, k in enumerate(combo))] = op
    return table


def _required(op_name, nargs):
    """How many leading operands must be given: the others are optional (clamp's min, max)."""
    optional = tables.OPS[op_name]["optional"]
    return next((i for i, a in enumerate(tables.OPS[op_name]["args"][:nargs]) if a in optional), nargs)


def _slot(op_name, nargs, fallback, name, inplace, has_out, select, kinds=None):
    seen = {}
    _SEEN.append(seen)
    keyword, variants = _select(select.get(op_name))
    required = _required(op_name, nargs)
    if keyword is None:
        variants = _by_kinds(kinds.get(op_name) if kinds else None, nargs, required)
    return (op_name, nargs, fallback, name, int(inplace), int(has_out), tuple(tables.OPS[op_name]["params"]),
            keyword, variants, seen, tuple(tables.OPS[op_name]["args"][:nargs]), required)


def forget():
    """Drop the plans every entry point has taken (the next call of each form goes through
    Python again): for tests, and after _dispatch._PLANS is cleared."""
    for seen in _SEEN:
        seen.clear()
    if _SEEN:
        fastcall.forget()


def install(functions, methods, ops):
    """Replace, in place, the entries of `functions` (name -> function) and `methods`
    (name -> Tensor method) that the generated tables of `ops` list as eligible."""
    if os.environ.get("EW_NO_FASTPATH"):
        return
    fastcall.init(Tensor, dtype, _dispatch._PLANS, promotion._state)
    # x.T of a 2-d tensor: the view made in C (a Python getter costs more than a small op)
    Tensor.T = property(fastcall.transposer(Tensor.T.fget), doc=Tensor.T.__doc__)
    select, kinds = ops.FAST_SELECT, ops.FAST_KINDS
    for name, (op, nargs) in ops.FAST_FUNCTIONS.items():
        if name in functions and _eligible(op, nargs):
            functions[name] = fastcall.function(*_slot(op, nargs, functions[name], name, False, True, select, kinds))
            # the operators that call it (`2 // a` is floor_divide(other, self)) find it there
            setattr(ops, name, functions[name])
    for op_name, op in tables.OPS.items():      # ops without a public function, for operators (~: invert)
        private = getattr(ops, f"_op_{op_name}", None)
        if private is not None and _eligible(op_name, len(op["args"])):
            setattr(ops, private.__name__, fastcall.function(*_slot(op_name, len(op["args"]), private,
                                                                    private.__name__, False, False, select)))
    for table, inplace in ((ops.FAST_METHODS, False), (ops.FAST_INPLACE, True)):
        for name, (op, nargs) in table.items():
            if name in methods and _eligible(op, nargs):
                fast = fastcall.method(*_slot(op, nargs, methods[name], name, inplace, False, select, kinds))
                if fast is not None:
                    methods[name] = fast
