"""runtime: tensors and elementwise ops generated from ops.yaml, with PyTorch 2.13's
type promotion.  `import runtime as rt`; names follow torch.

The public API layer: it composes the Tensor class (the storage-and-views core of tensor.py,
plus the METHODS of the layers above it and every op's methods) and exports the functions.
The modules import downward only, in the layers TensorIterator has:
    _lib, scalars, _warn -> dtypes -> promotion, checks -> _iterator, _formats -> tensor
    -> _argparse, _numpy -> _device, creation -> _advanced, _dlpack, _meta -> _dispatch
    -> _reduce, _methods, _format, _fastpath, _functions, _nn, generated/ops.py -> runtime (this file)"""
import sys as _sys

from . import _advanced, _dlpack, _format, _methods, _namespaces, _numpy
from . import dtypes as _dtypes
from .creation import (arange, empty, empty_like, full, full_like, ones, ones_like, scalar_tensor, tensor,
                       zeros, zeros_like)
from .dtypes import dtype
from .promotion import can_cast, get_default_dtype, promote_types, set_default_dtype
from .tensor import Size, Tensor
from ._shapes import broadcast_shapes
from ._result_type import result_type
from ._views import conj, imag, is_conj, is_neg, real, resolve_conj, resolve_neg
from ._numpy import from_numpy
from ._dlpack import from_dlpack
from ._threads import get_num_threads, set_num_threads
from ._typeinfo import finfo, iinfo
from ._device import device, get_default_device, set_default_device
from ._device import METHODS as _device_methods
from ._formats import (channels_last, channels_last_3d, contiguous_format, layout, memory_format, preserve_format,
                       strided)
from generated import ops as _ops
from . import _functions as _functions_mod, _nn, _norm, _reduce

from ._fastpath import install as _install_fastpath

# the Tensor methods of the layers above tensor.py: hand-bound ones, indexing, repr, interop
for _table in (_methods.METHODS, _advanced.METHODS, _device_methods, _format.METHODS, _numpy.METHODS,
               _dlpack.METHODS, _functions_mod.METHODS):
    for _name, _method in _table.items():
        setattr(Tensor, _name, _method)

_functions, _op_methods = dict(_ops.FUNCTIONS), dict(_ops.METHODS)
_functions.update(_reduce.FUNCTIONS)             # reductions (ops.yaml's reductions:)
_op_methods.update(_reduce.METHODS)
_functions.update(_norm.FUNCTIONS)               # torch.norm (torch/functional.py's, over the norm reductions)
_op_methods.update(_norm.METHODS)
_functions.update(_functions_mod.FUNCTIONS)       # frexp, allclose, equal
_functions.update(_nn.FUNCTIONS)                  # nn.functional.softsign (a composition)
_install_fastpath(_functions, _op_methods, _ops)   # the C short path
_namespaces.install(_sys.modules[__name__], _functions)   # rt.special.i0e, ...: out of _functions
globals().update(_dtypes.dtype_names())          # rt.float32, rt.float, rt.half, ...
globals().update(_functions)                     # rt.add, rt.div, rt.eq, ...
for _name, _method in _op_methods.items():       # t.add, t.add_, t + u, ...
    setattr(Tensor, _name, _method)
del _name, _method, _table, _functions, _op_methods, _device_methods

__all__ = ["Tensor", "Size", "dtype", "finfo", "iinfo", "real", "imag", "conj", "is_conj", "resolve_conj", "is_neg",
           "resolve_neg", "from_numpy", "from_dlpack", "tensor", "scalar_tensor", "zeros", "ones", "empty", "full", "arange",
           "zeros_like", "ones_like", "empty_like", "full_like", "promote_types", "result_type", "can_cast",
           "get_default_dtype", "set_default_dtype", "broadcast_shapes", "set_num_threads", "get_num_threads",
           "device", "layout", "memory_format", "strided", "contiguous_format", "channels_last", "channels_last_3d",
           "preserve_format", "set_default_device", "get_default_device"]
__all__ += sorted(_dtypes.dtype_names()) + sorted([n for n in _ops.FUNCTIONS if "." not in n] + list(_reduce.FUNCTIONS)
                                                  + list(_norm.FUNCTIONS) + list(_functions_mod.FUNCTIONS)
                                                  + [n for n in _nn.FUNCTIONS if "." not in n])
