"""ops.yaml's namespaces: a function or alias named `special.<name>` is a function of the
module runtime.special (rt.special.<name>), importable as torch.special is, with torch's
name in its errors (special_expit()) and no Tensor method or in-place form."""
import importlib
import sys

import pytest

import runtime as rt
from generated import ops as gen_ops


def test_namespace_module_is_importable_three_ways():
    import runtime.special
    from runtime.special import expit
    assert runtime.special is rt.special is sys.modules["runtime.special"]
    assert importlib.import_module("runtime.special") is rt.special
    assert expit is rt.special.expit


def test_every_namespaced_function_is_in_its_module_only():
    for name in gen_ops.FUNCTIONS:
        if "." not in name:
            continue
        ns, _, short = name.rpartition(".")
        module = sys.modules[f"runtime.{ns}"]
        assert short in module.__all__ and callable(getattr(module, short))
        assert not hasattr(rt, name) and name not in rt.__all__


def test_namespaced_alias_runs_the_op_and_is_no_method():
    x = rt.tensor([-1.0, 0.0, 2.0])
    assert rt.special.expit(x).tolist() == rt.sigmoid(x).tolist()
    out = rt.empty(3)
    assert rt.special.expit(x, out=out) is out and out.tolist() == rt.sigmoid(x).tolist()
    assert not hasattr(rt.Tensor, "expit") and not hasattr(rt.Tensor, "expit_")
    assert not hasattr(rt.special, "expit_")


def test_errors_name_the_function_as_torch_does():
    with pytest.raises(TypeError, match=r"^special_expit\(\): argument 'input' \(position 1\) must be Tensor, not int$"):
        rt.special.expit(1)
