"""nn.functional's softsign, which torch writes in Python over other ops: the same composition,
so the same dtypes, errors and roundings.  The rest of rt.nn.functional is ops.yaml's (names
`nn.functional.<name>`; tanhshrink too, whose composite cancels)."""
from __future__ import annotations

from generated.tables import OPS

from . import _argparse as _p, _dispatch as _d
from ._argparse import REQUIRED

_SIG = (((("input", "Tensor", False, REQUIRED, False),), "(Tensor input)", False, (0,)),)
_P_softsign = _p.Parser("softsign", _SIG, [None])


def softsign(*args, **kwargs):
    """input / (input.abs() + 1)"""
    input, = _P_softsign.parse(args, kwargs)
    return _d.call(OPS["div"], (input, _d.call(OPS["add"], (_d.call(OPS["abs"], (input,)), 1))))


softsign.__signature__ = _P_softsign.signature(False)

FUNCTIONS = {"nn.functional.softsign": softsign}
