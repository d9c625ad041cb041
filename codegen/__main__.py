"""python -m codegen: validate dtypes.yaml and ops.yaml, render generated/, build the library;
for the repository's own generated/, also the runtime's type stubs and the docs (published.py)."""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from . import stamp
from .build import NATIVE_ENV, BuildError, build, build_lock, library_path, stale_files

ROOT = Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m codegen",
        description="Validate dtypes.yaml and ops.yaml, render the templates into generated/ "
                    "and compile the kernels into a cffi library. When the output is the repository's "
                    "generated/, also write the runtime's type stubs (runtime/__init__.pyi) and the "
                    "reference docs (docs/ops.md, docs/promotion.svg). Does nothing when nothing changed.")
    parser.add_argument("--dtypes", type=Path, default=ROOT / "dtypes.yaml", help="dtypes file (default: %(default)s)")
    parser.add_argument("--ops", type=Path, default=ROOT / "ops.yaml", help="ops file (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=ROOT / "generated", help="output folder (default: %(default)s)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="parallel compile jobs (default: number of cores, %(default)s)")
    parser.add_argument("--check", action="store_true",
                        help="build nothing; exit 1 and name the stale files if the output is out of date")
    parser.add_argument("--list", action="store_true", help="print the ops with their configs and dtypes")
    parser.add_argument("--no-docs", action="store_true",
                        help="leave docs/ as it is (the test suite builds so, and tests/test_published.py then "
                             "fails when the committed docs are stale)")
    parser.add_argument("--native", action="store_true",
                        help="compile with -march=native -mno-fma: code for this machine's CPU only, which may "
                             f"not run on another (also when the environment sets {NATIVE_ENV}=1). -mno-fma keeps "
                             "the results bit-identical to the portable build's. Part of the build key, so "
                             "switching it rebuilds, and native objects are cached apart from portable ones. "
                             "Default: a portable build (CC and CFLAGS are respected either way)")
    parser.add_argument("--verbose", action="store_true", help="show compiler commands")
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    # the stubs and docs describe the runtime the repository imports: only for its own generated/
    repo_build = args.out.resolve() == (ROOT / "generated").resolve()
    settings = f"out={args.out.resolve()} docs={repo_build and not args.no_docs}"
    try:
        digest = stamp.inputs_digest(args.dtypes, args.ops, settings, native=args.native)
    except BuildError:
        digest = None                   # no compiler: the full path says so
    if digest and not (args.check or args.list) and stamp.fresh(args.out, digest):
        print(f"codegen: {args.out} is up to date, nothing to do ({time.perf_counter() - t0:.2f} s; "
              f"same inputs, outputs untouched)")
        return 0
    # imported here: the YAML validation and the templates are what a no-op run skips
    from .model import ModelError, load_model
    from .published import render_published, select, stale_published, write_published
    from .render import render
    try:
        model = load_model(args.dtypes, args.ops)
    except ModelError as e:
        for p in e.problems:
            print(p, file=sys.stderr)
        print(f"codegen: {len(e.problems)} problem(s); {args.out} left as it was", file=sys.stderr)
        return 1
    if args.list:
        for op in model.ops:
            print(f"{op.name:14} {op.config:13} {', '.join(model.op(op.kernel_of).dtypes)}")
        return 0
    files = render(model)
    published = select(render_published(model), docs=not args.no_docs) if repo_build else {}
    if args.check:
        stale = stale_files(files, args.out) + stale_published(published, ROOT)
        if stale:
            print(f"codegen --check: {args.out} is out of date with the YAML: {', '.join(stale)}", file=sys.stderr)
            return 1
        print(f"codegen --check: {args.out} is up to date ({len(files)} files"
              + (f"; and {', '.join(sorted(published))}" if published else "") + ")")
        return 0
    print(f"codegen: {len(model.dtypes)} dtypes, {len(model.ops)} ops validated; "
          f"{len(files)} files rendered")
    try:
        result = build(files, args.out, args.jobs, args.verbose, native=args.native)
    except BuildError as e:
        print(f"codegen: {e}", file=sys.stderr)
        print(f"codegen: build failed; {args.out} left as it was", file=sys.stderr)
        return 1
    wrote = write_published(published, ROOT)
    if digest:
        out = args.out.resolve()
        with build_lock(out):           # unless another run has replaced this build meanwhile
            if (out / "BUILD_KEY").read_text() == result["key"]:
                stamp.write(out, digest, [out / n for n in files] + [library_path(out)] + [ROOT / p for p in published])
    if wrote:
        print(f"codegen: wrote {', '.join(wrote)}")
    dt = time.perf_counter() - t0
    if result["up_to_date"]:
        print(f"codegen: {args.out} is up to date, nothing to do ({dt:.2f} s)")
    else:
        print(f"codegen: wrote {len(result['written'])} changed file(s) "
              f"({', '.join(result['written']) or 'none'}); compiled {result['compiled']} object(s), "
              f"{result['cached']} from cache; library {args.out.name}/ ready ({dt:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
