"""python -m scripts.golden [set ...]: regenerate the value goldens (every set by default)."""
from __future__ import annotations

import importlib
import os
import sys
from collections import Counter, defaultdict

from . import ROOT  # (first: pins torch's CPU dispatch and puts tests/ on sys.path)

import torch  # noqa: E402
from golden_format import ULPS, dump  # noqa: E402

from .common import TILE, group_key  # noqa: E402

SETS = ("arithmetic", "unary_binary", "powers_ternary", "reductions", "special", "funcs")


def write(name):
    module = importlib.import_module(f"{__package__}.{name}")
    print(f"{name}:", file=sys.stderr)
    cases, own_meta = module.generate()
    groups = defaultdict(lambda: {"cases": []})
    scalar_loop = Counter()
    per_rule = Counter()
    for variant, c in cases:
        key = group_key(variant, c)
        groups[key]["cases"].append(c)
        scalar_loop[key] += len(c.get("scalar_loop_diff", []))
        kind = "errors" if "error" in c["expect"] else c["rule"]
        per_rule[f"{kind}:cases"] += 1
        per_rule[f"{kind}:values"] += len(c["expect"].get("values", []))
    n_values = sum(len(c["expect"].get("values", [])) for _, c in cases)
    data = {
        "meta": {
            "torch": torch.__version__,
            "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "environment": {k: os.environ[k] for k in ("ATEN_CPU_CAPABILITY", "MKL_CBWR")},
            "generator": f"scripts/golden/{name}.py",
            "seed": module.SEED,
            "tile": TILE,
            "cases": len(cases),
            "groups": len(groups),
            "values": n_values,
            "errors": sum(1 for _, c in cases if "error" in c["expect"]),
            "ulp": ULPS,
            "per_rule": dict(sorted(per_rule.items())),
            "scalar_loop_diff": {k: n for k, n in sorted(scalar_loop.items()) if n},
            **own_meta,
        },
        "groups": dict(sorted(groups.items())),
    }
    path = ROOT / "tests" / "data" / f"golden_{name}.json.gz"
    raw = dump(path, data)
    print(f"{path.relative_to(ROOT)}: {len(cases)} cases in {len(groups)} groups, {n_values} values, "
          f"{raw} bytes of JSON, {path.stat().st_size} bytes gzipped", file=sys.stderr)
    for k, n in sorted(per_rule.items()):
        print(f"  {k}: {n}", file=sys.stderr)
    print(f"  groups where torch's scalar loop differs: {len(data['meta']['scalar_loop_diff'])}", file=sys.stderr)


def main(argv):
    unknown = [a for a in argv if a not in SETS]
    if unknown:
        sys.exit(f"unknown set(s) {unknown}; the sets are {', '.join(SETS)}")
    for name in argv or SETS:
        write(name)


if __name__ == "__main__":
    main(sys.argv[1:])
