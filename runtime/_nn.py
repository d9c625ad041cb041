"""nn.functional's activations that torch writes in Python over other ops (softsign,
tanhshrink): the same compositions, so the same dtypes, errors and roundings.  The rest of
rt.nn.functional is ops.yaml's (names `nn.functional.<name>`)."""
from __future__ import annotations

from generated.tables import OPS

from . import _argparse as _p, _dispatch as _d
from ._argparse import REQUIRED

_SIG = (((("input", "Tensor", False, REQUIRED, False),), "(Tensor input)", False, (0,)),)
_P_softsign = _p.Parser("softsign", _SIG, [None])
_P_tanhshrink = _p.Parser("tanhshrink", _SIG, [None])


def softsign(*args, **kwargs):
    """input / (input.abs() + 1)"""
    input, = _P_softsign.parse(args, kwargs)
    return _d.call(OPS["div"], (input, _d.call(OPS["add"], (_d.call(OPS["abs"], (input,)), 1))))


def tanhshrink(*args, **kwargs):
    """input - input.tanh()"""
    input, = _P_tanhshrink.parse(args, kwargs)
    return _d.call(OPS["sub"], (input, _d.call(OPS["tanh"], (input,))))


softsign.__signature__ = _P_softsign.signature(False)
tanhshrink.__signature__ = _P_tanhshrink.signature(False)

FUNCTIONS = {"nn.functional.softsign": softsign, "nn.functional.tanhshrink": tanhshrink}
