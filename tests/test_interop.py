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
def test_types_numpy_lacks_are_named(name):
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
