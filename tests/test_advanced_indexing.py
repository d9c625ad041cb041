"""Advanced indexing (t[idx], t[idx] = v with integer tensors, lists, bool/uint8 masks, mixed
with basic items): hand-computed expectations that run without torch, then a differential
sweep against torch (index forms x dtypes x layouts, values, layout, errors and warnings)."""
import itertools
import math
import random
import re
import warnings

import pytest

import runtime as rt


def raises(cls, message):
    return pytest.raises(cls, match="^" + re.escape(message) + "$")


def grid():
    return rt.arange(24).reshape(2, 3, 4)       # value at [i, j, k] = 12 i + 4 j + k


# ------------------------------------------------------------------ without torch
def test_integer_lists_and_tensors_gather_copies():
    x = grid()
    assert x[[1, 0]].tolist() == [x[1].tolist(), x[0].tolist()]
    assert x[rt.tensor([-1])].tolist() == [x[1].tolist()]               # negative indices wrap
    assert x[rt.tensor([1], dtype=rt.int32)].tolist() == [x[1].tolist()]
    r = x[[0, 1], [2, 0]]                         # two adjacent indices: their pair in place
    assert r.shape == (2, 4) and r.tolist() == [[8, 9, 10, 11], [12, 13, 14, 15]]
    r[0, 0] = 100
    assert x[0, 2, 0].item() == 8                 # a copy, not a view
    assert x[[]].shape == (0, 3, 4)


def test_result_shape_rules():
    x = grid()
    assert x[:, [0, 2]].shape == (2, 2, 4)
    assert x[:, [[0], [2]], [1, 3]].shape == (2, 2, 2)     # broadcast (2, 1) with (2,): in place
    r = x[[1], :, [3]]                                     # separated by a slice: first
    assert r.shape == (1, 3) and r.tolist() == [[15, 19, 23]]
    assert x[None, [1], :, [3]].shape == (1, 1, 3)
    assert x[..., [0, 1]].shape == (2, 3, 2)
    assert x[0, [2, 1]].tolist() == [[8, 9, 10, 11], [4, 5, 6, 7]]


def test_masks_are_their_nonzero_indices():
    x = grid()
    m = x > 20
    assert x[m].tolist() == [21, 22, 23]
    assert x[rt.tensor([False, True])].tolist() == [x[1].tolist()]
    assert x[rt.tensor([[True, False, True], [False, False, True]]), 1:3].tolist() == [[1, 2], [9, 10], [21, 22]]
    with pytest.warns(UserWarning, match="indexing with dtype torch.uint8 is now deprecated"):
        assert x[rt.tensor([0, 1], dtype=rt.uint8)].tolist() == [x[1].tolist()]
    assert x[[True, False]].shape == (1, 3, 4)             # a list of bools is a mask


@pytest.mark.parametrize("shape", [(7,), (3, 4, 5), (2, 1, 3), (1, 1, 1), (4, 0), (2, 3, 1, 4)])
def test_where_condition_is_nonzero_in_every_layout(shape):
    """where(condition) (ew_nonzero): the coordinates of the true elements in row-major order of
    the logical shape, whatever the mask's strides."""
    rng = random.Random(len(shape))
    flat = [rng.random() < 0.5 for _ in range(math.prod(shape))]
    base = rt.tensor(flat, dtype=rt.bool).reshape(shape)
    layouts = [base, base[..., ::2], base.expand(2, *shape)]
    if len(shape) > 1:
        layouts += [base.transpose(0, -1), base.transpose(0, -1)[..., ::2]]
    for m in layouts:
        values = m.tolist() if m.ndim else [m.item()]
        want = [[] for _ in range(m.ndim)]
        for index in itertools.product(*map(range, m.shape)):
            v = values
            for i in index:
                v = v[i]
            if v:
                for d, i in enumerate(index):
                    want[d].append(i)
        assert [c.tolist() for c in rt.where(m)] == want


def test_strided_and_expanded_sources():
    x = rt.arange(24).reshape(4, 3, 2).permute(2, 1, 0)    # x[i, j, k] = 6 k + 2 j + i
    assert x[[1], [2], [3]].tolist() == [23]
    e = rt.arange(3).expand(4, 3)
    assert e[[0, 3], [2, 1]].tolist() == [2, 1]
    s = rt.arange(10)[::3]
    assert s[[3, 0, -1]].tolist() == [9, 0, 9]


def test_errors_with_torch_text():
    x = rt.zeros(3)
    with raises(IndexError, "index 5 is out of bounds for dimension 0 with size 3"):
        x[[5]]
    with raises(IndexError, "index 4 is out of bounds for dimension 1 with size 4"):   # the indexer's position
        grid()[[0], :, [4]]
    with raises(IndexError, "The shape of the mask [2] at index 0 does not match the shape of the indexed "
                            "tensor [3] at index 0"):
        x[rt.tensor([True, False])]
    with raises(IndexError, "tensors used as indices must be long, int, byte or bool tensors"):
        x[rt.tensor([0.0])]
    with raises(IndexError, "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"):
        grid()[[0, 1], [0, 1, 2]]
    with raises(IndexError, "index is out of bounds for dimension with size 0"):
        rt.zeros(0)[[0]]


def test_setitem_puts_with_broadcast_values():
    x = rt.zeros(5)
    x[[0, 0, 1]] = rt.tensor([1.0, 2.0, 3.0])       # duplicates: the last write wins
    assert x.tolist() == [2.0, 3.0, 0.0, 0.0, 0.0]
    x[x > 2] = 9                                     # a Python number, converted to x's dtype
    assert x.tolist() == [2.0, 9.0, 0.0, 0.0, 0.0]
    g = rt.zeros(2, 3, dtype=rt.int64)
    g[[1, 0], 1:] = rt.tensor([[7, 8]])              # leading 1s dropped, then broadcast
    assert g.tolist() == [[0, 7, 8], [0, 7, 8]]
    t = rt.zeros(4, 3).t()                           # a transposed destination
    t[:, [3, 0]] = rt.tensor([1.0, 2.0])
    assert t.tolist() == [[2.0, 0, 0, 1.0]] * 3


def test_setitem_errors_with_torch_text():
    x = rt.zeros(3)
    with raises(RuntimeError, "shape mismatch: value tensor of shape [2] cannot be broadcast to indexing result "
                              "of shape [3]"):
        x[[0, 1, 2]] = rt.tensor([1.0, 2.0])
    with raises(RuntimeError, "Index put requires the source and destination dtypes match, got Float for the "
                              "destination and Long for the source."):
        x[[0]] = rt.tensor([1])
    with raises(RuntimeError, "unsupported operation: some elements of the input tensor and the written-to tensor "
                              "refer to a single memory location. Please clone() the tensor before performing the "
                              "operation."):
        x[[0, 1]] = x[1:]
    with raises(RuntimeError, "value cannot be converted to type uint8_t without overflow"):
        rt.zeros(2, dtype=rt.uint8)[rt.tensor([True, False])] = rt.tensor(300)     # masked_fill_'s check
    with raises(RuntimeError, "value cannot be converted to type c10::Half without overflow"):
        rt.zeros(1, dtype=rt.float16)[rt.tensor([True])] = rt.tensor(1 + 2j)     # no setitem exemption there
    with raises(RuntimeError, "masked_fill_ only supports boolean masks, but got mask with dtype unsigned char"):
        x[rt.tensor([1, 0, 1], dtype=rt.uint8)] = 1.0


# ------------------------------------------------------------------ against torch
torch_only = pytest.mark.torch


def _mk(L, kind):
    base = {
        "contiguous": lambda: L.arange(24).reshape(2, 3, 4),
        "transposed": lambda: L.arange(24).reshape(4, 3, 2).permute(2, 1, 0),
        "expanded": lambda: L.arange(4).expand(2, 3, 4),
        "stepped": lambda: L.arange(48).reshape(2, 3, 8)[:, :, 1::2],
    }[kind]()
    return base


DTYPES = ["float32", "float64", "int64", "int32", "int16", "uint8", "bool", "float16", "bfloat16", "complex64"]
LAYOUTS = ["contiguous", "transposed", "expanded", "stepped"]

# index forms, for a (2, 3, 4) tensor
INDICES = {
    "list": lambda L: [1, 0, 1],
    "neg": lambda L: [-1, -2],
    "oob": lambda L: [2],
    "oob-neg": lambda L: (slice(None), [-4]),
    "int32": lambda L: L.tensor([[1], [0]], dtype=L.int32),
    "two adjacent": lambda L: ([0, 1], [2, 0]),
    "broadcast": lambda L: (slice(None), [[0], [2]], [1, 3]),
    "separated": lambda L: ([1], slice(None), [3]),
    "separated by int": lambda L: ([1, 0], 1, [3, 2]),
    "None first": lambda L: (None, [1], Ellipsis, [2]),
    "ellipsis": lambda L: (Ellipsis, [0, 3]),
    "mask": lambda L: L.tensor([True, False]),
    "mask 2d": lambda L: (L.tensor([[True, False, True], [False, True, True]]), slice(1, 3)),
    "mask 3d": lambda L: L.arange(24).reshape(2, 3, 4) % 5 == 0,
    "mask u8": lambda L: (slice(None), L.tensor([1, 0, 1], dtype=L.uint8)),
    "mask wrong": lambda L: L.tensor([True, False, True]),
    "mask then list": lambda L: (L.tensor([True, True]), slice(None), [0, 2]),
    "empty": lambda L: [],
    "True and list": lambda L: (True, [1], slice(None), [0]),
    "False and list": lambda L: ([1], False),
    "0-dim tensors": lambda L: (L.tensor(1), [2], L.tensor(True)),
    "float tensor": lambda L: L.tensor([1.0]),
    "mismatch": lambda L: ([0, 1], [0, 1, 2]),
    "list of tensors": lambda L: [L.tensor(1), L.tensor(0)],
    "nested": lambda L: [[0, 1], [2, 0]],
    "floats": lambda L: [1.7],
    "too many": lambda L: ([0], [0], [0], [0]),
}

VALUES = {
    "number": lambda L, dt: 3,
    "0-dim": lambda L, dt: L.tensor(5).to(getattr(L, dt)),
    "row": lambda L, dt: L.arange(4).to(getattr(L, dt)),
    "leading 1s": lambda L, dt: L.ones(1, 1, 4).to(getattr(L, dt)),
    "wrong shape": lambda L, dt: L.ones(5).to(getattr(L, dt)),
    "other dtype": lambda L, dt: L.ones(4, dtype=L.float64 if dt != "float64" else L.int64),
}


def _outcome(f, L):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = f(L)
            out = ("ok", tuple(r.shape), tuple(r.stride()), str(r.dtype).split(".")[-1],
                   repr(r.to(L.float64 if not r.dtype.is_complex else L.complex128).tolist()))
        except Exception as e:  # noqa: BLE001 - the class and text are what is compared
            out = (type(e).__name__, str(e).split("\n")[0])
    return out, sorted({str(m.message).split(" (Triggered internally")[0] for m in w})


def _compare(f):
    torch = pytest.importorskip("torch")
    assert _outcome(f, rt) == _outcome(f, torch)


@torch_only
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("form", INDICES)
def test_getitem_agrees_with_torch(form, dt, layout):
    _compare(lambda L: _mk(L, layout).to(getattr(L, dt))[INDICES[form](L)])


@torch_only
@pytest.mark.parametrize("dt", ["float32", "int64", "uint8", "bool", "complex64", "float16"])
@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("form", INDICES)
def test_setitem_agrees_with_torch(form, value, dt):
    def put(L):
        x = _mk(L, "transposed").to(getattr(L, dt))
        x[INDICES[form](L)] = VALUES[value](L, dt)
        return x
    _compare(put)


HOSTILE = {
    "duplicate writes": lambda L: _put(L.zeros(4), L.tensor([[0, 0], [3, 0]]).t(), L.tensor([[1.0, 2], [3, 4]])),
    "expanded destination": lambda L: _put(L.zeros(1).expand(3), [0], 1.0),
    "expanded destination, mask": lambda L: _put(L.zeros(1).expand(3), L.tensor([True, False, True]), 1.0),
    "value is the destination": lambda L: _put(L.zeros(3), [[0, 1, 2]], None),
    "value overlaps": lambda L: _put(L.arange(5), [0, 1], "self[2:4]"),
    "0-dim destination": lambda L: _put(L.tensor(1.0), [0], 2.0),
    "0-dim destination, mask": lambda L: _put(L.tensor(1.0), L.tensor(True), 2.0),
    "out of range number": lambda L: _put(L.zeros(2, dtype=L.uint8), [0], 300),
    "complex into float, mask": lambda L: _put(L.zeros(2), L.tensor([True, False]), L.tensor(1 + 2j)),
    "complex into float16, mask": lambda L: _put(L.zeros(2, dtype=L.float16), L.tensor([True, False]),
                                                 L.tensor(1 + 2j)),
    "1e300 into float16, mask": lambda L: _put(L.zeros(2, dtype=L.float16), L.tensor([True, False]),
                                               L.tensor(1e300, dtype=L.float64)),
    "0-dim source, list": lambda L: L.tensor(5)[[0, 0]],
    "empty dims": lambda L: L.zeros(2, 0, 3)[:, [], [1]],
    "empty dim oob": lambda L: L.zeros(3, 0)[[5]],
    "two ellipses": lambda L: L.zeros(1, 1)[..., ..., [0]],
    "huge index": lambda L: L.zeros(3)[[2 ** 63]],
    "str in list": lambda L: L.zeros(3)[["a"]],
    "None in list": lambda L: L.zeros(3)[[None]],
    "non-tuple sequence": lambda L: L.arange(6).reshape(2, 3)[[[0, 1], [1, 2]]],
}


def _put(x, index, value):
    if value is None:
        value = x
    elif value == "self[2:4]":
        value = x[2:4]
    x[index] = value
    return x


@torch_only
@pytest.mark.parametrize("case", HOSTILE)
def test_hostile_cases_agree_with_torch(case):
    _compare(HOSTILE[case])


def test_more_dims_than_the_c_walk_takes():
    """Tensors of more than 64 dims (their size-1 dims are left out of the C walks): torch
    indexes them like any other."""
    x = rt.arange(6.0).reshape(*([1] * 40), 2, *([1] * 30), 3)
    assert x[x > 2].tolist() == [3.0, 4.0, 5.0]
    assert x[..., [2, 0]].flatten().tolist() == [2.0, 0.0, 5.0, 3.0]
    assert x[[0]].shape == x.shape
    with pytest.raises(IndexError, match="index 5 is out of bounds for dimension 0 with size 1"):
        x[[5]]
    m = rt.ones(*([1] * 66), 2) > 0
    y = rt.zeros(*([1] * 66), 2)
    y[m] = rt.tensor([1.0, 2.0])
    assert y.flatten().tolist() == [1.0, 2.0]
    z = rt.zeros(*([1] * 66), 3)
    z[..., [2, 0]] = 5.0
    assert z.flatten().tolist() == [5.0, 0.0, 5.0]
