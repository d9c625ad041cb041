"""Build generated/ once per test session, through the same entry point as
`python -m codegen` (a no-op when nothing changed).  docs/ is left as committed, so that
tests/test_published.py fails when the committed reference page or picture is stale."""
import contextlib
import io

import pytest


def pytest_configure(config):
    from codegen.__main__ import main
    log = io.StringIO()
    with contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
        rc = main(["--no-docs"])
    if rc != 0:
        raise RuntimeError("python -m codegen failed before the tests:\n" + log.getvalue())


@pytest.fixture
def simd():
    """The kernels' vector flavour (AVX2, and AVX-512 where the CPU has it) for the test, as the
    block tests need: restored after it."""
    from runtime import _threads
    saved = _threads._config("f16c")
    _threads._config("f16c", 1)
    yield
    _threads._config("f16c", saved)


@pytest.fixture(params=[1, 0], ids=["simd", "baseline"])
def flavour(request):
    """Each of the kernels' flavours in turn (the vector one, with the blocks, then the baseline
    one, the element functions): restored after the test."""
    from runtime import _threads
    saved = _threads._config("f16c")
    _threads._config("f16c", request.param)
    yield request.param
    _threads._config("f16c", saved)
