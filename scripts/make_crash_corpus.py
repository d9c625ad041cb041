"""Generate tests/data/crash_corpus.json: the crash corpus and what torch 2.13 does with each case.

    python scripts/make_crash_corpus.py      # needs torch 2.13 (CPU), NumPy and the built runtime
                                             # (whose API it covers); deterministic

A case is Python source run with `M` bound to torch or to the runtime (and `np` to NumPy).
The corpus has two parts:
  templates  every public function (rt.__all__) and every public Tensor method, property and
             operator, with otherwise valid arguments and a hole `$` in the first and second
             argument positions and in each keyword; each hole takes every HOSTILE value;
  cases      hand-written: the examples of the crash-corpus issue, and the edges of creation,
             views, indexing, setitem/copy_, to(), conversions, promotion and interop.
torch runs every case in worker subprocesses (tests/test_crash_corpus.py's harness) under a
4 GiB address-space limit; the outcome is "ok" or the exception class, "torch-crash" when torch
itself dies or hangs, "no-torch" when torch has no such name.  A template's outcomes are a list
in HOSTILE's order."""
import inspect
import json
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import numpy as np  # noqa: E402
import torch  # noqa: E402

import runtime as rt  # noqa: E402
from generated import ops  # noqa: E402
from runtime import _reduce  # noqa: E402
from runtime._argparse import REQUIRED  # noqa: E402
from runtime.dtypes import ALL  # noqa: E402
from test_crash_corpus import DATA, HOLE, run_parallel  # noqa: E402

F, I, B, C = "M.ones(3)", "M.ones(3, dtype=M.int64)", "M.tensor([True, False, True])", "M.ones(3, dtype=M.complex64)"
D = "M.ones(3, dtype=M.float64)"
HOSTILE = ["-1", "-5", "0", "2**62", "2**64", "1.5", "float('nan')", "float('inf')", "1j", "np.int64(2**62)",
           "np.int64(3)", "np.float32(1.5)", "None", "'a'", "[1, 2]", "{}", "()", "object()", "M.float64",
           B, "M.tensor(2.0)", "M.tensor([1, 2, 3])", "M.zeros(0)", C]

# Valid arguments of the functions and methods that are not ops (receiver, positional, keywords).
FUNCTIONS = {
    "tensor": (["[1.0, 2.0]"], ["dtype", "device"]), "scalar_tensor": (["1.5"], ["dtype", "device", "layout"]),
    "zeros": (["2", "3"], ["dtype", "device", "layout"]), "ones": (["2", "3"], ["dtype", "device", "layout"]),
    "empty": (["2", "3"], ["dtype", "device", "layout", "memory_format"]),
    "full": (["(2,)", "1.5"], ["dtype", "device", "layout"]), "arange": (["0", "5"], ["dtype", "device", "layout"]),
    "zeros_like": ([F], ["dtype", "device", "layout", "memory_format"]),
    "ones_like": ([F], ["dtype", "device", "layout", "memory_format"]),
    "empty_like": ([F], ["dtype", "device", "layout", "memory_format"]),
    "full_like": ([F, "2.0"], ["dtype", "device", "layout", "memory_format"]), "promote_types": (["M.float32", "M.int64"], []),
    "result_type": ([F, "1"], []), "can_cast": (["M.float32", "M.int64"], []), "get_default_dtype": ([], []),
    "set_default_dtype": (["M.float64"], []), "broadcast_shapes": (["(2, 1)", "(1, 3)"], []),
    "set_num_threads": (["1"], []), "get_num_threads": ([], []), "finfo": (["M.float32"], []),
    "iinfo": (["M.int32"], []), "real": ([C], []), "imag": ([C], []),
    "conj": ([C], []), "is_conj": ([C], []), "resolve_conj": ([C], []), "is_neg": ([F], []), "resolve_neg": ([F], []),
    "from_numpy": (["np.ones(3)"], []), "from_dlpack": ([F], []), "Tensor": ([], []), "Size": (["[2, 3]"], []),
    "dtype": ([], []), "device": (["'cpu'"], []), "layout": ([], []), "memory_format": ([], []),
    "set_default_device": (["'cpu'"], []), "get_default_device": ([], []),
    # runtime/_functions.py (issue 17)
    "allclose": ([F, F], ["rtol", "atol", "equal_nan"]), "equal": ([F, F], []), "frexp": ([F], []),
    "mvlgamma": ([F, "1"], []), "polygamma": (["1", F], []),
    "threshold": ([F, "0.5", "0.0"], []), "threshold_": ([F, "0.5", "0.0"], []),
    "rrelu": ([F], ["lower", "upper", "training"]), "rrelu_": ([F], ["lower", "upper", "training"]),
}
# what rt.__all__ names that is a value, not a callable: the dtypes, layouts and memory formats
CONSTANTS = (rt.dtype, rt.layout, rt.memory_format)
METHODS = {
    "clone": [], "contiguous": [], "cpu": [], "copy_": [F], "data_ptr": [], "dim": [], "element_size": [], "expand": ["3"],
    "expand_as": [F],
    "flatten": [], "is_complex": [], "is_contiguous": [], "is_floating_point": [], "item": [], "numel": [],
    "numpy": [], "permute": ["0"], "reshape": ["3"], "size": ["0"], "squeeze": ["0"], "storage_offset": [],
    "stride": ["0"], "swapaxes": ["0", "0"], "t": [], "to": ["M.float64"], "tolist": [], "transpose": ["0", "0"],
    "unsqueeze": ["0"], "view": ["3"], "conj": [], "is_conj": [], "resolve_conj": [], "is_neg": [], "resolve_neg": [], **{d._method: [] for d in ALL if d._method},     # .half(), ...
    "allclose": [F], "equal": [F], "frexp": [], "mvlgamma": ["1"],
    "mvlgamma_": ["1"], "polygamma": ["1"], "polygamma_": ["1"],
}
METHOD_KEYWORDS = {"to": ["dtype", "copy", "device", "memory_format"], "clone": ["memory_format"],
                   "contiguous": ["memory_format"], "is_contiguous": ["memory_format"], "cpu": ["memory_format"],
                   **{d._method: ["memory_format"] for d in ALL if d._method}}
# the reductions (ops.yaml's reductions:): a dim and keepdim are valid for every one of them
for _name in _reduce.FUNCTIONS:
    FUNCTIONS[_name] = ([F, "0"], ["keepdim"])
for _name in _reduce.METHODS:           # (no Tensor.var_mean; cumsum_ and cumprod_ in place)
    METHODS[_name] = ["0"]
    METHOD_KEYWORDS[_name] = [] if _name.endswith("_") else ["keepdim"]
FUNCTIONS["norm"] = ([F, "2", "0"], ["keepdim", "dtype"])      # (runtime/_norm.py: torch/functional.py's)
METHODS["norm"] = ["2", "0"]
METHOD_KEYWORDS["norm"] = ["keepdim", "dtype"]
ARITHMETIC = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>"]   # with an in-place form
COMPARISON = ["==", "!=", "<", "<=", ">", ">="]

# The examples of the issue, then the edges of each part of the API.  A trailing assert
# checks a value where the outcome is a value (both torch and the runtime must pass it).
CASES = [
    # setitem and copy_ broadcasting
    "x = M.zeros(2, 3); x[:] = M.ones(1, 1, 3); assert x.tolist() == [[1.0] * 3] * 2",
    "x = M.zeros(2, 3); x.copy_(M.ones(5, 1, 3))", "x = M.zeros(3); x[:] = M.ones(2, 3)",
    "x = M.zeros(2, 3); x[0, 1:] = M.tensor([[5., 6.]]); assert x.tolist() == [[0.0, 5.0, 6.0], [0.0] * 3]",
    # expand with negative and huge sizes
    "M.zeros(1).expand(-5)", "M.zeros(1, 1).expand(-2, -2) + 1", "M.zeros(3).expand(-2, -2, 3) + 1",
    "M.zeros(1, 1).expand(np.int64(2**62), 4) + 1", "M.zeros(1, 1).expand(np.int64(2**62), 4)",
    # dtype objects are immutable singletons
    "M.dtype()", "M.dtype('float32')", "type(M.float32)()", "M.float32.itemsize = 3", "M.float32.name = 'x'",
    "M.float32.foo = 1", "del M.float32.itemsize", "M.float32(1)", "M.float32 < M.float64",
    "class D(M.dtype): pass", "hash(M.float32); assert M.float32 != 'float32'",
    "import copy; assert copy.deepcopy(M.float32) is M.float32",
    "import pickle; assert pickle.loads(pickle.dumps(M.int8)) is M.int8",
    "assert M.float32.itemsize == 4 and M.float32.is_floating_point and not M.float32.is_complex",
    "assert M.float32.to_complex() == M.complex64 and M.complex128.to_real() == M.float64",
    # arange
    "M.arange(0, 1, 1e-20)", "M.arange(2**62)", "assert M.arange(2.5, dtype=M.int64).tolist() == [0, 1]",
    "M.arange(3, dtype=M.complex64)", "M.arange(0)", "M.arange(-3)", "M.arange(5, 0)", "M.arange(5, 0, -1)",
    "M.arange(0, 5, 0)", "M.arange(0, 5, -1)", "M.arange(float('nan'))", "M.arange(float('inf'))",
    "M.arange(0, float('inf'))", "M.arange(0, 1, float('nan'))", "M.arange(2**63)", "M.arange(-2**63, 2**63 - 1)",
    "M.arange(0, 10, 2**62)", "M.arange(0.5, 3, dtype=M.int32)", "M.arange(10, dtype=M.uint8)",
    "M.arange(300, dtype=M.uint8)", "M.arange(1e20, 1e20 + 1)", "M.arange(0, 3, 0.1, dtype=M.float16)",
    "M.arange(0, 5, dtype=M.bool)", "M.arange(True)", "M.arange(1j)", "M.arange('a')", "M.arange(None)",
    "M.arange(M.tensor(3))", "M.arange(M.tensor([3]))", "M.arange(np.int64(3))", "M.arange(np.float32(2.5))",
    "M.arange(0, 5, 1.5, dtype=M.int64)", "M.arange(0, 2**40, 2**38)", "M.arange(5, step=2)",
    "M.arange(start=1, end=3)", "M.arange(0, 1, 1e-300)",
    # values that do not fit the destination dtype
    "x = M.zeros(3, dtype=M.uint8); x[0] = 300", "x = M.zeros(3, dtype=M.int32); x[0] = float('nan')",
    "x = M.zeros(3); x[0] = 1e300", "x = M.zeros(3); x[0] = 1 + 2j", "M.full((2,), 300, dtype=M.uint8)",
    "float(M.tensor(1 + 2j))", "x = M.zeros(3, dtype=M.bool); x[0] = 2", "x = M.zeros(3, dtype=M.uint8); x[0] = -1",
    "x = M.zeros(3, dtype=M.int64); x[0] = 2**63", "x = M.zeros(3, dtype=M.int64); x[0] = float('inf')",
    "x = M.zeros(3, dtype=M.uint64); x[0] = 2**64 - 1", "x = M.zeros(3, dtype=M.uint64); x[0] = 2**64",
    "x = M.zeros(3); x[0] = np.float64(1e300)", "x = M.zeros(3); x[0] = True",
    "x = M.zeros(3, dtype=M.float16); x[0] = 1e10",
    "x = M.zeros(3, dtype=M.int32); x[0] = 1j", "x = M.zeros(3, dtype=M.complex64); x[0] = 1j",
    "x = M.zeros(3, dtype=M.int8); x[:] = M.tensor([300, 1, 2])",
    # NumPy scalars
    "assert (M.tensor([1, 2], dtype=M.int8) + np.int64(1)).dtype == M.int8",
    "assert isinstance(np.float64(1) + M.ones(3), M.Tensor)", "M.add(M.ones(3), np.float32(1.5))",
    "assert M.tensor([np.bool_(True)]).dtype == M.bool", "assert M.full((2,), np.bool_(True)).dtype == M.bool",
    "x = M.zeros(3); x[0] = np.int64(3)", "x = M.zeros(3); x[0] = np.float64(1.5)", "M.ones(3) * np.int8(2)",
    "M.ones(3)[np.int64(1)]", "M.zeros(np.int64(2), np.int32(3))", "M.full((2,), np.float32(1.5))",
    "M.tensor(np.int64(2**62))", "M.tensor([np.float32(1.5), 2])", "M.ones(3, dtype=M.uint8) + np.uint64(2**64 - 1)",
    "M.ones(3) + np.complex64(1j)", "M.ones(3).pow(np.float16(2))",
    # out=
    "x = M.zeros(2, 3); M.add(M.ones(4), 1, out=x[0])",
    "a = np.zeros(3, dtype=np.float32); M.add(M.ones(5), 1, out=M.from_numpy(a))",
    "M.add(M.ones(3), 1, out=M.ones(3, dtype=M.int32))", "M.add(M.ones(3), 1, out=M.ones(1).expand(3))",
    "M.add(M.ones(3), 1, out=(M.ones(3),))", "M.add(M.ones(3), 1, out=M.ones(3).t())",
    "x = M.ones(3); M.add(x, 1, out=x)", "x = M.zeros(0); M.add(M.ones(2, 3), 1, out=x); assert x.shape == (2, 3)",
    "x = M.ones(6); M.add(x[:3], 1, out=x[1:4])",
    # many dimensions, 0-dim tensors
    "M.zeros([1] * 65) + 1", "M.zeros([1] * 65) + M.zeros([1] * 66)", "M.zeros([1] * 200)",
    "M.zeros([1] * 65).transpose(0, 64) + 1", "M.zeros([1] * 65).view(-1)", "M.zeros([1] * 65)[0]",
    "M.zeros([1] * 65).tolist()", "repr(M.zeros([1] * 65))", "M.ones(*[1] * 65).expand(*[2] * 10 + [1] * 55) + 1",
    "M.tensor(1).transpose(0, 0)", "M.tensor(1).size(0)", "M.tensor(1).transpose(0, 1)",
    "M.tensor(1).transpose(-1, 0)", "M.tensor(1).t()", "M.tensor(1).T", "M.tensor(1).stride(0)",
    "M.tensor(1).size(-1)", "M.tensor(1)[0]", "M.tensor(1)[...]", "M.tensor(1)[None]", "M.tensor(1).unsqueeze(0)",
    "M.tensor(1).squeeze(0)", "M.tensor(1).squeeze(1)", "M.tensor(1).flatten()", "M.tensor(1).permute()",
    "M.tensor(1).expand()", "M.tensor(1).view(1, 1)", "M.tensor(1).reshape(-1)",
    # arguments of the wrong type
    "M.clamp(M.ones(3), 'a')", "M.pow(M.ones(3), [1, 2])", "M.lerp(M.ones(3), M.ones(3), {})",
    "M.div(M.ones(3), 2, rounding_mode='a')", "M.div(M.ones(3), 2, rounding_mode=None)",
    "M.add(M.ones(3, dtype=M.int32), 1, alpha=1.5)", "M.add(M.ones(3), 1, alpha=True)",
    "M.round(M.ones(3), decimals=2**64)",
    "M.round(M.ones(3), decimals=-2**63)", "M.nan_to_num(M.ones(3), nan='a')", "M.clamp(M.ones(3))",
    "M.clamp(M.ones(3), None, None)", "M.clamp(M.ones(3), min=M.ones(2))", "M.clamp(M.ones(3), 1, M.ones(3))",
    "M.where(M.ones(3), 1, 2)", "M.where(M.tensor([True]), 1, 2)", "M.add(1, 2)", "M.ones(3).add(1, 2)",
    "M.ones(3).add(1, alpha=None)", "M.add(M.ones(3), other=1)", "M.add(input=M.ones(3), other=1)", "M.add(M.ones(3))",
    "M.add()", "M.neg(M.ones(3), M.ones(3))", "M.add(M.ones(3), 1, foo=1)",
    "M.pow(2, M.ones(3))", "M.pow(M.ones(3), 2**64)", "M.ones(3, dtype=M.int64) ** -1", "M.ones(3, dtype=M.int64) // 0",
    "M.ones(3, dtype=M.int64) % 0", "M.ones(3, dtype=M.int64) << 64", "M.ones(3, dtype=M.int64) << -1",
    "M.ones(3, dtype=M.int8) + 2**64", "M.ones(3, dtype=M.uint64) + (2**64 - 1)", "M.ones(3, dtype=M.uint64) + -1",
    "M.ones(3, dtype=M.int8) + (-2**63 - 1)", "M.gcd(M.ones(3), M.ones(3))",
    "M.lerp(M.ones(3), M.ones(3), M.ones(3, dtype=M.float64))", "M.ones(3) + M.ones(4)", "M.ones(3) + M.zeros(0)",
    "M.zeros(0) + M.zeros(0, 3)", "M.ones(3, 1) + M.ones(1, 3)", "M.ones(3, dtype=M.complex32) + 1",
    "M.ones(3, dtype=M.uint16) + M.ones(3, dtype=M.int8)", "M.ones(3, dtype=M.uint32).add_(1.5)",
    "x = M.ones(3); x += x.t()", "M.ones(3).add_(M.ones(2, 3))", "M.ones(1).add_(M.ones(3))",
    # creation
    "M.zeros(-1)", "M.zeros(2, -1)", "M.zeros((2, 3))", "M.zeros([2, 3])", "M.zeros((2,), 3)", "M.zeros(2.0)",
    "M.zeros(M.tensor(2))", "M.zeros(2**31, 2**31, 2**31)", "M.zeros(2**62, 0)", "M.zeros(0, 2**62)",
    "M.zeros(2**63)", "M.zeros(-2**63)", "M.zeros(None)", "M.zeros()", "M.zeros(dtype=M.int32)",
    "M.zeros(2, dtype='float32')", "M.zeros(2, dtype=float)", "M.zeros(2, dtype=int)", "M.zeros(2, dtype=bool)",
    "M.zeros(2, dtype=complex)", "M.ones(2, dtype=M.complex32)", "M.empty(0)", "M.empty(-3)", "M.empty((2, -1))",
    "M.ones(True)", "M.ones([])", "M.ones(())", "M.ones((2, 3), 4)", "M.ones([2, [3]])", "M.ones('2')",
    "M.full((2,), float('nan'), dtype=M.int32)", "M.full((2,), float('inf'), dtype=M.int64)", "M.full((2,), 2**63)",
    "M.full((2,), 2**64)", "M.full((2,), -1, dtype=M.uint8)", "M.full((2,), 1j)", "M.full((2,), 1j, dtype=M.float32)",
    "M.full((2,), None)", "M.full((), 1)", "M.full(2, 1)", "M.full([2, 2], True)", "M.full((2,), 1.5, dtype=M.int64)",
    "M.full((2,), M.tensor(1.5))", "M.full((2,), M.ones(2))", "M.full((-1,), 1)", "M.full((2,), 'a')",
    "M.full((2,), 2**62, dtype=M.float16)", "M.full((2,), 1e300, dtype=M.float32)",
    "M.tensor([])", "M.tensor([[]])", "M.tensor([[1], [2, 3]])", "M.tensor([1, [2]])", "M.tensor([[1, 2], 3])",
    "M.tensor('a')", "M.tensor(['a'])", "M.tensor(None)", "M.tensor([None])", "M.tensor({})", "M.tensor(object())",
    "M.tensor(2**63)", "M.tensor(-2**63 - 1)", "M.tensor([2**64])", "M.tensor(2**63, dtype=M.uint64)",
    "M.tensor([1, 2.5, True])", "M.tensor([1, 1j])", "M.tensor(float('nan'), dtype=M.int64)",
    "M.tensor(300, dtype=M.uint8)", "M.tensor(-1, dtype=M.uint8)", "M.tensor(1e300, dtype=M.float32)",
    "M.tensor(1j, dtype=M.float32)", "M.tensor([M.tensor(1), M.tensor(2)])", "M.tensor([M.ones(2), M.ones(2)])",
    "M.tensor(M.ones(2))", "M.tensor((1, 2))", "M.tensor(range(3))", "M.tensor(iter([1, 2]))", "M.tensor(b'ab')",
    "M.tensor([[1, 2]] * 2, dtype=M.bool)", "M.tensor(np.array([1, 2]))", "M.tensor(np.ones((2, 0)))",
    "M.tensor([1.0], dtype=M.int8)", "M.tensor([[1.0], [M.ones(1)]])",
    "d = 1\nfor _ in range(70): d = [d]\nM.tensor(d)", "d = 1\nfor _ in range(10000): d = [d]\nM.tensor(d)",
    "d = []\nd.append(d)\nM.tensor(d)",
    "M.scalar_tensor(1.5)", "M.scalar_tensor('a')", "M.scalar_tensor(M.ones(2))", "M.scalar_tensor(None)",
    "M.scalar_tensor(2**64)", "M.scalar_tensor(1, dtype=M.uint8)", "M.scalar_tensor(300, dtype=M.uint8)",
    "M.scalar_tensor(float('nan'), dtype=M.int32)", "M.scalar_tensor(1j)", "M.scalar_tensor(M.tensor(2.0))",
    "M.zeros_like(M.ones(2), dtype=M.int8)", "M.zeros_like([1, 2])", "M.full_like(M.ones(2), 'a')",
    "M.full_like(M.ones(2, dtype=M.uint8), 300)", "M.full_like(M.ones(2, dtype=M.int32), float('nan'))",
    "M.empty_like(M.ones(2).expand(3, 2))", "M.ones_like(M.tensor(1.0).expand(2**62))",
    "M.ones(1).expand(2**62).contiguous()", "M.ones(1).expand(2**62) + 1", "M.ones(1).expand(2**40) + 1",
    "M.ones(1, 1).expand(2**31, 2**31) + 1", "M.ones(3).expand(0, 3) + 1", "M.ones(1).expand(2**63)",
    # views
    "M.ones(2, 3).view(-1)", "M.ones(2, 3).view(-1, -1)", "M.ones(2, 3).view(4, -1)", "M.ones(2, 3).view(0, -1)",
    "M.zeros(0).view(-1, 0)", "M.ones(2, 3).view(2**62, 0)", "M.ones(2, 3).view((2, 3))", "M.ones(2, 3).view([6])",
    "M.ones(2, 3).view(6.0)", "M.ones(2, 3).view(M.int32)", "M.ones(2, 3).view(M.float64)", "M.ones(2, 3).t().view(6)",
    "M.ones(2, 3).view(-2, 3)", "M.ones(2, 3).reshape(-1, 2)", "M.ones(2, 3).reshape(5)", "M.ones(2, 3).reshape((-1,))",
    "M.ones(2, 3).reshape(None)", "M.ones(2, 3).t().reshape(6)", "M.ones(2, 3).reshape(2**62, 0)",
    "M.ones(2, 3).expand(2, 3, 4)", "M.ones(2, 3).expand(1)", "M.ones(2, 3).expand(4, 2, 3)", "M.ones(2, 3).expand(-1, 3)",
    "M.ones(2, 3).expand(-1, -1, -1)", "M.ones(2, 3).expand((4, 2, 3))", "M.ones(2, 3).expand([4, -1, -1])",
    "M.ones(1).expand(1.5)", "M.ones(2, 3).expand(4, -1, -1) + 1",
    "M.ones(2, 3).permute(1, 0)", "M.ones(2, 3).permute(0, 0)", "M.ones(2, 3).permute(0)", "M.ones(2, 3).permute(0, 1, 2)",
    "M.ones(2, 3).permute(-1, -2)", "M.ones(2, 3).permute(2, 0)", "M.ones(2, 3).permute((1, 0))",
    "M.ones(2, 3).permute([1, 0])", "M.ones(2, 3).permute(1.0, 0)", "M.ones(2, 3).transpose(0, 2)",
    "M.ones(2, 3).transpose(-3, 0)", "M.ones(2, 3).transpose(0.0, 1)", "M.ones(2, 3, 4).t()", "M.ones(2, 3, 4).T",
    "M.ones(3).swapaxes(0, 1)", "M.ones(3).unsqueeze(1)", "M.ones(3).unsqueeze(2)", "M.ones(3).unsqueeze(-2)",
    "M.ones(3).unsqueeze(-3)", "M.ones(3).unsqueeze(None)", "M.ones(1, 3).squeeze(0)", "M.ones(1, 3).squeeze(1)",
    "M.ones(1, 3).squeeze(2)", "M.ones(1, 3).squeeze(-3)", "M.ones(1, 3).squeeze((0, 1))", "M.ones(1, 3).squeeze([0])",
    "M.ones(1, 3).squeeze()", "M.ones(2, 3).flatten()", "M.ones(2, 3).flatten(0, 1)",
    "M.ones(2, 3).size(2)", "M.ones(2, 3).size(-3)", "M.ones(2, 3).size(-2)", "M.ones(2, 3).size(None)",
    "M.ones(2, 3).size('a')", "M.ones(2, 3).size(1.0)", "M.ones(2, 3).stride(2)", "M.ones(2, 3).stride(-3)",
    "M.ones(2, 3).shape[5]", "M.ones(2, 3).shape + (1,)", "assert M.ones(2, 3).shape.numel() == 6",
    "M.Size([1, -1])", "M.Size([1.5])", "M.Size(3)", "M.Size([M.tensor(2)])", "M.broadcast_shapes((2,), (3,))",
    "M.broadcast_shapes((2, 1), (-1,))", "M.broadcast_shapes(2, 3)", "M.broadcast_shapes()",
    # __getitem__
    "M.ones(3)[3]", "M.ones(3)[-4]", "M.ones(3)[-3]", "M.ones(3)[2**62]", "M.ones(3)[2**64]", "M.ones(3)[1.5]",
    "M.ones(3)[None]", "M.ones(3)[...]", "M.ones(3)[..., None]", "M.ones(3)[None, ..., None]", "M.ones(3)[:, None]",
    "M.ones(3)[::0]", "M.ones(3)[::-1]", "M.ones(3)[::2]", "M.ones(3)[5:1]", "M.ones(3)[-100:100]",
    "M.ones(3)[2**62:]", "M.ones(3)[:2**64]", "M.ones(3)[-2**64:]", "M.ones(3)[::2**64]", "M.ones(3)[0, 0]",
    "M.ones(3)[..., ...]", "M.ones(3)['a']", "M.ones(3)[[0, 1]]", "M.ones(3)[M.tensor([True, False, True])]",
    "M.ones(3)[M.tensor(1)]", "M.ones(3)[M.tensor(1.0)]", "M.ones(3)[True]", "M.ones(3)[{}]", "M.ones(3)[object()]",
    "M.ones(3)[1:2:np.int64(1)]", "M.ones(3)[1.5:]", "M.ones(3)['a':]", "M.zeros(0)[0]", "M.ones(2, 3)[1, -4]",
    "M.ones(2, 3)[(1,)]", "M.ones(2, 3)[[1]]", "M.ones(2, 3)[:, 5]", "M.ones(2, 3)[0, 0, 0]",
    "M.ones(2, 3)[None, None, 0, ..., None, 2]",
    # setitem, copy_
    "x = M.zeros(3); x[5] = 1", "x = M.zeros(3); x[:] = [1, 2, 3]", "x = M.zeros(3); x[:] = 'a'",
    "x = M.zeros(3); x[:] = None", "x = M.zeros(3); x[0] = M.ones(2)", "x = M.zeros(3); x[0] = M.ones(1)",
    "x = M.zeros(3); x[0] = M.tensor(2**62)", "x = M.zeros(3); x[...] = 1", "x = M.zeros(3); x[None] = 1",
    "x = M.zeros(3); x[::2] = M.ones(2)", "x = M.zeros(3); x[::2] = M.ones(3)", "x = M.zeros(3); x[:] = x",
    "x = M.arange(4.0); x[1:] = x[:3]", "x = M.ones(1).expand(3); x[:] = 2", "x = M.ones(1).expand(3); x.copy_(M.ones(3))",
    "x = M.zeros(2, 3); x.copy_(M.ones(3))", "x = M.zeros(2, 3); x.copy_(M.ones(2))", "x = M.zeros(3); x.copy_(1.0)",
    "x = M.zeros(3); x.copy_([1, 2, 3])", "x = M.zeros(3); x.copy_(M.ones(3, dtype=M.complex64))",
    "x = M.zeros(3, dtype=M.int32); x.copy_(M.tensor([float('nan')] * 3))", "x = M.zeros(3); x.copy_(x)",
    "x = M.zeros(3); x.copy_(M.ones(3), True)", "x = M.zeros(3); x.copy_(M.ones(3), non_blocking='a')",
    "x = M.tensor(1.0); x[()] = 5", "x = M.tensor(1.0); x[0] = 5", "x = M.zeros(0); x[:] = 1",
    "x = M.zeros(3); x.real = M.ones(3)", "x = M.zeros(3); x.imag = M.ones(3)", "x = M.zeros(3); x[M.tensor(1)] = 1",
    "x = M.zeros(3); x[[0, 1]] = 1", "x = M.zeros(3); x[M.tensor([True, False, True])] = 1",
    "x = M.zeros(3); x[1.5] = 1", "x = M.zeros(3); x['a'] = 1", "x = M.zeros(2, 3); x[0] = M.ones(2, 3)",
    "x = M.zeros(2, 3); x[:, 0] = M.ones(2, 1)", "x = M.zeros(3); x[0] = float('nan'); x[1] = float('-inf')",
    "x = M.zeros(3, dtype=M.complex64); x[0] = 1e300", "x = M.zeros(3); del x[0]",
    # to()
    "M.ones(3).to(M.int8)", "M.ones(3).to('float64')", "M.ones(3).to('cpu')", "M.ones(3).to(float)",
    "M.ones(3).to(int)", "M.ones(3).to(None)", "M.ones(3).to(M.ones(2, dtype=M.int32))", "M.ones(3).to(dtype=M.int8)",
    "M.ones(3).to(M.float32, copy=True)", "M.ones(3).to(M.float64, True)", "M.ones(3).to(1.5)",
    "M.ones(3).to(M.float32, 'a')", "M.tensor([float('nan'), float('inf')]).to(M.int32)",
    "M.tensor(1e300, dtype=M.float64).to(M.float16)", "M.ones(3).to(dtype=None)", "M.ones(3).to(copy=True)",
    "M.ones(3).to(M.bool).to(M.complex32)", "M.ones(3).to()", "M.ones(3).to(M.int8, M.int16)",
    # item and Python conversions
    "M.ones(2).item()", "M.zeros(0).item()", "M.tensor(1.5).item()", "M.tensor(1 + 2j).item()", "M.ones(1, 1).item()",
    "M.tensor(1, dtype=M.complex32).item()", "M.ones(1).item(0)", "int(M.ones(2))", "int(M.tensor(1.5))",
    "int(M.tensor(float('nan')))", "int(M.tensor(float('inf')))", "int(M.tensor(1 + 2j))", "int(M.zeros(0))",
    "float(M.ones(2))", "float(M.tensor(2**62))", "float(M.tensor(True))", "complex(M.tensor(1.5))",
    "complex(M.ones(2))", "bool(M.ones(2))", "bool(M.zeros(0))", "bool(M.tensor(float('nan')))", "bool(M.tensor(1j))",
    "[10, 20, 30][M.tensor(1)]", "[10, 20][M.tensor(1.0)]", "[10, 20][M.ones(1, dtype=M.int64)]",
    "[10, 20][M.tensor(True)]", "range(M.tensor(3))", "hex(M.tensor([1, 2]))", "len(M.tensor(1))",
    "assert len(M.ones(2, 3)) == 2", "list(M.tensor(1))", "assert len(list(M.ones(2, 3))) == 2", "iter(M.tensor(1))",
    "M.ones(3).tolist()", "M.tensor(1).tolist()", "M.zeros(2, 0).tolist()", "M.ones(3).tolist(1)", "hash(M.ones(3))",
    "repr(M.ones(3))", "str(M.zeros(0))", "format(M.tensor(1.5), '.2f')", "format(M.ones(3), '.2f')",
    "repr(M.ones(3, dtype=M.complex32))", "repr(M.tensor(float('nan')))", "isinstance(M.ones(3), M.Tensor)",
    "M.ones(3).numel(1)", "M.ones(3).dim(0)", "M.ones(3).element_size(1)",
    # promotion and default dtype
    "M.promote_types(M.float32, 'a')", "M.promote_types(float, int)", "M.promote_types(M.uint64, M.int8)",
    "M.promote_types(M.uint16, M.float32)", "M.promote_types(M.bool, M.uint32)", "M.promote_types(M.float32)",
    "M.result_type(1, 2)", "M.result_type(M.ones(3), 'a')", "M.result_type(M.ones(3), None)",
    "M.result_type(M.ones(3, dtype=M.uint32), M.ones(3, dtype=M.int8))", "M.result_type(M.ones(3), 2**64)",
    "M.result_type(M.ones(3, dtype=M.int8), 2**64)", "M.result_type([1], 2)", "M.result_type(1.5, 1j)",
    "M.can_cast(M.float32, 'a')", "M.can_cast(M.ones(3), M.int32)", "M.can_cast(M.uint64, M.int8)",
    "M.can_cast(M.float32, M.int32, M.int8)", "M.set_default_dtype(M.int32)", "M.set_default_dtype(M.float16)",
    "M.set_default_dtype(M.bfloat16)", "M.set_default_dtype(M.complex64)", "M.set_default_dtype(None)",
    "M.set_default_dtype('float64')", "M.set_default_dtype(float)",
    "M.set_default_dtype(M.float64); assert M.tensor(1.5).dtype == M.float64 and M.ones(2, dtype=M.int8).dtype == M.int8",
    "M.set_default_dtype(M.float16); M.arange(0, 3, 0.5) + 1", "M.get_default_dtype(1)",
    "M.set_num_threads(0)", "M.set_num_threads(-1)", "M.set_num_threads(2**62)", "M.set_num_threads('a')",
    "M.set_num_threads(1.5)", "M.set_num_threads(2); M.ones(100000) + 1",
    # NumPy and DLPack interop
    "M.from_numpy(np.ones(3))", "M.from_numpy(np.ones(3, dtype=np.longdouble))", "M.from_numpy(np.array(['a']))",
    "M.from_numpy(np.array([object()]))", "M.from_numpy(np.ones(3)[::-1])", "M.from_numpy(np.ones((2, 3)).T)",
    "M.from_numpy(np.ones(3, dtype='>f4'))", "M.from_numpy(np.zeros(0))", "M.from_numpy(np.zeros((0, 3)))",
    "M.from_numpy(np.broadcast_to(np.ones(1), (3,)))", "M.from_numpy(np.ones(3, dtype=np.uint64))",
    "M.from_numpy(np.ones(3, dtype=np.float16))", "M.from_numpy(np.ones(3, dtype=np.complex64))",
    "M.from_numpy(np.array(1.5))", "M.from_numpy(np.float64(1.5))", "M.from_numpy(np.ones(3)[::2])",
    "M.from_numpy(np.frombuffer(bytearray(13), dtype=np.float32, offset=1, count=3))",
    "M.from_numpy(np.zeros(3, dtype=[('a', 'f4')]))", "M.from_numpy(np.zeros(3, dtype='datetime64[s]'))",
    "M.from_numpy(np.ones((1,) * 40))", "M.from_numpy(np.ones(3, dtype=np.bool_))", "M.from_numpy([1, 2])",
    "a = np.ones(3); t = M.from_numpy(a); t.add_(1); assert a[0] == 2.0",
    "a = np.ones(3); a.flags.writeable = False; M.from_numpy(a).add_(1)",
    "M.from_dlpack(M.ones(3))", "M.from_dlpack(np.ones(3))", "M.from_dlpack(np.ones(3)[::2])",
    "M.from_dlpack(object())", "M.from_dlpack(1)", "M.from_dlpack(M.ones(3).__dlpack__())",
    "c = M.ones(3).__dlpack__(); M.from_dlpack(c); M.from_dlpack(c)", "M.from_dlpack(np.ones(3, dtype=np.bool_))",
    "M.from_dlpack(np.zeros((0, 3)))", "M.from_dlpack(M.ones(3).expand(2, 3))", "M.from_dlpack(M.ones(3), copy=True)",
    "M.from_dlpack(M.ones(3), device='cpu')", "M.from_dlpack(M.ones(3), copy='a')", "M.ones(3).__dlpack__(stream=1)",
    "M.ones(3).__dlpack__(max_version=(99, 0))", "M.ones(3).__dlpack__(max_version='a')",
    "M.ones(3).__dlpack__(dl_device=(2, 0))", "M.ones(3).__dlpack__(copy='a')", "M.ones(3).__dlpack_device__()",
    "np.asarray(M.ones(3))", "np.asarray(M.ones(3, dtype=M.bfloat16))", "np.asarray(M.ones(3).expand(2, 3))",
    "M.ones(3).numpy()", "M.ones(3, dtype=M.bfloat16).numpy()", "M.ones(3, dtype=M.complex32).numpy()",
    "M.ones(3).expand(2, 3).numpy()", "M.ones(2, 3).t().numpy()", "M.ones(3).numpy(force=True)",
    "a = M.ones(3).numpy(); a[0] = 5",
    # Tensor objects that users make by hand
    "M.Tensor()", "M.Tensor([1, 2])", "M.Tensor(2, 3)", "M.Tensor('a')", "M.Tensor.__new__(M.Tensor)",
    "M.Tensor.__new__(M.Tensor) + 1", "repr(M.Tensor.__new__(M.Tensor))", "M.ones(3) + M.Tensor.__new__(M.Tensor)",
    # devices, layouts and memory formats
    "M.device('cuda', 1)", "M.device('cpu', -1)", "M.device('cpu', 2**63)", "M.device('cpu:0', 1)", "M.device(type=1)",
    "M.device(index=0)", "M.device('cpu', 0, 1)", "M.device('cuda:1:2')", "M.device('cpu:99999999999')",
    "assert str(M.device('cpu', 128)) == 'cpu:-128'", "assert hash(M.device('cuda:1')) == 65537",
    "import pickle; assert pickle.loads(pickle.dumps(M.device('cuda:1'))) == M.device('cuda', 1)",
    "M.device('cpu') < M.device('cpu')", "M.device('cpu').type = 'cuda'", "M.device('cpu').foo",
    "class D(M.device): pass", "M.layout()", "M.memory_format()", "M.strided.foo = 1",
    "import pickle; assert pickle.loads(pickle.dumps(M.strided)) is M.strided", "import pickle; assert pickle.loads(pickle.dumps(M.channels_last)) is M.channels_last",
    "M.ones(2).to('cuda')", "M.ones(2).to('mps')", "M.ones(2).to('mps:0')", "M.ones(2).to('xla:0')", "M.ones(2).to('hpu')",
    "M.ones(2).to('opencl')", "M.ones(2).to('xpu')", "M.ones(2).to('mtia')", "M.ones(2).to(M.device('cuda'))",
    "M.ones(2).to(1)", "M.ones(2).to(-1)", "M.ones(2).to('cpu', M.int32, memory_format=M.channels_last)",
    "assert M.ones(2).to('cpu:5').device == M.device('cpu')", "M.zeros(2, device='cuda')", "M.zeros(2, device='mps')",
    "M.zeros(2, device='opencl')", "M.zeros_like(M.ones(2), device='vulkan:0')", "M.tensor([1.0], device='ve')",
    "M.arange(3, device='lazy')", "M.full((2,), 1, device='privateuseone')", "M.zeros(-1, device='cuda')",
    "M.set_default_device('foo')", "M.set_default_device(1.5)",
    "M.set_default_device('cuda')\ntry:\n    M.zeros(2)\nfinally:\n    M.set_default_device(None)",
    "with M.device('cuda'):\n    M.ones(2)", "with M.device('cuda'):\n    pass\nassert M.zeros(1).device.type == 'cpu'",
    "M.ones(2).contiguous(memory_format=M.channels_last)", "M.ones(2, 3, 4, 5).contiguous(memory_format=M.channels_last_3d)",
    "M.ones(2, 3, 4, 5).permute(0, 2, 3, 1).contiguous(memory_format=M.preserve_format)",
    "M.empty(2, 3, memory_format=M.preserve_format)", "M.empty(2, memory_format=M.channels_last)",
    "M.ones(2).clone(memory_format=M.channels_last)", "M.ones(2).half(memory_format=M.channels_last)",
    "assert M.empty(2, 3, 4, 5, memory_format=M.channels_last).stride() == (60, 1, 15, 3)",
    "assert M.empty(2, 0, 4, 5, memory_format=M.channels_last).stride() == (0, 1, 0, 0)",
    "assert M.ones(2, 3, 4, 5).to(memory_format=M.channels_last).is_contiguous(memory_format=M.channels_last)",
]


def call(prefix, args, keywords=()):
    return f"{prefix}({', '.join([*args, *(f'{k}={v}' for k, v in keywords)])})"


def probes(prefix, args, keywords):
    """The templates of one callable: the hole in the first two positions and in each keyword."""
    out = [call(prefix, [*args[:pos], HOLE, *args[pos + 1:]]) for pos in range(min(2, len(args) + 1))]
    return out + [call(prefix, args, [(k, HOLE)]) for k in keywords]


def torch_accepts(source):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(source, {"M": torch, "np": np})
        return True
    except Exception:
        return False


def op_arguments(prefix, fn, method):
    """Tensors torch accepts for the positional parameters of a generated op (the receiver
    first for a method), and its keywords."""
    # torch's overloads as the generated parser holds them: the positional parameters of the
    # overload with the most, the keyword-only ones of all
    sigs = getattr(ops, f"_P_{prefix}" + ("_m" if method else "")).signatures
    positional = max(([p for p in sig.params if not p[4]] for sig in sigs if not sig.deprecated), key=len)
    # (an optional positional parameter is probed as a keyword too: nan_to_num's nan=, clamp's min=)
    keywords = list(dict.fromkeys(p[0] for sig in sigs for p in sig.params
                                  if (p[4] or p[3] is not REQUIRED) and p[0] != "out"))
    positional = [("self", "Tensor", False, REQUIRED, False)] * method + positional   # the receiver
    keywords += ["out"] * (not method)
    required = sum(p[3] is REQUIRED for p in positional)
    for n in range(required, len(positional) + 1):
        for fill in ([F] * n, [I] * n, [B] + [F] * (n - 1), [F, B] + [F] * (n - 2), [C] * n, [D] * n):
            fill = fill[:n]
            source = f"{fill[0]}.{prefix}({', '.join(fill[1:])})" if method else call(f"M.{prefix}", fill)
            if torch_accepts(source):
                return fill, keywords
    raise SystemExit(f"no valid torch call found for {prefix}: add it to FUNCTIONS/METHODS")


def templates():
    """{template: name}, the name being what must exist in torch (`Tensor.x` for methods)."""
    out = {}
    for name in rt.__all__:
        if isinstance(getattr(rt, name), CONSTANTS):
            continue
        if name in FUNCTIONS:
            args, keywords = FUNCTIONS[name]
        elif name in ops.FUNCTIONS:
            args, keywords = op_arguments(name, ops.FUNCTIONS[name], method=False)
        else:
            raise SystemExit(f"rt.{name} is new: add its valid arguments to FUNCTIONS")
        out.update(dict.fromkeys(probes(f"M.{name}", args, keywords), name))
    for name in sorted(n for n in dir(rt.Tensor) if not n.startswith("_")):
        if isinstance(inspect.getattr_static(rt.Tensor, name), property):
            out[f"x = {F}; x.{name} = {HOLE}"] = f"Tensor.{name}"
            continue
        if name in METHODS:
            receiver, args, keywords = ("M.ones(1)" if name == "item" else F), METHODS[name], METHOD_KEYWORDS.get(name, [])
        elif name in ops.METHODS:
            (receiver, *args), keywords = op_arguments(name, ops.METHODS[name], method=True)
        else:
            raise SystemExit(f"Tensor.{name} is new: add its valid arguments to METHODS")
        out.update(dict.fromkeys(probes(f"{receiver}.{name}", args, keywords), f"Tensor.{name}"))
    for op in ARITHMETIC + COMPARISON:
        t = I if op in ("&", "|", "^", "<<", ">>") else F
        forms = [f"{t} {op} {HOLE}", f"{HOLE} {op} {t}"] + [f"x = {t}; x {op}= {HOLE}"] * (op in ARITHMETIC)
        out.update(dict.fromkeys(forms, "Tensor"))
    for form in ["M.ones(2, 3)[$]", "M.ones(2, 3)[0, $]", "x = M.ones(2, 3); x[$] = 1.0", "x = M.ones(2, 3); x[0] = $",
                 "x = M.ones(2, 3); x[:, 1:] = $"]:
        out[form] = "Tensor"
    return out


def exists_in_torch(name):
    obj = torch
    for part in name.split("."):
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def main():
    found = templates()
    hostile_sources = [t.replace(HOLE, h) for t in found if exists_in_torch(found[t]) for h in HOSTILE]
    sources = list(dict.fromkeys(hostile_sources + CASES))
    print(f"{len(found)} templates x {len(HOSTILE)} values + {len(CASES)} cases: {len(sources)} sources", file=sys.stderr)
    results = run_parallel("torch", sources, limit=4 << 30)

    outcomes = {}
    for source, r in results.items():
        outcomes[source] = "torch-crash" if r["got"] == "hang" or r["got"].startswith(("signal", "exit")) else r["got"]
        if "can't allocate memory" in r.get("msg", ""):     # the outcome may depend on the memory limit
            print(f"note: torch ran out of memory under the 4 GiB limit: {source}", file=sys.stderr)
    data = {
        "hostile": HOSTILE,
        "templates": {t: [outcomes[t.replace(HOLE, h)] if exists_in_torch(found[t]) else "no-torch" for h in HOSTILE]
                      for t in found},
        "cases": {c: outcomes[c] for c in CASES},
        "api": {"functions": sorted(n for n in rt.__all__ if not isinstance(getattr(rt, n), CONSTANTS)),
                "methods": sorted(n for n in dir(rt.Tensor) if not n.startswith("_"))},
    }
    # one line per template or case: small diffs when torch or the API changes
    def block(key):
        rows = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(data[key].items()))
        return f' "{key}": {{\n{rows}\n }}'
    text = "{\n" + ",\n".join([f' "api": {json.dumps(data["api"], sort_keys=True)}', block("cases"),
                                f' "hostile": {json.dumps(HOSTILE)}', block("templates")]) + "\n}\n"
    assert json.loads(text) == data
    DATA.write_text(text)
    crashed = sorted(s for s in sources if outcomes[s] == "torch-crash")
    print(f"wrote {DATA.relative_to(ROOT)}: {len(text) // 1024} KiB; torch crashed on {crashed}", file=sys.stderr)


if __name__ == "__main__":
    main()
