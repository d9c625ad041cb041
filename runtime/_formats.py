"""torch.layout and torch.memory_format: named singletons (strided; contiguous_format,
channels_last, channels_last_3d, preserve_format), and the strides each memory format gives a
shape, as c10 computes them."""
from .scalars import type_name


# ------------------------------------------------------------------ layout
class _Singleton:
    """The base of layout and memory_format: named, immutable instances that print as runtime.<name>."""
    __slots__ = ("_name",)
    _kind = ""

    def __new__(cls, *args, **kwargs):
        raise TypeError(f"cannot create 'runtime.{cls._kind}' instances")

    @classmethod
    def _make(cls, name):
        obj = object.__new__(cls)
        object.__setattr__(obj, "_name", name)
        return obj

    def __init_subclass__(cls, **kwargs):
        if "_kind" not in cls.__dict__:
            raise TypeError(f"type 'runtime.{cls._kind}' is not an acceptable base type")

    def __setattr__(self, name, value):
        raise AttributeError(f"'runtime.{self._kind}' object has no attribute '{name}'")

    def __delattr__(self, name):
        self.__setattr__(name, None)

    def __repr__(self):
        return f"runtime.{self._name}"

    __str__ = __repr__

    def __getattr__(self, name):        # torch's texts name the type runtime.<kind>
        raise AttributeError(f"'runtime.{self._kind}' object has no attribute '{name}'")

    def _order(symbol):
        def compare(self, other):
            raise TypeError(f"'{symbol}' not supported between instances of '{type_name(self)}' and "
                            f"'{type_name(other)}'")
        return compare

    __lt__, __le__, __gt__, __ge__ = _order("<"), _order("<="), _order(">"), _order(">=")
    del _order


class layout(_Singleton):
    """torch.layout: the runtime's tensors are all strided (dense, with strides)."""
    __slots__ = ()
    _kind = "layout"

    def __reduce__(self):
        return self._name       # pickled by name, as torch's copyreg entry does: runtime._formats.strided


class memory_format(_Singleton):
    """torch.memory_format: the order of a new tensor's dims in memory (contiguous_format,
    channels_last, channels_last_3d) or preserve_format, the input's own layout."""
    __slots__ = ()
    _kind = "memory_format"

    def __reduce__(self):
        return self._name       # pickled by name: runtime._formats.<name>


strided = layout._make("strided")
contiguous_format = memory_format._make("contiguous_format")
channels_last = memory_format._make("channels_last")
channels_last_3d = memory_format._make("channels_last_3d")
preserve_format = memory_format._make("preserve_format")


def layout_arg(fname, x):
    """A factory's layout=: None or strided, the only layout (torch's TypeError otherwise)."""
    if x is not None and not isinstance(x, layout):
        raise TypeError(f"{fname}(): argument 'layout' must be runtime.layout, not {type_name(x)}")


def memory_format_arg(fname, x, nullable=True):
    if not (isinstance(x, memory_format) or x is None and nullable):
        raise TypeError(f"{fname}(): argument 'memory_format' must be runtime.memory_format, not {type_name(x)}")
    return x


# ------------------------------------------------------------------ memory formats' strides
_RANK = {"channels_last": (4, (1, 3, 2, 0)), "channels_last_3d": (5, (1, 4, 3, 2, 0))}


def format_strides(shape, fmt):
    """The strides c10's empty_tensor_restride gives `shape` in memory format `fmt` (None for
    contiguous), with its rank check; the channels-last orders multiply sizes as they are (an
    empty dim makes the slower strides 0, as in torch)."""
    if fmt is None or fmt is contiguous_format:
        return None
    if fmt is preserve_format:
        raise RuntimeError("unsupported memory format Preserve")
    rank, order = _RANK[fmt._name]
    if len(shape) != rank:
        raise RuntimeError(f"required rank {rank} tensor to use {fmt._name} format")
    strides, acc = [0] * rank, 1
    for d in order:
        strides[d] = acc
        acc *= shape[d]
    return tuple(strides)


def is_contiguous_as(shape, strides, fmt):
    """c10's compute_channels_last_contiguous_2d/_3d: the dims in the format's order, sizes of 1
    skipped, each stride the product of the faster sizes."""
    rank, order = _RANK[fmt._name]
    if len(shape) != rank:
        return False
    expected = 1
    for d in order:
        if shape[d] != 1:
            if strides[d] != expected:
                return False
            expected *= shape[d]
    return True


def _strides_like(shape, strides, order):
    """c10's is_channels_last_strides_2d_s4 / _3d_s5: strides non-decreasing in the format's
    order; an ambiguous layout (N111, 1C1W permutations) counts as contiguous."""
    if strides[1] == 0:
        return False
    low = 0
    for d in order:
        if shape[d] == 0 or strides[d] < low:
            return False
        if d == 0 and low == strides[1]:
            return False
        low = strides[d] * (shape[d] if shape[d] > 1 else 1)
    return True


def suggest_memory_format(shape, strides):
    """TensorBase::suggest_memory_format: the channels-last format the strides look like, else
    contiguous_format."""
    if len(shape) == 4 and _strides_like(shape, strides, _RANK["channels_last"][1]):
        return channels_last
    if len(shape) == 5 and _strides_like(shape, strides, _RANK["channels_last_3d"][1]):
        return channels_last_3d
    return contiguous_format
