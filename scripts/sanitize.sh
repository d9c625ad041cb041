#!/usr/bin/env bash
# The kernels under AddressSanitizer and UndefinedBehaviorSanitizer: build a sanitized copy
# of generated/ (CFLAGS is respected by codegen) and run tests against it, with the sanitizer
# runtimes preloaded: the kernel-heavy tests (values, golden outcomes, robustness) by default,
# the whole test suite with --full.  Any sanitizer report fails the run (UBSan halts on the
# first error; ASan always does).
# Usage: bash scripts/sanitize.sh [--full] [pytest args]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tests=("$root/tests/test_golden_values.py" "$root/tests/test_robustness.py" "$root/tests/test_golden_outcomes.py")
if [ "${1:-}" = "--full" ]; then
    shift
    tests=("$root/tests")
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$root/.codegen-cache" "$work/" 2>/dev/null || true
# -O1 (after codegen's -O3, so it wins): ASan and UBSan instrument every access and operation as
# at -O3, and the kernels compile in a fraction of the time (the vectoriser and unswitching are off)
CFLAGS="-O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
    python -m codegen --out "$work/generated"
runtime_libs="$(${CC:-cc} -print-file-name=libasan.so):$(${CC:-cc} -print-file-name=libubsan.so)"
# run from $work so that `import generated` finds the sanitized build first; the plugin makes sure
# of it inside the test session too (tests that build their own libraries still may)
cat > "$work/ew_sanitized_build.py" <<EOF
def pytest_sessionstart(session):
    import generated
    assert generated.__file__.startswith("$work/"), f"not the sanitized build: {generated.__file__}"
EOF
cd "$work"
# PYTHONMALLOC=malloc: Python's objects go through ASan's allocator too.  Leak detection is off
# (the interpreter keeps memory to its exit); ASan's quarantine of freed blocks is kept at 16 MB
# (default 256) so that the tests measuring the process's memory for leaks (storage release,
# DLPack exchanges) see what the runtime frees.
export LD_PRELOAD="$runtime_libs" ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=16 \
       UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 PYTHONMALLOC=malloc PYTHONPATH="$work:$root"
# The instrumented tests take most of the run and use one core: they run as two shards at once,
# every other collected test each (so both get their share of every heavy file), and the run
# fails when either does.
cat > "$work/ew_shard.py" <<'EOF'
import os


def pytest_collection_modifyitems(config, items):
    shard, count = map(int, os.environ["EW_SHARD"].split("/"))
    items[:] = [item for i, item in enumerate(items) if i % count == shard]
EOF
shards=2
pids=()
for ((i = 0; i < shards; i++)); do
    EW_SHARD="$i/$shards" python -m pytest -p no:cacheprovider -p ew_sanitized_build -p ew_shard -q \
        "${tests[@]}" "$@" > "$work/shard$i.log" 2>&1 &
    pids+=($!)
done
status=0
for ((i = 0; i < shards; i++)); do
    wait "${pids[$i]}" || status=$?
    echo "== sanitized tests, shard $((i + 1)) of $shards"
    cat "$work/shard$i.log"
done
exit "$status"
