"""Advanced indexing (aten's index and index_put_): the advanced items _indexing.apply
recorded, made into int64 index tensors and broadcast together, then one C walk
(index.c: ew_index) that gathers into a new tensor or scatters into the indexed one.

Steps and errors follow aten: checkIndexTensorTypes, expandTensors (masks become their
nonzero columns), the broadcast of the indices, transposeToFront when the indexed dims are
not adjacent, AdvancedIndex's restriding, then the kernel's per-element bounds check."""
from __future__ import annotations

import warnings

from . import _indexing
from ._iterator import _numel, broadcast_shapes, check_overlap
from ._lib import ffi, lib
from .creation import number_tensor, tensor
from .dtypes import BY_NAME
from .scalars import _INT64_MAX, _INT64_MIN, check_fits, number, type_name
from .tensor import Tensor, _new_tensor, new_output

_INT64 = BY_NAME["int64"]
_OVERLAP = ("unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
            "memory location. Please clone() the tensor before performing the operation.")


def as_index(seq):
    """sequenceToVariable (indexing_tensor_from_data): a bool or uint8 list keeps its dtype,
    anything else becomes int64."""
    t = tensor(seq)
    return t if t.dtype._index == "mask" else tensor(seq, dtype=_INT64)


def _check_count(src, advanced):
    """index/index_put_: the index list (one slot per dim up to the last advanced item; Ellipses
    can put it past the end) must not be longer than the tensor's dims."""
    got = advanced[-1][0] + 1
    if got > src.ndim:
        raise IndexError(f"too many indices for tensor of dimension {src.ndim} (got {got})")


def _check_types(advanced):
    for _, item in advanced:
        if isinstance(item, Tensor) and item.dtype._index is None:
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")


def _nonzero_columns(mask):
    """mask.nonzero().select(1, j) for each dim j: aten's nonzero is column-major (strides
    (1, count)), so each column is a contiguous int64 run."""
    nd = mask.ndim
    cap = _numel(mask._shape)
    keep = _walked_dims(mask._shape)
    cols = _new_tensor((nd, cap), (cap, 1), _INT64)
    isz = mask.dtype.itemsize
    count = lib.ew_nonzero(ffi.cast("char *", mask._ptr), len(keep), [mask._shape[d] for d in keep],
                           [mask._strides[d] * isz for d in keep], ffi.cast("int64_t *", cols._ptr), cap)
    if count < 0:
        raise RuntimeError(f"internal error: ew_nonzero refused its arguments ({count})")
    walked = [cols._view((count,), (1,), j * cap) for j in range(len(keep))]
    if len(keep) == nd:
        return walked
    zeros = _new_tensor((count,), (1,), _INT64)      # the column of a size-1 dim
    ffi.memmove(ffi.cast("char *", zeros._ptr), bytes(8 * count), 8 * count)
    return [walked[keep.index(d)] if d in keep else zeros for d in range(nd)]


def _walked_dims(shape):
    """The dims the C walks see: all of them, but beyond their 64-dim limit only those of size
    above 1 (a non-empty tensor has at most 63 of those; size-1 dims address nothing)."""
    return list(range(len(shape))) if len(shape) <= 64 else [d for d, n in enumerate(shape) if n != 1]


def _expand(src, advanced):
    """expandTensors: a list over src's dims, None where no advanced index applies, masks
    replaced by their nonzero columns (their sizes checked), True/False by [0] and []."""
    indices = []
    for dim, item in advanced:
        indices.extend([None] * (dim - len(indices)))
        if item is True or item is False:
            t = _new_tensor((1 if item else 0,), (1,), _INT64)
            if item:
                ffi.cast("int64_t *", t._ptr)[0] = 0
            indices.append(t)
        elif item.dtype._index == "mask":
            if item.dtype.name == "uint8":
                warnings.warn("indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool "
                              "instead.", UserWarning, stacklevel=4)
            for j, n in enumerate(item._shape):
                k = len(indices) + j
                if k >= src.ndim or n != src._shape[k]:
                    raise IndexError(f"The shape of the mask {list(item._shape)} at index {j} does not match the shape "
                                     f"of the indexed tensor {list(src._shape)} at index {k}")
            indices.extend(_nonzero_columns(item))
        else:
            indices.append(item)
    return indices


class _Info:
    """make_info + AdvancedIndex: the result shape, the source restrided over it, the index
    tensors (int64) broadcast over it, and the indexed dims' sizes and strides."""

    def __init__(self, src, advanced):
        _check_count(src, advanced)
        _check_types(advanced)
        indices = _expand(src, advanced)
        defined = [t for t in indices if t is not None]
        try:
            shape = broadcast_shapes(*(t._shape for t in defined))
        except RuntimeError:
            raise IndexError("shape mismatch: indexing tensors could not be broadcast together with shapes "
                             + ", ".join(str(list(t._shape)) for t in defined)) from None
        indices += [None] * (src.ndim - len(indices))
        at = [d for d, t in enumerate(indices) if t is not None]
        if at != list(range(at[0], at[0] + len(at))):          # transposeToFront
            order = at + [d for d, t in enumerate(indices) if t is None]
            src = src.permute(*order)
            indices = [indices[d] for d in order]
            at = list(range(len(at)))
        before, k = at[0], len(at)
        self.sizes = [src._shape[d] for d in at]
        isz = src.dtype.itemsize
        self.strides = [src._strides[d] * isz for d in at]
        if 0 in self.sizes and 0 not in shape:
            raise IndexError("index is out of bounds for dimension with size 0")
        self.shape = src._shape[:before] + shape + src._shape[before + k:]
        after = len(src._shape) - before - k
        self.src = src._view(self.shape, src._strides[:before] + (0,) * len(shape) + src._strides[before + k:],
                             src._offset)
        self.indices = []
        for d in at:
            t = indices[d]      # expand_outplace, then int32 made int64 (in its expanded layout)
            t = t if t._shape == shape else t.expand(shape)
            if t.dtype is not _INT64:
                t = t.to(_INT64)
            # reshape_indexer: 1s around it (their strides as view() makes them: TensorIterator
            # reads them to order the result's dims), broadcast by the iterator
            self.indices.append(t.view((1,) * before + shape + (1,) * after))

    def run(self, put, a):
        """ew_index over the result shape: a is the result (put=0) or the value (put=1)."""
        keep = _walked_dims(self.shape)
        used = range(len(self.indices))
        if len(self.indices) > 64:      # beyond the C walk's limit: indices into size-1 dims only check
            for k, t in enumerate(self.indices):
                if self.sizes[k] == 1:
                    v = next((v for v in t.flatten().tolist() if v not in (0, -1)), None)
                    if v is not None:
                        raise IndexError(f"index {v} is out of bounds for dimension {k} with size 1")
            used = [k for k in used if self.sizes[k] != 1]
        indices = [self.indices[k] for k in used]
        isz = a.dtype.itemsize
        idx_strides = [t._strides[d] * 8 if t._shape[d] != 1 else 0 for t in indices for d in keep]
        a_strides = [a._strides[d] * isz if a._shape[d] != 1 else 0 for d in keep]
        bad = ffi.new("int64_t[3]")
        rc = lib.ew_index(put, len(keep), [self.shape[d] for d in keep], ffi.cast("char *", a._ptr), a_strides,
                          ffi.cast("char *", self.src._ptr), [self.src._strides[d] * isz for d in keep],
                          len(indices), [ffi.cast("char *", t._ptr) for t in indices], idx_strides,
                          [self.sizes[k] for k in used], [self.strides[k] for k in used], isz, bad)
        if rc == -1 and len(used) < len(self.indices):
            bad[0] = used[bad[0]]
        if rc == -1:
            raise IndexError(f"index {bad[1]} is out of bounds for dimension {bad[0]} with size {bad[2]}")
        if rc:
            raise RuntimeError(f"internal error: ew_index refused its arguments ({rc})")


def getitem(src, advanced):
    """at::index(src, indices): a new tensor in the layout TensorIterator gives it."""
    src = src._resolved()           # a conj view's values: the result has no bit, as torch's
    info = _Info(src, advanced)
    out = new_output(info.shape, [info.src, *info.indices], src.dtype)
    if _numel(info.shape):
        info.run(0, out)
    return out


def _has_internal_overlap(t):
    return t._dense_strides() is None and any(st == 0 and n > 1 for st, n in zip(t._strides, t._shape))


def _overlaps(a, b):
    """get_overlap_status(a, b) is Full or Partial: the same storage, both dense, ranges meeting."""
    if a is b:
        return True
    if a._storage is not b._storage or not _numel(a._shape) or not _numel(b._shape):
        return False
    if a._dense_strides() is None or b._dense_strides() is None:
        return False
    a0, b0 = a._ptr, b._ptr
    a1, b1 = a0 + _numel(a._shape) * a.dtype.itemsize, b0 + _numel(b._shape) * b.dtype.itemsize
    return a0 < b1 and b0 < a1


def _mask_fill(dst, advanced, value):
    """canDispatchToMaskedFill: a one-element value and a single mask (no other tensor index)."""
    if _numel(value._shape) != 1:
        return None
    masks = [item for _, item in advanced if isinstance(item, Tensor)]
    if len(masks) != 1 or len(advanced) != 1 or masks[0].dtype._index != "mask":
        return None
    dim, mask = advanced[0]
    for j, n in enumerate(mask._shape):
        if dim + j >= dst.ndim or n != dst._shape[dim + j]:
            raise IndexError(f"The shape of the mask {list(mask._shape)} at index {j} does not match the shape "
                             f"of the indexed tensor {list(dst._shape)} at index {dim + j}")
    return mask


def setitem(dst, advanced, value):
    """index_put_(dst, indices, value) as torch's setitem calls it (value's leading 1s dropped)."""
    if dst._lazy is not None:       # a conj/neg view: put into its values, then store them back through the bit
        values = dst._resolved()
        setitem(values, advanced, value)
        dst._copy_from(values)
        return
    value = value._resolved()
    _check_count(dst, advanced)
    vshape = _drop_leading_ones(value._shape)
    if vshape != value._shape:
        value = value.view(vshape)
    if _has_internal_overlap(dst):
        warnings.warn("Use of index_put_ on expanded tensors is deprecated. Please clone() the tensor before "
                      "performing this operation. This also applies to advanced indexing e.g. tensor[indices] "
                      "= tensor", UserWarning, stacklevel=3)
    mask = _mask_fill(dst, advanced, value)
    if mask is not None:            # masked_fill_(mask, value.item())
        if mask.dtype.name != "bool":
            raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype "
                               f"{mask.dtype.cpp_name}")
        if _has_internal_overlap(dst):
            warnings.warn("Use of masked_fill_ on expanded tensors is deprecated. Please clone() the tensor "
                          "before performing this operation. This also applies to advanced indexing e.g. "
                          "tensor[mask] = scalar", UserWarning, stacklevel=3)
        v = value.item()
        check_fits(v, dst.dtype)        # Scalar::to<T>: checked for every dtype (setitem's exemptions aside)
        value = setitem_value(v, dst.dtype)
    elif _overlaps(dst, value) or any(isinstance(t, Tensor) and _overlaps(dst, t) for _, t in advanced):
        raise RuntimeError(_OVERLAP)
    info = _Info(dst, advanced)
    shape = info.shape
    try:
        ok = broadcast_shapes(shape, value._shape) == tuple(shape) and value.ndim <= len(shape)
    except RuntimeError:
        ok = False
    if not ok:
        raise RuntimeError(f"shape mismatch: value tensor of shape {list(value._shape)} cannot be broadcast to "
                           f"indexing result of shape {list(shape)}")
    if value.dtype is not dst.dtype:
        raise RuntimeError(f"Index put requires the source and destination dtypes match, got {dst.dtype.c10_name} "
                           f"for the destination and {value.dtype.c10_name} for the source.")
    if _numel(shape):
        info.run(1, value.expand(shape))


# ------------------------------------------------------------------ t[index], t[index] = value
def setitem_value(v, dt):
    """A Python number stored into dt by setitem, with the checks torch's setitem makes: an int
    must fit int64; then c10's range check, which dtypes.yaml's unchecked_fill dtypes skip (their
    conversion saturates to inf) after reading a complex as a double."""
    if type(v) is int and not _INT64_MIN <= v <= _INT64_MAX:
        raise ValueError("Overflow when unpacking long long")
    if dt._unchecked_fill:
        if isinstance(v, complex):
            check_fits(v, BY_NAME["float64"])
    else:
        check_fits(v, dt)
    if isinstance(v, complex) and not dt.is_complex:    # the imaginary part is 0 by now (or dt is bool)
        v = bool(v) if dt.category == "bool" else v.real
    t = number_tensor(v, None)
    return t if t._dtype is dt else t.to(dt)


def _copy_to(dst, src):
    """torch's copy_to (setitem): the same shape copies; a 0-dim source fills (its value read
    first, no overlap check: fill is idempotent); otherwise leading 1s of the source are
    dropped and it is expanded to the destination ("setitem")."""
    if src._shape == dst._shape:
        dst._copy(src)
    elif not src._shape:
        check_overlap(dst, [])
        value = Tensor._empty((), src._dtype)._copy_from(src)
        dst._copy_from(value.expand(dst._shape))
    else:                   # (a view, so strides of size-1 dims are recomputed, as torch's are)
        dst._copy(src.view(_drop_leading_ones(src._shape)).expand(dst._shape))


def _drop_leading_ones(shape):
    k = 0
    while k < len(shape) and shape[k] == 1:
        k += 1
    return shape[k:]


def tensor_getitem(self, index):
    view, advanced = _indexing.apply(self._shape, self._strides, self._offset, index, Tensor, as_index)
    out = self._view(view.shape, view.strides, view.offset)
    if advanced:        # tensors, sequences, True/False: at::index, a copy
        return getitem(out, advanced)
    return out


def tensor_setitem(self, index, value):
    # torch's order: the value is converted (and range-checked) before the index is read
    if isinstance(value, Tensor):
        src = value
    else:
        v = number(value)
        if v is None:
            raise TypeError(f"can't assign a {type_name(value)} to a runtime.{self._dtype.c10_name}Tensor")
        src = setitem_value(v, self._dtype)
    if index is False:          # torch writes nothing and checks nothing
        return
    view, advanced = _indexing.apply(self._shape, self._strides, self._offset, index, Tensor, as_index)
    dst = self if view.same else self._view(view.shape, view.strides, view.offset)
    if advanced and index is not True:      # index_put_ (torch copies into self[None] for a lone True)
        setitem(dst, advanced, src)
        return
    _copy_to(dst, src)


METHODS = {"__getitem__": tensor_getitem, "__setitem__": tensor_setitem}
