import Foundation
import Testing
@testable import YAJLModel

/// The single value of `[text]`.
private func number(_ text: String) throws -> JSONValue {
    try #require(try parse("[\(text)]").root[0])
}

@Suite("Scalars: bool, integers, double, decimal, number text, strings, kinds")
struct ScalarTests {
    // MARK: Kinds

    @Test func kindAndIsNull() throws {
        let root = try parse(#"[null, true, false, 0, -1.5e3, "", "a\n", [], {}]"#).root
        #expect(root.array?.map(\.kind) == [.null, .bool, .bool, .number, .number, .string, .string, .array, .object])
        #expect(root.array?.map(\.isNull) == [true, false, false, false, false, false, false, false, false])
        #expect(root.kind == .array)
        #expect(JSONKind.allCases.map(\.description) == ["null", "bool", "number", "string", "array", "object"])
    }

    @Test func bool() throws {
        let root = try parse("[true, false, null, 1, \"true\"]").root
        #expect(root[0]?.bool == true)
        #expect(root[1]?.bool == false)
        #expect(root[2]?.bool == nil)
        #expect(root[3]?.bool == nil)
        #expect(root[4]?.bool == nil)
    }

    @Test func kindMismatchesGiveNil() throws {
        let root = try parse(#"{"n": 1, "s": "1", "b": true, "z": null, "a": [1], "o": {"k": 1}}"#).root
        let n = try #require(root["n"]), s = try #require(root["s"]), b = try #require(root["b"])
        let z = try #require(root["z"]), a = try #require(root["a"]), o = try #require(root["o"])
        for value in [s, b, z, a, o] {
            #expect(value.int == nil)
            #expect(value.int64 == nil)
            #expect(value.uint64 == nil)
            #expect(value.integer(Int8.self) == nil)
            #expect(value.double == nil)
            #expect(value.decimal == nil)
            #expect(value.numberText == nil)
        }
        for value in [n, b, z, a, o] {
            #expect(value.string == nil)
            #expect(value.stringView == nil)
        }
        for value in [n, s, z, a, o] { #expect(value.bool == nil) }
        for value in [n, s, b, z, o] {
            #expect(value.array == nil)
            #expect(value[0] == nil)
        }
        for value in [n, s, b, z, a] {
            #expect(value.object == nil)
            #expect(value.keys == nil)
            #expect(value["k"] == nil)
        }
        for value in [n, s, b, z] { #expect(value.count == 0) }
    }

    // MARK: Integers

    @Test(arguments: [
        ("0", 0), ("-0", 0), ("7", 7), ("-7", -7), ("1.0", 1), ("1e2", 100), ("1E+2", 100), ("30e-1", 3), ("0.5e1", 5),
        ("100e-2", 1), ("-0.0", 0), ("0e99999", 0), ("1.000000000000000000000000000000", 1), ("123456789e-6", nil),
        ("1.5", nil), ("-1.5", nil), ("1e-1", nil), ("0.1e1", 1), ("9007199254740993", 9_007_199_254_740_993),
        ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min), ("9223372036854775808", nil),
        ("-9223372036854775809", nil), ("92233720368547758070e-1", Int64.max), ("-922337203685477580.8e1", Int64.min),
        ("1e19", nil), ("1e18", 1_000_000_000_000_000_000), ("1e999999999999999999999", nil), ("1e-999999999999999999999", nil),
    ] as [(String, Int64?)])
    func int64(text: String, expected: Int64?) throws {
        let value = try number(text)
        #expect(value.int64 == expected)
        #expect(value.int == expected.map(Int.init))
        #expect(value.integer(Int64.self) == expected)
    }

    @Test(arguments: [
        ("0", 0), ("-0", 0), ("18446744073709551615", UInt64.max), ("18446744073709551616", nil), ("-1", nil),
        ("1844674407370955161.5e1", UInt64.max), ("1e19", 10_000_000_000_000_000_000), ("1e20", nil),
        ("9223372036854775808", 9_223_372_036_854_775_808), ("00", nil),
    ] as [(String, UInt64?)])
    func uint64(text: String, expected: UInt64?) throws {
        // "00" is not JSON: check it is rejected rather than read.
        if text == "00" {
            #expect(parseError("[00]") != nil)
            return
        }
        #expect(try number(text).uint64 == expected)
    }

    @Test func fixedWidthIntegerTypes() throws {
        #expect(try number("127").integer(Int8.self) == 127)
        #expect(try number("128").integer(Int8.self) == nil)
        #expect(try number("-128").integer(Int8.self) == -128)
        #expect(try number("-129").integer(Int8.self) == nil)
        #expect(try number("255").integer(UInt8.self) == 255)
        #expect(try number("256").integer(UInt8.self) == nil)
        #expect(try number("-1").integer(UInt8.self) == nil)
        #expect(try number("-0").integer(UInt8.self) == 0)
        #expect(try number("-32768").integer(Int16.self) == .min)
        #expect(try number("65535").integer(UInt16.self) == .max)
        #expect(try number("2147483647").integer(Int32.self) == .max)
        #expect(try number("-2147483649").integer(Int32.self) == nil)
        #expect(try number("4294967295").integer(UInt32.self) == .max)
        #expect(try number("4.294967295e9").integer(UInt32.self) == .max)
        #expect(try number("12.5e1").integer(Int8.self) == 125)
        let inferred: Int16? = try number("300").integer()
        #expect(inferred == 300)
    }

    @Test func wideIntegerTypesHoldValuesBeyondSixtyFourBits() throws {
        // `integer(_:)` promises any fixed-width type, so 128-bit types get their whole range.
        #expect(try number("18446744073709551616").integer(UInt128.self) == UInt128(1) << 64)
        #expect(try number("18446744073709551616").integer(Int128.self) == Int128(1) << 64)
        #expect(try number("170141183460469231731687303715884105727").integer(Int128.self) == Int128.max)
        #expect(try number("170141183460469231731687303715884105728").integer(Int128.self) == nil)
        #expect(try number("340282366920938463463374607431768211455").integer(UInt128.self) == UInt128.max)
        #expect(try number("1e38").integer(UInt128.self) == UInt128(10).power(38))
        #expect(try number("5").integer(Int128.self) == 5)
    }

    @Test func wideSignedIntegerTypesReadNegativeNumbersWithoutTrapping() async {
        // Run in a child process: reading a negative number as Int128 must not trap.
        await #expect(processExitsWith: .success) {
            let root = try! JSONDocument(parsing: "[-5, -0, -170141183460469231731687303715884105728, -18446744073709551617]").root
            precondition(root[0]?.integer(Int128.self) == -5)
            precondition(root[1]?.integer(Int128.self) == 0)
            precondition(root[2]?.integer(Int128.self) == Int128.min)
            precondition(root[3]?.integer(Int128.self) == -(Int128(1) << 64) - 1)
            precondition(root[0]?.integer(UInt128.self) == nil)
        }
    }

    // MARK: Double

    /// Texts whose correctly rounded Double is famously easy to get wrong.
    static let trickyDoubles = [
        "0.1", "0.2", "0.3", "1.1", "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
        "4.9e-324", "5e-324", "2.4703282292062328e-324", "2.4703282292062327e-324", "1.7976931348623157e308",
        "9007199254740993", "9007199254740995", "9007199254740992.5", "18014398509481985", "123456789012345678901234567890",
        "1e23", "8.98846567431158e307", "7.2057594037927933e16", "3.0517578125e-05", "0.30000000000000004",
        "1.00000000000000011102230246251565404236316680908203125", "1.00000000000000011102230246251565404236316680908203124",
        "1.00000000000000011102230246251565404236316680908203126", "100000000000000000000000000000000000000000000000000e-50",
        "-65.613616999999977", "43.420273000000009", "-65.619720000000029", "43.418052999999986", "-65.636123999999882",
        "43.474709000000132", "-0.0", "0e-400", "1e-400", "123456789012345", "1234567890123456", "0.000001", "1e22", "1e-22",
        "999999999999999e22", "999999999999999e-22", "4503599627370497.5", "-2.5e-3", "6.02214076e23",
    ]

    @Test(arguments: trickyDoubles)
    func doubleIsCorrectlyRounded(text: String) throws {
        let expected = try #require(Double(text))
        let actual = try #require(try number(text).double)
        #expect(actual.bitPattern == expected.bitPattern, "\(text): \(actual) vs \(expected)")
    }

    @Test func doubleSpecialValues() throws {
        #expect(try number("9007199254740993").double == 9_007_199_254_740_992)
        #expect(try number("0.1").double == 0.1)
        #expect(try number("-0").double?.sign == .minus)
        #expect(try number("-0").double == 0)
        #expect(try number("1e400").double == nil)
        #expect(try number("-1e400").double == nil)
        #expect(try number("1.7976931348623159e308").double == nil)  // rounds past the largest finite Double
        #expect(try number("1e-400").double == 0)
        #expect(try number(String(repeating: "9", count: 400)).double == nil)
        #expect(try number("1" + String(repeating: "0", count: 300)).double == 1e300)
    }

    @Test func doubleRoundTripsShortestAndSeventeenDigitText() throws {
        var generator = SplitMix64(seed: 0x5EED)
        var texts: [String] = []
        var values: [Double] = []
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next() & ~(0x7FF << 52) | (UInt64.random(in: 1...2046, using: &generator) << 52))
            values.append(value)
            texts.append("\(value)")
            values.append(value)
            texts.append(String(format: "%.17g", value))
        }
        let root = try parse("[" + texts.joined(separator: ",") + "]").root
        for (index, element) in try #require(root.array).enumerated() {
            #expect(element.double?.bitPattern == values[index].bitPattern, "\(texts[index])")
        }
    }

    @Test func doubleIsLocaleIndependent() throws {
        // A comma-decimal locale for this thread only, if one is installed.
        guard let locale = ["de_DE.UTF-8", "fr_FR.UTF-8", "de_DE", "fr_FR"].lazy.compactMap({ name in name.withCString { newlocale(Int32(1) << LC_NUMERIC, $0, nil) } }).first else {
            // No such locale here: the conversion is still checked against the C locale's answer.
            #expect(try number("1.5").double == 1.5)
            #expect(try number("12345.678901234567").double == 12345.678901234567)
            return
        }
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        #expect(try number("1.5").double == 1.5)
        #expect(try number("12345.678901234567").double == 12345.678901234567)
        #expect(try parse("[2.5]").root.description == "[2.5]")
    }

    // MARK: Decimal

    @Test(arguments: [
        "0", "1", "-1", "1.5", "-123.456", "0.000001", "1e10", "1.5e-7", "12345678901234567890123456789012345678",
        "-12345678901234567890123456789012345678", "0.12345678901234567890123456789012345678", "1e127", "1e-128",
        "9999999999999999999.9999999999999999999", "10000000000000000000000000000000000000", "3.0517578125e-05",
        "123456789012345678901234567890123456780",
    ])
    func decimalIsExact(text: String) throws {
        let expected = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let actual = try #require(try number(text).decimal, "\(text)")
        #expect(actual == expected, "\(text): \(actual) vs \(expected)")
        #expect(!actual.isNaN)
    }

    @Test func decimalOfThirtyEightDigitsIsExactToTheLastDigit() throws {
        let text = "98765432109876543210987654321098765432"
        let value = try #require(try number(text).decimal)
        #expect(value.description == text)
        #expect(try number("-" + text).decimal?.description == "-" + text)
    }

    @Test(arguments: [
        "123456789012345678901234567890123456789", "1234567890123456789012345678901234567.89",
        "0.123456789012345678901234567890123456789", "1e128", "1e-129", "1e999999999999", String(repeating: "7", count: 1000),
    ])
    func decimalOutOfRangeIsNil(text: String) throws {
        #expect(try number(text).decimal == nil)
    }

    @Test func decimalNegativeZeroIsZeroNotNaN() throws {
        for text in ["-0", "-0.0", "-0e10", "0", "0.000"] {
            let value = try #require(try number(text).decimal, "\(text)")
            #expect(value.isZero, "\(text)")
            #expect(!value.isNaN, "\(text)")
            #expect(value == Decimal.zero, "\(text)")
        }
    }

    // MARK: Number text

    @Test(arguments: ["0", "-0", "-0.0E+00", "1.50e3", "1E-7", "123456789012345678901234567890", "-1.000"])
    func numberTextIsExact(text: String) throws {
        #expect(try number(text).numberText == text)
        #expect(try parse(text).root.numberText == text)  // at the very end of the input too
    }

    @Test func numberTextOfAThousandDigitInteger() throws {
        let digits = "9" + (1..<1000).map { String($0 % 10) }.joined()
        #expect(digits.count == 1000)
        let root = try parse(#"{"big": \#(digits), "neg": -\#(digits)}"#).root
        #expect(root["big"]?.numberText == digits)
        #expect(root["neg"]?.numberText == "-" + digits)
        #expect(root["big"]?.int64 == nil)
        #expect(root["big"]?.uint64 == nil)
        #expect(root["big"]?.decimal == nil)
        #expect(root["big"]?.double == nil)
        #expect(try parse(digits).root.numberText == digits)
    }

    // MARK: Strings

    @Test func stringDecodesEscapes() throws {
        let root = try parse(#"["\"\\\/\b\f\n\r\t", "\u0000", "a\u0000b", "\u00e9\u00E9", "\ud83d\ude00", "\uD834\uDD1E!", "plain é 😀", ""]"#).root
        #expect(root[0]?.string == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(root[1]?.string == "\u{0}")
        #expect(root[1]?.string?.utf8.count == 1)
        #expect(root[2]?.string == "a\u{0}b")
        #expect(root[3]?.string == "éé")
        #expect(root[4]?.string == "😀")
        #expect(root[5]?.string == "𝄞!")
        #expect(root[6]?.string == "plain é 😀")
        #expect(root[7]?.string == "")
    }

    @Test func stringKeepsTheExactScalars() throws {
        // Precomposed and decomposed é are different JSON strings.
        let root = try parse("[\"\u{E9}\", \"e\u{301}\", \"\\u0065\\u0301\"]").root
        #expect(root[0]?.string.map { Array($0.unicodeScalars) } == ["\u{E9}"])
        #expect(root[1]?.string.map { Array($0.unicodeScalars) } == ["e", "\u{301}"])
        #expect(root[2]?.string.map { Array($0.unicodeScalars) } == ["e", "\u{301}"])
        #expect(try #require(root[0]?.stringView) != "e\u{301}")
        #expect(try #require(root[1]?.stringView) == "e\u{301}")
    }

    @Test func stringViewEqualsStringBothWays() throws {
        let root = try parse(#"["abc", "a\nc", "é", "", "\u0000"]"#).root
        let plain = try #require(root[0]?.stringView)
        let escaped = try #require(root[1]?.stringView)
        let accented = try #require(root[2]?.stringView)
        let empty = try #require(root[3]?.stringView)
        let nul = try #require(root[4]?.stringView)
        #expect(plain == "abc")
        #expect("abc" == plain)
        #expect(plain != "abd")
        #expect("ab" != plain)
        #expect(plain != "abcd")
        #expect(escaped == "a\nc")
        #expect("a\nc" == escaped)
        #expect(escaped != #"a\nc"#)
        #expect(accented == "é")
        #expect(empty == "")
        #expect(nul == "\u{0}")
        #expect(nul != "")
        #expect(plain.string == "abc")
        #expect(escaped.description == "a\nc")
        #expect(escaped.debugDescription == "\"a\\nc\"")
    }

    @Test func stringViewIsACollectionOfUTF8() throws {
        let root = try parse(#"["é😀", "x\ty"]"#).root
        let view = try #require(root[0]?.stringView)
        #expect(view.count == 6)
        #expect(Array(view) == Array("é😀".utf8))
        #expect(view[0] == 0xC3)
        #expect(view.withUnsafeBytes { Array($0) } == Array("é😀".utf8))
        let escaped = try #require(root[1]?.stringView)
        #expect(Array(escaped) == Array("x\ty".utf8))
        #expect(escaped.reversed().first == UInt8(ascii: "y"))
    }

    @Test func stringViewsCompareAndHashByContent() throws {
        let first = try parse(#"["same", "sa\u006de", "other"]"#).root
        let second = try parse(#"{"k": "same"}"#).root
        let a = try #require(first[0]?.stringView), b = try #require(first[1]?.stringView)
        let c = try #require(first[2]?.stringView), d = try #require(second["k"]?.stringView)
        #expect(a == b)
        #expect(a == d)
        #expect(a != c)
        #expect(a.hashValue == b.hashValue)
        #expect(a.hashValue == d.hashValue)
        #expect(Set([a, b, c, d]).count == 2)
    }

    @Test func rawJSONIsTheOriginalText() throws {
        let root = try parse(#"{"s": "a\u0041", "n": 1.50e3, "t": true, "f": false, "z": null, "a": [ 1 , 2 ]}"#).root
        #expect(root["s"]?.rawJSON.string == #""a\u0041""#)
        #expect(root["s"]?.string == "aA")
        #expect(root["n"]?.rawJSON.string == "1.50e3")
        #expect(root["t"]?.rawJSON.string == "true")
        #expect(root["f"]?.rawJSON.string == "false")
        #expect(root["z"]?.rawJSON.string == "null")
        #expect(root["a"]?.rawJSON.string == "[ 1 , 2 ]")
        #expect(root["f"]?.byteRange == 46..<51)
    }
}

/// A small deterministic generator, so that failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension UInt128 {
    func power(_ exponent: Int) -> UInt128 { (0..<exponent).reduce(1) { value, _ in value * self } }
}
