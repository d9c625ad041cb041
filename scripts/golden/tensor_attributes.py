"""torch 2.13's device, layout and memory_format behaviour, recorded for the runtime's replay.

    python -m scripts.golden.tensor_attributes      # needs torch 2.13 (CPU); deterministic

Writes tests/data/golden_tensor_attributes.json.gz: for every case (a setup statement and an
expression, run with `M` bound to torch) the expression's value or the exception's class and
text, with "torch." read as "runtime.".  tests/test_tensor_attributes.py replays every case with
`M` bound to the runtime (and, with torch installed, reruns torch live on the same sources).

This is not one of the value sets of `python -m scripts.golden` (that format holds op values):
its cases are the attribute API's, generated here, from
  - the device constructor (strings, ordinals, keywords, index wrapping, every error), its
    repr/str/hash/equality, and every c10 device type through each allocating entry
    (factories, *_like, tensor(), to()) with and without an index;
  - layouts and memory formats: reprs, factories' checks, and for tensors of many layouts
    (permuted, sliced, size-1 and empty dims) is_contiguous/contiguous/clone/to/empty_like/cpu
    in every memory format, with torch's strides and whether to() returned its input;
  - elementwise ops on channels-last operands: the output's strides (TensorIterator's rule).
"""
from __future__ import annotations

import gzip
import json
import random

from . import ROOT
from test_tensor_attributes import run  # noqa: E402  (tests/ is on sys.path: the replay's runner)

OUT = ROOT / "tests" / "data" / "golden_tensor_attributes.json.gz"
SEED = 16

DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia",
                "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")
FORMATS = ("M.contiguous_format", "M.channels_last", "M.channels_last_3d", "M.preserve_format")


def device_cases():
    ctor = ["'cpu'", "'cpu:0'", "'cuda', 1", "'cuda:1'", "1", "-1", "0", "2**40", "'foo'", "'cpu:-1'", "'cpu', -1",
            "'cpu:x'", "''", "None", "1.5", "True", "'cpu', 'a'", "'cpu', 0, 1", "type='cpu', index=2", "index=0",
            "device='cpu'", "foo=1", "type=1", "type=None, index=1", "device=1.5", "'cpu', index='a'",
            "M.device('cpu')", "M.device('cuda', 3)", "M.device('cpu'), 1", "'cpu:0', 1", "'cpu:0', None", "'CPU'",
            "' cpu'", "'cpu:01'", "'cuda:1:2'", "'cpu', None", "'cuda', None", "'cpu', 2**40", "'cpu', 2**63",
            "'cpu', 2**64", "'cpu:256'", "'cpu', 127", "'cpu', 128", "'cpu', 200", "'cpu', 255", "'cpu', 256",
            "'cpu:128'", "'cpu:2147483648'", "'cpu:99999999999'", "b'cpu'", "'cpu', np.int64(1)", "np.int64(1)",
            "'cpu', M.tensor(1)", "M.tensor(1)", "'cpu', 1.0", "'cpu', True", "'a:b'", "'cpu:'", "':0'",
            "'cuda:-1'", "[]", "'cpu', []", "'cpu', np.int64(-3)", "'meta'", "'mps:0'", "'privateuseone:2'"]
    cases = []
    for a in ctor:
        cases.append(("d = M.device(%s)" % a, "(repr(d), str(d), d.type, d.index, hash(d))"))
    cases += [("", e) for e in [
        "M.device('cpu') == M.device('cpu:0')", "M.device('cpu', 0) == M.device('cpu', 256)",
        "M.device('cpu') == 'cpu'", "M.device('cpu') != M.device('cuda')", "M.device('cpu') == 1",
        "M.device('cpu') < M.device('cpu')", "M.device('cpu') >= M.device('cpu')",
        "{M.device('cpu'): 1}[M.device('cpu')]", "M.device('cuda', 1).__reduce__()[1]",
        "M.device('cpu').__reduce__()[1]", "format(M.device('cuda', 2))", "f'{M.device(\"cpu\"):>6}'",
        "type(M.device('cpu')).__name__", "M.ones(2).device == M.device('cpu')", "repr(M.ones(2).device)",
        "M.ones(2).device.index", "M.device('cpu').__enter__() == M.device('cpu')",
        "M.get_default_device()", "repr(M.strided)", "str(M.strided)", "repr(M.ones(2).layout)",
        "M.ones(2).layout is M.strided", "M.strided == M.strided", "repr(M.channels_last)", "str(M.preserve_format)",
        "[repr(f) for f in (M.contiguous_format, M.channels_last, M.channels_last_3d, M.preserve_format)]",
        "M.layout()", "M.memory_format()", "M.strided.foo", "M.channels_last < M.channels_last",
    ]]
    cases += [("d = M.device('cpu')", s) for s in ["setattr(d, 'type', 'x')", "setattr(d, 'index', 1)",
                                                    "setattr(d, 'x', 1)", "d.foo"]]
    # every device type through every entry that allocates, with and without an index
    for kind in DEVICE_TYPES:
        for d in (kind, kind + ":0", kind + ":1"):
            for e in [f"M.ones(2).to('{d}').device", f"M.ones(2).to(M.device('{d}')).device",
                      f"M.ones(2).to(device='{d}', dtype=M.int32).device", f"M.zeros(2, device='{d}').device",
                      f"M.empty(2, device='{d}').device", f"M.ones(2, device='{d}').device",
                      f"M.full((2,), 1, device='{d}').device", f"M.arange(3, device='{d}').device",
                      f"M.scalar_tensor(1, device='{d}').device", f"M.tensor([1.0], device='{d}').device",
                      f"M.tensor(M.ones(2), device='{d}').device", f"M.zeros_like(M.ones(2), device='{d}').device",
                      f"M.empty_like(M.ones(2), device='{d}').device", f"M.full_like(M.ones(2), 3, device='{d}').device"]:
                cases.append(("", e))
    # arguments of the wrong type, and the order of checks
    cases += [("", e) for e in [
        "M.zeros(2, device=1.5)", "M.zeros(2, device=None).device", "M.zeros(2, layout='a')", "M.zeros(2, layout=None).shape",
        "M.empty(2, memory_format='a')", "M.empty(2, memory_format=None).stride()", "M.zeros(-1, device='cuda')",
        "M.zeros(2, dtype='a', device='cuda')", "M.zeros(2, device='foo')", "M.zeros(-1, device='foo')",
        "M.zeros(2, device=-1)", "M.zeros(2, device=True)", "M.zeros(2, device=np.int64(0))", "M.zeros(2, device=0)",
        "M.tensor('a', device='cuda')", "M.tensor([1, [2]], device='cuda')", "M.tensor([1.0], device=1.5)",
        "M.tensor([1], dtype=M.int8, device='mps')", "M.full((2,), 'a', device='cuda')",
        "M.full((2,), 1.5, dtype=M.uint8, device='cuda')", "M.full((-1,), 1, device='cuda')",
        "M.arange(3, 1, device='cuda')", "M.arange('a', device='cuda')", "M.arange(5, device=1.5)",
        "M.arange(5, layout=1)", "M.zeros_like(1, device='cuda')", "M.zeros_like(M.ones(2), layout=1)",
        "M.zeros_like(M.ones(2), device=1.5)", "M.empty_like(M.ones(2), memory_format=1)",
        "M.empty_like(M.ones(2), memory_format=M.channels_last, device='cuda')",
        "M.empty(2, memory_format=M.channels_last, device='cuda')", "M.empty(-1, memory_format=M.channels_last)",
        "M.full_like(M.ones(2), 'a', device='cuda')", "M.full_like(M.ones(2), 300, dtype=M.uint8, device='cuda')",
        "M.empty(2**62, 2**62, device='cuda')", "M.scalar_tensor('a', device='cuda')",
        "M.empty_like(M.ones(2), memory_format=None, device=None, layout=None, dtype=None).stride()",
        "M.zeros(2, layout=M.strided, device=M.device('cpu', 3)).device", "M.ones(2).to(1)", "M.ones(2).to(-1)",
        "M.ones(2).to('foo')", "M.ones(2).to(1.5)", "M.ones(2).to(device=1.5)", "M.ones(2).to('cpu', copy=True).device",
        "M.ones(2).to(M.ones(2, dtype=M.int32)).dtype", "M.ones(2).to('cpu', M.int32).dtype",
        "M.ones(2).to(M.device('cpu')).device", "M.ones(2).to('cpu', non_blocking=True).device",
        "M.ones(2).cpu(memory_format=M.channels_last)", "M.ones(2).cpu(1)", "M.ones(2).cpu(memory_format=None).shape",
        "M.ones(2).cpu(foo=1)", "M.ones(2, 3, 4, 5).to(M.float64, M.channels_last)", "M.ones(2).to(memory_format=1)",
        "M.ones(2).to(memory_format=None).shape", "M.ones(2).contiguous(memory_format=None)",
        "M.ones(2).contiguous(M.channels_last)", "M.ones(2).contiguous(memory_format=1)",
        "M.ones(2).clone(memory_format=None).shape", "M.ones(2).clone(M.channels_last)",
        "M.ones(2).clone(memory_format='a')", "M.ones(2).is_contiguous(memory_format=None)",
        "M.ones(2).is_contiguous(1)", "M.ones(2).half(memory_format=None).dtype", "M.ones(2).half(memory_format=1)",
        "M.ones(2, 3, 4, 5).double(memory_format=M.channels_last).stride()",
        "M.ones(2, 3, 4, 5).double(memory_format=M.channels_last_3d)", "M.ones(2).half(M.channels_last)",
        "M.ones(2).to('cpu', 'a')", "M.ones(2).to(M.device('cpu'), M.float64, True, True).dtype",
        "M.ones(2).to(M.device('cpu'), M.float64, True, True, True)", "M.ones(2).to(M.device('cpu'), memory_format=M.strided)",
        "M.ones(2).to(M.strided)", "M.ones(2).to(M.channels_last)", "M.ones(2).to(M.float32, M.device('cpu'))",
        "M.ones(2).to(M.ones(1), M.device('cpu'))", "M.ones(2).to(M.device('cpu'), device='cpu')", "M.ones(2).to(None)",
        "M.ones(2).to(b'cpu').device", "M.ones(2).to(M.device('cpu', 1), M.int8).dtype", "M.ones(2).to(dtype=M.int8, device='cuda')",
        "M.ones(2, 3, 4, 5).to(M.ones(1), memory_format=M.channels_last).stride()",
        "M.ones(2).to(memory_format=M.channels_last, device='cuda')", "M.zeros(2, device=b'cpu').device",
        "M.ones(2).to(device=np.int64(0))",
        "M.ones(2).clone(memory_format=1, x=2)", "M.ones(2).contiguous(memory_format=1, x=2)",
        "M.ones(2).is_contiguous(memory_format=None, x=2)", "M.ones(2).cpu(memory_format=1, x=2)",
        "M.ones(2).clone(1, memory_format=1)", "M.ones(2).clone(x=2)",
        # from_dlpack's device=: a string or a device
        "M.from_dlpack(np.ones(2), device=M.device('cpu')).device", "M.from_dlpack(np.ones(2), device=M.device('cuda'))",
        "M.from_dlpack(np.ones(2), device=M.device('cpu', 1)).device", "M.from_dlpack(np.ones(2), device=1)",
        "M.from_dlpack(np.ones(2), device=M.device('meta'))", "M.from_dlpack(np.ones(2), device=M.device('mps', 0))",
        # the legacy constructor
        "M.Tensor(2, device=1.5)", "M.Tensor(device=1.5)", "M.Tensor([1], device=1.5)", "M.Tensor(device='cuda')",
        "M.Tensor(2, device=0)", "M.Tensor([1.0], device='cpu:1').device", "M.Tensor(2, device='meta')",
        "M.Tensor(2, foo=1)", "M.Tensor(2, device=None).shape", "M.Tensor(2, device='foo')",
        "M.Tensor('a', device='cuda')", "M.Tensor(-1, device='cuda')", "M.Tensor(M.ones(2), device='cpu')",
        "M.Tensor(2, 3, device='cpu').shape", "M.Tensor(device='cpu').shape", "M.Tensor(2, device=M.device('cuda', 1))",
    ]]
    # the default device: set_default_device and `with device(...)`
    cases += [
        ("M.set_default_device('cpu:1')", "(M.get_default_device(), M.zeros(2).device, M.set_default_device(None))"),
        ("M.set_default_device(M.device('meta'))", "(repr(M.get_default_device()), M.set_default_device(None))"),
        ("", "M.set_default_device(1.5)"), ("", "M.set_default_device('foo')"), ("", "M.set_default_device(-1)"),
        ("", "M.set_default_device(1)"),
        ("M.set_default_device('cuda')\ntry:\n    r = M.zeros_like(M.empty(2, device='cpu')).device, "
         "M.ones(2, device='cpu').device\nfinally:\n    M.set_default_device(None)", "r"),
        ("M.set_default_device('cuda')\ntry:\n    M.zeros(2)\nfinally:\n    M.set_default_device(None)", "None"),
        ("M.set_default_device('cuda')\ntry:\n    M.tensor([1.0])\nfinally:\n    M.set_default_device(None)", "None"),
        ("M.set_default_device('mps')\ntry:\n    M.arange(3)\nfinally:\n    M.set_default_device(None)", "None"),
        ("with M.device('cuda'):\n    M.zeros(2)", "None"),
        ("with M.device('cuda'):\n    x = M.zeros_like(M.empty(2, device='cpu'))", "x.device"),
        ("with M.device('cpu:1'):\n    x = M.get_default_device()\n    with M.device('meta'):\n        y = "
         "M.get_default_device()\n    z = M.get_default_device()", "(x, repr(y), z, M.get_default_device())"),
        ("M.set_default_device('meta')\nwith M.device('cpu'):\n    x = M.get_default_device()\n"
         "y = M.get_default_device()\nM.set_default_device(None)", "(x, repr(y), M.get_default_device())"),
        ("d = M.device('cpu:1')\nwith d as e:\n    pass", "(e is d, M.get_default_device())"),
    ]
    for kind in DEVICE_TYPES:       # get_default_device() of an index-less device allocates there
        for d in (kind, kind + ":1"):
            cases.append((f"M.set_default_device('{d}')", "repr(M.get_default_device())"))
    return cases


def layouts(rng):
    """Setups of tensors of many layouts: 4-d and 5-d permutations of fresh tensors (sizes with
    1s and 0s), step slices, expanded dims, and a few of other ranks."""
    out = []
    shapes4 = [(2, 3, 4, 5), (2, 1, 1, 1), (1, 3, 1, 1), (1, 1, 4, 5), (2, 3, 1, 5), (2, 0, 4, 5), (0, 3, 4, 5),
               (1, 1, 1, 1), (3, 4, 1, 1), (2, 3, 4, 1)]
    shapes5 = [(2, 3, 4, 5, 6), (2, 1, 1, 1, 1), (1, 3, 1, 2, 1), (2, 3, 0, 5, 6), (2, 3, 4, 5, 1)]
    for shape in shapes4 + shapes5:
        n = len(shape)
        perms = [tuple(range(n)), (0, 2, 3, 1) if n == 4 else (0, 2, 3, 4, 1)]
        perms += [tuple(rng.sample(range(n), n)) for _ in range(3)]
        for p in dict.fromkeys(perms):
            out.append(f"x = M.ones{shape}.permute{p}")
        out.append(f"x = M.ones{shape}.permute{perms[1]}.contiguous()")
    out += ["x = M.ones(2, 3, 8, 5)[:, :, ::2]", "x = M.ones(2, 5, 4, 3).permute(0, 3, 2, 1)[:, :, ::2]",
            "x = M.ones(2, 3, 4, 1).expand(2, 3, 4, 5)", "x = M.ones(1, 3, 1, 1).expand(2, 3, 4, 5)",
            "x = M.ones(2, 4, 5, 3).permute(0, 3, 1, 2)[1:]", "x = M.ones(2, 3, 4, 10)[..., 1:6]",
            "x = M.ones(2, 3, 4, 5, 6)[:, :, :, ::3]", "x = M.ones(2, 4, 5, 6, 3).permute(0, 4, 1, 2, 3)[:, 1:]",
            "x = M.ones(3)", "x = M.ones(2, 3)", "x = M.ones(2, 3, 4)", "x = M.ones(2, 3, 4, 5, 6, 7)", "x = M.tensor(1.0)",
            "x = M.ones(2, 3).t()", "x = M.ones(0)", "x = M.ones(5, 4, 3).permute(2, 0, 1)"]
    return out


def memory_format_cases(rng):
    cases = []
    for setup in layouts(rng):
        cases.append((setup, "(x.is_contiguous(), x.contiguous().stride(), x.clone().stride(), "
                             "M.empty_like(x).stride(), x.to(M.float64).stride(), x.cpu() is x)"))
        for f in FORMATS:
            for e in [f"x.is_contiguous(memory_format={f})", f"x.contiguous(memory_format={f}).stride()",
                      f"x.contiguous(memory_format={f}) is x", f"x.clone(memory_format={f}).stride()",
                      f"M.empty_like(x, memory_format={f}).stride()", f"M.zeros_like(x, memory_format={f}).stride()",
                      f"x.to(memory_format={f}).stride()", f"x.to(memory_format={f}) is x",
                      f"x.to(M.float64, memory_format={f}).stride()", f"x.cpu(memory_format={f}) is x",
                      f"x.half(memory_format={f}).stride()", f"M.empty(x.shape, memory_format={f}).stride()",
                      f"x.to(memory_format={f}).is_contiguous(memory_format={f})"]:
                cases.append((setup, e))
    # elementwise ops: the output follows the inputs' layout as TensorIterator orders it
    a = "a = M.ones(2, 3, 4, 5).contiguous(memory_format=M.channels_last)"
    cases += [(a, e) for e in [
        "(a + 1).stride()", "(a + a).stride()", "(a + M.ones(2, 3, 4, 5)).stride()", "(M.ones(2, 3, 4, 5) + a).stride()",
        "(a + M.ones(5)).stride()", "(a + M.ones(3, 1, 1)).stride()", "(a * M.ones(1, 3, 1, 1)).stride()",
        "M.neg(a).stride()", "M.sqrt(a).stride()", "(a < 0).stride()", "M.where(a > 0, a, 0.0).stride()",
        "(a + M.ones(2, 3, 4, 5, dtype=M.float64)).stride()", "a.to(M.int32).stride()", "(a[:, :, ::2] + 1).stride()",
        "(a.permute(0, 2, 3, 1) + 1).stride()", "M.add(a, 1, out=M.empty(0)).stride()",
        "M.add(a, 1, out=M.empty(2, 3, 4, 5)).stride()", "(a + 1).is_contiguous(memory_format=M.channels_last)",
        "M.lerp(a, M.ones(2, 3, 4, 5), 0.5).stride()", "M.clamp(a, 0, 1).stride()"]]
    b = "b = M.ones(2, 3, 4, 5, 6).contiguous(memory_format=M.channels_last_3d)"
    cases += [(b, e) for e in ["(b + 1).stride()", "(b + M.ones(2, 3, 4, 5, 6)).stride()", "M.exp(b).stride()",
                               "(b + 1).is_contiguous(memory_format=M.channels_last_3d)"]]
    c = "c = M.ones(2, 1, 4, 5).contiguous(memory_format=M.channels_last)"
    cases += [(c, e) for e in ["c.stride()", "(c + 1).stride()", "(c + M.ones(2, 1, 4, 5)).stride()",
                               "c.is_contiguous()", "c.is_contiguous(memory_format=M.channels_last)"]]
    return cases


def cases():
    rng = random.Random(SEED)
    return device_cases() + memory_format_cases(rng)


def main():
    import numpy as np
    import torch
    out = []
    for setup, expr in cases():
        out.append({"setup": setup, "expr": expr, **run(torch, np, setup, expr)})
    data = {"meta": {"torch": torch.__version__, "generator": "scripts/golden/tensor_attributes.py", "seed": SEED,
                     "cases": len(out), "errors": sum("error" in c for c in out)},
            "cases": out}
    text = "{\n" + f' "meta": {json.dumps(data["meta"], sort_keys=True)},\n "cases": [\n' + ",\n".join(
        "  " + json.dumps(c) for c in out) + "\n ]\n}\n"
    assert json.loads(text) == data
    OUT.write_bytes(gzip.compress(text.encode(), mtime=0))      # the same bytes on every run
    print(f"wrote {OUT.relative_to(ROOT)}: {len(out)} cases, {data['meta']['errors']} errors", flush=True)


if __name__ == "__main__":
    main()
