"""-march=native is opt-in (`python -m codegen --native`, EWGEN_NATIVE=1) and part of the build key."""
import pytest

from codegen import build
from codegen.__main__ import main

FILES = {"k_x.c": "int x;\n", "ops.py": "X = 1\n"}


@pytest.fixture
def no_env(monkeypatch):
    monkeypatch.delenv("EWGEN_NATIVE", raising=False)
    monkeypatch.delenv("CFLAGS", raising=False)
    return monkeypatch


def test_portable_by_default(no_env):
    assert "-march=native" not in build.cflags()
    assert "-march=native" in build.cflags(native=True)


def test_native_changes_the_build_key(no_env):
    portable = build.build_key(FILES)
    native = build.build_key(FILES, native=True)
    assert native != portable
    assert build.build_key(FILES) == portable                   # the key is a function of its inputs
    no_env.setenv("EWGEN_NATIVE", "1")
    assert build.build_key(FILES) == native                     # the variable asks for the same build
    no_env.setenv("EWGEN_NATIVE", "0")
    assert build.build_key(FILES) == portable


def test_cflags_come_last_and_can_override_native(no_env):
    no_env.setenv("CFLAGS", "-march=x86-64-v2")
    flags = build.cflags(native=True)
    assert flags.index("-march=native") < flags.index("-march=x86-64-v2")


def test_the_key_knows_what_native_means_here(no_env):
    if not build._is_gcc(tuple(build.compiler())):
        pytest.skip("the expansion is read from GCC's cc1 command line")
    assert "-march=" in build._native_part(True)                # e.g. -march=znver3 -mavx2 ... -mtune=znver3
    assert build._native_part(False) == ""


def test_help_documents_the_option(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--native" in text and "-march=native" in text and "EWGEN_NATIVE=1" in text
