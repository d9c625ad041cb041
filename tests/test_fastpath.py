"""The C short call path (csrc/fastcall.c, runtime/_fastpath.py): every call it serves
must give what the Python dispatcher gives, and every call it does not serve must reach
the Python function unchanged."""
import functools
import gc
import os
import re
import sys
import threading
import tracemalloc
import warnings
import weakref

import pytest

import runtime as rt
from generated import ops as gen_ops
from runtime import _dispatch, _fastpath, _warn
from runtime._lib import fastcall

# the ops the runtime put on the short path (the generated table's, less those whose op
# needs per-call work: see _dispatch._plannable)
def rt_function(name):
    """rt.<name>, or a namespace's function (special.i0e: rt.special.i0e)."""
    return functools.reduce(getattr, name.split("."), rt)


FAST = sorted({v for k, v in gen_ops.FAST_FUNCTIONS.items() if rt_function(k) is not gen_ops.FUNCTIONS[k]})
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
    fn, python_fn = rt_function(fname), gen_ops.FUNCTIONS[fname]
    for dt in DTYPES:
        for other in (DTYPES if nargs >= 2 else [None]):
            for shape in [(7,), (), (0,), (2, 3, 1)]:
                n = 1
                for s in shape:
                    n *= s
                args = [_values(dt, n).reshape(shape)]
                if other is not None:       # (ternary ops: two operands of the other dtype)
                    args += [_values(other, n).reshape(shape) for _ in range(nargs - 1)]
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
    _fastpath.forget()                  # (the entry points' own copies of plans earlier tests made)
    x, y = _values(rt.float32), _values(rt.float32, 7) * 0.5
    want = _bits(x + y)
    for _ in range(3):                              # the first records the plan, the next use it
        out = rt.empty(7)
        assert rt.add(x, y, out=out) is out and _bits(out) == want
    assert any(k[2] == rt.float32.index for k in _dispatch._PLANS)     # (op, default dtype, out dtype, ...)
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


# ---------------------------------------------------------------- every call form
# Each form is called once through the Python function (the reference) and three times
# through the installed entry point (the first runs it through Python, which records the
# plan; the next ones are served in C): result, dtype, shape, strides, bits, the state of
# every operand afterwards, the identity of what is returned, errors and warnings agree.
LAYOUT_DTYPES = [rt.bool, rt.uint8, rt.int32, rt.int64, rt.float16, rt.bfloat16, rt.float32, rt.float64,
                 rt.complex64]
NUMBERS = [True, 3, -2.5, 1 + 2j, 0]


def _layout(kind, dt):
    if kind == "vec":
        return _values(dt, 6)
    if kind == "mat":
        return _values(dt, 6).reshape(2, 3)
    if kind == "T":
        return _values(dt, 6).reshape(3, 2).T
    if kind == "col":
        return _values(dt, 2).reshape(2, 1)
    if kind == "strided":
        return _values(dt, 12)[::2]
    if kind == "0d":
        return _values(dt, 1).reshape(())
    if kind == "empty":
        return _values(dt, 0)
    raise AssertionError(kind)


LAYOUT_PAIRS = [("vec", "vec"), ("mat", "T"), ("T", "col"), ("strided", "vec"), ("0d", "vec"), ("vec", "0d"),
                ("empty", "empty"), ("mat", "vec")]


def _outcome(f, args, kwargs):
    # each call as the process's first: a warn-once message (where's uint8 condition) shows
    # whatever test ran before, and the process's state is put back after
    seen = set(_warn._WARNED)
    _warn._WARNED.clear()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = ("ok", f(*args, **kwargs))
        except Exception as e:  # noqa: BLE001 - the outcome is compared, whatever it is
            r = (type(e), str(e))
    _warn._WARNED.clear()
    _warn._WARNED.update(seen)
    return r, [(x.category, str(x.message)) for x in w]


def _agree(fast, python, make):
    """make() -> (args, kwargs), fresh each time (in-place forms write into them)."""
    want_args, want_kw = make()
    want, want_w = _outcome(python, want_args, want_kw)
    for _ in range(3):
        args, kw = make()
        got, got_w = _outcome(fast, args, kw)
        assert got[0] == want[0], (got, want)
        assert got_w == want_w
        if got[0] != "ok":
            assert got[1] == want[1]
            continue
        if got[1] is NotImplemented:
            assert want[1] is NotImplemented
            continue
        _same(got[1], want[1])
        for x, y in zip(list(args) + list(kw.values()), list(want_args) + list(want_kw.values())):
            _same(x, y)
            assert (got[1] is x) == (want[1] is y)


def _fast_and_python(name, method=False):
    if os.environ.get("EW_NO_FASTPATH"):
        pytest.skip("the C path is off")
    if method:
        fast, python = rt.Tensor.__dict__[name], gen_ops.METHODS[name]
    else:
        fast, python = rt_function(name), gen_ops.FUNCTIONS[name]
    assert fast is not python, name          # the name is on the C path
    return fast, python


BINARY = ["add", "sub", "mul", "div", "floor_divide", "remainder", "eq", "lt", "bitwise_and", "maximum", "atan2",
          "logical_and", "rsub", "copysign"]


@pytest.mark.parametrize("name", BINARY)
def test_tensor_op_tensor_every_layout_and_dtype(name):
    fast, python = _fast_and_python(name)
    for da in LAYOUT_DTYPES:
        for db in LAYOUT_DTYPES:
            for la, lb in LAYOUT_PAIRS:
                _agree(fast, python, lambda: ((_layout(la, da), _layout(lb, db)), {}))


@pytest.mark.parametrize("name", ["add", "sub", "mul", "div", "floor_divide", "remainder", "eq", "lt", "bitwise_and",
                                  "rsub", "copysign", "maximum"])
def test_tensor_op_number(name):
    fast, python = _fast_and_python(name)
    mfast, mpython = (_fast_and_python(name, method=True) if name in rt.Tensor.__dict__ and name != "rsub"
                      else (None, None))
    for dt in LAYOUT_DTYPES:
        for x in NUMBERS:
            for lay in ("vec", "T", "0d", "empty"):
                _agree(fast, python, lambda: ((_layout(lay, dt), x), {}))
                if mfast is not None:
                    _agree(mfast, mpython, lambda: ((_layout(lay, dt), x), {}))


DUNDERS = ["__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__floordiv__",
           "__mod__", "__eq__", "__lt__", "__and__", "__or__", "__lshift__"]


@pytest.mark.parametrize("name", DUNDERS)
def test_operators_and_reflected_operators(name):
    fast, python = _fast_and_python(name, method=True)
    for dt in LAYOUT_DTYPES:
        for other in NUMBERS + ["x", None] + [("vec", d) for d in (rt.int32, rt.float64, rt.bool)]:
            def make(lay="strided"):
                b = _layout(*other) if isinstance(other, tuple) else other
                return (_layout(lay, dt), b), {}
            _agree(fast, python, make)
            _agree(fast, python, lambda: make("0d"))


@pytest.mark.parametrize("name", ["addcmul", "addcdiv"])
def test_three_operands_every_layout(name):
    fast, python = _fast_and_python(name)
    for dt in (rt.float32, rt.int64, rt.float16, rt.complex64):
        for la, lb in LAYOUT_PAIRS:
            for value in (1, 2, -0.5):
                _agree(fast, python, lambda: ((_layout(la, dt), _layout(lb, dt), _layout(la, rt.float32)),
                                              {"value": value}))
    _agree(fast, python, lambda: ((_layout("vec", rt.float32),) * 3, {"out": _layout("vec", rt.float32)}))
    _agree(rt.Tensor.__dict__[name + "_"], gen_ops.METHODS[name + "_"],
           lambda: ((_layout("vec", rt.float32), _layout("mat", rt.float32)[0], _layout("vec", rt.int32)), {}))


@pytest.mark.parametrize("name", ["pow", "float_power"])
def test_number_exponents_served_from_one_plan(name):
    """x ** n for every n from the plan x ** 2 leaves (the key has the number's type, not its
    value): the same as Python's path, including the kernel-free x ** 0 and x ** 1, and the value
    checks (negative integer powers, a number that does not fit the dtype) still raise."""
    fast, python = _fast_and_python(name)
    special = [float("nan"), float("inf"), -float("inf"), -0.0, 0.0, 1.5, -2.5, 1e-30]
    for dt in DTYPES:
        x = _values(dt, 7) if not dt.is_floating_point else rt.tensor(special).to(dt)
        for e in (2, 0, 1, True, False, -1, 3, 0.5, -2, 2.5, -0.0, 300, 2**40, 1 + 1j):
            _agree(fast, python, lambda: ((x, e), {}))
            _agree(rt.Tensor.__dict__[name], gen_ops.METHODS[name], lambda: ((x, e), {}))
        for base in (2, 1, 2 + 0j, 1 + 0j, 2.5, 1.0, True, 0):      # pow(Number self, Tensor exponent): 1 ** x
            _agree(fast, python, lambda: ((base, x), {}))


@pytest.mark.parametrize("name", ["add", "sub"])
def test_keyword_params(name):
    fast, python = _fast_and_python(name)
    mfast, mpython = _fast_and_python(name, method=True)
    ifast, ipython = _fast_and_python(name + "_", method=True)
    for dt in (rt.bool, rt.int32, rt.float32, rt.float16, rt.complex64):
        for alpha in (1, 2, 2.5, True, False, -1, 0.0, -0.0, float("nan"), 1e300, 2 ** 70, 1j, None):
            for other in (("vec", rt.float32), ("vec", dt), 3):
                def make():
                    b = _layout(*other) if isinstance(other, tuple) else other
                    return (_layout("mat", dt), b), {"alpha": alpha}
                _agree(fast, python, make)
                _agree(mfast, mpython, make)
                _agree(ifast, ipython, make)


def test_select_keyword():
    for name in ("div", "divide"):
        fast, python = _fast_and_python(name)
        mfast, mpython = _fast_and_python(name, method=True)
        ifast, ipython = _fast_and_python(name + "_", method=True)
        for da in (rt.int32, rt.float32, rt.bool, rt.int64):
            for b in (("vec", rt.int32), ("vec", rt.float16), -2, 2.5, 0):
                for mode in ("floor", "trunc", None, "nope", 3):
                    def make():
                        other = _layout(*b) if isinstance(b, tuple) else b
                        return (_layout("T", da) if isinstance(b, tuple) else _layout("mat", da), other), \
                            {"rounding_mode": mode}
                    for f, g in ((fast, python), (mfast, mpython), (ifast, ipython)):
                        _agree(f, g, make)


def _out_like(kind, dt):
    if kind == "fresh":
        return rt.empty((2, 3), dtype=dt)
    if kind == "strided":
        return rt.empty((2, 6), dtype=dt)[:, ::2]
    if kind == "T":
        return rt.empty((3, 2), dtype=dt).T
    if kind == "resize":
        return rt.empty((5,), dtype=dt)
    if kind == "empty":
        return rt.empty((0,), dtype=dt)
    if kind == "expanded":
        return rt.empty((1, 3), dtype=dt).expand(2, 3)
    raise AssertionError(kind)


@pytest.mark.parametrize("name", ["add", "mul", "div", "eq", "floor_divide", "bitwise_and", "exp", "neg", "abs",
                                  "signbit", "logical_not", "sqrt"])
def test_out_every_dtype_and_layout(name):
    fast, python = _fast_and_python(name)
    unary = gen_ops.FAST_FUNCTIONS[name][1] == 1
    for dt in (rt.int32, rt.float32, rt.complex64, rt.bool):
        for odt in LAYOUT_DTYPES:
            for okind in ("fresh", "strided", "T", "resize", "empty", "expanded"):
                def make():
                    args = (_layout("mat", dt),) if unary else (_layout("mat", dt), _layout("vec", rt.float32)[:3])
                    return args, {"out": _out_like(okind, odt)}
                _agree(fast, python, make)
    # out= that is an input, or overlaps one
    for unary_or_not in (True,):
        def same():
            a = _layout("mat", rt.float32)
            return ((a,) if unary else (a, a)), {"out": a}

        def partial():
            z = _values(rt.float32, 12)
            return ((z[:6],) if unary else (z[:6], z[:6])), {"out": z[1:7]}

        def number_out():
            return ((_layout("vec", rt.float32),) if unary else (_layout("vec", rt.float32), 2)), {"out": 3}
        for make in (same, partial, number_out):
            _agree(fast, python, make)


INPLACE = ["add_", "sub_", "mul_", "div_", "floor_divide_", "bitwise_and_", "remainder_", "exp_", "neg_", "abs_",
           "sqrt_", "__iadd__", "__isub__", "__imul__", "__itruediv__", "__iand__", "__ilshift__"]


@pytest.mark.parametrize("name", INPLACE)
def test_inplace_methods_and_operators(name):
    fast, python = _fast_and_python(name, method=True)
    unary = gen_ops.FAST_INPLACE[name][1] == 1
    others = [None] if unary else NUMBERS + [("vec", d) for d in (rt.int32, rt.float32, rt.bool, rt.complex64)] + \
        [("col", rt.float32), ("0d", rt.int64)]
    for dt in LAYOUT_DTYPES:
        for lay in ("mat", "T", "strided", "0d", "col"):
            for other in others:
                def make():
                    a = _layout(lay, dt)
                    if unary:
                        return (a,), {}
                    return (a, _layout(*other) if isinstance(other, tuple) else other), {}
                _agree(fast, python, make)
    if not unary:               # self, an expanded self, and an input overlapping self
        def self_twice():
            a = _layout("vec", rt.float32)
            return (a, a), {}

        def expanded():
            return (_layout("col", rt.float32).expand(2, 3), 1), {}

        def overlap():
            z = _values(rt.float32, 12)
            return (z[:6], z[1:7]), {}
        for make in (self_twice, expanded, overlap):
            _agree(fast, python, make)


@pytest.mark.parametrize("name", ["exp", "neg", "abs", "sqrt", "logical_not", "sign", "isnan", "round", "floor",
                                  "bitwise_not", "sigmoid", "nan_to_num"])
def test_unary_every_layout(name):
    fast, python = _fast_and_python(name)
    mfast, mpython = _fast_and_python(name, method=True)
    for dt in LAYOUT_DTYPES:
        for lay in ("vec", "T", "strided", "0d", "empty", "col"):
            _agree(fast, python, lambda: ((_layout(lay, dt),), {}))
            _agree(mfast, mpython, lambda: ((_layout(lay, dt),), {}))


def test_nan_to_num_params():
    fast, python = _fast_and_python("nan_to_num")
    x = rt.tensor([float("nan"), float("inf"), -float("inf"), 1.5])
    for kw in ({}, {"nan": 2.0}, {"nan": None}, {"posinf": 7.0, "neginf": -0.0}, {"nan": 1}, {"nan": True},
               {"posinf": "x"}):
        _agree(fast, python, lambda: ((x,), dict(kw)))


def test_the_forms_are_served_in_c(monkeypatch):
    """After its first call, each form runs without the Python dispatcher."""
    if os.environ.get("EW_NO_FASTPATH"):
        pytest.skip("the C path is off")
    calls = []
    general = _dispatch._call_general
    monkeypatch.setattr(_dispatch, "_call_general", lambda *a: calls.append(a[0]["name"]) or general(*a))
    a, b = rt.arange(6, dtype=rt.float32), rt.arange(6, dtype=rt.float32)
    q, q2 = rt.arange(100, dtype=rt.float32).reshape(10, 10), rt.arange(10, dtype=rt.int32).reshape(10, 1)
    o = rt.empty(6)
    c = a.clone()

    def iadd():
        nonlocal c
        c += b
    forms = [lambda: a + b, lambda: a + 2.0, lambda: 2.0 + a, lambda: 2 - a, lambda: q.T * q2,
             lambda: a[::2] + b[::2], lambda: rt.add(a, b, out=o), lambda: rt.add(a, b, alpha=2), iadd,
             lambda: c.add_(b), lambda: c.mul_(2), lambda: rt.div(a, b, rounding_mode="floor"), lambda: a.exp(),
             lambda: q.T.exp(), lambda: rt.exp(a, out=o), lambda: a == 1, lambda: a + rt.tensor(2.0),
             lambda: rt.addcmul(a, a, b, value=2), lambda: 2 // a, lambda: ~(a > 1), lambda: a ** 2,
             lambda: a.pow(0.5), lambda: a ** b]
    for form in forms:
        form()
        calls.clear()
        form()
        form()
        assert calls == [], (form.__code__.co_firstlineno, calls)


def test_refused_forms_keep_raising_torchs_error():
    """Forms an entry point's signature refuses raise there every time, with the Python
    path's text, while the forms it accepts around them are served."""
    a, b = rt.arange(4, dtype=rt.float32), rt.arange(4, dtype=rt.int32)
    o = rt.empty(4)
    refused = [(gen_ops.FUNCTIONS["eq"], rt.eq, (2, a), {}), (gen_ops.FUNCTIONS["atan2"], rt.atan2, (a, 2.0), {}),
               (gen_ops.METHODS["add"], rt.Tensor.add, (a, b), {"out": o}),
               (gen_ops.FUNCTIONS["add"], rt.add, (a, b), {"foo": 1}),
               (gen_ops.FUNCTIONS["add"], rt.add, (a, b), {"alpha": None}),
               (gen_ops.FUNCTIONS["add"], rt.add, (a, b), {"alpha": 1j}),
               (gen_ops.FUNCTIONS["div"], rt.div, (a, b), {"rounding_mode": "bad"}),
               (gen_ops.FUNCTIONS["sub"], rt.sub, (a > 0, a > 1), {})]
    for _ in range(3):
        assert (a == 2).tolist() == [False, False, True, False] and rt.atan2(a, a).dtype == rt.float32
        assert rt.add(a, b, alpha=1).tolist() == [0, 2, 4, 6] and a.add(b).tolist() == [0, 2, 4, 6]
        for python, fast, args, kw in refused:
            with pytest.raises(Exception) as want:
                python(*args, **kw)
            with pytest.raises(want.type, match="^" + re.escape(str(want.value)) + "$"):
                fast(*args, **kw)


def test_plans_shared_across_threads_with_every_form():
    forms = {
        "scalar": lambda a, b: a * 3.5,
        "broadcast": lambda a, b: a.reshape(10, 100) + b[:100],
        "transposed": lambda a, b: a.reshape(100, 10).T - b.reshape(10, 100),
        "alpha": lambda a, b: rt.sub(a, b, alpha=0.5),
        "reflected": lambda a, b: 1 - a,
        "inplace": lambda a, b: a.clone().add_(b, alpha=2),
        "mixed": lambda a, b: a + b.to(rt.int32),
    }
    a, b = rt.arange(1000, dtype=rt.float32), rt.arange(1000, dtype=rt.float32) * 0.25
    want = {k: _bits(f(a, b)) for k, f in forms.items()}
    bad = []

    def work(seed):
        _fastpath.forget() if seed % 3 == 0 else None
        for i in range(200):
            k = list(forms)[(i + seed) % len(forms)]
            if _bits(forms[k](a, b)) != want[k]:
                bad.append(k)
            if i % 50 == seed:
                _dispatch._PLANS.clear()
    threads = [threading.Thread(target=work, args=(s,)) for s in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not bad


def test_no_references_or_memory_leak():
    """10^5 calls of every form: refcounts of what they touch and the Python heap stay flat."""
    a, b = rt.arange(100, dtype=rt.float32), rt.arange(100, dtype=rt.int32)
    q = rt.arange(100, dtype=rt.float32).reshape(10, 10)
    o = rt.empty(100)
    x = 2.5
    forms = [lambda: a + b, lambda: a + x, lambda: 2 - a, lambda: q.T * q, lambda: rt.add(a, b, out=o),
             lambda: rt.add(a, a, alpha=x), lambda: o.add_(a), lambda: rt.div(a, a, rounding_mode="floor"),
             lambda: a.exp(), lambda: a[::2] * 2, lambda: q.T]
    for f in forms:
        f()
        f()
    watched = [a, b, q, o, x, a._shape, a._strides, a._dtype, q._strides, q._shape, q._storage, q._ptr, rt.float32]
    before = [sys.getrefcount(w) for w in watched]
    tracemalloc.start()
    try:
        for f in forms:
            for _ in range(1000):
                f()
        gc.collect()
        start = tracemalloc.get_traced_memory()[0]
        for f in forms:
            for _ in range(10000):
                f()
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    # (a per-call leak would add 10^4 or more; a dtype's count moves by a few with caches)
    assert all(after <= was + 4 for after, was in zip([sys.getrefcount(w) for w in watched], before)), before
    assert grown < 64 * 1024, grown


# ---------------------------------------------------------------- clamp, where, numbers that must fit
# clamp's overloads are chosen by the kinds of min and max (numbers, tensors, None, by position
# or keyword); where's condition takes no part in promotion; their numbers must fit the
# computation dtype (check_scalars), which the C path checks by the plan's bounds, refusing
# to Python (which raises torch's error) when one may not.
BOUNDS = [0, 1, -2.5, 0.5, True, 1000, -1000, 300, 70000.0, 1e300, float("nan"), float("inf"), -float("inf"),
          2 ** 62, 2 ** 63 - 1, 1j, None]
CLAMP_DTYPES = [rt.bool, rt.uint8, rt.int8, rt.int32, rt.int64, rt.float16, rt.bfloat16, rt.float32, rt.float64,
                rt.complex64]


def _x(dt, lay="vec"):
    return _layout(lay, dt) if dt is not rt.int8 else _layout(lay, rt.int32).to(rt.int8)


@pytest.mark.parametrize("name", ["clamp", "clip"])
def test_clamp_number_bounds(name):
    fast, python = _fast_and_python(name)
    mfast, mpython = _fast_and_python(name, method=True)
    ifast, ipython = _fast_and_python(name + "_", method=True)
    for dt in CLAMP_DTYPES:
        for lo in BOUNDS:
            for hi in (BOUNDS if lo in (0, 1000, None, float("nan")) else [None, 3]):
                _agree(fast, python, lambda: ((_x(dt), lo, hi), {}))
                _agree(mfast, mpython, lambda: ((_x(dt, "T"), lo, hi), {}))
                _agree(ifast, ipython, lambda: ((_x(dt), lo, hi), {}))
            _agree(mfast, mpython, lambda: ((_x(dt),), {"min": lo}))
            _agree(mfast, mpython, lambda: ((_x(dt, "0d"),), {"max": lo}))
            _agree(fast, python, lambda: ((_x(dt, "strided"),), {"min": lo, "max": 2}))
            _agree(fast, python, lambda: ((_x(dt), lo), {"max": None}))
    for out_dt in (rt.float32, rt.int32, rt.float64):           # out= of the result dtype, or not
        _agree(fast, python, lambda: ((_x(rt.float32), 0.5, 2), {"out": _x(out_dt)}))
        _agree(fast, python, lambda: ((_x(rt.int32), 1, 2), {"out": _x(out_dt)}))
    _agree(fast, python, lambda: ((_x(rt.float32),), {}))                       # no bounds: torch's error
    _agree(fast, python, lambda: ((_x(rt.float32), None, None), {}))
    _agree(fast, python, lambda: ((_x(rt.float32),), {"min": 1, "foo": 2}))


def test_clamp_tensor_bounds():
    fast, python = _fast_and_python("clamp")
    mfast, mpython = _fast_and_python("clamp", method=True)
    for dt in CLAMP_DTYPES:
        for bdt in (rt.float32, rt.int32, dt, rt.complex64):
            for lx, lb in LAYOUT_PAIRS:
                _agree(fast, python, lambda: ((_x(dt, lx), _x(bdt, lb), _x(bdt, lb)), {}))
                _agree(fast, python, lambda: ((_x(dt, lx), _x(bdt, lb)), {}))
                _agree(mfast, mpython, lambda: ((_x(dt, lx),), {"max": _x(bdt, lb)}))
                _agree(fast, python, lambda: ((_x(dt, lx), _x(bdt, lb), 2), {}))      # a tensor next to a number
                _agree(fast, python, lambda: ((_x(dt, lx), None, _x(bdt, "0d")), {}))


def test_where_forms():
    fast, python = _fast_and_python("where")
    conds = [lambda lay: _layout(lay, rt.bool), lambda lay: _layout(lay, rt.uint8), lambda lay: _layout(lay, rt.int32)]
    for dt in CLAMP_DTYPES:
        for cond in conds:
            for lx, ly in LAYOUT_PAIRS:
                _agree(fast, python, lambda: ((cond(ly), _x(dt, lx), _x(dt, ly)), {}))
                _agree(fast, python, lambda: ((cond(lx), _x(dt, lx), _x(rt.float64, ly)), {}))
            for v in BOUNDS:
                _agree(fast, python, lambda: ((cond("vec"), _x(dt), v), {}))
                _agree(fast, python, lambda: ((cond("T"), v, _x(dt, "T")), {}))
        _agree(fast, python, lambda: ((_layout("vec", rt.bool), 1.5, 2), {}))      # numbers only: Python's
        for out_dt in (dt, rt.float32):
            _agree(fast, python, lambda: ((_layout("vec", rt.bool), _x(dt), _x(dt)), {"out": _x(out_dt)}))
    _agree(fast, python, lambda: ((_layout("vec", rt.bool), None, None), {}))


@pytest.mark.parametrize("name", ["clamp_min", "clamp_max"])
def test_numbers_that_must_fit(name):
    """check_scalars configs: every number's value is checked against the plan's bounds, per call."""
    fast, python = _fast_and_python(name)
    for dt in CLAMP_DTYPES:
        for v in BOUNDS:
            _agree(fast, python, lambda: ((_x(dt), v), {}))


def test_clamp_and_where_served_in_c(monkeypatch):
    if os.environ.get("EW_NO_FASTPATH"):
        pytest.skip("the C path is off")
    calls = []
    general = _dispatch._call_general
    monkeypatch.setattr(_dispatch, "_call_general", lambda *a: calls.append(a[0]["name"]) or general(*a))
    a, lo, hi = rt.arange(6, dtype=rt.float32), rt.zeros(6), rt.ones(6)
    i8, c, o = rt.arange(6, dtype=rt.int8), a > 2, rt.empty(6)
    forms = [lambda: rt.clamp(a, 0.0, 1.0), lambda: a.clamp(min=0.0), lambda: a.clamp(max=1), lambda: rt.clip(a, 0, 1),
             lambda: rt.clamp(a, None, 1.0), lambda: rt.clamp(a, lo, hi), lambda: rt.clamp(a, lo), lambda: a.clamp(lo),
             lambda: rt.clamp(a, 0.0, 1.0, out=o), lambda: a.clone().clamp_(0, 1), lambda: rt.clamp_min(i8, 3),
             lambda: rt.clamp(i8, -5, 100), lambda: rt.where(c, a, lo), lambda: rt.where(c, a, 0.0),
             lambda: rt.where(c, 1, a), lambda: rt.where(c, i8, 7), lambda: rt.where(c, a, lo, out=o)]
    for form in forms:
        form()
        calls.clear()
        form()
        form()
        assert calls == [], (form.__code__.co_firstlineno, calls)
    # a number that does not fit the dtype goes to Python, which raises torch's error
    for _ in range(2):
        with pytest.raises(RuntimeError, match="value cannot be converted to type int8_t without overflow"):
            rt.clamp(i8, -5, 1000)
        with pytest.raises(RuntimeError, match="value cannot be converted to type int8_t without overflow"):
            rt.where(c, i8, 300)


def test_clamp_and_where_match_torch():
    torch = pytest.importorskip("torch")
    tdt = {d: getattr(torch, d.name) for d in CLAMP_DTYPES}

    def run(lib, f):
        try:
            r = f(lib)
        except Exception as e:  # noqa: BLE001 - the outcome is compared, whatever it is
            return type(e).__name__, str(e)
        return str(r.dtype).split(".")[-1], tuple(r.shape), [repr(complex(v) if isinstance(v, complex) else float(v))
                                                              for v in r.reshape(-1).tolist()]     # (NaN == NaN)

    def t(lib, dt, vals):
        return rt.tensor(vals).to(dt) if lib is rt else torch.tensor(vals).to(tdt[dt])
    vals = [-3, 0, 2, 5, 100, -7]
    for dt in CLAMP_DTYPES:
        cases = [lambda m: m.clamp(t(m, dt, vals), 0, 4), lambda m: t(m, dt, vals).clamp(min=1.5),
                 lambda m: m.clamp(t(m, dt, vals), None, 300), lambda m: m.clamp(t(m, dt, vals), -1000, 2),
                 lambda m: m.clamp(t(m, dt, vals), t(m, rt.int32, [0] * 6), t(m, rt.float32, [3.5] * 6)),
                 lambda m: m.clamp(t(m, dt, vals), float("nan"), 2), lambda m: m.clamp_min(t(m, dt, vals), 1000),
                 lambda m: m.where(t(m, rt.bool, [1, 0, 1, 0, 1, 0]), t(m, dt, vals), 0.5),
                 lambda m: m.where(t(m, rt.bool, [1, 0, 1, 0, 1, 0]), t(m, dt, vals), 1000),
                 lambda m: m.where(t(m, rt.bool, [1, 0, 1, 0, 1, 0]), 2, t(m, dt, vals)),
                 lambda m: m.where(t(m, rt.bool, [1, 0, 1, 0, 1, 0]), t(m, dt, vals), t(m, rt.float64, vals))]
        for case in cases:
            for _ in range(3):          # the first through Python, the next through C
                assert run(rt, case) == run(torch, case), (dt, case.__code__.co_firstlineno)


def test_tensor_slots_are_checked_at_init():
    """fastcall fills new Tensors' __slots__ by the offsets it took from their member
    descriptors: a class whose slots are not exactly those is refused, and the offsets in use stay."""
    class Extra:
        __slots__ = ("_storage", "_ptr", "_shape", "_strides", "_offset", "_dtype", "_wrapped", "_lazy", "_new")

    class Missing:
        __slots__ = ("_storage", "_ptr", "_shape", "_strides", "_offset", "_dtype", "_wrapped")

    class WithDict:
        __slots__ = ("_storage", "_ptr", "_shape", "_strides", "_offset", "_dtype", "_wrapped", "_lazy", "__dict__")
    for cls in (Extra, Missing, WithDict):
        with pytest.raises((TypeError, AttributeError)):
            fastcall.init(cls, type(rt.float32), _dispatch._PLANS, {})
    a = rt.arange(3, dtype=rt.float32)
    for _ in range(3):
        r = a + a
        assert r.tolist() == [0.0, 2.0, 4.0] and r.dtype == rt.float32 and r.shape == (3,)


def _walks():
    """Calls whose walk has several rows and no casts (iterate.c: ew_run_rows runs them on
    this thread, row by row, below a thread's grain), each as (name, function of rt or torch)."""
    def v(m, shape, dt, start=-7):
        n = 1
        for s in shape:
            n *= s
        return m.arange(start, start + n, dtype=getattr(m, dt)).reshape(shape)
    yield "(r,1)+(1,c)", lambda m: v(m, (10, 1), "float32") + v(m, (1, 10), "float32")
    yield "(r,1)*(1,c) int", lambda m: v(m, (7, 1), "int32") * v(m, (1, 5), "int32")
    yield "3-d broadcast", lambda m: v(m, (3, 1, 4), "float64") - v(m, (5, 1), "float64")
    yield "(r,c)+(1,c)", lambda m: v(m, (4, 6), "int64") + v(m, (6,), "int64")
    yield "transposed", lambda m: v(m, (6, 5), "float32").T * v(m, (5, 6), "float32")
    yield "strided rows", lambda m: v(m, (6, 8), "float32")[::2, 1::3] + v(m, (3, 1), "float32")
    yield "number and column", lambda m: 2.5 - v(m, (4, 1), "float32").expand(4, 3)
    yield "unary transposed", lambda m: v(m, (4, 5), "float32").T.exp()
    yield "where rows", lambda m: m.where(v(m, (3, 1), "int32") > -6, v(m, (1, 4), "float32"), 0.5)
    yield "clamp rows", lambda m: m.clamp(v(m, (5, 3), "float32"), v(m, (5, 1), "float32"), v(m, (3,), "float32"))
    yield "out= rows", lambda m: m.add(v(m, (3, 1), "int64"), v(m, (1, 3), "int64"),
                                       out=m.empty(3, 3, dtype=m.int64))
    yield "in place rows", lambda m: v(m, (4, 3), "float32").add_(v(m, (4, 1), "float32"))
    yield "empty", lambda m: v(m, (0, 1), "float32") + v(m, (1, 3), "float32")
    # an integer division by zero in the third row: the error, not a partial result
    yield "division by zero", lambda m: m.floor_divide(v(m, (1, 3), "int32", 5), v(m, (4, 1), "int32", -2))
    yield "remainder by zero", lambda m: v(m, (3, 1), "int64").remainder(v(m, (1, 2), "int64", 0))


def _walk_outcome(f, m):
    try:
        r = f(m)
    except Exception as e:  # noqa: BLE001 - the outcome is compared, whatever it is
        return type(e).__name__, str(e)
    return str(r.dtype).split(".")[-1], tuple(r.shape), tuple(r.stride()), r.reshape(-1).tolist()


def test_walks_by_rows_equal_the_walker_job():
    """Small walks of several rows without casts go row by row without the job's set-up: the
    same dtypes, values, strides and errors as the job (forced with a grain of one element,
    one thread), through the C path (second and third calls) and the Python one (first)."""
    from runtime import _threads
    saved, threads = _threads._config("grain"), rt.get_num_threads()
    try:
        for name, f in _walks():
            _dispatch._PLANS.clear()
            rt.set_num_threads(1)
            _threads._config("grain", 1)
            want = [_walk_outcome(f, rt) for _ in range(3)]
            _threads._config("grain", saved)
            rt.set_num_threads(threads)
            _dispatch._PLANS.clear()
            got = [_walk_outcome(f, rt) for _ in range(3)]
            assert got == want, name
            assert want[0] == want[1] == want[2], name
    finally:
        _threads._config("grain", saved)
        rt.set_num_threads(threads)


def test_walks_by_rows_match_torch():
    torch = pytest.importorskip("torch")
    for name, f in _walks():
        want = _walk_outcome(f, torch)
        for _ in range(3):          # the first through Python, the next through C
            assert _walk_outcome(f, rt) == want, name


def _t_cases(m):
    """Tensors of every kind x.T meets: 2-d contiguous, strided, offset, conj and neg bits, empty,
    a Size-1 dim, and the dims whose T warns (0-d, 1-d) or raises/warns (3-d)."""
    base = m.arange(24, dtype=m.float32).reshape(4, 6)
    c = m.arange(6, dtype=m.float32).reshape(2, 3) * (1 + 2j)
    yield "contiguous", base
    yield "strided", base[::2, 1::2]
    yield "offset", base[1:, 2:]
    yield "transposed", base.T
    yield "conj", c.conj()
    yield "neg", c.conj().imag
    yield "empty", m.zeros(0, 3)
    yield "one row", m.ones(1, 5, dtype=m.int64)
    yield "int8", m.arange(6, dtype=m.int8).reshape(3, 2)
    yield "0-d", m.tensor(3.0)
    yield "1-d", m.arange(4)
    yield "3-d", m.arange(24).reshape(2, 3, 4)


def _t_outcome(x):
    # (warnings are torch's once per process: test_T_in_c_equals_the_python_getter checks ours)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            t = x.T
        except Exception as e:  # noqa: BLE001 - the outcome is compared, whatever it is
            return type(e).__name__, str(e)
    return (str(t.dtype).split(".")[-1], tuple(t.shape), t.stride(), t.storage_offset(), t.is_conj(), t.is_neg(),
            t.resolve_conj().resolve_neg().tolist())


def test_T_in_c_equals_the_python_getter():
    """Tensor.T's C getter (fastcall.c, transpose_call) gives the Python getter's view: shape,
    strides, offset, bits, values, the same storage (a write shows through), warnings."""
    if os.environ.get("EW_NO_FASTPATH"):
        pytest.skip("the C path is off")
    fast = rt.Tensor.T.fget
    python = fast.__self__
    assert type(fast).__name__ == "builtin_function_or_method" and python.__name__ == "T"
    for name, x in _t_cases(rt):
        got, want = [], []
        for getter, into in ((fast, got), (python, want)):
            _warn._WARNED.clear()
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                t = getter(x)
            into.append((type(t), t.dtype, t.shape, t.stride(), t.storage_offset(), t.is_conj(), t.is_neg(),
                         t._ptr, t._storage is x._storage, t._wrapped, _bits(t), [str(v.message) for v in w]))
        assert got == want, name
    x = rt.zeros(2, 3)
    x.T[2, 1] = 5.0
    assert x.tolist() == [[0, 0, 0], [0, 0, 5]]


def test_T_matches_torch():
    torch = pytest.importorskip("torch")
    for (name, x), (_, y) in zip(_t_cases(rt), _t_cases(torch)):
        assert _t_outcome(x) == _t_outcome(y), name


def test_positive_returns_its_input_from_its_plan(monkeypatch):
    """torch.positive is its input after its dtype's check: a plan without a kernel, served
    in C (or by _dispatch.call) from the second call on, for every form that returns."""
    calls = []
    general = _dispatch._call_general
    monkeypatch.setattr(_dispatch, "_call_general", lambda *a: calls.append(a[0]["name"]) or general(*a))
    forms = (rt.positive, rt.Tensor.positive, lambda x: +x)
    for dt in DTYPES[1:]:
        for x in (_values(dt), _values(dt)[::2], _values(dt, 1).reshape(())):
            for form in forms:
                calls.clear()
                assert all(form(x) is x for _ in range(3))
                assert len(calls) <= 1, (dt, calls)
    z = rt.tensor([1 + 2j]).conj()
    assert all(rt.positive(z) is z for _ in range(3)) and z.is_conj()
    b = _values(rt.bool)
    for form in forms * 2:
        with pytest.raises(RuntimeError, match=r"^The `\+` operator, on a bool tensor is not supported\.$"):
            form(b)
    x = _values(rt.float32)
    for _ in range(3):
        with pytest.raises(TypeError, match=r"^positive\(\) got an unexpected keyword argument 'out'$"):
            rt.positive(x, out=x)
        with pytest.raises(TypeError, match=r"^positive\(\): argument 'input' \(position 1\) must be Tensor, not int$"):
            rt.positive(3)
