"""Rendered sources -> generated/ with a compiled cffi library.

The build is a function of its inputs: the key hashes the rendered sources (so the
YAML and the templates), the compiler and its flags, Python and cffi.  Same key,
no work.  `-march=native` is opt-in (`python -m codegen --native` or EWGEN_NATIVE=1) and
enters the key with what the compiler expands it to on this machine, so a native build
is never taken for a portable one, nor for the native build of another CPU.  Objects
are cached by the hash of their source and flags, compiled in parallel, linked once.
Everything is written into a temporary folder that replaces generated/ only when the
whole build succeeded, under a lock, so a failed run leaves the previous generated/
importable."""
from __future__ import annotations

import concurrent.futures
import contextlib
import fcntl
import functools
import hashlib
import importlib.machinery
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import cffi

from . import headers

# -fwrapv: signed integer overflow wraps, as torch's integer kernels do.
# -ffp-contract=off: no silent FMA; kernels that need fma() say so in ops.yaml.
# No -ffast-math: it breaks the NaN, inf and signed-zero semantics we test.
# -Wno-unused-variable: an op's expression need not read every operand (isfinite on bool).
# -fno-trapping-math: no kernel reads the FP exception flags, and without it gcc keeps floor,
# ceil, trunc and friends scalar (they must not raise inexact): values are unchanged.
# Other warnings are printed (build.py: _compile); mixing up pointer types is an error.
BASE_CFLAGS = ["-O3", "-fPIC", "-pthread", "-std=gnu11", "-fwrapv", "-ffp-contract=off", "-fno-math-errno", "-fno-trapping-math",
               "-Wall", "-Wno-type-limits", "-Wno-unused-function", "-Wno-unused-variable",
               "-Werror=incompatible-pointer-types", "-Werror=implicit-function-declaration"]
LIBRARY = "_kernels"
# Static C (walker, thread pool, allocator, DLPack and short-call glue, prelude.h): compiled with
# the rendered shards, through the same object cache; the rendered headers (ew_integral.h, ...)
# carry what of it the YAML varies.
CSRC = Path(__file__).resolve().parent.parent / "csrc"


class BuildError(Exception):
    pass


def compiler():
    return shlex.split(os.environ.get("CC", "cc"))


# GCC only: unswitch loops with larger bodies, so that a loop whose expression tests a
# loop-invariant parameter (add's `alpha == 1 ? a + b : fma(alpha, b, a)`) is split into
# two loops and vectorised even when the body converts float16 on both sides.
# No vectorised epilogue after a vectorised loop, and no copy of a strided loop for stride 1
# (the kernels branch on contiguous runs themselves): 13% of a cold build's CPU time, and the
# benchmarks' kernels ran as fast (benchmarks/build_results.md).
GCC_CFLAGS = ["--param=max-unswitch-insns=100", "--param=vect-epilogues-nomask=0", "-fno-version-loops-for-strides"]


@functools.lru_cache(maxsize=None)
def _is_gcc(cc: tuple) -> bool:
    try:
        version = subprocess.run(list(cc) + ["--version"], capture_output=True, text=True).stdout
    except OSError:
        return False
    return "Free Software Foundation" in version and "clang" not in version.lower()


# Opt-in: code for this machine's CPU only (the library may then crash with SIGILL elsewhere).
# Without it the build is portable; the float16/bfloat16 kernels, the casts and the kernels
# listed under `simd:` in ops.yaml still get AVX2/F16C(/FMA) flavours, picked at run time
# (target attributes in the templates, ew_use_avx2()).
# -mno-fma: GCC (12) vectorises complex multiplication into fmaddsub on FMA CPUs even with
# -ffp-contract=off, which moves the last bit of complex mul/add(alpha)/addcmul/lerp away from
# torch's vectorised loop (14 value tests).  Kernels that want an FMA call fma(), as in the
# portable build.
NATIVE_ENV = "EWGEN_NATIVE"
NATIVE_CFLAGS = ["-march=native", "-mno-fma"]


def native_requested(flag: bool = False) -> bool:
    """--native, or EWGEN_NATIVE set to anything but empty or 0."""
    return bool(flag) or os.environ.get(NATIVE_ENV, "").strip() not in ("", "0")


def cflags(native: bool = False):
    """Compiler flags: ours, then -march=native when asked for, then $CFLAGS (which may override both)."""
    return (BASE_CFLAGS + (GCC_CFLAGS if _is_gcc(tuple(compiler())) else [])
            + (NATIVE_CFLAGS if native_requested(native) else []) + shlex.split(os.environ.get("CFLAGS", "")))


@functools.lru_cache(maxsize=None)
def _native_expansion(cc: tuple) -> str:
    """What -march=native means on this machine (GCC's cc1 / clang's -cc1 flags: -march=znver3
    -mavx2 ... -mtune=...), so that the key tells one CPU's native build from another's."""
    try:
        proc = subprocess.run(list(cc) + NATIVE_CFLAGS + ["-E", "-v", "-x", "c", os.devnull, "-o", os.devnull],
                              capture_output=True, text=True)
    except OSError:
        return ""
    for line in proc.stderr.splitlines():
        words = [w.strip('"') for w in line.split()]
        if ("cc1" in line and "-march" in line) or "-target-cpu" in words:
            return " ".join(w for i, w in enumerate(words)
                            if w.startswith("-m") or (i and words[i - 1] in ("--param", "-target-cpu", "-target-feature")))
    return ""


def _native_part(native: bool) -> str:
    return f" [native: {_native_expansion(tuple(compiler()))}]" if native_requested(native) else ""


def _compiler_version():
    try:
        return subprocess.run(compiler() + ["--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise BuildError(f"C compiler {' '.join(compiler())!r} not usable: {e}") from None


def static_sources() -> dict:
    """csrc/'s C files and headers, {name: bytes}."""
    return {p.name: p.read_bytes() for p in sorted(CSRC.iterdir()) if p.suffix in (".c", ".h")}


def build_key(files: dict, native: bool = False) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + files[name].encode() + b"\0")
    for name, text in static_sources().items():
        h.update(b"csrc/" + name.encode() + b"\0" + text + b"\0")
    for part in (_compiler_version(), " ".join(cflags(native)) + _native_part(native), sys.version, cffi.__version__):
        h.update(part.encode() + b"\0")
    return h.hexdigest()


def library_path(out_dir: Path) -> Path:
    return out_dir / (LIBRARY + importlib.machinery.EXTENSION_SUFFIXES[0])


def stale_files(files: dict, out_dir: Path) -> list:
    """Generated files whose content differs from what the YAML renders to."""
    stale = []
    for name, text in sorted(files.items()):
        path = out_dir / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    if not library_path(out_dir).exists():
        stale.append(library_path(out_dir).name)
    return stale


def _module_source(tmp: Path) -> Path:
    """The cffi extension module's own C (it wraps the functions declared in csrc/cdef.h)."""
    cdef = (CSRC / "cdef.h").read_text(encoding="utf-8")
    ffi = cffi.FFI()
    ffi.cdef(cdef)
    prototypes = "\n".join(line for line in cdef.splitlines() if not line.startswith("typedef"))
    # prelude.h's core is all it needs (EW_SHARD: none of the vector-math headers, nor their keys)
    ffi.set_source(f"generated.{LIBRARY}", f'#define {headers.GUARD} 1\n#include "prelude.h"\n' + prototypes)
    path = tmp / f"{LIBRARY}_module.c"
    with contextlib.redirect_stdout(io.StringIO()):   # cffi announces the file it writes
        ffi.emit_c_code(str(path))
    return path


# `#line N "ops.yaml"` markers carry ops.yaml's line numbers into every shard.  Without debug
# information they change no object code, so the cache key leaves the numbers out: an ops.yaml
# edit that moves lines recompiles the shards whose code changed, not all of them.
_LINE_NUMBER = re.compile(rb"^#line [0-9]+ ", re.M)


def _key_source(src: Path, flags: list) -> bytes:
    text = src.read_bytes()
    return text if any(f.startswith("-g") for f in flags) else _LINE_NUMBER.sub(b"#line ", text)


_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"', re.M)


def local_headers(src: Path, include: list) -> bytes:
    """The names and text of the headers src includes with quotes, transitively, each found as the
    compiler finds it (the including file's folder, then the -I folders): its object depends on
    them too.  Headers in none of those folders (the system's) are left to the compiler's key.
    A rendered shard (it defines EW_SHARD) skips prelude.h's optional headers: it includes those
    it uses itself (codegen/headers.py)."""
    text = src.read_bytes()
    shard = re.search(rb"^#define " + headers.GUARD.encode() + rb"\b", text, re.M) or src.name == "prelude.h"
    skip = {h.encode() for h in headers.optional_headers()} if shard else set()
    seen, out, todo = set(), [], [src]
    while todo:
        f = todo.pop(0)
        for name in (_INCLUDE.findall(text) if f is src else _header(f)[1]):
            if f.name == "prelude.h" and name in skip:
                continue
            found = next((p for p in (Path(d) / name.decode() for d in [f.parent, *include]) if p.is_file()), None)
            if found and found not in seen:
                seen.add(found)
                out.append(name + b"\0" + _header(found)[0] + b"\0")
                todo.append(found)
    return b"".join(out)


_HEADERS = {}


def _header(path: Path) -> tuple:
    """(text, names it includes) of a header, read once per run while its size and mtime stay:
    every shard includes prelude.h and its headers, and scanning them again for each of 215
    sources took 0.3 s of a one-op rebuild.  Only csrc/'s: the rendered ones are rewritten."""
    if path.parent != CSRC:
        text = path.read_bytes()
        return text, _INCLUDE.findall(text)
    st = path.stat()
    key = (path, st.st_mtime_ns, st.st_size)
    if key not in _HEADERS:
        text = path.read_bytes()
        _HEADERS[key] = (text, _INCLUDE.findall(text))
    return _HEADERS[key]


def _object_path(src: Path, obj_cache: Path, include: list, native: bool = False) -> Path:
    """Where the object of src is cached.  The key: source, the local headers it includes, compiler
    and flags (not the temporary include path)."""
    digest = hashlib.sha256(_key_source(src, cflags(native)) + local_headers(src, include)
                            + (" ".join(compiler() + cflags(native)) + _native_part(native)).encode())
    return obj_cache / f"{src.stem}-{digest.hexdigest()[:20]}.o"


# GCC: prelude.h precompiled once per build (the intrinsics headers it includes took 0.4 s of
# every shard's compile, 40 s of CPU time over a cold build).  GCC reads prelude.h.gch instead
# of prelude.h when it finds it first on the include path and it was made by the same compiler
# with the same flags, else the header itself: the objects are the same bytes either way.
# It is the core that rendered shards see (EW_SHARD defined: codegen/headers.py); the static C
# of csrc/, which also wants the optional headers, parses prelude.h itself.  Cached like the objects.
PCH_MIN_SOURCES = 3      # building it (0.8 s) pays from this many shards to compile


def _precompile_prelude(tmp: Path, obj_cache: Path, local: list, include: list, verbose: bool, log, native: bool,
                        needed: int):
    """Put prelude.h.gch into tmp (searched before csrc/, so the rendered shards that include
    prelude.h read it), from the cache or freshly compiled when `needed` shards are to be
    compiled; returns its path in tmp, or None."""
    cc = compiler()
    prelude = CSRC / "prelude.h"
    if not _is_gcc(tuple(cc)):
        return None
    digest = hashlib.sha256(prelude.read_bytes() + local_headers(prelude, local)
                            + (" ".join(cc + cflags(native)) + _native_part(native) + f" -D{headers.GUARD}=1").encode())
    pch = obj_cache / f"prelude-{digest.hexdigest()[:20]}.gch"
    if not pch.exists():
        if needed < PCH_MIN_SOURCES:
            return None
        part = pch.with_suffix(f".{os.getpid()}.part")
        cmd = (cc + cflags(native) + [f"-I{d}" for d in local + include]
               + [f"-D{headers.GUARD}=1", "-x", "c-header", str(prelude), "-o", str(part)])
        if verbose:
            log("  $ " + " ".join(shlex.quote(c) for c in cmd))
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:        # the shards will say what is wrong with the prelude
            part.unlink(missing_ok=True)
            return None
        part.replace(pch)
    dest = tmp / "prelude.h.gch"
    try:
        os.link(pch, dest)
    except OSError:
        shutil.copyfile(pch, dest)
    os.utime(pch)                       # recently used: kept by _prune_cache
    return dest


def _compile(src: Path, obj: Path, local: list, include: list, verbose: bool, log, native: bool = False) -> tuple:
    """Compile src into obj (its cache path) with -I local + include (local: the folders whose
    headers are keyed)."""
    flags = cflags(native) + [f"-I{d}" for d in local + include]
    if obj.exists():
        return obj, False, 0.0
    t0 = time.perf_counter()
    part = obj.with_suffix(f".{os.getpid()}.part")
    cmd = compiler() + flags + ["-c", str(src), "-o", str(part)]
    if verbose:
        log("  $ " + " ".join(shlex.quote(c) for c in cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"compiling {src.name} failed:\n{proc.stderr}")
    if proc.stderr.strip():      # generated code should compile cleanly: say so when it does not
        log(f"codegen: warnings compiling {src.name}:\n{proc.stderr.rstrip()}")
    part.replace(obj)
    return obj, True, time.perf_counter() - t0


def build(files: dict, out_dir: Path, jobs: int, verbose: bool = False, log=print, native: bool = False) -> dict:
    """Write `files` and the compiled library into out_dir; return what was done.
    native: compile with -march=native (also when EWGEN_NATIVE is set)."""
    out_dir = Path(out_dir).resolve()
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    key = build_key(files, native)
    with build_lock(out_dir):
        key_file = out_dir / "BUILD_KEY"
        if key_file.exists() and key_file.read_text() == key and not stale_files(files, out_dir):
            return dict(up_to_date=True, written=[], compiled=0, cached=0, key=key)
        tmp = out_dir.parent / f".{out_dir.name}.tmp-{os.getpid()}"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        try:
            written = []
            for name, text in sorted(files.items()):
                (tmp / name).write_text(text, encoding="utf-8")
                old = out_dir / name
                if not old.exists() or old.read_text(encoding="utf-8") != text:
                    written.append(name)
            (tmp / ".gitignore").write_text("# build output of `python -m codegen`\n*\n!.gitignore\n")
            sources = sorted(tmp.glob("*.c")) + sorted(CSRC.glob("*.c")) + [_module_source(tmp)]
            obj_cache = out_dir.parent / ".codegen-cache"
            obj_cache.mkdir(exist_ok=True)
            local = [tmp, CSRC]         # the rendered headers, then the static ones
            include = [sysconfig.get_paths()["include"]]
            compiled = cached = 0
            # each source's cache path, hashed once (it reads the source and its headers)
            paths = {s: _object_path(s, obj_cache, local, native) for s in sources}
            needed = sum(not p.exists() for p in paths.values())
            pch = _precompile_prelude(tmp, obj_cache, local, include, verbose, log, native, needed) if needed else None
            with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
                # the biggest shards first, so that the last ones to finish are small (a cold build's
                # wall time on two cores was the k_add/k_mul shards compiled at the end, alone)
                order = sorted(sources, key=lambda s: (-s.stat().st_size, s.name))
                futures = {pool.submit(_compile, s, paths[s], local, include, verbose, log, native): s for s in order}
                objects = []
                for fut in concurrent.futures.as_completed(futures):
                    obj, fresh, seconds = fut.result()
                    objects.append(obj)
                    if fresh:
                        compiled += 1
                        log(f"  compiled {futures[fut].name} ({seconds:.1f} s)")
                    else:
                        cached += 1
            if pch:
                pch.unlink()            # a build product, not part of generated/
            lib = library_path(tmp)
            cmd = compiler() + ["-shared", "-o", str(lib)] + sorted(map(str, objects)) + ["-lm", "-pthread"]
            if verbose:
                log("  $ " + " ".join(shlex.quote(c) for c in cmd))
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0:
                raise BuildError(f"linking {lib.name} failed:\n{proc.stderr}")
            (tmp / "BUILD_KEY").write_text(key)
            # swap the finished build in; the previous one stays until this point
            old = out_dir.parent / f".{out_dir.name}.old-{os.getpid()}"
            if out_dir.exists():
                out_dir.rename(old)
            tmp.rename(out_dir)
            shutil.rmtree(old, ignore_errors=True)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        _prune_cache(obj_cache, keep={o.name for o in objects})
        return dict(up_to_date=False, written=written, compiled=compiled, cached=cached, key=key)


@contextlib.contextmanager
def build_lock(out_dir: Path):
    """Held while out_dir is checked or replaced: concurrent runs take turns."""
    with open(out_dir.parent / f".{out_dir.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _prune_cache(obj_cache: Path, keep: set, limit: int = 400, pch_limit: int = 3):
    """Keep the object cache bounded: drop the oldest objects not used by this build, and all
    but the last few precompiled preludes (28 MB each)."""
    for pattern, n in (("*.o", limit), ("*.gch", pch_limit)):
        objs = sorted(obj_cache.glob(pattern), key=lambda p: p.stat().st_mtime)
        for p in objs[: max(0, len(objs) - n)]:
            if p.name not in keep:
                p.unlink(missing_ok=True)
