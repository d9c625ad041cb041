"""TensorIterator's part: the broadcast shape of the operands, the layout torch gives a new
output, the memory-overlap checks for a written-to tensor, and running a loop of the library
over an output and its inputs (broadcast, strided, cast chunk by chunk in C).

It works on anything with a tensor's attributes (_ptr, _shape, _strides, _dtype) and imports
no tensor: the tensor layer above allocates outputs in the layout chosen here."""
from ._lib import ffi, lib, tables

_NULL = ffi.NULL


def _contiguous_strides(shape):
    strides, acc = [], 1
    for n in reversed(shape):
        strides.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(strides))


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def broadcast_shapes(*shapes):
    """The broadcast of the shapes, folded pairwise as torch's infer_size (same error text)."""
    out = tuple(shapes[0]) if shapes else ()
    for b in shapes[1:]:
        a, ndim = out, max(len(out), len(b))
        res = [1] * ndim
        for i in range(ndim - 1, -1, -1):
            da, db = len(a) - ndim + i, len(b) - ndim + i
            sa = a[da] if da >= 0 else 1
            sb = b[db] if db >= 0 else 1
            if sa != sb and sa != 1 and sb != 1:
                raise RuntimeError(f"The size of tensor a ({sa}) must match the size of tensor b ({sb}) "
                                   f"at non-singleton dimension {i}")
            res[i] = sb if sa == 1 else sa
        out = tuple(res)
    return out


def output_strides(shape, inputs, empty_like=False):
    """The layout torch's TensorIterator gives a new output (None: contiguous): contiguous when
    the inputs are; the inputs' strides when they all share one dense layout; otherwise
    dimensions ordered as the inputs' strides order them (reorder_dimensions), broadcast
    dimensions ignored, each stride the product of the sizes of the faster dims (so 0 after
    an empty dim).  empty_like: infer_dense_strides' variant, which counts empty dims as 1."""
    for t in inputs:           # the common case first: every input in row-major order
        if t._strides != _contiguous_strides_cached(t._shape):
            break
    else:   # (with empty dims, torch's dim order breaks ties by size unless the shapes are all equal)
        if _numel(shape) or all(t._shape == shape for t in inputs):
            return None
    full = [t for t in inputs if t._shape == shape]
    if len(full) == len(inputs) and all(t._is_contiguous() for t in inputs):
        return None
    if len(full) == len(inputs) and len({t._strides for t in full}) == 1 and full[0]._dense_strides():
        return full[0]._strides
    ndim = len(shape)
    strides = [t._byte_strides(shape) for t in inputs]

    def should_swap(d0, d1):
        for st in strides:
            s0, s1 = st[d0], st[d1]
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return 1 if s0 > s1 else -1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    perm = list(range(ndim - 1, -1, -1))          # perm[0] is the fastest dimension
    for i in range(1, ndim):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            c = should_swap(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    if perm == list(range(ndim - 1, -1, -1)):
        return None
    out, acc = [0] * ndim, 1
    for d in perm:
        out[d] = acc
        acc *= max(shape[d], 1) if empty_like else shape[d]
    return tuple(out)


_CONTIGUOUS = {}


_ew_run, _ew_run_flat = lib.ew_run_addr, lib.ew_run_flat_addr


def _contiguous_strides_cached(shape):
    s = _CONTIGUOUS.get(shape)
    if s is None:
        if len(_CONTIGUOUS) > 512:
            _CONTIGUOUS.clear()
        s = _CONTIGUOUS[shape] = _contiguous_strides(shape)
    return s


def run(kernel, out, inputs, shape, params=None, casts=None):
    """Run loop `kernel` over out and inputs (broadcast to shape); returns out.
    casts: None, or per operand (out first) the cast loop id that converts between the
    operand's dtype and the loop's (-1 where they match); the C walker casts chunk by chunk."""
    if out._lazy is not None:
        return _run_lazy(kernel, out, inputs, shape, params, casts)
    for t in inputs:            # (a loop, not any(): no generator on every call)
        if t._lazy is not None:
            return _run_lazy(kernel, out, inputs, shape, params, casts)
    cs = _CONTIGUOUS.get(shape) or _contiguous_strides_cached(shape)
    if out._strides == cs and len(inputs) <= 2:
        # the short path: every input contiguous in the output's shape, or a single element
        flags = 0
        a = inputs[0]
        if a._shape != shape or a._strides != cs:
            if _numel(a._shape) != 1:
                return _run_nd(kernel, out, inputs, shape, params, casts)
            flags = 2
        if len(inputs) == 2:
            b = inputs[1]
            if b._shape != shape or b._strides != cs:
                if _numel(b._shape) != 1:
                    return _run_nd(kernel, out, inputs, shape, params, casts)
                flags |= 4
            bp = b._ptr
        else:
            bp = 0
        if casts is not None:
            flags |= ((casts[0] + 1) << 8) | ((casts[1] + 1) << 24) | ((casts[2] + 1 if len(casts) > 2 else 0) << 40)
        n = 1
        for d in shape:
            n *= d
        rc = _ew_run_flat(kernel, n, out._ptr, a._ptr, bp, params or _NULL, flags)
        if rc:
            _raise_rc(rc, kernel)
        return out
    return _run_nd(kernel, out, inputs, shape, params, casts)


# the kernels that resolve a conjugate / negative bit: conj() and neg() are their own inverses
_LAZY_OPS = {"conj": "conj_physical", "neg": "neg"}


def lazy_kernel(t):
    """The loop that turns t's stored values into its values (and back)."""
    return tables.OPS[_LAZY_OPS[t._lazy]]["kernels"][t._dtype.name]


def _run_lazy(kernel, out, inputs, shape, params, casts):
    """torch's conjugate/negative fallback: inputs with a bit are read resolved; an output with
    one gets the results computed aside, then stored through its bit."""
    inputs = [t._resolved() for t in inputs]
    if out._lazy is None:
        return run(kernel, out, inputs, shape, params, casts)
    stored = out._physical()
    aside = stored._like(out._dtype)
    run(kernel, aside, inputs, shape, params, casts)
    run(lazy_kernel(out), stored, [aside], shape)
    return out


_MAX_DIMS = 64      # the C walker's limit (EW_MAX_DIMS)


def _run_nd(kernel, out, inputs, shape, params, casts):
    ops = [out, *inputs]
    strides = []
    for t in ops:
        strides.extend(t._byte_strides(shape))
    if len(shape) > _MAX_DIMS:
        # size-1 dims take no part in the walk; what remains is at most 63 dims of size >= 2
        # (numel fits int64) or holds no element at all
        if _numel(shape) == 0:
            return out
        keep = [d for d, n in enumerate(shape) if n != 1]
        nd = len(shape)
        strides = [strides[k * nd + d] for k in range(len(ops)) for d in keep]
        shape = tuple(shape[d] for d in keep)
    rc = _ew_run(kernel, len(ops), len(shape), shape, [t._ptr for t in ops], strides, params or _NULL,
                 casts or _NULL)
    if rc:
        _raise_rc(rc, kernel)
    return out


def _raise_rc(rc, kernel):
    if rc == 1:
        raise RuntimeError("ZeroDivisionError")
    raise RuntimeError(f"internal error: kernel {kernel} refused its arguments ({rc})")


_OVERLAP = ("unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
            "single memory location. Please clone() the tensor before performing the operation.")
_INTERNAL_OVERLAP = ("unsupported operation: more than one element of the written-to tensor refers to a single "
                     "memory location. Please clone() the tensor before performing the operation.")


def check_overlap(out, inputs):
    """torch's memory-overlap checks for a written-to tensor: no element written twice, and
    no input that partially overlaps it (the same elements, the same way, are fine)."""
    n = _numel(out._shape)
    if n == 0:
        return
    if out._dense_strides() is None and any(st == 0 and sz > 1 for st, sz in zip(out._strides, out._shape)):
        raise RuntimeError(_INTERNAL_OVERLAP)
    if out._dense_strides() is None:
        return                              # torch: too hard to tell
    o_begin = out.data_ptr()
    o_end = o_begin + n * out.dtype.itemsize
    for t in inputs:
        if t is out or t._storage is not out._storage or _numel(t._shape) == 0 or t._dense_strides() is None:
            continue
        t_begin = t.data_ptr()
        t_end = t_begin + _numel(t._shape) * t.dtype.itemsize
        if t_begin == o_begin and t_end == o_end:
            if t._strides != out._strides:
                raise RuntimeError(_OVERLAP)
        elif t_begin < o_end and o_begin < t_end:
            raise RuntimeError(_OVERLAP)
