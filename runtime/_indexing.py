"""torch's basic indexing, step by step as python_variable_indexing.cpp and TensorIndexing.h
take it: an index (ints, slices, None, Ellipsis, True/False, 0-dim integer tensors) applied
to a view's geometry (shape, strides, storage offset), with torch's errors in torch's order.

A single index takes torch's short path (get_item/set_item with one TensorIndex); anything
else is wrapped in a tuple (NumPy's rule for lists that hold slices, None, Ellipsis or
sequences) and applied item by item (applySlicing): every Ellipsis advances the dim by
ndim - (dims the index names), errors name the item's position in the tuple.  True/False,
tensors and sequences are advanced indices: they are recorded at the dim they apply to and
left to runtime/_advanced.py.  Pure geometry: no tensor is built here (sequences are made
into tensors by the caller's function, where torch's sequenceToVariable does it)."""
from __future__ import annotations

import operator
import warnings

from .scalars import is_long

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1
_PY_SSIZE_MAX = _INT64_MAX
_MIN_SYMINT = -(1 << 62)      # c10::SymInt::min_representable_int(): slice bounds are clipped to it
_NON_TUPLE = ("Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed in "
              "pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be interpreted as "
              "tensor index, x[torch.tensor(seq)], which will result either in an error or a different result")
_INVALID = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
            "are valid indices (got {})")


class View:
    """A view's geometry while an index is applied to it; `same` while no view op has made it
    another tensor (torch's sliced.is_same(self), which index_put_'s overlap check reads)."""
    __slots__ = ("shape", "strides", "offset", "same")

    def __init__(self, shape, strides, offset):
        self.shape, self.strides, self.offset = list(shape), list(strides), offset
        self.same = True

    def _size_at(self, dim):
        """sizes()[dim] as torch's applySelect reads it, past the end when two Ellipses took the
        dim beyond the last one: the next words of c10's SizesAndStrides (zeroed size slots,
        then the strides, the storage offset and numel; None where torch reads further)."""
        n = len(self.shape)
        if dim < n:
            return self.shape[dim]
        if n > 5:
            words = self.shape + self.strides
        else:
            stride_slots = self.strides + [1 if n == 0 else 0] + [0] * (4 - n) if n < 5 else self.strides
            words = self.shape + [0] * (5 - n) + stride_slots + [self.offset, _numel(self.shape)]
        return words[dim] if dim < len(words) else None

    def _wrap(self, dim, extra=0):
        n = len(self.shape) + extra
        lo, hi = (-n, n - 1) if n else (-1, 0)
        if not lo <= dim <= hi:
            raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {dim})")
        return dim % n if n else 0

    def select(self, dim, k, real_dim):
        """applySelect: the bounds check (with the dim of the original index), then select()."""
        if k == 0 and dim == 0 and not self.shape:
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        size = self._size_at(dim)
        if size is not None and not (size > -1 - k and size > k):
            raise IndexError(f"index {k} is out of bounds for dimension {real_dim} with size {size}")
        d = self._wrap(dim)         # (a dim past the last one, whose read size let k pass)
        self.same = False
        n = self.shape[d]
        self.offset += (k + n if k < 0 else k) * self.strides[d]
        del self.shape[d], self.strides[d]

    def slice(self, dim, start, stop, step, whole_is_self=False):
        """applySlice then at::slice: bounds clamped, the offset moved even when the slice is
        empty, the size rounded up in int64 (a huge step overflows as in torch).  Inside a
        tuple, a slice from 0 with step 1 that reaches the size (as applySelect reads it, past
        the last dim too) leaves the view as it is."""
        if step <= 0:
            raise ValueError("step must be greater than zero")
        if whole_is_self and start == 0 and step == 1 and self.shape:
            size = self._size_at(dim)
            if size is None or size <= stop:
                return
        if not self.shape:
            raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        d = self._wrap(dim)
        self.same = False
        n = self.shape[d]
        start = start + n if start < 0 else start
        stop = stop + n if stop < 0 else stop
        start = min(max(start, 0), n)
        stop = start if stop < start else min(stop, n)
        length = _wrap64(stop - start + step - 1)
        size = -(-length // step) if length < 0 else length // step      # C's division truncates
        self.offset += start * self.strides[d]
        self.shape[d], self.strides[d] = size, _wrap64(self.strides[d] * step)
        if step != 1:
            _check_storage_size(self.shape, self.strides, self.offset)

    def unsqueeze(self, dim):
        d = self._wrap(dim, 1)
        self.same = False
        self.strides.insert(d, self.shape[d] * self.strides[d] if d < len(self.shape) else 1)
        self.shape.insert(d, 1)


def _wrap64(v):
    return ((v + (1 << 63)) % (1 << 64)) - (1 << 63)


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _check_storage_size(shape, strides, offset):
    """computeStorageNbytes' overflow check, in uint64 as c10 does it."""
    if 0 in shape:
        return
    total = offset
    for n, s in zip(shape, strides):
        total += (s % (1 << 64)) * ((n - 1) % (1 << 64))
    if total >= 1 << 63:
        raise RuntimeError(f"Storage size calculation overflowed with sizes={list(shape)} and strides={list(strides)}")


def _slice_bounds(s):
    """__PySlice_Unpack: (start, stop, step) clipped as torch reads them."""
    def index(v):
        v = operator.index(v)
        return max(min(v, _PY_SSIZE_MAX), -_PY_SSIZE_MAX - 1)
    step = 1 if s.step is None else index(s.step)
    if step == 0:
        raise ValueError("slice step cannot be zero")
    step = max(step, _MIN_SYMINT)
    start = (_PY_SSIZE_MAX if step < 0 else 0) if s.start is None else max(index(s.start), _MIN_SYMINT)
    stop = (_MIN_SYMINT if step < 0 else _PY_SSIZE_MAX) if s.stop is None else max(index(s.stop), _MIN_SYMINT)
    return start, stop, step


def _long(v):
    if not _INT64_MIN <= v <= _INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    return v


def _is_sequence(obj, tensor_type):
    return not isinstance(obj, (dict, tensor_type)) and hasattr(type(obj), "__getitem__") and hasattr(type(obj), "__len__")


def _as_tuple(index, tensor_type):
    """wrapTuple: a tuple as it is; a short sequence holding a slice, None, Ellipsis or a
    sequence as the tuple of its items (NumPy's heuristic); anything else as a 1-tuple."""
    if isinstance(index, tuple):
        return index
    if _is_sequence(index, tensor_type) and len(index) < 32:
        items = list(index)
        if any(isinstance(i, (tensor_type, slice)) or i is None or i is Ellipsis or _is_sequence(i, tensor_type)
               for i in items):
            warnings.warn(_NON_TUPLE, UserWarning, stacklevel=4)
            return tuple(items)
    return (index,)


def _specified(items, tensor_type):
    """count_specified_dimensions: the dims the index names (a byte or bool tensor names its ndim)."""
    count = 0
    for i in items:
        if isinstance(i, tensor_type):
            count += i.ndim if i.dtype._index == "mask" else 1
        elif not (i is None or i is Ellipsis or i is True or i is False):
            count += 1
    return count


def _tensor_item(t):
    """A 0-dim integer tensor selects, a 0-dim mask (bool, uint8: dtypes.yaml's index) acts as
    True/False; other tensors (of any dtype: at::index checks it) are advanced indices."""
    if t.ndim == 0 and t.dtype.category in ("bool", "integral"):
        v = t.item()
        return bool(v) if t.dtype._index == "mask" else v
    return t


def apply(shape, strides, offset, index, tensor_type, as_index):
    """The index applied to a view: (View, advanced) where advanced lists, in order, the
    (dim, item) of each advanced index, item True/False or an index tensor; a mask spans its
    ndim dims from dim.  as_index(sequence) makes a sequence into its index tensor."""
    view = View(shape, strides, offset)
    if not isinstance(index, tuple):            # torch's single-index short paths
        if index is None:
            view.unsqueeze(0)
            return view, []
        if index is Ellipsis:
            return view, []
        if is_long(index):
            view.select(0, _long(operator.index(index)), 0)
            return view, []
        if isinstance(index, slice):
            view.slice(0, *_slice_bounds(index))
            return view, []
        if index is True or index is False:
            view.unsqueeze(0)
            return view, [(0, index)]
    items = _as_tuple(index, tensor_type)
    specified = _specified(items, tensor_type)
    ndim = len(view.shape)
    if specified > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    dim, advanced = 0, []
    for real_dim, obj in enumerate(items):
        if isinstance(obj, tensor_type):
            obj = _tensor_item(obj)
        elif isinstance(obj, (str, bytes)):
            raise TypeError(f"new(): invalid data type '{type(obj).__name__}'")
        elif _is_sequence(obj, tensor_type):
            obj = as_index(obj)
        if isinstance(obj, tensor_type):        # recordTensorIndex: a mask spans its dims
            advanced.append((dim, obj))
            dim += obj.ndim if obj.dtype._index == "mask" else 1
        elif is_long(obj):
            view.select(dim, _long(operator.index(obj)), real_dim)
        elif isinstance(obj, slice):
            view.slice(dim, *_slice_bounds(obj), whole_is_self=True)
            dim += 1
        elif obj is Ellipsis:
            dim += ndim - specified
        elif obj is None:
            view.unsqueeze(dim)
            dim += 1
        elif obj is True or obj is False:
            view.unsqueeze(dim)
            advanced.append((dim, obj))
            dim += 1
        elif hasattr(type(obj), "__index__"):
            view.select(dim, _long(operator.index(obj)), real_dim)
        else:
            raise IndexError(_INVALID.format(type(obj).__name__))
    return view, advanced
