"""Every example of PyTorch's type-promotion documentation, asserted against the runtime.

Sources (torch 2.13):
* docs/source/tensor_attributes.rst, section "Type Promotion" (Promotion Examples and Casting Examples);
* the docstrings of torch.result_type, torch.can_cast, torch.promote_types, torch.set_default_dtype and
  torch.get_default_dtype;
* the out= rules stated in that section ("an integral output tensor cannot accept a floating point tensor", ...),
  written as torch.add(..., out=...) calls.

Each example is one line of code in which ``M`` is the module (``runtime`` here, ``torch`` in the oracle test
at the bottom, which checks that the expectations are torch's own).  The plain tests need no torch.
"""
import pytest

import runtime as rt


def _namespace(M):
    """The tensors the documentation defines, fresh for every example (the in-place ones modify them)."""
    return {
        "M": M,
        "float_tensor": M.ones(1, dtype=M.float),
        "double_tensor": M.ones(1, dtype=M.double),
        "complex_float_tensor": M.ones(1, dtype=M.complex64),
        "complex_double_tensor": M.ones(1, dtype=M.complex128),
        "int_tensor": M.ones(1, dtype=M.int),
        "long_tensor": M.ones(1, dtype=M.long),
        "uint_tensor": M.ones(1, dtype=M.uint8),
        "bool_tensor": M.ones(1, dtype=M.bool),
        # zero-dim tensors
        "long_zerodim": M.tensor(1, dtype=M.long),
        "int_zerodim": M.tensor(1, dtype=M.int),
    }


# ---------------------------------------------------------------------------------------------------------------
# "Promotion Examples" of tensor_attributes.rst, plus the brief's additions (int_tensor + 5.5, int_tensor / 5).
PROMOTION = [
    "M.add(5, 5).dtype == M.int64",
    # 5 is an int64, but does not have higher category than int_tensor so is not considered.
    "(int_tensor + 5).dtype == M.int32",
    "(int_tensor + long_zerodim).dtype == M.int32",
    "(long_tensor + int_tensor).dtype == M.int64",
    "(bool_tensor + long_tensor).dtype == M.int64",
    "(bool_tensor + uint_tensor).dtype == M.uint8",
    "(float_tensor + double_tensor).dtype == M.float64",
    "(complex_float_tensor + complex_double_tensor).dtype == M.complex128",
    "(bool_tensor + int_tensor).dtype == M.int32",
    # Since long is a different kind than float, result dtype only needs to be large enough to hold the float.
    "M.add(long_tensor, float_tensor).dtype == M.float32",
    # not in the rst, asked for explicitly (and in the well-known blog walk-through of the same examples)
    "(int_tensor + 5.5).dtype == M.float32",
    "(int_tensor / 5).dtype == M.float32",
    "(int_zerodim + 5).dtype == M.int32",
    "M.add(5, 5.).dtype == M.float32",
    "(M.ones(3, dtype=M.int32) + 5.5).dtype == M.float32",
    "str((M.ones(3, dtype=M.int32) + 5.5).dtype) == M.__name__ + '.float32'",
    "repr((M.ones(3, dtype=M.int32) + 5.5).dtype) == M.__name__ + '.float32'",
]

# "Casting Examples", allowed: the in-place result keeps the dtype of the left-hand tensor.
CASTING_ALLOWED = [
    ("float_tensor *= float_tensor", "float_tensor", "float32"),
    ("float_tensor *= int_tensor", "float_tensor", "float32"),
    ("float_tensor *= uint_tensor", "float_tensor", "float32"),
    ("float_tensor *= bool_tensor", "float_tensor", "float32"),
    ("float_tensor *= double_tensor", "float_tensor", "float32"),
    ("int_tensor *= long_tensor", "int_tensor", "int32"),
    ("int_tensor *= uint_tensor", "int_tensor", "int32"),
    ("uint_tensor *= int_tensor", "uint_tensor", "uint8"),
]

# "Casting Examples", disallowed (RuntimeError: result type can't be cast to the desired output type).
CASTING_DISALLOWED = [
    ("int_tensor *= float_tensor", "int_tensor", "result type Float can't be cast to the desired output type Int"),
    ("bool_tensor *= int_tensor", "bool_tensor", "result type Int can't be cast to the desired output type Bool"),
    ("bool_tensor *= uint_tensor", "bool_tensor", "result type Byte can't be cast to the desired output type Bool"),
    ("float_tensor *= complex_float_tensor", "float_tensor",
     "result type ComplexFloat can't be cast to the desired output type Float"),
    # the older rst's list also had this one
    ("long_tensor *= float_tensor", "long_tensor", "result type Float can't be cast to the desired output type Long"),
]

# The out= form of the same rules ("When the output tensor of an arithmetic operation is specified, we allow
# casting to its dtype except that ..."): the statement runs, then the assertion on the output holds.
OUT_ALLOWED = [
    ("M.add(long_tensor, float_tensor, out=double_tensor)", "double_tensor.dtype == M.float64"),
    ("M.add(int_tensor, long_tensor, out=uint_tensor)", "uint_tensor.dtype == M.uint8 and uint_tensor.item() == 2"),
    ("M.add(float_tensor, double_tensor, out=float_tensor)", "float_tensor.item() == 2.0"),
    ("M.add(int_tensor, float_tensor, out=complex_float_tensor)", "complex_float_tensor.item() == 2"),
    ("M.add(bool_tensor, bool_tensor, out=long_tensor)", "long_tensor.dtype == M.int64 and long_tensor.item() == 1"),
    ("M.add(bool_tensor, bool_tensor, out=bool_tensor)", "bool_tensor.item() is True"),
    ("M.add(float_tensor, float_tensor, out=M.empty(1, dtype=M.float16))", "True"),
]
OUT_DISALLOWED = [
    # An integral output tensor cannot accept a floating point tensor.
    ("M.add(int_tensor, float_tensor, out=int_tensor)",
     "result type Float can't be cast to the desired output type Int"),
    ("M.add(int_tensor, 2.5, out=int_tensor)", "result type Float can't be cast to the desired output type Int"),
    ("M.div(long_tensor, long_tensor, out=long_tensor)",
     "result type Float can't be cast to the desired output type Long"),
    # A boolean output tensor cannot accept a non-boolean tensor.
    ("M.add(int_tensor, int_tensor, out=bool_tensor)", "result type Int can't be cast to the desired output type Bool"),
    ("M.add(bool_tensor, uint_tensor, out=bool_tensor)",
     "result type Byte can't be cast to the desired output type Bool"),
    # A non-complex output tensor cannot accept a complex tensor.
    ("M.add(float_tensor, complex_float_tensor, out=double_tensor)",
     "result type ComplexFloat can't be cast to the desired output type Double"),
]

# Docstring examples of torch.result_type, torch.can_cast and torch.promote_types.
DOCSTRINGS = [
    "M.result_type(M.tensor([1, 2], dtype=M.int), 1.0) == M.float32",
    "M.result_type(M.tensor([1, 2], dtype=M.uint8), M.tensor(1)) == M.uint8",
    "M.can_cast(M.double, M.float) is True",
    "M.can_cast(M.float, M.int) is False",
    "M.promote_types(M.int32, M.float32) == M.float32",
    "M.promote_types(M.uint8, M.long) == M.long",
]

# Docstring examples of torch.set_default_dtype / torch.get_default_dtype: (default dtype, example).
DEFAULT_DTYPE = [
    (None, "M.get_default_dtype() == M.float32"),
    (None, "M.tensor([1.2, 3]).dtype == M.float32"),
    (None, "M.tensor([1.2, 3j]).dtype == M.complex64"),
    ("float64", "M.get_default_dtype() == M.float64"),
    ("float64", "M.tensor([1.2, 3]).dtype == M.float64"),
    ("float64", "M.tensor([1.2, 3j]).dtype == M.complex128"),
    ("float16", "M.tensor([1.2, 3]).dtype == M.float16"),
    ("float16", "M.tensor([1.2, 3j]).dtype == M.complex32"),
]


def _exec(M, code, ns=None):
    ns = _namespace(M) if ns is None else ns
    exec(code, ns)
    return ns


def _check_promotion(M, example):
    ns = _namespace(M)
    assert eval(example, ns), example


def _check_casting_allowed(M, stmt, name, dtype_name):
    ns = _exec(M, stmt)
    assert ns[name].dtype == getattr(M, dtype_name)
    assert ns[name].shape == (1,)
    assert ns[name].tolist() == [1]


def _check_casting_disallowed(M, stmt, name, message):
    ns = _namespace(M)
    before = ns[name]
    with pytest.raises(RuntimeError) as info:
        exec(stmt, ns)
    assert str(info.value) == message
    assert ns[name] is before and before.tolist() == [1]      # nothing written


def _check_out_allowed(M, stmt, check):
    ns = _exec(M, stmt)
    assert eval(check, ns), (stmt, check)


def _check_out_disallowed(M, stmt, message):
    ns = _namespace(M)
    with pytest.raises(RuntimeError) as info:
        exec(stmt, ns)
    assert str(info.value) == message


def _check_docstring(M, example):
    assert eval(example, {"M": M}), example


def _check_default_dtype(M, default, example):
    old = M.get_default_dtype()
    try:
        if default is not None:
            M.set_default_dtype(getattr(M, default))
        assert eval(example, {"M": M}), (default, example)
    finally:
        M.set_default_dtype(old)
    assert M.get_default_dtype() == old


# ------------------------------------------------------------------------------------------ the runtime (no torch)
@pytest.mark.parametrize("example", PROMOTION)
def test_promotion_example(example):
    _check_promotion(rt, example)


@pytest.mark.parametrize("stmt,name,dtype_name", CASTING_ALLOWED)
def test_casting_allowed(stmt, name, dtype_name):
    _check_casting_allowed(rt, stmt, name, dtype_name)


@pytest.mark.parametrize("stmt,name,message", CASTING_DISALLOWED)
def test_casting_disallowed(stmt, name, message):
    _check_casting_disallowed(rt, stmt, name, message)


@pytest.mark.parametrize("stmt,check", OUT_ALLOWED)
def test_out_allowed(stmt, check):
    _check_out_allowed(rt, stmt, check)


@pytest.mark.parametrize("stmt,message", OUT_DISALLOWED)
def test_out_disallowed(stmt, message):
    _check_out_disallowed(rt, stmt, message)


@pytest.mark.parametrize("example", DOCSTRINGS)
def test_docstring_example(example):
    _check_docstring(rt, example)


@pytest.mark.parametrize("default,example", DEFAULT_DTYPE)
def test_default_dtype_example(default, example):
    _check_default_dtype(rt, default, example)


def test_literal_examples():
    """The brief's headline examples, written out without the example tables."""
    int_tensor = rt.ones(1, dtype=rt.int)
    float_tensor = rt.ones(1, dtype=rt.float)
    assert (int_tensor + 5).dtype == rt.int32
    assert (int_tensor + rt.tensor(1, dtype=rt.long)).dtype == rt.int32
    assert (int_tensor / 5).dtype == rt.float32
    assert (rt.ones(3, dtype=rt.int32) + 5.5).dtype == rt.float32
    assert str((rt.ones(3, dtype=rt.int32) + 5.5).dtype) == "runtime.float32"
    assert rt.add(rt.ones(1, dtype=rt.long), float_tensor).dtype == rt.float32
    with pytest.raises(RuntimeError, match="^result type Float can't be cast to the desired output type Int$"):
        int_tensor *= float_tensor
    assert int_tensor.dtype == rt.int32


# ------------------------------------------------------------------------- the same examples, in torch (oracle)
def _torch():
    return pytest.importorskip("torch")


@pytest.mark.torch
@pytest.mark.filterwarnings("ignore:ComplexHalf support is experimental")
def test_examples_hold_in_torch():
    """Every expectation above is torch's own behaviour (so the tables themselves are verified)."""
    torch = _torch()
    for example in PROMOTION:
        _check_promotion(torch, example)
    for args in CASTING_ALLOWED:
        _check_casting_allowed(torch, *args)
    for args in CASTING_DISALLOWED:
        _check_casting_disallowed(torch, *args)
    for args in OUT_ALLOWED:
        _check_out_allowed(torch, *args)
    for args in OUT_DISALLOWED:
        _check_out_disallowed(torch, *args)
    for example in DOCSTRINGS:
        _check_docstring(torch, example)
    for args in DEFAULT_DTYPE:
        _check_default_dtype(torch, *args)


def _value_of(M, code):
    """What the code yields, in module-neutral form: dtype names, values, or the error."""
    ns = _namespace(M)
    try:
        if code.startswith("exec:"):
            exec(code[5:], ns)
            return ("ok",)
        value = eval(code, ns)
    except Exception as e:  # noqa: BLE001 - the exception is the value compared
        return ("raise", type(e).__name__, str(e))
    if isinstance(value, M.dtype):
        return ("dtype", str(value).split(".", 1)[1])
    if isinstance(value, M.Tensor):
        return ("tensor", str(value.dtype).split(".", 1)[1], tuple(value.shape), value.tolist())
    if isinstance(value, str):
        return ("str", value.replace(M.__name__ + ".", "<M>."))
    return ("value", value)


# The left-hand sides of the examples, as expressions whose result (dtype, tensor or error) is compared.
DIFFERENTIAL = ([e.split(" == ")[0] for e in PROMOTION if " == " in e and not e.startswith(("str", "repr"))]
                + [e.rsplit(" == ", 1)[0].rsplit(" is ", 1)[0] for e in DOCSTRINGS]
                + ["exec:" + s for s, *_ in CASTING_ALLOWED + CASTING_DISALLOWED]
                + [s for s, _ in OUT_ALLOWED + OUT_DISALLOWED]
                + ["str((M.ones(3, dtype=M.int32) + 5.5).dtype)"])


@pytest.mark.torch
@pytest.mark.parametrize("code", DIFFERENTIAL)
def test_runtime_agrees_with_torch(code):
    torch = _torch()
    assert _value_of(rt, code) == _value_of(torch, code)

