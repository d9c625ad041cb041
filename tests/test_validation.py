"""The tensor layer's validation, as torch 2.13 answers (each expected outcome was read off torch):
the examples of the tensor-layer issue, as literal values, so that they hold without torch.
tests/test_crash_corpus.py checks the same calls for crashes in worker processes."""
import pickle
import re
import warnings

import pytest

import runtime as rt

try:
    import numpy
except ImportError:   # pragma: no cover
    numpy = None
needs_numpy = pytest.mark.skipif(numpy is None, reason="needs NumPy")


def raises(cls, message):
    return pytest.raises(cls, match="^" + re.escape(message) + "$")


# ------------------------------------------------------------------ setitem and copy_
def test_setitem_broadcasts_the_source_to_the_destination():
    x = rt.zeros(2, 3)
    x[:] = rt.ones(1, 1, 3)                   # leading size-1 dims: dropped
    assert x.tolist() == [[1.0] * 3] * 2
    x = rt.zeros(2, 3)
    x[0, 1:] = rt.tensor([[5.0, 6.0]])
    assert x.tolist() == [[0.0, 5.0, 6.0], [0.0, 0.0, 0.0]]
    x = rt.zeros(3)
    with raises(RuntimeError, "expand(runtime.FloatTensor{[2, 3]}, size=[3]): the number of sizes provided (1) "
                "must be greater or equal to the number of dimensions in the tensor (2)"):
        x[:] = rt.ones(2, 3)
    with raises(RuntimeError, "The expanded size of the tensor (3) must match the existing size (2) at "
                "non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]"):
        x[:] = rt.ones(2)
    assert x.tolist() == [0.0, 0.0, 0.0]


def test_copy_needs_a_source_that_broadcasts_to_self():
    x = rt.zeros(2, 3)
    with raises(RuntimeError, "output with shape [2, 3] doesn't match the broadcast shape [5, 2, 3]"):
        x.copy_(rt.ones(5, 1, 3))
    with raises(RuntimeError, "output with shape [2, 3] doesn't match the broadcast shape [1, 2, 3]"):
        x.copy_(rt.ones(1, 1, 3))
    with raises(TypeError, "copy_(): argument 'other' (position 1) must be Tensor, not list"):
        x.copy_([1, 2, 3])
    assert x.copy_(rt.tensor([1.0, 2.0, 3.0])).tolist() == [[1.0, 2.0, 3.0]] * 2
    assert x.copy_(5).tolist() == [[5.0] * 3] * 2


@pytest.mark.parametrize("name,value,message", [
    ("uint8", 300, "value cannot be converted to type uint8_t without overflow"),
    ("int32", float("nan"), "value cannot be converted to type int without overflow"),
    ("float32", 1e300, "value cannot be converted to type float without overflow"),
    ("float32", 1 + 2j, "value cannot be converted to type float without overflow"),
    ("float16", 1 + 2j, "value cannot be converted to type double without overflow"),
    ("complex32", 70000, "value cannot be converted to type c10::complex<c10::Half> without overflow"),
    ("int16", -70000, "value cannot be converted to type int16_t without overflow"),
])
def test_setitem_number_out_of_range_raises(name, value, message):
    x = rt.zeros(3, dtype=getattr(rt, name))
    with raises(RuntimeError, message):
        x[0] = value
    with raises(RuntimeError, message):
        x[10] = value                     # torch converts the value before reading the index


@pytest.mark.parametrize("name,value,stored", [
    ("uint8", -1, 255), ("uint8", -255, 1), ("int32", 2.7, 2), ("float16", 70000, float("inf")),
    ("bfloat16", 1e300, float("inf")), ("bool", 1e300, True), ("float32", 1 + 0j, 1.0),
    ("uint64", -70000, 2 ** 64 - 70000), ("complex64", 1 + 2j, 1 + 2j),
])
def test_setitem_number_in_range_is_stored(name, value, stored):
    x = rt.zeros(3, dtype=getattr(rt, name))
    x[0] = value
    assert x.tolist()[0] == stored


def test_setitem_rejects_what_is_not_a_number_or_tensor():
    x = rt.zeros(3)
    for value, name in (([1.0], "list"), (None, "NoneType"), ("a", "str"), ({}, "dict")):
        with raises(TypeError, f"can't assign a {name} to a runtime.FloatTensor"):
            x[0] = value
    with raises(ValueError, "Overflow when unpacking long long"):
        x[0] = 2 ** 63


def test_full_and_conversions_check_the_range():
    with raises(RuntimeError, "value cannot be converted to type uint8_t without overflow"):
        rt.full((2,), 300, dtype=rt.uint8)
    with raises(RuntimeError, "value cannot be converted to type c10::Half without overflow"):
        rt.full((2,), 1e5, dtype=rt.float16)
    with raises(RuntimeError, "value cannot be converted to type int64_t without overflow"):
        rt.full((2,), 2 ** 63)
    with raises(RuntimeError, "value cannot be converted to type double without overflow"):
        float(rt.tensor(1 + 2j))
    with raises(RuntimeError, "value cannot be converted to type int64_t without overflow"):
        int(rt.tensor(1 + 2j))
    assert float(rt.tensor(1 + 0j)) == 1.0
    with raises(TypeError, "full(): argument 'fill_value' (position 2) must be Number, not NoneType"):
        rt.full((2,), None)


# ------------------------------------------------------------------ sizes, views and dims
@pytest.mark.parametrize("make,cls,message", [
    (lambda: rt.zeros(1).expand(-5), RuntimeError, "numel: integer multiplication overflow"),
    (lambda: rt.zeros(1, 1).expand(-2, -2) + 1, RuntimeError, "numel: integer multiplication overflow"),
    (lambda: rt.zeros(3).expand(-2, -2, 3) + 1, RuntimeError, "numel: integer multiplication overflow"),
    (lambda: rt.zeros(1, 1).expand(2 ** 62, 4), RuntimeError, "numel: integer multiplication overflow"),
    (lambda: rt.zeros(3).expand(-1, 3), RuntimeError,
     "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0"),
    (lambda: rt.zeros(1).expand(1.5), TypeError,
     "expand(): argument 'size' (position 1) must be tuple of ints, not float"),
    (lambda: rt.zeros(1).expand(2 ** 63), TypeError,
     "expand(): argument 'size' failed to unpack the object at pos 1 with error \"Overflow when unpacking long long\""),
    (lambda: rt.zeros(2.0), TypeError, "zeros(): argument 'size' (position 1) must be tuple of ints, not float"),
    (lambda: rt.zeros(None), TypeError, "zeros(): argument 'size' (position 1) must be tuple of ints, not NoneType"),
    (lambda: rt.zeros(2, 3.0), TypeError,
     "zeros(): argument 'size' failed to unpack the object at pos 2 with error \"type must be tuple of ints,but got float\""),
    (lambda: rt.zeros(-1), RuntimeError, "zeros: Dimension size must be non-negative."),
    (lambda: rt.ones(2, -1), RuntimeError, "Trying to create tensor with negative dimension -1: [2, -1]"),
    (lambda: rt.empty(2 ** 62, 4), RuntimeError, "Storage size calculation overflowed with sizes=[4611686018427387904, 4]"),
    (lambda: rt.full((2.0,), 1), TypeError,
     "full(): argument 'size' (position 1) must be tuple of ints, but found element of type float at pos 0"),
    (lambda: rt.zeros(4).view(-2, 2), RuntimeError, "invalid shape dimension -2 at index 0 of shape [-2, 2]"),
    (lambda: rt.zeros(4).view(-1, -1), RuntimeError, "only one dimension can be inferred"),
    (lambda: rt.zeros(0).view(-1, 0), RuntimeError, "cannot reshape tensor of 0 elements into shape [-1, 0] because "
     "the unspecified dimension size -1 can be any value and is ambiguous"),
    (lambda: rt.zeros(4).view(2 ** 62, 2 ** 62), RuntimeError,
     "shape '[4611686018427387904, 4611686018427387904]' is invalid for input of size 4"),
    (lambda: rt.zeros(4).reshape(None), TypeError,
     "reshape(): argument 'shape' (position 1) must be tuple of ints, not NoneType"),
    (lambda: rt.zeros(2, 3).permute(0, 1.0), TypeError,
     "permute(): argument 'dims' failed to unpack the object at pos 2 with error \"type must be tuple of ints,but got float\""),
    (lambda: rt.zeros(2, 3).transpose(0, 1.0), TypeError, "transpose(): argument 'dim1' (position 2) must be int, not float"),
    (lambda: rt.zeros(2, 3).transpose(0, 2), IndexError,
     "Dimension out of range (expected to be in range of [-2, 1], but got 2)"),
    (lambda: rt.tensor(1).size(0), IndexError, "Dimension specified as 0 but tensor has no dimensions"),
    (lambda: rt.tensor(1).stride(-1), IndexError, "Dimension specified as -1 but tensor has no dimensions"),
    (lambda: rt.tensor(1).transpose(0, 1), IndexError,
     "Dimension out of range (expected to be in range of [-1, 0], but got 1)"),
    (lambda: rt.tensor(1)[0], IndexError, "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
     "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"),
    (lambda: rt.zeros(3)[2 ** 70], ValueError, "Overflow when unpacking long long"),
])
def test_bad_sizes_and_dims(make, cls, message):
    with raises(cls, message):
        make()


def test_views_torch_accepts():
    assert rt.tensor(1).transpose(0, 0).tolist() == 1
    assert rt.tensor(1).transpose(0, -1).shape == ()
    assert rt.tensor(1).unsqueeze(-1).shape == (1,)
    assert rt.tensor(1).squeeze(0).shape == ()
    assert rt.zeros(1, 2, 1).squeeze((0, 2)).shape == (2,)
    assert rt.zeros(1).expand(2 ** 62).shape == (2 ** 62,)
    assert rt.zeros(3)[True].shape == (1, 3) and rt.zeros(3)[False].shape == (0, 3)


def test_any_number_of_dims():
    x = rt.zeros([1] * 65)
    assert (x + 1).shape == (1,) * 65
    y = rt.arange(4.0).reshape([1] * 70 + [2, 2]).transpose(70, 71)     # strided: the N-d walker
    assert (y * 2).reshape(4).tolist() == [0.0, 4.0, 2.0, 6.0]
    assert (rt.zeros([1] * 70 + [0]) + 1).shape == (1,) * 70 + (0,)


# ------------------------------------------------------------------ dtypes
def test_dtypes_are_immutable_and_not_instantiable():
    with raises(TypeError, "cannot create 'runtime.dtype' instances"):
        rt.dtype()
    with raises(AttributeError, "attribute 'itemsize' of 'runtime.dtype' objects is not writable"):
        rt.float32.itemsize = 3
    with pytest.raises(AttributeError):
        rt.float32.foo = 1
    with pytest.raises(TypeError):
        type("D", (rt.dtype,), {})
    assert rt.float32.itemsize == 4 and pickle.loads(pickle.dumps(rt.int8)) is rt.int8


# ------------------------------------------------------------------ arange
def test_arange_checks_before_allocating():
    with raises(RuntimeError, "invalid size, possible overflow?"):
        rt.arange(0, 1, 1e-20)
    with raises(RuntimeError, "Storage size calculation overflowed with sizes=[4611686018427387904]"):
        rt.arange(2 ** 62)
    with raises(RuntimeError, "invalid size, possible overflow?"):
        rt.arange(-2 ** 62, 2 ** 62, 2 ** 61)        # int64 end - start wraps, as in torch
    with raises(RuntimeError, "value cannot be converted to type int64_t without overflow"):
        rt.arange(2 ** 63)
    with raises(RuntimeError, "unsupported range: 0 -> inf"):
        rt.arange(0, float("inf"))
    with raises(NotImplementedError, "\"arange_cpu\" not implemented for 'ComplexFloat'"):
        rt.arange(3, dtype=rt.complex64)
    with raises(NotImplementedError, "\"arange_cpu\" not implemented for 'Bool'"):
        rt.arange(3, dtype=rt.bool)
    with raises(ValueError, "step must be nonzero"):
        rt.arange(0, 100, 0.1, dtype=rt.int64)        # the step truncates to 0 in int64
    with raises(TypeError, "arange(): argument 'end' (position 1) must be Number, not NoneType"):
        rt.arange(None)


def test_arange_sizes_and_values_as_torch():
    assert rt.arange(2.5, dtype=rt.int64).tolist() == [0, 1]
    assert rt.arange(2.5, dtype=rt.int32).tolist() == [0, 1, 2]
    assert rt.arange(0.5, 3.7, dtype=rt.int32).tolist() == [0, 1, 2, 3]
    assert rt.arange(0, 100, 0.1, dtype=rt.int32).tolist() == [0] * 1000
    # torch's vectorised loop: blocks of 2 x 8 floats from a float-rounded base
    assert rt.arange(0, 1, 0.1).tolist()[8:] == [0.800000011920929, 0.8999999761581421]
    f16 = rt.arange(0, 100, 0.1, dtype=rt.float16).tolist()
    assert f16[977] == 97.75 and f16[987] == 98.75
    assert rt.arange(1, 2, 0.001, dtype=rt.float64).tolist()[997] == 1.9969999999999999


# ------------------------------------------------------------------ NumPy scalars
@needs_numpy
def test_numpy_scalars_are_python_numbers():
    t = rt.tensor([1, 2], dtype=rt.int8)
    r = t + numpy.int64(1)
    assert isinstance(r, rt.Tensor) and r.dtype is rt.int8 and r.tolist() == [2, 3]
    r = numpy.float64(1) + t
    assert isinstance(r, rt.Tensor) and r.dtype is rt.float32 and r.tolist() == [2.0, 3.0]
    assert rt.add(t, numpy.float32(1.5)).tolist() == [2.5, 3.5]
    assert (numpy.int64(3) - t).tolist() == [2, 1] and (t < numpy.int8(2)).tolist() == [True, False]
    assert t.add(1, alpha=numpy.int64(2)).tolist() == [3, 4]
    assert rt.tensor([numpy.bool_(True)]).dtype is rt.bool
    assert rt.tensor([numpy.float16(1.5), 1]).dtype is rt.float16
    assert rt.tensor([numpy.int8(1), 300]).dtype is rt.int64
    assert rt.zeros(numpy.int64(3)).shape == (3,)
    assert rt.full((2,), numpy.int8(1)).dtype is rt.int64
    x = rt.zeros(3, dtype=rt.uint8)
    with raises(RuntimeError, "value cannot be converted to type uint8_t without overflow"):
        x[0] = numpy.int64(300)
    x[1] = numpy.float32(2.5)
    assert x.tolist() == [0, 2, 0]
    assert rt.result_type(t, numpy.float64(1.0)) is rt.float32


# ------------------------------------------------------------------ out=
def test_out_view_is_resized_within_its_base():
    x = rt.zeros(3, 4)
    with pytest.warns(UserWarning, match="An output with one or more elements was resized"):
        r = rt.add(rt.ones(5), 1, out=x[0])
    assert r.shape == (5,) and r.data_ptr() == x.data_ptr()
    assert x.tolist() == [[2.0] * 4, [2.0, 0.0, 0.0, 0.0], [0.0] * 4]
    x = rt.zeros(3, 4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = rt.add(rt.ones(2), 1, out=x[1])
    assert r.storage_offset() == 4 and r.stride() == (1,) and x.tolist()[1] == [2.0, 2.0, 0.0, 0.0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        o = rt.zeros(2)
        rt.add(rt.ones(7), 1, out=o)          # its own storage: grows
        assert o.tolist() == [2.0] * 7
        with pytest.raises(RuntimeError, match="other tensors share"):
            rt.add(rt.ones(7), 1, out=x[2])   # would have to move x's storage


@needs_numpy
def test_out_on_numpy_memory_never_grows():
    arr = numpy.zeros(3, dtype=numpy.float32)
    x = rt.from_numpy(arr)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with raises(RuntimeError, "Trying to resize storage that is not resizable"):
            rt.add(rt.ones(5), 1, out=x)
        rt.add(rt.ones(2), 1, out=x)
    assert arr.tolist() == [2.0, 2.0, 0.0]


# ------------------------------------------------------------------ wrong argument types
@pytest.mark.parametrize("call,head", [
    (lambda t: rt.clamp(t, "a"), "clamp() received an invalid combination of arguments - got (Tensor, str)"),
    (lambda t: rt.pow(t, [1, 2]), "pow() received an invalid combination of arguments - got (Tensor, list)"),
    (lambda t: rt.lerp(t, t, {}), "lerp() received an invalid combination of arguments - got (Tensor, Tensor, dict)"),
])
def test_wrong_argument_types_name_the_signatures(call, head):
    with pytest.raises(TypeError) as e:
        call(rt.ones(2))
    assert str(e.value).startswith(head)
