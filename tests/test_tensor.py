"""The Tensor API of the runtime against PyTorch 2.13's behaviour.

The first part states torch's behaviour as literal values and needs no torch.  The second part
(`@pytest.mark.torch`) runs the same kinds of expressions, and many more, in both libraries and compares
dtypes, shapes, values, warnings and exception types/messages; those tests skip when torch is missing.
"""
import ast
import functools
import math
import os
import pathlib
import subprocess
import sys
import warnings

import pytest

import runtime as rt

pytestmark = pytest.mark.filterwarnings("ignore:ComplexHalf support is experimental")

ALL_DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64",
              "complex32", "complex64", "complex128", "uint16", "uint32", "uint64"]
C10 = {"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int", "int64": "Long",
       "float16": "Half", "bfloat16": "BFloat16", "float32": "Float", "float64": "Double",
       "complex32": "ComplexHalf", "complex64": "ComplexFloat", "complex128": "ComplexDouble",
       "uint16": "UInt16", "uint32": "UInt32", "uint64": "UInt64"}
# name: (is_floating_point, is_complex, is_signed, itemsize)
DTYPE_ATTRS = {
    "bool": (False, False, False, 1), "uint8": (False, False, False, 1), "int8": (False, False, True, 1),
    "int16": (False, False, True, 2), "int32": (False, False, True, 4), "int64": (False, False, True, 8),
    "float16": (True, False, True, 2), "bfloat16": (True, False, True, 2), "float32": (True, False, True, 4),
    "float64": (True, False, True, 8), "complex32": (False, True, True, 4), "complex64": (False, True, True, 8),
    "complex128": (False, True, True, 16), "uint16": (False, False, False, 2), "uint32": (False, False, False, 4),
    "uint64": (False, False, False, 8),
}
ALIASES = {"float": "float32", "double": "float64", "half": "float16", "int": "int32", "long": "int64",
           "short": "int16", "cfloat": "complex64", "cdouble": "complex128", "chalf": "complex32"}
WIDE_UNSIGNED = ("uint16", "uint32", "uint64")      # torch has no add/neg kernels for them
CATEGORY = {n: "bool" if n == "bool" else "complex" if n.startswith("complex")
            else "float" if n.startswith(("float", "bfloat")) else "int" for n in ALL_DTYPES}

NEG_BOOL = ("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, "
            "use the `~` or `logical_not()` operator instead.")


def raises_exactly(exc, message):
    """pytest.raises with the whole message compared literally."""
    import re
    return pytest.raises(exc, match="^" + re.escape(message) + "$")


@pytest.fixture
def restore_default_dtype():
    old = rt.get_default_dtype()
    yield
    rt.set_default_dtype(old)


# ================================================================================================= dtypes
@pytest.mark.parametrize("name", ALL_DTYPES)
def test_dtype_attributes(name):
    d = getattr(rt, name)
    assert isinstance(d, rt.dtype)
    assert (d.is_floating_point, d.is_complex, d.is_signed, d.itemsize) == DTYPE_ATTRS[name]
    assert repr(d) == str(d) == f"runtime.{name}"
    assert rt.zeros(2, dtype=d).dtype is d
    assert rt.zeros(2, dtype=d).element_size() == DTYPE_ATTRS[name][3]
    assert rt.zeros(2, dtype=d).is_floating_point() == DTYPE_ATTRS[name][0]
    assert rt.zeros(2, dtype=d).is_complex() == DTYPE_ATTRS[name][1]


@pytest.mark.parametrize("alias,name", sorted(ALIASES.items()))
def test_dtype_aliases(alias, name):
    assert getattr(rt, alias) is getattr(rt, name)
    assert getattr(rt, alias) == getattr(rt, name)
    assert repr(getattr(rt, alias)) == f"runtime.{name}"


def test_dtype_equality_and_hash():
    assert rt.float32 == rt.float and rt.float32 != rt.float64
    assert hash(rt.float32) == hash(rt.float)
    assert len({rt.float, rt.float32, rt.double, rt.float64}) == 2
    assert str(rt.float32) == "runtime.float32"


# ================================================================================================= creation
INFERENCE = [
    # data, dtype, shape, values
    (True, "bool", (), True),
    (3, "int64", (), 3),
    (3.5, "float32", (), 3.5),
    (1 + 2j, "complex64", (), 1 + 2j),
    ([1, 2, 3], "int64", (3,), [1, 2, 3]),
    ([1, 2.0], "float32", (2,), [1.0, 2.0]),
    ([True, 2], "int64", (2,), [1, 2]),
    ([True, 2.5], "float32", (2,), [1.0, 2.5]),
    ([1, 2.5j, True], "complex64", (3,), [1 + 0j, 2.5j, 1 + 0j]),
    ([True, False], "bool", (2,), [True, False]),
    ([[1, 2], [3, 4]], "int64", (2, 2), [[1, 2], [3, 4]]),
    ([(1, 2), (3, 4)], "int64", (2, 2), [[1, 2], [3, 4]]),
    ((1, 2.5), "float32", (2,), [1.0, 2.5]),
    ([[[1.5]], [[2]]], "float32", (2, 1, 1), [[[1.5]], [[2.0]]]),
    ([], "float32", (0,), []),
    ((), "float32", (0,), []),
    ([[], []], "float32", (2, 0), [[], []]),
    ([[[]]], "float32", (1, 1, 0), [[[]]]),
    (2 ** 63 - 1, "int64", (), 2 ** 63 - 1),
    (-2 ** 63, "int64", (), -2 ** 63),
]


@pytest.mark.parametrize("data,name,shape,values", INFERENCE)
def test_tensor_dtype_inference(data, name, shape, values):
    t = rt.tensor(data)
    assert t.dtype is getattr(rt, name)
    assert t.shape == shape
    assert t.tolist() == values
    assert repr(t.tolist()) == repr(values)          # bool stays bool, int stays int


def test_tensor_from_tensors():
    assert rt.tensor([rt.tensor(1), rt.tensor(2)]).tolist() == [1, 2]
    t = rt.tensor([rt.tensor(1.5), 2])
    assert t.dtype is rt.float32 and t.tolist() == [1.5, 2.0]
    src = rt.tensor([1, 2])
    copy = rt.tensor(src)
    copy[0] = 10
    assert src.tolist() == [1, 2]                  # a copy, not a view
    assert rt.tensor(src, dtype=rt.float16).tolist() == [1.0, 2.0]


def test_tensor_with_dtype():
    assert rt.tensor([1.5, 2], dtype=rt.int32).tolist() == [1, 2]
    assert rt.tensor([1, 2], dtype=rt.bool).tolist() == [True, True]
    assert rt.tensor(True, dtype=rt.float16).tolist() == 1.0
    assert rt.tensor(3, dtype=rt.bool).item() is True
    assert rt.tensor(1e300, dtype=rt.float32).item() == math.inf
    assert rt.tensor(2 ** 40, dtype=rt.float16).item() == math.inf
    assert rt.tensor(2 ** 63 - 1, dtype=rt.uint64).item() == 2 ** 63 - 1
    assert rt.tensor([0.0, 1e-300], dtype=rt.bool).tolist() == [False, True]
    with raises_exactly(RuntimeError, "value cannot be converted to type uint8 without overflow"):
        rt.tensor([300], dtype=rt.uint8)
    with raises_exactly(RuntimeError, "value cannot be converted to type int8 without overflow"):
        rt.tensor(128, dtype=rt.int8)
    with raises_exactly(RuntimeError, "value cannot be converted to type int32 without overflow"):
        rt.tensor(2 ** 40, dtype=rt.int32)


def test_tensor_with_dtype_small_negative_to_unsigned_wraps():
    # c10's overflow check lets an unsigned type take values down to -max (two's complement wrap)
    assert rt.tensor([-255, -1], dtype=rt.uint8).tolist() == [1, 255]
    assert rt.tensor([-1], dtype=rt.uint32).tolist() == [4294967295]
    with raises_exactly(RuntimeError, "value cannot be converted to type uint8 without overflow"):
        rt.tensor([-256], dtype=rt.uint8)


@pytest.mark.parametrize("data,name,exc,message", [
    # torch converts each Python number straight into the requested dtype, with c10's range check
    ([1e10], "int32", RuntimeError, "value cannot be converted to type int32 without overflow"),
    ([-1.5], "uint8", RuntimeError, "value cannot be converted to type uint8 without overflow"),
    (1j, "float32", TypeError, "must be real number, not complex"),
    ([1.5, 2j], "float64", TypeError, "must be real number, not complex"),
    ([1 + 1j], "int32", TypeError, "'complex' object cannot be interpreted as an integer"),
    (-1, "uint64", OverflowError, "can't convert negative int to unsigned"),
], ids=["1e10-int32", "-1.5-uint8", "1j-float32", "2j-float64", "complex-int32", "-1-uint64"])
def test_tensor_with_dtype_value_checks(data, name, exc, message):
    with raises_exactly(exc, message):
        rt.tensor(data, dtype=getattr(rt, name))


def test_tensor_uint64_range():
    assert rt.tensor([2 ** 64 - 1], dtype=rt.uint64).tolist() == [2 ** 64 - 1]
    assert rt.tensor([2 ** 63], dtype=rt.uint64).tolist() == [2 ** 63]


def test_tensor_int_overflow():
    for data in (2 ** 63, [2 ** 63], 2 ** 64, -2 ** 63 - 1):
        with raises_exactly(ValueError, "Overflow when unpacking long long"):
            rt.tensor(data)


def test_default_dtype_changes(restore_default_dtype):
    assert rt.get_default_dtype() is rt.float32
    rt.set_default_dtype(rt.float64)
    assert rt.get_default_dtype() is rt.float64
    assert rt.tensor(2.5).dtype is rt.float64
    assert rt.tensor([1, 2.5]).dtype is rt.float64
    assert rt.tensor([]).dtype is rt.float64
    assert rt.tensor(1j).dtype is rt.complex128
    assert rt.zeros(2).dtype is rt.float64
    assert rt.ones(2).dtype is rt.float64
    assert rt.full((2,), 1.5).dtype is rt.float64
    assert rt.arange(3.0).dtype is rt.float64
    assert rt.arange(3).dtype is rt.int64
    assert rt.tensor(1).dtype is rt.int64
    assert (rt.ones(2, dtype=rt.int32) + 1.5).dtype is rt.float64
    assert (rt.ones(2, dtype=rt.int32) / 2).dtype is rt.float64
    assert (rt.ones(2, dtype=rt.float32) + 1.5).dtype is rt.float32
    assert repr(rt.tensor([1.5])) == "tensor([1.5000])"
    assert repr(rt.tensor([1.5], dtype=rt.float32)) == "tensor([1.5000], dtype=runtime.float32)"
    rt.set_default_dtype(rt.float16)
    assert rt.tensor(2.5).dtype is rt.float16
    assert rt.tensor(1j).dtype is rt.complex32
    rt.set_default_dtype(rt.float32)
    assert rt.get_default_dtype() is rt.float32
    assert rt.tensor(2.5).dtype is rt.float32


def test_default_dtype_bfloat16_has_no_complex(restore_default_dtype):
    rt.set_default_dtype(rt.bfloat16)
    assert rt.tensor(2.5).dtype is rt.bfloat16
    assert (rt.ones(2, dtype=rt.int32) + 1.5j).dtype is rt.complex64
    with raises_exactly(RuntimeError, "invalid default scalar type for complex"):
        rt.tensor(1j)


@pytest.mark.parametrize("name", ["int32", "int64", "bool", "complex64", "complex128", "uint8"])
def test_set_default_dtype_rejects_non_float(name, restore_default_dtype):
    with raises_exactly(TypeError, "only floating-point types are supported as the default type"):
        rt.set_default_dtype(getattr(rt, name))
    assert rt.get_default_dtype() is rt.float32


@pytest.mark.parametrize("data,message", [
    ([[1, 2], [3]], "expected sequence of length 2 at dim 1 (got 1)"),
    ([[1, 2], [3, 4, 5]], "expected sequence of length 2 at dim 1 (got 3)"),
    ([[[1, 2]], [[3]]], "expected sequence of length 2 at dim 2 (got 1)"),
])
def test_ragged_lists_raise(data, message):
    with raises_exactly(ValueError, message):
        rt.tensor(data)


def test_factories():
    assert rt.zeros(2, 3).tolist() == [[0.0] * 3] * 2 and rt.zeros(2, 3).dtype is rt.float32
    assert rt.zeros((2, 3)).shape == (2, 3) and rt.zeros([2, 3]).shape == (2, 3)
    assert rt.zeros(()).shape == () and rt.zeros(()).item() == 0.0
    assert rt.ones(2, dtype=rt.int8).tolist() == [1, 1]
    assert rt.ones(2, dtype=rt.complex32).tolist() == [1 + 0j, 1 + 0j]
    assert rt.empty(2, 0).shape == (2, 0)
    assert rt.full((2,), 1.5).dtype is rt.float32
    assert rt.full((2,), 1).dtype is rt.int64
    assert rt.full((2,), True).dtype is rt.bool
    assert rt.full((2,), 1j).dtype is rt.complex64
    assert rt.full((2, 1), 7, dtype=rt.uint8).tolist() == [[7], [7]]
    assert rt.arange(5).tolist() == [0, 1, 2, 3, 4] and rt.arange(5).dtype is rt.int64
    assert rt.arange(1, 4).tolist() == [1, 2, 3]
    assert rt.arange(0, 1, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]
    assert rt.arange(5.0).dtype is rt.float32
    assert rt.arange(10, 0, -3).tolist() == [10, 7, 4, 1]
    assert rt.arange(5, dtype=rt.float64).dtype is rt.float64
    with raises_exactly(RuntimeError, "step must be nonzero"):
        rt.arange(0, 10, 0)


def test_arange_inconsistent_bounds_message():
    with raises_exactly(RuntimeError, "upper bound and lower bound inconsistent with step sign"):
        rt.arange(1, 0)
    with raises_exactly(RuntimeError, "upper bound and lower bound inconsistent with step sign"):
        rt.arange(0, 1, -1)


# ================================================================================================= geometry
def test_shape_stride_ndim_numel():
    t = rt.zeros(2, 3, 4)
    assert t.shape == (2, 3, 4) and t.size() == (2, 3, 4) and isinstance(t.shape, tuple)
    assert repr(t.shape) == "runtime.Size([2, 3, 4])"
    assert t.size(-1) == 4 and t.size(0) == 2
    assert t.stride() == (12, 4, 1) and t.stride(1) == 4 and t.stride(-3) == 12
    assert t.ndim == 3 and t.dim() == 3
    assert t.numel() == 24 and t.shape.numel() == 24
    assert t.is_contiguous()
    assert t.element_size() == 4 and t.nbytes == 96
    with raises_exactly(IndexError, "Dimension out of range (expected to be in range of [-3, 2], but got 3)"):
        t.size(3)


def test_zero_dim_geometry():
    t = rt.tensor(5)
    assert t.shape == () and t.stride() == () and t.ndim == 0 and t.dim() == 0 and t.numel() == 1
    assert t.is_contiguous()
    assert (int(t), float(t), bool(t), t.item()) == (5, 5.0, True, 5)
    with raises_exactly(TypeError, "len() of a 0-d tensor"):
        len(t)


def test_empty_geometry():
    assert rt.zeros(0, 3).stride() == (3, 1)
    assert rt.zeros(2, 0, 3).stride() == (3, 3, 1)
    assert rt.zeros(2, 0, 3).numel() == 0
    assert rt.zeros(0, 3).is_contiguous()


def test_empty_tensors_are_contiguous():
    # torch: a tensor without elements is always contiguous, whatever its strides
    assert rt.zeros(2, 0, 3).is_contiguous()
    assert rt.zeros(2, 0, 3).permute(2, 1, 0).is_contiguous()
    assert rt.zeros(3, 4)[:, ::2][:0].is_contiguous()


def test_contiguity():
    assert rt.zeros(2, 1, 3).is_contiguous()
    t = rt.zeros(2, 3)
    assert not t.T.is_contiguous()
    assert t.T.stride() == (1, 3)
    assert not t[:, ::2].is_contiguous() and t[:, ::2].stride() == (3, 2)
    assert t[1].is_contiguous()
    assert t.T.contiguous().is_contiguous() and t.T.contiguous().stride() == (2, 1)


# ============================================================================ 0-dim and empty, every dtype
@pytest.mark.parametrize("name", ALL_DTYPES)
def test_zero_dim_and_empty_through_ops(name):
    d = getattr(rt, name)
    x = rt.tensor(1, dtype=d)
    e1, e2 = rt.zeros(0, dtype=d), rt.zeros(2, 0, dtype=d)
    # eq has a kernel for every dtype
    r = rt.eq(x, x)
    assert (r.dtype, r.shape, r.item()) == (rt.bool, (), True)
    r = e1 == e2
    assert (r.dtype, r.shape, r.tolist()) == (rt.bool, (2, 0), [[], []])
    assert rt.eq(x, 1).item() is True
    if name in WIDE_UNSIGNED:
        for f in (lambda: x + x, lambda: e1 + e2, lambda: x + 2):
            with raises_exactly(NotImplementedError, f"\"add_stub\" not implemented for '{C10[name]}'"):
                f()
        for f in (lambda: -x, lambda: rt.neg(e2)):
            with raises_exactly(NotImplementedError, f"\"neg_cpu\" not implemented for '{C10[name]}'"):
                f()
        return
    r = x + x
    assert (r.dtype, r.shape) == (d, ())
    assert r.item() == (True if name == "bool" else 2)
    r = e1 + e2
    assert (r.dtype, r.shape, r.tolist()) == (d, (2, 0), [[], []])
    r = x + rt.ones(3, dtype=d)
    assert (r.dtype, r.shape) == (d, (3,))
    if name == "bool":
        for f in (lambda: -x, lambda: rt.neg(e2), lambda: x.neg()):
            with raises_exactly(RuntimeError, NEG_BOOL):
                f()
        return
    r = -x
    assert (r.dtype, r.shape) == (d, ())
    assert r.item() == (255 if name == "uint8" else -1)
    r = rt.neg(e2)
    assert (r.dtype, r.shape, r.tolist()) == (d, (2, 0), [[], []])


# ================================================================================================= views
def test_basic_slicing():
    a = rt.arange(5)
    assert a[1:4:2].tolist() == [1, 3]
    assert a[-3:].tolist() == [2, 3, 4]
    assert a[:-3].tolist() == [0, 1]
    assert a[4:1].tolist() == [] and a[10:].shape == (0,)
    assert a[-100:2].tolist() == [0, 1]
    assert a[-1].item() == 4 and a[-1].shape == ()
    m = rt.tensor([[1, 2], [3, 4]])
    assert m[0, 1].item() == 2 and m[-1].tolist() == [3, 4]
    assert m[:, -1].tolist() == [2, 4] and m[-2:, :-1].tolist() == [[1], [3]]


def test_slicing_offsets_and_strides():
    t = rt.zeros(4, 3)
    assert t[::2].storage_offset() == 0 and t[::2].stride() == (6, 1)
    assert t[1::2, 1].storage_offset() == 4 and t[1::2, 1].stride() == (6,)
    assert t[-1].storage_offset() == 9
    c = rt.arange(24).reshape(2, 3, 4)
    assert c[5:].shape == (0, 3, 4) and c[5:].stride() == (12, 4, 1)
    v = c[:, ::2, 1:]
    assert v.stride() == (12, 8, 1) and not v.is_contiguous()
    assert (v + 1).tolist() == [[[2, 3, 4], [10, 11, 12]], [[14, 15, 16], [22, 23, 24]]]


def test_none_and_ellipsis():
    a = rt.arange(6).reshape(2, 3)
    assert a[None].shape == (1, 2, 3)
    assert a[:, None].shape == (2, 1, 3)
    assert a[..., None].shape == (2, 3, 1)
    assert a[None, ..., None].shape == (1, 2, 3, 1)
    assert a[...].shape == (2, 3)
    assert a[1, ...].tolist() == [3, 4, 5]
    assert a[..., 1].tolist() == [1, 4]
    c = rt.arange(24).reshape(2, 3, 4)
    assert c[..., 1].tolist() == [[1, 5, 9], [13, 17, 21]]
    assert c[None, 1, ..., None, -1].tolist() == [[[15], [19], [23]]]
    assert c[1:, None, ::2, -3:].tolist() == [[[[13, 14, 15], [21, 22, 23]]]]


def test_none_index_stride_is_unsqueeze_stride():
    c = rt.arange(24).reshape(2, 3, 4)
    # torch gives the new size-1 dimension unsqueeze's stride (size * stride of the next dimension)
    assert c[1:, None, ::2, -3:].stride() == (12, 12, 8, 1)
    assert c[None].stride() == c.unsqueeze(0).stride() == (24, 12, 4, 1)
    assert c[:, None].stride() == c.unsqueeze(1).stride() == (12, 12, 4, 1)
    assert c[..., None].stride() == c.unsqueeze(-1).stride() == (12, 4, 1, 1)


def test_indexing_errors():
    a = rt.zeros(5)
    with raises_exactly(IndexError, "index 10 is out of bounds for dimension 0 with size 5"):
        a[10]
    with raises_exactly(IndexError, "index -6 is out of bounds for dimension 0 with size 5"):
        a[-6]
    with raises_exactly(IndexError, "too many indices for tensor of dimension 1"):
        a[1, 2]
    with raises_exactly(ValueError, "step must be greater than zero"):
        a[::-1]


def test_transpose_permute_T():
    a = rt.arange(6).reshape(2, 3)
    assert a.T.tolist() == [[0, 3], [1, 4], [2, 5]] and a.T.stride() == (1, 3)
    assert a.t().stride() == (1, 3)
    assert a.transpose(0, 1).tolist() == a.T.tolist()
    assert a.transpose(-1, -2).stride() == (1, 3)
    c = rt.arange(24).reshape(2, 3, 4)
    assert c.T.shape == (4, 3, 2) and c.T.stride() == (1, 4, 12)
    assert c.permute(2, 0, 1).stride() == (1, 12, 4)
    assert c.permute((2, 0, 1)).shape == (4, 2, 3)
    with raises_exactly(RuntimeError, "permute(): duplicate dims are not allowed."):
        a.permute(1, 1)
    with raises_exactly(IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 2)"):
        a.transpose(0, 2)


def test_reshape_view():
    c = rt.arange(24)
    assert c.view(2, -1, 4).stride() == (12, 4, 1)
    assert c.reshape(4, 6).shape == (4, 6)
    p = c.reshape(2, 3, 4).permute(2, 0, 1)
    assert p.reshape(4, 6).tolist() == [[0, 4, 8, 12, 16, 20], [1, 5, 9, 13, 17, 21],
                                        [2, 6, 10, 14, 18, 22], [3, 7, 11, 15, 19, 23]]
    assert p.view(4, 6).tolist() == p.reshape(4, 6).tolist()
    t = c.reshape(2, 3, 4).transpose(0, 1)
    with raises_exactly(RuntimeError, "view size is not compatible with input tensor's size and stride (at least "
                        "one dimension spans across two contiguous subspaces). Use .reshape(...) instead."):
        t.view(3, 8)
    assert t.reshape(-1, 8).tolist() == [[0, 1, 2, 3, 12, 13, 14, 15], [4, 5, 6, 7, 16, 17, 18, 19],
                                         [8, 9, 10, 11, 20, 21, 22, 23]]
    with raises_exactly(RuntimeError, "shape '[5, -1]' is invalid for input of size 24"):
        c.view(5, -1)
    with raises_exactly(RuntimeError, "only one dimension can be inferred"):
        c.view(-1, -1)


def test_unsqueeze_squeeze_expand():
    a = rt.arange(6).reshape(2, 3)
    assert a.unsqueeze(1).stride() == (3, 3, 1)
    assert a.unsqueeze(-1).stride() == (3, 1, 1)
    assert a.unsqueeze(0).stride() == (6, 3, 1)
    b = rt.arange(6).reshape(1, 2, 1, 3)
    assert b.squeeze().shape == (2, 3)
    assert b.squeeze(2).shape == (1, 2, 3)
    assert b.squeeze(1).shape == (1, 2, 1, 3)
    c = rt.arange(3).reshape(3, 1)
    assert c.expand(3, 4).stride() == (1, 0)
    assert c.expand(2, 3, 4).stride() == (0, 1, 0)
    assert c.expand(-1, 4).tolist() == [[0] * 4, [1] * 4, [2] * 4]
    with raises_exactly(RuntimeError, "The expanded size of the tensor (4) must match the existing size (3) at "
                        "non-singleton dimension 0.  Target sizes: [4, 4].  Tensor sizes: [3, 1]"):
        c.expand(4, 4)


def test_views_share_memory():
    b = rt.arange(12).reshape(3, 4)
    v = b[1]
    v[0] = 100
    assert b[1, 0].item() == 100
    b[:, 1].add_(10)
    assert b[:, 1].tolist() == [11, 15, 19]
    b.T[0].mul_(-1)
    assert b[:, 0].tolist() == [0, -100, -8]
    b[::2, ::3].mul_(0)
    assert b.tolist() == [[0, 11, 2, 0], [-100, 15, 6, 7], [0, 19, 10, 0]]

    f = rt.arange(12.0)
    f.view(3, 4)[2].div_(2)
    assert f.tolist()[8:] == [4.0, 4.5, 5.0, 5.5]
    g = rt.arange(12)
    g.reshape(3, 4)[-1, -1] = -1
    assert g[-1].item() == -1
    h = rt.arange(6)
    h.unsqueeze(0)[0, 1] = 50
    assert h.tolist() == [0, 50, 2, 3, 4, 5]
    s = rt.arange(6).reshape(1, 6)
    s.squeeze()[2] = 50
    assert s.tolist() == [[0, 1, 50, 3, 4, 5]]
    p = rt.arange(6).reshape(2, 3)
    p.permute(1, 0)[2, 1] = 50
    assert p.tolist() == [[0, 1, 2], [3, 4, 50]]
    p[None][..., 1] = -7
    assert p.tolist() == [[0, -7, 2], [3, -7, 50]]
    e_base = rt.arange(3).reshape(3, 1)
    e = e_base.expand(3, 4)
    e_base[1, 0] = 9
    assert e.tolist() == [[0] * 4, [9] * 4, [2] * 4]
    w = rt.arange(12.0).reshape(3, 4)
    w[:, ::2] *= 2
    assert w.tolist() == [[0.0, 1.0, 4.0, 3.0], [8.0, 5.0, 12.0, 7.0], [16.0, 9.0, 20.0, 11.0]]
    x = rt.arange(4.0)
    rt.add(x[:2], x[2:], out=x[::2])
    assert x.tolist() == [2.0, 1.0, 4.0, 3.0]


def test_setitem():
    b = rt.arange(12).reshape(3, 4)
    b[1:3, 1:3] = 0
    assert b.tolist() == [[0, 1, 2, 3], [4, 0, 0, 7], [8, 0, 0, 11]]
    b[1] = rt.tensor([1.5, 2.5, 3.5, 4.5])
    assert b[1].tolist() == [1, 2, 3, 4] and b.dtype is rt.int64
    z = rt.zeros(2, 3)
    z[:] = rt.tensor([1, 2, 3])
    assert z.tolist() == [[1.0, 2.0, 3.0]] * 2
    z[...] = 7
    assert z.tolist() == [[7.0] * 3] * 2
    i = rt.zeros(2, 3, dtype=rt.int32)
    i[0] = 2.9
    assert i.tolist() == [[2, 2, 2], [0, 0, 0]]


PARTIAL_OVERLAP = ("unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                   "single memory location. Please clone() the tensor before performing the operation.")
INTERNAL_OVERLAP = ("unsupported operation: more than one element of the written-to tensor refers to a single "
                    "memory location. Please clone() the tensor before performing the operation.")


@pytest.mark.parametrize("code, error, values", [
    ("t[1:] = t[:-1]", PARTIAL_OVERLAP, None),
    ("t.view(2, 5)[0] = t[2:7]", PARTIAL_OVERLAP, None),
    ("t[:-1].copy_(t[1:])", PARTIAL_OVERLAP, None),
    ("t.expand(2, 10).copy_(rt.zeros(2, 10))", INTERNAL_OVERLAP, None),
    ("t[:] = t", None, list(range(10))),                    # the same elements, the same way
    ("t.copy_(t)", None, list(range(10))),
    ("t[::2] = t[1::2]", None, [1, 1, 3, 3, 5, 5, 7, 7, 9, 9]),   # not dense: torch does not check
    ("t[:5].copy_(t[5:])", None, [5, 6, 7, 8, 9, 5, 6, 7, 8, 9]),
])
def test_copy_into_an_overlapping_tensor(code, error, values):
    """torch 2.13's answers: a copy that would read elements it has written raises."""
    t = rt.arange(10.0)
    if error:
        with raises_exactly(RuntimeError, error):
            exec(code)
        assert t.tolist() == list(range(10))
    else:
        exec(code)
        assert t.tolist() == values


def test_clone_and_contiguous_are_copies():
    a = rt.arange(12).reshape(3, 4)
    c = a.T.contiguous()
    assert c.stride() == (3, 1) and c.tolist() == [[0, 4, 8], [1, 5, 9], [2, 6, 10], [3, 7, 11]]
    c[0, 0] = 99
    assert a[0, 0].item() == 0
    assert a.contiguous() is a
    k = a.clone()
    k[0, 0] = 99
    assert a[0, 0].item() == 0
    assert a.T.reshape(12).tolist() == [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]
    assert a.T.flatten().tolist() == a.T.reshape(12).tolist()


def test_clone_preserves_strides():
    # torch's clone uses memory_format=torch.preserve_format: a dense permuted tensor keeps its strides
    a = rt.arange(12).reshape(3, 4)
    assert a.T.clone().stride() == (1, 4)


def test_elementwise_results_follow_input_layout():
    # TensorIterator gives the output the memory layout of the (first) input
    a = rt.arange(12).reshape(3, 4)
    assert (a.T + 1).stride() == (1, 4)
    assert (-a.T).stride() == (1, 4)
    assert (a.T == 1).stride() == (1, 4)
    assert (a.T + a.T.contiguous()).stride() == (1, 4)
    assert (a.T.contiguous() + a.T).stride() == (3, 1)
    assert (a[:, ::2] + 1).stride() == (2, 1)


# ============================================================================ ops on non-contiguous views
def test_ops_on_noncontiguous_views():
    a = rt.arange(6.0).reshape(2, 3)
    c = rt.arange(6.0).reshape(3, 2)
    assert (a.T + c).tolist() == [[0.0, 4.0], [3.0, 7.0], [6.0, 10.0]]
    x, y = rt.arange(10), rt.arange(10, 20)
    assert (x[::2] + y[::2]).tolist() == [10, 14, 18, 22, 26]
    r = rt.arange(3).reshape(3, 1) + rt.arange(4).reshape(1, 4)
    assert r.shape == (3, 4) and r.tolist() == [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5]]
    r = rt.arange(3).reshape(3, 1) * (rt.arange(4).reshape(1, 4) * 1.5)
    assert r.dtype is rt.float32 and r.tolist()[2] == [0.0, 3.0, 6.0, 9.0]
    p = rt.arange(24).reshape(2, 3, 4).permute(2, 0, 1)
    assert (p - p.contiguous()).tolist() == [[[0] * 3] * 2] * 4
    t = rt.arange(6).reshape(2, 3)
    assert rt.eq(t.T, t.T.contiguous()).tolist() == [[True, True]] * 3
    m = rt.arange(12.0).reshape(3, 4)
    m.T.add_(1)
    assert m.tolist() == [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]
    assert (rt.arange(3)[None, :] - rt.arange(3)[:, None]).tolist() == [[0, 1, 2], [-1, 0, 1], [-2, -1, 0]]


def test_broadcasting_errors():
    with raises_exactly(RuntimeError, "The size of tensor a (3) must match the size of tensor b (2) at "
                        "non-singleton dimension 1"):
        rt.zeros(2, 3) + rt.zeros(2)
    with raises_exactly(RuntimeError, "The size of tensor a (3) must match the size of tensor b (2) at "
                        "non-singleton dimension 0"):
        rt.zeros(3, 3) + rt.zeros(2, 3)
    with raises_exactly(RuntimeError, "output with shape [2, 3] doesn't match the broadcast shape [4, 2, 3]"):
        rt.zeros(2, 3).add_(rt.zeros(4, 2, 3))
    with raises_exactly(RuntimeError, "output with shape [2, 3] doesn't match the broadcast shape [4, 2, 3]"):
        a = rt.ones(2, 3)
        a += rt.ones(4, 2, 3)
    with raises_exactly(RuntimeError, "output with shape [2, 1] doesn't match the broadcast shape [2, 3]"):
        rt.zeros(2, 1).add_(rt.zeros(2, 3))
    with raises_exactly(RuntimeError, "output with shape [2] doesn't match the broadcast shape [2, 2]"):
        rt.tensor([1, 2]).mul_(rt.tensor([[1], [2]]))
    a = rt.ones(2, 3)
    a += rt.ones(3)
    assert a.tolist() == [[2.0] * 3] * 2


# ================================================================================ values: tolist/item/to
TO_SOURCE = [0.0, 1.0, 2.75, 100.0]
TO_EXPECTED = {"bool": [False, True, True, True], "int": [0, 1, 2, 100], "float": [0.0, 1.0, 2.75, 100.0],
               "complex": [0j, 1 + 0j, 2.75 + 0j, 100 + 0j]}
PY_TYPE = {"bool": bool, "int": int, "float": float, "complex": complex}


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_to_tolist_item_every_dtype(name):
    d = getattr(rt, name)
    t = rt.tensor(TO_SOURCE).to(d)
    cat = CATEGORY[name]
    assert t.dtype is d and t.shape == (4,)
    values = t.tolist()
    assert values == TO_EXPECTED[cat]
    assert all(type(v) is PY_TYPE[cat] for v in values)
    assert t.to(d) is t
    assert t.to(d, copy=True) is not t
    assert t[2].item() == TO_EXPECTED[cat][2] and type(t[2].item()) is PY_TYPE[cat]
    assert t.reshape(2, 2).tolist() == [TO_EXPECTED[cat][:2], TO_EXPECTED[cat][2:]]
    # back to float64 and to int64 from every dtype
    back = [float(v.real) if isinstance(v, complex) else float(v) for v in TO_EXPECTED[cat]]
    assert t.to(rt.float64).tolist() == back
    assert t.to(rt.int64).tolist() == [int(v) for v in back]
    zero_dim = rt.tensor(3, dtype=d)
    assert zero_dim.item() == (True if name == "bool" else 3)
    assert type(zero_dim.item()) is PY_TYPE[cat]
    assert zero_dim.tolist() == zero_dim.item()
    assert rt.zeros(0, dtype=d).tolist() == [] and rt.zeros(2, 0, dtype=d).tolist() == [[], []]


def test_reduced_precision_values():
    assert rt.tensor([0.1, 1.5, -2.7, 65504.0, 1e-8]).to(rt.float16).tolist() == [
        0.0999755859375, 1.5, -2.69921875, 65504.0, 0.0]
    assert rt.tensor([0.1, 1.5, -2.7]).to(rt.bfloat16).tolist() == [0.10009765625, 1.5, -2.703125]
    assert rt.tensor([0.1 + 0.2j, -1.5j]).to(rt.complex32).tolist() == [0.0999755859375 + 0.199951171875j, -1.5j]
    assert rt.tensor(2.5, dtype=rt.float16).item() == 2.5
    assert rt.tensor(2.5, dtype=rt.bfloat16).item() == 2.5
    assert rt.tensor(1 - 2j, dtype=rt.complex32).item() == 1 - 2j


def test_float_to_int_truncates():
    for name in ("int8", "int16", "int32", "int64"):
        assert rt.tensor([2.7, -2.7, 0.5, -0.5]).to(getattr(rt, name)).tolist() == [2, -2, 0, 0]
    assert rt.tensor([2.7, 0.5, 255.9]).to(rt.uint8).tolist() == [2, 0, 255]
    assert rt.tensor([2.7, -2.7]).int().tolist() == [2, -2]
    assert rt.tensor([2.7, -2.7]).long().tolist() == [2, -2]


def test_other_conversions():
    assert rt.tensor([2.7, -2.7, 0.0, -0.0]).to(rt.bool).tolist() == [True, True, False, False]
    assert rt.tensor([1 + 2j, 0j, 0.5j]).to(rt.bool).tolist() == [True, False, True]
    assert rt.tensor([300, -1, 255]).to(rt.uint8).tolist() == [44, 255, 255]
    assert rt.tensor([70000, -1]).to(rt.uint16).tolist() == [4464, 65535]
    assert rt.tensor([-1, 5]).to(rt.uint64).tolist() == [2 ** 64 - 1, 5]
    assert rt.tensor([True, False]).to(rt.complex64).tolist() == [1 + 0j, 0j]
    assert rt.tensor([[1.0, 2.0], [3.0, 4.0]]).T.to(rt.int32).tolist() == [[1, 3], [2, 4]]


def test_complex_to_real_discards_imaginary_part():
    assert rt.tensor([1 + 2j, -3.5 - 1j]).to(rt.float32).tolist() == [1.0, -3.5]


# torch's warn-once warnings (TORCH_WARN_ONCE): checked in a fresh interpreter, where each is the first of its
# kind.  The cases run in order in one interpreter, so no two of them may expect the same warning.
T_NDIM = ("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it will "
          "throw an error in a future release. Consider `x.mT` to transpose batches of matrices or "
          "`x.permute(*<M>.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor.")
WARN_ONCE = {
    "T_on_2d_is_silent": ("M.zeros(2, 3).T", []),
    "T_on_3d_then_1d": ("M.zeros(2, 3, 4).T; M.zeros(3).T; M.zeros(2, 3, 4).T", [T_NDIM]),
    "T_on_0d": ("M.zeros(()).T; M.zeros(()).T",
                ["Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases."]),
    "complex_to_real": ("M.tensor([1 + 2j, -3.5 - 1j]).to(M.float32); M.tensor([1j]).to(M.int32)",
                        ["Casting complex values to real discards the imaginary part"]),
}


@functools.lru_cache(maxsize=None)
def _first_warnings(module):
    """{case: the warnings its code raised}, all cases run in one fresh interpreter importing `module`."""
    script = ("import sys, warnings\n"
              f"import {module} as M\n"
              "cases = " + repr({k: code for k, (code, _) in WARN_ONCE.items()}) + "\n"
              "seen = {}\n"
              "for key, code in cases.items():\n"
              "    with warnings.catch_warnings(record=True) as caught:\n"
              "        warnings.simplefilter('always')\n"
              "        exec(code, {'M': M})\n"
              "    seen[key] = [str(w.message).split(' (Triggered internally at ')[0].replace(M.__name__ + '.', '<M>.')\n"
              "                 for w in caught if 'ComplexHalf' not in str(w.message)]\n"
              "print(repr(seen))\n")
    root = pathlib.Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("key", sorted(WARN_ONCE))
def test_warn_once_warnings(key):
    assert _first_warnings("runtime")[key] == WARN_ONCE[key][1]


def test_item_errors():
    with raises_exactly(RuntimeError, "a Tensor with 2 elements cannot be converted to Scalar"):
        rt.tensor([7, 8]).item()
    with raises_exactly(RuntimeError, "a Tensor with 0 elements cannot be converted to Scalar"):
        rt.tensor([]).item()
    with raises_exactly(RuntimeError, "Boolean value of Tensor with more than one value is ambiguous"):
        bool(rt.tensor([1, 2]))
    assert rt.tensor([7], dtype=rt.int8).item() == 7


# ================================================================================================= repr
REPR_LITERALS = [
    (lambda: rt.tensor(3), "tensor(3)"),
    (lambda: rt.tensor(3.5), "tensor(3.5000)"),
    (lambda: rt.tensor(True), "tensor(True)"),
    (lambda: rt.tensor(1 + 2j), "tensor(1.+2.j)"),
    (lambda: rt.tensor([]), "tensor([])"),
    (lambda: rt.zeros(2, 0), "tensor([], size=(2, 0))"),
    (lambda: rt.zeros(0, dtype=rt.int32), "tensor([], dtype=runtime.int32)"),
    (lambda: rt.zeros(2, 0, 3, dtype=rt.float16), "tensor([], size=(2, 0, 3), dtype=runtime.float16)"),
    # an empty tensor shows every dtype but the default one (int64 and bool included)
    (lambda: rt.zeros(2, 0, dtype=rt.bool), "tensor([], size=(2, 0), dtype=runtime.bool)"),
    (lambda: rt.tensor([], dtype=rt.int64), "tensor([], dtype=runtime.int64)"),
    (lambda: rt.zeros(0, dtype=rt.complex64), "tensor([], dtype=runtime.complex64)"),
    (lambda: rt.tensor([1, 2, 3]), "tensor([1, 2, 3])"),
    (lambda: rt.tensor([1.0, 2.0, 3.0]), "tensor([1., 2., 3.])"),
    (lambda: rt.tensor([1.5, 2.25, -3.125]), "tensor([ 1.5000,  2.2500, -3.1250])"),
    (lambda: rt.tensor([1e-5, 1.0]), "tensor([1.0000e-05, 1.0000e+00])"),
    (lambda: rt.tensor([0.0, -0.0]), "tensor([0., -0.])"),
    (lambda: rt.tensor([math.nan, math.inf, -math.inf, 1.5]), "tensor([   nan,    inf,   -inf, 1.5000])"),
    (lambda: rt.tensor([1, 2], dtype=rt.int32), "tensor([1, 2], dtype=runtime.int32)"),
    (lambda: rt.tensor([1, 2], dtype=rt.uint64), "tensor([1, 2], dtype=runtime.uint64)"),
    (lambda: rt.tensor([0.1, 2], dtype=rt.bfloat16), "tensor([0.1001, 2.0000], dtype=runtime.bfloat16)"),
    (lambda: rt.tensor([1 + 2j, -3.5j]), "tensor([1.+2.0000j, -0.-3.5000j])"),
    (lambda: rt.tensor([1 + 2j, -3.5j], dtype=rt.complex32),
     "tensor([1.+2.0000j, -0.-3.5000j], dtype=runtime.complex32)"),
    (lambda: rt.tensor([True, False]), "tensor([ True, False])"),
    (lambda: rt.arange(12).reshape(3, 4),
     "tensor([[ 0,  1,  2,  3],\n        [ 4,  5,  6,  7],\n        [ 8,  9, 10, 11]])"),
    (lambda: rt.arange(6).reshape(2, 3).T, "tensor([[0, 3],\n        [1, 4],\n        [2, 5]])"),
]


@pytest.mark.parametrize("make,expected", REPR_LITERALS, ids=[e for _, e in REPR_LITERALS])
def test_repr_literals(make, expected):
    t = make()
    assert repr(t) == expected
    assert str(t) == expected


# ======================================================================================= out= and in-place
def test_out_casting():
    o = rt.zeros(1, dtype=rt.int32)
    r = rt.add(rt.tensor([1]), rt.tensor([2]), out=o)
    assert r is o and o.tolist() == [3] and o.dtype is rt.int32
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Int"):
        rt.add(rt.tensor([1]), 2.5, out=rt.zeros(1, dtype=rt.int32))
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Long"):
        rt.div(rt.tensor([1]), 2, out=rt.zeros(1, dtype=rt.int64))
    assert rt.eq(rt.tensor([1]), 1, out=rt.zeros(1, dtype=rt.float32)).tolist() == [1.0]
    with raises_exactly(RuntimeError, "Found dtype Float but expected Long"):
        rt.neg(rt.tensor([1]), out=rt.zeros(1, dtype=rt.float32))
    assert rt.abs(rt.tensor([3 + 4j]), out=rt.zeros(1, dtype=rt.float64)).tolist() == [5.0]
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Long"):
        rt.abs(rt.tensor([1 + 1j]), out=rt.zeros(1, dtype=rt.int64))
    assert rt.add(rt.ones(2), rt.ones(2), out=rt.zeros(2, dtype=rt.float16)).tolist() == [2.0, 2.0]


def test_out_resize_warns():
    o = rt.zeros(3, dtype=rt.int64)
    with pytest.warns(UserWarning, match="^An output with one or more elements was resized since it had shape \\[3\\]"):
        rt.add(rt.tensor([1, 2]), 1, out=o)
    assert o.shape == (2,) and o.tolist() == [2, 3]


def test_inplace_casting():
    a = rt.ones(2, dtype=rt.int32)
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Int"):
        a += 1.5
    assert a.tolist() == [1, 1] and a.dtype is rt.int32
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Int"):
        a.add_(2.5)
    b = rt.tensor([True, False])
    with raises_exactly(RuntimeError, "result type Long can't be cast to the desired output type Bool"):
        b += 1
    with raises_exactly(RuntimeError, "result type Long can't be cast to the desired output type Bool"):
        b.add_(1)
    b += True
    assert b.tolist() == [True, True] and b.dtype is rt.bool
    b *= rt.tensor([True, False])
    assert b.tolist() == [True, False]
    with raises_exactly(RuntimeError, "result type ComplexFloat can't be cast to the desired output type Float"):
        rt.tensor([1.0]).add_(1j)
    with raises_exactly(RuntimeError, "result type ComplexFloat can't be cast to the desired output type Half"):
        h = rt.ones(2, dtype=rt.float16)
        h -= rt.tensor([0.5j])
    h = rt.ones(2, dtype=rt.float16)
    h -= rt.tensor([0.5], dtype=rt.float64)
    assert h.tolist() == [0.5, 0.5] and h.dtype is rt.float16
    u = rt.tensor([1], dtype=rt.uint8)
    assert u.add_(rt.tensor([300])).tolist() == [45] and u.dtype is rt.uint8
    n = rt.ones(2, dtype=rt.int64)
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Long"):
        n /= 2
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Long"):
        n -= rt.tensor([0.5])
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Long"):
        n.div_(2)
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Long"):
        n.reciprocal_()
    with raises_exactly(RuntimeError, "result type Float can't be cast to the desired output type Long"):
        n.true_divide_(2)
    n //= 2
    assert n.tolist() == [0, 0]
    assert rt.tensor([1]).div_(2, rounding_mode="floor").tolist() == [0]
    f = rt.ones(2)
    same = f
    f /= 2
    assert f is same and f.tolist() == [0.5, 0.5]
    assert f.add_(1) is f
    assert rt.tensor([3]).eq_(3).tolist() == [1]
    assert rt.tensor([3.0]).lt_(4).tolist() == [1.0]
    assert rt.tensor([3]).sub_(1, alpha=2).tolist() == [1]
    assert rt.tensor([3]).floor_divide_(2).tolist() == [1]
    with raises_exactly(RuntimeError, "In-place abs is not supported for complex tensors."):
        rt.tensor([1j]).abs_()
    with raises_exactly(RuntimeError, NEG_BOOL):
        rt.tensor([True]).neg_()


# ================================================================================ Python operators, scalars
def test_reflected_operators():
    t = rt.tensor([1, 2, 4])
    r = 2 - t
    assert r.dtype is rt.int64 and r.tolist() == [1, 0, -2]
    r = 2 / t
    assert r.dtype is rt.float32 and r.tolist() == [2.0, 1.0, 0.5]
    assert (2 * t).tolist() == [2, 4, 8] and (2 * t).dtype is rt.int64
    assert (2 + t).tolist() == [3, 4, 6]
    assert (2 < t).tolist() == [False, False, True] and (2 < t).dtype is rt.bool
    assert (2 <= t).tolist() == [False, True, True]
    assert (2 > t).tolist() == [True, False, False]
    assert (2 >= t).tolist() == [True, True, False]
    assert (2 == t).tolist() == [False, True, False]
    assert (2 != t).tolist() == [True, False, True]
    assert (2 // t).tolist() == [2, 1, 0]
    assert (2.5 - t).tolist() == [1.5, 0.5, -1.5] and (2.5 - t).dtype is rt.float32
    r = 2.5 / rt.tensor([1, 2, 4], dtype=rt.int8)
    assert r.dtype is rt.float32 and r.tolist() == [2.5, 1.25, 0.625]
    r = (1 + 1j) * rt.tensor([1, 2])
    assert r.dtype is rt.complex64 and r.tolist() == [1 + 1j, 2 + 2j]
    assert (True + rt.tensor([True, False])).dtype is rt.bool
    assert (1 + rt.tensor([True, False])).tolist() == [2, 1]
    with raises_exactly(NotImplementedError, "\"reciprocal_cpu\" not implemented for 'ComplexHalf'"):
        2 / rt.tensor([1, 2], dtype=rt.complex32)
    with raises_exactly(RuntimeError, "Subtraction, the `-` operator, with a bool tensor is not supported. If you "
                        "are trying to invert a mask, use the `~` or `logical_not()` operator instead."):
        1 - rt.tensor([True, False])
    with raises_exactly(RuntimeError, "Subtraction, the `-` operator, with two bool tensors is not supported. Use "
                        "the `^` or `logical_xor()` operator instead."):
        True - rt.tensor([True, False])


def test_unary_operators_and_division():
    assert (-rt.tensor([1, 2])).tolist() == [-1, -2]
    assert abs(rt.tensor([-1, 2])).tolist() == [1, 2]
    assert (rt.tensor([1, 2]) / 0).tolist() == [math.inf, math.inf]
    with raises_exactly(RuntimeError, "ZeroDivisionError"):
        rt.tensor([1, 2, -1]) // 0
    assert (rt.tensor([5, -5]) // 2).tolist() == [2, -3]
    assert (rt.tensor([5.0, -5.0]) // 2).tolist() == [2.0, -3.0]
    assert rt.div(rt.tensor([5, -5]), 2, rounding_mode="trunc").tolist() == [2, -2]
    assert rt.div(rt.tensor([5, -5]), 2, rounding_mode="floor").tolist() == [2, -3]
    assert rt.div(rt.tensor([5, -5]), 2).tolist() == [2.5, -2.5]
    assert rt.true_divide(rt.tensor([5, -5]), 2).dtype is rt.float32
    with raises_exactly(RuntimeError, "div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                        "found 'round'"):
        rt.div(rt.tensor([5, -5]), 2, rounding_mode="round")
    assert rt.rsub(rt.tensor([5, -5]), 2).tolist() == [-3, 7]
    assert rt.rsub(rt.tensor([5, -5]), 2, alpha=3).tolist() == [-13, 17]
    assert rt.sub(rt.tensor([5, -5]), 2, alpha=3).tolist() == [-1, -11]
    assert rt.add(rt.tensor([5.0, -5.0]), 2, alpha=0.5).tolist() == [6.0, -4.0]
    with raises_exactly(RuntimeError, "For integral input tensors, argument alpha must not be a floating point "
                        "number."):
        rt.add(rt.tensor([5, -5]), 2, alpha=0.5)
    assert rt.reciprocal(rt.tensor([2, 4])).tolist() == [0.5, 0.25]


def test_functions_with_scalars():
    r = rt.add(2, 3)
    assert isinstance(r, rt.Tensor) and r.dtype is rt.int64 and r.shape == () and r.item() == 5
    assert repr(r) == "tensor(5)"
    r = rt.add(2, 3.5)
    assert r.dtype is rt.float32 and r.item() == 5.5
    assert rt.add(True, False).dtype is rt.bool
    assert rt.mul(2, 3).item() == 6
    sig = (" * (Tensor input, Tensor other, *, Tensor out = None)\n"
           " * (Tensor input, Number other, *, Tensor out = None)\n")
    with raises_exactly(TypeError, "eq() received an invalid combination of arguments - got (int, Tensor), but "
                        "expected one of:\n" + sig):
        rt.eq(2, rt.tensor([2]))
    with raises_exactly(TypeError, "lt() received an invalid combination of arguments - got (int, Tensor), but "
                        "expected one of:\n" + sig):
        rt.lt(2, rt.tensor([2]))


def test_eq_with_a_string_is_torchs_overload_error():
    sig = (" * (Tensor input, Tensor other, *, Tensor out = None)\n"
           " * (Tensor input, Number other, *, Tensor out = None)\n")
    with raises_exactly(TypeError, "eq() received an invalid combination of arguments - got (Tensor, str), but "
                        "expected one of:\n" + sig):
        rt.eq(rt.tensor([2]), "a")


def test_operators_with_unsupported_operands():
    t = rt.tensor([2])
    for other in ("a", None, [1]):
        with pytest.raises(TypeError, match="^unsupported operand type"):
            t + other
    assert (t == None) is False  # noqa: E711 - torch answers False


# ================================================================================================
# Differential tests against torch: the same code runs with M = runtime and M = torch.
# ================================================================================================
def _torch():
    return pytest.importorskip("torch")


def _norm_text(s, M):
    s = s.split(" (Triggered internally at ")[0]
    return s.replace(M.__name__ + ".", "<M>.")


def _normalize(v, M):
    if isinstance(v, M.Tensor):
        return ("Tensor", str(v.dtype).split(".")[1], tuple(v.shape), repr(v.tolist()))
    if isinstance(v, M.dtype):
        return ("dtype", str(v).split(".")[1])
    if isinstance(v, (list, tuple)) and not isinstance(v, (rt.Size,)) and type(v).__name__ != "Size":
        return (type(v).__name__, [_normalize(x, M) for x in v])
    return ("value", _norm_text(repr(v), M))


# torch's warn-once ComplexHalf notice depends on test order; the copy-construct advice is about autograd
# (`.detach()`), which the runtime does not have.
# torch's warn-once warnings are also left out here (their appearance depends on test order; see WARN_ONCE).
IGNORED_WARNINGS = ("ComplexHalf support is experimental", "To copy construct from a tensor",
                    "Casting complex values to real discards the imaginary part", "The use of `x.T` on tensors",
                    "Tensor.T is deprecated on 0-D tensors")


def evaluate(M, code):
    """Run `code` (an expression, or statements that set `out`) with M as the module: the normalized
    result or exception, and the warnings it raised (ComplexHalf's warn-once notice excluded)."""
    ns = {"M": M, "math": math}
    old = M.get_default_dtype()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            try:
                compiled = compile(code, "<expr>", "eval")
            except SyntaxError:
                exec(compile(code, "<stmt>", "exec"), ns)
                result = _normalize(ns.get("out"), M)
            else:
                result = _normalize(eval(compiled, ns), M)
        except Exception as e:  # noqa: BLE001 - the exception is the result compared
            result = ("raises", type(e).__name__, _norm_text(str(e), M))
        finally:
            M.set_default_dtype(old)
    seen = [(w.category.__name__, _norm_text(str(w.message), M)) for w in caught
            if not any(m in str(w.message) for m in IGNORED_WARNINGS)]
    return result, seen


DIFFERENTIAL = [
    # ---------------------------------------------------------------- creation and inference
    "M.tensor(True)", "M.tensor(3)", "M.tensor(3.5)", "M.tensor(1+2j)", "M.tensor([])", "M.tensor(())",
    "M.tensor([[], []])", "M.tensor([[[]]])", "M.tensor([1, 2.0])", "M.tensor([True, 2])", "M.tensor([True, 2.5])",
    "M.tensor([1, 2.5j, True])", "M.tensor([(1, 2), (3, 4)])", "M.tensor((1, 2.5))",
    "M.tensor([M.tensor(1), M.tensor(2)])", "M.tensor([M.tensor(1.5), 2])",
    "M.tensor(M.tensor([1, 2]), dtype=M.float16)",
    "M.tensor([[1, 2], [3]])", "M.tensor([[1, 2], [3, 4, 5]])", "M.tensor([[[1, 2]], [[3]]])",
    "M.tensor([1, [2]])", "M.tensor([[1, 2], 3])",
    "M.tensor(2**63 - 1)", "M.tensor(-2**63)", "M.tensor(2**63)", "M.tensor([2**63])", "M.tensor(-2**63 - 1)",
    "M.tensor(None)", "M.tensor([1, None])",
    "M.tensor([1.5, 2], dtype=M.int32)", "M.tensor([1, 2], dtype=M.bool)", "M.tensor(True, dtype=M.float16)",
    "M.tensor([300], dtype=M.uint8)", "M.tensor(128, dtype=M.int8)", "M.tensor([70000], dtype=M.int16)",
    "M.tensor(2**40, dtype=M.int32)", "M.tensor(2**40, dtype=M.float16)", "M.tensor(1e300, dtype=M.float32)",
    "M.tensor(-1, dtype=M.uint8)", "M.tensor([-255, -1], dtype=M.uint8)", "M.tensor([-256], dtype=M.uint8)",
    "M.tensor([-1], dtype=M.uint32)", "M.tensor(-1, dtype=M.uint64)",
    "M.tensor([2**63], dtype=M.uint64)", "M.tensor([2**64 - 1], dtype=M.uint64)",
    "M.tensor([1e10], dtype=M.int32)", "M.tensor([-1.5], dtype=M.uint8)", "M.tensor([1.5, 2], dtype=M.uint8)",
    "M.tensor(1j, dtype=M.float32)", "M.tensor([1.5, 2j], dtype=M.float64)", "M.tensor([1+1j], dtype=M.int32)",
    "M.tensor([1+1j], dtype=M.bool)", "M.tensor([0.0, 1e-300], dtype=M.bool)",
    "M.zeros(2, 3, dtype=M.int8)", "M.zeros((2, 3))", "M.zeros([2, 3])", "M.zeros(())", "M.ones(2, dtype=M.complex32)",
    "M.empty(2, 0).shape", "M.full((2,), 1.5)", "M.full((2,), 1)", "M.full((2,), True)", "M.full((2,), 1j)",
    "M.full((2, 1), 7, dtype=M.uint8)", "M.arange(5)", "M.arange(1, 4)", "M.arange(0, 1, 0.25)", "M.arange(5.)",
    "M.arange(10, 0, -3)", "M.arange(0, 10, 0)", "M.arange(1, 0)",
    "M.set_default_dtype(M.float64); out = [M.tensor(2.5), M.tensor(1j), M.zeros(2), M.arange(3.),"
    " M.ones(2, dtype=M.int32) + 1.5, M.ones(2, dtype=M.int32) / 2, M.ones(2) + 1.5, M.add(1, 2.5),"
    " repr(M.tensor([1.5])), repr(M.tensor([1.5], dtype=M.float32)), repr(M.tensor([1j], dtype=M.complex64))]",
    "M.set_default_dtype(M.float16); out = [M.tensor(2.5), M.tensor(1j), M.ones(2, dtype=M.int32) + 1.5j]",
    "M.set_default_dtype(M.bfloat16); out = [M.tensor(2.5), M.ones(2, dtype=M.int32) + 1.5j]",
    "M.set_default_dtype(M.bfloat16); out = M.tensor(1j)",
    "M.set_default_dtype(M.int32)", "M.set_default_dtype(M.complex128)", "M.set_default_dtype(M.bool)",
    "M.get_default_dtype()",
    # ---------------------------------------------------------------- dtypes
    "[(str(d), d.is_floating_point, d.is_complex, d.is_signed, d.itemsize) for d in [M.bool, M.uint8, M.int8,"
    " M.int16, M.int32, M.int64, M.float16, M.bfloat16, M.float32, M.float64, M.complex32, M.complex64,"
    " M.complex128, M.uint16, M.uint32, M.uint64]]",
    "[M.float is M.float32, M.double is M.float64, M.half is M.float16, M.int is M.int32, M.long is M.int64,"
    " M.short is M.int16, M.cfloat is M.complex64, M.cdouble is M.complex128, M.chalf is M.complex32]",
    # ---------------------------------------------------------------- geometry
    "M.zeros(2, 3).stride()", "M.zeros(0, 3).stride()", "M.zeros(2, 0, 3).stride()", "M.zeros(2, 1, 3).is_contiguous()",
    "M.zeros(2, 3).T.is_contiguous()", "M.zeros(2, 3)[:, ::2].is_contiguous()", "M.zeros(2, 3)[:, ::2].stride()",
    "M.zeros(4, 3)[::2].storage_offset()", "M.zeros(4, 3)[1::2, 1].storage_offset()", "M.zeros(4, 3)[-1].storage_offset()",
    "M.zeros(2, 3).shape", "repr(M.zeros(2, 3).shape)", "M.zeros(2, 3).size()", "M.zeros(2, 3).size(-1)",
    "M.zeros(2, 3).size(2)", "M.zeros(2, 3).stride(-2)", "M.zeros(()).stride()", "M.zeros(()).dim()",
    "M.zeros(()).numel()", "M.zeros(2, 3).numel()", "M.zeros(2, 3).shape.numel()",
    "a = M.tensor([[1, 2, 3]]); out = [a.shape == (1, 3), a.shape[1], a.ndim, a.dim(), a.numel(),"
    " a.element_size(), a.nbytes, a.itemsize]",
    "a = M.zeros(2, 3, dtype=M.complex64); out = [a.element_size(), a.nbytes, a.is_complex(), a.is_floating_point()]",
    # ---------------------------------------------------------------- indexing and views
    "M.zeros(5)[10]", "M.zeros(5)[-6]", "M.zeros(5)[1, 2]", "M.zeros(5)[::-1]", "M.zeros(5)[::0]", "M.zeros(5)[1.5]",
    "M.zeros(5)[..., ...]",
    "M.arange(24).reshape(2, 3, 4)[..., 1]", "M.arange(24).reshape(2, 3, 4)[None, 1, ..., None, -1]",
    "M.arange(24).reshape(2, 3, 4)[1:, None, ::2, -3:]", "M.arange(24).reshape(2, 3, 4)[1:, None, ::2, -3:].stride()",
    "M.arange(24).reshape(2, 3, 4)[None].stride()", "M.arange(24).reshape(2, 3, 4)[..., None].stride()",
    "M.arange(24).reshape(2, 3, 4)[5:]", "M.arange(24).reshape(2, 3, 4)[5:].stride()",
    "M.arange(24).reshape(2, 3, 4).permute(2, 0, 1).stride()", "M.arange(24).reshape(2, 3, 4).permute(2, 0, 1).reshape(4, 6)",
    "M.arange(24).reshape(2, 3, 4).permute(2, 0, 1).view(4, 6)", "M.arange(24).reshape(2, 3, 4).transpose(0, 1).view(3, 8)",
    "M.arange(24).reshape(2, 3, 4).transpose(0, 1).reshape(-1, 8)", "M.arange(24).view(2, -1, 4).stride()",
    "M.arange(24).view(5, -1)", "M.arange(24).view(-1, -1)", "M.arange(24).reshape(2, 3, 4).T.shape",
    "M.arange(24).reshape(2, 3, 4).T.stride()", "M.arange(6).reshape(2, 3).T", "M.arange(6).reshape(2, 3).t().stride()",
    "M.arange(6).reshape(2, 3).unsqueeze(1).stride()", "M.arange(6).reshape(2, 3).unsqueeze(-1).stride()",
    "M.arange(6).reshape(2, 3).unsqueeze(0).stride()", "M.arange(6).reshape(2, 3).unsqueeze(3)",
    "M.arange(6).reshape(1, 2, 1, 3).squeeze().shape", "M.arange(6).reshape(1, 2, 1, 3).squeeze(2).shape",
    "M.arange(6).reshape(1, 2, 1, 3).squeeze(1).shape", "M.arange(3).reshape(3, 1).expand(3, 4).stride()",
    "M.arange(3).reshape(3, 1).expand(2, 3, 4).stride()", "M.arange(3).reshape(3, 1).expand(-1, 4)",
    "M.arange(3).reshape(3, 1).expand(4, 4)", "M.arange(3).expand(2)", "M.arange(6).reshape(2, 3).permute(1, 1)",
    "M.arange(6).reshape(2, 3).permute(1)", "M.arange(6).reshape(2, 3).transpose(0, 2)",
    "a = M.arange(5); out = [a[1:4:2], a[-3:], a[:-3], a[4:1], a[10:].shape, a[-100:2]]",
    "a = M.arange(6).reshape(2, 3); out = [a[None].shape, a[:, None].shape, a[..., None].shape,"
    " a[None, ..., None].shape, a[...].shape, a[1, ...], a[..., 1]]",
    "a = M.arange(12).reshape(3, 4); out = [len(a), [x for x in a]]",
    "a = M.tensor(5); out = [int(a), float(a), bool(a), a.item()]", "len(M.tensor(5))",
    "bool(M.tensor([1, 2]))", "bool(M.tensor([]))",
    "b = M.arange(12).reshape(3, 4); v = b[1]; v[0] = 100; out = b",
    "b = M.arange(12).reshape(3, 4); v = b[:, 1]; v += 10; out = b",
    "b = M.arange(12).reshape(3, 4); b.T[0].mul_(-1); out = b",
    "b = M.arange(12).reshape(3, 4); b[::2, ::3].mul_(0); out = b",
    "b = M.arange(12.); b.view(3, 4)[2].div_(2); out = b",
    "b = M.arange(12); b.reshape(3, 4)[-1, -1] = -1; out = b",
    "b = M.arange(6); b.unsqueeze(0)[0, 1] = 50; out = b",
    "b = M.arange(6).reshape(1, 6); b.squeeze()[2] = 50; out = b",
    "b = M.arange(6).reshape(2, 3); b.permute(1, 0)[2, 1] = 50; out = b",
    "b = M.arange(6).reshape(2, 3); b[None][..., 1] = 50; out = b",
    "b = M.arange(3).reshape(3, 1); e = b.expand(3, 4); b[1, 0] = 9; out = e",
    "b = M.arange(12).reshape(3, 4); b[1:3, 1:3] = 0; out = b",
    "b = M.arange(12).reshape(3, 4); b[1] = M.tensor([1.5, 2.5, 3.5, 4.5]); out = b",
    "b = M.zeros(2, 3); b[:] = M.tensor([1, 2, 3]); out = b",
    "b = M.zeros(2, 3); b[...] = 7; out = b",
    "b = M.zeros(2, 3, dtype=M.int32); b[0] = 2.9; out = b",
    "a = M.arange(12).reshape(3, 4); out = [a.T.contiguous().stride(), a.T.contiguous(), a.T.reshape(12),"
    " a.T.flatten()]",
    "a = M.arange(12).reshape(3, 4); out = a.T.clone().stride()",
    "a = M.arange(12).reshape(3, 4); out = [(a.T + 1).stride(), (-a.T).stride(), (a.T == 1).stride(),"
    " (a.T + a.T.contiguous()).stride(), (a.T.contiguous() + a.T).stride(), (a[:, ::2] + 1).stride()]",
    # ---------------------------------------------------------------- ops on views, broadcasting
    "a = M.arange(6.).reshape(2, 3); c = M.arange(6.).reshape(3, 2); out = a.T + c",
    "a = M.arange(10); c = M.arange(10, 20); out = a[::2] + c[::2]",
    "M.arange(3).reshape(3, 1) + M.arange(4).reshape(1, 4)",
    "M.arange(3).reshape(3, 1) * (M.arange(4).reshape(1, 4) * 1.5)",
    "a = M.arange(24).reshape(2, 3, 4).permute(2, 0, 1); out = a - a.contiguous()",
    "a = M.arange(24).reshape(2, 3, 4)[:, ::2, 1:]; out = [a.stride(), a.is_contiguous(), a + 1]",
    "a = M.arange(12.).reshape(3, 4); a.T.add_(1); out = a",
    "a = M.arange(12.).reshape(3, 4); a[:, ::2] *= 2; out = a",
    "a = M.arange(4.); M.add(a[:2], a[2:], out=a[::2]); out = a",
    "M.eq(M.arange(6).reshape(2, 3).T, M.arange(6).reshape(2, 3).T.contiguous())",
    "M.zeros(2, 3) + M.zeros(2)", "M.zeros(3, 3) + M.zeros(2, 3)", "M.zeros(2, 3).add_(M.zeros(4, 2, 3))",
    "M.zeros(2, 1).add_(M.zeros(2, 3))", "a = M.ones(2, 3); a += M.ones(4, 2, 3)",
    "a = M.ones(2, 3); a += M.ones(3); out = a", "M.tensor([1, 2]).mul_(M.tensor([[1], [2]]))",
    "M.tensor(2.5) * M.tensor([2, 4])", "M.tensor(2.5) + 1",
    # ---------------------------------------------------------------- values, conversions
    "M.tensor([0.1, 1.5, -2.7, 65504.0, 1e-8]).to(M.float16)", "M.tensor([0.1, 1.5, -2.7, 3e38, 1e-8]).to(M.bfloat16)",
    "M.tensor([0.1+0.2j, -1.5j]).to(M.complex32)", "M.tensor([2.7, -2.7, 0.5, -0.5]).to(M.int32)",
    "M.tensor([2.7, -2.7, 0.5, -0.5]).to(M.int8)", "M.tensor([2.7, 0.5, 255.9]).to(M.uint8)",
    "M.tensor([2.7, -2.7, 0.0, -0.0]).to(M.bool)", "M.tensor([1+2j, 0j, 0.5j]).to(M.bool)",
    "M.tensor([1+2j, -3.5-1j]).to(M.float32)", "M.tensor([1+2j, -3.5-1j]).to(M.int32)",
    "M.tensor([300, -1, 255]).to(M.uint8)", "M.tensor([300, -129, 127]).to(M.int8)",
    "M.tensor([70000, -1]).to(M.uint16)", "M.tensor([2**40, -1]).to(M.uint32)", "M.tensor([-1, 5]).to(M.uint64)",
    "M.tensor([True, False]).to(M.complex64)", "M.tensor([True, False]).to(M.bfloat16)",
    "M.tensor(2.5, dtype=M.float16).item()", "M.tensor(2.5, dtype=M.bfloat16).item()",
    "M.tensor(1-2j, dtype=M.complex32).item()", "M.tensor(True).item()", "M.tensor(7, dtype=M.uint64).item()",
    "M.tensor([7, 8]).item()", "M.tensor([]).item()", "M.tensor(3).tolist()",
    "M.tensor([[1., 2.], [3., 4.]]).T.to(M.int32)", "a = M.tensor([1, 2]); out = a.to(a.dtype) is a",
    "[M.tensor([0.0, 1.0, 2.75, 100.0]).to(getattr(M, n)) for n in ['bool', 'uint8', 'int8', 'int16', 'int32',"
    " 'int64', 'float16', 'bfloat16', 'float32', 'float64', 'complex32', 'complex64', 'complex128', 'uint16',"
    " 'uint32', 'uint64']]",
    "[M.tensor(3, dtype=getattr(M, n)).item() for n in ['bool', 'uint8', 'int8', 'int16', 'int32', 'int64',"
    " 'float16', 'bfloat16', 'float32', 'float64', 'complex32', 'complex64', 'complex128', 'uint16', 'uint32',"
    " 'uint64']]",
    # ---------------------------------------------------------------- ops, operators, out=, in-place
    "2 - M.tensor([1, 2, 3])", "2 / M.tensor([1, 2, 4])", "2 * M.tensor([1, 2, 3])", "2 + M.tensor([1, 2, 3])",
    "2 < M.tensor([1, 2, 3])", "2 <= M.tensor([1, 2, 3])", "2 == M.tensor([1, 2, 3])", "2 != M.tensor([1, 2, 3])",
    "2 > M.tensor([1, 2, 3])", "2 >= M.tensor([1, 2, 3])", "2 // M.tensor([1, 2, 3])", "2.5 - M.tensor([1, 2, 3])",
    "2.5 / M.tensor([1, 2, 4], dtype=M.int8)", "True + M.tensor([True, False])", "1 + M.tensor([True, False])",
    "True - M.tensor([True, False])", "1 - M.tensor([True, False])", "2 / M.tensor([1, 2], dtype=M.complex32)",
    "(1+1j) * M.tensor([1, 2])", "-M.tensor([1, 2])", "abs(M.tensor([-1, 2]))", "M.tensor([1, 2]) / 0",
    "M.tensor([1, 2, -1]) // 0", "M.tensor([5, -5]) // 2", "M.tensor([5., -5.]) // 2",
    "M.floor_divide(M.tensor([5, -5]), M.tensor([2]))", "M.div(M.tensor([5, -5]), 2, rounding_mode='trunc')",
    "M.div(M.tensor([5, -5]), 2, rounding_mode='floor')", "M.div(M.tensor([5, -5]), 2, rounding_mode='round')",
    "M.div(M.tensor([5, -5]), 2)", "M.true_divide(M.tensor([5, -5]), 2)", "M.rsub(M.tensor([5, -5]), 2)",
    "M.rsub(M.tensor([5, -5]), 2, alpha=3)", "M.sub(M.tensor([5, -5]), 2, alpha=3)",
    "M.add(M.tensor([5, -5]), 2, alpha=0.5)", "M.add(M.tensor([5., -5.]), 2, alpha=0.5)",
    "M.reciprocal(M.tensor([2, 4]))", "M.eq(2, M.tensor([2]))", "M.lt(2, M.tensor([2]))", "M.add(2, 3)",
    "M.add(2, 3.5)", "M.add(True, False)", "M.mul(2, 3)", "M.sub(True, 1)", "M.eq(M.tensor([2]), 'a')",
    "M.tensor([2]) + 'a'", "M.tensor([2]) + None", "M.tensor([2]) == None", "M.tensor([2]) + [1]",
    "M.add(M.tensor([1]), M.tensor([2]), out=M.zeros(1, dtype=M.int32))",
    "o = M.zeros(1); out = M.add(M.tensor([1]), 1, out=o) is o",
    "M.add(M.tensor([1]), 2.5, out=M.zeros(1, dtype=M.int32))",
    "M.div(M.tensor([1]), 2, out=M.zeros(1, dtype=M.int64))", "M.eq(M.tensor([1]), 1, out=M.zeros(1, dtype=M.float32))",
    "M.neg(M.tensor([1]), out=M.zeros(1, dtype=M.float32))", "M.abs(M.tensor([1+1j]), out=M.zeros(1, dtype=M.float64))",
    "M.abs(M.tensor([1+1j]), out=M.zeros(1, dtype=M.int64))", "M.add(M.tensor([1, 2]), 1, out=M.zeros(3, dtype=M.int64))",
    "M.add(M.tensor([1, 2]), 1, out=M.zeros(0, dtype=M.int64))",
    "M.tensor([1, 2], dtype=M.int32).add_(2.5)", "M.tensor([True]).add_(1)", "M.tensor([1.]).add_(1j)",
    "M.tensor([1], dtype=M.uint8).add_(M.tensor([300]))", "M.tensor([1.]).div_(2)", "M.tensor([1]).div_(2)",
    "M.tensor([1]).div_(2, rounding_mode='floor')", "M.tensor([1.]).abs_()", "M.tensor([1j]).abs_()",
    "M.tensor([1]).neg_()", "M.tensor([True]).neg_()", "M.tensor([3]).eq_(3)", "M.tensor([3.]).lt_(4)",
    "M.tensor([3]).reciprocal_()", "M.tensor([3.]).reciprocal_()", "M.tensor([3]).sub_(1, alpha=2)",
    "M.tensor([3]).true_divide_(2)", "M.tensor([3.]).true_divide_(2)", "M.tensor([3]).floor_divide_(2)",
    "a = M.ones(2, dtype=M.int32); a += 1.5", "a = M.ones(2, dtype=M.int32); a += 1; out = a",
    "b = M.tensor([True, False]); b += 1", "b = M.tensor([True, False]); b += True; out = b",
    "b = M.tensor([True, False]); b *= M.tensor([True, True]); out = b", "a = M.ones(2); a /= 2; out = a",
    "a = M.ones(2, dtype=M.int64); a /= 2", "a = M.ones(2, dtype=M.int64); a //= 2; out = a",
    "a = M.ones(2, dtype=M.int64); a -= M.tensor([0.5])",
    "a = M.ones(2, dtype=M.float16); a -= M.tensor([0.5], dtype=M.float64); out = a",
    "a = M.ones(2, dtype=M.float16); a -= M.tensor([0.5j])",
    "a = M.ones(2); b = a; a += 1; out = a is b",
]

# 0-dim and empty tensors of every dtype through add, neg and eq
for _n in ALL_DTYPES:
    DIFFERENTIAL += [
        f"M.tensor(1, dtype=M.{_n}) + M.tensor(1, dtype=M.{_n})",
        f"M.tensor(1, dtype=M.{_n}) + 2",
        f"M.zeros(0, dtype=M.{_n}) + M.zeros(2, 0, dtype=M.{_n})",
        # 16 elements: torch's complex neg of a zero imaginary part is +0.0 in its vectorised loop
        # (which we follow) and -0.0 in its scalar loop (tensors under 8 elements)
        f"M.neg(M.full((16,), 3, dtype=M.{_n}))",
        f"-M.zeros(2, 0, dtype=M.{_n})",
        f"M.eq(M.tensor(1, dtype=M.{_n}), 1)",
        f"M.zeros(0, 3, dtype=M.{_n}) == M.zeros(3, dtype=M.{_n})",
        f"repr(M.tensor(1, dtype=M.{_n}))",
        f"repr(M.zeros(2, 0, dtype=M.{_n}))",
    ]


@pytest.mark.torch
@pytest.mark.parametrize("code", DIFFERENTIAL)
def test_differential(code):
    torch = _torch()
    assert evaluate(rt, code) == evaluate(torch, code)


REPRS = [
    "M.tensor(3)", "M.tensor(3.5)", "M.tensor(True)", "M.tensor(1+2j)", "M.tensor([])", "M.zeros(2, 0)",
    "M.zeros(0, dtype=M.int32)", "M.zeros(2, 0, 3, dtype=M.float16)", "M.tensor([1, 2, 3])", "M.tensor([1.0, 2.0, 3.0])",
    "M.tensor([1.5, 2.25, -3.125])", "M.tensor([1e-5, 1.0])", "M.tensor([1e10, 1.0])", "M.tensor([1e8, 1.0])",
    "M.tensor([123456789.0])", "M.tensor([0.0, -0.0])", "M.tensor([math.nan, math.inf, -math.inf, 1.5])",
    "M.tensor([math.nan, 2.0])", "M.tensor([math.inf])", "M.tensor([1, 2], dtype=M.int8)",
    "M.tensor([1, 2], dtype=M.uint8)", "M.tensor([1, 2], dtype=M.int16)", "M.tensor([1, 2], dtype=M.int32)",
    "M.tensor([1, 2], dtype=M.uint16)", "M.tensor([1, 2], dtype=M.uint32)", "M.tensor([1, 2], dtype=M.uint64)",
    "M.tensor([1, 2], dtype=M.float64)", "M.tensor([0.1, 2], dtype=M.float64)", "M.tensor([0.1, 2], dtype=M.float16)",
    "M.tensor([0.1, 2], dtype=M.bfloat16)", "M.tensor([1+2j, -3.5j])", "M.tensor([1+2j, -3.5j], dtype=M.complex32)",
    "M.tensor([1+2j, -3.5j], dtype=M.complex128)", "M.tensor([1e-6+1j, 1e6-1j])", "M.tensor([math.nan+1j])",
    "M.tensor([True, False])", "M.tensor([[True, False], [False, True]])", "M.arange(12).reshape(3, 4)",
    "M.arange(24).reshape(2, 3, 4)", "M.arange(24.).reshape(2, 3, 4) / 7", "M.arange(30) * 1000", "M.arange(40) / 3",
    "M.arange(2000)", "M.arange(2000.).reshape(40, 50)", "M.arange(7 * 11 * 13).reshape(7, 11, 13)",
    "M.tensor([-1, 10, -100])", "M.tensor([-1.5, 10, -100])", "M.tensor(-0.0)", "M.tensor(1e-20)", "M.tensor(1e20)",
    "M.tensor(-5, dtype=M.int8)", "M.tensor(2.5, dtype=M.float16)", "M.tensor(2.5, dtype=M.float64)",
    "M.arange(6).reshape(2, 3).T", "M.arange(10)[::3]", "M.zeros(3, 1, 2)", "M.ones(2, 2, dtype=M.complex64)",
    "M.tensor([[1, 2]], dtype=M.int64) + 0.5", "M.tensor([1e-4, 1.0])", "M.tensor([9.9999e-5, 1.0])",
    "M.tensor([1000.5, 1.0])", "M.tensor([1001.0, 1.0])", "M.tensor([100000000.0, 1.0])",
    "M.tensor([1.23456789e-3, 100.0])", "M.tensor([2**63 - 1, -2**63])", "M.tensor([1e300, -1e-300], dtype=M.float64)",
    "M.tensor([65504.0, 6e-8], dtype=M.float16)", "M.arange(12).reshape(3, 4).T[::2]",
    "M.tensor([[1+1j, 2], [3, 4-4.5j]], dtype=M.complex128)", "M.tensor([0.5, 1.5]).to(M.bfloat16)",
    "M.zeros(2, 3, dtype=M.bool)", "M.arange(1100).reshape(2, 550)", "M.arange(3000.) / 7",
    "M.tensor([1.0, 2.0, 3.0]) * 1e5", "M.tensor([12345.678])", "M.zeros(0, dtype=M.int64)",
    "M.zeros(2, 0, dtype=M.bool)", "M.zeros(0, 3, dtype=M.complex64)", "M.zeros(0, dtype=M.float64)",
]


@pytest.mark.torch
@pytest.mark.parametrize("key", sorted(WARN_ONCE))
def test_warn_once_warnings_are_torchs(key):
    _torch()
    assert _first_warnings("torch")[key] == WARN_ONCE[key][1]


@pytest.mark.torch
def test_repr_matches_torch():
    torch = _torch()
    mismatches = []
    for code in REPRS:
        ours = repr(eval(code, {"M": rt, "math": math}))
        theirs = repr(eval(code, {"M": torch, "math": math})).replace("torch.", "runtime.")
        if ours != theirs:
            mismatches.append((code, ours, theirs))
    assert mismatches == []


@pytest.mark.torch
def test_repr_matches_torch_with_float64_default(restore_default_dtype):
    torch = _torch()
    old = torch.get_default_dtype()
    rt.set_default_dtype(rt.float64)
    torch.set_default_dtype(torch.float64)
    try:
        for code in ["M.tensor([1.5])", "M.tensor([1.5], dtype=M.float32)", "M.tensor([1j])",
                     "M.tensor([1j], dtype=M.complex64)", "M.tensor(2.5)", "M.zeros(2, 0, dtype=M.float32)"]:
            ours = repr(eval(code, {"M": rt}))
            assert ours == repr(eval(code, {"M": torch})).replace("torch.", "runtime."), code
    finally:
        torch.set_default_dtype(old)


@pytest.mark.torch
@pytest.mark.parametrize("name", ALL_DTYPES + sorted(ALIASES))
def test_dtype_attributes_match_torch(name):
    torch = _torch()
    ours, theirs = getattr(rt, name), getattr(torch, name)
    assert (ours.is_floating_point, ours.is_complex, ours.is_signed, ours.itemsize) == (
        theirs.is_floating_point, theirs.is_complex, theirs.is_signed, theirs.itemsize)
    assert repr(ours) == repr(theirs).replace("torch.", "runtime.")


def test_inplace_function_forms_write_their_input():
    """rt.<op>_ is the in-place method as a function: it writes and returns its first argument,
    with the in-place method's casting rule (torch.sin_, torch.clamp_, ...)."""
    x = rt.tensor([0.0, 4.0, -9.0])
    assert rt.sqrt_(x) is x and x.tolist()[:2] == [0.0, 2.0]
    y = rt.tensor([-2.0, 0.5, 3.0])
    assert rt.clamp_(y, min=0, max=1) is y and y.tolist() == [0.0, 0.5, 1.0]
    assert rt.clip_ is not rt.clamp_ and rt.clip_(y, 0.25, 0.75).tolist() == [0.25, 0.5, 0.75]
    i = rt.tensor([1, 2], dtype=rt.int32)
    with pytest.raises(RuntimeError, match="^result type Float can't be cast to the desired output type Int$"):
        rt.sqrt_(i)
    with pytest.raises(TypeError, match=r"^sin_\(\) got an unexpected keyword argument 'out'$"):
        rt.sin_(x, out=x)
    assert not hasattr(rt, "add_") and not hasattr(rt, "absolute_")
