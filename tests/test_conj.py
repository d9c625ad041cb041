"""torch's conjugate and negative bits: x.conj() is a view whose values are the conjugates,
x.conj().imag a view with the negative bit; ops read their values, writes go through the bit,
and numpy()/view(dtype)/__dlpack__ refuse them as torch does.  Expected values are torch
2.13's; the differential test at the end replays the same calls on torch when it is there."""
import pytest

import runtime as rt

X = [1 + 2j, 3 - 4j, -5 + 0.5j, -1j]


def x(m=rt):
    return m.tensor(X, dtype=m.complex64)


def test_conj_is_a_view_with_the_bit():
    v = x().conj()
    assert v.is_conj() and rt.is_conj(v) and not v.is_neg()
    assert v.tolist() == [(1 - 2j), (3 + 4j), (-5 - 0.5j), 1j]
    assert v.conj().is_conj() is False and v.conj().tolist() == X
    assert v.T.is_conj() and v[1:].is_conj() and v.reshape(2, 2).is_conj() and v.expand(2, 4).is_conj()
    real = rt.tensor([1.0, 2.0])
    assert real.conj() is real and not rt.conj(rt.tensor([1, 2])).is_conj()


def test_views_share_memory_both_ways():
    base = x()
    v = base.conj()
    base[0] = 7 + 7j
    assert v[0].item() == 7 - 7j
    v[1] = 5 + 5j                                   # stored as its conjugate
    assert base[1].item() == 5 - 5j


def test_ops_read_the_values():
    v = x().conj()
    assert (v + 1).tolist() == [(2 - 2j), (4 + 4j), (-4 - 0.5j), (1 + 1j)]
    assert not (v + 1).is_conj()
    assert v.sum().item() == pytest.approx(-1 + 2.5j)
    assert rt.sum(v.reshape(2, 2), 1).tolist() == [(4 + 2j), (-5 + 0.5j)]
    assert v[rt.tensor([0, 2])].tolist() == [(1 - 2j), (-5 - 0.5j)]
    assert rt.conj_physical(v).tolist() == X
    assert (v == x()).tolist() == [False, False, False, False]
    for _ in range(3):          # the C short path too, once the call form has a plan
        assert rt.mul(v, x()).tolist() == [(5 + 0j), (25 + 0j), (25.25 + 0j), (1 + 0j)]


def test_writes_go_through_the_bit():
    base = x()
    v = base.conj()
    v *= 1j
    assert base.tolist() == [(2 - 1j), (-4 - 3j), (0.5 + 5j), (-1 - 0j)]
    base = x()
    rt.mul(base.conj(), 2, out=base.conj())
    assert base.tolist() == [(2 + 4j), (6 - 8j), (-10 + 1j), -2j]
    base = x()
    base.conj()[rt.tensor([True, False, True, False])] = 9j
    assert base.tolist() == [-9j, (3 - 4j), -9j, -1j]
    base = x()
    rt.sum(base.conj().reshape(2, 2), 0, out=base.conj()[:2])
    assert base.tolist() == [(-4 + 2.5j), (3 - 5j), (-5 + 0.5j), -1j]


def test_the_negative_bit():
    base = x()
    n = base.conj().imag
    assert n.is_neg() and rt.is_neg(n) and not n.is_conj()
    assert n.tolist() == [-2.0, 4.0, -0.5, 1.0] and repr(n) == "tensor([-2.0000,  4.0000, -0.5000,  1.0000])"
    assert (n * 2).tolist() == [-4.0, 8.0, -1.0, 2.0] and not (n * 2).is_neg()
    assert rt.resolve_neg(n).tolist() == [-2.0, 4.0, -0.5, 1.0] and not rt.resolve_neg(n).is_neg()
    n[rt.tensor([1, 2])] = rt.tensor([7.0, 8.0])
    assert base.tolist() == [(1 + 2j), (3 - 7j), (-5 - 8j), -1j]


def test_resolving_and_copies():
    v = x().conj()
    r = rt.resolve_conj(v)
    assert not r.is_conj() and r.tolist() == v.tolist()
    assert not v.clone().is_conj() and v.clone().tolist() == v.tolist()
    assert v.contiguous() is v and v.cfloat() is v
    assert not v.to(rt.complex128).is_conj()
    t = rt.tensor([[1 + 1j, 2 + 2j], [3 + 3j, 4 + 4j]]).conj().T
    c = t.contiguous()
    assert c.is_conj() and c.tolist() == [[(1 - 1j), (3 - 3j)], [(2 - 2j), (4 - 4j)]]


def test_refusals():
    v = x().conj()
    with pytest.raises(RuntimeError, match=r"^Can't call numpy\(\) on Tensor that has conjugate bit set\. "
                                           r"Use tensor\.resolve_conj\(\)\.numpy\(\) instead\.$"):
        v.numpy()
    with pytest.raises(RuntimeError, match="negative bit set. Use tensor.resolve_neg"):
        v.imag.numpy()
    with pytest.raises(RuntimeError, match=r"^torch\.Tensor\.view is not supported for conjugate view tensors "
                                           r"when converting to a different dtype\.$"):
        v.view(rt.float32)
    with pytest.raises(RuntimeError, match="for tensors with negative bit set when converting"):
        v.imag.view(rt.int32)
    with pytest.raises(BufferError, match="^Can't export tensors with the conjugate bit set$"):
        v.__dlpack__()
    for f in (rt.conj, rt.is_conj, rt.resolve_conj, rt.is_neg, rt.resolve_neg):
        with pytest.raises(TypeError, match=rf"^{f.__name__}\(\): argument 'input' \(position 1\) must be Tensor, "
                                            r"not int$"):
            f(3)


CALLS = [
    lambda m: x(m).conj(), lambda m: x(m).conj().sum(0), lambda m: x(m).conj()[m.tensor([0, 2])],
    lambda m: x(m).conj().imag, lambda m: x(m).conj().imag * 2, lambda m: x(m).conj().abs(),
    lambda m: m.where(m.tensor([True, False, True, False]), x(m).conj(), x(m)),
    lambda m: m.add(x(m).conj(), x(m).conj(), alpha=2), lambda m: x(m).conj().to(m.complex128),
    lambda m: x(m).conj().imag.amax(), lambda m: m.resolve_neg(x(m).conj().imag),
    lambda m: x(m).conj().numpy(), lambda m: x(m).conj().view(m.float32), lambda m: x(m).conj().__dlpack__(),
]


@pytest.mark.torch
@pytest.mark.parametrize("i", range(len(CALLS)))
def test_against_torch(i):
    torch = pytest.importorskip("torch")

    def outcome(m):
        try:
            r = CALLS[i](m)
        except Exception as e:
            return type(e).__name__, str(e)
        return r.tolist(), r.dtype.__repr__().split(".")[-1], r.is_conj(), r.is_neg()
    assert outcome(rt) == outcome(torch)
