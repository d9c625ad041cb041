#!/usr/bin/env bash
# The kernels under AddressSanitizer and UndefinedBehaviorSanitizer: build a sanitized copy
# of generated/ (CFLAGS is respected by codegen) and run the kernel-heavy tests against it.
# Usage: bash scripts/sanitize.sh [pytest args]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$root/.codegen-cache" "$work/" 2>/dev/null || true
CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
    python -m codegen --out "$work/generated"
runtime_libs="$(${CC:-cc} -print-file-name=libasan.so):$(${CC:-cc} -print-file-name=libubsan.so)"
# run from $work so that `import generated` finds the sanitized build first
cd "$work"
LD_PRELOAD="$runtime_libs" ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
PYTHONMALLOC=malloc PYTHONPATH="$root" \
    python -c "import generated, sys; sys.exit(0 if generated.__file__.startswith('$work') else 'not the sanitized build')"
LD_PRELOAD="$runtime_libs" ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
PYTHONMALLOC=malloc PYTHONPATH="$root" \
    python -m pytest -p no:cacheprovider -q "$root/tests/test_values.py" "$root/tests/test_catalogue_values.py" \
        "$root/tests/test_more_values.py" "$root/tests/test_robustness.py" "$root/tests/test_golden.py" "$@"
