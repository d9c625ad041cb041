"""Nothing a user does crashes the process or corrupts data: memory overlap, bad input,
0-size tensors through every op, threads, and storage that is freed."""
import gc
import os
import threading

import pytest

import runtime as rt
from generated.ops import FUNCTIONS

OVERLAP = ("unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
           "memory location. Please clone() the tensor before performing the operation.")
INTERNAL = ("unsupported operation: more than one element of the written-to tensor refers to a single memory "
            "location. Please clone() the tensor before performing the operation.")
DTYPES = [rt.bool, rt.uint8, rt.int8, rt.int16, rt.int32, rt.int64, rt.float16, rt.bfloat16, rt.float32,
          rt.float64, rt.complex32, rt.complex64, rt.complex128, rt.uint16, rt.uint32, rt.uint64]


def test_partial_overlap_is_refused_full_aliasing_works():
    a = rt.arange(6.0)
    with pytest.raises(RuntimeError) as e:
        a[1:].add_(a[:-1])
    assert str(e.value) == OVERLAP
    with pytest.raises(RuntimeError) as e:
        rt.add(a[:-1], 1, out=a[1:])
    assert str(e.value) == OVERLAP
    assert a.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]          # nothing was written
    a.add_(a)
    assert a.tolist() == [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
    rt.add(a[:3], a[3:], out=a[:3])                             # disjoint halves
    assert a.tolist() == [6.0, 10.0, 14.0, 6.0, 8.0, 10.0]
    with pytest.raises(RuntimeError) as e:
        rt.ones(3, 1).expand(3, 4).add_(1)
    assert str(e.value) == INTERNAL


@pytest.mark.parametrize("make,error", [
    (lambda: rt.zeros(-1), RuntimeError),
    (lambda: rt.zeros(2 ** 40, 2 ** 40), RuntimeError),
    (lambda: rt.ones(2 ** 62, dtype=rt.float64), RuntimeError),
    (lambda: rt.ones(3) + 2 ** 64, OverflowError),
    (lambda: rt.ones(3, dtype=rt.int8) + (-(2 ** 63) - 1), OverflowError),
    (lambda: rt.add(rt.ones(3), "a"), TypeError),
    (lambda: rt.add(rt.ones(3), rt.ones(3), alpha="x"), TypeError),
    (lambda: rt.add(rt.ones(3), rt.ones(3), beta=2), TypeError),
    (lambda: rt.neg([1, 2]), TypeError),
    (lambda: rt.ones(3).to("float"), RuntimeError),      # a device string, as torch reads it
    (lambda: rt.tensor([[1, 2], [3]]), ValueError),
    (lambda: rt.ones(2, 3) + rt.ones(3, 2), RuntimeError),
    (lambda: rt.ones(3)[5], IndexError),
    (lambda: rt.ones(3).view(2, 2), RuntimeError),
])
def test_bad_input_raises_the_right_error(make, error):
    with pytest.raises(error):
        make()


@pytest.mark.parametrize("dt", DTYPES, ids=[d.name for d in DTYPES])
def test_every_op_on_empty_tensors(dt):
    """0-size tensors of every dtype through every function: a result or torch's error, never a crash."""
    x = rt.zeros(0, dtype=dt)
    y = rt.zeros(2, 0, dtype=dt)
    for name, fn in sorted(FUNCTIONS.items()):
        for args in ((x,), (x, y), (rt.zeros(0, dtype=rt.bool), x, y), (x, 2)):
            try:
                r = fn(*args)
            except (RuntimeError, NotImplementedError, TypeError, ValueError):
                continue
            if isinstance(r, tuple):        # where(condition): one index tensor per dimension
                assert name == "where" and all(t.numel() == 0 for t in r), (name, args)
                continue
            assert isinstance(r, rt.Tensor) and r.numel() == 0, (name, args)


def test_threads_share_inputs_safely():
    """Ops from 8 threads at once on shared inputs give the serial results (kernels release the GIL)."""
    a = rt.arange(200_000, dtype=rt.float32) / 7
    b = rt.arange(200_000, dtype=rt.int32) % 13
    expected = [(a * b + a).tolist(), rt.sqrt(a).tolist(), rt.floor_divide(b, 3).tolist()]
    results, errors = [], []

    def work():
        try:
            for _ in range(5):
                results.append([(a * b + a).tolist(), rt.sqrt(a).tolist(), rt.floor_divide(b, 3).tolist()])
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 40 and all(r == expected for r in results)


def _rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
def test_storage_is_released():
    """100,000 create/op/drop cycles (small and large tensors) do not grow the process."""
    def cycles(n):
        for i in range(n):
            t = rt.ones(64) * 3
            u = (t + 1)[::2]
            del t, u
            if i % 1000 == 0:
                big = rt.ones(1 << 18) + 1      # 1 MiB blocks go back to the allocator
                del big
    cycles(5_000)
    gc.collect()
    before = _rss_bytes()
    cycles(100_000)
    gc.collect()
    grown = _rss_bytes() - before
    assert grown < 8 * 2 ** 20, f"RSS grew by {grown / 2 ** 20:.1f} MiB"
