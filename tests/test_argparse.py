"""The argument parser against torch's: every function and method of ops.yaml, called in
ways torch's python_arg_parser refuses or resolves in a particular way; the TypeError's text
must be torch's, word for word, and a call torch accepts must be accepted."""
import warnings

import pytest

import runtime as rt
from generated import ops

torch = pytest.importorskip("torch")


class Thing:
    """An object no parameter type accepts."""


def _calls(T, Z):
    """Argument lists: T is a 1-d float tensor, Z a 0-dim one (of the same library)."""
    t = T
    return [
        ((), {}), ((t,), {}), ((t, t), {}), ((t, t, t), {}), ((t, t, t, t), {}), ((t, 2), {}), ((2, t), {}),
        ((2, 2), {}), ((t, "a"), {}), ((t,), {"other": "a"}), ((t,), {"foo": 1}), ((t, t), {"foo": 1, "bar": 2}),
        ((t, None), {}), ((t, 2, t), {}), ((t, t), {"alpha": None}), ((t, t), {"alpha": 2}),
        ((t, 2), {"rounding_mode": 3}), ((t, t), {"rounding_mode": "floor"}), ((t,), {"decimals": 1.5}),
        ((t,), {"decimals": Z}), ((t, Z), {}), ((t, Thing()), {}), ((Thing(),), {}), ((t,), {"input": t}),
        ((), {"input": t, "other": t}), ((), {"x": t, "x2": t}), ((t, t), {"out": Thing()}),
        ((t, 2), {"out": t}), ((2, t), {"out": t}), ((t, 1.5, None), {}), ((t, None, 2), {}),
        ((t,), {"min": "a", "max": 1}), ((t,), {"exponent": "a"}), ((t, t), {"value": "a"}),
        ((t, 2, t, t), {}), ((t, t, 0.5), {}), ((t,), {"nan": None, "posinf": 2, "neginf": Z}),
    ]


def _outcome(fn, args, kwargs):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(*args, **kwargs)
    except TypeError as e:
        return "TypeError", str(e)
    except Exception as e:      # noqa: BLE001 - a later stage; only TypeErrors are the parser's
        return "other", type(e).__name__
    return "ok", None


def _to_torch(x):
    if isinstance(x, rt.Tensor):
        return torch.ones(3) if x._shape else torch.tensor(1.0)
    return x


def _compare(ours_fn, theirs_fn, args, kwargs, label):
    ours = _outcome(ours_fn, args, kwargs)
    theirs = _outcome(theirs_fn, tuple(map(_to_torch, args)), {k: _to_torch(v) for k, v in kwargs.items()})
    if (ours[0] == "TypeError") != (theirs[0] == "TypeError") or (ours[0] == "TypeError" and ours[1] != theirs[1]):
        return [f"{label}{args}{kwargs}:\n  ours  {ours}\n  torch {theirs}"]
    return []


# nn.functional names whose torch builtin the runtime does not mirror argument for argument (its
# binding errors differ): the F.<name>_ forms are aten's in-place ops, with aten's own parameters
# (elu_'s scale and input_scale, hardtanh_'s min_val/max_val as Scalars, ...), and logsigmoid is
# torch._C._nn.log_sigmoid, whose errors say log_sigmoid()
PARSER_DIFFERENCES = {
    **{f"nn.functional.{n}_": "aten's in-place op, with parameters of its own" for n in
       ("celu", "elu", "hardtanh", "leaky_relu", "relu", "selu", "threshold")},
    "nn.functional.logsigmoid": "torch's parser names it log_sigmoid()",
}


def _torch_function(name):
    """torch.<name>, where name may be namespaced (nn.functional.gelu); None where there is none."""
    obj = torch
    for part in name.split("."):
        obj = getattr(obj, part, None)
    return obj


@pytest.mark.parametrize("name", sorted(ops.FUNCTIONS))
def test_function_binding_matches_torch(name):
    theirs = _torch_function(name)
    if "." in name and type(theirs).__name__ != "builtin_function_or_method":
        # torch.nn.functional's Python functions (F.relu, F.elu, ...) raise Python's own TypeErrors,
        # not its argument parser's; the runtime parses them as torch's builtins do
        pytest.skip(f"torch.{name} is a Python function")
    if name in PARSER_DIFFERENCES:
        pytest.skip(PARSER_DIFFERENCES[name])
    problems = []
    for args, kwargs in _calls(rt.ones(3), rt.tensor(1.0)):
        problems += _compare(ops.FUNCTIONS[name], theirs, args, kwargs, name)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", sorted(n for n in ops.METHODS if not n.startswith("__")))
def test_method_binding_matches_torch(name):
    problems = []
    for args, kwargs in _calls(rt.ones(3), rt.tensor(1.0)):
        if args and isinstance(args[0], rt.Tensor):     # the first tensor is self
            self_ours, self_torch = rt.ones(3), torch.ones(3)
            problems += _compare(getattr(self_ours, name), getattr(self_torch, name), args[1:], kwargs, "." + name)
    assert not problems, "\n".join(problems)


def test_inplace_function_forms_are_torchs():
    """rt.sin_(x), rt.clamp_(x, 0, 1), ...: exactly the torch.<name>_ functions whose <name> the
    runtime has (torch.absolute_ does not exist although absolute is an alias of abs)."""
    ours = {n for n in ops.FUNCTIONS if n.endswith("_")}
    theirs = {n + "_" for n in ops.FUNCTIONS if not n.endswith("_") and callable(_torch_function(n + "_"))}
    assert ours == theirs
    assert "abs_" in ours and "absolute_" not in ours and "add_" not in ours
