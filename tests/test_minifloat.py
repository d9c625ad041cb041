"""The float8 formats against torch 2.13's recorded conversions and ops
(tests/data/golden_minifloat.json.gz, written by `python -m scripts.golden.minifloat`): every
code decoded to every dtype, every float16/bfloat16/8- and 16-bit integer and a dense float32 and
float64 sample (every code, midpoint and their neighbours, random bit patterns) encoded, every
pair multiplied and compared, and the unary ops.  Bytes are compared exactly (NaN payloads too)."""
import base64
import gzip
import json
from functools import lru_cache
from pathlib import Path

import pytest

import runtime as rt

DATA = Path(__file__).parent / "data" / "golden_minifloat.json.gz"


@lru_cache(maxsize=1)
def golden():
    with gzip.open(DATA, "rt") as f:
        return json.load(f)


FORMATS = golden()["meta"]["formats"]


def from_bytes(b64, dtype):
    raw = base64.b64decode(b64)
    return rt.tensor(list(raw), dtype=rt.uint8).view(dtype)


def to_bytes(t):
    return bytes(t.contiguous().view(rt.uint8).reshape(-1).tolist())


def codes(fmt):
    return rt.arange(256, dtype=rt.int32).to(rt.uint8).view(getattr(rt, fmt))


def first_difference(got, want, size):
    i = next(i for i in range(0, len(want), size) if got[i:i + size] != want[i:i + size])
    return f"element {i // size}: got {got[i:i + size].hex()}, torch {want[i:i + size].hex()}"


@pytest.mark.parametrize("fmt", FORMATS)
def test_decode_every_code_to_every_dtype(fmt):
    for name, b64 in golden()["formats"][fmt]["decode"].items():
        want = base64.b64decode(b64)
        d = getattr(rt, name)
        got = to_bytes(codes(fmt).to(d))
        assert got == want, (fmt, name, first_difference(got, want, d.itemsize))


@pytest.mark.parametrize("fmt", FORMATS)
def test_encode_from_every_dtype(fmt):
    for name, b64 in golden()["formats"][fmt]["encode"].items():
        want = base64.b64decode(b64)
        src = from_bytes(golden()["inputs"][name], getattr(rt, name))
        got = to_bytes(src.to(getattr(rt, fmt)))
        assert got == want, (fmt, name, first_difference(got, want, 1))


@pytest.mark.parametrize("fmt", FORMATS)
def test_encode_strided_and_from_a_python_number(fmt):
    """The strided loop and the scalar path (tensor(), full()) encode as the contiguous one."""
    src = from_bytes(golden()["inputs"]["float32"], rt.float32)
    want = base64.b64decode(golden()["formats"][fmt]["encode"]["float32"])
    assert to_bytes(src[::3].to(getattr(rt, fmt))) == want[::3]
    for i in range(0, 600, 7):
        v = src[i].item()
        assert to_bytes(rt.tensor([v], dtype=getattr(rt, fmt))) == want[i:i + 1], (fmt, v)


def _outcome(fn):
    try:
        return to_bytes(fn())
    except Exception as e:  # noqa: BLE001 - compared with torch's
        return [type(e).__name__, str(e)]


def _want(recorded):
    return base64.b64decode(recorded) if isinstance(recorded, str) else recorded


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_product_and_comparison(fmt):
    c = codes(fmt)
    a, b = c.reshape(256, 1).expand(256, 256), c.reshape(1, 256).expand(256, 256)
    assert _outcome(lambda: a * b) == _want(golden()["formats"][fmt]["mul"])
    assert _outcome(lambda: a == b) == _want(golden()["formats"][fmt]["eq"])


@pytest.mark.parametrize("fmt", FORMATS)
def test_unary_ops(fmt):
    for op, recorded in golden()["formats"][fmt]["unary"].items():
        assert _outcome(lambda: getattr(rt, op)(codes(fmt))) == _want(recorded), (fmt, op)


def _call_outcome(call, x):
    """The runtime's outcome of a recorded call (scripts/golden/minifloat.py's call_outcome)."""
    try:
        r = eval(call, {"M": rt, "x": x})
    except Exception as e:  # noqa: BLE001 - compared with torch's
        return [type(e).__name__, str(e)]
    encode = lambda t: [t.dtype.name, base64.b64encode(to_bytes(t)).decode()]  # noqa: E731
    if isinstance(r, tuple):
        return [encode(t) for t in r]
    return repr(r) if isinstance(r, bool) else encode(r)


@pytest.mark.parametrize("fmt", FORMATS + ["float4_e2m1fn_x2"])
def test_issue17_functions(fmt):
    """rt.special, rt.nn.functional and the torch-level functions of issue 17 on every float8 code
    (and float4 bytes): torch's result bytes, or its error."""
    x = (codes(fmt) if fmt in FORMATS else
         rt.tensor([0x00, 0x21, 0x08, 0x80, 0x7F, 0xF1], dtype=rt.uint8).view(rt.float4_e2m1fn_x2))
    bad = [f"{call}: got {got}, torch {want}" for call, want in golden()["calls"][fmt].items()
           if (got := _call_outcome(call, x)) != want]
    assert not bad, "\n".join(bad)


def test_formats_facts():
    """The issue's examples, and what the shell dtypes are."""
    x = rt.tensor([1000.0])
    assert [x.to(getattr(rt, f)).item() for f in ("float8_e4m3fn", "float8_e5m2", "float8_e8m0fnu")] == [448, 1024, 1024]
    assert x.to(rt.float8_e4m3fnuz).isnan().item()
    z = rt.zeros(2, dtype=rt.float8_e8m0fnu)          # no zero in e8m0fnu: code 0 is 2**-127
    assert to_bytes(z) == b"\0\0" and z.to(rt.float64).tolist() == [2.0 ** -127] * 2
    with pytest.raises(RuntimeError, match="value cannot be converted to type c10::Float8_e8m0fnu without overflow"):
        rt.full((2,), 0.0, dtype=rt.float8_e8m0fnu)
    assert rt.full((1,), 1000.0, dtype=rt.float8_e4m3fn).item() == 448      # one element: unchecked, as torch
    with pytest.raises(RuntimeError, match="c10::Float8_e4m3fn without overflow"):
        rt.full((2,), 1000.0, dtype=rt.float8_e4m3fn)
    for name, c10 in (("float8_e4m3fn", "Float8_e4m3fn"), ("float4_e2m1fn_x2", "Float4_e2m1fn_x2")):
        d = getattr(rt, name)
        assert (repr(d), d.c10_name, d.itemsize, d.is_floating_point) == (f"runtime.{name}", c10, 1, True)
    assert not rt.float8_e8m0fnu.is_signed


def test_promotion():
    e4, e5 = rt.float8_e4m3fn, rt.float8_e5m2
    assert rt.promote_types(e4, e4) is e4
    with pytest.raises(RuntimeError, match="^Promotion for Float8 Types is not supported, attempted to promote "
                                           "Float8_e4m3fn and Float$"):
        rt.promote_types(e4, rt.float32)
    with pytest.raises(RuntimeError, match="attempted to promote Float8_e5m2 and Float8_e4m3fn$"):
        rt.promote_types(e5, e4)
    with pytest.raises(RuntimeError, match="Float4_e2m1fn_x2 has no row in the promotion table"):
        rt.promote_types(rt.float32, rt.float4_e2m1fn_x2)
    assert rt.promote_types(rt.uint16, rt.float4_e2m1fn_x2) is rt.float4_e2m1fn_x2      # as torch
    assert rt.result_type(rt.zeros(2, dtype=e4), 1.0) is e4
    with pytest.raises(RuntimeError, match="Promotion for Float8 Types"):
        rt.zeros(2, dtype=e4) + rt.zeros(2)


def test_ops_torch_refuses():
    x = rt.tensor([1.0, 2.0]).to(rt.float8_e4m3fn)
    with pytest.raises(NotImplementedError, match="^\"add_stub\" not implemented for 'Float8_e4m3fn'$"):
        x + x
    with pytest.raises(NotImplementedError, match="\"mul_cpu_reduced_float\" not implemented for 'Float8_e4m3fn'"):
        x * 2          # torch's reduced-float path for a number dispatches float16/bfloat16 only
    with pytest.raises(NotImplementedError, match="mul_cpu_reduced_float"):
        2 * x          # (x.__rmul__(2): the number is still the second operand)
    assert rt.mul(2, x).to(rt.float32).tolist() == [2.0, 4.0]
    assert rt.where(rt.tensor([True, False]), x, 3.0).to(rt.float32).tolist() == [1.0, 3.0]
    assert rt.float_power(x, 2).dtype is rt.float64


def test_float4_is_a_shell():
    """torch 2.13 stores float4_e2m1fn_x2 but converts nothing: zeros, views and copies only."""
    f4 = rt.float4_e2m1fn_x2
    z = rt.zeros(2, 3, dtype=f4)
    assert to_bytes(z) == bytes(6) and to_bytes(z.t().contiguous()) == bytes(6) and z.clone().dtype is f4
    assert to_bytes(rt.tensor([0x21, 0x43], dtype=rt.uint8).view(f4).clone()) == b"\x21\x43"
    with pytest.raises(NotImplementedError, match="\"fill_cpu\" not implemented for 'Float4_e2m1fn_x2'"):
        rt.ones(2, dtype=f4)
    with pytest.raises(NotImplementedError, match="\"copy_kernel\" not implemented for 'Float4_e2m1fn_x2'"):
        z.to(rt.float32)
    with pytest.raises(RuntimeError, match="^load_scalar: invalid type$"):
        z.tolist()
    with pytest.raises(RuntimeError, match="^store_scalar: invalid type$"):
        rt.tensor([1.0], dtype=f4)
    with pytest.raises(NotImplementedError, match="\"_local_scalar_dense_cpu\" not implemented for 'Float4_e2m1fn_x2'"):
        z[0, 0].item()
    assert repr(rt.tensor([0x21, 0xFF], dtype=rt.uint8).view(f4)) == "tensor([ 33., 255.], dtype=runtime.float4_e2m1fn_x2)"


def test_view_dtype():
    x = rt.arange(6, dtype=rt.float32).reshape(2, 3)
    assert x.view(rt.uint8).shape == (2, 12) and x.view(rt.int32).stride() == (3, 1)
    assert x.view(rt.float8_e4m3fn).shape == (2, 12) and x.view(dtype=rt.int32).dtype is rt.int32
    assert rt.zeros(4, 8, dtype=rt.uint8)[:, 2:6].view(rt.int16).shape == (4, 2)
    cases = [
        (lambda: x.view(rt.float64), "self.size(-1) must be divisible by 2 to view Float as Double (different "
                                     "element sizes), but got 3"),
        (lambda: x.t().view(rt.uint8), "self.stride(-1) must be 1 to view Float as Byte (different element sizes), "
                                       "but got 3"),
        (lambda: rt.zeros(()).view(rt.int16), "self.dim() cannot be 0 to view Float as Short (different element "
                                              "sizes)"),
        (lambda: rt.zeros(4, 6)[:, 1:5].view(rt.float64), "self.storage_offset() must be divisible by 2 to view "
                                                          "Float as Double (different element sizes), but got 1"),
        (lambda: rt.zeros(8, 0, dtype=rt.uint8).view(rt.int64), "self.stride(0) must be divisible by 8 to view Byte "
                                                                "as Long (different element sizes), but got 1"),
    ]
    for fn, message in cases:
        with pytest.raises(RuntimeError) as e:
            fn()
        assert str(e.value) == message
    with pytest.raises(TypeError, match="got \\(runtime.dtype, int\\)"):
        x.view(rt.float32, 1)


@pytest.mark.torch
def test_view_dtype_matches_torch_for_every_pair():
    torch = pytest.importorskip("torch")
    shapes = [((4, 8), None), ((3, 12), (slice(None), slice(2, 10))), ((8, 1), (slice(None, None, 2),)), ((6,), ()),
              ((), None), ((8, 0), None), ((2, 6), "t")]
    for a in rt._dtypes.ALL:
        for b in rt._dtypes.ALL:
            for shape, index in shapes:
                def make(mod):
                    t = mod.zeros(shape, dtype=mod.uint8).view(getattr(mod, a.name))
                    return t.t() if index == "t" else t[index] if index is not None else t

                def outcome(mod):
                    try:
                        v = make(mod).view(getattr(mod, b.name))
                    except Exception as e:  # noqa: BLE001 - compared
                        return type(e).__name__, str(e)
                    return tuple(v.shape), tuple(v.stride()), v.storage_offset()
                assert outcome(rt) == outcome(torch), (a, b, shape, index)


@pytest.mark.torch
def test_float4_ops_match_torch():
    """The ops torch runs on float4_e2m1fn_x2 compare or copy bytes; the others raise its errors."""
    torch = pytest.importorskip("torch")
    calls = ["a == b", "a != b", "m.isnan(a)", "m.isreal(a)", "m.isinf(a)", "m.isfinite(a)", "a * b", "m.abs(a)",
             "m.where(m.tensor([True, False, True, False]), a, b)", "m.conj_physical(a)", "m.positive(a)",
             "m.real(a)", "a == 1", "a + b", "m.promote_types(m.float4_e2m1fn_x2, m.uint16)"]
    for call in calls:
        def outcome(m):
            a = m.tensor([0x08, 0x80, 0x21, 0x00], dtype=m.uint8).view(m.float4_e2m1fn_x2)
            b = m.tensor([0x00, 0x00, 0x21, 0x00], dtype=m.uint8).view(m.float4_e2m1fn_x2)
            try:
                r = eval(call, {"m": m, "a": a, "b": b})
            except Exception as e:  # noqa: BLE001 - compared
                return type(e).__name__, str(e)
            if not isinstance(r, m.Tensor):
                return str(r).split(".")[-1]
            return str(r.dtype).split(".")[-1], r.view(m.uint8).tolist() if r.dtype != m.bool else r.tolist()
        assert outcome(rt) == outcome(torch), call
