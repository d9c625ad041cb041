"""The crash corpus's former "wrong class" gaps (tests/test_crash_corpus.py GAPS), each closed
with torch 2.13's behaviour: literal outcomes read off torch (these run without it), then the
same calls and their neighbours compared with torch where it is importable."""
import itertools
import re
import warnings

import pytest

import runtime as rt

try:
    import torch
except ImportError:   # pragma: no cover
    torch = None
needs_torch = pytest.mark.skipif(torch is None, reason="needs torch (the oracle)")


def raises(cls, message):
    return pytest.raises(cls, match="^" + re.escape(message) + "$")


def outcome(fn):
    """("ok", value) or (exception class name, text): what a call gives, to compare with torch's."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return "ok", fn()
    except Exception as e:
        return type(e).__name__, str(e)


# ------------------------------------------------------------------------------ lerp with a tensor weight
# torch's lerp_Tensor meta: a weight with dims keeps TensorIterator's defaults, so out= (checked
# after the shapes) must have the inputs' dtype; a 0-dim weight promotes and casts safely.
def test_lerp_with_a_weight_of_dims_wants_out_of_the_inputs_dtype():
    a = rt.ones(3)
    with raises(RuntimeError, "Found dtype ComplexFloat but expected Float"):
        rt.lerp(a, a, a, out=rt.ones(3, dtype=rt.complex64))
    with raises(RuntimeError, "Found dtype Double but expected Float"):
        rt.lerp(a, a, a, out=rt.zeros(0, dtype=rt.float64))
    with raises(RuntimeError, "Found dtype Double but expected Long"):      # before the missing kernel
        i = rt.ones(3, dtype=rt.int64)
        rt.lerp(i, i, i, out=rt.ones(3, dtype=rt.float64))
    with raises(RuntimeError, "The size of tensor a (3) must match the size of tensor b (2) at non-singleton "
                              "dimension 0"):                                 # shapes come first
        rt.lerp(a, a, rt.ones(2), out=rt.ones(3, dtype=rt.float64))


def test_lerp_with_a_0_dim_weight_promotes_and_casts_to_out():
    a = rt.ones(3)
    assert rt.lerp(a, a, rt.tensor(0.5), out=rt.zeros(3, dtype=rt.float64)).dtype == rt.float64
    assert rt.lerp(a, a, rt.tensor(0.5, dtype=rt.complex64)).dtype == rt.complex64
    with raises(RuntimeError, "result type ComplexFloat can't be cast to the desired output type Float"):
        rt.lerp(a, a, rt.tensor(0.5, dtype=rt.complex64), out=rt.zeros(3))


def _lerp(M, xd, xs, ed, es, wd, ws, od, os_, inplace):
    def make(d, s):
        return 0.25 if d == "number" else M.ones(*s, dtype=getattr(M, d))
    x, e, w = make(xd, xs), make(ed, es), make(wd, ws)
    if inplace:
        r = x.lerp_(e, w)
    elif od is None:
        r = M.lerp(x, e, w)
    else:
        r = M.lerp(x, e, w, out=M.zeros(*os_, dtype=getattr(M, od)))
    return str(r.dtype).split(".")[-1], tuple(r.shape), r.tolist()


@needs_torch
def test_lerp_dtypes_shapes_and_out_as_torch():
    dtypes = ["float32", "float64", "int64", "complex64", "float16"]
    shapes = [((3,), (3,), (3,)), ((3,), (3,), ()), ((), (), ()), ((), (), (3,)), ((3,), (2, 1), (3,)),
              ((3,), (3,), (2,))]
    outs = [(None, None), ("float32", (3,)), ("float64", (3,)), ("complex64", (0,)), ("int64", ()),
            ("float32", (2, 3))]
    n = 0
    for xd, ed, wd in itertools.product(dtypes, dtypes, dtypes + ["number"]):
        for (xs, es, ws), (od, os_), inplace in itertools.product(shapes, outs, (False, True)):
            if inplace and od:
                continue
            args = xd, xs, ed, es, wd, ws, od, os_, inplace
            assert outcome(lambda: _lerp(rt, *args)) == outcome(lambda: _lerp(torch, *args)), args
            n += 1
    assert n == 6300


# ------------------------------------------------------------------------------ Tensor.numpy(*, force=False)
def test_numpy_force_shares_memory_as_torch_on_the_cpu():
    np = pytest.importorskip("numpy")
    x = rt.ones(3)
    for force in (True, False):
        a = x.numpy(force=force)
        a[0] = 5.0 if force else 6.0
        assert isinstance(a, np.ndarray) and a.dtype == np.float32
    assert x.tolist() == [6.0, 1.0, 1.0]


FORCE_VALUES = ["'a'", "1", "None", "1.5", "numpy.bool_(True)", "rt.tensor(True)"]


@pytest.mark.parametrize("value, name", zip(FORCE_VALUES, ["str", "int", "NoneType", "float", "numpy.bool",
                                                           "Tensor"]))
def test_numpy_force_must_be_a_bool(value, name):
    numpy = pytest.importorskip("numpy")
    with raises(TypeError, f"numpy(): argument 'force' must be bool, not {name}"):
        rt.ones(3).numpy(force=eval(value, {"rt": rt, "numpy": numpy}))


@needs_torch
@pytest.mark.parametrize("value", FORCE_VALUES + ["True", "False"])
def test_numpy_force_as_torch(value):
    numpy = pytest.importorskip("numpy")

    def call(M):
        return M.ones(2).numpy(force=eval(value, {"rt": M, "numpy": numpy})).tolist()
    assert outcome(lambda: call(rt)) == outcome(lambda: call(torch))


# ------------------------------------------------------------------------------ Python types as dtypes
# torch's parser reads the types bool, int, float and complex as the dtypes of their values,
# whatever the default dtype; any other object is a TypeError naming its type.
def test_promote_types_and_can_cast_take_python_number_types():
    assert rt.promote_types(float, int) is rt.float64
    assert rt.promote_types(bool, int) is rt.int64 and rt.promote_types(bool, bool) is rt.bool
    assert rt.promote_types(rt.float16, complex) is rt.complex128
    assert rt.promote_types(type1=float, type2=rt.int8) is rt.float64
    assert rt.can_cast(float, int) is False and rt.can_cast(from_=int, to=float) is True
    rt.set_default_dtype(rt.float64)
    try:
        assert rt.promote_types(float, rt.float16) is rt.float64
    finally:
        rt.set_default_dtype(rt.float32)
    with raises(RuntimeError, "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote "
                              "UInt16 and Long"):
        rt.promote_types(rt.uint16, int)


@pytest.mark.parametrize("call, message", [
    ("rt.promote_types(str, int)", "promote_types(): argument 'type1' (position 1) must be runtime.dtype, not type"),
    ("rt.promote_types(int, 'a')", "promote_types(): argument 'type2' (position 2) must be runtime.dtype, not str"),
    ("rt.promote_types(int, None)",
     "promote_types(): argument 'type2' (position 2) must be runtime.dtype, not NoneType"),
    ("rt.promote_types(1, int)", "promote_types(): argument 'type1' (position 1) must be runtime.dtype, not int"),
    ("rt.can_cast(object, int)", "can_cast(): argument 'from_' (position 1) must be runtime.dtype, not type"),
    ("rt.can_cast(int, rt.ones(1))", "can_cast(): argument 'to' (position 2) must be runtime.dtype, not Tensor"),
    ("rt.set_default_dtype(float)", "invalid dtype object: only floating-point types are supported as the default type"),
])
def test_other_objects_are_not_dtypes(call, message):
    with raises(TypeError, message):
        eval(call, {"rt": rt})


@needs_torch
def test_dtype_arguments_as_torch():
    np = pytest.importorskip("numpy")
    values = ["float", "int", "bool", "complex", "str", "object", "np.float32", "np.int64", "None", "1", "1.5", "'a'",
              "M.float16", "M.uint16", "M.int8", "M.complex64", "M.bool", "M.ones(1)"]
    for a, b in itertools.product(values, values):
        for call in (f"M.promote_types({a}, {b})", f"M.can_cast({a}, {b})"):
            def run(M):
                got = outcome(lambda: eval(call, {"M": M, "np": np}))
                return got[0], str(got[1]).replace("torch.", "runtime.")
            assert run(rt) == run(torch), call
    for d in values[:4]:      # by keyword: the values (torch's messages then leave out the position)
        assert str(rt.promote_types(type1=eval(d), type2=int)) == str(torch.promote_types(type1=eval(d), type2=int)
                                                                       ).replace("torch.", "runtime.")


# ------------------------------------------------------------------------------ DLPack devices
# Exporting to, or importing onto, another device fails as torch 2.13's CPU build fails (its .to()
# lacks the backend); torch's parser checks dl_device's and copy's types first.
NO_CUDA = ("Could not run 'aten::empty_strided' with arguments from the 'CUDA' backend. This could be because the "
           "operator doesn't exist for this backend, or was omitted during the selective/custom build process (if "
           "using custom build).")


@pytest.mark.parametrize("kwargs, cls, message", [
    ("dl_device=(2, 0)", NotImplementedError, NO_CUDA),
    ("dl_device=(2, 3), copy=False", ValueError, "cannot move (i.e. copy=False) tensor from cpu to cuda:3 without "
                                                 "copying."),
    ("dl_device=(2, -1)", RuntimeError, "PyTorch is not linked with support for cuda devices"),
    ("dl_device=(3, 0)", BufferError, "Unsupported device_type: 3"),
    ("dl_device=(2**40, 0)", BufferError, "Unsupported device_type: 0"),        # DLPack's int32 field
    ("dl_device=(1,)", RuntimeError, "dl_device must be either None or a tuple of ints"),
    ("dl_device='cpu'", TypeError, "_to_dlpack(): argument 'dl_device' must be tuple of ints, not str"),
    ("dl_device=(1, 0.0)", TypeError, "_to_dlpack(): argument 'dl_device' failed to unpack the object at pos 2 "
                                      "with error \"type must be tuple of ints,but got float\""),
    ("dl_device=(1, 0.0), copy='a'", TypeError, "_to_dlpack(): argument 'copy' must be bool, not str"),
    ("copy='a'", TypeError, "_to_dlpack(): argument 'copy' must be bool, not str"),
    ("copy=1, max_version=(1, 0)", TypeError, "_to_dlpack(): argument 'copy' must be bool, not int"),
])
def test_dlpack_export_devices_and_copy(kwargs, cls, message):
    with raises(cls, message):
        eval(f"rt.ones(3).__dlpack__({kwargs})", {"rt": rt})


def test_dlpack_export_to_the_cpu_by_any_index():
    t = rt.ones(3)
    for dl_device in [(1, 0), (1, 5), [1, 0], (1, True), ()]:
        assert rt.from_dlpack(t.__dlpack__(dl_device=dl_device, copy=False)).data_ptr() == t.data_ptr()


@pytest.mark.parametrize("device, copy, cls, message", [
    ("cuda", None, AssertionError, "Torch not compiled with CUDA enabled"),
    ("cuda", False, ValueError, "cannot move DLPack tensor from device (1, 0) to (2, 255) without copying. Set "
                                "copy=None or copy=True."),
    ("mps", None, RuntimeError, "PyTorch is not linked with support for mps devices"),
    ("meta", None, BufferError, "Cannot pack tensors on meta"),
    ("cuda:01", None, RuntimeError, "Invalid device string: 'cuda:01'"),
    ("", None, RuntimeError, "Device string must not be empty"),
    ("gpu", None, RuntimeError, "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, "
                                "maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start of "
                                "device string: gpu"),
    (1, None, AssertionError, "from_dlpack: unsupported device type: <class 'int'>"),
])
def test_from_dlpack_devices(device, copy, cls, message):
    with raises(cls, message):
        rt.from_dlpack(rt.ones(3), device=device, copy=copy)
    assert rt.from_dlpack(rt.ones(3), device="cpu:1", copy=False).tolist() == [1.0] * 3


def _same_failure(ours, torchs):
    """Equal outcomes; where torch's text goes on with its build's dispatcher registrations or a
    C++ backtrace, ours is the text before that."""
    if ours[0] != torchs[0]:
        return False
    if ours[0] == "NotImplementedError" or "Overflow when" in ours[1]:
        return torchs[1].startswith(ours[1])
    return ours[1] == torchs[1]


@needs_torch
def test_dlpack_devices_as_torch():
    np = pytest.importorskip("numpy")

    def run(M, source):
        got = outcome(lambda: eval(source, {"M": M, "np": np}))
        text = re.sub(" at 0x[0-9a-f]+", "", repr(got[1]) if got[0] == "ok" else got[1])    # a capsule's address
        return got[0], text.replace("torch.", "runtime.").replace("(<DLDeviceType.kDLCPU: 1>, 0)", "(1, 0)")
    devices = ["(2, 0)", "(1, 7)", "(1,)", "(1, 0, 0)", "()", "[1, 0]", "(0, 0)", "(3, 0)", "(4, 0)", "(4, -1)",
               "(8, 3)", "(10, 0)", "(12, 5)", "(14, 0)", "(17, 0)", "(-1, 0)", "(2**40, 0)", "(-2**31-1, 0)",
               "(2, 128)", "(2, 255)", "'cpu'", "1", "(1.0, 0)", "(1, 0.0)", "(True, 0)", "(1, True)", "(1, None)",
               "(np.int64(1), 0)", "(1, 2**63)", "(2**63, 0)", "None", "(M.tensor(1), 0)"]
    for dl_device, copy, max_version in itertools.product(devices, ["None", "True", "False", "'a'", "1"],
                                                          ["None", "(1, 0)", "'a'"]):
        source = f"M.ones(3).__dlpack__(dl_device={dl_device}, copy={copy}, max_version={max_version})"
        assert _same_failure(run(rt, source), run(torch, source)), source
    devices = ["'cpu'", "'cpu:1'", "'cuda'", "'cuda:3'", "'cuda:40000'", "'cuda:2147483648'", "'cuda:-1'", "'cuda:'",
               "' cpu'", "''", "'CPU'", "'cuda0'", "'mps'", "'mps:1'", "'hip'", "'maia:2'", "'opencl'", "'opencl:0'",
               "'xpu'", "'privateuseone:1'", "'mtia'", "'meta:0'", "'lazy'", "'xla:0'", "'ipu'", "'vulkan'", "'hpu'",
               "1", "(1, 0)", "None"]
    for device, copy, source in itertools.product(devices, ["None", "True", "False"], ["M.ones(3)", "np.ones(3)"]):
        call = f"M.from_dlpack({source}, device={device}, copy={copy})"
        assert _same_failure(run(rt, call), run(torch, call)), call


# ------------------------------------------------------------------------------ Tensor.to: torch's overloads
# Its parser tells a keyword given (even as None) from one left out: a dtype given by position
# and by keyword matches no overload; keywords are listed newest first.
TO_OVERLOADS = ("(runtime.device device = None, runtime.dtype dtype = None, bool non_blocking = False, bool copy = "
                "False, *, runtime.memory_format memory_format = None)",
                "(runtime.dtype dtype, bool non_blocking = False, bool copy = False, *, runtime.memory_format "
                "memory_format = None)",
                "(Tensor tensor, bool non_blocking = False, bool copy = False, *, runtime.memory_format "
                "memory_format = None)")


def _to_error(got, why=None):
    lines = [f"to() received an invalid combination of arguments - got {got}, but expected one of:"]
    for i, o in enumerate(TO_OVERLOADS):
        lines.append(f" * {o}")
        if why and i == 0:
            lines.append(f"      didn't match because {why}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("call, message", [
    ("x.to(rt.float64, dtype=None)", _to_error("(runtime.dtype, dtype=NoneType)")),
    ("x.to(rt.float64, dtype=rt.float64)", _to_error("(runtime.dtype, dtype=runtime.dtype)")),
    ("x.to(x, copy=True, dtype=None)", _to_error("(Tensor, dtype=NoneType, copy=bool)")),
    ("x.to(dtype=-1)", _to_error("(dtype=int, )")),
    ("x.to(rt.float64, None)", _to_error("(runtime.dtype, NoneType)")),
    ("x.to(rt.float64, False, False, None, device=None, dtype=None)",
     _to_error("(runtime.dtype, bool, bool, NoneType, dtype=NoneType, device=NoneType)",
               "some of the keywords were incorrect: dtype, device")),
    ("x.to(rt.float64, False, False, copy=True, dtype=None)",
     "to(): argument 'device' (position 1) must be runtime.device, not runtime.dtype"),
    ("x.to('cpu', rt.float64, False, False, None)", "to() takes from 0 to 4 positional arguments but 5 were given"),
])
def test_to_refuses_as_torchs_parser(call, message):
    with raises(TypeError, message):
        eval(call, {"rt": rt, "x": rt.ones(3)})


def test_to_takes_its_keywords_as_torch():
    x = rt.ones(3)
    assert x.to(dtype=None) is x and x.to(None) is x and x.to("cpu", None) is x and x.to(memory_format=None) is x
    assert x.to("cpu", dtype=rt.float64).dtype == rt.float64 and x.to(device="cpu", dtype=int).dtype == rt.int64
    assert x.to(tensor=rt.ones(1, dtype=rt.int8)).dtype == rt.int8 and x.to(1.5).dtype == rt.float64
    assert x.to(rt.float32, copy=True) is not x


@needs_torch
def test_to_arguments_as_torch():
    np = pytest.importorskip("numpy")
    positional = ["", "M.float64", "'cpu'", "M.ones(2, dtype=M.int8)", "float", "None", "1.5", "M.float64, True",
                  "'cpu', M.int8", "M.float64, False, False", "'cpu', None", "M.float64, False, False, None",
                  "'cpu', M.float64, False, False, None", "M.int8, 1", "M.float64, None", "-1", "np.int64(3)", "1j",
                  "M.ones(2), False, True"]
    keywords = ["", "dtype=None", "dtype=M.float64", "dtype='a'", "copy=True, dtype=None", "dtype=None, copy=True",
                "non_blocking=False, dtype=M.int8", "copy=1", "device='cpu'", "device=None, dtype=None",
                "tensor=M.ones(1)", "memory_format=None", "memory_format=1", "foo=1", "copy=np.bool_(True)",
                "dtype=M.int8, tensor=M.ones(1)"]

    def run(M, call):
        got = outcome(lambda: eval(call, {"M": M, "np": np}))
        return got[0], str(got[1].dtype if got[0] == "ok" else got[1]).replace("torch.", "runtime.")
    for p, k in itertools.product(positional, keywords):
        call = f"M.ones(3).to({', '.join(x for x in (p, k) if x)})"
        assert run(rt, call) == run(torch, call), call


# ------------------------------------------------------------------------------ Size beyond int64
# torch's broadcast_shapes is Python and its Size keeps any Python int; reading one as an int64
# (repr, numel, a size argument) is where torch's ValueError comes.
def test_broadcast_shapes_keeps_ints_beyond_int64():
    r = rt.broadcast_shapes((2, 1), 2**64)
    assert isinstance(r, rt.Size) and tuple(r) == (2, 2**64) and r == (2, 2**64)
    assert tuple(rt.broadcast_shapes((2**64, 1), (1, 2))) == (2**64, 2)
    for read in (repr, str, rt.Size.numel):
        with raises(ValueError, "Overflow when unpacking long long"):
            read(r)
    with raises(TypeError, "zeros(): argument 'size' failed to unpack the object at pos 2 with error \"Overflow "
                           "when unpacking long long\""):
        rt.zeros(r)
    with raises(RuntimeError, "Attempting to broadcast a dimension of length 18446744073709551616 at -1! Mismatching "
                              "argument at index 1 had (18446744073709551616,); but expected shape should be "
                              "broadcastable to [3]"):
        rt.broadcast_shapes((3,), 2**64)
    assert tuple(rt.Size([2**64, -2**70])) == (2**64, -2**70) and repr(rt.Size([2**63 - 1])) == \
        "runtime.Size([9223372036854775807])"


@needs_torch
def test_broadcast_shapes_and_size_beyond_int64_as_torch():
    calls = ["M.broadcast_shapes((2, 1), 2**64)", "M.broadcast_shapes((2, 1), 2**63)", "M.broadcast_shapes(2**64)",
             "M.broadcast_shapes((2, 1), -2**64)", "M.broadcast_shapes((3,), 2**64)", "M.broadcast_shapes(0, 2**64)",
             "M.broadcast_shapes((2**64, 1), (2**64, 2))", "M.broadcast_shapes((2, 1), (2.0,))",
             "M.Size([2**64])", "M.Size([-2**64, 3])", "M.Size([2**63 - 1])"]

    def run(M, call):
        def read():
            r = eval(call, {"M": M})
            return tuple(r), outcome(lambda: repr(r).replace("torch.", "runtime.")), outcome(r.numel)
        got = outcome(read)
        return got[0], str(got[1]).replace("torch.", "runtime.")
    for call in calls:
        assert run(rt, call) == run(torch, call), call
