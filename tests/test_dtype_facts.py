"""dtypes.yaml: its header documents every key the model accepts, a wrong per-dtype fact
(storage, format, typestr, dlpack, method) is named with its file and line, and the facts
the runtime reads from it (conversion methods, NumPy typestrs, DLPack codes) are torch's."""
import re

import pytest

import runtime as rt
from codegen import model
from runtime.dtypes import ALL
from test_codegen import ROOT, broken, line_of, run_broken


def header_keys():
    """The keys the header documents: `#   key: text` lines above the first YAML line."""
    keys = []
    for line in (ROOT / "dtypes.yaml").read_text().splitlines():
        if not line.startswith("#"):
            break
        m = re.match(r"#   ([a-z0-9_]+): ", line)
        if m:
            keys.append(m.group(1))
    return keys


def test_header_documents_every_accepted_key():
    accepted = model.DTYPES_FILE_KEYS + model.DTYPE_REQUIRED + model.DTYPE_OPTIONAL
    documented = header_keys()
    assert sorted(set(accepted) - set(documented)) == []        # accepted, not documented
    assert sorted(set(documented) - set(accepted)) == []        # documented, not accepted
    assert len(documented) == len(set(documented))


BROKEN = [
    # (old text, new text, line marker in the broken file, expected message)
    ("storage: half, typestr", "storage: halve, typestr", "storage: halve",
     "dtype 'float16': unknown storage 'halve', expected one of ['native', 'half', 'bfloat', 'complex_half', 'minifloat'] "
     "(did you mean 'half'?)"),
    ("storage: bfloat, ", "", "{name: bfloat16",
     "dtype 'bfloat16': a dtype with an 'opmath' needs a 'storage' other than 'native', and only such a dtype"),
    ("format: i, typestr", "format: f, typestr", "format: f, typestr: \"<i4\"",
     "dtype 'int32': format 'f' is not a memoryview format of a integral dtype"),
    ("format: i, typestr", "format: h, typestr", "format: h, typestr: \"<i4\"",
     "dtype 'int32': format 'h' reads 2 bytes, not the 4 bytes of an element"),
    ("format: q, ", "", "{name: int64", "dtype 'int64': needs a 'format', or an 'opmath' dtype that has one"),
    ('typestr: "<i4"', 'typestr: "<u4"', 'typestr: "<u4", dlpack: kDLInt',
     "dtype 'int32': typestr '<u4' does not describe a little-endian integral dtype of 4 bytes, expected '<i4'"),
    ("dlpack: kDLBfloat", "dlpack: kDLBFloat", "dlpack: kDLBFloat",
     "dtype 'bfloat16': unknown dlpack code 'kDLBFloat', expected one of"),
    ("method: char}", "method: byte}", "{name: int8",
     "dtype 'int8': duplicate method 'byte'"),
    ("method: long,", "method: 2long,", "method: 2long", "dtype 'int64': method '2long' must be a Python identifier"),
    ("index: positions}", "index: position}", "index: position}",
     "dtype 'int32': index must be one of ['mask', 'positions'], got 'position' (did you mean 'positions'?)"),
    ("unchecked_fill: true}", "unchecked_fill: yes please}", "unchecked_fill: yes please",
     "dtype 'float16': 'unchecked_fill' must be true or false, got str 'yes please'"),
]


@pytest.mark.parametrize("old,new,marker,message", BROKEN, ids=[b[3][:40] for b in BROKEN])
def test_wrong_fact_names_file_line_and_expectation(tmp_path, capsys, old, new, marker, message):
    broken(tmp_path, "dtypes.yaml", old, new)
    err = run_broken(tmp_path, capsys)
    lines = [l for l in err.splitlines() if message in l]
    assert lines, err
    assert lines[0].startswith(f"dtypes.yaml:{line_of(tmp_path / 'dtypes.yaml', marker)}: "), lines[0]


def _outcome(call, M):
    try:
        r = call()
    except TypeError as e:
        return "TypeError", str(e).replace(M.__name__ + ".", "<M>.")
    return str(r.dtype).split(".")[1], tuple(r.shape), tuple(r.stride()), r.tolist()


@pytest.mark.torch
@pytest.mark.filterwarnings("ignore:ComplexHalf support is experimental")
@pytest.mark.parametrize("name", [d._method for d in ALL if d._method])
def test_conversion_methods_are_torchs(name):
    torch = pytest.importorskip("torch")
    calls = [lambda t: getattr(t, name)(), lambda t: getattr(t, name)(memory_format=None),
             lambda t: getattr(t, name)(1), lambda t: getattr(t, name)(1, 2), lambda t: getattr(t, name)(x=1),
             lambda t: getattr(t, name)(memory_format=1, x=2), lambda t: getattr(t, name)(memory_format="a")]
    # a transposed view: the result keeps its layout (preserve_format)
    ours, theirs = (M.tensor([[1.5, -2.0, 0.0], [3.25, 4.0, -0.5]]).T for M in (rt, torch))
    assert [_outcome(lambda: c(ours), rt) for c in calls] == [_outcome(lambda: c(theirs), torch) for c in calls]
    assert (getattr(ours, name)() is ours) == (getattr(theirs, name)() is theirs)


@pytest.mark.torch
def test_dtypes_without_a_method_have_none_in_torch():
    torch = pytest.importorskip("torch")
    for d in ALL:
        if d._method is None:
            assert not hasattr(torch.Tensor, d.name), d


def test_numpy_typestrs_are_numpys():
    np = pytest.importorskip("numpy")
    for d in ALL:
        if d._typestr:
            assert np.dtype(d.name).str == d._typestr
            assert np.asarray(rt.zeros(2, dtype=d)).dtype == np.dtype(d.name)
        elif d._ml_dtypes is None:
            with pytest.raises(TypeError, match=f"NumPy has no {d.name} dtype"):
                np.asarray(rt.zeros(2, dtype=d))


def test_numpy_error_texts_name_the_dtypes_with_a_typestr():
    # torch's own texts, in torch's order: they must still name exactly the dtypes NumPy shares
    np = pytest.importorskip("numpy")
    if not hasattr(np, "float128"):
        pytest.skip("no NumPy dtype that torch lacks on this machine")
    with pytest.raises(TypeError) as from_numpy:
        rt.from_numpy(np.zeros(2, dtype=np.float128))
    with pytest.raises(TypeError) as tensor:
        rt.tensor(np.float128(1))
    for e in (from_numpy, tensor):
        listed = str(e.value).split("are: ")[1].rstrip(".").replace("and ", "").split(", ")
        assert sorted(listed) == sorted(d.name for d in ALL if d._typestr)


@pytest.mark.torch
def test_dlpack_codes_are_torchs():
    torch = pytest.importorskip("torch")
    for d in ALL:
        t = torch.zeros(2, dtype=getattr(torch, d.name))
        assert rt.from_dlpack(t).dtype is d
        assert torch.from_dlpack(rt.zeros(2, dtype=d)).dtype == t.dtype
