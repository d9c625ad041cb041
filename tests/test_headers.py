"""prelude.h's optional headers: a rendered shard includes (and is keyed on) only those it uses."""
from pathlib import Path

from codegen import build, headers

GENERATED = Path(__file__).resolve().parent.parent / "generated"


def test_a_shard_gets_the_header_of_a_name_it_uses_and_those_it_needs():
    order = headers.optional_headers()
    assert {"vmath.h", "vexp.h", "verf.h"} <= set(order)
    got = headers.needed("o[i] = ew_expf_block(o, x, n);")       # vexp.h, which uses vmath.h's names
    assert "vexp.h" in got and "vmath.h" in got and "verf.h" not in got
    assert got == [h for h in order if h in got]                   # in prelude.h's order
    assert headers.needed("po[i] = (float)(a + b);") == []


def test_each_optional_header_needs_only_headers_above_it():
    order = headers.optional_headers()
    for i, name in enumerate(order):
        text = (build.CSRC / name).read_text(encoding="utf-8")
        assert set(headers.needed(text)) <= set(order[: i + 1]), name


def test_rendered_shards_include_what_they_use():
    exp, add = (GENERATED / "k_exp.c").read_text(), (GENERATED / "k_add.c").read_text()
    assert '#define EW_SHARD 1\n#include "prelude.h"\n' in add and '#include "v' not in add
    assert '#include "vexp.h"' in exp


def test_a_shard_key_covers_only_its_optional_headers(tmp_path):
    local = [GENERATED, build.CSRC]
    shard = tmp_path / "k_x.c"
    shard.write_text('#define EW_SHARD 1\n#include "prelude.h"\n#include "vexp.h"\nint x;\n')
    static = tmp_path / "s.c"
    static.write_text('#include "prelude.h"\nint y;\n')
    keyed = build.local_headers(shard, local)
    assert b"vexp.h\0" in keyed and b"prelude.h\0" in keyed and b"verf.h\0" not in keyed
    assert b"verf.h\0" in build.local_headers(static, local)      # the static C gets them all
