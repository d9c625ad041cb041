"""Zero-copy exchange with NumPy (tests run when NumPy is installed; the runtime never needs it)."""
import pytest

import runtime as rt

np = pytest.importorskip("numpy")

SHARED = ["bool", "uint8", "int8", "int16", "int32", "int64", "uint16", "uint32", "uint64", "float16", "float32",
          "float64", "complex64", "complex128"]


@pytest.mark.parametrize("name", SHARED)
def test_asarray_shares_memory_with_strides(name):
    t = rt.arange(12).reshape(3, 4).to(getattr(rt, name))
    a = np.asarray(t.T)
    assert a.dtype == np.dtype(name) and a.shape == (4, 3)
    assert a.strides == tuple(s * a.itemsize for s in t.T.stride())
    assert a.tolist() == t.T.tolist()
    assert a.__array_interface__["data"][0] == t.data_ptr()


@pytest.mark.parametrize("name", ["bfloat16", "complex32"])
def test_types_numpy_lacks_are_named(name, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "ml_dtypes", None)       # bfloat16 needs ml_dtypes (below)
    with pytest.raises(TypeError, match=name):
        np.asarray(rt.ones(2, dtype=getattr(rt, name)))


def test_from_numpy_shares_memory_and_keeps_the_array_alive():
    a = np.arange(6.0).reshape(2, 3)
    t = rt.from_numpy(a[:, ::2])
    assert t.shape == (2, 2) and t.stride() == (3, 2) and t.dtype is rt.float64
    t.mul_(10)
    assert a.tolist() == [[0.0, 1.0, 20.0], [30.0, 4.0, 50.0]]
    del a
    assert t.tolist() == [[0.0, 20.0], [30.0, 50.0]]
    with pytest.raises(ValueError, match="negative"):
        rt.from_numpy(np.arange(4)[::-1])


def test_tensor_of_an_array_copies():
    a = np.array([[1, 2], [3, 4]], dtype=np.int16)
    t = rt.tensor(a)
    a[0, 0] = 9
    assert t.dtype is rt.int16 and t.tolist() == [[1, 2], [3, 4]]
    assert rt.tensor(a, dtype=rt.float32).tolist() == [[9.0, 2.0], [3.0, 4.0]]


# ---------------------------------------------------------------- ml_dtypes (bfloat16, float8)
ML = ["bfloat16", "float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e8m0fnu"]


@pytest.mark.parametrize("name", ML)
def test_ml_dtypes_exchange_shares_memory(name):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    d = getattr(rt, name)
    t = rt.tensor([1.0, 2.0, 0.5, 64.0]).to(d)
    a = np.asarray(t)
    assert a.dtype == np.dtype(getattr(ml_dtypes, name)) and a.astype(np.float32).tolist() == [1, 2, 0.5, 64]
    a[1] = 4                                   # the tensor's memory
    assert t.to(rt.float32).tolist() == [1, 4, 0.5, 64]
    assert t.numpy().dtype == a.dtype and np.asarray(t[::2]).tolist() == a[::2].tolist()
    back = rt.from_numpy(a[::2])
    assert back.dtype is d and back.to(rt.float32).tolist() == [1, 0.5]
    back[0] = 8.0
    assert a[0] == 8


def test_without_ml_dtypes_the_error_names_the_extra(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "ml_dtypes", None)       # import ml_dtypes raises ImportError
    for name in ML:
        with pytest.raises(TypeError, match=r"NumPy has no .* dtype; install the ml_dtypes extra "
                                            r"\(pip install 'ewgen\[ml_dtypes\]'\)"):
            np.asarray(rt.zeros(2, dtype=getattr(rt, name)))
    with pytest.raises(TypeError, match="NumPy has no complex32 dtype$"):
        np.asarray(rt.zeros(2, dtype=rt.complex32))
