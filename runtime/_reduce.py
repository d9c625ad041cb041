"""Reductions: every entry of ops.yaml's `reductions:` as a function and a Tensor method.

Binding is torch's argument parser (runtime/_argparse.py) over the entry's signatures; then
torch's steps, in its order: the input's dtype checks (`reject`), dtype= (cast the input first,
as torch does), the kernel for (input dtype, value dtype) or torch's NotImplementedError, the
dims (wrapped, no repeats), the empty-input errors of reductions without an identity, out=
(dtype rule of the config, then resized as torch resizes it), and the C walk (csrc/reduce.c)."""
from __future__ import annotations

import operator
import warnings

from generated import reductions as _data

from . import _argparse, _reduce_out
from ._lib import ffi, lib
from .dtypes import BY_NAME
from ._dispatch import _resize_out
from ._iterator import _contiguous_strides, _contiguous_strides_cached, _numel
from .tensor import Tensor, _new_tensor

_OUT_SLOTS = ("input", "dim", "keepdim", "dtype", "other", "out")


def _errors():
    return {"RuntimeError": RuntimeError, "IndexError": IndexError, "TypeError": TypeError,
            "ValueError": ValueError, "NotImplementedError": NotImplementedError}


_ERRORS = _errors()


class _ReturnType(tuple):
    """torch.return_types' named pairs: (values, indices), with those attributes."""
    __slots__ = ()
    _name = ""

    def __new__(cls, values, indices):
        return tuple.__new__(cls, (values, indices))

    values = property(lambda self: self[0])
    indices = property(lambda self: self[1])

    def __repr__(self):
        return f"runtime.return_types.{self._name}(\nvalues={self[0]!r},\nindices={self[1]!r})"


def _return_type(name, fields=("values", "indices")):
    attrs = {"__slots__": (), "_name": name, "__module__": "runtime.return_types", "_fields": fields}
    attrs.update({f: property(operator.itemgetter(i)) for i, f in enumerate(fields)})
    if fields != ("values", "indices"):
        attrs["__repr__"] = lambda self: (f"runtime.return_types.{name}(\n{fields[0]}={self[0]!r},\n"
                                          f"{fields[1]}={self[1]!r})")
    return type(name, (_ReturnType,), attrs)


def _result_dtype(cfg, dt):
    table = dict(cfg["result"])
    v = table.get(dt.name, table.get(dt.category, table.get("default")))
    if v == "real":
        return dt.to_real()
    return None if v is None else dt if v == "same" else BY_NAME[v]


def _dims(x, dim, no_dims):
    """The reduced dims, wrapped and checked as torch's make_dim_mask; None: all of them."""
    if dim is None:
        return None
    dims = tuple(dim) if isinstance(dim, (tuple, list)) else (operator.index(dim),)
    if not dims:
        return None if no_dims == "all" else []
    seen = []
    for d in dims:
        w = x._dim(d)
        if w in seen:
            raise RuntimeError(f"dim {w} appears multiple times in the list of dims")
        seen.append(w)
    return _Dims(seen, dims)


class _Dims(list):
    """Wrapped dims that remember how they were given (torch's empty-dim message prints that)."""
    def __init__(self, wrapped, given):
        super().__init__(wrapped)
        self.given = dict(zip(wrapped, (int(g) for g in given)))


def _walk(shape, strides, keep):
    """(sizes, strides) of the dims in `keep` order with size-1 dims dropped and neighbours that
    are contiguous in memory merged."""
    out = []
    for d in keep:
        n, s = shape[d], strides[d]
        if n == 1:
            continue
        if out and out[-1][1] == s * n:
            out[-1] = (out[-1][0] * n, s)
        else:
            out.append((n, s))
    return out


class Reduction:
    def __init__(self, name):
        self.name = name
        self.r = _data.REDUCTIONS[name]
        self.cfg = _data.CONFIGS[self.r["config"]]
        self.kernels = self.r["kernels"]
        self.rtype = _return_type(name) if self.cfg["outputs"] == "both" else None
        if self.cfg["outputs"] == "pair":
            self.rtype = _return_type(name, self.cfg["pair"]) if self.cfg["pair"] else \
                (lambda a, b: (a, b))

    def run(self, x, dim=None, keepdim=False, dtype=None, out=None, fname=None, param=0.0):  # noqa: C901 - torch's steps, in order
        cfg, r = self.cfg, self.r
        fname = fname or self.name
        if out is not None:
            for dts, error, message in cfg["reject_with_out"]:
                if x.dtype.name in dts:
                    raise _ERRORS[error](message.format(dtype=x.dtype.c10_name))
        if cfg["out"] in ("cast", "real") and out is not None and out.dtype.name in cfg["out_reject"]:
            raise RuntimeError(cfg["out_message"].format(out=out.dtype.c10_name))
        if r["out_composite"] and out is not None:
            res = _reduce_out.COMPOSITES[r["out_composite"]](self, x, dim, keepdim, out, param, fname)
            if res is not None:
                return res
        if cfg["promote"] and x.dtype.name in cfg["promote"][0]:
            from .promotion import get_default_dtype
            x = x.to(get_default_dtype())     # (integer logsumexp: computed in the default float dtype)
        if cfg["scan"]:
            return self._scan(x, dim, dtype, out, fname)
        dt = x.dtype
        given = dtype
        if (given is None or cfg["reject_with_dtype"]) and cfg["reject_first"]:
            self._reject(dt)
        if out is not None and cfg["out"] == "real":
            dtype = self._real_out(dt, out)
            if dt.category == "complex" and not any(k[0] == dt.name for k in self.kernels):
                # (torch runs its kernel on the input itself: complex32 logsumexp has none)
                raise NotImplementedError(f"\"{self.label(dt)}\" not implemented for '{dt.c10_name}'")
        if dtype is None and out is not None and cfg["out"] == "compute":
            o = out[0] if isinstance(out, tuple) else out
            if o.dtype.name in cfg["out_reject"]:
                raise RuntimeError(cfg["out_message"].format(out=o.dtype.c10_name))
            dtype = o.dtype                 # torch computes in out='s dtype (the input cast to it)
        if given is not None and cfg["dtype_arg"]:
            _, allow, message = cfg["dtype_arg"]
            if allow is not None and given.name not in allow:
                raise RuntimeError(message.format(dtype=given.c10_name))
        dims = _dims(x, dim, cfg["no_dims"])
        nd = x.ndim
        if r["no_dims_error"] and isinstance(dim, (tuple, list)) and not dim and not keepdim and nd and x.numel():
            error, message = r["no_dims_error"]
            raise _ERRORS[error](message.format(ones=[1] * nd))
        if nd == 0 and dims is not None:      # a 0-dim tensor takes dim 0 / -1 and reduces nothing
            dims = []
        red = set(range(nd)) if dims is None else set(dims)
        if r["reject_after_dims"]:
            self._reject(dt, own=True)
        if dims is None:
            for dts, error, message in r["reject_full"]:
                if dt.name in dts:
                    raise _ERRORS[error](message.format(dtype=dt.c10_name))
        if not cfg["identity"]:
            if dims is None and x.numel() == 0:
                error, message = r["empty_all"]
                raise _ERRORS[error](message)
            for d in dims or ():
                if x._shape[d] == 0:
                    error, message = r["empty_dim"]
                    raise _ERRORS[error](message.format(dim=d, given=dims.given[d]))
        if dtype is None and not cfg["reject_first"]:
            self._reject(dt)
        if dtype is not None:
            value = src = dtype
            if cfg["out"] == "real" or "real" in dict(cfg["result"]).values():
                value = _result_dtype(cfg, src)     # (var, norm of complex: the real dtype)
        else:
            value = dt if cfg["index"] else _result_dtype(cfg, dt)
            src = dt
            if value is None:       # no result dtype rule for this input: refused like a missing kernel
                value = src
        shape = tuple(1 if d in red else n for d, n in enumerate(x._shape)) if keepdim else \
            tuple(n for d, n in enumerate(x._shape) if d not in red)
        int64 = BY_NAME["int64"]
        result_dt = int64 if cfg["outputs"] == "indices" else value
        second = int64 if cfg["outputs"] == "both" else value if cfg["second"] == "same" else src
        outs = self._outputs(out, shape, result_dt, dt, fname, second)
        direct = [o if o is not None and o.dtype is want else None for o, want in zip(outs, (result_dt, second))]
        res = direct[0] if direct[0] is not None else _new_tensor(shape, _contiguous_strides(shape), result_dt)
        res2 = None
        if cfg["outputs"] in ("both", "pair"):
            res2 = direct[1] if direct[1] is not None else _new_tensor(shape, _contiguous_strides(shape), second)
        nred = 1
        for d in red:
            nred *= x._shape[d]
        if cfg["param"] == "correction" and (x.numel() // res.numel() if res.numel() else 0) - param <= 0:
            warnings.warn(f"{fname}(): degrees of freedom is <= 0. Correction should be strictly less than the "
                          "reduction factor (input numel divided by output numel).", UserWarning, stacklevel=3)
        shortcut = dims is not None and (cfg["one_element"] == "zero_dim" and nd == 0
                                         or cfg["one_element"] == "dim_size_one" and nd and nred == 1)
        if shortcut:
            # torch's shortcut: nothing to compare, so no kernel (and no dtype check) runs
            for dts, error, message in r["reject_zero_dim"]:
                if dt.name in dts:
                    raise _ERRORS[error](message.format(dtype=dt.c10_name))
            if cfg["outputs"] == "pair":
                res.copy_(x)
                res2.copy_(x)
            elif cfg["outputs"] == "indices":
                res.copy_(0)
            else:
                keep = [d for d in range(nd) if keepdim or d not in red]
                res._copy_from(x._view(shape, tuple(x._strides[d] for d in keep), x._offset))
                res2.copy_(0)
        elif x.numel() == 0 and r["empty_value"] is not None:
            if (src.name, value.name) not in self.kernels and r["empty_label"]:
                raise NotImplementedError(f"\"{r['empty_label']}\" not implemented for '{src.c10_name}'")
            for t in (res, res2):
                if t is not None and t.numel():
                    v = float(r["empty_value"])
                    # (mean's 0 / 0 in complex arithmetic is nan + nanj)
                    t.copy_(complex(v, v if v != v else 0.0) if t.dtype.category == "complex" else v)
        elif res.numel() or cfg["dispatch_empty"]:   # torch dispatches on the dtype only when there is something to compute (or always: dispatch_empty)
            kid = self.kernels.get((src.name, value.name))
            if kid is None:
                raise NotImplementedError(f"\"{self.label(src)}\" not implemented for '{src.c10_name}'")
            if x.dtype is not src:
                x = x.to(src)
            self._kernel(kid, x, red, keepdim, res, res2, param)
        return self._returned(outs, direct, res, res2)

    def plan(self, dt):
        """(kernel id, result dtype) of the call without arguments (x.sum()) on a dtype-dt input of
        two or more elements, when it is one kernel into one fresh output with no check that can
        fail; else None (the general path runs, and raises what torch raises)."""
        cfg, r = self.cfg, self.r
        if cfg["scan"] or cfg["outputs"] not in ("values", "indices") or (cfg["promote"] and dt.name in cfg["promote"][0]):
            return None
        if any(dt.name in dts for dts, _, _ in cfg["reject"] + r["reject"] + r["reject_full"]):
            return None
        value = dt if cfg["index"] else (_result_dtype(cfg, dt) or dt)
        kid = self.kernels.get((dt.name, value.name))
        if kid is None:
            return None
        return kid, BY_NAME["int64"] if cfg["outputs"] == "indices" else value

    def _returned(self, outs, direct, res, res2):
        """The result: out= tensors the result was computed beside get it copied in (torch's cast)."""
        if outs[0] is not None and direct[0] is None:
            outs[0].copy_(res)
            res = outs[0]
        if res2 is not None:
            if outs[1] is not None and direct[1] is None:
                outs[1].copy_(res2)
                res2 = outs[1]
            return self.rtype(res, res2)
        return res

    def label(self, dt):
        """The kernel torch names when it has none for dt (ops.yaml's `label`, or its entry for dt)."""
        return self.r["labels"].get(dt.name, self.r["label"])

    def _real_out(self, dt, out):
        """out= of var: torch computes in out's dtype (its real dtype for a complex input, whose parts
        are cast to it) when the input's real dtype can be cast to it."""
        from .promotion import can_cast
        want = out.dtype.to_real() if out.dtype.category == "complex" else out.dtype
        real = dt.to_real() if dt.category == "complex" else dt
        if not can_cast(real, want):
            raise RuntimeError(self.cfg["out_message"].format(input=real.c10_name, out=want.c10_name))
        return want.to_complex() if dt.category == "complex" else want

    def _scan(self, x, dim, dtype, out, fname):
        """A scan (cumsum, cummax, ...): torch's steps for one dim, the result of the input's shape."""
        cfg = self.cfg
        dt = x.dtype
        if dtype is None:
            self._reject(dt)
        if dtype is None and out is not None and cfg["out"] == "compute":
            dtype = out.dtype                 # torch computes in out='s dtype (the input cast to it)
        d = x._dim(dim)
        if dtype is not None:
            value = src = dtype
        else:
            src = dt
            value = (dt if cfg["index"] else _result_dtype(cfg, dt)) or dt
        shape = x._shape
        int64 = BY_NAME["int64"]
        second = int64 if cfg["outputs"] == "both" else None
        outs = self._outputs(out, shape, value, dt, fname, second)
        direct = [o if o is not None and o.dtype is want else None for o, want in zip(outs, (value, second))]
        res = direct[0] if direct[0] is not None else _new_tensor(shape, _contiguous_strides(shape), value)
        res2 = None
        if second is not None:
            res2 = direct[1] if direct[1] is not None else _new_tensor(shape, _contiguous_strides(shape), int64)
        if x.ndim == 0 and cfg["one_element"] == "zero_dim":
            res.copy_(x)          # torch copies a 0-dim input: no kernel, so any dtype
            if res2 is not None:
                res2.copy_(0)
        elif x.numel() or cfg["dispatch_empty"]:
            kid = self.kernels.get((src.name, value.name))
            if kid is None:
                raise NotImplementedError(f"\"{self.label(src)}\" not implemented for '{src.c10_name}'")
            if x.dtype is not src:
                x = x.to(src)
        if x.numel() and not (x.ndim == 0 and cfg["one_element"] == "zero_dim"):
            x = x._resolved()                   # a conj view's values (torch's conjugate fallback)
            if res._lazy is not None:           # out= a conj view: computed aside, stored through its bit
                aside = res._physical()._like(res.dtype)
                self._scan_kernel(kid, x, d, aside, res2)
                res._copy_from(aside)
            else:
                self._scan_kernel(kid, x, d, res, res2)
        return self._returned(outs, direct, res, res2)

    def _scan_kernel(self, kid, x, d, res, res2):
        """The scan kernel along dim d of x into res (and res2), neither with a conj bit."""
        nd = x.ndim
        order = [k for k in range(nd) if k != d] + [d] if nd else []
        size = x.dtype.itemsize
        shp = [x._shape[k] for k in order] or [1]
        ist = [x._strides[k] * size for k in order] or [0]
        ost = [res._strides[k] * res.dtype.itemsize for k in order] or [0]
        xst = [res2._strides[k] * 8 for k in order] if res2 is not None and nd else [0] * len(shp)
        rc = lib.ew_scan(kid, len(shp) - 1, ffi.new("int64_t[]", shp), ffi.new("int64_t[]", ist), x._ptr,
                         ffi.new("int64_t[]", ost), res._ptr, ffi.new("int64_t[]", xst),
                         res2._ptr if res2 is not None else 0)
        if rc:
            raise RuntimeError(f"scan kernel failed ({rc})")

    def _reject(self, dt, own=False):
        """torch's dtype checks of the input: the config's and the op's own (those later, for an
        op that checks after the dims)."""
        rules = self.r["reject"] if own else self.cfg["reject"] + (() if self.r["reject_after_dims"] else self.r["reject"])
        for dts, error, message in rules:
            if dt.name in dts:
                raise _ERRORS[error](message.format(dtype=dt.c10_name))

    def _outputs(self, out, shape, result_dt, input_dt, fname, second=None):
        """out= checked by the config's rule, then resized as torch resizes it."""
        if out is None:
            return (None, None)
        outs = tuple(out) if isinstance(out, tuple) else (out, None)
        kind, message = self.cfg["out"], self.cfg["out_message"]
        o = outs[0]
        if kind == "same":
            for t, want in zip(outs, (result_dt, second or BY_NAME["int64"])):
                if t is not None and t.dtype is not want:
                    raise RuntimeError(message.format(input=input_dt.c10_name, out=t.dtype.c10_name, want=want.c10_name,
                                                      want_cpp=want.cpp_name, out_cpp=t.dtype.cpp_name))
        if kind == "result" and o.dtype is not result_dt and o.dtype.name not in self.cfg["out_allow"]:
            raise RuntimeError(message.format(name=fname, out=o.dtype.c10_name, out_cpp=o.dtype.cpp_name))
        for t in outs:
            if t is not None and t._shape != shape:
                _resize_out(t, shape)
        return outs

    def _kernel(self, kid, x, red, keepdim, res, res2, param=0.0):
        x = x._resolved()                   # a conj view's values (torch's conjugate fallback)
        if res._lazy is not None:           # out= a conj view: computed aside, stored through its bit
            aside = res._physical()._like(res.dtype)
            self._kernel(kid, x, red, keepdim, aside, res2, param)
            res._copy_from(aside)
            return
        if x.numel() == 0 and res.numel() == 0:
            return
        walk = self.walk(x._shape, x._strides, x.dtype.itemsize, red, keepdim, res._strides, res.dtype.itemsize,
                         res2._strides if res2 is not None else None, res2.dtype.itemsize if res2 is not None else 8)
        rc = lib.ew_reduce(kid, *walk[:4], x._ptr, walk[4], res._ptr, walk[5], res2._ptr if res2 is not None else 0,
                           float(param))
        if rc == -2:
            raise RuntimeError("DefaultCPUAllocator: can't allocate memory")
        if rc:
            raise RuntimeError(f"reduction kernel failed ({rc})")

    def walk(self, xshape, xstrides, size, red, keepdim, rstrides, rsize, r2strides, r2size):
        """ew_reduce's layout arguments: (kept dims, reduced dims, sizes, input byte strides, output
        byte strides, second output byte strides), the kept dims first, size-1 dims dropped."""
        nd = len(xshape)
        kept = [d for d in range(nd) if d not in red]
        if self.cfg["index"]:
            rdims = _walk(xshape, xstrides, sorted(red))        # logical order: the index counts so
        else:
            order = sorted(red, key=lambda d: -abs(xstrides[d]))  # innermost: the smallest stride
            rdims = _walk(xshape, xstrides, order)
        # output dims: the result's own position of each kept dim
        pos = {d: (d if keepdim else i) for i, d in enumerate(kept)}
        kdims = [(xshape[d], xstrides[d], rstrides[pos[d]], r2strides[pos[d]] if r2strides is not None else 0)
                 for d in kept if xshape[d] != 1]
        shape = [k[0] for k in kdims] + [n for n, _ in rdims]
        ist = [k[1] * size for k in kdims] + [s * size for _, s in rdims]
        ost = [k[2] * rsize for k in kdims]
        xst = [k[3] * r2size for k in kdims]
        return (len(kdims), len(rdims), ffi.new("int64_t[]", shape or [0]), ffi.new("int64_t[]", ist or [0]),
                ffi.new("int64_t[]", ost or [0]), ffi.new("int64_t[]", xst or [0]))


def _compiled(sigs, slots):
    return tuple((params, printed, False, tuple(slots.index(p[0]) for p in params)) for printed, params in sigs)


def _bind(name):
    """The function and method of reduction `name`."""
    from generated import ops as _ops
    red = Reduction(name)
    r = red.r
    sigs = r["signatures"]
    slots = list(dict.fromkeys([p[0] for _, params in sigs for p in params] + list(_OUT_SLOTS)))
    defaults = [None] * len(slots)
    fparser = _argparse.Parser(r["function"], _compiled(sigs, slots), defaults)
    mparser = _argparse.Parser(r["method"], _compiled(r["method_signatures"], slots), defaults, method=True)
    no_dim = Reduction(r["no_dim"]) if r["no_dim"] else None
    # (an input, or a dtype= the input is cast to, of the delegate's dtypes; not an input the op refuses)
    delegate = (r["delegate"][0], Reduction(r["delegate"][1])) if r["delegate"] else None
    other_fn = _ops.FUNCTIONS[r["other"]] if r["other"] else None
    at = {s: i for i, s in enumerate(slots)}
    plans = {}                 # input dtype -> (kernel id, result dtype, 2 arrays) or None: the call without arguments
    whole = no_dim or red      # what that call runs (max(): max_all)
    # (only where an overload takes the input alone: logsumexp's dim is required)
    bare = {kind: any(all(p[3] is not _argparse.REQUIRED for p in params if p[0] != "input") for _, params in s)
            for kind, s in (("function", sigs), ("method", r["method_signatures"]))}
    fast_param = 1.0 if red.cfg["param"] == "correction" else 0.0
    # x.sum(1), rt.amax(x, -1, keepdim=True): a positional int is the dim in every overload
    with_dim = [params for _, params in r["method_signatures"] if params and params[0][0] == "dim" and not params[0][4]]
    dim_first = bool(with_dim) and not red.cfg["scan"]
    keepdim_second = all(len(p) > 1 and p[1][0] == "keepdim" and not p[1][4] for p in with_dim)   # (var(1, True): unbiased)
    keepdim_kw = all(any(q[0] == "keepdim" for q in p) for p in with_dim)                   # (count_nonzero: none)
    walks = {}                 # (dtype, shape, dim, keepdim) -> (kernel id, result dtype, shape, strides, walk)

    def fast(x):
        """x.sum(), rt.sum(x): with a plan for x's dtype, a contiguous input with elements (two for
        var's correction) and no conj bit, one kernel call without the argument parser and torch's steps (they cost
        more than the loop below ~100k elements).  None: take the general path."""
        dt = x._dtype
        plan = plans.get(dt, False)
        if plan is False:
            plan = None if delegate and dt.name in delegate[0] else whole.plan(dt)
            # (the constant arrays made once: the kernel only reads them)
            plan = plans[dt] = plan and plan + (ffi.new("int64_t[1]"), ffi.new("int64_t[1]", [dt.itemsize]))
        if plan is None or x._lazy is not None or x._strides != _contiguous_strides_cached(x._shape):
            return None
        n = _numel(x._shape)
        if n == 0 or n == 1 and whole.cfg["param"]:     # (var's correction warns: the general path)
            return None
        kid, rdt, zero, stride = plan
        res = _new_tensor((), (), rdt)
        rc = lib.ew_reduce(kid, 0, 1, ffi.new("int64_t[1]", [n]), stride, x._ptr, zero, res._ptr, zero, 0, fast_param)
        if rc:
            return None        # (out of memory: the general path raises torch's error)
        return res

    def fast_dim(x, dim, keepdim):
        """x.sum(1), x.amax(-1, True): a contiguous input with elements and no conj bit, one dim in
        range (of size 1 only where torch runs the kernel on it); one kernel call with the layout
        of an earlier call of that shape.  None: take the general path."""
        key = (x._dtype, x._shape, dim, keepdim)
        w = walks.get(key)
        if w is None:
            w = plan_dim(x._dtype, x._shape, dim, keepdim)
            if w is None:
                return None
            if len(walks) >= 1024:
                walks.clear()
            walks[key] = w
        if x._lazy is not None or x._strides != _contiguous_strides_cached(x._shape):
            return None
        kid, rdt, shape, strides, walk = w
        res = _new_tensor(shape, strides, rdt)
        if lib.ew_reduce(kid, *walk[:4], x._ptr, walk[4], res._ptr, walk[5], 0, fast_param):
            return None
        return res

    def plan_dim(dt, shape, dim, keepdim):
        nd = len(shape)
        d = dim + nd if dim < 0 else dim
        if not 0 <= d < nd or 0 in shape or shape[d] == 1 and (red.cfg["one_element"] == "dim_size_one"
                                                                 or red.cfg["param"]):
            return None        # (torch's shortcut copies; var's correction warns: the general path)
        plan = None if delegate and dt.name in delegate[0] else red.plan(dt)
        if plan is None:
            return None
        kid, rdt = plan
        out = tuple(1 if i == d else n for i, n in enumerate(shape)) if keepdim else shape[:d] + shape[d + 1:]
        strides = _contiguous_strides(out)
        walk = red.walk(shape, _contiguous_strides(shape), dt.itemsize, {d}, keepdim, strides, rdt.itemsize, None, 8)
        return kid, rdt, out, strides, walk

    def dim_call(x, args, kwargs):
        """The (dim, keepdim) of a call fast_dim takes: x.sum(1), x.sum(1, True), x.sum(1, keepdim=True)."""
        if not dim_first or type(x) is not Tensor or type(args[0]) is not int or len(args) > 1 + keepdim_second:
            return None
        keepdim = args[1] if len(args) == 2 else kwargs.pop("keepdim", False) if kwargs.keys() <= {"keepdim"} and \
            (keepdim_kw or not kwargs) else None
        if type(keepdim) is not bool or kwargs and len(args) == 2:
            return None
        return fast_dim(x, args[0], keepdim)

    def call(v, x):
        get = lambda s: v[at[s]] if s in at else None      # noqa: E731
        if red.cfg["param"] == "correction":     # torch's correction: given, else 1 unless unbiased=False
            c, unbiased = get("correction"), get("unbiased")
            param = float(c) if c is not None else 0.0 if unbiased is False else 1.0
            return red.run(x, get("dim"), get("keepdim") or False, None, get("out"), param=param)
        if get("other") is not None:
            out = get("out")
            return other_fn(x, get("other"), **({} if out is None else {"out": out}))
        dim, keepdim = get("dim"), get("keepdim") or False
        if no_dim is not None and (dim is None or (isinstance(dim, tuple) and not dim)):
            return no_dim.run(x, None, False, None, get("out"), fname=r["function"])
        if delegate and (x.dtype.name in delegate[0] or (get("dtype") is not None and get("dtype").name in delegate[0]
                                                          and not any(x.dtype.name in d for d, _, _ in r["reject"]))):
            return delegate[1].run(x, dim, keepdim, get("dtype"), get("out"), fname=r["function"])
        return red.run(x, dim, keepdim, get("dtype"), get("out"))

    def function(*args, **kwargs):
        if len(args) == 1 and not kwargs and bare["function"] and type(args[0]) is Tensor:
            res = fast(args[0])
            if res is not None:
                return res
        if 2 <= len(args) <= 3 and len(kwargs) <= 1:
            res = dim_call(args[0], args[1:], dict(kwargs))
            if res is not None:
                return res
        v = fparser.parse(args, kwargs)
        return call(v, v[at["input"]])

    def method(self, *args, **kwargs):
        if not args and not kwargs and bare["method"] and type(self) is Tensor:
            res = fast(self)
            if res is not None:
                return res
        if 1 <= len(args) <= 2 and len(kwargs) <= 1:
            res = dim_call(self, args, dict(kwargs))
            if res is not None:
                return res
        return call(mparser.parse(args, kwargs), self)

    def inplace(self, *args, **kwargs):
        """cumsum_: the scan written into self, computed in self's dtype (dtype= must be it)."""
        v = mparser.parse(args, kwargs)
        dtype = v[at["dtype"]]
        if dtype is not None and dtype is not self.dtype:
            raise RuntimeError(f"Bad in-place call: input tensor dtype {self.dtype.cpp_name} and output tensor dtype "
                               f"{dtype.cpp_name} should match")
        return red.run(self, v[at["dim"]], False, None, self)

    function.__name__ = function.__qualname__ = r["function"]
    method.__name__ = method.__qualname__ = r["method"] or r["function"]
    function.__signature__ = fparser.signature(False)
    method.__signature__ = mparser.signature(True)
    if r["inplace"]:
        inplace.__name__ = inplace.__qualname__ = r["inplace"]
        inplace.__signature__ = method.__signature__
        return function, method, inplace
    return function, method, None


FUNCTIONS, METHODS = {}, {}
for _name, _r in _data.REDUCTIONS.items():
    if _r["function"] is None:
        continue
    FUNCTIONS[_r["function"]], _method, _inplace = _bind(_name)
    if _r["method"] is not None:            # (torch has no Tensor.var_mean)
        METHODS[_r["method"]] = _method
    if _inplace is not None:
        METHODS[_r["inplace"]] = _inplace
