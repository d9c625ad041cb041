"""Every float32 -> each float8 format, against torch: all 2**32 bit patterns (NaNs, infinities,
subnormals, both zeros), converted by the runtime and by torch 2.13 and compared code for code.

    python scripts/float8_exhaustive.py [--formats float8_e4m3fn,...] [--chunk-bits 24] [--stride 1]

Needs torch and NumPy (both only here, as the oracle and the carrier).  The patterns are walked in
chunks of 2**chunk_bits, each converted by both from the same NumPy buffer (DLPack, no copies);
--stride k checks every k-th chunk only (a quicker partial run: the output says what it covered).
Prints one line per format and a summary; exits 1 on any mismatch.  The result of the full run is
recorded in scripts/float8_exhaustive.md."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import torch  # noqa: E402

import runtime as rt  # noqa: E402

FORMATS = ("float8_e4m3fn", "float8_e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e8m0fnu")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--formats", default=",".join(FORMATS))
    ap.add_argument("--chunk-bits", type=int, default=24)
    ap.add_argument("--stride", type=int, default=1)
    args = ap.parse_args(argv)
    torch.set_num_threads(1)
    chunk = 1 << args.chunk_bits
    bits = np.empty(chunk, dtype=np.uint32)
    base = np.arange(chunk, dtype=np.uint32)
    failed = False
    print(f"torch {torch.__version__}, runtime from {Path(rt.__file__).parent}, chunks of 2**{args.chunk_bits}, "
          f"every {args.stride} chunk(s)")
    for name in args.formats.split(","):
        tdt, rdt = getattr(torch, name), getattr(rt, name)
        start, checked, bad, first = time.time(), 0, 0, []
        for c in range(0, (1 << 32) // chunk, args.stride):
            np.add(base, np.uint32(c * chunk), out=bits)
            f = bits.view(np.float32)
            want = torch.from_numpy(f).to(tdt).view(torch.uint8).numpy()
            got = np.from_dlpack(rt.from_dlpack(f).to(rdt).view(rt.uint8))
            diff = np.nonzero(want != got)[0]
            checked += chunk
            if len(diff):
                bad += len(diff)
                first += [(hex(int(bits[i])), int(want[i]), int(got[i])) for i in diff[:5 - len(first)]]
        failed |= bad > 0
        print(f"{name}: {checked} float32 patterns ({checked / 2**32:.0%} of 2**32), {bad} differ "
              f"{first if first else ''}({time.time() - start:.0f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
