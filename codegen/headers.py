"""The optional headers of csrc/prelude.h: which of them a rendered shard includes.

prelude.h includes its vector-math headers (vmath.h, vexp.h, verf.h, ...) in a block
`#ifndef EW_SHARD ... #endif` at its end.  The static C of csrc/ gets them all; a rendered
shard defines EW_SHARD and includes after prelude.h only the headers whose identifiers its
text names (and the headers those need in turn), in the block's order.  So a shard's object
key covers only those headers (build.py), and an edit of vexp.h recompiles the few shards
that use it instead of all of them; the precompiled prelude is the core alone.

A header "defines" the names of its top-level definitions (functions, macros, arrays, typedefs)
and the first argument of each top-level macro call (`EW_VBLOCK(ew_vtanhf_block, ...)`): the
code style of csrc/.  A name it misses is a compile error (-Werror=implicit-function-declaration,
build.py), never a silent wrong call."""
from __future__ import annotations

import functools
import re
from pathlib import Path

CSRC = Path(__file__).resolve().parent.parent / "csrc"
GUARD = "EW_SHARD"
_BLOCK = re.compile(r"^#ifndef " + GUARD + r"\b(.*?)^#endif", re.M | re.S)
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"', re.M)
_DEFINITION = re.compile(
    r"^#\s*define\s+(\w+)"                            # a macro
    r"|^(?:[\w*]+[ \t*]+)+(?<!##)(\w+)\s*\("          # a function: words, then its name at column 0
    r"|^(?:[\w()]+\s+)+\**(\w+)\s*\["                 # an array
    r"|^\}\s*(\w+)\s*;|^typedef\b[^;]*?(\w+)\s*;"     # a typedef
    r"|^[A-Z][A-Z0-9_]*\(\s*(\w+)", re.M)             # a top-level macro call: the name it defines
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
# the names that count: csrc's prefix (a shard's other words are C's and the template's); found
# without a word boundary, which is 5x faster over 7 MB of shards (a no-op run scans them all):
# `new_x` reads as `ew_x`, which at worst includes a header for nothing
_NAME = re.compile(r"[eE][wW]_\w+")


def _text(path: Path) -> str:
    """A header's code with the headers it includes from csrc/ (verf.h's tables), comments removed."""
    text = path.read_text(encoding="utf-8")
    for name in _INCLUDE.findall(text):
        if (CSRC / name).is_file():
            text += "\n" + _text(CSRC / name)
    return _COMMENT.sub(" ", text)


@functools.lru_cache(maxsize=4)
def _optional(prelude: str) -> tuple:
    """((header, names it defines, names it uses), ...) in prelude.h's order."""
    block = _BLOCK.search(prelude)
    out = []
    for name in _INCLUDE.findall(block.group(1)) if block else []:
        text = _text(CSRC / name)
        defined = {n for n in (next(g for g in m.groups() if g) for m in _DEFINITION.finditer(text)) if _NAME.match(n)}
        out.append((name, frozenset(defined), frozenset(_NAME.findall(text)) - defined))
    return tuple(out)


def optional_headers() -> list:
    """The headers of prelude.h's optional block, in its order."""
    return [h for h, _, _ in _optional((CSRC / "prelude.h").read_text(encoding="utf-8"))]


def needed(text: str) -> list:
    """The optional headers a shard's text needs, in prelude.h's order: those defining a name it
    uses, and, transitively, those defining a name one of them uses."""
    table = _optional((CSRC / "prelude.h").read_text(encoding="utf-8"))
    words = set(_NAME.findall(text))
    chosen = set()
    changed = True
    while changed:
        changed = False
        for name, defined, uses in table:
            if name not in chosen and words & defined:
                chosen.add(name)
                words |= uses
                changed = True
    return [name for name, _, _ in table if name in chosen]


def include_lines(text: str) -> str:
    """The `#include` lines for the optional headers text needs (empty when none)."""
    return "".join(f'#include "{name}"\n' for name in needed(text))
