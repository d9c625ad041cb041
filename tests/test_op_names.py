"""The Python names ops.yaml gives each op (its `names:` and the conventions that fill them in)
against torch's own: every function, method, in-place method and in-place function we bind
exists in torch, and where we bind no method or in-place method, torch has none either."""
import functools
from pathlib import Path

import pytest

from codegen import model

torch = pytest.importorskip("torch")
ROOT = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=None)
def _model():
    return model.load_model(ROOT / "dtypes.yaml", ROOT / "ops.yaml")


def _torch_function(name):
    obj = torch
    for part in name.split("."):
        obj = getattr(obj, part, None)
    return obj


def _ops():
    return [op for op in _model().ops if op.function]


@pytest.mark.parametrize("op", _ops(), ids=lambda op: op.name)
def test_names_are_torchs(op):
    names = [op.function, *op.aliases]
    assert [n for n in names if _torch_function(n) is None] == [], "functions torch lacks"
    plain = [n for n in names if "." not in n]
    if op.method:
        methods = [op.method] + [a for a in op.aliases if "." not in a]
        assert [m for m in methods if not hasattr(torch.Tensor, m)] == [], "methods torch lacks"
    else:
        assert [n for n in plain if hasattr(torch.Tensor, n)] == [], "methods torch has and we do not bind"
    inplace = [f"{n}_" for n in plain] if op.inplace else []
    if op.inplace:
        assert [m for m in inplace if not hasattr(torch.Tensor, m)] == [], "in-place methods torch lacks"
    elif op.method:
        assert [n for n in plain if hasattr(torch.Tensor, f"{n}_")] == [], "in-place methods we do not bind"
    for name in op.inplace_functions:
        assert _torch_function(f"{name}_") is not None, f"torch has no function {name}_"
    assert [n for n in plain if n not in op.inplace_functions and _torch_function(f"{n}_") is not None
            and op.inplace] == [], "in-place functions torch has and we do not bind"
