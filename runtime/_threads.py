"""Threads of the kernels (torch's names): large elementwise work is split across a pool
of C threads; the GIL is released while a kernel runs (cffi calls release it)."""
from __future__ import annotations

import operator

from ._lib import lib
from .scalars import is_long


def set_num_threads(n):
    """Use at most n threads for the kernels (torch.set_num_threads)."""
    if not is_long(n):
        raise RuntimeError(f"set_num_threads expects an int, but got {type(n).__name__}")
    n = operator.index(n)
    if n > (1 << 31) - 1 or n < -(1 << 31):
        raise ValueError("Overflow when unpacking long")
    if n <= 0:
        raise RuntimeError("set_num_threads expects a positive integer")
    lib.ew_set_num_threads(n)


def get_num_threads():
    """The number of threads the kernels use (default: the CPUs this process may run on)."""
    return lib.ew_get_num_threads()


# The C walker's tunables (iterate.c, enum EW_CFG_*), for tests and tuning.
_CONFIG_KEYS = ("grain", "chunk", "nt_bytes", "tile0", "tile1", "spin", "cache_bytes", "cache_blocks", "f16c", "fuse")


def _config(name, value=None):
    """Read (and with a value, set) a tunable of the C walker; returns the previous value.
    grain: elements per thread below which work is not split; chunk: elements per cast
    chunk; nt_bytes: output size from which stores are non-temporal (0: never); tile0/tile1:
    tile of a transposed walk (0: no tiling); spin: pause iterations before a worker sleeps;
    cache_bytes/cache_blocks: bounds of the allocator's cache of freed large blocks; f16c:
    the AVX2/F16C/FMA flavour of the kernels and conversions that have one, when the CPU has
    them (0: the portable code); fuse: loops that cast an input as they load it, where one
    stands for a chunked cast into a buffer (0: always the buffer)."""
    return lib.ew_config(_CONFIG_KEYS.index(name), -1 if value is None else value)


def _allocator_cached(release=False):
    """Bytes the allocator keeps in freed large blocks (returned to the system with release)."""
    return lib.ew_alloc_cached(1 if release else 0)
