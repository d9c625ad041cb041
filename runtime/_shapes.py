"""rt.broadcast_shapes: torch's is Python (torch._refs._broadcast_shapes), so it takes what
that takes: ints and sequences, None skipped, floats compared as numbers; its errors are its
own (ValueError for a negative length, RuntimeError naming the argument that does not fit)."""
from collections.abc import Sequence

from .tensor import Size


def _same(a, b):
    """a == b, which must be a bool (torch's guard_or_false asserts it)."""
    r = a == b
    if type(r) is not bool:
        raise AssertionError(f"Expected bool, got {type(r)}")
    return r


def broadcast_shapes(*shapes):
    """The shape that tensors of these shapes broadcast to, as a runtime.Size."""
    shapes = [(s,) if isinstance(s, int) else s for s in shapes if s is not None]
    if not shapes:
        return Size()
    for s in shapes:
        if not isinstance(s, Sequence):
            raise RuntimeError(f"Input shapes should be of type ints, a tuple of ints, or a list of ints, got {s}")
    common = [1] * max(len(s) for s in shapes)
    for arg, s in enumerate(shapes):
        for i in range(-1, -1 - len(s), -1):
            if _same(s[i], common[i]):
                continue
            if _same(common[i], 1):
                if s[i] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[i] = s[i]
            if not _same(s[i], 1) and not _same(common[i], s[i]):
                raise RuntimeError(f"Attempting to broadcast a dimension of length {s[i]} at {i}! Mismatching "
                                   f"argument at index {arg} had {s}; but expected shape should be broadcastable "
                                   f"to {common}")
    return Size(common)
