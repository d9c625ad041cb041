"""DLPack exchange: t.__dlpack__(), t.__dlpack_device__() and rt.from_dlpack(x), so that
torch.from_dlpack(t), np.from_dlpack(t), rt.from_dlpack(torch_tensor or ndarray) share memory.

Both capsule kinds: "dltensor" (DLManagedTensor) and, when the consumer asks for
max_version >= (1, 0), "dltensor_versioned" (DLManagedTensorVersioned, DLPack 1.x).

Why part of it is C (csrc/dlpack.c, compiled into the kernel library): a
consumer calls the deleter of a tensor we export whenever it frees its tensor, from any thread,
with or without the GIL; the C deleter takes the GIL to drop its reference to our storage and
runs no Python.  Capsules are made, checked and renamed through ctypes.pythonapi, as cffi has
no PyObject *.  A tensor we import keeps the producer's managed tensor in its storage, and the
producer's deleter runs when that storage is freed."""
import ctypes
import threading

from ._lib import ffi, lib
from .dtypes import ALL
from .tensor import Tensor, _contiguous_strides, _Storage

KDLCPU = 1
READ_ONLY, IS_COPIED = 1, 2          # DLManagedTensorVersioned.flags bits


# (DLPack type code, bits) -> dtype: dtypes.yaml's dlpack, and the bits are 8 * itemsize
# (complex32 is bits 32, as torch)
FROM_DL = {(dt._dlpack, 8 * dt.itemsize): dt for dt in ALL if dt._dlpack is not None}
# torch's words for a code it knows with bits it does not (its messages, quirks included)
_KIND = {0: "kInt", 1: "kUInt", 2: "kFloat", 4: "kFloat", 5: "kFloat", 6: "kDLBool"}
_NO_DTYPE = {3: "kDLOpaqueHandle", 7: "kDLFloat8_e3m4", 8: "kDLFloat8_e4m3", 9: "kDLFloat8_e4m3b11fnuz",
             10: "kDLFloat8_e4m3fn", 11: "kDLFloat8_e4m3fnuz", 12: "kDLFloat8_e5m2", 13: "kDLFloat8_e5m2fnuz",
             14: "kDLFloat8_e8m0fnu", 15: "kDLFloat6_e2m3fn", 16: "kDLFloat6_e3m2fn", 17: "kDLFloat4_e2m1fn"}

_api = ctypes.pythonapi
_capsule_new = _api.PyCapsule_New
_capsule_new.restype, _capsule_new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
_capsule_is_valid = _api.PyCapsule_IsValid
_capsule_is_valid.restype, _capsule_is_valid.argtypes = ctypes.c_int, [ctypes.py_object, ctypes.c_char_p]
_capsule_pointer = _api.PyCapsule_GetPointer
_capsule_pointer.restype, _capsule_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
_capsule_set_name = _api.PyCapsule_SetName
_capsule_set_name.restype, _capsule_set_name.argtypes = ctypes.c_int, [ctypes.py_object, ctypes.c_void_p]


def _address(p):
    return int(ffi.cast("uintptr_t", p))


# capsule names as static C strings (a capsule keeps a pointer to its name), by versioned-ness
_NAME = {False: b"dltensor", True: b"dltensor_versioned"}
_NAME_C = {False: _address(lib.ew_dlpack_name(0)), True: _address(lib.ew_dlpack_name(1))}
_USED_C = {False: _address(lib.ew_dlpack_name(2)), True: _address(lib.ew_dlpack_name(3))}
_DESTRUCTOR = _address(ffi.addressof(lib, "ew_dlpack_capsule_destructor"))
_MANAGED = {False: "struct DLManagedTensor *", True: "struct DLManagedTensorVersioned *"}
_RELEASE = {False: lib.ew_dlpack_release, True: lib.ew_dlpack_release_versioned}
_TAKE = threading.Lock()             # checking and renaming a capsule is one step
_INVALID = ("from_dlpack received an invalid capsule. Note that DLTensor capsules can be consumed only once, "
            "so you might have already constructed a tensor from it once.")


# ------------------------------------------------------------------ producer
def to_dlpack(t, stream=None, max_version=None, dl_device=None, copy=None):
    """Tensor.__dlpack__: a capsule sharing t's memory (a copy's with copy=True)."""
    if stream is not None and type(stream) is not int:
        raise TypeError("stream must be ``int`` or ``none``")
    if stream is not None and stream != -1:          # torch's "no synchronisation" value passes
        raise AssertionError("stream should be None on cpu.")
    if dl_device is not None and int(dl_device[0]) != KDLCPU:
        raise BufferError(f"can't export to device {tuple(dl_device)}: runtime tensors live in CPU memory "
                          f"(kDLCPU = {KDLCPU})")
    versioned = max_version is not None and max_version[0] >= 1
    flags = 0
    if copy:
        t, flags = t.clone(), IS_COPIED
    if t.dtype._dlpack is None:
        raise BufferError(f"can't export a {t.dtype!r} tensor: DLPack has no type for it")
    code, bits = t.dtype._dlpack, 8 * t.dtype.itemsize
    owner = t._storage
    managed = lib.ew_dlpack_export(versioned, t.data_ptr(), len(t._shape), t._shape, t._strides, code, bits, flags,
                                   id(owner))
    if managed == ffi.NULL:
        raise MemoryError("__dlpack__: failed to allocate the DLPack tensor")
    try:
        return _capsule_new(_address(managed), _NAME_C[versioned], _DESTRUCTOR)
    except BaseException:
        _RELEASE[versioned](ffi.cast(_MANAGED[versioned], managed))
        raise


# ------------------------------------------------------------------ consumer
def from_dlpack(x, *, device=None, copy=None):
    """A tensor sharing the memory of `x`: an object with __dlpack__ / __dlpack_device__ (a torch
    tensor, a NumPy array, a runtime tensor) or a DLPack capsule.  copy=True copies, copy=False
    never does (a read-only tensor is then an error), copy=None copies only a read-only one."""
    if not hasattr(x, "__dlpack__"):
        if device is not None or copy is not None:
            raise AssertionError("device and copy kwargs not supported when ext_tensor is already a DLPack capsule.")
        return _consume(x, None)
    if device is not None and device != "cpu":
        raise ValueError(f"from_dlpack: unsupported device {device!r}: runtime tensors live in CPU memory ('cpu')")
    source = x.__dlpack_device__()
    if int(source[0]) != KDLCPU:
        raise BufferError(f"Unsupported device_type: {int(source[0])} (runtime tensors live in CPU memory, "
                          f"kDLCPU = {KDLCPU})")
    kwargs = {"max_version": (1, 0)}
    if copy is not None:
        kwargs["copy"] = copy
    if device is not None:
        kwargs["dl_device"] = (KDLCPU, 0)
    # as torch: a producer that predates a keyword rejects it with TypeError; retry without it
    capsule, copied_by_producer = None, copy is not None
    for drop in (None, "max_version", "copy", "dl_device"):
        if drop is not None:
            kwargs.pop(drop, None)
            copied_by_producer &= drop != "copy"
        try:
            capsule = x.__dlpack__(**kwargs)
            break
        except TypeError:
            if drop == "dl_device":
                raise
    return _consume(capsule, None if copy and copied_by_producer else copy)


def _consume(capsule, copy):
    """Take the managed tensor out of a capsule: check it, rename the capsule "used_...", and wrap
    the memory in a tensor whose storage calls the producer's deleter when it is freed.  copy:
    True copies it, False refuses a read-only one, None copies a read-only one."""
    with _TAKE:
        if _capsule_is_valid(capsule, _NAME[True]):
            versioned = True
        elif _capsule_is_valid(capsule, _NAME[False]):
            versioned = False
        else:
            raise RuntimeError(_INVALID)
        managed = ffi.cast(_MANAGED[versioned], _capsule_pointer(capsule, _NAME[versioned]))
        read_only = False
        if versioned:
            if managed.version.major > 1:
                raise RuntimeError(f"unsupported DLPack capsule major version: {managed.version.major}. "
                                   "Maximum supported version: 1")
            read_only = bool(managed.flags & READ_ONLY)
        # any error up to here leaves the capsule to its producer (its destructor deletes the tensor)
        address, nbytes, shape, strides, dt = _describe(managed.dl_tensor)
        if read_only and copy is False:
            raise BufferError("from_dlpack: the DLPack tensor is read-only and runtime tensors are writable; "
                              "it can't be imported with copy=False")
        if _capsule_set_name(capsule, _USED_C[versioned]):
            raise RuntimeError(_INVALID)          # pragma: no cover - SetName fails only on a non-capsule
        keeper = ffi.gc(managed, _RELEASE[versioned])
    t = _wrap(address, nbytes, keeper, shape, strides, dt)
    return t.clone() if copy or read_only else t


def _describe(dl):
    """(data address, byte span, shape, strides, dtype) of a DLTensor, with torch's errors."""
    if dl.device.device_type != KDLCPU:
        raise BufferError(f"Unsupported device_type: {dl.device.device_type} (runtime tensors live in CPU "
                          f"memory, kDLCPU = {KDLCPU})")
    code, bits, lanes = dl.dtype.code, dl.dtype.bits, dl.dtype.lanes
    if lanes != 1:
        raise BufferError(f"runtime does not support lanes != 1 for dtype code{code}")
    dt = FROM_DL.get((code, bits))
    if dt is None:
        if code in _KIND:
            raise BufferError(f"Unsupported {_KIND[code]} bits {bits}")
        name = _NO_DTYPE.get(code)
        raise BufferError(f"Unsupported code {code}" + (f" ({name}: runtime has no such dtype)" if name else ""))
    ndim = dl.ndim
    shape = tuple(ffi.unpack(dl.shape, ndim)) if ndim > 0 else ()
    numel = 1
    for n in shape:
        numel *= n
    if min(shape, default=0) < 0:
        raise BufferError(f"from_dlpack: negative dimension in the shape {list(shape)}")
    if dl.strides == ffi.NULL or ndim <= 0:          # NULL is allowed: compact row-major
        strides = _contiguous_strides(shape)
    else:
        strides = tuple(ffi.unpack(dl.strides, ndim))
        if min(strides) < 0:         # a negative stride that is never taken is made the compact one
            strides = tuple(s if s >= 0 or (n > 1 and numel) else c
                            for s, n, c in zip(strides, shape, _contiguous_strides(shape)))
            if min(strides) < 0:
                raise BufferError("At least one stride in the given DLPack tensor is negative, and tensors with "
                                  f"negative strides are not currently supported (strides {list(strides)}); "
                                  "make a copy first")
    span = 1
    for n, s in zip(shape, strides):
        span += (n - 1) * s
    return _address(dl.data) + dl.byte_offset, span * dt.itemsize if numel else 0, shape, strides, dt


def _wrap(address, nbytes, owner, shape, strides, dt):
    """A tensor over memory that `owner` keeps alive."""
    t = object.__new__(Tensor)
    t._storage = st = _Storage(nbytes, address, owner)
    t._ptr = st.ptr
    t._shape, t._strides, t._offset, t._dtype, t._wrapped = shape, strides, 0, dt, False
    return t
