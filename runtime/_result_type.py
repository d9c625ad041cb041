"""result_type(x, y): the dtype an op over tensors and Python numbers computes in."""
from .promotion import result_type_of, scalar_dtype
from .scalars import check_scalar_int, number, type_name
from .tensor import Tensor


def result_type(tensor, other):
    operands = []
    for pos, x in enumerate((tensor, other)):
        if isinstance(x, Tensor):
            operands.append((x.dtype, 0 if x.ndim else 1))
        elif number(x) is not None:
            operands.append((scalar_dtype(check_scalar_int(number(x))), 2))
        else:
            raise TypeError(f"result_type(): argument '{('tensor', 'other')[pos]}' (position {pos + 1}) "
                            f"must be Tensor or Number, not {type_name(x)}")
    return result_type_of(operands)
