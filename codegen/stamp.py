"""The no-op run's short cut: a finished build leaves a stamp in the output folder naming the
hash of everything that went into it and the hash of every file it wrote.  A later run whose
inputs hash the same and whose outputs are still those bytes has nothing to do, and says so
without validating the YAML or rendering the templates (0.8 s of the 1.2 s a no-op run took).
Any difference, or no stamp, takes the full path, which decides as before."""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import cffi

from . import build

NAME = "INPUTS"                    # in the output folder, beside BUILD_KEY
CODEGEN = Path(__file__).resolve().parent


def inputs_digest(dtypes: Path, ops: Path, settings: str, native: bool = False) -> str:
    """The YAML, the generator (codegen's Python and templates), csrc/, the compiler, its flags
    and the run's own settings (output folder, docs or not).  Raises BuildError without a compiler."""
    h = hashlib.sha256()
    generator = sorted(CODEGEN.glob("*.py")) + sorted((CODEGEN / "templates").iterdir())
    for p in [Path(dtypes), Path(ops)] + generator:
        h.update(str(p).encode() + b"\0" + p.read_bytes() + b"\0")
    for name, text in build.static_sources().items():
        h.update(b"csrc/" + name.encode() + b"\0" + text + b"\0")
    for part in (settings, build._compiler_version(), " ".join(build.cflags(native)) + build._native_part(native),
                 sys.version, cffi.__version__):
        h.update(part.encode() + b"\0")
    return h.hexdigest()


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write(out_dir: Path, digest: str, outputs: list):
    """Record digest and the hash of each output file (written atomically, after the build)."""
    lines = [digest] + [f"{_file_digest(p)} {p}" for p in sorted(map(Path, outputs))]
    part = out_dir / f".{NAME}.{os.getpid()}.part"
    part.write_text("\n".join(lines) + "\n", encoding="utf-8")
    part.replace(out_dir / NAME)


def fresh(out_dir: Path, digest: str) -> bool:
    """True when out_dir's stamp has this digest and every output it lists is unchanged."""
    try:
        first, *rest = (Path(out_dir) / NAME).read_text(encoding="utf-8").splitlines()
        return first == digest and bool(rest) and all(
            _file_digest(Path(p)) == h for h, p in (line.split(" ", 1) for line in rest))
    except (OSError, ValueError):
        return False
