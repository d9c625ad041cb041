"""Compile time of every object of the build, each compiled alone: where a cold build's CPU goes.

    PYTHONPATH=. python benchmarks/shard_cputime.py                  # every source of generated/ and csrc/
    PYTHONPATH=. python benchmarks/shard_cputime.py -j 2 k_add k_mul  # sources whose name contains a word
    PYTHONPATH=. python benchmarks/shard_cputime.py --no-pch         # without the precompiled prelude
    PYTHONPATH=. python benchmarks/shard_cputime.py --time-report k_casts   # gcc -ftime-report, top phases

The flags and include path are the build's (codegen/build.py), and the prelude is precompiled
once as the build does.  Each compiler's own CPU time (user + system, from wait4) is measured,
so other work on the machine stretches it little, unlike wall time; `text` is the object's code
size.  The sum over shards is the build's compile work; on two idle cores a cold build's wall
time is about half of it when the shards balance, and never less than the longest shard.
Run `python -m codegen` first: the sources are generated/'s."""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from codegen import build, headers  # noqa: E402


def compile_one(src: Path, flags: list, out: Path, extra: list) -> tuple:
    """(CPU seconds, text bytes, stderr) of compiling src alone."""
    obj = out / (src.stem + ".o")
    proc = subprocess.Popen(build.compiler() + flags + extra + ["-c", str(src), "-o", str(obj)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"shard_cputime: compiling {src.name} failed:\n{err}")
    size = subprocess.run(["size", "-A", str(obj)], capture_output=True, text=True).stdout
    text = sum(int(m.group(1)) for m in re.finditer(r"^\.text\S*\s+(\d+)", size, re.M))
    return ru.ru_utime + ru.ru_stime, text, err


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("words", nargs="*", help="only sources whose file name contains one of these")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--no-pch", action="store_true", help="parse prelude.h in every shard")
    parser.add_argument("--time-report", action="store_true", help="print gcc's -ftime-report's largest phases")
    parser.add_argument("--top", type=int, default=25, help="shards listed (default: %(default)s)")
    args = parser.parse_args(argv)

    gen = ROOT / "generated"
    flags = build.cflags()
    with tempfile.TemporaryDirectory(prefix="ewgen-shards-") as tmp:
        tmp = Path(tmp)
        for h in gen.glob("*.h"):            # the rendered headers, beside the precompiled prelude
            (tmp / h.name).write_bytes(h.read_bytes())
        sources = sorted(gen.glob("*.c")) + sorted(build.CSRC.glob("*.c"))
        sources = [s for s in sources if not args.words or any(w in s.name for w in args.words)]
        include = [f"-I{d}" for d in (tmp, build.CSRC, sysconfig.get_paths()["include"])]
        pch_cpu = 0.0
        if not args.no_pch:
            proc = subprocess.Popen(build.compiler() + flags + include
                                    + [f"-D{headers.GUARD}=1", "-x", "c-header", str(build.CSRC / "prelude.h"),
                                       "-o", str(tmp / "prelude.h.gch")])
            _, status, ru = os.wait4(proc.pid, 0)
            pch_cpu = ru.ru_utime + ru.ru_stime
        extra = include + (["-ftime-report"] if args.time_report else [])
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            order = sorted(sources, key=lambda s: -s.stat().st_size)
            results = dict(zip(order, pool.map(lambda s: compile_one(s, flags, tmp, extra), order)))
    rows = sorted(results.items(), key=lambda kv: -kv[1][0])
    total = sum(r[0] for r in results.values())
    text = sum(r[1] for r in results.values())
    print(f"shard_cputime: {len(rows)} sources, {'no ' if args.no_pch else ''}precompiled prelude"
          f" ({pch_cpu:.2f} s); compile CPU {total:.1f} s, text {text / 1e6:.2f} MB; load average "
          f"{os.getloadavg()[0]:.1f}")
    for src, (cpu, size, err) in rows[: args.top]:
        print(f"  {cpu:6.2f} s  {size / 1e3:7.1f} KB  {src.name}")
        if args.time_report:
            # "<phase> : usr ( x%) sys ( x%) wall ( x%) GGC": by user time (wall is the load's)
            phases = re.findall(r"^ (.+?)\s*:\s*(\d+\.\d+) \(", err, re.M)
            for name, usr in sorted(phases, key=lambda p: -float(p[1]))[:8]:
                print(f"            {float(usr):6.2f} s  {name.strip()}")
    groups: dict = {}
    for src, (cpu, size, _) in rows:
        kind = ("reductions" if src.name.startswith("k_reduce") else "casts" if src.name.startswith("k_casts")
                else "kernels" if src.name.startswith("k_") else src.name)
        g = groups.setdefault(kind, [0, 0.0, 0])
        g[0] += 1
        g[1] += cpu
        g[2] += size
    for kind, (n, cpu, size) in sorted(groups.items(), key=lambda kv: -kv[1][1]):
        print(f"  by kind: {kind:24} {n:4} sources  {cpu:6.1f} s  {size / 1e6:5.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
