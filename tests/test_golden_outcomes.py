"""Every recorded torch outcome for the ops declared so far: result dtype, or
exception class and message (messages compared except torch's internal asserts)."""
from pathlib import Path

import pytest

import runtime as rt

from golden_outcomes import DATA, OPS, NotApplicable, dtype_of, golden, matches, run_case

REFERENCE = Path(__file__).resolve().parent.parent.parent / "shared" / "reference" / "torch_golden.json.gz"

SECTIONS = ("cases", "out_cases", "inplace_cases", "extra_dtype_cases", "cond_cases", "value_cases",
            "weight_cases")
PARAMS = [(op, section) for op in OPS for section in SECTIONS if section in golden()["ops"][op]]


def replay(op, section, cases):
    ran, bad = 0, []
    for case in cases:
        try:
            codes, got, want = run_case(op, section, case)
        except NotApplicable:
            continue
        ran += 1
        if not matches(got, want):
            bad.append(f"{op}{tuple(codes)}: got {got!r}, torch {want!r}")
    return ran, bad


@pytest.mark.parametrize("op,section", PARAMS, ids=[f"{o}-{s}" for o, s in PARAMS])
def test_op_outcomes(op, section):
    ran, bad = replay(op, section, golden()["ops"][op][section])
    assert ran > 0
    assert not bad, f"{len(bad)} of {ran} cases differ:\n" + "\n".join(bad[:25])


DEFAULT_VARIANTS = [(dd, op) for dd in ("float64", "float16", "bfloat16")
                    for op in golden()["default_dtype_variants"][dd]["ops"] if op in OPS]


@pytest.mark.parametrize("default,op", DEFAULT_VARIANTS, ids=[f"{d}-{o}" for d, o in DEFAULT_VARIANTS])
def test_default_dtype_outcomes(default, op):
    rt.set_default_dtype(getattr(rt, default))
    try:
        ran, bad = replay(op, "cases", golden()["default_dtype_variants"][default]["ops"][op])
    finally:
        rt.set_default_dtype(rt.float32)
    assert ran > 0
    assert not bad, f"{len(bad)} of {ran} cases differ:\n" + "\n".join(bad[:25])


def test_default_dtype_factories():
    for default in ("float64", "float16", "bfloat16"):
        facts = golden()["default_dtype_variants"][default]["factories"]
        rt.set_default_dtype(getattr(rt, default))
        try:
            got = {"tensor(2.5)": rt.tensor(2.5).dtype.name, "tensor(2)": rt.tensor(2).dtype.name,
                   "tensor(True)": rt.tensor(True).dtype.name, "arange(3.0)": rt.arange(3.0).dtype.name,
                   "ones(2)": rt.ones(2).dtype.name, "get_default_dtype": rt.get_default_dtype().name}
        finally:
            rt.set_default_dtype(rt.float32)
        for key, value in got.items():
            assert value == facts[key], (default, key)


def _table(name):
    rows = []
    for a, b, r in golden()["dtype_tables"][name]:
        try:
            rows.append((dtype_of(a), dtype_of(b), r))
        except NotApplicable:
            continue
    return rows


def test_promote_types_table():
    rows = _table("promote_types")
    assert len(rows) == len(rt._dtypes.ALL) ** 2 == 22 * 22
    for a, b, r in rows:
        try:
            got = rt.promote_types(a, b).name
        except RuntimeError as e:
            got = ["RuntimeError", str(e)]
        want = r if isinstance(r, str) else ["RuntimeError", golden()["messages"][r[1]]]
        if isinstance(r, list) and "INTERNAL ASSERT FAILED" in want[1]:
            # torch's table has no float4 row: its internal assert is our RuntimeError saying so
            assert got[0] == "RuntimeError" and "has no row in the promotion table" in got[1], (a, b)
            continue
        assert got == want, (a, b)


def test_can_cast_table():
    rows = _table("can_cast")
    assert len(rows) == 22 * 22
    for a, b, r in rows:
        assert rt.can_cast(a, b) is r, (a, b)


def test_dtype_properties():
    for name, props in golden()["dtype_tables"]["properties"].items():
        try:
            d = dtype_of(name)
        except NotApplicable:
            continue
        assert d.is_floating_point == props["is_floating_point"], name
        assert d.is_complex == props["is_complex"], name
        assert d.is_signed == props["is_signed"], name
        assert d.itemsize == props["itemsize"], name


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared/reference/ is not next to this checkout")
def test_outcomes_file_is_the_shared_reference():
    """tests/data/torch_golden.json.gz is a copy of the shared reference, byte for byte: a newer
    reference (or an edited copy) shows up here, not as unexplained outcome failures."""
    assert DATA.read_bytes() == REFERENCE.read_bytes()


def test_every_op_case_names_a_declared_dtype():
    """None of the 247,695 op cases is skipped: every dtype they name (float8 formats included)
    is declared, so the replay above runs them all."""
    total, names = 0, set()
    for op in OPS:
        for section in SECTIONS:
            for case in golden()["ops"][op].get(section, ()):
                total += 1
                names.update(c.split(":")[1] for c in case[:-1] if c[:2] in ("T:", "Z:") or c.startswith("out:"))
    assert total == golden()["meta"]["counts"]["op_cases"] == 247695
    for name in names:
        dtype_of(name)
