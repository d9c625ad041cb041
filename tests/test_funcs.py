"""The torch-level functions and nn.functional forms of issue 17 that the value goldens
(golden_funcs.json.gz) do not record: Python results (allclose, equal, is_neg), frexp's named
pair and its out= pair, resolve_neg, nn.functional's inplace= and F.<name>_ forms, and the
namespace itself.  Expectations are torch 2.13's, written out (no torch needed)."""
import math

import pytest

import runtime as rt
import runtime.nn.functional as F


def test_frexp_is_a_named_pair_with_out():
    m, e = rt.frexp(rt.tensor([3.0, -0.75, 0.0, 1e-45]))
    r = rt.frexp(rt.tensor([3.0]))
    assert (r.mantissa.tolist(), r.exponent.tolist()) == ([0.75], [2])
    assert m.tolist() == [0.75, -0.75, 0.0, 0.5] and e.tolist() == [2, 0, 0, -148] and e.dtype is rt.int32
    assert repr(r).startswith("runtime.return_types.frexp(\nmantissa=")
    mo, eo = rt.empty(1), rt.empty(1, dtype=rt.int32)
    r = rt.frexp(rt.tensor([6.0]), out=(mo, eo))
    assert r[0] is mo and r[1] is eo and (mo.tolist(), eo.tolist()) == ([0.75], [3])
    assert rt.tensor([8.0], dtype=rt.float16).frexp().exponent.tolist() == [4]
    with pytest.raises(RuntimeError, match=r"^torch.frexp\(\) only supports floating-point dtypes$"):
        rt.frexp(rt.tensor([1]))
    with pytest.raises(RuntimeError, match="expects exponent to have int dtype but got long int"):
        rt.frexp(rt.ones(2), out=(rt.empty(2), rt.empty(2, dtype=rt.int64)))
    with pytest.raises(RuntimeError, match="expects mantissa to have dtype float but got double"):
        rt.frexp(rt.ones(2), out=(rt.empty(2, dtype=rt.float64), rt.empty(2, dtype=rt.int32)))


def test_allclose_equal_and_the_negative_bit():
    x = rt.tensor([1.0, 2.0, math.nan])
    assert rt.allclose(x[:2], x[:2] + 1e-6) is True and rt.allclose(x, x) is False
    assert rt.allclose(x, x, equal_nan=True) is True and x.allclose(x, 0.0, 0.0, True) is True
    with pytest.raises(RuntimeError, match="^Float did not match Double$"):
        rt.allclose(x, x.double())
    assert rt.equal(rt.tensor([1, 2], dtype=rt.int32), rt.tensor([1.0, 2.0])) is True     # values after promotion
    assert rt.equal(x, x) is False and rt.equal(rt.ones(2), rt.ones(1, 2)) is False
    assert x.equal(x.clone()) is False and rt.ones(3).equal(rt.ones(3)) is True
    assert rt.is_neg(x) is False and x.is_neg() is False
    assert rt.resolve_neg(x) is x and x.resolve_neg() is x


def test_isclose_dtype_rules():
    with pytest.raises(RuntimeError, match="^Char did not match Float$"):
        rt.isclose(rt.ones(2, dtype=rt.int8), rt.ones(2))
    with pytest.raises(RuntimeError, match="^rtol must be greater than or equal to zero, but got -1$"):
        rt.isclose(rt.ones(2), rt.ones(2), rtol=-1)
    # integers are compared in the default float: |10 - 11| <= 0.1 * 11
    assert rt.isclose(rt.tensor([10, 100, -5]), rt.tensor([11, 110, -6]), rtol=0.1, atol=0).tolist() == [True, True,
                                                                                                       False]


def test_nn_functional_inplace_forms():
    x = rt.tensor([-1.0, 0.5])
    assert F.relu(x, inplace=True) is x and x.tolist() == [0.0, 0.5]
    y = rt.tensor([-1.0, 2.0])
    assert F.elu_(y, 2.0) is y and y.tolist()[1] == 2.0 and y.tolist()[0] == pytest.approx(-2 * (1 - math.exp(-1)))
    z = rt.tensor([-3.0, 3.0])
    assert F.hardtanh_(z) is z and z.tolist() == [-1.0, 1.0]
    w = rt.tensor([-2.0, 2.0])
    assert F.leaky_relu(w, 0.5, True) is w and w.tolist() == [-1.0, 2.0]
    t = rt.tensor([0.5, 2.0])
    assert rt.threshold_(t, 1.0, -7.0) is t and t.tolist() == [-7.0, 2.0]
    assert not hasattr(rt.Tensor, "threshold_") and not hasattr(rt.Tensor, "selu")   # as torch.Tensor
    assert F.gelu(rt.tensor([0.0]), approximate="tanh").tolist() == [0.0]
    with pytest.raises(RuntimeError, match="^approximate argument must be either none or tanh.$"):
        F.gelu(rt.ones(1), approximate="sigmoid")
    with pytest.raises(ValueError, match="^min_val cannot be greater than max_val$"):
        F.hardtanh(rt.ones(1), 2.0, 1.0)
    with pytest.raises(NotImplementedError, match="\"elu_cpu\" not implemented for 'Int'"):
        F.elu(rt.ones(2, dtype=rt.int32))


def test_nn_functional_is_a_module():
    import runtime.nn.functional as G
    from runtime.nn.functional import softsign
    assert G is rt.nn.functional and softsign is F.softsign
    assert {"relu", "relu_", "gelu", "softplus", "softsign", "tanhshrink", "logsigmoid", "threshold"} <= set(G.__all__)
    assert F.softsign(rt.tensor([1, -3])).tolist() == [0.5, -0.75]          # int -> float, as torch's composite
