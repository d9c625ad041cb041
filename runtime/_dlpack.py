"""DLPack exchange: t.__dlpack__(), t.__dlpack_device__() and rt.from_dlpack(x), so that
torch.from_dlpack(t), np.from_dlpack(t), rt.from_dlpack(torch_tensor or ndarray) share memory.

Both capsule kinds: "dltensor" (DLManagedTensor) and, when the consumer asks for
max_version >= (1, 0), "dltensor_versioned" (DLManagedTensorVersioned, DLPack 1.x).

Why part of it is C (csrc/dlpack.c, compiled into the kernel library): a
consumer calls the deleter of a tensor we export whenever it frees its tensor, from any thread,
with or without the GIL; the C deleter takes the GIL to drop its reference to our storage and
runs no Python.  Capsules are made, checked and renamed by the library's extension module
(`fastcall`), as cffi has no PyObject *.  A tensor we import keeps the producer's managed tensor in its storage, and the
producer's deleter runs when that storage is freed."""

from ._device import device as device_type, split_string
from ._lib import fastcall, ffi, lib
from .dtypes import ALL
from .scalars import int_arg, type_name
from ._iterator import _contiguous_strides
from .tensor import Tensor, _Storage

KDLCPU = 1
READ_ONLY, IS_COPIED = 1, 2          # DLManagedTensorVersioned.flags bits


# (DLPack type code, bits) -> dtype: dtypes.yaml's dlpack, and the bits are 8 * itemsize
# (complex32 is bits 32, as torch)
# (a packed minifloat is `packed` lanes of 8 * itemsize / packed bits, as torch's float4_e2m1fn_x2)
def _dl_type(dt):
    lanes = dt._minifloat.get("packed", 1) if dt._minifloat else 1
    return dt._dlpack, 8 * dt.itemsize // lanes, lanes


FROM_DL = {_dl_type(dt): dt for dt in ALL if dt._dlpack is not None}
# torch's words for a code it knows with bits it does not (its messages, quirks included)
_KIND = {0: "kInt", 1: "kUInt", 2: "kFloat", 4: "kFloat", 5: "kFloat", 6: "kDLBool"}
_NO_DTYPE = {3: "kDLOpaqueHandle", 7: "kDLFloat8_e3m4", 8: "kDLFloat8_e4m3", 9: "kDLFloat8_e4m3b11fnuz",
             10: "kDLFloat8_e4m3fn", 11: "kDLFloat8_e4m3fnuz", 12: "kDLFloat8_e5m2", 13: "kDLFloat8_e5m2fnuz",
             14: "kDLFloat8_e8m0fnu", 15: "kDLFloat6_e2m3fn", 16: "kDLFloat6_e3m2fn", 17: "kDLFloat4_e2m1fn"}
# the codes of our minifloats: torch names them with the bits it does not take
_KIND.update({code: _NO_DTYPE.pop(code) for code, _, _ in list(FROM_DL) if code in _NO_DTYPE})

def _address(p):
    return int(ffi.cast("uintptr_t", p))


_MANAGED = {False: "struct DLManagedTensor *", True: "struct DLManagedTensorVersioned *"}
_RELEASE = {False: lib.ew_dlpack_release, True: lib.ew_dlpack_release_versioned}
_INVALID = ("from_dlpack received an invalid capsule. Note that DLTensor capsules can be consumed only once, "
            "so you might have already constructed a tensor from it once.")


# ------------------------------------------------------------------ devices
# What torch 2.13's CPU build does when asked for another device (parsed as _device parses
# one): the c10 device types it knows fail as its .to() fails without their backend; the rest
# are not DLPack devices to it.
_DL_TO_DEVICE = {2: "cuda", 4: "opencl", 8: "mps", 10: "hip", 12: "privateuseone", 17: "maia"}
_DEVICE_TO_DL = {"cuda": 2, "opencl": 4, "mps": 8, "hip": 10, "privateuseone": 12, "mtia": 12, "maia": 17}
_BACKEND = {"cuda": "CUDA", "mps": "MPS", "hip": "HIP", "privateuseone": "PrivateUse1", "maia": "MAIA"}
_XPU = "Cannot get XPU global device index without ATen_xpu library."


def _wrap_int(v, bits):
    """v as a C integer of `bits` bits (torch narrows DLPack's int32 fields and c10's indices)."""
    half = 1 << (bits - 1)
    return (v + half) % (2 * half) - half


def _no_backend(kind, index):
    """torch's error for .to(kind[:index]) when its build lacks that backend.  Its NotImplementedError
    goes on to list the dispatcher's registrations of the build; that part is left out."""
    if index is None or index == -1:
        return RuntimeError(f"PyTorch is not linked with support for {kind} devices")
    if kind == "opencl":
        return RuntimeError('0 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/c10/core/TensorOptions.h":663, please '
                            "report a bug to PyTorch. This is a grandfathered Caffe2 device type opencl, it shouldn't "
                            "ever convert to a DispatchKey.  File a bug describing what you were doing if you think "
                            "this is in error.")
    return NotImplementedError(
        f"Could not run 'aten::empty_strided' with arguments from the '{_BACKEND[kind]}' backend. This could be "
        "because the operator doesn't exist for this backend, or was omitted during the selective/custom build "
        "process (if using custom build).")


_DL_DEVICE = "_to_dlpack(): argument 'dl_device'"


def _check_dl_device(dl_device):
    """torch's parser first checks each argument's type: for dl_device, an optional tuple (or list)
    of ints whose first element alone is looked at."""
    if dl_device is not None and (not isinstance(dl_device, (tuple, list)) or dl_device and (
            isinstance(dl_device[0], bool) or not _is_int(dl_device[0]))):
        raise TypeError(f"{_DL_DEVICE} must be tuple of ints, not {type_name(dl_device)}")


def _is_int(x):
    try:
        return int_arg(x) is not None
    except ValueError:          # an int beyond int64: its unpacking fails later
        return True


def _dl_device_arg(dl_device):
    """...then converts it, every element (a bool is fine after the first), then its length."""
    if dl_device is None:
        return None
    where = _DL_DEVICE
    values = []
    for pos, x in enumerate(dl_device):
        try:
            v = int(x) if isinstance(x, bool) else int_arg(x)
        except ValueError as e:
            # (torch's text goes on with the C++ backtrace of the error)
            raise TypeError(f'{where} failed to unpack the object at pos {pos + 1} with error "{e}') from None
        if v is None:
            raise TypeError(f'{where} failed to unpack the object at pos {pos + 1} with error "type must be tuple '
                            f'of ints,but got {type_name(x)}"')
        values.append(v)
    if not values:                  # an empty tuple is no device at all
        return None
    if len(values) != 2:
        raise RuntimeError("dl_device must be either None or a tuple of ints")
    return values


def _export_device(dl_device, copy):
    """torch's checks of the device a CPU tensor is exported to (its device index is ignored)."""
    code, index = _wrap_int(dl_device[0], 32), _wrap_int(dl_device[1], 8)
    if code == KDLCPU:
        return
    if code == 14:
        raise RuntimeError("Can't get ATen device for XPU without XPU data.")
    kind = _DL_TO_DEVICE.get(code)
    if kind is None:
        raise BufferError(f"Unsupported device_type: {code}")
    if copy is False:
        name = kind if index == -1 else f"{kind}:{index}"
        raise ValueError(f"cannot move (i.e. copy=False) tensor from cpu to {name} without copying.")
    raise _no_backend(kind, index)


def _import_device(device, source, copy):
    """from_dlpack's device=: a device string parsed as c10 parses one; the CPU is fine, any
    other device fails as torch 2.13's CPU build fails to move the imported tensor there."""
    if isinstance(device, device_type):     # a device object reads as its string, as in torch
        device = str(device)
    if not isinstance(device, str):
        raise AssertionError(f"from_dlpack: unsupported device type: {type(device)}")
    kind, index = split_string(device)
    index = None if index is None else _wrap_int(index, 16)
    if kind == "cpu":
        return
    if kind == "xpu":
        raise RuntimeError(_XPU)
    if kind not in _DEVICE_TO_DL:
        raise BufferError(f"Cannot pack tensors on {device}")
    if copy is False:           # DLPack's device id is torch's index in a uint8, for the kinds that keep it
        target = (_DEVICE_TO_DL[kind], (-1 if index is None else index) & 0xFF
                  if kind in ("cuda", "privateuseone", "mtia") else 0)
        raise ValueError(f"cannot move DLPack tensor from device {source} to {target} without copying. "
                         "Set copy=None or copy=True.")
    if kind == "cuda":
        raise AssertionError("Torch not compiled with CUDA enabled")
    if kind == "mtia":
        raise AssertionError("Torch not compiled with MTIA enabled. Ensure you have `import "
                             "mtia.host_runtime.torch_mtia.dynamic_library` in your python src file and include "
                             "`//mtia/host_runtime/torch_mtia:torch_mtia` as your target dependency!")
    if kind == "privateuseone":
        raise ModuleNotFoundError("No module named 'runtime.privateuseone'")
    raise _no_backend(kind, index)


# ------------------------------------------------------------------ producer
def to_dlpack(t, stream=None, max_version=None, dl_device=None, copy=None):
    """Tensor.__dlpack__: a capsule sharing t's memory (a copy's with copy=True)."""
    if t._lazy == "conj":             # (a negative view goes out as it is stored, as torch's)
        raise BufferError("Can't export tensors with the conjugate bit set")
    if stream is not None and type(stream) is not int:
        raise TypeError("stream must be ``int`` or ``none``")
    if stream is not None and stream != -1:          # torch's "no synchronisation" value passes
        raise AssertionError("stream should be None on cpu.")
    versioned = not (max_version is None or max_version[0] < 1)     # torch's test, with its TypeErrors
    _check_dl_device(dl_device)
    if copy is not None and type(copy) is not bool:
        raise TypeError(f"_to_dlpack(): argument 'copy' must be bool, not {type_name(copy)}")
    dl_device = _dl_device_arg(dl_device)
    if dl_device is not None:
        _export_device(dl_device, copy)
    flags = 0
    if copy:
        t, flags = t.clone(), IS_COPIED
    if t.dtype._dlpack is None:
        raise BufferError(f"can't export a {t.dtype!r} tensor: DLPack has no type for it")
    code, bits, lanes = _dl_type(t.dtype)
    owner = t._storage
    managed = lib.ew_dlpack_export(versioned, t.data_ptr(), len(t._shape), t._shape, t._strides, code, bits, flags,
                                   id(owner))
    if managed == ffi.NULL:
        raise MemoryError("__dlpack__: failed to allocate the DLPack tensor")
    if lanes != 1:
        ffi.cast(_MANAGED[versioned], managed).dl_tensor.dtype.lanes = lanes
    try:
        return fastcall.capsule(_address(managed), versioned)
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
    source = x.__dlpack_device__()
    if device is not None:
        _import_device(device, source, copy)
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
    taken = fastcall.capsule_take(capsule)      # checked and renamed "used_...": ours now
    if taken is None:
        raise RuntimeError(_INVALID)
    versioned, address = taken
    managed = ffi.cast(_MANAGED[versioned], address)
    try:
        read_only = False
        if versioned:
            if managed.version.major > 1:
                raise RuntimeError(f"unsupported DLPack capsule major version: {managed.version.major}. "
                                   "Maximum supported version: 1")
            read_only = bool(managed.flags & READ_ONLY)
        address, nbytes, shape, strides, dt = _describe(managed.dl_tensor)
        if read_only and copy is False:
            raise BufferError("from_dlpack: the DLPack tensor is read-only and runtime tensors are writable; "
                              "it can't be imported with copy=False")
    except BaseException:
        fastcall.capsule_restore(capsule, versioned)   # refused: the producer's capsule deletes it, as before
        raise
    keeper = ffi.gc(managed, _RELEASE[versioned])
    t = _wrap(address, nbytes, keeper, shape, strides, dt)
    return t.clone() if copy or read_only else t


def _describe(dl):
    """(data address, byte span, shape, strides, dtype) of a DLTensor, with torch's errors."""
    if dl.device.device_type != KDLCPU:
        raise BufferError(f"Unsupported device_type: {dl.device.device_type} (runtime tensors live in CPU "
                          f"memory, kDLCPU = {KDLCPU})")
    code, bits, lanes = dl.dtype.code, dl.dtype.bits, dl.dtype.lanes
    dt = FROM_DL.get((code, bits, lanes))
    if lanes != 1 and dt is None:
        raise BufferError(f"runtime does not support lanes != 1 for dtype code{code}")
    if dt is None:
        if code in _KIND and any(key[:2] == (code, bits) for key in FROM_DL):      # float4: bits 4, lanes 2
            raise BufferError(f"Unsupported {_KIND[code]} lanes {lanes}")
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
    t._shape, t._strides, t._offset, t._dtype, t._wrapped, t._lazy = shape, strides, 0, dt, False, None
    return t


def _dlpack(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    return to_dlpack(self, stream=stream, max_version=max_version, dl_device=dl_device, copy=copy)


def _dlpack_device(self):
    return (KDLCPU, 0)


METHODS = {"__dlpack__": _dlpack, "__dlpack_device__": _dlpack_device}
