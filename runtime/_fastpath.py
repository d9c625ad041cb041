"""Puts the C short call path (csrc/fastcall.c) in front of the ops that can use it.

Each eligible function, method and operator is replaced by a C callable that serves the
common call (plain contiguous tensors of one shape, no keywords, a plan the dispatcher
has recorded) without running Python, and hands every other call to the Python function
it replaces, unchanged.  EW_NO_FASTPATH=1 leaves the Python functions alone (to compare)."""
import os

from . import _dispatch, promotion
from ._lib import fastcall, tables
from .dtypes import dtype
from .tensor import Tensor


def _eligible(op_name, nargs):
    op = tables.OPS[op_name]
    return op["plannable"] and len(op["args"]) == nargs


def install(functions, methods, fast_functions, fast_methods):
    """Replace, in place, the entries of `functions` (name -> function) and `methods`
    (name -> Tensor method) that the generated tables list as eligible."""
    if os.environ.get("EW_NO_FASTPATH"):
        return
    fastcall.init(Tensor, dtype, _dispatch._PLANS, promotion._state)
    for name, (op, nargs) in fast_functions.items():
        if name in functions and _eligible(op, nargs):
            functions[name] = fastcall.function(op, nargs, functions[name], name)
    for name, (op, nargs) in fast_methods.items():
        if name in methods and _eligible(op, nargs):
            fast = fastcall.method(op, nargs, methods[name], name)
            if fast is not None:
                methods[name] = fast
