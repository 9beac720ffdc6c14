import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct IntegerWidths {
    var i: Int
    var i8: Int8
    var i16: Int16
    var i32: Int32
    var i64: Int64
    var u: UInt
    var u8: UInt8
    var u16: UInt16
    var u32: UInt32
    var u64: UInt64
}

@JSONModel
struct ScalarBag {
    var text: String
    var flag: Bool
    var ratio: Double
    var small: Float
    var price: Decimal
}

@Suite("Strings, booleans and numbers")
struct ModelScalarTypesTests {
    static let keys = ["i", "i8", "i16", "i32", "i64", "u", "u8", "u16", "u32", "u64"]

    /// An IntegerWidths object with every member 0 except `key`, which holds `value` (JSON text).
    static func integers(_ key: String, _ value: String) -> String {
        "{" + keys.map { "\"\($0)\": \($0 == key ? value : "0")" }.joined(separator: ", ") + "}"
    }

    @Test func maximumsRead() throws {
        let model = try IntegerWidths(parsing: #"""
            {"i": 9223372036854775807, "i8": 127, "i16": 32767, "i32": 2147483647, "i64": 9223372036854775807,
             "u": 18446744073709551615, "u8": 255, "u16": 65535, "u32": 4294967295, "u64": 18446744073709551615}
            """#)
        #expect(model.i == .max)
        #expect(model.i8 == .max)
        #expect(model.i16 == .max)
        #expect(model.i32 == .max)
        #expect(model.i64 == .max)
        #expect(model.u == .max)
        #expect(model.u8 == .max)
        #expect(model.u16 == .max)
        #expect(model.u32 == .max)
        #expect(model.u64 == .max)
    }

    @Test func minimumsRead() throws {
        let model = try IntegerWidths(parsing: #"""
            {"i": -9223372036854775808, "i8": -128, "i16": -32768, "i32": -2147483648, "i64": -9223372036854775808,
             "u": 0, "u8": 0, "u16": 0, "u32": 0, "u64": 0}
            """#)
        #expect(model.i == .min)
        #expect(model.i8 == .min)
        #expect(model.i16 == .min)
        #expect(model.i32 == .min)
        #expect(model.i64 == .min)
        #expect(model.u64 == 0)
    }

    @Test(arguments: [
        ("i", "9223372036854775808"), ("i8", "128"), ("i16", "32768"), ("i32", "2147483648"), ("i64", "-9223372036854775809"),
        ("u", "18446744073709551616"), ("u8", "256"), ("u16", "65536"), ("u32", "4294967296"), ("u64", "18446744073709551616"),
        ("u8", "-1"), ("u64", "-1"), ("i8", "-129"), ("i", "1.5"), ("u32", "\"4294967296\""),
    ])
    func outOfRangeIsAnErrorWithThePathAndOffset(key: String, value: String) throws {
        let text = Self.integers(key, value)
        let error = ModelTestSupport.modelError { _ = try IntegerWidths(parsing: text) }
        let issues = try #require(error).issues
        try #require(issues.count == 1)
        #expect(issues[0].path == key)
        #expect(issues[0].offset == ModelTestSupport.offset(of: "\"\(key)\": \(value)", in: text).map { $0 + key.utf8.count + 4 })
        let message = try #require(issues[0].reason.invalidValueMessage)
        #expect(message.contains("out of range"), "\(message)")
    }

    @Test(arguments: ["i", "i8", "i16", "i32", "i64", "u", "u8", "u16", "u32", "u64"])
    func numericStringsReadAsNumbers(key: String) throws {
        let model = try IntegerWidths(parsing: Self.integers(key, "\"36\""))
        let values: [String: Int] = [
            "i": model.i, "i8": Int(model.i8), "i16": Int(model.i16), "i32": Int(model.i32), "i64": Int(model.i64),
            "u": Int(model.u), "u8": Int(model.u8), "u16": Int(model.u16), "u32": Int(model.u32), "u64": Int(model.u64),
        ]
        #expect(values[key] == 36)
        #expect(values.filter { $0.key != key }.values.allSatisfy { $0 == 0 })
    }

    @Test(arguments: ["\"36 years\"", "\"\"", "\"0x10\"", "\" 36\""])
    func nonNumericStringIsAnError(value: String) throws {
        let text = Self.integers("u16", value)
        let error = ModelTestSupport.modelError { _ = try IntegerWidths(parsing: text) }
        let issue = try #require(error.flatMap { ModelTestSupport.issue(at: "u16", in: $0) })
        #expect(issue.reason == .invalidValue("\(value) is not a number"))
        #expect(issue.offset == ModelTestSupport.offset(of: value, in: text))
    }

    @Test(arguments: ["true", "null", "[1]", "{\"n\": 1}"])
    func otherKindsAreWrongKind(value: String) throws {
        let text = Self.integers("i32", value)
        let error = ModelTestSupport.modelError { _ = try IntegerWidths(parsing: text) }
        let issue = try #require(error.flatMap { ModelTestSupport.issue(at: "i32", in: $0) })
        if value == "null" {
            #expect(issue.reason == .missingKey)
        } else {
            guard case .wrongKind(expected: "number", found: _) = issue.reason else {
                Issue.record("expected a wrong kind, got \(issue.reason)")
                return
            }
        }
    }

    @Test func scalarsRead() throws {
        let bag = try ScalarBag(parsing: #"{"text": "héllo \"q\" \u00e9", "flag": true, "ratio": -2.5e-3, "small": 0.1, "price": 12345678901234567890.123456789}"#)
        #expect(bag.text == "héllo \"q\" é")
        #expect(bag.flag == true)
        #expect(bag.ratio == -0.0025)
        #expect(bag.small == Float(0.1))
        #expect(bag.price == Decimal(string: "12345678901234567890.123456789"))
    }

    @Test func decimalIsExact() throws {
        let bag = try ScalarBag(parsing: #"{"text": "", "flag": false, "ratio": 0.1, "small": 0, "price": 0.1}"#)
        #expect(bag.price == Decimal(string: "0.1"))
        #expect(bag.price * 3 == Decimal(string: "0.3"))
        #expect(bag.price != Decimal(0.1 as Double) || Decimal(0.1 as Double) == Decimal(string: "0.1"))
    }

    @Test func numericStringsReadAsFloatingPoint() throws {
        let bag = try ScalarBag(parsing: #"{"text": "", "flag": false, "ratio": "2.5", "small": "-1.25", "price": "19.99"}"#)
        #expect(bag.ratio == 2.5)
        #expect(bag.small == -1.25)
        #expect(bag.price == Decimal(string: "19.99"))
    }

    @Test func floatOutOfRangeIsAnError() throws {
        let text = #"{"text": "", "flag": false, "ratio": 1, "small": 1e39, "price": 1}"#
        let error = ModelTestSupport.modelError { _ = try ScalarBag(parsing: text) }
        let issue = try #require(error.flatMap { ModelTestSupport.issue(at: "small", in: $0) })
        #expect(issue.reason.isInvalidValue)
        #expect(issue.offset == ModelTestSupport.offset(of: "1e39", in: text))
    }

    /// Long numbers without an exponent are checked by their length alone up to the edge
    /// of each type's range; at and past it, by converting them.
    @Test(arguments: [
        (String(repeating: "9", count: 308), String(repeating: "9", count: 38), true),  // 10^308 - 1, 10^38 - 1
        ("1" + String(repeating: "0", count: 308), "3" + String(repeating: "0", count: 38), true),  // 10^308, 3·10^38: still finite
        ("-" + String(repeating: "9", count: 309), "1", false),  // -10^309: no Double
        ("1", String(repeating: "9", count: 39) + ".5", false),  // 10^39: no Float
    ])
    func longNumbersAreInRangeExactlyWhenTheyConvert(ratio: String, small: String, valid: Bool) throws {
        let text = #"{"text": "", "flag": false, "ratio": \#(ratio), "small": \#(small), "price": 1}"#
        if valid {
            let bag = try ScalarBag(parsing: text)
            #expect(bag.ratio == Double(ratio) && bag.small == Float(small))
        } else {
            let error = ModelTestSupport.modelError { _ = try ScalarBag(parsing: text) }
            #expect(error?.issues.count == 1 && error?.issues.first?.reason.isInvalidValue == true)
        }
    }

    @Test func wrongKindsOfScalars() throws {
        let text = #"{"text": 1, "flag": "true", "ratio": false, "small": [], "price": {}}"#
        let error = try #require(ModelTestSupport.modelError { _ = try ScalarBag(parsing: text) })
        #expect(error.issues.map(\.path) == ["text", "flag", "ratio", "small", "price"])
        #expect(error.issues[0].reason == .wrongKind(expected: "string", found: .number))
        #expect(error.issues[1].reason == .wrongKind(expected: "boolean", found: .string))
        #expect(error.issues[2].reason == .wrongKind(expected: "number", found: .bool))
        #expect(error.issues[3].reason == .wrongKind(expected: "number", found: .array))
        #expect(error.issues[4].reason == .wrongKind(expected: "number", found: .object))
        #expect(error.issues.map(\.offset) == [
            ModelTestSupport.offset(of: "1,", in: text), ModelTestSupport.offset(of: "\"true\"", in: text),
            ModelTestSupport.offset(of: "false", in: text), ModelTestSupport.offset(of: "[]", in: text),
            ModelTestSupport.offset(of: "{}", in: text),
        ])
    }
}
