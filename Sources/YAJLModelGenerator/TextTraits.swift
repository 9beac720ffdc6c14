import Foundation

/// What every string seen at one position has in common: a date format, URL or UUID
/// syntax, and, while there are few, the distinct values themselves.
struct TextTraits {
    var allISO8601 = true
    var allTwitterDates = true
    var allRFC1123Dates = true
    var allURLs = true
    var allUUIDs = true
    var allUppercaseUUIDs = true
    /// The one written form of the ISO 8601 dates (fraction digits and offset style), while there is one.
    var isoForm: ISO8601Form?
    var isoFormsDiffer = false
    /// Whether every value is short, starts with a letter and has no white space: what an
    /// enum's values look like (hex colours and numeric codes do not).
    var allShortWords = true
    /// Distinct values, in order of first appearance, until there are more than the cap.
    var distinct: [String] = []
    var distinctOverflowed = false

    mutating func observe(_ string: String, distinctCap: Int) {
        if allISO8601 || allTwitterDates || allRFC1123Dates || allUUIDs { observeForms(Array(string.utf8)) }
        if allURLs { allURLs = Self.isWebURL(string) }
        if allShortWords { allShortWords = Self.isShortWord(string) }
        // Only short words can be enum values: the set stays small whatever the strings.
        if !allShortWords, !distinctOverflowed { distinct = []; distinctOverflowed = true }
        if !distinctOverflowed, !distinct.contains(string) {
            if distinct.count < distinctCap { distinct.append(string) } else { distinct = []; distinctOverflowed = true }
        }
    }

    /// The date and UUID forms, while some value may still have one.
    private mutating func observeForms(_ bytes: [UInt8]) {
        if allISO8601 {
            if let form = ISO8601Form(bytes) {
                if isoForm == nil, !isoFormsDiffer { isoForm = form } else if isoForm != form { isoForm = nil; isoFormsDiffer = true }
            } else {
                allISO8601 = false
            }
        }
        if allTwitterDates { allTwitterDates = Self.isTwitterDate(bytes) }
        if allRFC1123Dates { allRFC1123Dates = Self.isRFC1123Date(bytes) }
        if allUUIDs {
            allUUIDs = Self.isUUID(bytes)
            if allUUIDs && allUppercaseUUIDs { allUppercaseUUIDs = !bytes.contains { (0x61...0x66).contains($0) } }
        }
    }

    mutating func merge(_ other: TextTraits, distinctCap: Int) {
        allISO8601 = allISO8601 && other.allISO8601
        if other.isoFormsDiffer || (isoForm != nil && other.isoForm != nil && isoForm != other.isoForm) {
            isoForm = nil
            isoFormsDiffer = true
        } else if isoForm == nil, !isoFormsDiffer {
            isoForm = other.isoForm
        }
        allTwitterDates = allTwitterDates && other.allTwitterDates
        allRFC1123Dates = allRFC1123Dates && other.allRFC1123Dates
        allURLs = allURLs && other.allURLs
        allUUIDs = allUUIDs && other.allUUIDs
        allUppercaseUUIDs = allUppercaseUUIDs && other.allUppercaseUUIDs
        allShortWords = allShortWords && other.allShortWords
        if other.distinctOverflowed { distinct = []; distinctOverflowed = true }
        for value in other.distinct where !distinctOverflowed && !distinct.contains(value) {
            if distinct.count < distinctCap { distinct.append(value) } else { distinct = []; distinctOverflowed = true }
        }
    }

    /// Whether `string` looks like a name: at most 40 bytes, a letter first, no white space.
    static func isShortWord(_ string: String) -> Bool {
        let utf8 = string.utf8
        guard utf8.count <= 40, let first = utf8.first, !utf8.contains(where: { $0 <= 0x20 }) else { return false }
        // An ASCII first byte is the first character's base: a mark after it does not change whether it is a letter.
        if first < 0x80 { return (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) }
        return string.first?.isLetter == true
    }

    private static func digits(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        range.allSatisfy { (0x30...0x39).contains(bytes[$0]) }
    }

    private static func letters(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        range.allSatisfy { (0x41...0x5A).contains(bytes[$0]) || (0x61...0x7A).contains(bytes[$0]) }
    }

    /// `Sun Aug 31 00:29:15 +0000 2014`.
    static func isTwitterDate(_ b: [UInt8]) -> Bool {
        b.count == 30 && letters(b, 0..<3) && b[3] == 0x20 && letters(b, 4..<7) && b[7] == 0x20 && digits(b, 8..<10)
            && b[10] == 0x20 && digits(b, 11..<13) && b[13] == 0x3A && digits(b, 14..<16) && b[16] == 0x3A
            && digits(b, 17..<19) && b[19] == 0x20 && (b[20] == 0x2B || b[20] == 0x2D) && digits(b, 21..<25)
            && b[25] == 0x20 && digits(b, 26..<30)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func isRFC1123Date(_ b: [UInt8]) -> Bool {
        b.count == 29 && letters(b, 0..<3) && b[3] == 0x2C && b[4] == 0x20 && digits(b, 5..<7) && b[7] == 0x20
            && letters(b, 8..<11) && b[11] == 0x20 && digits(b, 12..<16) && b[16] == 0x20 && digits(b, 17..<19)
            && b[19] == 0x3A && digits(b, 20..<22) && b[22] == 0x3A && digits(b, 23..<25)
            && Array(b[25...]) == Array(" GMT".utf8)
    }

    /// `123e4567-e89b-12d3-a456-426614174000`, either case.
    static func isUUID(_ b: [UInt8]) -> Bool {
        guard b.count == 36 else { return false }
        for (index, byte) in b.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == 0x2D else { return false }
            } else if !((0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)) {
                return false
            }
        }
        return true
    }

    /// An absolute http or https URL that `URL` keeps as written: decided on the bytes for
    /// the plain form ``plainWebURL(_:)`` reads, by `URL` for the rest.
    static func isWebURL(_ string: String) -> Bool {
        var bytes = string
        return bytes.withUTF8(plainWebURL) ?? (URL(string: string)?.absoluteString == string)
    }

    /// True for `http://` or `https://`, a host of letters, digits, dots and hyphens (a letter
    /// or digit first), an optional port, then a path and query of the characters RFC 3986
    /// allows unescaped there (no `%`, no `#`): a URI that `URL` parses and writes as it is.
    /// False without either scheme; nil for anything else, which `URL` must decide.
    static func plainWebURL(_ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        let scheme = b.starts(with: "https://".utf8) ? 8 : b.starts(with: "http://".utf8) ? 7 : 0
        guard scheme > 0 else { return false }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        var index = scheme
        guard index < b.count, isLetter(b[index]) || isDigit(b[index]) else { return nil }
        while index < b.count, isLetter(b[index]) || isDigit(b[index]) || b[index] == 0x2E || b[index] == 0x2D { index += 1 }
        if index < b.count, b[index] == 0x3A {
            index += 1
            let digits = index
            while index < b.count, isDigit(b[index]) { index += 1 }
            guard index > digits else { return nil }
        }
        guard index == b.count || b[index] == 0x2F || b[index] == 0x3F else { return nil }
        for byte in b[index...] {
            switch byte {
            // Letters, digits and -._~ (unreserved), !$&'()*+,;= (sub-delims), ":", "@", "/" and "?".
            case 0x21, 0x24, 0x26...0x3B, 0x3D, 0x3F...0x5A, 0x5F, 0x61...0x7A, 0x7E: continue
            default: return nil
            }
        }
        return true
    }
}

/// How a set of ISO 8601 date-times is written: `2024-01-05T10:15:00Z`,
/// `2024-01-05T10:15:00.250+01:00`, and so on.
struct ISO8601Form: Hashable {
    /// Digits after the seconds' point (0: none).
    var fractionDigits: Int
    enum Offset: Hashable { case zulu, colon, plain }
    var offset: Offset

    /// The form of `b`, if it is an ISO 8601 date-time `YYYY-MM-DDTHH:MM:SS[.f+][Z|±HH:MM|±HHMM]`.
    init?(_ b: [UInt8]) {
        func digit(_ i: Int) -> Bool { i < b.count && (0x30...0x39).contains(b[i]) }
        guard b.count >= 19, (0..<4).allSatisfy(digit), b[4] == 0x2D, digit(5), digit(6), b[7] == 0x2D, digit(8), digit(9),
            b[10] == 0x54, digit(11), digit(12), b[13] == 0x3A, digit(14), digit(15), b[16] == 0x3A, digit(17), digit(18)
        else { return nil }
        var index = 19
        fractionDigits = 0
        if index < b.count, b[index] == 0x2E {
            index += 1
            while digit(index) { index += 1; fractionDigits += 1 }
            guard fractionDigits > 0 else { return nil }
        }
        let rest = Array(b[index...])
        // Text without an offset is left a string: readers would each pick a time zone for it.
        if rest == [0x5A] {
            offset = .zulu
        } else if rest.count == 6, rest[0] == 0x2B || rest[0] == 0x2D, rest[3] == 0x3A,
            [1, 2, 4, 5].allSatisfy({ (0x30...0x39).contains(rest[$0]) })
        {
            offset = .colon
        } else if rest.count == 5, rest[0] == 0x2B || rest[0] == 0x2D, (1...4).allSatisfy({ (0x30...0x39).contains(rest[$0]) }) {
            offset = .plain
        } else {
            return nil
        }
    }

    /// The `DateFormatter` pattern that reads and writes this form (in UTC).
    var pattern: String {
        let fraction = fractionDigits > 0 ? "." + String(repeating: "S", count: fractionDigits) : ""
        switch offset {
        case .zulu: return "yyyy-MM-dd'T'HH:mm:ss\(fraction)'Z'"
        case .colon: return "yyyy-MM-dd'T'HH:mm:ss\(fraction)xxxxx"
        case .plain: return "yyyy-MM-dd'T'HH:mm:ss\(fraction)xx"
        }
    }
}
