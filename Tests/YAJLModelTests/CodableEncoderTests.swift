import Foundation
import Testing
@testable import YAJLModel

private struct Sample: Codable, Equatable {
    var name = "a/b \"q\" \\ é\u{1}\n\t😀"
    var count = -42
    var big = UInt64.max
    var small = Int64.min
    var ratio = 0.1
    var whole = 100.0
    var tiny = 1e-7
    var huge = 1e20
    var negativeZero = -0.0
    var single: Float = 0.1
    var flags = [true, false]
    var nothing: Int? = nil
    var something: Int? = 5
    var nested = Inner()
    var list = [Inner(), Inner(label: "z", values: [])]
    var map = ["b": 2, "a": 1, "c/d": 3]
    var matrix: [[Double]] = [[1, 2.5], [], [-3]]
    var emptyObject: [String: Int] = [:]
    var date = Date(timeIntervalSince1970: 1_600_000_000.5)
    var blob = Data([0, 1, 2, 254, 255])
    var link = URL(string: "https://example.com/a?b=c")!
    var amount = Decimal(string: "12.50")!

    struct Inner: Codable, Equatable {
        var label = "x"
        var values: [Int] = [1, 2, 3]
        var camelCaseKey = true
        var urlValue = "u"
    }
}

@Suite("YAJLEncoder: output, options and errors compared with JSONEncoder")
struct CodableEncoderTests {
    static let formattings: [JSONEncoder.OutputFormatting] = [
        [], .prettyPrinted, .sortedKeys, .withoutEscapingSlashes, [.prettyPrinted, .sortedKeys],
        [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes],
    ]

    @Test(arguments: formattings)
    func encodesLikeJSONEncoder(formatting: JSONEncoder.OutputFormatting) throws {
        expectSameEncoding(Sample(), EncoderSetup(formatting: formatting))
        expectSameEncoding([Sample(), Sample()], EncoderSetup(formatting: formatting))
        expectSameEncoding([[String: [Int]]](), EncoderSetup(formatting: formatting))
        expectSameEncoding([[String: [Int]]()], EncoderSetup(formatting: formatting))
        expectSameEncoding(["k": [[Int]]()], EncoderSetup(formatting: formatting))
        expectSameEncoding("top", EncoderSetup(formatting: formatting))
        expectSameEncoding(1.5, EncoderSetup(formatting: formatting))
        expectSameEncoding(Int?.none, EncoderSetup(formatting: formatting))
    }

    static let dateStrategies: [JSONEncoder.DateEncodingStrategy] = [
        .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted(CodableDecoderTests.dayFormatter),
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("at \(date.timeIntervalSince1970)")
        },
        .custom { _, _ in },
        .custom { date, encoder in
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(date.timeIntervalSince1970, forKey: AnyKey(stringValue: "t"))
        },
    ]

    @Test func everyStrategyRoundTrips() throws {
        let dataStrategies: [(JSONEncoder.DataEncodingStrategy, JSONDecoder.DataDecodingStrategy)] = [
            (.base64, .base64), (.deferredToData, .deferredToData),
            (.custom { data, encoder in
                var container = encoder.unkeyedContainer()
                for byte in data { try container.encode(byte ^ 0xFF) }
            }, .custom { decoder in
                var container = try decoder.unkeyedContainer()
                var bytes: [UInt8] = []
                while !container.isAtEnd { bytes.append(try container.decode(UInt8.self) ^ 0xFF) }
                return Data(bytes)
            }),
        ]
        let dateStrategies: [(JSONEncoder.DateEncodingStrategy, YAJLDecoder.DateDecodingStrategy)] = [
            (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
            (.millisecondsSince1970, .millisecondsSince1970),
        ]
        let keyStrategies: [(JSONEncoder.KeyEncodingStrategy, JSONDecoder.KeyDecodingStrategy)] = [
            (.useDefaultKeys, .useDefaultKeys), (.convertToSnakeCase, .convertFromSnakeCase),
            (.custom { path in AnyKey(stringValue: "k_" + (path.last?.stringValue ?? "")) },
             .custom { path in AnyKey(stringValue: String(path.last?.stringValue.dropFirst(2) ?? "")) }),
        ]
        let sample = Sample()
        for formatting in Self.formattings {
            for (dataOut, dataIn) in dataStrategies {
                for (dateOut, dateIn) in dateStrategies {
                    for (keysOut, keysIn) in keyStrategies {
                        let encoder = EncoderSetup(formatting: formatting, dates: dateOut, data: dataOut, keys: keysOut).yajl()
                        let decoder = DecoderSetup(dates: dateIn, data: dataIn, keys: keysIn).yajl()
                        let encoded = try encoder.encode(sample)
                        #expect(try decoder.decode(Sample.self, from: encoded) == sample, "\(formatting) \(dateOut) \(dataOut) \(keysOut)")
                        #expect(try DecoderSetup(dates: dateIn, data: dataIn, keys: keysIn).foundation().decode(Sample.self, from: encoded) == sample)
                    }
                }
            }
        }
    }

    @Test func strategiesEncodeLikeJSONEncoder() {
        for strategy in Self.dateStrategies {
            expectSameEncoding(Sample(), EncoderSetup(formatting: .sortedKeys, dates: strategy))
            expectSameEncoding(Date(timeIntervalSince1970: 0), EncoderSetup(dates: strategy))
        }
        let dataStrategies: [JSONEncoder.DataEncodingStrategy] = [
            .base64, .deferredToData, .custom { _, _ in },
            .custom { data, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(data.count)
            },
        ]
        for strategy in dataStrategies {
            expectSameEncoding(Sample(), EncoderSetup(formatting: .sortedKeys, data: strategy))
        }
        let keyStrategies: [JSONEncoder.KeyEncodingStrategy] = [
            .useDefaultKeys, .convertToSnakeCase,
            .custom { path in AnyKey(stringValue: path.map(\.stringValue).joined(separator: ".")) },
        ]
        for strategy in keyStrategies {
            expectSameEncoding(Sample(), EncoderSetup(formatting: [.sortedKeys, .prettyPrinted], keys: strategy))
        }
    }

    @Test func snakeCaseKeysMatchJSONEncoder() {
        let keys = ["fooBar", "URLValue", "myHTTPServer", "a1B", "_leading", "trailing_", "already_snake", "x", "",
                    "ABC", "oneTwoThree", "dataURL", "éÉté", "ÜberCool", "mixed_CaseKey", "a__bC", "aB", "camelCASEKey"]
        struct Keys: Encodable {
            let names: [String]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                for (index, name) in names.enumerated() { try container.encode(index, forKey: AnyKey(stringValue: name)) }
            }
        }
        expectSameEncoding(Keys(names: keys), EncoderSetup(formatting: .sortedKeys, keys: .convertToSnakeCase))
    }

    @Test func nonConformingFloats() {
        let values: [Double] = [.nan, .infinity, -.infinity, 1]
        expectSameEncoding(values, EncoderSetup())
        expectSameEncoding(["a": Float.nan], EncoderSetup())
        expectSameEncoding(Sample.Inner(), EncoderSetup())
        let strategy = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "NaN/x")
        expectSameEncoding(values, EncoderSetup(floats: strategy))
        expectSameEncoding([Float.infinity], EncoderSetup(floats: strategy))
        // Dates ignore the strategy, in both encoders.
        expectSameEncoding([Date(timeIntervalSince1970: .infinity)], EncoderSetup(dates: .secondsSince1970, floats: strategy))
    }

    private struct NaNInside: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "outer"))
            var list = nested.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "list"))
            try list.encode(1.0)
            try list.encode([Double.nan])
        }
    }

    @Test func errorsMatchJSONEncoder() {
        expectSameEncoding(NaNInside(), EncoderSetup())
        expectSameEncoding([["a": [Double.nan]]], EncoderSetup())
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        expectSameEncoding(Nothing(), EncoderSetup())
        expectSameEncoding([Nothing()], EncoderSetup(formatting: .sortedKeys))
        expectSameEncoding(["k": Nothing()], EncoderSetup(formatting: [.sortedKeys, .prettyPrinted]))
    }

    /// A value nested `depth` arrays deep.
    private struct Nest: Encodable {
        let depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            if depth > 1 { try container.encode(Nest(depth: depth - 1)) }
        }
    }

    @Test func nestingLimitMatchesJSONEncoder() {
        expectSameEncoding(Nest(depth: 511), EncoderSetup())
        expectSameEncoding(Nest(depth: 512), EncoderSetup())
    }

    // MARK: Uses that streaming cannot follow, re-encoded by JSONEncoder

    private struct Late: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            var first = container.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "first"))
            try first.encode(1)
            try container.encode("b", forKey: AnyKey(stringValue: "second"))
            try first.encode(2)  // after the parent moved on
        }
    }

    private struct Repeated: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(1, forKey: AnyKey(stringValue: "a"))
            try container.encode(2, forKey: AnyKey(stringValue: "b"))
            try container.encode(3, forKey: AnyKey(stringValue: "a"))
        }
    }

    private class Base: Encodable {
        var id = 1
    }

    private final class Derived: Base {
        var extra = "e"
        private enum Keys: CodingKey { case extra }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(extra, forKey: .extra)
            try super.encode(to: container.superEncoder())
        }
    }

    /// Both containers of a class and its superclass share one object, as in JSONEncoder.
    private final class Merged: Base {
        var extra = "e"
        private enum Keys: CodingKey { case extra }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(extra, forKey: .extra)
        }
    }

    @Test func unusualUsesGiveJSONEncodersResult() {
        for formatting in Self.formattings {
            let setup = EncoderSetup(formatting: formatting)
            expectSameEncoding(Late(), setup)
            expectSameEncoding([Repeated()], setup)
            expectSameEncoding(["x": Derived()], setup)
            expectSameEncoding([Merged()], setup)
        }
        expectSameEncoding(Repeated(), EncoderSetup(keys: .convertToSnakeCase))
    }

    private struct TwiceSingle: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(1)
            try container.encode(2)
        }
    }

    private struct KeyedAfterSingle: Encodable {
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(1)
            var keyed = encoder.container(keyedBy: AnyKey.self)
            try keyed.encode(2, forKey: AnyKey(stringValue: "a"))
        }
    }

    /// JSONEncoder stops the process on these; YAJLEncoder throws.
    @Test func misuseThrowsInsteadOfTrapping() {
        #expect(throws: EncodingError.self) { try YAJLEncoder().encode(TwiceSingle()) }
        #expect(throws: EncodingError.self) { try YAJLEncoder().encode(KeyedAfterSingle()) }
        #expect(throws: EncodingError.self) { try YAJLEncoder().encode([KeyedAfterSingle()]) }
    }

    // MARK: JSONValue

    @Test func jsonValuesAreCodable() throws {
        let text = #"{"b": [1.50e3, "x\/y", {"z": null}], "a": {}, "a": true, "n": 123456789012345678901234567890}"#
        let value = try JSONDocument(parsing: text).root
        // YAJLEncoder copies the original bytes, or re-encodes with the output's formatting.
        #expect(try YAJLEncoder().encodeToString(value) == text)
        #expect(try YAJLEncoder().encodeToString(["v": value]) == #"{"v":\#(text)}"#)
        let sorted = YAJLEncoder()
        sorted.outputFormatting = [.sortedKeys, .prettyPrinted]
        #expect(try sorted.encodeToString(value) == value.jsonString(options: [.sortedKeys, .prettyPrinted]).replacingOccurrences(of: "{}", with: "{\n\n  }"))
        // YAJLDecoder hands out the node itself.
        let document = try JSONDocument(parsing: #"{"items": [\#(text)]}"#)
        let decoded = try YAJLDecoder().decode([String: [JSONValue]].self, from: document.root)
        #expect(decoded["items"]?[0].document === document)
        #expect(decoded["items"]?[0] == value)
        // Foundation's coders rebuild it (JSONDecoder keeps the first of repeated keys, lookup the last).
        let viaFoundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(viaFoundation == (try JSONDocument(parsing: text.replacingOccurrences(of: #""a": true, "#, with: "")).root))
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDocument(parsing: encoded).root == value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("[1.5, -2, 18446744073709551615, 0.1]".utf8))
            == JSONDocument(parsing: "[1.5, -2, 18446744073709551615, 0.1]").root)
    }
}
