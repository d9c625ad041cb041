"""torch.norm and Tensor.norm: torch/functional.py's dispatch to linalg.vector_norm (p a number,
or 'fro' over at most two dims) and linalg.matrix_norm (the rest), with their checks in
torch's order.  The kernels are ops.yaml's reductions norm_l0 ... norm_lninf (ord 0, 1, 2, inf,
-inf); another ord is |x| ** p summed in float64 and taken to 1 / p with the elementwise ops."""
from __future__ import annotations

import math

from . import _argparse
from ._argparse import REQUIRED
from ._reduce import Reduction
from .dtypes import BY_NAME

_KERNELS = {0.0: "norm_l0", 1.0: "norm_l1", 2.0: "norm_l2", math.inf: "norm_linf", -math.inf: "norm_lninf"}
_RUN = {}


def _parser(name, ords):
    """torch's argument parser of linalg_vector_norm / linalg_matrix_norm (torch.norm calls them),
    so a bad argument gets their TypeError."""
    slots = ("input", "ord", "dim", "keepdim", "dtype", "out")
    sigs = []
    for ord_type, ord_default, dim_default in ords:
        params = (("input", "Tensor", False, REQUIRED, False), ("ord", ord_type, False, ord_default, False),
                  ("dim", "int[1]", dim_default is None, dim_default, False), ("keepdim", "bool", False, False, False),
                  ("dtype", "ScalarType", True, None, True), ("out", "Tensor", True, None, True))
        dim_text = "None" if dim_default is None else "{-2,-1}"
        ord_text = "" if ord_default is REQUIRED else f" = {ord_default!r}".replace("'", '"')
        printed = (f"(Tensor input, {'Number' if ord_type == 'Number' else 'str'} ord{ord_text}, tuple of ints dim = "
                   f"{dim_text}, bool keepdim = False, *, runtime.dtype dtype = None, Tensor out = None)")
        sigs.append((params, printed, False, tuple(range(len(slots)))))
    return _argparse.Parser(name, sigs, [None] * len(slots))


_VECTOR = _parser("linalg_vector_norm", [("Number", 2, None)])
_MATRIX = _parser("linalg_matrix_norm", [("Number", REQUIRED, (-2, -1)), ("str", "fro", (-2, -1))])


def _bind(parser, x, ord, dim, keepdim, dtype, out):
    kwargs = {"dtype": dtype, **({} if out is None else {"out": out})}
    return parser.parse((x, ord, dim, keepdim), kwargs)


def _floating_or_complex(x, fname):
    if x.dtype.category not in ("floating", "complex"):
        raise RuntimeError(f"{fname}: Expected a floating point or complex tensor as input. Got {x.dtype.c10_name}")


def _check_dtype(dtype, x, fname):
    """at::detail::check_linalg_norm_dtype."""
    if dtype is None:
        return
    from .promotion import promote_types
    if dtype.category not in ("floating", "complex"):
        raise RuntimeError(f"{fname}: dtype should be floating point or complex, but got {dtype.c10_name}")
    cx = x.dtype.category == "complex"
    if cx != (dtype.category == "complex"):
        kind = "complex" if cx else "real"
        raise RuntimeError(f"{fname}: dtype should be {kind} for {kind} inputs, but got {dtype.c10_name}")
    if promote_types(x.dtype, dtype) is not dtype:
        raise RuntimeError(f"{fname}: the dtype of the input ({x.dtype.c10_name}) should be convertible without "
                           f"narrowing to the specified dtype ({dtype.c10_name})")


def _ord_text(p):
    """A Scalar as c10 prints it: -1, -0.5, inf."""
    return str(p) if isinstance(p, int) else f"{p:g}"


def vector_norm(x, ord=2, dim=None, keepdim=False, dtype=None, out=None):
    fname = "linalg.vector_norm"
    x, ord, dim, keepdim, dtype, out = _bind(_VECTOR, x, ord, dim, keepdim, dtype, out)
    if isinstance(ord, int) and not isinstance(ord, bool) and not -2 ** 63 <= ord < 2 ** 64:
        raise OverflowError("int too big to convert")
    _floating_or_complex(x, fname)
    if isinstance(ord, complex):
        raise RuntimeError(f"{fname}: Expected a non-complex scalar as the order of norm.")
    p = float(ord)
    dims = None if dim is None else (dim,) if isinstance(dim, int) else tuple(dim)
    if x.numel() == 0 and (p < 0 or p == math.inf):
        if not dims:
            raise RuntimeError(f"{fname} cannot compute the {_ord_text(ord)} norm on an empty tensor because the "
                               "operation does not have an identity")
        for d in dims:
            if x.size(d) == 0:
                raise RuntimeError(f"{fname} cannot compute the {_ord_text(ord)} norm on the dimension {d}because "
                                   "this dimension is empty and the operation does not have an identity")
    _check_dtype(dtype, x, fname)
    name = _KERNELS.get(p)
    if name is not None:
        red = _RUN.get(name) or _RUN.setdefault(name, Reduction(name))
        return red.run(x, dims, keepdim, dtype, out, fname="norm")
    # another ord: sum(|x| ** p) ** (1 / p) in float64 (at least torch's accuracy), then rounded
    src = dtype or x.dtype
    l2 = _RUN.get("norm_l2") or _RUN.setdefault("norm_l2", Reduction("norm_l2"))
    if not any(k[0] == src.name for k in l2.kernels):       # (float8: torch has no norm kernel)
        raise NotImplementedError(f"\"{l2.label(src)}\" not implemented for '{src.c10_name}'")
    want = src.to_real()
    wide = BY_NAME["float64"]
    a = x.to(src).abs().to(wide)
    return _into(a.pow(p).sum(dims if dims else None, keepdim=keepdim).pow(1.0 / p).to(want), out)


def _into(r, out):
    """out= as linalg's norms take it: the result's dtype exactly, resized as torch resizes it."""
    if out is None:
        return r
    if out.dtype is not r.dtype:
        raise RuntimeError(f"Expected out tensor to have dtype {r.dtype.cpp_name}, but got {out.dtype.cpp_name} "
                           "instead")
    from ._dispatch import _resize_out
    if out._shape != r._shape:
        _resize_out(out, r._shape)
    out.copy_(r)
    return out


def matrix_norm(x, ord, dim, keepdim=False, dtype=None, out=None):
    fname = "linalg.matrix_norm"
    x, ord, dim, keepdim, dtype, out = _bind(_MATRIX, x, ord, dim, keepdim, dtype, out)
    if ord not in ("fro", "nuc"):
        raise RuntimeError(f"{fname}: Order {ord} not supported.")
    if x.ndim < 2:
        raise RuntimeError(f"{fname}: The input tensor A must have at least 2 dimensions.")
    _floating_or_complex(x, fname)
    if ord == "nuc" and x.dtype.name not in ("float32", "float64", "complex64", "complex128"):
        raise RuntimeError(f"{fname}: Low precision dtypes not supported. Got {x.dtype.c10_name}")
    dims = list(dim)
    if len(dims) != 2:
        raise RuntimeError(f"{fname}: dim must be a 2-tuple. Got {' '.join(str(d) for d in dims)}")
    dims = [x._dim(d) for d in dims]
    if dims[0] == dims[1]:
        raise RuntimeError(f"{fname}: dims must be different. Got ({dims[0]}, {dims[1]})")
    _check_dtype(dtype, x, fname)
    if ord == "fro":
        return vector_norm(x, 2, dims, keepdim, dtype, out)
    return _nuclear(x.to(dtype) if dtype is not None else x, dims, keepdim, out)


def _nuclear(x, dims, keepdim, out):
    """The sum of the singular values of each matrix over `dims`, by one-sided Jacobi in Python
    floats (relative accuracy far inside the float64 result's ulp for the small matrices it is
    meant for; the runtime has no LAPACK)."""
    from .creation import tensor
    want = x.dtype.to_real()
    nd = x.ndim
    batch = [d for d in range(nd) if d not in dims]
    order = batch + dims
    m, n = x.size(dims[0]), x.size(dims[1])
    shape = [x.size(d) for d in batch]
    if m * n:
        sums = [_singular_sum(a, m, n) for a in x.permute(*order).reshape(-1, m, n).tolist()]
    else:
        sums = [0.0] * math.prod(shape)         # (an empty matrix has no singular values)
    r = tensor(sums, dtype=BY_NAME["float64"]).reshape(shape).to(want)
    if keepdim:
        r = r.reshape([1 if d in dims else x.size(d) for d in range(nd)])
    return _into(r, out)


def _singular_sum(a, m, n):
    cols = [[complex(a[i][j]) for i in range(m)] for j in range(n)]
    for _ in range(60):
        rotated = False
        for i in range(n):
            for j in range(i + 1, n):
                ci, cj = cols[i], cols[j]
                alpha = sum(abs(v) ** 2 for v in ci)
                beta = sum(abs(v) ** 2 for v in cj)
                g = sum(u.conjugate() * v for u, v in zip(ci, cj))
                if abs(g) <= 1e-300 or abs(g) <= 2 ** -60 * math.sqrt(alpha * beta):
                    continue
                rotated = True
                e = g / abs(g)
                zeta = (beta - alpha) / (2 * abs(g))
                t = math.copysign(1.0, zeta) / (abs(zeta) + math.sqrt(1 + zeta * zeta))
                c = 1 / math.sqrt(1 + t * t)
                s = c * t
                cj = [v / e for v in cj]           # a_j e^{-i phi}: the inner product is real
                cols[i] = [c * u - s * v for u, v in zip(ci, cj)]
                cols[j] = [s * u + c * v for u, v in zip(ci, cj)]
        if not rotated:
            break
    return math.fsum(math.sqrt(math.fsum(abs(v) ** 2 for v in col)) for col in cols)


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    """torch.norm (torch/functional.py): it reads input.layout first (a non-tensor raises its
    AttributeError) and hands a single dim on as a list."""
    input.layout  # noqa: B018 - torch's first step
    dims = None if dim is None else [dim] if isinstance(dim, int) else dim
    if isinstance(p, str):
        if p == "fro" and (dim is None or isinstance(dim, int) or len(dim) <= 2):
            return vector_norm(input, 2, dims, keepdim, dtype, out)
        return matrix_norm(input, p, list(range(input.ndim)) if dims is None else dims, keepdim, dtype, out)
    return vector_norm(input, 2.0 if p is None else p, dims, keepdim, dtype, out)


def norm_method(self, p="fro", dim=None, keepdim=False, dtype=None):
    """Tensor.norm (torch/_tensor.py)."""
    return norm(self, p, dim, keepdim, dtype=dtype)


norm_method.__name__ = norm_method.__qualname__ = "norm"
FUNCTIONS = {"norm": norm}
METHODS = {"norm": norm_method}
