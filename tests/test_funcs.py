"""The torch-level functions and nn.functional forms of issue 17 that the value goldens
(golden_funcs.json.gz) do not record: Python results (allclose, equal, is_neg), frexp's named
pair and its out= pair, resolve_neg, rt.special's names for issue 17's ops, nn.functional's inplace= and F.<name>_ forms, and the
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
    # the negative bit (runtime/_views.py, main's): none on x; the imaginary part of a conjugate view has it
    assert rt.is_neg(x) is False and x.is_neg() is False
    assert rt.resolve_neg(x) is x and x.resolve_neg() is x
    n = rt.tensor([1 + 2j, 3 - 4j]).conj().imag
    assert rt.is_neg(n) is True and n.is_neg() is True
    r = rt.resolve_neg(n)
    assert r.is_neg() is False and r.tolist() == [-2.0, 4.0] and n.resolve_neg().tolist() == [-2.0, 4.0]


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


# rt.special's names of issue 17's ops (torch.special's: the same signatures as torch's functions)
SPECIAL_ALIASES = {"multigammaln": "mvlgamma", "polygamma": "polygamma", "logit": "logit",
                   "gammainc": "igamma", "gammaincc": "igammac"}


def test_special_aliases_run_the_ops():
    x = rt.tensor([0.25, 0.5, 1.5, 3.0])
    a = rt.tensor([0.5, 1.0, 2.0, 4.0])
    assert rt.special.multigammaln(x + 1, 2).tolist() == rt.mvlgamma(x + 1, 2).tolist()
    assert rt.special.multigammaln(x + 1, p=3).tolist() == rt.mvlgamma(x + 1, p=3).tolist()
    for n in (0, 1, 3):
        assert rt.special.polygamma(n, x).tolist() == rt.polygamma(n, x).tolist()
    assert rt.special.logit(x[:2]).tolist() == rt.logit(x[:2]).tolist()
    assert rt.special.logit(x, eps=0.1).tolist() == rt.logit(x, 0.1).tolist()
    assert rt.special.gammainc(a, x).tolist() == rt.igamma(a, x).tolist()
    assert rt.special.gammaincc(a, x).tolist() == rt.igammac(a, x).tolist()
    out = rt.empty(4)
    assert rt.special.gammaincc(a, x, out=out) is out and out.tolist() == rt.igammac(a, x).tolist()
    out = rt.empty(4)
    assert rt.special.polygamma(1, x, out=out) is out and out.tolist() == rt.polygamma(1, x).tolist()


@pytest.mark.parametrize("name", sorted(SPECIAL_ALIASES))
def test_special_aliases_are_namespaced_names(name):
    import runtime.special
    assert getattr(runtime.special, name) is getattr(rt.special, name)
    assert not hasattr(rt.Tensor, name) or name == SPECIAL_ALIASES[name]
    assert not hasattr(rt.special, name + "_")
    assert name not in rt.__all__ or name == SPECIAL_ALIASES[name]


def test_special_alias_errors_name_the_function_as_torch_does():
    with pytest.raises(TypeError, match=r"^special_gammainc\(\): argument 'input' \(position 1\) must be Tensor, not int$"):
        rt.special.gammainc(1, rt.ones(2))
    with pytest.raises(TypeError, match=r"^special_multigammaln\(\) missing 1 required positional arguments: \"p\"$"):
        rt.special.multigammaln(rt.ones(2))
    with pytest.raises(RuntimeError, match=r"^p has to be greater than or equal to 1$"):
        rt.special.multigammaln(rt.ones(2), 0)
    with pytest.raises(RuntimeError, match=r"^polygamma\(n, x\) does not support negative n\.$"):
        rt.special.polygamma(-1, rt.ones(2))


def test_rrelu_at_the_top_level():
    # torch.rrelu / torch.rrelu_: the builtins F.rrelu calls; no Tensor methods, no out=
    x = rt.tensor([1.0, -2.0, -4.0])
    assert rt.rrelu(x).tolist() == pytest.approx([1.0, -0.4583333432674408, -0.9166666865348816], rel=0, abs=0)
    assert rt.rrelu(x, 0.25, 0.75).tolist() == [1.0, -1.0, -2.0]
    y = x.clone()
    assert rt.rrelu_(y, 0.5, 0.5) is y and y.tolist() == [1.0, -1.0, -2.0]
    assert "rrelu" in rt.__all__ and "rrelu_" in rt.__all__
    assert not hasattr(rt.Tensor, "rrelu") and not hasattr(rt.Tensor, "rrelu_")
    with pytest.raises(TypeError, match=r"^rrelu\(\): argument 'lower' \(position 2\) must be Number, not str$"):
        rt.rrelu(x, "a")
    with pytest.raises(RuntimeError, match="^Lower bound should be less than or equal to the upper bound$"):
        rt.rrelu(x, 0.5, 0.1)
    with pytest.raises(RuntimeError, match="^rrelu: lower bound must be finite, got nan$"):
        rt.rrelu(x, math.nan)
    with pytest.raises(TypeError, match=r"^rrelu\(\) got an unexpected keyword argument 'out'$"):
        rt.rrelu(x, out=x)


def test_rrelu_bounds_as_torch_checks_them():
    # only torch.rrelu checks finiteness; rrelu_ takes infinite bounds in eval mode, and its
    # training mode fails in Scalar::to<float> or in uniform_real_distribution<double>
    assert rt.rrelu_(rt.tensor([-1.0, 1.0]), upper=math.inf).tolist() == [-math.inf, 1.0]
    with pytest.raises(RuntimeError, match="^Lower bound should be less than or equal to the upper bound$"):
        rt.rrelu_(rt.tensor([-1.0]), math.nan)
    with pytest.raises(RuntimeError, match=r"^Expected to - from <= std::numeric_limits<T>::max\(\) to be true"):
        rt.rrelu_(rt.tensor([-1.0]), -math.inf, training=True)
    with pytest.raises(RuntimeError, match="^value cannot be converted to type float without overflow$"):
        rt.rrelu(rt.tensor([-1.0]), -1e308, 1e308, training=True)
    assert rt.rrelu(rt.tensor([-1.0]), -3e38, 3e38, training=True).isfinite().all()
