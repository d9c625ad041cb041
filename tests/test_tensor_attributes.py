"""torch's device, layout and memory_format behaviour: the runtime against the outcomes recorded
from torch 2.13 by scripts/golden/tensor_attributes.py (tests/data/golden_tensor_attributes.json.gz),
and, where torch is installed, against torch itself.

The runtime allocates on the CPU only.  Where torch's text for another device would mislead (its
dispatcher's backend listing, an internal assert) ours says that tensors live in CPU memory, in
torch's class; where torch allocates on 'meta' (a tensor without memory) we raise that error as a
NotImplementedError.  Those are the only differences the replay accepts."""
from __future__ import annotations

import gzip
import json
import random
import warnings
from pathlib import Path

import pytest

import runtime as rt

DATA = Path(__file__).parent / "data" / "golden_tensor_attributes.json.gz"
CPU_ONLY = "runtime tensors live in CPU memory only"


def jsonable(v):
    """A value as the golden file holds it: tuples as lists, devices and other objects by repr
    (torch's names read as the runtime's)."""
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, str):
        return v.replace("torch.", "runtime.")
    if v is None or isinstance(v, (bool, int, float)):
        return v
    return repr(v).replace("torch.", "runtime.")


def run(M, np, setup, expr):
    """One case, with M the library: {"value": ...} or {"error": class, "message": text}."""
    scope = {"M": M, "np": np}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(setup, scope)
            return {"value": jsonable(eval(expr, scope))}
    except Exception as e:
        text = str(e).replace("torch.", "runtime.")
        if text.startswith("Could not run 'aten::"):    # the dispatcher's text: its first sentence only
            text = text.split(" This could be because")[0]
        return {"error": type(e).__name__, "message": text}
    finally:
        M.set_default_device(None)


def load():
    return json.loads(gzip.decompress(DATA.read_bytes()))


def accepted(case, got):
    """None when `got` is torch's outcome or one of the differences the module docstring names,
    else why not."""
    want = {k: case[k] for k in ("value", "error", "message") if k in case}
    if got == want:
        return None
    cpu_only = got.get("error") == "NotImplementedError" and got.get("message", "").startswith(CPU_ONLY)
    if "value" in want and cpu_only and "meta" in case["setup"] + case["expr"]:
        return None
    if "error" in want and want["message"].startswith(("Could not run 'aten::", "0 INTERNAL ASSERT FAILED")):
        if got.get("error") == want["error"] and got.get("message", "").startswith(CPU_ONLY):
            return None
    return f"torch: {want}\n    runtime: {got}"


def _np():
    try:
        import numpy
        return numpy
    except ImportError:
        return None


def test_replay_recorded_torch_outcomes():
    data = load()
    np = _np()
    failures, differences = [], 0
    for case in data["cases"]:
        if np is None and "np." in case["setup"] + case["expr"]:
            continue
        got = run(rt, np, case["setup"], case["expr"])
        why = accepted(case, got)
        differences += got != {k: case[k] for k in ("value", "error", "message") if k in case}
        if why:
            failures.append(f"{case['setup']!r} / {case['expr']!r}:\n    {why}")
    assert not failures, f"{len(failures)} of {len(data['cases'])} cases differ:\n" + "\n".join(failures[:30])
    # the accepted differences are the non-CPU devices' texts and meta, not a blanket excuse
    assert 300 < differences < 700, differences


def test_recorded_outcomes_are_torchs():
    """The golden file is what torch does now (rerun live; the cases are the generator's)."""
    torch = pytest.importorskip("torch")
    import numpy as np
    from scripts.golden.tensor_attributes import cases
    data = load()
    assert [(c["setup"], c["expr"]) for c in data["cases"]] == cases()
    stale = [c for c in data["cases"] if run(torch, np, c["setup"], c["expr"]) !=
             {k: c[k] for k in ("value", "error", "message") if k in c}]
    assert not stale, stale[:5]


def _random_tensor(M, rng, rank):
    """A tensor of random sizes (some 1 or 0), permuted, sliced with steps or expanded."""
    shape = [rng.choice([1, 1, 2, 3, 4, 0] if rng.random() < 0.1 else [1, 2, 3, 4, 5]) for _ in range(rank)]
    x = M.ones(*shape).permute(*rng.sample(range(rank), rank))
    for d in range(rank):
        if rng.random() < 0.2 and x.shape[d] > 2:
            x = x.narrow(d, 1, x.shape[d] - 1) if hasattr(x, "narrow") and M is not rt else \
                x[(slice(None),) * d + (slice(1, None),)]
        if rng.random() < 0.15 and x.shape[d] > 2:
            x = x[(slice(None),) * d + (slice(None, None, 2),)]
    if rng.random() < 0.15:
        d = rng.randrange(rank)
        if x.shape[d] == 1:
            x = x.expand(*[3 if i == d else -1 for i in range(rank)])
    return x


@pytest.mark.torch
def test_random_layouts_against_torch():
    """Random layouts through every memory format: strides, aliasing and contiguity as torch's."""
    torch = pytest.importorskip("torch")
    fmts = ["contiguous_format", "channels_last", "channels_last_3d", "preserve_format"]
    ops = ["x.is_contiguous(memory_format=F)", "x.contiguous(memory_format=F).stride()", "x.to(memory_format=F) is x",
           "x.to(memory_format=F).stride()", "x.clone(memory_format=F).stride()",
           "M.empty_like(x, memory_format=F).stride()", "x.to(M.float64, memory_format=F).stride()",
           "(x + 1).stride()", "(x + M.ones(x.shape)).stride()"]
    diffs = []
    for seed in range(300):
        rank = (4, 5, 4, 5, 3)[seed % 5]
        for op in ops:
            f = fmts[seed % 4]
            outcomes = []
            for M in (torch, rt):
                x = _random_tensor(M, random.Random(seed), rank)
                try:
                    outcomes.append(("ok", jsonable(eval(op.replace("F", f"M.{f}"), {"M": M, "x": x}))))
                except Exception as e:
                    outcomes.append((type(e).__name__, str(e).replace("torch.", "runtime.")))
            if outcomes[0] != outcomes[1]:
                diffs.append((seed, op, f, tuple(x.shape), x.stride(), outcomes))
    assert not diffs, diffs[:5]


def test_device_objects():
    d = rt.device("cuda", 1)
    assert (d.type, d.index, str(d), repr(d)) == ("cuda", 1, "cuda:1", "device(type='cuda', index=1)")
    assert rt.device(d) == d and hash(rt.device("cuda:1")) == hash(d) and rt.device("cpu") != rt.device("cpu:0")
    import copy
    import pickle
    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(rt.channels_last) is rt.channels_last
    with pytest.raises(AttributeError, match="not writable"):
        d.index = 2
    with pytest.raises(TypeError, match="not an acceptable base type"):
        type("D", (rt.device,), {})
    assert rt.ones(2).device == rt.device("cpu") and rt.ones(2).layout is rt.strided
    assert repr(rt.strided) == "runtime.strided" and str(rt.channels_last_3d) == "runtime.channels_last_3d"


def test_default_device_context_restores_on_error():
    with pytest.raises(AssertionError, match="CUDA"):
        with rt.device("cuda"):
            assert rt.get_default_device() == rt.device("cuda")
            rt.zeros(2)
    assert rt.get_default_device() == rt.device("cpu") and rt.zeros(2).device.type == "cpu"
    rt.set_default_device("meta")
    try:
        with pytest.raises(NotImplementedError, match=CPU_ONLY):
            rt.ones(2)
        assert rt.zeros_like(rt.tensor([1.0], device="cpu")).device.type == "cpu"   # *_like: the input's
    finally:
        rt.set_default_device(None)


def test_channels_last_factories_and_ops():
    x = rt.empty(2, 3, 4, 5, memory_format=rt.channels_last)
    assert x.stride() == (60, 1, 15, 3) and x.is_contiguous(memory_format=rt.channels_last)
    assert not x.is_contiguous() and x.contiguous().stride() == (60, 20, 5, 1)
    assert (x + 1).stride() == (60, 1, 15, 3) and rt.zeros_like(x).stride() == (60, 1, 15, 3)
    assert rt.ones_like(x, memory_format=rt.contiguous_format).stride() == (60, 20, 5, 1)
    assert x.to(memory_format=rt.channels_last) is x and x.clone().stride() == x.stride()
    with pytest.raises(RuntimeError, match="^required rank 5 tensor to use channels_last_3d format$"):
        rt.full_like(x, 2.0, memory_format=rt.channels_last_3d)
