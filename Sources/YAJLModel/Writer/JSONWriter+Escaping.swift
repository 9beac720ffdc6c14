/// The one JSON string escaper, shared by the tree writer and ``YAJLEncoder``.
///
/// It escapes what `JSONEncoder` escapes: `"`, `\`, the control characters
/// (as `\b`, `\f`, `\n`, `\r`, `\t` or `\u00XX`), and `/` unless told not to.
/// Everything else, non-ASCII included, is copied as it is, in runs.
enum _JSONEscaping {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Whether `byte` must be escaped.
    @inline(__always)
    static func needsEscape(_ byte: UInt8, escapingSlashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (escapingSlashes && byte == UInt8(ascii: "/"))
    }

    /// Appends `text` (UTF-8, without quotes) to `output`, escaped.
    static func append(_ text: UnsafeRawBufferPointer, escapingSlashes: Bool, to output: inout [UInt8]) {
        var runStart = 0
        for index in text.indices {
            let byte = text[index]
            guard needsEscape(byte, escapingSlashes: escapingSlashes) else { continue }
            if runStart < index { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart..<index])) }
            runStart = index + 1
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            default:
                output.append(contentsOf: "u00".utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            }
        }
        if runStart < text.count { output.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[runStart...])) }
    }
}
