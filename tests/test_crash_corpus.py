"""Crash corpus: every public function and Tensor method called with hostile arguments
(negative, huge, non-integer, NumPy scalars, None, str, list, dict, nan, tensors of the
wrong dtype, arbitrary objects), plus hand-written cases for the edges of creation, views,
indexing, setitem, copy_, conversions, promotion and interop.

Each case is a short Python source run with `M` bound to the runtime (`np` to NumPy).
tests/data/crash_corpus.json holds the cases and what torch 2.13 does with each ("ok" or the
exception class), recorded by scripts/make_crash_corpus.py.  The cases run in worker
subprocesses, so that a segfault or a hang is reported rather than fatal: a worker prints
one line when a case starts and one when it ends; when it dies or a case times out, that
case is recorded as a crash or a hang and a new worker resumes after it.  Per case: no
crash, no hang, no internal error (AttributeError, IndexError, ... where torch raises
something else) and the exception class torch raises."""
from __future__ import annotations

import importlib
import importlib.util
import json
import os
import queue
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import traceback
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "crash_corpus.json"
HOLE = "$"                    # where a template of the corpus takes each hostile value
CASE_TIMEOUT = 10.0           # seconds; every case takes milliseconds, so this is a hang
START_TIMEOUT = 120.0         # a worker's imports (torch on a cold cache when recording)
MEMORY_LIMIT = 8 << 30        # RLIMIT_AS: a runaway allocation is a MemoryError, not an OOM kill
# classes that, escaping from the runtime's code where torch raises something else, mean a bug in it
INTERNAL = {"AttributeError", "IndexError", "KeyError", "LookupError", "ZeroDivisionError", "UnboundLocalError",
            "NameError", "RecursionError", "SystemError", "StopIteration", "UnicodeError"}
# outcomes of torch that are not a class to compare with: only "no crash, no hang, no internal error"
UNCOMPARED = {"no-torch", "torch-crash"}
RUNTIME_CODE = re.compile(r"[/\\](runtime|generated)[/\\][^/\\]+:\d+$")   # a traceback's last frame "file:line"

# The divergences from torch that we keep on purpose: case -> (runtime's outcome, why).
KNOWN = {
    "x = M.ones(2, 3); x[0] = np.float32(1.5)":
        ("ok", "NumPy scalars are Python numbers everywhere, setitem included (torch: TypeError)"),
    "x = M.ones(2, 3); x[:, 1:] = np.float32(1.5)": ("ok", "as above"),
    "assert M.full((2,), np.bool_(True)).dtype == M.bool":
        ("ok", "np.bool_ is a bool, so full() infers bool (torch infers the default float dtype)"),
}
if importlib.util.find_spec("ml_dtypes") is not None:      # the optional extra: NumPy gets bfloat16
    KNOWN.update({source: ("ok", "bfloat16 goes to NumPy through ml_dtypes, installed (torch: TypeError)")
                  for source in ("M.ones(3, dtype=M.bfloat16).numpy()", "np.asarray(M.ones(3, dtype=M.bfloat16))")})

# Where we still raise another class than torch (or raise where torch accepts): never a crash,
# a hang or an internal error, but not torch's answer yet.  Each family is a pattern over the
# case's source and why; a wrong class outside these fails the test.  Shrink this list.
GAPS = [
    (r"M\.from_numpy\(np\.broadcast_to|flags\.writeable", "from_numpy of a read-only array: refused (README: the "
     "runtime writes through tensors, so it does not wrap memory NumPy marks read-only)"),
    (r"view\(M\.int32\)", "view(dtype): issue 16"),
]


def _gap(source):
    return next((why for pattern, why in GAPS if re.search(pattern, source)), None)



def load_corpus():
    """{source: torch's outcome}: the hand-written cases and every template with each hostile value."""
    data = json.loads(DATA.read_text())
    cases = dict(data["cases"])
    for template, outcomes in data["templates"].items():
        for value, outcome in zip(data["hostile"], outcomes, strict=True):
            cases.setdefault(template.replace(HOLE, value), outcome)
    return data, cases


def needs_numpy(source):
    """The cases skipped without NumPy: those that name it."""
    return "np." in source or "numpy" in source


def isolated(source):
    """Cases that alter module-level objects (a dtype's attribute) run in a worker of their own,
    so that a runtime which wrongly lets them cannot disturb the cases after them."""
    return re.match(r"(del )?M\.\w+\.\w+( = |$)", source) is not None


# -- the worker (this file run as a script) -------------------------------------------------

def _worker(module, path, start, limit):
    if int(limit) and "asan" not in os.environ.get("LD_PRELOAD", ""):   # ASan reserves terabytes of address space
        resource.setrlimit(resource.RLIMIT_AS, (int(limit), int(limit)))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)                 # whatever a case prints goes to stderr, not into the protocol
    warnings.simplefilter("ignore")
    M = importlib.import_module(module)
    try:
        import numpy as np
    except ImportError:
        np = None
    state = [(getattr(M, g), getattr(M, s)) for g, s in [("get_default_dtype", "set_default_dtype"),
                                                         ("get_num_threads", "set_num_threads")] if hasattr(M, g)]
    state = [(get, set_, get()) for get, set_ in state]
    sources = json.loads(Path(path).read_text())
    for i in range(int(start), len(sources)):
        print(json.dumps({"i": i}), file=proto)
        try:
            exec(compile(sources[i], "<case>", "exec"), {"M": M, "np": np})
            result = {"got": "ok"}
        except BaseException as e:     # SystemExit, KeyboardInterrupt, MemoryError: all outcomes
            frame = traceback.extract_tb(e.__traceback__)[-1]
            try:
                msg = str(e)[:200]
            except Exception:          # an exception about an object whose __str__ raises too
                msg = "<unprintable>"
            result = {"got": type(e).__name__, "where": f"{frame.filename}:{frame.lineno}", "msg": msg}
        for get, set_, value in state:  # set_default_dtype and set_num_threads cases change them
            try:
                if get() != value:
                    set_(value)
            except Exception:
                pass
        print(json.dumps({"i": i, **result}), file=proto)


# -- the parent ----------------------------------------------------------------------------

def _run_worker(module, path, n, start, results, limit, timeout):
    """Runs cases start.. of the file `path` in one worker until it ends, dies or hangs; returns
    the index to resume from."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))   # the parent's imports
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, __file__, module, path, str(start), str(limit)],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err, env=env, text=True)
        lines = queue.Queue()
        threading.Thread(target=lambda: ([lines.put(line) for line in proc.stdout], lines.put(None)), daemon=True).start()
        current, nxt = None, start       # the case started and not ended; the next one to start

        def tail():
            err.seek(0)
            return err.read().decode(errors="replace")[-1500:]
        while True:
            try:
                line = lines.get(timeout=START_TIMEOUT if nxt == start else timeout)
            except queue.Empty:
                proc.kill()
                proc.wait()
                if current is None and nxt == n:   # every case ended; the interpreter's exit hung
                    return n
                if current is None:
                    raise RuntimeError(f"crash-corpus worker stalled outside a case:\n{tail()}")
                results[current] = {"got": "hang", "msg": f"no result in {timeout:g} s"}
                return current + 1
            if line is None:
                rc = proc.wait()
                if current is None and nxt == n:
                    return n
                if current is None:
                    raise RuntimeError(f"crash-corpus worker exited ({rc}) outside a case:\n{tail()}")
                got = f"signal {signal.Signals(-rc).name}" if rc < 0 else f"exit {rc}"
                results[current] = {"got": got, "msg": tail()[-300:]}
                return current + 1
            record = json.loads(line)
            if "got" in record:
                results[record["i"]], current = record, None
            else:
                current = nxt = record["i"]
                nxt += 1


def run_cases(module, sources, *, limit=MEMORY_LIMIT, timeout=CASE_TIMEOUT):
    """Runs every source with M = `module`, in workers; one result dict per source
    ({"got": "ok" | class name | "hang" | "signal SIGSEGV" | "exit N", "where", "msg"})."""
    results = [None] * len(sources)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(sources, f)
    try:
        start = 0
        while start < len(sources):
            start = _run_worker(module, f.name, len(sources), start, results, limit, timeout)
    finally:
        os.unlink(f.name)
    return results


def run_parallel(module, sources, **kw):
    """run_cases over shards on every core; the isolated cases one worker each."""
    together = [s for s in sources if not isolated(s)]
    k = max(1, min(4, os.cpu_count() or 1))
    shards = [together[i::k] for i in range(k)] + [[s] for s in sources if isolated(s)]
    with ThreadPoolExecutor(k) as pool:
        done = pool.map(lambda shard: run_cases(module, shard, **kw), shards)
        return {s: r for shard, results in zip(shards, done) for s, r in zip(shard, results)}


def classify(expected, result):
    """The kind of failure of one case (None when it passes)."""
    got = result["got"]
    if got.startswith(("signal", "exit")):
        return "crash"
    if got == "hang":
        return "hang"
    if got in INTERNAL and got != expected and RUNTIME_CODE.search(result.get("where", "")):
        return "internal error"
    if expected in UNCOMPARED or got == expected:
        return None
    return "wrong class"


def report(failures):
    kinds = ["crash", "hang", "internal error", "wrong class"]
    out = [f"{len(failures)} crash-corpus cases fail:"]
    for kind in kinds:
        group = [f for f in failures if f[0] == kind]
        if group:
            out.append(f"== {kind} ({len(group)})")
        for _, source, expected, r in group:
            detail = f" at {r['where']}" if "where" in r else ""
            msg = r.get("msg", "").strip().replace("\n", " | ")
            out.append(f"  {source!r}: expected {expected}, got {r['got']}{detail}{': ' + msg if msg else ''}")
    return "\n".join(out)


# -- the tests ------------------------------------------------------------------------------

def test_crash_corpus():
    _, cases = load_corpus()
    try:
        import numpy  # noqa: F401
    except ImportError:
        cases = {s: o for s, o in cases.items() if not needs_numpy(s)}
    results = run_parallel("runtime", list(cases))
    failures = []
    for source, expected in cases.items():
        expected = KNOWN.get(source, (expected,))[0]
        kind = classify(expected, results[source])
        if kind and not (kind == "wrong class" and _gap(source)):
            failures.append((kind, source, expected, results[source]))
    if failures:
        import pytest
        pytest.fail(report(failures), pytrace=False)


def test_corpus_covers_the_api():
    """A name added to the API needs its cases: rerun scripts/make_crash_corpus.py."""
    import runtime as rt
    data, cases = load_corpus()
    functions = {n for n in rt.__all__ if not isinstance(getattr(rt, n), (rt.dtype, rt.layout, rt.memory_format))}
    methods = {n for n in dir(rt.Tensor) if not n.startswith("_")}
    assert functions <= set(data["api"]["functions"]), sorted(functions - set(data["api"]["functions"]))
    assert methods <= set(data["api"]["methods"]), sorted(methods - set(data["api"]["methods"]))
    assert set(KNOWN) <= set(cases)


def test_the_harness_reports_crashes_and_hangs():
    sources = ["import os; os.kill(os.getpid(), 11)", "while True: pass", "M.sqrt(-1)", "[][0]", "pass"]
    got = [r["got"] for r in run_cases("math", sources, timeout=1.0)]
    # under AddressSanitizer (scripts/sanitize.sh) its SEGV handler reports and exits with 1
    segv = "exit 1" if "asan" in os.environ.get("LD_PRELOAD", "") else "signal SIGSEGV"
    assert got == [segv, "hang", "ValueError", "IndexError", "ok"]
    assert [classify("ok", {"got": g}) for g in got] == ["crash", "hang", "wrong class", "wrong class", None]
    assert classify("ok", {"got": "IndexError", "where": "/src/runtime/tensor.py:12"}) == "internal error"
    assert classify("IndexError", {"got": "IndexError", "where": "/src/runtime/tensor.py:12"}) is None


if __name__ == "__main__":
    _worker(*sys.argv[1:])
