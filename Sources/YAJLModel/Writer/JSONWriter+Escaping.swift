/// Where escaped JSON text goes: the tree writer's `[UInt8]`, or ``YAJLEncoder``'s buffer.
protocol JSONByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeRawBufferPointer)
}

extension Array: JSONByteSink where Element == UInt8 {
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
}

/// The one JSON string escaper, shared by the tree writer and ``YAJLEncoder``.
///
/// It escapes what `JSONEncoder` escapes: `"`, `\`, the control characters
/// (as `\b`, `\f`, `\n`, `\r`, `\t` or `\u00XX`), and `/` unless told not to.
/// Everything else, non-ASCII included, is copied as it is, in runs found eight bytes at a time.
enum JSONEscaping {
    private static let hexDigits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66)

    /// Whether `byte` must be escaped.
    @inline(__always)
    static func needsEscape(_ byte: UInt8, escapingSlashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (escapingSlashes && byte == UInt8(ascii: "/"))
    }

    /// Whether any of the eight bytes in `word` must be escaped (SWAR: a byte below 0x20, or
    /// equal to `"`, `\` or, when escaping slashes, `/`).
    @inline(__always)
    static func wordNeedsEscape(_ word: UInt64, escapingSlashes: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let control = (word &- ones &* 0x20) & ~word & 0x8080_8080_8080_8080 != 0
        let special = hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
        return control || special || (escapingSlashes && hasZeroByte(word ^ (ones &* 0x2F)))
    }

    /// Whether any byte of `x` is zero. (A static function, so that it is inlined, which a nested one may not be.)
    @inline(__always)
    private static func hasZeroByte(_ x: UInt64) -> Bool { (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 }

    /// The index of the first byte of `text` at or after `start` that must be escaped, or `text.count`.
    @inline(__always)
    static func firstEscape(in text: UnsafeRawBufferPointer, from start: Int, escapingSlashes: Bool) -> Int {
        var index = start
        if let base = text.baseAddress {
            // Unsafe: a word is loaded only while `index + 8 <= text.count`.
            while index + 8 <= text.count,
                !wordNeedsEscape((base + index).loadUnaligned(as: UInt64.self), escapingSlashes: escapingSlashes)
            {
                index += 8
            }
        }
        while index < text.count, !needsEscape(text[index], escapingSlashes: escapingSlashes) { index += 1 }
        return index
    }

    /// Appends `text` (UTF-8, without quotes) to `output`, escaped.
    @inline(__always)
    static func append(_ text: UnsafeRawBufferPointer, escapingSlashes: Bool, to output: inout some JSONByteSink) {
        var runStart = 0
        while true {
            let index = firstEscape(in: text, from: runStart, escapingSlashes: escapingSlashes)
            if runStart < index { output.append(UnsafeRawBufferPointer(rebasing: text[runStart..<index])) }
            guard index < text.count else { return }
            appendEscape(for: text[index], to: &output)
            runStart = index + 1
        }
    }

    private static func appendEscape(for byte: UInt8, to output: inout some JSONByteSink) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            output.append(byte >> 4 == 0 ? 0x30 : 0x31)
            let low = Int(byte & 0xF)
            // Unsafe: `low` is a nibble, below the 16 bytes of `hexDigits`.
            output.append(withUnsafeBytes(of: hexDigits) { $0[low] })
        }
    }
}
