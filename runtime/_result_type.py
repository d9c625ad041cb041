"""result_type(x, y): the dtype an op over tensors and Python numbers computes in."""
from .creation import NUMBER_TYPES
from .promotion import result_type_of, scalar_dtype
from .tensor import Tensor


def result_type(tensor, other):
    operands = []
    for pos, x in enumerate((tensor, other)):
        if isinstance(x, Tensor):
            operands.append((x.dtype, 0 if x.ndim else 1))
        elif isinstance(x, NUMBER_TYPES):
            operands.append((scalar_dtype(x), 2))
        else:
            raise TypeError(f"result_type(): argument '{('tensor', 'other')[pos]}' (position {pos + 1}) "
                            f"must be Tensor or Number, not {type(x).__name__}")
    return result_type_of(operands)
