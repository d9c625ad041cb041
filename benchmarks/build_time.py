"""Build times of `python -m codegen` over the full catalogue, in a temporary folder.

    python benchmarks/build_time.py                          # cold, no-op and one-op rebuilds
    python benchmarks/build_time.py --op hypot --jobs 2 --markdown benchmarks/build_results.md

Three builds into <tmp>/generated, whose object cache is <tmp>/.codegen-cache (empty at the
start), so the working tree, its generated/ and its cache are not touched:

  cold      every shard compiled from scratch;
  no-op     the same YAML again: the build key matches, nothing is compiled or written;
  one-op    a copy of ops.yaml whose one op's expression is touched (put in parentheses,
            same line count, so no other shard's #line markers move): only k_<op>.c
            recompiles, the other objects come from the cache, the library is relinked.

Each is a separate `python -m codegen` process, timed from start to exit (Python start-up,
YAML validation, rendering, compiling, linking), with its CPU time and that of the compilers
it ran (which other work on the machine does not stretch, unlike the wall time); the object
counts are codegen's own report."""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def touch_expr(ops_text: str, op: str) -> str:
    """ops.yaml with op's expression changed in a way that changes no value: its (first) C
    expression put in parentheses, on the same line."""
    lines = ops_text.split("\n")
    header = [k for k, line in enumerate(lines) if re.fullmatch(rf"  {re.escape(op)}:\s*(#.*)?", line)]
    if not header:
        raise SystemExit(f"build_time: no op {op!r} in ops.yaml")
    i = header[0] + 1
    while i < len(lines) and not (lines[i].startswith("  ") and lines[i][2:3].isalpha()):   # up to the next op
        if lines[i].startswith("    expr:"):
            j = i if lines[i][len("    expr:"):].strip() else i + 1      # a string, or a mapping's first entry
            key, _, value = lines[j].partition(": ")
            value, hash_, comment = value.partition(" #")
            value = value.rstrip()
            if value[:1] in "\"'" and value[-1:] == value[:1]:
                value = value[0] + "(" + value[1:-1] + ")" + value[-1]
            else:
                value = f"({value})"
            lines[j] = f"{key}: {value}" + (f" #{comment}" if hash_ else "")
            return "\n".join(lines)
        i += 1
    raise SystemExit(f"build_time: op {op!r} has no expr of its own (it reuses another op's kernel)")


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_codegen(args: list, env: dict) -> dict:
    t0, c0 = time.perf_counter(), _children_cpu()
    done = subprocess.run([sys.executable, "-m", "codegen", *args], cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    cpu = _children_cpu() - c0         # codegen and the compilers it waited for
    if done.returncode != 0:
        raise SystemExit(f"build_time: python -m codegen {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    out = done.stdout
    m = re.search(r"compiled (\d+) object\(s\), (\d+) from cache", out)
    compiled, cached = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    shards = re.findall(r"compiled (\S+\.c) \(", out)
    return dict(seconds=seconds, cpu=cpu, compiled=compiled, cached=cached, shards=shards,
                up_to_date="up to date, nothing to do" in out)


def compiler_version() -> str:
    cc = os.environ.get("CC", "cc").split()
    try:
        return subprocess.run(cc + ["--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "?"


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--op", default="hypot", help="the op whose expr the one-op rebuild touches (default: %(default)s)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel compile jobs (default: number of cores, %(default)s)")
    parser.add_argument("--native", action="store_true", help="time the -march=native build instead")
    parser.add_argument("--markdown", type=Path, help="also write the results as a Markdown file")
    args = parser.parse_args(argv)

    env = dict(os.environ)
    env.pop("EWGEN_NATIVE", None)
    # Python's default: codegen's modules compiled to bytecode once and cached, as on a user's
    # machine (a sandbox that sets PYTHONDONTWRITEBYTECODE recompiles them on every run, 0.2 s)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    common = ["--jobs", str(args.jobs)] + (["--native"] if args.native else [])
    n_ops = subprocess.run([sys.executable, "-m", "codegen", "--list"], cwd=ROOT, capture_output=True,
                           text=True).stdout.count("\n")
    with tempfile.TemporaryDirectory(prefix="ewgen-build-time-") as tmp:
        tmp = Path(tmp)
        out = tmp / "generated"
        ops = tmp / "ops.yaml"            # same file name: the #line markers stay as in the real build
        shutil.copy(ROOT / "ops.yaml", ops)
        base = common + ["--ops", str(ops), "--out", str(out)]
        load_before = os.getloadavg()[0]
        print(f"build_time: {n_ops} ops, {args.jobs} job(s), {compiler_version()}, {cpu_name()}, "
              f"{os.cpu_count()} CPU(s){', -march=native' if args.native else ''}; "
              f"load average {load_before:.1f}", flush=True)
        results = []
        cold = run_codegen(base, env)
        results.append(("cold build (empty object cache)", cold))
        print(f"  cold    {cold['seconds']:6.1f} s   (CPU {cold['cpu']:.1f} s)   {cold['compiled']} objects compiled",
              flush=True)
        noop = run_codegen(base, env)
        results.append(("no-op rebuild (nothing changed)", noop))
        print(f"  no-op   {noop['seconds']:6.2f} s   (CPU {noop['cpu']:.2f} s)   {noop['compiled']} objects compiled",
              flush=True)
        ops.write_text(touch_expr(ops.read_text(), args.op))
        one = run_codegen(base, env)
        results.append((f"one-op rebuild ({args.op}'s expr touched)", one))
        print(f"  one-op  {one['seconds']:6.1f} s   (CPU {one['cpu']:.1f} s)   {one['compiled']} object(s) compiled "
              f"({', '.join(one['shards'])}), {one['cached']} from cache", flush=True)
        n_objects = cold["compiled"] + cold["cached"]
        load_after = os.getloadavg()[0]

    if args.markdown:
        lines = [
            "# Build times",
            "",
            f"`python benchmarks/build_time.py{' --native' if args.native else ''} --jobs {args.jobs}`, "
            f"{datetime.date.today().isoformat()}: {n_ops} ops, {n_objects} objects (one shard per op with "
            f"kernels, the casts, the loops and the cffi module, and csrc/'s C files); {args.jobs} compile job(s) on "
            f"{os.cpu_count()} CPU(s) ({cpu_name()}), {compiler_version()}.",
            "Each build is one `python -m codegen` process into a temporary folder with its own object "
            "cache, timed from start to exit. Load average (1 min) before the cold build "
            f"{load_before:.1f}, after the last build {load_after:.1f}: other work on the machine "
            "stretches the cold build, whose compile jobs want every core.",
            "",
            "CPU time is that of codegen and the compilers it ran (user + system): the work, whatever the load.",
            "",
            "| build | wall time | CPU time | objects compiled | from cache |",
            "|---|---:|---:|---:|---:|",
        ]

        def fmt(x):
            return f"{x:.2f} s" if x < 10 else f"{x:.1f} s"
        for label, r in results:
            lines.append(f"| {label} | {fmt(r['seconds'])} | {fmt(r['cpu'])} | {r['compiled']} | {r['cached']} |")
        lines.append("")
        args.markdown.write_text("\n".join(lines))
        print(f"build_time: wrote {args.markdown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
