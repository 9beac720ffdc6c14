import Foundation
import Testing
@testable import YAJLModel

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}

private struct Shape: Codable, Equatable {
    var name: String
    var points: [Point]
    var tags: [String: Int]
    var origin: Point?
    var scale: Double?
    var visible: Bool
}

private struct Scalars: Codable, Equatable {
    var b: Bool
    var s: String
    var d: Double
    var f: Float
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

private struct Optionals: Codable, Equatable {
    var b: Bool?
    var s: String?
    var d: Double?
    var f: Float?
    var i: Int?
    var u8: UInt8?
    var u64: UInt64?
    var p: Point?
    var a: [Int]?
}

@Suite("YAJLDecoder: values and errors compared with JSONDecoder")
struct CodableDecoderTests {
    static let shape = #"{"name":"tri","points":[{"x":1,"y":2},{"x":3,"y":4}],"tags":{"a":1,"b":2},"origin":null,"scale":1.5,"visible":true}"#

    @Test func decodesLikeJSONDecoder() {
        expectSameDecoding(Shape.self, Self.shape)
        expectSameDecoding(Scalars.self, #"{"b":true,"s":"é\n\u00e9\ud83d\ude00","d":-1.25e-3,"f":0.1,"i":-7,"i8":-128,"i16":32767,"i32":-2147483648,"i64":-9223372036854775808,"u":0,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615}"#)
        expectSameDecoding(Optionals.self, #"{"b":null,"s":null,"d":null,"f":null,"i":null,"u8":null,"u64":null,"p":null,"a":null}"#)
        expectSameDecoding(Optionals.self, "{}")
        expectSameDecoding(Optionals.self, #"{"b":false,"s":"","d":0,"f":-0.0,"i":3,"u8":7,"u64":1,"p":{"x":0,"y":0},"a":[]}"#)
        expectSameDecoding([Int].self, "[1, 2, 3]")
        expectSameDecoding([[String]].self, #"[["a"], [], ["b", "c"]]"#)
        expectSameDecoding([String: [Int]].self, #"{"a": [1], "b": []}"#)
        expectSameDecoding([Int: String].self, #"{"1": "a", "22": "b"}"#)
        expectSameDecoding(Int?.self, "null")
        expectSameDecoding(String.self, #""top""#)
        expectSameDecoding(Bool.self, "true")
        expectSameDecoding([Bool?].self, "[true, null, false]")
    }

    static let badShapes = [
        #"{"name":1,"points":[],"tags":{},"visible":true}"#,
        #"{"name":"n","points":[{"x":1,"y":2},{"x":"3","y":4}],"tags":{},"visible":true}"#,
        #"{"name":"n","points":[{"x":1}],"tags":{},"visible":true}"#,
        #"{"name":"n","points":[{"x":1,"y":null}],"tags":{},"visible":true}"#,
        #"{"name":"n","points":[],"tags":{"a":"x"},"visible":true}"#,
        #"{"name":"n","points":[],"tags":{"12":null},"visible":true}"#,
        #"{"name":"n","points":[],"tags":[],"visible":true}"#,
        #"{"name":"n","points":{},"tags":{},"visible":true}"#,
        #"{"name":"n","points":null,"tags":{},"visible":true}"#,
        #"{"name":"n","points":[],"tags":null,"visible":true}"#,
        #"{"name":"n","points":[],"tags":{},"origin":[],"visible":true}"#,
        #"{"name":"n","points":[],"tags":{},"origin":{"x":1},"visible":true}"#,
        #"{"name":"n","points":[],"tags":{},"scale":"big","visible":true}"#,
        #"{"name":"n","points":[],"tags":{},"visible":null}"#,
        #"{"name":"n","points":[],"tags":{},"visible":1}"#,
        #"{"name":null,"points":[],"tags":{},"visible":true}"#,
        #"{"points":[],"tags":{},"visible":true}"#,
        #"{"name":"n","points":[null],"tags":{},"visible":true}"#,
        #"{"name":"n","points":[1],"tags":{},"visible":true}"#,
        "[]", "null", "1", #""s""#, "{", "", "  ", #"{"a":1} x"#, #"{"name":"\ud800"}"#,
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]

    @Test(arguments: badShapes)
    func badInputFailsLikeJSONDecoder(json: String) {
        expectSameDecoding(Shape.self, json)
    }

    @Test func badScalarsFailLikeJSONDecoder() {
        for json in ["[null]", "[true]", "[1]", #"["s"]"#, "[[]]", "[{}]"] {
            expectSameDecoding([Bool].self, json)
            expectSameDecoding([String].self, json)
            expectSameDecodingAsNumbers(json)
            expectSameDecoding([[Int]].self, json)
            expectSameDecoding([[String: Int]].self, json)
            expectSameDecoding([Point].self, json)
        }
        expectSameDecoding([[Int]].self, "[[1], [2, \"x\"]]")
        expectSameDecoding([String: [String: Point]].self, #"{"a": {"b": {"x": 1, "y": "z"}}}"#)
        expectSameDecoding([Int: Point].self, #"{"1": {"x": 1, "y": 2}, "x": {"x": 1, "y": 2}}"#)
    }

    /// Dictionary values and arrays of the scalars that have specialized decoding, under both
    /// kinds of coding path (dictionary keys read as integers with `.useDefaultKeys` only).
    @Test func scalarCollectionsFailLikeJSONDecoder() {
        for keys in [JSONDecoder.KeyDecodingStrategy.useDefaultKeys, .convertFromSnakeCase] {
            let setup = DecoderSetup(keys: keys)
            // One member each: JSONDecoder meets the members of a dictionary in hash order.
            for json in [#"{"1": null}"#, #"{"a": true}"#, #"{"a": 1}"#, #"{"a": "s"}"#, #"{"a": 1.5}"#, #"{"a": []}"#, #"{"a": {}}"#, "{}"] {
                expectSameDecoding([String: String].self, json, setup)
                expectSameDecoding([String: Int].self, json, setup)
                expectSameDecoding([String: Double].self, json, setup)
                expectSameDecoding([String: Bool].self, json, setup)
            }
            for json in ["[[]]", "[[1], []]", #"[["s", null]]"#, "[[1.5, true]]", "[{}]", "[[], [[]]]"] {
                expectSameDecoding([[String]].self, json, setup)
                expectSameDecoding([[Int]].self, json, setup)
                expectSameDecoding([[Double]].self, json, setup)
                expectSameDecoding([String: [Int]].self, #"{"a": \#(json)}"#, setup)
            }
        }
    }

    // MARK: Numbers

    static let integerTexts = [
        "0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "65535", "65536",
        "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
        "1.0", "1.5", "-1.5", "1e2", "1E+2", "1e-2", "100e-2", "1.0e1", "9007199254740993", "9007199254740993.0",
        "1e400", "-1e400", "1e-400", "0.0", "-0.0", "0e10", "1e19", "12345678901234567e2",
    ]

    @Test(arguments: integerTexts)
    func numbersConvertLikeJSONDecoder(text: String) {
        // "1e-400" is an integer to JSONDecoder, which rounds it through Double; see below.
        expectSameDecodingAsNumbers("[\(text)]", integers: text != "1e-400")
    }

    /// Decodes `json` as an array of every number type with both decoders.
    private func expectSameDecodingAsNumbers(_ json: String, integers: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSameDecoding([Double].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([Float].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([Decimal].self, json, sourceLocation: sourceLocation)
        guard integers else { return }
        expectSameDecoding([Int].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([Int8].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([Int16].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([Int32].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([Int64].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([UInt].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([UInt8].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([UInt16].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([UInt32].self, json, sourceLocation: sourceLocation)
        expectSameDecoding([UInt64].self, json, sourceLocation: sourceLocation)
    }

    /// Where JSONDecoder goes through `Double` and loses the exact value, YAJLDecoder does not.
    @Test func integersAreExactWhereJSONDecoderRounds() throws {
        let decoder = YAJLDecoder()
        #expect(try decoder.decode([UInt64].self, from: "[18446744073709551615.0]") == [.max])
        #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1.0000000000000001]") }
        #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: "[1e-400]") }
        #expect(try decoder.decode([Int64].self, from: "[-9223372036854775808, 9223372036854775807]") == [.min, .max])
    }

    @Test func doublesAreCorrectlyRounded() throws {
        let texts = ["0.1", "2.2250738585072011e-308", "4.9e-324", "1.7976931348623157e308", "3.141592653589793238462643383279",
                     "9007199254740993", "0.30000000000000004", "123456789012345678901234567890e-10", "-0.0"]
        let decoded = try YAJLDecoder().decode([Double].self, from: "[\(texts.joined(separator: ","))]")
        #expect(decoded.map(\.bitPattern) == texts.map { Double($0)!.bitPattern })
        expectSameDecoding([Double].self, "[\(texts.joined(separator: ","))]")
        let floats = ["0.1", "16777217", "3.4028235e38", "1.17549435e-38", "1e-45", "0.3"]
        expectSameDecoding([Float].self, "[\(floats.joined(separator: ","))]")
    }

    @Test func decimalsAreExact() throws {
        let texts = ["0.1", "3.14159265358979323846264338327950288", "-12.50", "1e-128", "1e127", "123456789012345678901234567890123456789",
                     "1234567890123456789012345678901234567890.5", "1e128", "1e-129", "1e300", "0.000000000000000000000000000000000000000000123"]
        for text in texts { expectSameDecoding([Decimal].self, "[\(text)]") }
        let pi = try YAJLDecoder().decode([Decimal].self, from: "[3.14159265358979323846264338327950288]")
        #expect(pi == [Decimal(string: "3.14159265358979323846264338327950288")!])
    }

    @Test func nonConformingFloats() {
        var setup = DecoderSetup()
        expectSameDecoding([Double].self, #"["inf"]"#, setup)
        setup.floats = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        expectSameDecoding([Double].self, #"["inf", "-inf", 1]"#, setup)
        expectSameDecoding([Float].self, #"["inf", "-inf", 1]"#, setup)
        expectSameDecoding([Double].self, #"["\u0069nf"]"#, setup)  // escaped: not matched, as in JSONDecoder
        expectSameDecoding([Double].self, #"["infinity"]"#, setup)
        expectSameDecoding([Double].self, "[null]", setup)
        let nan = try? setup.yajl().decode([Double].self, from: #"["nan"]"#)
        #expect(nan?.first?.isNaN == true)
    }

    // MARK: Dates, data, URLs

    private struct Stamped: Codable, Equatable {
        var at: Date
        var later: [Date]
    }

    static let dateInputs = [
        #"{"at": 0, "later": [1.5, -3]}"#, #"{"at": 1500000000123, "later": []}"#,
        #"{"at": "2020-01-02T03:04:05Z", "later": ["1970-01-01T00:00:00Z"]}"#,
        #"{"at": "2020-01-02T03:04:05.250Z", "later": ["2020-13-01T00:00:00Z"]}"#,
        #"{"at": "yesterday", "later": []}"#, #"{"at": null, "later": []}"#, #"{"at": true, "later": []}"#,
        #"{"at": 1, "later": ["x"]}"#, #"{"at": "1", "later": [null]}"#, #"{"at": 1e400, "later": []}"#, #"{"later": []}"#,
    ]

    @Test(arguments: dateInputs)
    func datesDecodeLikeJSONDecoder(json: String) {
        let strategies: [YAJLDecoder.DateDecodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(Self.dayFormatter),
            .custom { decoder in
                let container = try decoder.singleValueContainer()
                if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds * 2) }
                return Date(timeIntervalSince1970: Double(try container.decode(String.self).count))
            },
        ]
        for strategy in strategies { expectSameDecoding(Stamped.self, json, DecoderSetup(dates: strategy)) }
    }

    static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        return formatter
    }()

    private struct Blob: Codable, Equatable {
        var data: Data
        var more: [Data]?
    }

    static let dataInputs = [
        #"{"data": "AQID", "more": ["", "AQ=="]}"#, #"{"data": "AQI"}"#, #"{"data": "!!"}"#, #"{"data": "AQ\u003d="}"#,
        #"{"data": [1, 2, 255]}"#, #"{"data": [256]}"#, #"{"data": null}"#, #"{"data": 5}"#, #"{"data": "AQID", "more": [[1]]}"#,
    ]

    @Test(arguments: dataInputs)
    func dataDecodesLikeJSONDecoder(json: String) {
        let strategies: [JSONDecoder.DataDecodingStrategy] = [
            .base64, .deferredToData,
            .custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8.reversed()) },
        ]
        for strategy in strategies { expectSameDecoding(Blob.self, json, DecoderSetup(data: strategy)) }
    }

    @Test func urlsDecodeLikeJSONDecoder() {
        expectSameDecoding([URL].self, #"["https://example.com/a?b=c", "relative/path"]"#)
        expectSameDecoding([URL].self, #"[""]"#)
        expectSameDecoding([URL].self, "[null]")
        expectSameDecoding([URL].self, "[1]")
    }

    // MARK: Keys

    private struct Snake: Codable, Equatable {
        var fooBar: Int
        var _private: Int?
        var trailing_: Int?
        var aBC: Int?
        var url: String?
        var nestedValue: [String: Int]?
    }

    static let snakeInputs = [
        #"{"foo_bar": 1, "_private": 2, "trailing_": 3, "a_b_c": 4, "url": "u", "nested_value": {"key_one": 1}}"#,
        #"{"fooBar": 1}"#, #"{"foo__bar": 1}"#, #"{"FOO_BAR": 1}"#, #"{"foo_bar": 1, "fooBar": 2}"#, #"{"foo_bar_": 1}"#,
        #"{"foo_bar": "x"}"#, #"{"foo_bar": 1, "nested_value": {"a": "b"}}"#, #"{"foo_bar": 1, "nested_value": 3}"#, "{}",
    ]

    @Test(arguments: snakeInputs)
    func keyStrategiesMatchJSONDecoder(json: String) {
        expectSameDecoding(Snake.self, json, DecoderSetup(keys: .convertFromSnakeCase))
        expectSameDecoding(Snake.self, json, DecoderSetup(keys: .useDefaultKeys))
        let custom = JSONDecoder.KeyDecodingStrategy.custom { path in
            let last = path.last?.stringValue ?? ""
            return AnyKey(stringValue: last.filter { $0 != "_" }.lowercased() == "foobar" ? "fooBar" : last)
        }
        expectSameDecoding(Snake.self, json, DecoderSetup(keys: custom))
    }

    /// Decodes the keys named in `userInfo[.order]`, in that order, with `decodeIfPresent`.
    private struct KeyProbe: Decodable, Equatable {
        static let order = CodingUserInfoKey(rawValue: "order")!
        var found: [String: Int?]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            found = [:]
            for name in decoder.userInfo[Self.order] as? [String] ?? [] {
                found[name] = try container.decodeIfPresent(Int.self, forKey: AnyKey(stringValue: name))
            }
        }
    }

    /// Objects of every size, repeated keys included, with their keys asked for in document order,
    /// reverse order, and a shuffled order, twice: every lookup finds the first member with the key.
    @Test func keyLookupFindsTheFirstOfRepeatedKeys() {
        var random = SystemRandomNumberGenerator()
        for size in [1, 2, 8, 9, 12, 17, 40, 100] {
            for trial in 0..<6 {
                let names = (0..<size).map { index in trial % 2 == 0 ? "k\(index)" : "k\(Int.random(in: 0..<max(1, size / 2), using: &random))" }
                let json = "{" + names.enumerated().map { #""\#($0.element)":\#($0.offset)"# }.joined(separator: ",") + "}"
                let asked = Array(Set(names)) + ["missing"]
                for order in [names + ["missing"], names.reversed() + ["missing"], asked.shuffled(using: &random), (asked + asked).shuffled(using: &random)] {
                    let setup = DecoderSetup(userInfo: [KeyProbe.order: order])
                    expectSameDecoding(KeyProbe.self, json, setup)
                }
            }
        }
    }

    /// Keys written with escapes (`"\u0061"` is `"a"`) are the keys they spell, in small objects
    /// and large, among repeated keys, asked for in any order: the lookup's byte comparison at
    /// its hint must leave them to the full one.
    @Test func escapedKeysAreTheKeysTheySpell() {
        let large = (0..<12).map { index in index == 5 ? #""\u006b5":5"# : #""k\#(index)":\#(index)"# }.joined(separator: ",")
        let objects = [
            #"{"\u0061": 1, "b": 2}"#, #"{"a": 1, "\u0062": 2, "b": 3}"#, #"{"\u0061": 1, "a": 2, "b": 3}"#,
            #"{"b": 1, "\u0061": 2, "a": 3}"#, "{" + large + #","k5":50,"\u006b7":70}"#,
        ]
        let orders = [["a", "b"], ["b", "a"], ["a", "a", "b", "b", "missing"], (0..<12).map { "k\($0)" }, (0..<12).reversed().map { "k\($0)" }]
        for json in objects {
            for order in orders { expectSameDecoding(KeyProbe.self, json, DecoderSetup(userInfo: [KeyProbe.order: order])) }
        }
    }

    @Test func repeatedKeysTakeTheFirst() {
        expectSameDecoding(Point.self, #"{"x": 1, "y": 2, "x": 3}"#)
        expectSameDecoding([String: Int].self, #"{"a": 1, "a": 2}"#)
        expectSameDecoding([String: Int].self, #"{"a_b": 1, "a_b": 2}"#, DecoderSetup(keys: .convertFromSnakeCase))
        expectSameDecoding(Snake.self, #"{"foo_bar": 1, "foo_bar": 2}"#, DecoderSetup(keys: .convertFromSnakeCase))
    }

    // MARK: Containers by hand

    private struct Manual: Decodable, Equatable {
        var keys: [String]
        var contains: [Bool]
        var nilAt: Bool
        var nested: Int
        var unkeyed: [String]
        var superValue: Int
        var missingSuperIsNull: Bool
        var paths: [[String]]

        enum Keys: String, CodingKey { case a, b, c, d, e, missing }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            keys = container.allKeys.map(\.stringValue).sorted()  // JSONDecoder's order is its dictionary's
            contains = [container.contains(.a), container.contains(.missing)]
            nilAt = try container.decodeNil(forKey: .b)
            let nested = try container.nestedContainer(keyedBy: Keys.self, forKey: .c)
            self.nested = try nested.decode(Int.self, forKey: .a)
            var array = try container.nestedUnkeyedContainer(forKey: .d)
            var elements: [String] = []
            elements.append("count \(array.count ?? -1)")
            while !array.isAtEnd {
                if try array.decodeNil() {
                    elements.append("nil")
                } else if let number = try? array.decode(Int.self) {
                    elements.append("\(number)")
                } else {
                    var inner = try array.nestedUnkeyedContainer()
                    elements.append("inner \(try inner.decode(String.self)) at \(inner.codingPath.map(\.stringValue))")
                }
            }
            elements.append("end \(array.currentIndex)")
            elements.append("ifPresent \(String(describing: try array.decodeIfPresent(Int.self))) \(array.currentIndex)")
            unkeyed = elements
            superValue = try Int(from: container.superDecoder(forKey: .e))
            missingSuperIsNull = try container.superDecoder().singleValueContainer().decodeNil()
            paths = [container.codingPath, nested.codingPath, array.codingPath, try container.superDecoder(forKey: .e).codingPath]
                .map { $0.map(\.stringValue) }
        }
    }

    @Test func containersByHandMatchJSONDecoder() {
        expectSameDecoding([Manual].self, #"[{"a": 1, "b": null, "c": {"a": 7}, "d": [1, null, ["x"], 3], "e": 9}]"#)
        expectSameDecoding([Manual].self, #"[{"a": 1, "b": 2, "c": {"a": "7"}, "d": [], "e": 9}]"#)
        expectSameDecoding([Manual].self, #"[{"a": 1, "b": 2, "c": [], "d": [], "e": 9}]"#)
        expectSameDecoding([Manual].self, #"[{"a": 1, "b": 2, "c": {"a": 1}, "d": {}, "e": 9}]"#)
        expectSameDecoding([Manual].self, #"[{"a": 1, "c": {"a": 1}, "d": [], "e": 9}]"#)
        expectSameDecoding([Manual].self, #"[{"a": 1, "b": 2, "c": {"a": 1}, "d": [[1]], "e": 9}]"#)
    }

    private struct UnkeyedAtEnd: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            _ = try container.decode(Int.self)
            _ = try container.decode(Point.self)
        }
    }

    @Test func unkeyedContainerAtEnd() {
        expectSameDecoding(UnkeyedAtEnd.self, "[1]")
        expectSameDecoding(UnkeyedAtEnd.self, "[]")
        expectSameDecoding(UnkeyedAtEnd.self, "{}")
    }

    private class Animal: Decodable {
        let name: String
        private enum Keys: CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
        }
    }

    private final class Dog: Animal, Equatable {
        let barks: Int
        private enum Keys: CodingKey { case barks }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            barks = try container.decode(Int.self, forKey: .barks)
            try super.init(from: container.superDecoder())
        }
        static func == (lhs: Dog, rhs: Dog) -> Bool { lhs.name == rhs.name && lhs.barks == rhs.barks }
    }

    @Test func subclassesThroughSuperDecoder() {
        expectSameDecoding([Dog].self, #"[{"barks": 3, "super": {"name": "Rex"}}]"#)
        expectSameDecoding([Dog].self, #"[{"barks": 3}]"#)
        expectSameDecoding([Dog].self, #"[{"barks": 3, "super": {"name": 1}}]"#)
    }

    @Test func userInfoReachesTheDecodedTypes() throws {
        let key = CodingUserInfoKey(rawValue: "factor")!
        struct Scaled: Decodable {
            let value: Int
            init(from decoder: any Decoder) throws {
                value = try decoder.singleValueContainer().decode(Int.self) * (decoder.userInfo[CodingUserInfoKey(rawValue: "factor")!] as? Int ?? 0)
            }
        }
        let decoder = YAJLDecoder()
        decoder.userInfo = [key: 3]
        #expect(try decoder.decode([Scaled].self, from: "[2]").map(\.value) == [6])
    }

    private struct Tree: Codable, Equatable {
        let children: [Tree]
    }

    /// Deep values decode as with JSONDecoder, up to the nesting limit both share (512).
    @Test(arguments: [10, 200, 255, 256, 300])
    func deepValues(depth: Int) {
        let json = String(repeating: #"{"children":["#, count: depth) + String(repeating: "]}", count: depth)
        expectSameDecoding(Tree.self, json)
        expectSameEncoding((try? YAJLDecoder().decode(Tree.self, from: json)) ?? Tree(children: []), EncoderSetup(formatting: .sortedKeys))
    }

    // MARK: Syntax errors

    /// JSONDecoder takes a trailing comma, and checks a string only when it decodes it;
    /// YAJLDecoder parses strictly, the whole input, before decoding anything.
    @Test func inputIsCheckedStrictlyAndWhole() throws {
        let foundation = JSONDecoder()
        #expect((try? foundation.decode([String: Int].self, from: Data(#"{"a":1,}"#.utf8))) == ["a": 1])
        #expect(throws: DecodingError.self) { try YAJLDecoder().decode([String: Int].self, from: #"{"a":1,}"#) }
        #expect(throws: DecodingError.self) { try foundation.decode([String: Int].self, from: Data(#"["\ud800"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try YAJLDecoder().decode([String: Int].self, from: #"["\ud800"]"#) }
    }

    @Test func syntaxErrorsCarryTheJSONError() {
        do {
            _ = try YAJLDecoder().decode([Int].self, from: "[1, 2")
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
            #expect(context.underlyingError is JSONError)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
