"""finfo/iinfo and the dtype attributes of torch's "Tensor Attributes" page: every field,
repr and error as torch's (torch's names printed as runtime.*)."""
import pytest

import runtime as rt

FIELDS = {"finfo": ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype"),
          "iinfo": ("bits", "max", "min", "dtype")}
NAMES = sorted({d.name for d in rt._dtypes.ALL})


def test_known_values():
    f = rt.finfo(rt.float16)
    assert (f.bits, f.eps, f.max, f.min, f.tiny, f.resolution, f.dtype) == (16, 2**-10, 65504.0, -65504.0, 2**-14,
                                                                             0.001, "float16")
    assert rt.finfo(rt.bfloat16).eps == 2**-7 and rt.finfo(rt.complex64) == rt.finfo() == rt.finfo(rt.float32)
    assert repr(rt.finfo(rt.float64)) == ("finfo(resolution=1e-15, min=-1.79769e+308, max=1.79769e+308, "
                                          "eps=2.22045e-16, smallest_normal=2.22507e-308, tiny=2.22507e-308, "
                                          "dtype=float64)")
    i = rt.iinfo(rt.uint64)
    assert (i.bits, i.min, i.max, i.dtype) == (64, 0, 2**64 - 1, "uint64") and type(i.max) is int
    assert repr(rt.iinfo(rt.int8)) == "iinfo(min=-128, max=127, dtype=int8)" and rt.iinfo(int).dtype == "int64"
    with pytest.raises(TypeError, match=r"runtime.bool is not supported by runtime.iinfo"):
        rt.iinfo(rt.bool)
    with pytest.raises(TypeError, match=r"requires a floating point input type"):
        rt.finfo(rt.int32)
    with pytest.raises(RuntimeError, match="Unknown Complex ScalarType for Int"):
        rt.int32.to_complex()
    assert rt.bfloat16.to_complex() is rt.complex64 and rt.complex64.to_complex() is rt.complex64


@pytest.mark.parametrize("kind", ["finfo", "iinfo"])
@pytest.mark.parametrize("name", NAMES)
def test_matches_torch(kind, name):
    torch = pytest.importorskip("torch")

    def outcome(mod):
        try:
            info = getattr(mod, kind)(getattr(mod, name))
            text = repr(info)
        except Exception as e:  # noqa: BLE001 - compared below
            return type(e).__name__, str(e).replace("torch.", "runtime.")
        return text, [getattr(info, f) for f in FIELDS[kind]]
    assert outcome(rt) == outcome(torch)


def test_float4_finfo_is_torchs_shell():
    """torch's finfo of float4_e2m1fn_x2 has its bits; every other field raises, and so does repr."""
    f = rt.finfo(rt.float4_e2m1fn_x2)
    assert f.bits == 8 and f == rt.finfo(rt.float4_e2m1fn_x2)
    with pytest.raises(NotImplementedError, match="\"epsilon\" not implemented for 'Float4_e2m1fn_x2'"):
        f.eps
    with pytest.raises(NotImplementedError, match="\"lowest\" not implemented"):
        f.min
    with pytest.raises(TypeError, match="bad argument type for built-in operation"):
        repr(f)
    assert rt.finfo(rt.float8_e8m0fnu).min == 2.0 ** -127 and rt.finfo(rt.float8_e4m3fn).max == 448


@pytest.mark.parametrize("name", NAMES)
def test_dtype_attributes_match_torch(name):
    torch = pytest.importorskip("torch")
    ours, theirs = getattr(rt, name), getattr(torch, name)
    for attr in ("is_floating_point", "is_complex", "is_signed", "itemsize"):
        assert getattr(ours, attr) == getattr(theirs, attr), attr
    for method in ("to_real", "to_complex"):
        def outcome(d):
            try:
                return str(getattr(d, method)()).split(".")[-1]
            except RuntimeError as e:
                return str(e)
        assert outcome(ours) == outcome(theirs), method


@pytest.mark.parametrize("call", ["finfo(1)", "finfo('float32')", "finfo(None)", "iinfo()", "finfo(foo=1)",
                                  "iinfo(int32, 1)", "finfo(float32, 1)", "finfo(type=float64)", "iinfo(type=int8)",
                                  "finfo(float)", "finfo(int)", "iinfo(bool)", "iinfo(float)"])
def test_binding_matches_torch(call):
    torch = pytest.importorskip("torch")

    def outcome(mod):
        try:
            return repr(eval(call, {n: getattr(mod, n, None) for n in ("finfo", "iinfo", "int32", "float32",
                                                                      "float64", "int8")}))
        except TypeError as e:
            return str(e).replace("torch.", "runtime.")
    assert outcome(rt) == outcome(torch)
