"""The tables and polynomial coefficients of csrc/vpow.c (float32 pow), printed as C.

    python scripts/vpow_tables.py        # needs mpmath

log2: x = 2^k z with z in [0.984375, 1.96875) (csrc/vpow.c's OFF), 16 subintervals by z's top
mantissa bits; 1/c and log2 c (= -log2 of the stored 1/c, correctly rounded) for c the middle
of each, c = 1 for the one holding 1 (so that log2 1 = 0 exactly and nothing cancels near 1).
exp2: the bits of 2^(j/16) less j << 48 (the exponent is added back with the index's bits).
The polynomials are Taylor's: |r| <= 2^-5 for both, where degree 10 (log2) and 7 (exp2) leave
relative errors below 2^-53."""
import struct

import mpmath as mp

mp.mp.prec = 200
OFF = 0x3f7c0000


def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def d2u(d):
    return struct.unpack("<Q", struct.pack("<d", d))[0]


def main():
    invc, logc = [], []
    for i in range(16):
        if i == 0:
            inv, lg = 1.0, 0.0
        else:
            c = (mp.mpf(f32(OFF + (i << 19))) + mp.mpf(f32(OFF + ((i + 1) << 19)))) / 2
            inv = float(1 / c)
            lg = float(-mp.log(mp.mpf(inv), 2))
        invc.append(inv)
        logc.append(lg)
    ln2 = mp.log(2)
    exp2 = [(d2u(float(mp.power(2, mp.mpf(j) / 16))) - (j << 48)) % (1 << 64) for j in range(16)]

    def rows(values, per_line=4):
        return ",\n".join("    " + ", ".join(values[i:i + per_line]) for i in range(0, len(values), per_line))

    print("static const double ew_vp_invc[16] = {\n" + rows([v.hex() for v in invc]) + "};")
    print("static const double ew_vp_logc[16] = {\n" + rows([v.hex() for v in logc]) + "};")
    print("static const uint64_t ew_vp_exp2[16] = {\n" + rows([f"0x{v:016x}ULL" for v in exp2]) + "};")
    la = [float((-1) ** (k + 1) / (k * ln2)).hex() for k in range(1, 11)]
    eb = [float(ln2 ** k / mp.factorial(k)).hex() for k in range(1, 8)]
    print("static const double ew_vp_la[10] = {\n" + rows(la) + "};")
    print("static const double ew_vp_eb[7] = {\n" + rows(eb) + "};")


if __name__ == "__main__":
    main()
