"""Regression tests for the differences from torch that tests/test_hypothesis_differential.py
found and that are fixed: torch 2.13's behaviour as literal values (no torch needed)."""
import math

import pytest

import runtime as rt

OVERFLOW = "value cannot be converted to type {} without overflow"


# ------------------------------------------------------------------------------ 0-dim views
@pytest.mark.parametrize("make, shape", [
    (lambda t: t.reshape(-1), (1,)), (lambda t: t.view(-1), (1,)), (lambda t: t.reshape(1, 1), (1, 1)),
    (lambda t: t.flatten(), (1,)), (lambda t: t.view(()), ()), (lambda t: t.view(1, 1, 1), (1, 1, 1)),
])
def test_a_0_dim_tensor_views_as_any_all_ones_shape(make, shape):
    v = make(rt.tensor(1.5))
    assert tuple(v.shape) == shape and v.stride() == (1,) * len(shape) and v.tolist() == _nest(1.5, len(shape))


def _nest(x, n):
    return x if n == 0 else [_nest(x, n - 1)]


# ------------------------------------------------------------------------------ Python ints in 2**63 .. 2**64 - 1
# c10 keeps them as unsigned Scalars: positive in floating arithmetic, wrapped in int64 arithmetic
@pytest.mark.parametrize("expr, dtype, values", [
    ("rt.add(rt.ones(2), 2**64 - 1)", "float32", [1.8446744073709552e+19] * 2),
    ("rt.mul(rt.ones(2, dtype=rt.bfloat16), 2**63)", "bfloat16", [9.223372036854776e+18] * 2),
    ("rt.tensor([1., 2.]) * 2**63", "float32", [9.223372036854776e+18, 1.8446744073709552e+19]),
    ("rt.copysign(rt.ones(2), 2**64 - 1)", "float32", [1.0, 1.0]),
    ("rt.add(rt.ones(2, dtype=rt.float64), 2**63 + 1)", "float64", [9.223372036854776e+18] * 2),
    ("rt.add(rt.ones(2, dtype=rt.int64), 2**63)", "int64", [-9223372036854775807] * 2),
    ("2**63 - rt.tensor([1, 2])", "int64", [9223372036854775807, 9223372036854775806]),
    ("rt.where(rt.ones(2) > 0, 2**63, 1.5)", "float32", [9.223372036854776e+18] * 2),
    ("rt.clamp(rt.ones(2), 2**63)", "float32", [9.223372036854776e+18] * 2),
    ("rt.full((2,), 2**63, dtype=rt.float64)", "float64", [9.223372036854776e+18] * 2),
    ("rt.add(rt.ones(2), 1, alpha=2**64 - 1)", "float32", [1.8446744073709552e+19] * 2),
    ("rt.addcmul(rt.ones(2), rt.ones(2), rt.ones(2), value=2**63)", "float32", [9.223372036854776e+18] * 2),
    ("rt.nan_to_num(rt.tensor([math.nan]), nan=2**63)", "float32", [9.223372036854776e+18]),
    ("rt.tensor([1., 2.]) < 2**63", "bool", [True, True]),
    ("rt.bitwise_and(rt.tensor([5]), 2**64 - 1)", "int64", [5]),
    ("rt.tensor([3]).div(2**63, rounding_mode='floor')", "int64", [-1]),
])
def test_python_ints_beyond_int64_are_unsigned_scalars(expr, dtype, values):
    r = eval(expr, {"rt": rt, "math": math})
    assert r.dtype.name == dtype and r.tolist() == values


@pytest.mark.parametrize("expr, message", [
    ("rt.result_type(2**63, 1)", "Promotion for uint16, uint32, uint64 types is not supported, attempted to "
                                 "promote UInt64 and Long"),
    ("rt.where(rt.tensor([True]), 2**63, 1)", "Promotion for uint16, uint32, uint64 types is not supported, "
                                              "attempted to promote UInt64 and Long"),
    ("rt.tensor([True]) * 2**63", "Promotion for uint16, uint32, uint64 types is not supported, attempted to "
                                  "promote Bool and UInt64"),
    ("rt.add(rt.ones(2, dtype=rt.int64), 1, alpha=2**63)", OVERFLOW.format("int64_t")),
    ("rt.pow(rt.ones(2, dtype=rt.int16), 2**63)", OVERFLOW.format("int64_t")),
    ("rt.ones(2, dtype=rt.int64) ** (2**64 - 1)", OVERFLOW.format("int64_t")),
])
def test_python_ints_beyond_int64_errors(expr, message):
    with pytest.raises(RuntimeError) as e:
        eval(expr, {"rt": rt})
    assert str(e.value) == message


# ------------------------------------------------------------------------------ integer pow: the exponent must fit
@pytest.mark.parametrize("dtype, exponent, name", [
    ("uint8", 300, "uint8_t"), ("int8", 200, "int8_t"), ("int16", 70000, "int16_t"), ("int16", 65536, "int16_t"),
    ("int32", 2**40, "int"),
])
def test_integer_pow_checks_the_exponent(dtype, exponent, name):
    for call in (lambda: rt.pow(rt.ones(2, dtype=getattr(rt, dtype)), exponent),
                 lambda: rt.ones(2, dtype=getattr(rt, dtype)).pow_(exponent)):
        with pytest.raises(RuntimeError) as e:
            call()
        assert str(e.value) == OVERFLOW.format(name)


def test_integer_pow_exponents_that_fit():
    assert rt.pow(rt.ones(2, dtype=rt.int64), 2**40).tolist() == [1, 1]
    assert rt.pow(rt.ones(2, dtype=rt.int16), 1).tolist() == [1, 1]
    assert rt.pow(rt.ones(2, dtype=rt.uint8), True).tolist() == [1, 1]
    assert rt.pow(rt.ones(2, dtype=rt.int8), rt.tensor(300)).tolist() == [1, 1]     # a tensor exponent: no check
    with pytest.raises(NotImplementedError, match="\"pow\" not implemented for 'UInt16'"):
        rt.pow(rt.ones(2, dtype=rt.uint16), 70000)


# ------------------------------------------------------------------------------ out= that is also an input
@pytest.mark.parametrize("code, message", [
    ("a = rt.tensor(1, dtype=rt.uint8); rt.floor_divide(rt.ones(1, 3, dtype=rt.int32), a, out=a)",
     "output with shape [] doesn't match the broadcast shape [1, 3]"),
    ("a = rt.tensor(1.); rt.add(rt.ones(3), a, out=a)", "output with shape [] doesn't match the broadcast shape [3]"),
    ("a = rt.ones(3); rt.add(a, rt.ones(2, 3), out=a)", "output with shape [3] doesn't match the broadcast shape [2, 3]"),
])
def test_an_out_that_is_an_input_is_not_resized(code, message):
    """torch resizes a wrongly shaped out=, but not one that is also an input (the input would be
    read from the new storage)."""
    with pytest.raises(RuntimeError) as e:
        exec(code, {"rt": rt})
    assert str(e.value) == message


def test_an_out_that_is_an_input_of_the_right_shape_is_fine():
    a = rt.ones(3)
    assert rt.add(a, 1, out=a) is a and a.tolist() == [2.0, 2.0, 2.0]


# ------------------------------------------------------------------------------ C++ type names of the unsigned dtypes
@pytest.mark.parametrize("dtype, cpp", [("uint16", "short unsigned int"), ("uint32", "unsigned int"),
                                        ("uint64", "long unsigned int")])
def test_messages_name_the_unsigned_types_as_torch(dtype, cpp):
    with pytest.raises(RuntimeError) as e:
        rt.lerp(rt.ones(2, dtype=getattr(rt, dtype)), rt.ones(2, dtype=rt.int8), 0.5)
    assert str(e.value) == f"expected dtype {cpp} for `end` but got dtype signed char"
    with pytest.raises(RuntimeError) as e:
        rt.ones(2, dtype=getattr(rt, dtype)).clamp_(0.5)
    assert str(e.value) == f"result type Float can't be cast to the desired output type {cpp}"


# ------------------------------------------------------------------------------ fmod/remainder with a subnormal divisor
@pytest.mark.parametrize("dtype, x, y, want", [
    ("float64", 2.0, 2.0**-1023, "0.0"), ("float64", -2.0, 2.0**-1023, "-0.0"), ("float64", 2.0, -2.0**-1023, "0.0"),
    ("float64", 4.0, 2.0**-1023, "nan"), ("float64", 2.0, 2.0**-1030, "nan"), ("float64", 1e300, 3e-300, "nan"),
    ("float32", 2.0, 2.0**-127, "0.0"), ("bfloat16", -2.0, 2.0**-127, "-0.0"), ("float32", 2.0, 2.0**-130, "nan"),
])
def test_fmod_beyond_the_format_is_nan_but_at_its_power_of_two(dtype, x, y, want):
    """torch's vectorised fmod (SLEEF) is NaN once |x / y| exceeds the format, but exact (here 0)
    when the quotient is 2**128 / 2**1024 itself."""
    for op in (rt.fmod, rt.remainder):
        got = op(rt.tensor([x] * 64, dtype=getattr(rt, dtype)), y)[0].item()
        assert repr(got) == want, op


@pytest.mark.parametrize("dtype, c10", [("uint16", "UInt16"), ("uint32", "UInt32"), ("uint64", "UInt64")])
def test_logical_not_has_no_kernel_for_a_wide_unsigned_out(dtype, c10):
    """torch's logical_not dispatches on the output's dtype too."""
    with pytest.raises(NotImplementedError) as e:
        rt.logical_not(rt.ones(2), out=rt.zeros(2, dtype=getattr(rt, dtype)))
    assert str(e.value) == f"\"logical_not_cpu\" not implemented for '{c10}'"
    assert rt.logical_and(rt.ones(2), rt.ones(2), out=rt.zeros(2, dtype=getattr(rt, dtype))).tolist() == [1, 1]


def test_pow_without_a_kernel_lays_its_result_out_as_the_input():
    """x ** 0 and x ** 1 are ones / a copy in torch, in the output its TensorIterator made (x's layout)."""
    a = rt.tensor([[1.5, 2], [3, 4]]).T
    b = rt.arange(24.).reshape(2, 3, 4)[:, ::2].permute(2, 0, 1)
    assert (a ** 0).stride() == (a ** 1).stride() == (a ** False).stride() == (1, 2)
    assert (b ** 1).stride() == (b ** 0).stride() == (1, 8, 4)
    assert (b ** 1).tolist() == b.tolist() and (a ** 1) is not a and (a ** 0).tolist() == [[1.0, 1.0], [1.0, 1.0]]


@pytest.mark.parametrize("decimals", [2**63, -2**63 - 1, 2**64])
def test_round_decimals_is_an_int64_argument(decimals):
    for call in (lambda: rt.round(rt.ones(2), decimals=decimals), lambda: rt.ones(2).round_(decimals=decimals),
                 lambda: rt.round(rt.ones(2, dtype=rt.int32), decimals=decimals)):
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == "Overflow when unpacking long long"


# ------------------------------------------------------------------------------ resize warnings of unstructured ops
@pytest.mark.parametrize("call, times", [
    ("rt.logical_and(a, a, out=o)", 1), ("rt.logical_or(a, a, out=o)", 1), ("rt.logical_xor(a, a, out=o)", 1),
    ("rt.logical_not(a, out=o)", 1), ("rt.angle(a, out=o)", 1), ("rt.floor_divide(a, a, out=o)", 1),
    ("rt.eq(a, a, out=o)", 2), ("rt.div(a, a, rounding_mode='floor', out=o)", 2), ("rt.add(a, a, out=o)", 2),
])
def test_a_resized_out_of_another_dtype_warns_as_torch(call, times):
    """torch's structured kernels resize out= and the temporary they compute into (two warnings);
    its unstructured ones (logical_*, angle, floor_divide) write out= directly (one)."""
    import warnings
    a, o = rt.ones(2, dtype=rt.int64), rt.zeros(9, dtype=rt.float64)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        eval(call, {"rt": rt, "a": a, "o": o})
    assert sum("was resized" in str(x.message) for x in w) == times and tuple(o.shape) == (2,)


# ------------------------------------------------------------------------------ where(condition)
@pytest.mark.parametrize("dtype", ["uint16", "uint32", "uint64", "float8_e4m3fn", "float4_e2m1fn_x2"])
def test_where_condition_counts_with_torchs_kernel(dtype):
    """torch.where(condition) counts the nonzeros first, with a kernel the barebones unsigned and
    shell dtypes do not have."""
    t = rt.zeros(2, dtype=rt.uint8).view(getattr(rt, dtype)) if dtype == "float4_e2m1fn_x2" else \
        rt.zeros(2, dtype=getattr(rt, dtype))
    with pytest.raises(NotImplementedError, match=rf"^\"nonzero_count_cpu\" not implemented for "
                                                  rf"'{t.dtype.c10_name}'$"):
        rt.where(t)


# ------------------------------------------------------------------------------ argument parsing order
def test_every_argument_type_is_checked_before_a_value_is_read():
    """torch's parser checks each argument's type before the op reads a 0-dim tensor's value:
    the complex 0-dim tensor given for `nan` is not read before `neginf`'s type fails."""
    with pytest.raises(TypeError, match=r"^nan_to_num\(\): argument 'neginf' \(position 3\) must be float, "
                                        r"not complex$"):
        rt.tensor(False).nan_to_num(rt.tensor(1j), None, 0j)
    with pytest.raises(RuntimeError, match="^value cannot be converted to type double without overflow$"):
        rt.tensor(False).nan_to_num(rt.tensor(1j), None, 0.0)
