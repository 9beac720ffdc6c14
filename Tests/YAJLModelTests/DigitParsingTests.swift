import Foundation
import Testing
@testable import YAJLModel

/// `DecimalSignificand` reads digits eight at a time (`EightDigits`): differential tests over
/// shapes that exercise the word boundaries, leading zeros and the 19-digit limit, against
/// `Double(String)`/`Float(String)` and against a digit-at-a-time reading.
struct DigitParsingTests {
    /// Numbers with 1 to 40 digits (lengths around 8, 16 and 19/20 most often), leading zeros
    /// before or after the dot, the dot at every inner position, runs of 0s and 9s, and
    /// exponents with `e`/`E` and `+`/`-`.
    private func generatedNumbers(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        let favouredLengths = [1, 2, 7, 8, 9, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25]
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count {
            let length = Bool.random(using: &random)
                ? favouredLengths.randomElement(using: &random) ?? 1 : Int.random(in: 1...40, using: &random)
            var digits = ""
            let style = Int.random(in: 0..<6, using: &random)
            for position in 0..<length {
                let digit: Int = switch style {
                case 0: Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0...9, using: &random) : 0
                case 1: Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0...9, using: &random) : 9
                default: position == 0 ? Int.random(in: 1...9, using: &random) : Int.random(in: 0...9, using: &random)
                }
                digits.append(Character(Unicode.Scalar(UInt8(48 + digit))))
            }
            var text = Bool.random(using: &random) ? "-" : ""
            switch Int.random(in: 0..<4, using: &random) {
            case 0:  // 0.000ddd
                text += "0." + String(repeating: "0", count: Int.random(in: 0...20, using: &random)) + digits
            case 1:  // leading zeros before the digits, dot somewhere inside
                let zeros = String(repeating: "0", count: Int.random(in: 1...12, using: &random))
                let all = zeros + digits
                text += insertingDot(all, at: Int.random(in: 0..<all.count, using: &random))
            default:  // dot at any inner position, or none
                text += insertingDot(digits, at: Int.random(in: 0..<length, using: &random))
            }
            if Bool.random(using: &random) {
                text += Bool.random(using: &random) ? "e" : "E"
                text += ["", "+", "-"].randomElement(using: &random) ?? ""
                text += String(Int.random(in: 0...(Bool.random(using: &random) ? 30 : 350), using: &random))
            }
            texts.append(text)
        }
        return texts
    }

    /// `digits` with a dot before its `position`th digit; none for 0.
    private func insertingDot(_ digits: String, at position: Int) -> String {
        guard position > 0 else { return digits }
        let split = digits.index(digits.startIndex, offsetBy: position)
        return digits[..<split] + "." + digits[split...]
    }

    @Test func generatedNumbersConvertAsTheStandardLibrary() {
        var found: [String] = []
        for text in generatedNumbers(count: 1_200_000, seed: 16) {
            var bytes = Array(text.utf8)
            let (double, float) = bytes.withUnsafeMutableBytes {
                (JSONNumberText.nearestDouble(UnsafeRawBufferPointer($0)), JSONNumberText.nearestFloat(UnsafeRawBufferPointer($0)))
            }
            if double.bitPattern != Double(text)?.bitPattern { found.append("\(text): Double \(double)") }
            if float.bitPattern != Float(text)?.bitPattern { found.append("\(text): Float \(float)") }
        }
        let mismatches = found.count
        #expect(mismatches == 0, "for example: \(found.prefix(10))")
    }

    /// The same significand, exponent and sign as a digit-at-a-time reading, and nil for the same
    /// texts (more than 19 significant digits, or not a number), including text that is not JSON.
    @Test func readingMatchesDigitAtATime() {
        var texts = generatedNumbers(count: 300_000, seed: 17)
        texts += ["", "-", ".", "-.", ".5", "5.", "-.5", "0", "-0", "00", "0.", ".0", "1.2.3", "1e", "1e+", "1x", "12345678",
                  "123456789", "1234567890123456789", "12345678901234567890", "0000000000000000000001234567890123456789",
                  "0.00000000000000000000001234567890123456789", "1234567890.123456789", "1234567890.1234567891",
                  "1234567.8", "12345678.", "12345678e5", "1234567812345678", "123456781234567812", "1234567a", "12345678a",
                  "1234567/", "1234567:", "12345678/9", "12345678:9"]
        var found: [String] = []
        for text in texts {
            var bytes = Array(text.utf8)
            let (read, reference) = bytes.withUnsafeMutableBytes { bytes in
                let text = UnsafeRawBufferPointer(bytes)
                return (DecimalSignificand(text).map(Reading.init), Reading(digitAtATime: text))
            }
            if read != reference { found.append("\(text): \(String(describing: read)) vs \(String(describing: reference))") }
        }
        let mismatches = found.count
        #expect(mismatches == 0, "for example: \(found.prefix(10))")
    }

    /// `EightDigits` on every 8-byte string of one repeated byte around the digits, and on
    /// random ones: all digits exactly when every byte is, and then their value.
    @Test func eightDigitWords() {
        var random = SplitMix64(seed: 18)
        var found: [String] = []
        for trial in 0..<400_000 {
            var bytes = (0..<8).map { _ in UInt8.random(in: 48...57, using: &random) }
            if trial % 2 == 0 { bytes[Int.random(in: 0..<8, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            let word = bytes.withUnsafeBytes { EightDigits.load($0.baseAddress!, 0) }
            let digits = bytes.allSatisfy { (48...57).contains($0) }
            if EightDigits.areDigits(word) != digits { found.append("\(bytes): areDigits") }
            if digits, EightDigits.value(word) != UInt64(String(decoding: bytes, as: UTF8.self)) { found.append("\(bytes): value") }
        }
        let mismatches = found.count
        #expect(mismatches == 0, "for example: \(found.prefix(10))")
    }

    /// An integer read as one or two words, the bytes before it taken as leading zeros, equals
    /// the digit loop: texts of 1 to 19 bytes of digits, signs, dots and exponents, at every
    /// offset from 0 to 19 after random bytes (digits among them, which must not become digits of
    /// the number).
    @Test func plainIntegerAsWordsEqualsTheDigitLoop() {
        var random = SplitMix64(seed: 64)
        let alphabet = Array("0123456789".utf8) + Array("0123456789-.e".utf8)
        var found: [String] = []
        for _ in 0..<400_000 {
            let offset = Int.random(in: 0...19, using: &random)
            let length = Int.random(in: 1...19, using: &random)
            var text = (0..<length).map { _ in alphabet.randomElement(using: &random) ?? 48 }
            if Int.random(in: 0..<3, using: &random) == 0 { text[0] = UInt8(ascii: "-") }
            let before = (0..<offset).map { _ in
                Bool.random(using: &random) ? UInt8.random(in: 48...57, using: &random) : UInt8.random(in: 0...255, using: &random)
            }
            let buffer = before + text
            let (word, loop) = buffer.withUnsafeBytes { bytes in
                (JSONNumberText.plainInteger(in: bytes.baseAddress!, start: offset, count: length),
                 JSONNumberText.plainInteger(UnsafeRawBufferPointer(rebasing: bytes[offset...])))
            }
            if word != loop { found.append("\(String(decoding: text, as: UTF8.self)) at \(offset): \(String(describing: word)), not \(String(describing: loop))") }
        }
        let mismatches = found.count
        #expect(mismatches == 0, "for example: \(found.prefix(10))")
    }

    /// The same through the readers: `YAJLDecoder` and a model's `Int` read give a short
    /// integer's value exactly (and a number with an integral value, such as `1e3`), after text
    /// whose last bytes are digits, a sign or white space, and nil where the value is not an integer of the type.
    @Test(arguments: ["[", "[1,", "[12345678,", "[-1234567,", "[0, \n\t   "])
    func shortIntegersThroughTheReaders(before: String) throws {
        let texts = ["0", "-0", "7", "-7", "10", "-10", "127", "128", "-128", "-129", "12345678", "-1234567",
                     "99999999", "-9999999", "123456789", "-1234567890123456", "9007199254740991", "1.5", "-1.0", "1e3", "2E1", "0.0"]
        for text in texts {
            let json = Data((before + text + "]").utf8)
            let value = try #require(Double(text))
            let expected = Int(exactly: value)
            #expect((try? YAJLDecoder().decode([Int].self, from: json))?.last == expected, "\(text) after \(before)")
            if !before.contains("1234567") { // an Int8 array fails at those
                #expect((try? YAJLDecoder().decode([Int8].self, from: json))?.last == Int8(exactly: value), "\(text) after \(before) as Int8")
            }
            let root = try JSONDocument(parsing: json).root
            #expect((try? Int(json: #require(root[root.count - 1]))) == expected, "\(text) after \(before), model read")
        }
    }

    /// A short decimal read as one word (`DecimalSignificand(shortDecimalIn:…)`) has the fields
    /// the general reader gives, over 400,000 random texts of digits, dots, signs and exponents
    /// at offsets 0-19 after random bytes that include digits and dots; and every text of the
    /// shape it serves (`-?digits.digits`, at most eight bytes after the sign, ending eight or
    /// more bytes into the input) takes it. Fails if the dot is not squeezed out exactly, if
    /// the bytes before the number are not masked, or if other text is taken for a decimal.
    @Test func shortDecimalAsAWordEqualsTheGeneralReader() {
        var random = SplitMix64(seed: 99)
        let alphabet = Array("0123456789".utf8) + Array("0123456789..-e".utf8)
        var found: [String] = []
        var taken = 0
        for _ in 0..<400_000 {
            let offset = Int.random(in: 0...19, using: &random)
            var text = (0..<Int.random(in: 1...10, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 48 }
            if Int.random(in: 0..<3, using: &random) == 0 { text[0] = UInt8(ascii: "-") }
            let before = (0..<offset).map { _ in
                Bool.random(using: &random) ? UInt8.random(in: 46...57, using: &random) : UInt8.random(in: 0...255, using: &random)
            }
            let buffer = before + text
            let (word, general) = buffer.withUnsafeBytes { bytes in
                (DecimalSignificand(shortDecimalIn: bytes.baseAddress!, start: offset, count: text.count).map(Reading.init),
                 DecimalSignificand(UnsafeRawBufferPointer(rebasing: bytes[offset...])).map(Reading.init))
            }
            let string = String(decoding: text, as: UTF8.self)
            let body = string.hasPrefix("-") ? string.dropFirst() : string[...]
            let isShortDecimal = body.count >= 3 && body.count <= 8 && buffer.count >= 8
                && body.split(separator: ".", omittingEmptySubsequences: false).count == 2
                && !body.hasPrefix(".") && !body.hasSuffix(".") && body.allSatisfy { $0 == "." || $0.isASCII && $0.isNumber }
            if let word {
                taken += 1
                if word != general { found.append("\(string) at \(offset): \(word), not \(String(describing: general))") }
            } else if isShortDecimal {
                found.append("\(string) at \(offset) was not read as a short decimal")
            }
        }
        #expect(taken > 10_000)
        let mismatches = found.count
        #expect(mismatches == 0, "for example: \(found.prefix(10))")
    }

    /// The same through the readers: `YAJLDecoder` (an array, and a keyed container) and a
    /// model's `Double` read give `Double(String)`'s value for short decimals, after text whose
    /// last bytes are digits, dots, a sign or white space.
    @Test(arguments: ["[", "[1.5,", "[1234.567,", "[-123.45,", "[0, \n\t   "])
    func shortDecimalsThroughTheReaders(before: String) throws {
        struct Item: Decodable { let price: Double }
        let texts = ["0.0", "-0.0", "1.5", "-1.5", "19.99", "0.05", "-0.001", "1234.567", "-1234.56", "9999999.9",
                     "0.1234567", "-0.000001", "12.5e1", "1.0E-2", "123456789.5", "7", "-12"]
        for text in texts {
            let expected = try #require(Double(text))
            let array = Data((before + text + "]").utf8)
            #expect((try? YAJLDecoder().decode([Double].self, from: array))?.last?.bitPattern == expected.bitPattern, "\(text) after \(before)")
            let object = Data((#"[{"price": "# + text + "}]").utf8)
            #expect((try? YAJLDecoder().decode([Item].self, from: object))?.last?.price.bitPattern == expected.bitPattern, "\(text) in an object")
            let root = try JSONDocument(parsing: array).root
            #expect(try Double._decode(validated: #require(root[root.count - 1])).bitPattern == expected.bitPattern, "\(text) after \(before), model read")
        }
    }
}

/// A `DecimalSignificand`'s fields, or the same read one byte at a time as it was before
/// `EightDigits`.
private struct Reading: Equatable {
    let isNegative: Bool
    let significand: UInt64
    let exponent: Int

    init(_ number: DecimalSignificand) {
        (isNegative, significand, exponent) = (number.isNegative, number.significand, number.exponent)
    }

    init?(digitAtATime text: UnsafeRawBufferPointer) {
        let bytes = Array(text)
        guard !bytes.isEmpty else { return nil }
        var index = 0
        isNegative = bytes[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        var significand: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        var sawDot = false
        var sawDigit = false
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit < 10 {
                significand = significand &* 10 &+ UInt64(digit)
                if significantDigits > 0 || digit != 0 { significantDigits += 1 }
                if sawDot { fractionDigits += 1 }
                sawDigit = true
            } else if bytes[index] == UInt8(ascii: "."), !sawDot {
                sawDot = true
            } else {
                break
            }
            index += 1
        }
        guard sawDigit, significantDigits <= 19 else { return nil }
        var exponent = 0
        if index < bytes.count {
            guard bytes[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count else { return nil }
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        self.significand = significand
        self.exponent = exponent - fractionDigits
    }
}
