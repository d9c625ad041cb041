"""dtypes.yaml: its header documents every key the model accepts, and a wrong per-dtype
fact (storage, format, typestr, dlpack, method) is named with its file and line."""
import re

import pytest

from codegen import model
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
     "dtype 'float16': unknown storage 'halve', expected one of ['native', 'half', 'bfloat', 'complex_half'] "
     "(did you mean 'half'?)"),
    ("storage: bfloat, ", "", "{name: bfloat16",
     "dtype 'bfloat16': a dtype with an 'opmath' needs a 'storage' other than 'native', and only such a dtype"),
    ("format: i, typestr", "format: f, typestr", "format: f, typestr: \"<i4\"",
     "dtype 'int32': format 'f' is not a memoryview format of a integral dtype"),
    ("format: q, ", "", "{name: int64", "dtype 'int64': needs a 'format', or an 'opmath' dtype that has one"),
    ('typestr: "<i4"', 'typestr: "<u4"', 'typestr: "<u4", dlpack: kDLInt',
     "dtype 'int32': typestr '<u4' does not describe a little-endian integral dtype of 4 bytes, expected '<i4'"),
    ("dlpack: kDLBfloat", "dlpack: kDLBFloat", "dlpack: kDLBFloat",
     "dtype 'bfloat16': unknown dlpack code 'kDLBFloat', expected one of"),
    ("method: char}", "method: byte}", "{name: int8",
     "dtype 'int8': duplicate method 'byte'"),
    ("method: long}", "method: 2long}", "method: 2long", "dtype 'int64': method '2long' must be a Python identifier"),
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
