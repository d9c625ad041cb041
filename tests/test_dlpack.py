"""DLPack interop: t.__dlpack__ / __dlpack_device__ and rt.from_dlpack, with both capsule kinds.

The first part needs neither torch nor NumPy (runtime -> runtime, and capsules edited by hand
to make the consumer's errors); tests marked `torch` exchange with torch 2.13, the NumPy ones
with NumPy; each skips when its library is missing."""
import ctypes
import gc
import os
import threading
import weakref

import pytest

import runtime as rt
from runtime._lib import ffi, lib

ALL = ["bool", "uint8", "int8", "int16", "int32", "int64", "uint16", "uint32", "uint64", "float16", "bfloat16",
       "float32", "float64", "complex32", "complex64", "complex128"]
NUMPY = [n for n in ALL if n not in ("bfloat16", "complex32")]
INVALID = "from_dlpack received an invalid capsule"

_get_name = ctypes.pythonapi.PyCapsule_GetName
_get_name.restype, _get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_get_pointer.restype, _get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]


def _torch():
    return pytest.importorskip("torch")


def _np():
    return pytest.importorskip("numpy")


def _name(capsule):
    return _get_name(capsule).decode()


def _managed(capsule):
    """The managed tensor inside a capsule, as cffi sees it (to read or edit its fields)."""
    name = _get_name(capsule)
    kind = "struct DLManagedTensorVersioned *" if name.endswith(b"versioned") else "struct DLManagedTensor *"
    return ffi.cast(kind, _get_pointer(capsule, name))


def _sample(name, shape=(3, 4)):
    n = 1
    for s in shape:
        n *= s
    t = rt.arange(n).reshape(shape)
    return (t % 2 if name == "bool" else t).to(getattr(rt, name))


def _views(t):
    """Layouts a consumer must keep: strided, offset, transposed, broadcast, 0-dim, 0-size."""
    return {"contiguous": t, "transposed": t.T, "stepped": t[1:, ::2], "column": t[:, 2], "broadcast":
            t[:1].expand(5, 3, 4), "scalar": t[1, 1], "empty": t[:, 4:], "unsqueezed": t.unsqueeze(1)}


def _layout(x):
    """Shape, strides and address (torch says 0 for a tensor without elements)."""
    return tuple(x.shape), tuple(x.stride()), x.data_ptr() if x.numel() else None


def _rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


class Producer:
    """An object with the protocol, handing out a given capsule (and recording the keywords)."""

    def __init__(self, capsule, device=(1, 0), keywords=True):
        self.capsule, self.device, self.calls = capsule, device, []
        if not keywords:
            self.__dlpack__ = self._old_dlpack

    def __dlpack__(self, **kwargs):
        self.calls.append(kwargs)
        return self.capsule

    def _old_dlpack(self, stream=None):
        self.calls.append({})
        return self.capsule

    def __dlpack_device__(self):
        return self.device


# ================================================================================================
# runtime <-> runtime: no torch, no NumPy
# ================================================================================================
@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("max_version", [None, (1, 0)])
def test_runtime_round_trip_every_dtype_and_layout(name, max_version):
    for label, v in _views(_sample(name)).items():
        u = rt.from_dlpack(v.__dlpack__(max_version=max_version))
        assert u.dtype is v.dtype, label
        assert (u.shape, u.stride(), u.data_ptr()) == (v.shape, v.stride(), v.data_ptr()), label
        assert u.tolist() == v.tolist(), label


def test_from_dlpack_of_a_tensor_shares_memory_both_ways():
    t = rt.arange(12).reshape(3, 4).to(rt.float32)
    u = rt.from_dlpack(t[:, 1::2])
    assert u.shape == (3, 2) and u.stride() == (4, 2)
    u.add_(100)
    assert t.tolist() == [[0, 101, 2, 103], [4, 105, 6, 107], [8, 109, 10, 111]]
    t.mul_(-1)
    assert u.tolist() == [[-101, -103], [-105, -107], [-109, -111]]
    assert rt.from_dlpack(t, copy=False).data_ptr() == t.data_ptr()
    c = rt.from_dlpack(t, copy=True)
    assert c.data_ptr() != t.data_ptr() and c.tolist() == t.tolist()
    assert rt.from_dlpack(t, device="cpu").data_ptr() == t.data_ptr()
    with pytest.raises(AssertionError, match="^Torch not compiled with CUDA enabled$"):     # torch's CPU build
        rt.from_dlpack(t, device="cuda")


def test_capsule_kinds_names_and_fields():
    t = rt.arange(6, dtype=rt.int16).reshape(2, 3)[:, 1:]
    assert t.__dlpack_device__() == (1, 0)
    for max_version, kind in [(None, "dltensor"), ((0, 8), "dltensor"), ((1, 0), "dltensor_versioned"),
                              ((1, 3), "dltensor_versioned"), ((2, 0), "dltensor_versioned")]:
        capsule = t.__dlpack__(max_version=max_version)
        assert _name(capsule) == kind
        m = _managed(capsule)
        dl = m.dl_tensor
        assert (dl.device.device_type, dl.device.device_id, dl.ndim) == (1, 0, 2)
        assert (dl.dtype.code, dl.dtype.bits, dl.dtype.lanes) == (0, 16, 1)
        assert [dl.shape[i] for i in range(2)] == [2, 2] and [dl.strides[i] for i in range(2)] == [3, 1]
        assert int(ffi.cast("uintptr_t", dl.data)) + dl.byte_offset == t.data_ptr()
        if kind == "dltensor_versioned":
            assert (m.version.major, m.version.minor, m.flags) == (1, 0, 0)
        rt.from_dlpack(capsule)
        assert _name(capsule) == "used_" + kind
        with pytest.raises(RuntimeError, match=INVALID):        # a capsule is consumed once
            rt.from_dlpack(capsule)
    copied = t.__dlpack__(max_version=(1, 0), copy=True)
    assert _managed(copied).flags == 2                          # DLPACK_FLAG_BITMASK_IS_COPIED
    c = rt.from_dlpack(copied)
    assert c.data_ptr() != t.data_ptr() and c.tolist() == t.tolist()


def test_producer_arguments_as_torch():
    t = rt.ones(2)
    for stream in (None, -1):
        rt.from_dlpack(t.__dlpack__(stream=stream))
    with pytest.raises(AssertionError, match="stream should be None on cpu."):
        t.__dlpack__(stream=1)
    with pytest.raises(TypeError, match="stream must be ``int`` or ``none``"):
        t.__dlpack__(stream="0")
    with pytest.raises(NotImplementedError, match="^Could not run 'aten::empty_strided' with arguments from the "
                                                  "'CUDA' backend"):      # torch's CPU build
        t.__dlpack__(dl_device=(2, 0))
    assert rt.from_dlpack(t.__dlpack__(dl_device=(1, 0), copy=False)).data_ptr() == t.data_ptr()
    with pytest.raises(TypeError):
        t.__dlpack__(None)                                      # keyword-only, as the protocol says


def test_the_owner_lives_until_the_consumer_goes():
    t = rt.arange(1000, dtype=rt.float64)
    storage = weakref.ref(t._storage)
    gc.collect()
    base = lib.ew_dlpack_live()
    u = rt.from_dlpack(t[10:])
    assert lib.ew_dlpack_live() == base + 1
    del t
    gc.collect()
    assert storage() is not None and u[0].item() == 10.0
    del u
    gc.collect()
    assert storage() is None and lib.ew_dlpack_live() == base
    # a capsule nobody consumed deletes its tensor when it goes
    t = rt.ones(3)
    storage = weakref.ref(t._storage)
    capsule = t.__dlpack__(max_version=(1, 0))
    del t
    gc.collect()
    assert storage() is not None and lib.ew_dlpack_live() == base + 1
    del capsule
    gc.collect()
    assert storage() is None and lib.ew_dlpack_live() == base


def test_no_leak_over_10000_exchanges():
    gc.collect()
    base = lib.ew_dlpack_live()
    storages = []
    for versioned in (None, (1, 0)):
        for _ in range(200):              # warm up the allocator and the interpreter's caches
            rt.from_dlpack(rt.empty(16384).__dlpack__(max_version=versioned))
    rss = _rss_mb()
    for i in range(10000):
        t = rt.empty(16384)               # 64 KiB each: 625 MiB if the exchanges leaked
        u = rt.from_dlpack(t.__dlpack__(max_version=(1, 0) if i % 2 else None))
        if i % 1000 == 0:
            storages.append(weakref.ref(t._storage))
        del t, u
    gc.collect()
    assert lib.ew_dlpack_live() == base
    assert all(s() is None for s in storages)
    assert _rss_mb() - rss < 32


def test_exchanges_from_threads_and_a_capsule_taken_once():
    gc.collect()
    base = lib.ew_dlpack_live()
    capsules = [rt.full((2,), i).__dlpack__(max_version=(1, 0) if i % 2 else None) for i in range(400)]
    taken, errors = [], []

    def work():
        try:
            for i in range(300):
                t = rt.arange(64, dtype=rt.float32)
                assert rt.from_dlpack(t[1:].__dlpack__(max_version=(1, 0))).tolist() == t[1:].tolist()
            for c in capsules:               # every thread tries every capsule: each is taken once
                try:
                    taken.append(rt.from_dlpack(c)[0].item())
                except RuntimeError as e:
                    assert INVALID in str(e)
        except BaseException as e:           # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    assert sorted(taken) == list(range(400))
    del capsules
    gc.collect()
    assert lib.ew_dlpack_live() == base


def test_consumer_errors_leave_the_capsule_to_its_producer():
    def edited(edit, t=None):
        t = rt.arange(12, dtype=rt.float32).reshape(3, 4) if t is None else t
        capsule = t.__dlpack__(max_version=(1, 0))
        edit(_managed(capsule))
        return capsule, weakref.ref(t._storage)

    def dtype(code, bits, lanes=1):
        def edit(m):
            m.dl_tensor.dtype.code, m.dl_tensor.dtype.bits, m.dl_tensor.dtype.lanes = code, bits, lanes
        return edit

    def set_(field, value):
        def edit(m):
            target, attr = (m, field) if field in ("flags",) else (m.dl_tensor, field)
            setattr(target, attr, value)
        return edit

    def device(kind):
        def edit(m):
            m.dl_tensor.device.device_type = kind
        return edit

    def major(value):
        def edit(m):
            m.version.major = value
        return edit

    def stride0(value):
        def edit(m):
            m.dl_tensor.strides[0] = value
        return edit

    gc.collect()
    base = lib.ew_dlpack_live()
    cases = [
        (dtype(0, 128), BufferError, "Unsupported kInt bits 128"),
        (dtype(1, 4), BufferError, "Unsupported kUInt bits 4"),
        (dtype(2, 8), BufferError, "Unsupported kFloat bits 8"),
        (dtype(4, 32), BufferError, "Unsupported kFloat bits 32"),       # torch's wording for kDLBfloat
        (dtype(5, 16), BufferError, "Unsupported kFloat bits 16"),       # and for kDLComplex
        (dtype(6, 16), BufferError, "Unsupported kDLBool bits 16"),
        (dtype(3, 64), BufferError, r"Unsupported code 3 \(kDLOpaqueHandle"),
        (dtype(7, 8), BufferError, r"Unsupported code 7 \(kDLFloat8_e3m4: runtime has no such dtype\)"),
        (dtype(10, 16), BufferError, r"^Unsupported kDLFloat8_e4m3fn bits 16$"),   # it is 8 bits only
        (dtype(17, 8), BufferError, r"^Unsupported kDLFloat4_e2m1fn bits 8$"),     # float4 is 2 lanes of 4 bits
        (dtype(17, 4), BufferError, r"^Unsupported kDLFloat4_e2m1fn lanes 1$"),
        (dtype(99, 8), BufferError, r"^Unsupported code 99$"),
        (dtype(2, 32, 4), BufferError, "does not support lanes != 1 for dtype code2"),
        (device(2), BufferError, r"Unsupported device_type: 2 \(runtime tensors live in CPU memory"),
        (device(7), BufferError, "Unsupported device_type: 7"),
        (major(2), RuntimeError, "unsupported DLPack capsule major version: 2. Maximum supported version: 1"),
        (stride0(-4), BufferError, "negative"),
    ]
    for edit, error, message in cases:
        capsule, storage = edited(edit)
        with pytest.raises(error, match=message):
            rt.from_dlpack(capsule)
        assert _name(capsule) == "dltensor_versioned"       # not consumed: still the producer's
        del capsule
        gc.collect()
        assert storage() is None                            # whose destructor deleted it
    assert lib.ew_dlpack_live() == base
    with pytest.raises(RuntimeError, match=INVALID):
        rt.from_dlpack(object())
    with pytest.raises(AssertionError, match="device and copy kwargs not supported"):
        rt.from_dlpack(rt.ones(1).__dlpack__(), copy=True)
    with pytest.raises(BufferError, match="Unsupported device_type: 2"):
        rt.from_dlpack(Producer(None, device=(2, 0)))       # refused before asking for a capsule


def test_consumer_reads_every_layout_field():
    t = rt.arange(12, dtype=rt.int32).reshape(3, 4)

    # NULL strides: compact row-major
    capsule = t.__dlpack__()
    _managed(capsule).dl_tensor.strides = ffi.NULL
    assert rt.from_dlpack(capsule).stride() == (4, 1)
    # data + byte_offset
    capsule = t[1:].__dlpack__(max_version=(1, 0))
    dl = _managed(capsule).dl_tensor
    dl.data, dl.byte_offset = ffi.cast("char *", dl.data) - 16, 16
    u = rt.from_dlpack(capsule)
    assert u.data_ptr() == t[1:].data_ptr() and u.tolist() == t[1:].tolist()
    # a negative stride that is never taken (size-1 dimension)
    capsule = t[:1].__dlpack__()
    _managed(capsule).dl_tensor.strides[0] = -4
    assert rt.from_dlpack(capsule).stride() == (4, 1)
    # the read-only flag: runtime tensors are writable, so the tensor is copied, or refused with copy=False
    capsule = t.__dlpack__(max_version=(1, 0))
    _managed(capsule).flags = 1
    c = rt.from_dlpack(capsule)
    assert c.data_ptr() != t.data_ptr() and c.tolist() == t.tolist()
    assert _name(capsule) == "used_dltensor_versioned"
    capsule = t.__dlpack__(max_version=(1, 0))
    _managed(capsule).flags = 1
    with pytest.raises(BufferError, match="read-only"):
        rt.from_dlpack(Producer(capsule), copy=False)
    # a producer that predates the keywords: retried without them, and copy=True copied here
    p = Producer(t.__dlpack__(), keywords=False)
    c = rt.from_dlpack(p, copy=True)
    assert c.data_ptr() != t.data_ptr() and c.tolist() == t.tolist()
    p = Producer(t.__dlpack__(max_version=(1, 0)))
    assert rt.from_dlpack(p, device="cpu").data_ptr() == t.data_ptr()
    assert p.calls == [{"max_version": (1, 0), "dl_device": (1, 0)}]


# ================================================================================================
# torch
# ================================================================================================
@pytest.mark.torch
@pytest.mark.filterwarnings("ignore:ComplexHalf support is experimental")
@pytest.mark.parametrize("name", ALL)
def test_torch_every_dtype_both_ways(name):
    torch = _torch()

    def torch_sample(rows, cols):
        x = torch.arange(12).reshape(3, 4)[:rows, :cols]
        return (x % 2 if name == "bool" else x).to(getattr(torch, name))

    def same(x, y):                          # torch has no comparison for complex32
        return torch.equal(x.to(torch.complex64), y.to(torch.complex64)) if name == "complex32" else torch.equal(x, y)

    t = _sample(name)
    x = torch.from_dlpack(t)
    assert x.dtype == getattr(torch, name) and x.data_ptr() == t.data_ptr()
    assert same(x, torch_sample(3, 4))
    y = torch_sample(2, 3)
    u = rt.from_dlpack(y)
    assert u.dtype is getattr(rt, name)
    assert (u.shape, u.stride(), u.data_ptr()) == (tuple(y.shape), y.stride(), y.data_ptr())
    assert u.tolist() == _sample(name)[:2, :3].tolist()


@pytest.mark.torch
@pytest.mark.parametrize("versioned", [False, True])
def test_torch_layouts_and_shared_memory(versioned):
    torch = _torch()
    base = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    for label, v in _views(rt.arange(12, dtype=rt.float32).reshape(3, 4)).items():
        x = torch.from_dlpack(v) if versioned else torch.utils.dlpack.from_dlpack(v.__dlpack__())
        assert _layout(x) == _layout(v), label
        assert x.tolist() == v.tolist(), label
    for label, x in _views(base).items():
        u = rt.from_dlpack(x if versioned else torch.utils.dlpack.to_dlpack(x))
        assert _layout(u) == _layout(x), label
        assert u.tolist() == x.tolist(), label
    t = rt.zeros(2, 3)
    x = torch.from_dlpack(t[:, 1:])
    x += 5                                   # torch writes, runtime sees
    t[1].add_(1)                             # runtime writes, torch sees
    assert t.tolist() == [[0, 5, 5], [1, 6, 6]] and x.tolist() == [[5, 5], [6, 6]]
    y = torch.zeros(2, 3)
    u = rt.from_dlpack(y.T)
    u.add_(rt.arange(2.0))
    y[0, 0] = -1
    assert y.tolist() == [[-1, 0, 0], [1, 1, 1]] and u.tolist() == [[-1, 1], [0, 1], [0, 1]]
    c = torch.from_dlpack(t, copy=True)
    c += 1
    assert t.tolist() == [[0, 5, 5], [1, 6, 6]]


@pytest.mark.torch
def test_torch_keeps_our_storage_alive_and_releases_it():
    torch = _torch()
    gc.collect()
    base = lib.ew_dlpack_live()
    t = rt.arange(100, dtype=rt.float64)
    storage = weakref.ref(t._storage)
    x = torch.from_dlpack(t[50:])
    del t
    gc.collect()
    assert storage() is not None and x[0].item() == 50.0
    x.add_(1)                                # still writable memory of ours
    del x
    gc.collect()
    assert storage() is None and lib.ew_dlpack_live() == base
    # and the other way: a torch tensor over a NumPy array; torch's deleter releases the array
    np = _np()
    a = np.arange(4.0)
    array = weakref.ref(a)
    u = rt.from_dlpack(torch.from_numpy(a))
    del a
    gc.collect()
    assert array() is not None and u.tolist() == [0.0, 1.0, 2.0, 3.0]
    del u
    gc.collect()
    assert array() is None


@pytest.mark.torch
def test_torch_no_leak_over_10000_exchanges():
    torch = _torch()
    gc.collect()
    base = lib.ew_dlpack_live()
    for _ in range(200):
        torch.from_dlpack(rt.empty(16384))
        rt.from_dlpack(torch.empty(16384))
    rss = _rss_mb()
    storages = []
    for i in range(10000):
        t = rt.empty(16384)                  # 64 KiB each way: 1.2 GiB if the exchanges leaked
        x = torch.from_dlpack(t)
        u = rt.from_dlpack(torch.empty(16384))
        if i % 1000 == 0:
            storages.append(weakref.ref(t._storage))
        del t, x, u
    gc.collect()
    assert lib.ew_dlpack_live() == base and all(s() is None for s in storages)
    assert _rss_mb() - rss < 32


# ================================================================================================
# NumPy
# ================================================================================================
@pytest.mark.parametrize("name", NUMPY)
def test_numpy_every_dtype_both_ways(name):
    np = _np()
    t = _sample(name)
    for label, v in _views(t).items():
        a = np.from_dlpack(v)
        assert a.dtype == np.dtype(name), label
        assert a.strides == tuple(s * a.itemsize for s in v.stride()), label
        assert a.shape == tuple(v.shape) and a.tolist() == v.tolist(), label
        if v.numel():
            assert a.__array_interface__["data"][0] == v.data_ptr(), label
    b = np.arange(12).reshape(3, 4).astype(name)
    for label, view in {"contiguous": b, "transposed": b.T, "stepped": b[1:, ::2], "scalar": b[1, 1],
                        "empty": b[:, 4:], "broadcast": np.broadcast_to(b[:1], (5, 3, 4))}.items():
        if not view.flags.writeable:
            continue                         # read-only: tested below
        u = rt.from_dlpack(np.asarray(view))
        assert u.dtype is getattr(rt, name), label
        assert u.stride() == tuple(s // view.itemsize for s in view.strides), label
        assert u.tolist() == view.tolist(), label


@pytest.mark.parametrize("name", ["bfloat16", "complex32"])
def test_numpy_refuses_types_it_lacks(name):
    np = _np()
    with pytest.raises((BufferError, RuntimeError, TypeError)):
        np.from_dlpack(rt.ones(2, dtype=getattr(rt, name)))


def test_numpy_shares_memory_both_ways_and_lifetime():
    np = _np()
    t = rt.zeros(2, 3, dtype=rt.int32)
    a = np.from_dlpack(t.T)
    a[0] = 7
    t[1, 2] = 9
    assert t.tolist() == [[7, 0, 0], [7, 0, 9]] and a.tolist() == [[7, 7], [0, 0], [0, 9]]
    storage = weakref.ref(t._storage)
    del t
    gc.collect()
    assert storage() is not None
    del a
    gc.collect()
    assert storage() is None
    b = np.zeros((3, 2))
    array = weakref.ref(b)
    u = rt.from_dlpack(b[:, 1])
    u.add_(2)
    b[0, 1] = 5
    assert b.tolist() == [[0, 5], [0, 2], [0, 2]] and u.tolist() == [5, 2, 2]
    del b
    gc.collect()
    assert array() is not None and u.tolist() == [5, 2, 2]
    del u
    gc.collect()
    assert array() is None
    c = np.from_dlpack(rt.ones(2), copy=True)
    assert c.tolist() == [1.0, 1.0]


def test_numpy_read_only_and_negative_strides():
    np = _np()
    a = np.arange(6.0)
    a.flags.writeable = False
    u = rt.from_dlpack(a)                    # runtime tensors are writable: a copy
    assert u.tolist() == a.tolist() and u.data_ptr() != a.__array_interface__["data"][0]
    u.add_(1)
    assert a.tolist() == [0, 1, 2, 3, 4, 5]
    with pytest.raises(BufferError, match="read-only"):
        rt.from_dlpack(a, copy=False)
    with pytest.raises(BufferError, match="negative"):
        rt.from_dlpack(np.arange(4)[::-1])
    assert rt.from_dlpack(np.arange(1)[::-1]).tolist() == [0]     # a stride never taken
