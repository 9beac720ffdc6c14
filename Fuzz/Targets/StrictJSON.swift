/// The fuzzers' oracle: a plain recognizer of strict JSON (RFC 8259) with YAJLModel's policies,
/// written without yajl and without the library's C code, so that the two can be compared.
///
/// It accepts exactly what the library must accept: one value, white space limited to space,
/// tab, line feed and carriage return, strings of well-formed UTF-8 (Swift's own decoder, which
/// rejects overlong forms, encoded surrogates and anything past U+10FFFF) whose `\u` surrogates
/// pair up, nesting up to `maxDepth`, and an optional UTF-8 byte-order mark in front.
/// It walks the text once, with an explicit stack, so it cannot recurse.
enum StrictJSON {
    /// One step of a pre-order walk over a value. Containers carry their element (or member)
    /// count and are closed by ``end``; strings and keys carry their decoded UTF-8, numbers their text.
    enum Token: Equatable, CustomStringConvertible {
        case null
        case bool(Bool)
        case number([UInt8])
        case string([UInt8])
        case key([UInt8])
        case array(count: Int)
        case object(count: Int)
        case end

        var description: String {
            switch self {
            case .null: "null"
            case .bool(let value): "\(value)"
            case .number(let text): "number \(show(text))"
            case .string(let text): "string \"\(show(text))\""
            case .key(let text): "key \"\(show(text))\""
            case .array(let count): "array(\(count))"
            case .object(let count): "object(\(count))"
            case .end: "end"
            }
        }
    }

    private enum Expecting {
        case value, valueOrClose, key, keyOrClose, separatorOrEnd
    }

    private struct Open {
        let isObject: Bool
        let token: Int
        var count = 0
    }

    /// The tokens of `text`, or nil when it is not strict JSON nested at most `maxDepth` deep.
    static func tokens(_ text: UnsafeRawBufferPointer, maxDepth: Int = 512, skipsByteOrderMark: Bool = true) -> [Token]? {
        let n = text.count
        var i = 0
        if skipsByteOrderMark, n >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { i = 3 }
        var tokens: [Token] = []
        var open: [Open] = []
        var expecting = Expecting.value

        while true {
            while i < n, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
            let byte: UInt8? = i < n ? text[i] : nil

            if let top = open.last,
                (expecting == .valueOrClose && byte == UInt8(ascii: "]"))
                    || (expecting == .keyOrClose && byte == UInt8(ascii: "}"))
                    || (expecting == .separatorOrEnd && byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")))
            {
                tokens[top.token] = top.isObject ? .object(count: top.count) : .array(count: top.count)
                tokens.append(.end)
                open.removeLast()
                i += 1
                expecting = .separatorOrEnd
                continue
            }

            switch expecting {
            case .separatorOrEnd:
                guard let top = open.last else { return byte == nil ? tokens : nil }
                guard byte == UInt8(ascii: ",") else { return nil }
                i += 1
                expecting = top.isObject ? .key : .value

            case .key, .keyOrClose:
                guard byte == UInt8(ascii: "\""), let key = string(text, &i) else { return nil }
                tokens.append(.key(key))
                while i < n, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
                guard i < n, text[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                expecting = .value

            case .value, .valueOrClose:
                guard let byte else { return nil }
                if !open.isEmpty { open[open.count - 1].count += 1 }
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard open.count < maxDepth else { return nil }
                    let isObject = byte == UInt8(ascii: "{")
                    open.append(Open(isObject: isObject, token: tokens.count))
                    tokens.append(isObject ? .object(count: 0) : .array(count: 0))
                    i += 1
                    expecting = isObject ? .keyOrClose : .valueOrClose
                    continue
                case UInt8(ascii: "\""):
                    guard let value = string(text, &i) else { return nil }
                    tokens.append(.string(value))
                case UInt8(ascii: "t"):
                    guard literal("true", text, &i) else { return nil }
                    tokens.append(.bool(true))
                case UInt8(ascii: "f"):
                    guard literal("false", text, &i) else { return nil }
                    tokens.append(.bool(false))
                case UInt8(ascii: "n"):
                    guard literal("null", text, &i) else { return nil }
                    tokens.append(.null)
                default:
                    let start = i
                    guard number(text, &i) else { return nil }
                    tokens.append(.number(Array(text[start..<i])))
                }
                expecting = .separatorOrEnd
            }
        }
    }

    private static func literal(_ word: StaticString, _ text: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard text.count - i >= count else { return false }
        let expected = UnsafeRawBufferPointer(start: word.utf8Start, count: count)
        guard text[i..<i + count].elementsEqual(expected) else { return false }
        i += count
        return true
    }

    private static func isDigit(_ text: UnsafeRawBufferPointer, _ i: Int) -> Bool {
        i < text.count && text[i] >= UInt8(ascii: "0") && text[i] <= UInt8(ascii: "9")
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    static func number(_ text: UnsafeRawBufferPointer, _ i: inout Int) -> Bool {
        if text[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(text, i) else { return false }
        if text[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while isDigit(text, i) { i += 1 }
        }
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(text, i) else { return false }
            while isDigit(text, i) { i += 1 }
        }
        if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(text, i) else { return false }
            while isDigit(text, i) { i += 1 }
        }
        return true
    }

    /// The four hex digits at `i` as a UTF-16 code unit.
    private static func hex4(_ text: UnsafeRawBufferPointer, _ i: Int) -> UInt32? {
        guard text.count - i >= 4 else { return nil }
        var value: UInt32 = 0
        for byte in text[i..<i + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Decodes the string token whose opening quote is at `i`, leaving `i` past its closing quote.
    static func string(_ text: UnsafeRawBufferPointer, _ i: inout Int) -> [UInt8]? {
        var decoded: [UInt8] = []
        i += 1
        while i < text.count {
            let byte = text[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                return decoded
            case 0..<0x20:
                return nil
            case UInt8(ascii: "\\"):
                guard i + 1 < text.count else { return nil }
                let escape = text[i + 1]
                i += 2
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard var unit = hex4(text, i) else { return nil }
                    i += 4
                    if (0xDC00...0xDFFF).contains(unit) { return nil }
                    if (0xD800...0xDBFF).contains(unit) {
                        guard text.count - i >= 2, text[i] == UInt8(ascii: "\\"), text[i + 1] == UInt8(ascii: "u"),
                            let low = hex4(text, i + 2), (0xDC00...0xDFFF).contains(low)
                        else { return nil }
                        unit = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
                        i += 6
                    }
                    guard let scalar = Unicode.Scalar(unit) else { return nil }
                    Unicode.UTF8.encode(scalar) { decoded.append($0) }
                default:
                    return nil
                }
            case 0x20..<0x80:
                decoded.append(byte)
                i += 1
            default:
                var parser = Unicode.UTF8.ForwardParser()
                var bytes = text[i...].makeIterator()
                guard case .valid(let sequence) = parser.parseScalar(from: &bytes) else { return nil }
                decoded.append(contentsOf: sequence)
                i += sequence.count
            }
        }
        return nil  // unterminated
    }

    /// The length of the longest prefix of `bytes` that is well-formed UTF-8, by Swift's decoder.
    static func validUTF8PrefixLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var length = 0
        while case .valid(let sequence) = parser.parseScalar(from: &iterator) {
            length += sequence.count
        }
        return length
    }
}
