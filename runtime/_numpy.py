"""Zero-copy exchange with NumPy (optional: nothing here imports it at module load).

np.asarray(t) reads t.__array_interface__; rt.from_numpy(a) wraps the array's memory,
keeping the array alive for as long as any tensor view of it exists."""
import sys

from .dtypes import ALL
from .scalars import type_name
from .tensor import Tensor, _Storage

# NumPy typestr -> dtype, from dtypes.yaml's typestr (little-endian, as this machine), also
# with NumPy's "native order" mark
FROM_TYPESTR = {prefix + dt._typestr[1:]: dt for dt in ALL if dt._typestr for prefix in (dt._typestr[0], "=")}


def array_interface(t):
    typestr = t.dtype._typestr
    if typestr is None:
        raise TypeError(f"can't convert a {t.dtype!r} tensor to a NumPy array: NumPy has no {t.dtype.name} dtype")
    size = t.dtype.itemsize
    return {"version": 3, "shape": tuple(t._shape), "typestr": typestr,
            "data": (t.data_ptr(), False), "strides": tuple(st * size for st in t._strides)}


def from_numpy(a):
    """A tensor sharing the memory of NumPy array `a` (torch.from_numpy's rules)."""
    if not any(c.__module__ == "numpy" and c.__name__ == "ndarray" for c in type(a).__mro__):
        raise TypeError(f"expected np.ndarray (got {type_name(a)})")
    iface = a.__array_interface__
    if iface["typestr"][0] == (">" if sys.byteorder == "little" else "<"):
        raise ValueError("given numpy array has byte order different from the native byte order. Conversion "
                         "between byte orders is currently not supported.")
    dt = FROM_TYPESTR.get(iface["typestr"])
    if dt is None:
        raise TypeError(f"can't convert np.ndarray of type {a.dtype}. The only supported types are: float64, "
                        "float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, "
                        "uint16, uint8, and bool.")
    shape = tuple(iface["shape"])
    byte_strides = iface.get("strides") or _contiguous_bytes(shape, dt.itemsize)
    if any(st < 0 for st in byte_strides):
        raise ValueError("At least one stride in the given numpy array is negative, and tensors with negative "
                         "strides are not currently supported. (You can probably work around this by making a "
                         "copy of your array  with array.copy().) ")
    if any(st % dt.itemsize for st in byte_strides):
        raise ValueError("given numpy array strides not a multiple of the element byte size. Copy the numpy "
                         "array to reallocate the memory.")
    if iface["data"][1]:
        raise ValueError("from_numpy: the array is read-only; tensors are writable (make a copy)")
    t = object.__new__(Tensor)
    t._storage = _Storage(a.nbytes, iface["data"][0], a)     # the array lives as long as it
    t._ptr = t._storage.ptr
    t._shape, t._strides = shape, tuple(st // dt.itemsize for st in byte_strides)
    t._offset, t._dtype, t._wrapped = 0, dt, False
    return t


def _contiguous_bytes(shape, size):
    out, acc = [], size
    for n in reversed(shape):
        out.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(out))
