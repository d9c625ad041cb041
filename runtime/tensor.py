"""The Tensor: a dtype, a shape and strides (in elements) over a shared storage.

Views (slicing, transpose, permute, reshape of contiguous data) share the storage;
every value conversion goes through the generated cast loops, so `.to()`, copies
and element reads convert exactly as the kernels do.

This is the storage-and-views layer: it imports only what lies below it (the library, dtypes,
Python scalars, formats, the iterator).  The methods that parse torch's arguments or belong to a
layer above are attached to Tensor by runtime/__init__.py from those layers' METHODS tables:
_methods.py (to, clone, copy_, contiguous, half(), ...), _advanced.py (indexing), _device.py,
_format.py (repr), _numpy.py, _dlpack.py, and generated/ops.py (every op)."""
from __future__ import annotations

from . import _formats
from ._iterator import (_contiguous_strides, _contiguous_strides_cached, _numel, broadcast_shapes, check_overlap,
                        lazy_kernel, output_strides, run)
from ._lib import fastcall, ffi, tables
from ._warn import warn_once
from .dtypes import BY_NAME, as_dtype
from .scalars import check_fits, int_arg, size_arg, type_name

_INT64_MIN, _INT64_MAX = -(1 << 63), (1 << 63) - 1


# A 64-byte aligned block from the library's allocator, shared by a tensor and its views and
# freed with the last of them (large blocks are recycled: no page faults when reused);
# _Storage(nbytes, address, owner) wraps another object's memory, keeping the owner alive.
# It is a C type (fastcall.c), so that the C short path can make outputs; tensors keep
# plain integer addresses (`_ptr`), which the C entry points take as uintptr_t.
_Storage = fastcall.Storage


def _new_tensor(shape, strides, dt):
    """A fresh tensor on a new storage, for a shape that comes from other tensors (a tuple of
    non-negative ints: no validation but the byte size) and a dense layout of it.  The short
    construction path of every op's output."""
    n = 1
    for d in shape:
        n *= d
    nbytes = n * dt.itemsize
    if nbytes > _INT64_MAX:
        check_shape(shape, dt.itemsize)       # raises torch's overflow error
    st = _Storage(nbytes)
    t = _new_object(Tensor)
    t._storage, t._ptr, t._shape, t._strides, t._offset, t._dtype, t._wrapped = st, st.ptr, shape, strides, 0, dt, False
    t._lazy = None
    return t


def new_output(shape, inputs, dt):
    """A fresh output of `shape` for an op on `inputs`, in torch's layout (output_strides)."""
    strides = output_strides(shape, inputs)
    return _new_tensor(shape, _contiguous_strides_cached(shape) if strides is None else strides, dt)


_new_object = object.__new__


def check_shape(shape, itemsize=1):
    """Validate a new tensor's shape (a tuple of ints, from size_arg) and its byte size, before
    anything is allocated."""
    for s in shape:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {list(shape)}")
    if _numel(shape) * itemsize > _INT64_MAX:
        raise RuntimeError(f"Storage size calculation overflowed with sizes={list(shape)}")
    return tuple(shape)


def check_numel(shape):
    """c10's safe_compute_numel for a view's sizes: a negative size or a product past int64."""
    n = 1
    for s in shape:
        n *= s
    if n > _INT64_MAX or any(s < 0 for s in shape):
        raise RuntimeError("numel: integer multiplication overflow")


class Size(tuple):
    """torch.Size: a tuple of ints that prints as runtime.Size([2, 3])."""
    __slots__ = ()

    def __new__(cls, sizes=()):
        values = []
        for i, s in enumerate(sizes):
            # torch's Size keeps a Python int as it is, even beyond int64 (broadcast_shapes can make
            # one); what reads it as an int64 later (repr, numel, a size argument) raises then
            v = s if type(s) is int else int_arg(s)
            if v is None:
                raise TypeError(f"runtime.Size() takes an iterable of 'int' (item {i} is '{type_name(s)}')")
            values.append(v)
        return super().__new__(cls, values)

    def __repr__(self):
        return f"runtime.Size({list(_int64_sizes(self))})"

    def numel(self):
        return _numel(_int64_sizes(self))


def _int64_sizes(size):
    """A Size's values, read as int64 as torch reads them."""
    if not all(_INT64_MIN <= n <= _INT64_MAX for n in size):
        raise ValueError("Overflow when unpacking long long")
    return size


def _size(shape):
    return tuple.__new__(Size, shape)       # our own shapes: ints already


class Tensor:
    # _lazy: torch's conjugate or negative bit, None, "conj" or "neg": the values are conj() / neg()
    # of the stored ones (x.conj() is such a view; _iterator.run resolves it, reading or writing)
    __slots__ = ("_storage", "_ptr", "_shape", "_strides", "_offset", "_dtype", "_wrapped", "_lazy", "__weakref__")
    __hash__ = object.__hash__

    # ------------------------------------------------------------------ construction
    @classmethod
    def _empty(cls, shape, dt):
        shape = check_shape(tuple(shape), dt.itemsize)
        return _new_tensor(shape, _contiguous_strides_cached(shape), dt)

    @classmethod
    def _empty_strided(cls, shape, strides, dt):
        """A fresh tensor laid out with `strides` (a permutation of a dense layout)."""
        shape = check_shape(tuple(shape), dt.itemsize)
        return _new_tensor(shape, tuple(strides), dt)

    def _dense_strides(self):
        """This tensor's strides if it is non-overlapping and dense (a permuted contiguous
        layout), else None: c10's is_non_overlapping_and_dense, which holds for every empty
        tensor (it is contiguous) and ignores dims of size 1."""
        if 0 in self._shape:
            return self._strides
        if len(self._shape) == 1:
            return self._strides if self._shape[0] < 2 or self._strides[0] == 1 else None
        dims = sorted((i for i, n in enumerate(self._shape) if n > 1), key=lambda i: self._strides[i])
        expected = 1
        for i in dims:
            if self._strides[i] != expected:
                return None
            expected *= self._shape[i]
        return self._strides

    def _view(self, shape, strides, offset):
        t = object.__new__(Tensor)
        t._storage, t._dtype, t._wrapped, t._lazy = self._storage, self._dtype, False, self._lazy
        t._shape, t._strides, t._offset = tuple(shape), tuple(strides), offset
        t._ptr = self._storage.ptr + offset * self._dtype.itemsize
        return t

    # ------------------------------------------------------------------ conjugate and negative views
    def _with_bit(self, lazy):
        t = self._view(self._shape, self._strides, self._offset)
        t._lazy = lazy
        return t

    def _physical(self):
        """The stored values: this view without its conj/neg bit."""
        return self if self._lazy is None else self._with_bit(None)

    def _resolved(self):
        """Its values in a tensor without a bit (itself when it has none): resolve_conj/resolve_neg."""
        if self._lazy is None:
            return self
        phys = self._physical()
        return run(lazy_kernel(self), phys._like(self._dtype), [phys], self._shape)

    def _dense_copy(self, fmt):
        """A copy of the stored values in memory format fmt, keeping the bit (torch's contiguous()
        keeps it, where clone() resolves it)."""
        phys = self._physical()
        t = phys._like(self._dtype, fmt)._copy_from(phys)
        t._lazy = self._lazy
        return t

    def conj(self):
        """A view whose values are the conjugates (torch's conjugate bit); a real tensor itself."""
        if not self._dtype.is_complex:
            return self
        return self._with_bit(None if self._lazy == "conj" else "conj")

    def is_conj(self):
        return self._lazy == "conj"

    def is_neg(self):
        return self._lazy == "neg"

    def resolve_conj(self):
        return self._resolved() if self._lazy == "conj" else self

    def resolve_neg(self):
        return self._resolved() if self._lazy == "neg" else self


    # ------------------------------------------------------------------ properties
    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self):
        return _size(self._shape)


    @property
    def layout(self):
        return _formats.strided

    def size(self, dim=None):
        if dim is None:
            return _size(self._shape)
        return self._shape[self._dim(dim, scalar="size")]

    def stride(self, dim=None):
        if dim is None:
            return self._strides
        return self._strides[self._dim(dim, scalar="stride")]

    @property
    def ndim(self):
        return len(self._shape)

    def dim(self):
        return len(self._shape)

    def numel(self):
        return _numel(self._shape)

    def element_size(self):
        return self._dtype.itemsize

    @property
    def itemsize(self):
        return self._dtype.itemsize

    @property
    def nbytes(self):
        return self.numel() * self._dtype.itemsize

    def storage_offset(self):
        return self._offset

    def data_ptr(self):
        return self._ptr

    def is_floating_point(self):
        return self._dtype.is_floating_point

    def is_complex(self):
        return self._dtype.is_complex


    def _is_contiguous(self):
        if _numel(self._shape) == 0:
            return True
        expected = 1
        for n, s in zip(reversed(self._shape), reversed(self._strides)):
            if n != 1 and s != expected:
                return False
            expected *= n
        return True

    def _dim(self, dim, ndim=None, scalar=None, fname=None, argname="dim", pos=1):
        """torch's maybe_wrap_dim: a dim in [-ndim, ndim); a 0-dim tensor takes -1 and 0, or
        none at all for `scalar` (size(), stride()).  TypeError for what is not an int."""
        ndim = self.ndim if ndim is None else ndim
        d = int_arg(dim)
        if d is None:
            fname = fname or scalar or "dim"
            raise TypeError(f"{fname}(): argument '{argname}' (position {pos}) must be int, not {type_name(dim)}")
        dim = d
        if ndim == 0 and scalar:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        lo, hi = (-1, 0) if ndim == 0 else (-ndim, ndim - 1)
        if not lo <= dim <= hi:
            raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {dim})")
        return dim % max(ndim, 1)

    # ------------------------------------------------------------------ kernels
    def _byte_strides(self, shape):
        """Strides in bytes for iterating this tensor broadcast to `shape` (0 where broadcast)."""
        lead = len(shape) - len(self._shape)
        size = self._dtype.itemsize
        out = [0] * lead
        for n, own, st in zip(shape[lead:], self._shape, self._strides):
            out.append(0 if own == 1 and n != 1 else st * size)
        return out

    def _copy_from(self, src):
        """self[...] = src, broadcasting src and converting its dtype with the cast loops."""
        shape = self._shape
        if src._shape != shape:
            full = broadcast_shapes(shape, src._shape)
            if full != shape:
                raise RuntimeError(f"output with shape {list(shape)} doesn't match the broadcast shape {list(full)}")
            if len(src._shape) > len(shape):        # leading size-1 dims: dropped
                k = len(src._shape) - len(shape)
                src = src._view(src._shape[k:], src._strides[k:], src._offset)
        if _numel(shape) == 0:
            return self
        kernel = tables.CASTS[src._dtype.index][self._dtype.index]
        if kernel is None:            # a packed minifloat: torch converts none of its values
            packed = src._dtype if src._dtype._minifloat.get("packed", 1) > 1 else self._dtype
            raise NotImplementedError(f"\"copy_kernel\" not implemented for '{packed.c10_name}'")
        run(kernel, self, [src], shape)
        return self


    def _copy(self, src):
        """copy_(src) of a tensor: nothing when src is this very data, else torch's overlap checks
        (where the copy would read what it wrote) and the copy."""
        if src is self or (src._storage is self._storage and src._offset == self._offset and src._dtype is self._dtype
                           and src._shape == self._shape and src._strides == self._strides):
            return self
        check_overlap(self, [src])
        return self._copy_from(src)

    def _to(self, dt, copy, fmt):
        """aten's to(): self when nothing changes (to_will_alias: the same dtype, no copy, and a
        memory format that is preserve_format or the one the strides suggest), else _to_copy."""
        if dt is self._dtype and not copy and (
                fmt is None or fmt is _formats.preserve_format
                or _formats.suggest_memory_format(self._shape, self._strides) is fmt):
            return self
        if self._dtype.is_complex and not dt.is_complex:
            warn_once("Casting complex values to real discards the imaginary part", stacklevel=4)
        return self._like(dt, fmt)._copy_from(self)

    def _contiguous(self):
        return self if self._is_contiguous() else self._dense_copy(_formats.contiguous_format)

    def _like(self, dt, fmt=None):
        """An empty tensor of this shape in memory format `fmt` (empty_like): by default torch's
        preserve_format layout, a dense tensor's own strides, else its dims' order
        (infer_dense_strides); another format's strides with its rank check."""
        if fmt is not None and fmt is not _formats.preserve_format:
            strides = _formats.format_strides(self._shape, fmt)
        else:
            strides = self._dense_strides() or output_strides(self._shape, [self], empty_like=True)
        if strides is None:
            return Tensor._empty(self._shape, dt)
        return Tensor._empty_strided(self._shape, strides, dt)


    # ------------------------------------------------------------------ reading values
    def _flat_values(self):
        """All elements in row-major order, as Python bool/int/float/complex (a dtype without a
        memoryview format is read through its opmath dtype, as dtypes.yaml says)."""
        if self._dtype._minifloat.get("packed", 1) > 1:
            raise RuntimeError("load_scalar: invalid type")          # torch's tolist() of float4_e2m1fn_x2
        src = self._resolved()
        src = src if src._dtype._format else src._to(src._dtype._opmath, False, None)
        src = src._contiguous()
        n = src.numel()
        if n == 0:
            return []
        values = memoryview(ffi.buffer(ffi.cast("char *", src._ptr), src._dtype.itemsize * n)).cast("B").cast(
            src._dtype._format).tolist()
        if src._dtype.is_complex:
            return [complex(values[i], values[i + 1]) for i in range(0, len(values), 2)]
        if src._dtype.category == "bool":
            return [v != 0 for v in values]
        return values

    def tolist(self):
        values = self._flat_values()
        if not self._shape:
            return values[0]
        return _nest(values, self._shape)

    def item(self):
        n = self.numel()
        if n != 1:
            raise RuntimeError(f"a Tensor with {n} elements cannot be converted to Scalar")
        if self._dtype._minifloat.get("packed", 1) > 1:     # float4_e2m1fn_x2: torch reads no value of it
            raise NotImplementedError(f"\"_local_scalar_dense_cpu\" not implemented for '{self._dtype.c10_name}'")
        return self._flat_values()[0]

    def __bool__(self):
        n = self.numel()
        if n != 1:
            raise RuntimeError(f"Boolean value of Tensor with {'more than one value' if n else 'no values'} is ambiguous")
        return bool(self.item())

    def _scalar(self):
        """The one element, for int()/float()/complex(): torch's ValueError otherwise."""
        if _numel(self._shape) != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return self.item()

    def __int__(self):
        v = self._scalar()
        if isinstance(v, complex):
            check_fits(v, BY_NAME["int64"])       # torch: item().toLong(), checked
            v = v.real
        return int(v)

    def __float__(self):
        v = self._scalar()
        if isinstance(v, complex):
            check_fits(v, BY_NAME["float64"])
            v = v.real
        return float(v)

    def __complex__(self):
        return complex(self._scalar())

    def __format__(self, spec):
        return format(self.item(), spec) if not self._shape else object.__format__(self, spec)

    def __delitem__(self, index):
        raise TypeError("Tensor does not support deleting items")

    def __index__(self):
        if self._dtype.category not in ("integral", "bool") or self.numel() != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self.item())

    def __len__(self):
        if not self._shape:
            raise TypeError("len() of a 0-d tensor")
        return self._shape[0]

    def __iter__(self):
        if not self._shape:
            raise TypeError("iteration over a 0-d tensor")
        return (self[i] for i in range(self._shape[0]))


    # ------------------------------------------------------------------ interop
    # NumPy's operators and ufuncs defer to ours: np.float64(1) + t is t.__radd__, a tensor
    __array_ufunc__ = None


    # ------------------------------------------------------------------ views
    def _complex_part(self, imag):
        """A view of the real or imaginary parts of a complex tensor, in its real dtype."""
        real = self._dtype.to_real()
        t = object.__new__(Tensor)
        t._storage, t._dtype, t._wrapped = self._storage, real, False
        t._lazy = "neg" if imag and self._lazy == "conj" else None      # imag(conj(z)) = -imag(z)
        t._shape = self._shape
        t._strides = tuple(2 * s for s in self._strides)
        t._offset = 2 * self._offset + (1 if imag else 0)
        t._ptr = self._storage.ptr + t._offset * real.itemsize
        return t


    def transpose(self, dim0, dim1):
        d0 = self._dim(dim0, fname="transpose", argname="dim0", pos=1)
        d1 = self._dim(dim1, fname="transpose", argname="dim1", pos=2)
        shape, strides = list(self._shape), list(self._strides)
        if shape:
            shape[d0], shape[d1] = shape[d1], shape[d0]
            strides[d0], strides[d1] = strides[d1], strides[d0]
        return self._view(shape, strides, self._offset)

    swapaxes = transpose

    def permute(self, *dims):
        if not dims:
            raise TypeError('permute() missing 1 required positional arguments: "dims"')
        dims = size_arg("permute", dims, "dims")
        if len(dims) != self.ndim:
            raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does not match "
                               f"the length of the desired ordering of dimensions i.e. input.dim() = {self.ndim} "
                               f"is not equal to len(dims) = {len(dims)}")
        dims = [self._dim(d) for d in dims]
        if len(set(dims)) != len(dims):
            raise RuntimeError("permute(): duplicate dims are not allowed.")
        return self._view([self._shape[d] for d in dims], [self._strides[d] for d in dims], self._offset)

    @property
    def T(self):
        if self.ndim != 2:
            warn_once("Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases."
                          if self.ndim == 0 else
                          "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
                          "deprecated and it will throw an error in a future release. Consider `x.mT` to transpose "
                          "batches of matrices or `x.permute(*runtime.arange(x.ndim - 1, -1, -1))` to reverse the "
                          "dimensions of a tensor.")
        return self._view(self._shape[::-1], self._strides[::-1], self._offset)    # a new view, even for 0-dim

    def t(self):
        if self.ndim > 2:
            raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {self.ndim}D")
        return self._view(self._shape[::-1], self._strides[::-1], self._offset)

    def unsqueeze(self, dim):
        d = self._dim(dim, self.ndim + 1, fname="unsqueeze")
        shape, strides = list(self._shape), list(self._strides)
        stride = shape[d] * strides[d] if d < self.ndim else 1
        shape.insert(d, 1)
        strides.insert(d, stride)
        return self._view(shape, strides, self._offset)

    def squeeze(self, *args, **kwargs):
        """squeeze(), squeeze(dim), squeeze((d0, d1)) or squeeze(d0, d1), as torch parses them."""
        if kwargs:
            if args or set(kwargs) != {"dim"}:
                raise TypeError(f"squeeze() got an unexpected keyword argument '{next(k for k in kwargs if k != 'dim')}'"
                                if set(kwargs) - {"dim"} else "squeeze() got multiple values for argument 'dim'")
            args = (kwargs["dim"],)
        if not args:
            drop = set(range(self.ndim))
        elif len(args) == 1 and not isinstance(args[0], (tuple, list)):
            if args[0] is None:
                raise TypeError("squeeze() received an invalid combination of arguments - got (NoneType), but "
                                "expected one of:\n * ()\n * (int dim)\n * (tuple of ints dim)\n")
            drop = {self._dim(args[0], fname="squeeze")}
        else:
            dims = [self._dim(d, fname="squeeze") for d in size_arg("squeeze", args, "dim")]
            for i, d in enumerate(dims):
                if d in dims[:i]:
                    raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
            drop = set(dims)
        keep = [i for i in range(self.ndim) if i not in drop or self._shape[i] != 1]
        return self._view([self._shape[i] for i in keep], [self._strides[i] for i in keep], self._offset)

    def _typename(self):
        return f"{self._dtype.type_in_errors}{{{list(self._shape)}}}"

    def expand(self, *sizes):
        if not sizes:
            raise TypeError('expand() missing 1 required positional arguments: "size"')
        sizes = size_arg("expand", sizes)
        lead = len(sizes) - self.ndim
        if lead < 0:
            raise RuntimeError(f"expand({self._typename()}, size={list(sizes)}): the number of sizes provided "
                               f"({len(sizes)}) must be greater or equal to the number of dimensions in the tensor "
                               f"({self.ndim})")
        shape, strides = [0] * len(sizes), [0] * len(sizes)
        if not self._shape:             # torch's inferExpandGeometry: a 0-dim tensor takes the sizes as given
            shape, sizes = list(sizes), ()
        for i in range(len(sizes) - 1, -1, -1):        # torch's order: the last dim first
            n = sizes[i]
            if i < lead:
                if n == -1:
                    raise RuntimeError(f"The expanded size of the tensor (-1) isn't allowed in a leading, "
                                       f"non-existing dimension {i}")
                shape[i] = n            # a new dim of size 1 is strided as unsqueeze would stride it
                strides[i] = shape[i + 1] * strides[i + 1] if n == 1 else 0
                continue
            own, st = self._shape[i - lead], self._strides[i - lead]
            if n == -1 or n == own:
                shape[i], strides[i] = own, st
            elif own == 1:
                shape[i] = n
            else:
                raise RuntimeError(f"The expanded size of the tensor ({n}) must match the existing size ({own}) at "
                                   f"non-singleton dimension {i}.  Target sizes: {list(sizes)}.  "
                                   f"Tensor sizes: {list(self._shape)}")
        check_numel(shape)
        return self._view(shape, strides, self._offset)

    def expand_as(self, other):
        if not isinstance(other, Tensor):
            raise TypeError(f"expand_as(): argument 'other' (position 1) must be Tensor, not {type_name(other)}")
        return self.expand(other._shape)

    def _infer_shape(self, fname, shape):
        """torch's infer_size: one -1 takes what the others leave of numel()."""
        shape = list(size_arg(fname, shape, "shape" if fname == "reshape" else "size"))
        numel, newsize, infer = self.numel(), 1, None
        for i, n in enumerate(shape):
            if n == -1:
                if infer is not None:
                    raise RuntimeError("only one dimension can be inferred")
                infer = i
            elif n >= 0:
                newsize *= n
            else:
                raise RuntimeError(f"invalid shape dimension {n} at index {i} of shape {shape}")
        if numel == newsize or (infer is not None and newsize > 0 and numel % newsize == 0):
            if infer is not None:
                if newsize == 0:
                    raise RuntimeError(f"cannot reshape tensor of 0 elements into shape {shape} because the "
                                       "unspecified dimension size -1 can be any value and is ambiguous")
                shape[infer] = numel // newsize
            return tuple(shape)
        raise RuntimeError(f"shape '{shape}' is invalid for input of size {numel}")

    def view(self, *shape, dtype=None):
        if dtype is not None:
            shape = shape + (dtype,)
        if len(shape) > 1 and any(isinstance(s, type(self._dtype)) for s in shape):
            got = ", ".join(["runtime.dtype" if isinstance(s, type(self._dtype)) else type_name(s) for s in shape])
            raise TypeError(f"view() received an invalid combination of arguments - got ({got}), but expected "
                            "one of:\n * (runtime.dtype dtype)\n * (tuple of ints size)\n")
        if len(shape) == 1 and as_dtype(shape[0]) is not None:
            return self._view_dtype(as_dtype(shape[0]))
        if not shape:
            raise TypeError("view() received an invalid combination of arguments - got (), but expected one of:\n"
                            " * (runtime.dtype dtype)\n * (tuple of ints size)\n")
        shape = self._infer_shape("view", shape)
        strides = _view_strides(self._shape, self._strides, shape)
        if strides is None:
            raise RuntimeError("view size is not compatible with input tensor's size and stride (at least one "
                               "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")
        return self._view(shape, strides, self._offset)

    def _view_dtype(self, d):
        """aten's view_dtype: the same bytes read as dtype d; the last dim scales by the ratio of the
        element sizes, with torch's checks in its order."""
        if self._lazy is not None and d is not self._dtype:
            raise RuntimeError("torch.Tensor.view is not supported for conjugate view tensors when converting to "
                               "a different dtype." if self._lazy == "conj" else "torch.Tensor.view is not supported "
                               "for tensors with negative bit set when converting to a different dtype.")
        old, new = self._dtype.itemsize, d.itemsize
        shape, strides, offset = list(self._shape), list(self._strides), self._offset
        names = f"{self._dtype.c10_name} as {d.c10_name} (different element sizes)"
        if old != new:
            if not shape:
                raise RuntimeError(f"self.dim() cannot be 0 to view {names}")
            stride_one = f"self.stride(-1) must be 1 to view {names}, but got {strides[-1]}"
            if old > new:
                if strides[-1] != 1:
                    raise RuntimeError(stride_one)
                r = old // new
                strides, shape[-1], offset = [s * r for s in strides[:-1]] + [1], shape[-1] * r, offset * r
            else:
                r = new // old
                if shape[-1] % r:
                    raise RuntimeError(f"self.size(-1) must be divisible by {r} to view {names}, but got {shape[-1]}")
                if offset % r:
                    raise RuntimeError(f"self.storage_offset() must be divisible by {r} to view {names}, "
                                       f"but got {offset}")
                if strides[-1] != 1:
                    raise RuntimeError(stride_one)
                for i, st in enumerate(strides[:-1]):
                    if st % r:
                        raise RuntimeError(f"self.stride({i}) must be divisible by {r} to view {names}, but got {st}")
                strides, shape[-1], offset = [s // r for s in strides[:-1]] + [1], shape[-1] // r, offset // r
        t = object.__new__(Tensor)
        t._storage, t._dtype, t._wrapped, t._lazy = self._storage, d, False, self._lazy
        t._shape, t._strides, t._offset = tuple(shape), tuple(strides), offset
        t._ptr = self._storage.ptr + offset * d.itemsize
        return t

    def reshape(self, *shape):
        if not shape:
            raise TypeError('reshape() missing 1 required positional arguments: "shape"')
        shape = self._infer_shape("reshape", shape)
        strides = _view_strides(self._shape, self._strides, shape)
        if strides is None:
            return self._contiguous().view(shape)
        return self._view(shape, strides, self._offset)

    def flatten(self, start_dim=0, end_dim=-1):
        s = self._dim(start_dim, fname="flatten", argname="start_dim", pos=1)
        e = self._dim(end_dim, fname="flatten", argname="end_dim", pos=2)
        if s > e:
            raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
        if not self._shape:
            return self.reshape(1)
        if s == e:
            return self                 # torch returns the tensor itself
        return self.reshape(self._shape[:s] + (_numel(self._shape[s:e + 1]),) + self._shape[e + 1:])


def _nest(values, shape):
    if len(shape) == 1:
        return values
    step = len(values) // shape[0] if shape[0] else 0
    return [_nest(values[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _view_strides(old_shape, old_strides, new_shape):
    """Strides for viewing (old_shape, old_strides) as new_shape, or None (torch's computeStride)."""
    if _numel(old_shape) == 0 or not old_shape:     # empty, or 0-dim (one element: any all-ones shape)
        return tuple(old_strides) if tuple(old_shape) == tuple(new_shape) else _contiguous_strides(new_shape)
    new_strides = [0] * len(new_shape)
    view_d = len(new_shape) - 1
    chunk_base = old_strides[-1] if old_strides else 1
    tensor_numel, view_numel = 1, 1
    for d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[d]
        if d == 0 or (old_shape[d - 1] != 1 and old_strides[d - 1] != tensor_numel * chunk_base):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_strides[view_d] = view_numel * chunk_base
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if d > 0:
                chunk_base = old_strides[d - 1]
                tensor_numel, view_numel = 1, 1
    if view_d != -1:
        return None
    return tuple(new_strides)


def _int64_bits(v):
    """A Python int as torch stores it in int64: [2**63, 2**64) wraps (torch reads it as uint64)."""
    if _INT64_MIN <= v <= _INT64_MAX:
        return v
    if _INT64_MAX < v < (1 << 64):
        return v - (1 << 64)
    if v < 0:
        raise OverflowError("can't convert negative int to unsigned")
    raise OverflowError("int too big to convert")


