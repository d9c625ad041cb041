"""Zero-copy exchange with NumPy (optional: nothing here imports it at module load).

np.asarray(t) reads t.__array_interface__; rt.from_numpy(a) wraps the array's memory,
keeping the array alive for as long as any tensor view of it exists."""
import sys

from .dtypes import ALL, BY_NAME
from .scalars import type_name
from .tensor import Tensor, _Storage

# NumPy typestr -> dtype, from dtypes.yaml's typestr (little-endian, as this machine), also
# with NumPy's "native order" mark
FROM_TYPESTR = {prefix + dt._typestr[1:]: dt for dt in ALL if dt._typestr for prefix in (dt._typestr[0], "=")}
FROM_ML = {dt._ml_dtypes: dt for dt in ALL if dt._ml_dtypes}


# NumPy lacks bfloat16 and the float8 formats; the ml_dtypes package adds them to it
EXTRA = "install the ml_dtypes extra (pip install 'ewgen[ml_dtypes]')"
_BITS = {1: "uint8", 2: "uint16"}


def _ml_type(dt):
    """The ml_dtypes scalar type of dt (dtypes.yaml's ml_dtypes); TypeError when NumPy cannot have it."""
    if dt._ml_dtypes is None:
        raise TypeError(f"can't convert a {dt!r} tensor to a NumPy array: NumPy has no {dt.name} dtype")
    try:
        import ml_dtypes
    except ImportError:
        raise TypeError(f"can't convert a {dt!r} tensor to a NumPy array: NumPy has no {dt.name} dtype; "
                        f"{EXTRA} to exchange it as ml_dtypes.{dt._ml_dtypes}") from None
    return getattr(ml_dtypes, dt._ml_dtypes)


def to_array(t, dtype=None, copy=None):
    """Tensor.__array__, for the dtypes NumPy has through ml_dtypes only: the tensor's bits viewed
    as the ml_dtypes type, sharing its memory (a copy with copy=True or another dtype)."""
    _check_bits(t)
    import numpy as np
    ml = _ml_type(t.dtype)
    a = np.asarray(t.view(BY_NAME[_BITS[t.dtype.itemsize]])).view(ml)
    if dtype is not None and np.dtype(dtype) != a.dtype:
        if copy is False:
            raise ValueError("converting to another dtype needs a copy, and copy=False was given")
        return a.astype(dtype)
    return a.copy() if copy else a


def _check_bits(t):
    """torch's numpy() refuses a conjugate or negative view (the stored values are not its values)."""
    if t._lazy is not None:
        bit, fix = ("conjugate", "resolve_conj") if t._lazy == "conj" else ("negative", "resolve_neg")
        raise RuntimeError(f"Can't call numpy() on Tensor that has {bit} bit set. Use tensor.{fix}().numpy() "
                           "instead.")


def array_interface(t):
    _check_bits(t)
    typestr = t.dtype._typestr
    if typestr is None:
        if t.dtype._ml_dtypes is not None:
            # no interface: NumPy then asks Tensor.__array__, which goes through ml_dtypes
            raise AttributeError("__array_interface__")
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
    if dt is None and getattr(a.dtype.type, "__module__", "").startswith("ml_dtypes"):
        dt = FROM_ML.get(a.dtype.name)
        if dt is not None:              # ml_dtypes' bfloat16 / float8: its bits, as that dtype
            t = from_numpy(a.view(_BITS[dt.itemsize]))
            t._dtype = dt
            return t
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
    t._offset, t._dtype, t._wrapped, t._lazy = 0, dt, False, None
    return t


def _contiguous_bytes(shape, size):
    out, acc = [], size
    for n in reversed(shape):
        out.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(out))


def to_numpy(self, *, force=False):
    """Tensor.numpy(): the tensor as an ndarray sharing its memory.  force=True is torch's detach,
    cpu and resolve_conj first: nothing to do here, the memory is still shared, as torch's for a
    CPU tensor."""
    if type(force) is not bool:      # torch's parser: a bool, not a NumPy bool or an int
        raise TypeError(f"numpy(): argument 'force' must be bool, not {type_name(force)}")
    _check_bits(self)                   # (before NumPy is needed: torch's order)
    import numpy as np
    return np.asarray(self)


# NumPy's view of a tensor's memory (np.asarray(t) shares it, strides included), its fallback
# where there is none (bfloat16 and float8 through ml_dtypes), and Tensor.numpy()
def _array_interface(self):
    return array_interface(self)


def _array(self, dtype=None, copy=None):
    return to_array(self, dtype, copy)


METHODS = {"__array_interface__": property(_array_interface), "__array__": _array, "numpy": to_numpy}
