"""The C short call path (csrc/fastcall.c, runtime/_fastpath.py): every call it serves
must give what the Python dispatcher gives, and every call it does not serve must reach
the Python function unchanged."""
import gc
import threading
import weakref

import pytest

import runtime as rt
from generated import ops as gen_ops
from runtime import _dispatch
from runtime._lib import fastcall

# the ops the runtime put on the short path (the generated table's, less those whose op
# needs per-call work: see _dispatch._plannable)
FAST = sorted({v for k, v in gen_ops.FAST_FUNCTIONS.items() if getattr(rt, k) is not gen_ops.FUNCTIONS[k]})
DTYPES = [rt.bool, rt.uint8, rt.int8, rt.int32, rt.int64, rt.float16, rt.bfloat16, rt.float32, rt.float64,
          rt.complex64, rt.complex128]


def _same(x, y):
    assert type(x) is type(y)
    if isinstance(x, rt.Tensor):
        assert x.dtype == y.dtype and x.shape == y.shape and x.stride() == y.stride()
        assert _bits(x) == _bits(y)


def _bits(t):
    from runtime._lib import ffi
    t = t.contiguous()
    return bytes(ffi.buffer(ffi.cast("char *", t.data_ptr()), t.nbytes))


def _values(dt, n=7):
    base = [0, 1, -1, 3, 100, -7, 2] if dt is not rt.bool else [0, 1, 1, 0, 1, 0, 1]
    if dt in (rt.uint8,):
        base = [0, 1, 255, 3, 100, 7, 2]
    return rt.tensor((base * ((n + 6) // 7))[:n]).to(dt)


def test_installed():
    assert len(FAST) >= 60, FAST
    assert type(rt.add).__name__ == "builtin_function_or_method"
    assert rt.add.__name__ == "add" and "add" in (rt.add.__doc__ or "add")
    assert rt.Tensor.__add__.__name__ == "__add__"
    assert type(rt.Tensor.__dict__["add"]).__name__ == "method_descriptor"


@pytest.mark.parametrize("name,nargs", FAST)
def test_short_path_equals_python_path(name, nargs):
    """Each op's fast function against the Python dispatcher, over dtypes and shapes (the
    second call of each kind is the one the short path serves)."""
    fname = next(k for k, v in gen_ops.FAST_FUNCTIONS.items() if v == (name, nargs))
    fn, python_fn = getattr(rt, fname), gen_ops.FUNCTIONS[fname]
    for dt in DTYPES:
        for other in (DTYPES if nargs == 2 else [None]):
            for shape in [(7,), (), (0,), (2, 3, 1)]:
                n = 1
                for s in shape:
                    n *= s
                args = [_values(dt, n).reshape(shape)]
                if other is not None:
                    args.append(_values(other, n).reshape(shape))
                outcomes = []
                _dispatch._PLANS.clear()           # the Python call goes the general way and records the plan
                for f in (python_fn, fn, fn):
                    try:
                        r = f(*args)
                        outcomes.append(("ok", r))
                    except Exception as e:  # noqa: BLE001 - the outcome is compared, whatever it is
                        outcomes.append((type(e), str(e)))
                for o in outcomes[1:]:
                    assert o[0] == outcomes[0][0], (name, dt, other, shape, o, outcomes[0])
                    if o[0] == "ok":
                        _same(o[1], outcomes[0][1])
                    else:
                        assert o[1] == outcomes[0][1]


def test_methods_and_operators_take_it_too():
    a, b = rt.arange(6, dtype=rt.float32), rt.full((6,), 2.0)
    for _ in range(2):
        assert (a + b).tolist() == a.add(b).tolist() == rt.add(a, b).tolist() == [2, 3, 4, 5, 6, 7]
        assert (a / b).tolist() == [0, 0.5, 1, 1.5, 2, 2.5]
        assert (-a).tolist() == [0, -1, -2, -3, -4, -5]
        assert a.exp().dtype == rt.float32 and (a < b).dtype == rt.bool


def test_every_other_call_goes_the_python_way():
    a, b = rt.arange(6, dtype=rt.int32), rt.arange(6, dtype=rt.int32)
    for _ in range(2):
        assert rt.add(a, b, alpha=2).tolist() == [0, 3, 6, 9, 12, 15]          # keywords
        out = rt.empty(6, dtype=rt.int64)
        assert rt.add(a, b, out=out) is out and out.tolist() == [0, 2, 4, 6, 8, 10]
        assert (a + 1.5).dtype == rt.float32                                  # a Python number
        assert (a[::2] + b[::2]).tolist() == [0, 4, 8]                       # strided
        assert (a.reshape(2, 3) + b[:3]).shape == (2, 3)                      # broadcast
        assert (a.reshape(3, 2).T + b.reshape(2, 3)).stride() == (1, 2)       # torch's output layout
        assert rt.div(a, b + 1, rounding_mode="floor").tolist() == [0, 0, 0, 0, 0, 0]
        assert (a + rt.tensor(1)).dtype == rt.int32                           # a 0-dim tensor
        assert (3 + a).tolist() == [3, 4, 5, 6, 7, 8] and (a.__add__("x")) is NotImplemented
    with pytest.raises(TypeError, match="add"):
        rt.add(a)
    with pytest.raises(TypeError):
        a.add(b, c=1)


def test_default_dtype_is_part_of_the_plan():
    a, b = rt.arange(4, dtype=rt.int32), rt.full((4,), 2, dtype=rt.int32)
    assert (a / b).dtype == rt.float32 and (a / b).dtype == rt.float32
    rt.set_default_dtype(rt.float64)
    try:
        assert (a / b).dtype == rt.float64 and (a / b).dtype == rt.float64
    finally:
        rt.set_default_dtype(rt.float32)
    assert (a / b).dtype == rt.float32


def test_errors_from_the_kernel():
    a, z = rt.arange(4, dtype=rt.int64), rt.zeros(4, dtype=rt.int64)
    for _ in range(3):
        with pytest.raises(RuntimeError, match="ZeroDivisionError"):
            rt.floor_divide(a, z)


def test_outputs_are_fresh_tensors_with_their_own_storage():
    a, b = rt.ones(5), rt.ones(5)
    c, d = a + b, a + b
    assert c.data_ptr() != d.data_ptr() and c.data_ptr() % 64 == 0
    c.add_(1)
    assert d.tolist() == [2.0] * 5 and a.tolist() == [1.0] * 5
    assert c.is_contiguous() and c.storage_offset() == 0


def test_storage_is_freed_with_the_last_view():
    a = rt.ones(1000) + rt.ones(1000)
    ref = weakref.ref(a._storage)
    v = a[10:20]
    del a
    gc.collect()
    assert ref() is not None and v.tolist() == [2.0] * 10
    del v
    gc.collect()
    assert ref() is None


def test_storage_type():
    s = fastcall.Storage(128)
    assert s.nbytes == 128 and s.ptr % 64 == 0 and s.owner is None
    with pytest.raises(ValueError):
        fastcall.Storage(-1)
    with pytest.raises(TypeError):
        fastcall.Storage(8, s.ptr, None)
    with pytest.raises(RuntimeError, match="DefaultCPUAllocator: can't allocate memory"):   # torch's class
        fastcall.Storage(1 << 62)
    owner = bytearray(16)
    w = fastcall.Storage(16, 12345, owner)
    assert w.ptr == 12345 and w.owner is owner


def test_threads_share_the_short_path():
    a, b = rt.arange(1000, dtype=rt.float32), rt.arange(1000, dtype=rt.float32)
    want = (a * b).tolist()
    bad = []

    def work():
        for _ in range(300):
            if (a * b).tolist() != want:
                bad.append(1)
    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not bad


def test_out_plans_check_what_varies_per_call():
    """out= of the result dtype reuses a plan recorded by an earlier out= call (_dispatch.call);
    shape, overlap and dtype are still decided per call, as the general path decides them."""
    _dispatch._PLANS.clear()
    x, y = _values(rt.float32), _values(rt.float32, 7) * 0.5
    want = _bits(x + y)
    for _ in range(3):                              # the first records the plan, the next use it
        out = rt.empty(7)
        assert rt.add(x, y, out=out) is out and _bits(out) == want
    assert any(k[-2:] == ("out", rt.float32.index) for k in _dispatch._PLANS if len(k) > 2)
    for _ in range(2):
        small = rt.empty(3)
        with pytest.warns(UserWarning, match="was resized"):
            rt.add(x, y, out=small)
        assert small.shape == (7,) and _bits(small) == want
        with pytest.raises(RuntimeError, match="more than one element of the written-to tensor"):
            rt.add(x, y, out=rt.empty(1).expand(7))
        z = rt.arange(10.0)
        with pytest.raises(RuntimeError, match="some elements of the input tensor"):
            rt.add(z[:7], y, out=z[1:8])
        z = x.clone()
        assert _bits(rt.add(z, y, out=z)) == want      # the same elements, the same way: fine
        assert _bits(rt.add(x, y, out=rt.empty(14)[::2])) == want
        wide = rt.empty(7, dtype=rt.float64)           # another dtype: its own plan, a cast
        assert rt.add(x, y, out=wide).tolist() == (x + y).tolist()
        with pytest.raises(RuntimeError, match="can't be cast to the desired output type"):
            rt.add(x, y, out=rt.empty(7, dtype=rt.int32))
