import Foundation

/// `JSONDecoder`'s `convertFromSnakeCase` and `JSONEncoder`'s `convertToSnakeCase`,
/// step for step, so that keys convert exactly as they do with Foundation's coders.
enum KeyConversion {
    /// `one_two_three` → `oneTwoThree`; leading and trailing underscores are kept,
    /// and a key without an inner underscore is returned unchanged.
    static func fromSnakeCase(_ key: String) -> String {
        guard let firstNonUnderscore = key.firstIndex(where: { $0 != "_" }) else { return key }
        var lastNonUnderscore = key.index(before: key.endIndex)
        while lastNonUnderscore > firstNonUnderscore && key[lastNonUnderscore] == "_" {
            key.formIndex(before: &lastNonUnderscore)
        }
        let words = key[firstNonUnderscore...lastNonUnderscore].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = ([words[0].lowercased()] + words[1...].map(\.capitalized)).joined()
        return String(key[..<firstNonUnderscore]) + joined + String(key[key.index(after: lastNonUnderscore)...])
    }

    /// Whether `bytes` hold an underscore: a key without one is its own `fromSnakeCase`.
    /// Eight bytes at a time (SWAR: a byte of `word ^ 0x5F…` is zero where `word` has `_`).
    @inline(__always)
    static func containsUnderscore(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        func hasUnderscore(_ word: UInt64) -> Bool {
            let x = word ^ 0x5F5F_5F5F_5F5F_5F5F
            return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
        }
        guard count >= 8 else {
            for index in 0..<count where base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "_") { return true }
            return false
        }
        var index = 0
        while index + 8 <= count {
            if hasUnderscore(base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        return index < count && hasUnderscore(base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// `myURLProperty` → `my_url_property`: words split where lower case turns to upper
    /// case, and before the last capital of a run of capitals followed by lower case.
    /// The first character never starts a word.
    ///
    /// As in Foundation, capitals and lowercase letters are found one Unicode scalar at a
    /// time, but the steps from one to the next go by `Character`, so a combining mark after
    /// a capital counts as part of it. Where those steps would cross (a capital inside a
    /// grapheme cluster that a prepended mark begins), Foundation would trap; here the run of
    /// capitals is an empty word instead, and no text is repeated.
    static func toSnakeCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        let scalars = key.unicodeScalars
        func first(in range: Range<String.Index>, where matches: (Unicode.Scalar) -> Bool) -> String.Index? {
            scalars[range].indices.first { matches(scalars[$0]) }
        }
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchRange = key.index(after: wordStart)..<key.endIndex
        while let upper = first(in: searchRange, where: isUppercase) {
            words.append(wordStart..<upper)
            searchRange = upper..<searchRange.upperBound
            guard let lower = first(in: searchRange, where: isLowercase) else {
                wordStart = searchRange.lowerBound
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper  // one capital starts a word
            } else {
                let lastCapital = max(upper, key.index(before: lower))
                words.append(upper..<lastCapital)  // a run of capitals is a word of its own
                wordStart = lastCapital
            }
            searchRange = scalars.index(after: lower)..<searchRange.upperBound
        }
        words.append(wordStart..<searchRange.upperBound)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    /// Unicode general categories Lu and Lt, as Foundation's `uppercaseLetters` set.
    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: true
        default: false
        }
    }

    /// Unicode general category Ll, as Foundation's `lowercaseLetters` set.
    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
