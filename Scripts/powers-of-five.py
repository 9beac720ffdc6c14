#!/usr/bin/env python3
"""Writes Sources/YAJLModel/Numbers/PowersOfFive.swift: for each q in SMALLEST...LARGEST, the 128
most significant bits of 5^q, computed with Python's exact integers.

The bits are truncated (the floor of 5^q scaled into [2^127, 2^128)), except for -27 <= q < 0,
which are rounded up: Eisel-Lemire relies on those products never being too small. The
shortest-decimal writer adds one to every entry, which makes each an upper bound.

Run from the package root: python3 Scripts/powers-of-five.py > Sources/YAJLModel/Numbers/PowersOfFive.swift
"""

SMALLEST = -342  # Eisel-Lemire: below 10^-342 every decimal of up to 19 digits reads as zero
LARGEST = 324    # the shortest-decimal writer: 10^324 scales the smallest subnormal Double


def top_bits(q):
    """The 128 most significant bits of 5^q, truncated or (for -27 <= q < 0) rounded up."""
    if q >= 0:
        power = 5 ** q
        excess = power.bit_length() - 128
        return power >> excess if excess > 0 else power << -excess
    divisor = 5 ** -q
    # 2^k / 5^-q in [2^127, 2^128)
    k = 127 + divisor.bit_length()
    quotient, remainder = divmod(1 << k, divisor)
    if quotient >= 1 << 128:
        k -= 1
        quotient, remainder = divmod(1 << k, divisor)
    assert (1 << 127) <= quotient < (1 << 128)
    if q >= -27 and remainder != 0:
        quotient += 1
    return quotient


def main():
    print("""/// 5^q for q in -342...324, each as the 128 most significant bits of its binary expansion
/// (high word, then low word): truncated, except for -27 ≤ q < 0, which are rounded up (there
/// 5^-q fits 64 bits, and Eisel-Lemire relies on the product never being too small). Read by
/// Eisel-Lemire (q up to 308) and by the shortest-decimal writer (q up to 324, for subnormal
/// `Double`s). Generated with exact integers by `Scripts/powers-of-five.py`; do not edit by hand.
enum PowersOfFive {
    static let smallestExponent = %d
    static let largestExponent = %d

    static let table: [UInt64] = [""" % (SMALLEST, LARGEST))
    for q in range(SMALLEST, LARGEST + 1):
        bits = top_bits(q)
        assert bits < (1 << 128) - 1  # adding one never overflows
        print("        0x%016X, 0x%016X,  // %d" % (bits >> 64, bits & ((1 << 64) - 1), q))
    print("    ]\n}")


if __name__ == "__main__":
    main()
