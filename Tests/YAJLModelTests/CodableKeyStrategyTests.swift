import Foundation
import Synchronization
import Testing
import YAJLModel

/// Key strategies: conversions equal Foundation's for every kind of name, and are converted
/// once per coder, shared by its decodes and tasks, and made anew when the strategy changes.
struct CodableKeyStrategyTests {
    /// Names in both spellings, and the edge cases of Foundation's two algorithms.
    static let names = [
        "myURL", "URLString", "profileImageURL", "a_b", "x1Y", "_leading", "trailing_", "__double", "double__",
        "__both__", "a__b", "a_b_c", "A_B", "FOO_BAR", "foo_Bar", "fooBar", "foo_bar_", "_foo_bar", "_", "__", "",
        "x", "X", "ABC", "aBC", "oneTwoThree", "one_two_three", "dataURLString", "myHTTPServer", "a1B", "a1_b2",
        "snake_1_case", "HTTPRequest", "iOS", "URLs", "url_https", "profile_background_image_url_https",
        "éÉté", "ÜberCool", "über_cool", "straße_groß", "ǅungla", "i̇stanbul_city", "日本_語", "emoji_😀_key",
        "mixed_CaseKey", "camelCASEKey", "a\u{301}_b", "_\u{301}_", "x_\u{301}y",
    ]

    /// The keys `allKeys` lists, which are the JSON's keys converted by the strategy.
    private struct ConvertedNames: Decodable, Equatable {
        let names: [String]
        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
        }
    }

    private static func object(_ name: String) -> String {
        let key = String(decoding: try! JSONEncoder().encode(name), as: UTF8.self)
        return "{\(key): 1}"
    }

    @Test(arguments: names)
    func fromSnakeCaseConvertsAsJSONDecoder(name: String) {
        expectSameDecoding(ConvertedNames.self, Self.object(name), DecoderSetup(keys: .convertFromSnakeCase))
    }

    @Test func toSnakeCaseConvertsAsJSONEncoder() {
        struct Keys: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                for (index, name) in CodableKeyStrategyTests.names.enumerated() {
                    try container.encode(index, forKey: AnyKey(stringValue: name))
                }
            }
        }
        // Names that convert alike are a repeated key: both encoders keep the last value.
        expectSameEncoding(Keys(), EncoderSetup(formatting: .sortedKeys, keys: .convertToSnakeCase))
        for name in Self.names {
            expectSameEncoding(OneMember(name: name), EncoderSetup(keys: .convertToSnakeCase))
        }
    }

    /// One decoder converts the keys of many objects and decodes: the results and the keys
    /// found or missed are JSONDecoder's, on every call.
    @Test func conversionsAreReusedAcrossObjectsAndCalls() throws {
        struct Item: Codable, Equatable {
            let itemId: Int
            let displayName: String
            let tagURLs: [String]?
        }
        let json = #"[{"item_id": 1, "display_name": "a"}, {"display_name": "b", "item_id": 2, "tag_ur_ls": ["x"]}, {"item_id": 3, "display_name": "c", "tag_urls": []}]"#
        let decoder = DecoderSetup(keys: .convertFromSnakeCase).yajl()
        let expected = try DecoderSetup(keys: .convertFromSnakeCase).foundation().decode([Item].self, from: Data(json.utf8))
        for _ in 0..<3 { #expect(try decoder.decode([Item].self, from: Data(json.utf8)) == expected) }
        expectSameDecoding([Item].self, #"[{"item_id": 1}]"#, DecoderSetup(keys: .convertFromSnakeCase))
    }

    /// A `.custom` conversion runs once per distinct key for the decoder's lifetime, and a new
    /// strategy set on the decoder is followed from then on.
    @Test func customConversionRunsOncePerKeyUntilTheStrategyChanges() throws {
        let calls = CallCounter()
        struct Pair: Decodable, Equatable {
            let first: Int
            let second: Int
        }
        let decoder = YAJLDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            calls.increment()
            return AnyKey(stringValue: path.last?.stringValue.lowercased() ?? "")
        }
        let json = Data(#"[{"FIRST": 1, "SECOND": 2}, {"SECOND": 4, "FIRST": 3}]"#.utf8)
        #expect(try decoder.decode([Pair].self, from: json) == [Pair(first: 1, second: 2), Pair(first: 3, second: 4)])
        #expect(try decoder.decode([Pair].self, from: json).count == 2)
        #expect(calls.count == 2)

        decoder.keyDecodingStrategy = .custom { path in AnyKey(stringValue: path.last?.stringValue == "FIRST" ? "second" : "first") }
        #expect(try decoder.decode([Pair].self, from: json) == [Pair(first: 2, second: 1), Pair(first: 4, second: 3)])
        decoder.keyDecodingStrategy = .useDefaultKeys
        #expect(throws: DecodingError.self) { try decoder.decode([Pair].self, from: json) }
    }

    /// Encoding: conversions are kept across calls, and dropped when the strategy changes.
    @Test func encoderFollowsStrategyChanges() throws {
        struct Sample: Encodable {
            let someValue = 1
            let otherURL = "u"
        }
        let encoder = YAJLEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.keyEncodingStrategy = .convertToSnakeCase
        for _ in 0..<2 { #expect(try encoder.encodeToString(Sample()) == #"{"other_url":"u","some_value":1}"#) }
        encoder.keyEncodingStrategy = .useDefaultKeys
        #expect(try encoder.encodeToString(Sample()) == #"{"otherURL":"u","someValue":1}"#)
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try encoder.encodeToString(Sample()) == #"{"other_url":"u","some_value":1}"#)
    }

    /// One decoder and one encoder used from several tasks at once, sharing their conversions
    /// and the decoder's kept key cache (`.ci/test` runs this under ThreadSanitizer too).
    @Test func sharedCodersConvertConcurrently() async throws {
        struct Record: Codable, Equatable {
            let recordId: Int
            let ownerName: String
            let homePage: String
        }
        let records = (0..<50).map { Record(recordId: $0, ownerName: "owner \($0)", homePage: "https://example.com/\($0)") }
        let snakeJSON = try DecoderSetup.snakeEncoder.encode(records)
        let decoder = DecoderSetup(keys: .convertFromSnakeCase).yajl()
        let encoder = YAJLEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var same = true
                    for _ in 0..<20 {
                        same = try same && decoder.decode([Record].self, from: snakeJSON) == records
                        same = try same && decoder.decode([Record].self, from: encoder.encode(records)) == records
                    }
                    return same
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func twitterDecodesIntoCamelCaseAsWithJSONDecoder() throws {
        let data = Data(try SharedData.corpusBytes("twitter.json"))
        let setup = DecoderSetup(keys: .convertFromSnakeCase)
        let expected = try setup.foundation().decode(CamelTwitterSearch<String>.self, from: data)
        let decoder = setup.yajl()
        #expect(try decoder.decode(CamelTwitterSearch<String>.self, from: data) == expected)
        #expect(try decoder.decode(CamelTwitterSearch<String>.self, from: data) == expected)
        #expect(expected.statuses.count == 100 && expected.statuses.contains { $0.retweetedStatus != nil })
        let snake = YAJLEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        snake.outputFormatting = .sortedKeys
        let foundationSnake = JSONEncoder()
        foundationSnake.keyEncodingStrategy = .convertToSnakeCase
        foundationSnake.outputFormatting = .sortedKeys
        #expect(try snake.encode(expected) == foundationSnake.encode(expected))
    }
}

extension DecoderSetup {
    /// A `JSONEncoder` that writes snake_case keys, for inputs.
    static var snakeEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }
}

/// A counter that `@Sendable` closures can share.
final class CallCounter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

extension CodableKeyStrategyTests {
    /// Keys too long to keep in the decoder's table still convert and match.
    @Test func hugeKeysConvertAsJSONDecoder() {
        let long = String(repeating: "long_key_", count: 20_000)
        struct Probe: Decodable, Equatable {
            let names: [String: Int]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                var names: [String: Int] = [:]
                for key in container.allKeys { names[key.stringValue] = try container.decode(Int.self, forKey: key) }
                self.names = names
            }
        }
        expectSameDecoding(Probe.self, #"{"\#(long)": 1, "short_key": 2}"#, DecoderSetup(keys: .convertFromSnakeCase))
    }
}

extension CodableKeyStrategyTests {
    /// Keys made to collide in the decoder's table (same length, same first and last eight
    /// bytes) still convert and match, past the probes the table allows.
    @Test func collidingKeysConvertAsJSONDecoder() {
        struct Probe: Decodable, Equatable {
            let names: [String: Int]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                var names: [String: Int] = [:]
                for key in container.allKeys { names[key.stringValue] = try container.decode(Int.self, forKey: key) }
                self.names = names
            }
        }
        let members = (0..<3_000).map { #""head_of_\#(String($0, radix: 36).leftPadded(to: 4))_end_of_k": \#($0)"# }
        expectSameDecoding(Probe.self, "{" + members.joined(separator: ", ") + "}", DecoderSetup(keys: .convertFromSnakeCase))
    }
}

extension CodableKeyStrategyTests {
    /// A key without an underscore is matched as it is, found eight bytes at a time: an
    /// underscore at each place of keys of 1 to 24 bytes, and keys without one.
    @Test func underscoresAnywhereConvertAsJSONDecoder() {
        struct Probe: Decodable, Equatable {
            let names: [String: Int]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                var names: [String: Int] = [:]
                for key in container.allKeys { names[key.stringValue] = try container.decode(Int.self, forKey: key) }
                self.names = names
            }
        }
        var keys: [String] = []
        for length in 1...24 {
            let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            keys.append(plain)
            for place in 0..<length {
                var bytes = Array(plain.utf8)
                bytes[place] = UInt8(ascii: "_")
                keys.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        let members = keys.enumerated().map { #""\#($0.element)": \#($0.offset)"# }
        expectSameDecoding(Probe.self, "{" + members.joined(separator: ", ") + "}", DecoderSetup(keys: .convertFromSnakeCase))
    }

    /// In small objects too, the first member whose converted key matches wins, in any order.
    @Test func smallObjectsMatchConvertedKeysAsJSONDecoder() {
        struct Small: Decodable, Equatable { let firstName: String; let id: Int; let lastSeen: Int? }
        let setup = DecoderSetup(keys: .convertFromSnakeCase)
        for json in [
            #"{"first_name": "a", "id": 1, "last_seen": 2}"#, #"{"last_seen": 2, "id": 1, "first_name": "a"}"#,
            #"{"first_name": "a", "firstName": "b", "id": 1}"#, #"{"firstName": "b", "first_name": "a", "id": 1}"#,
            #"{"id": 1, "first__name": "a"}"#, #"{"id": 1, "first_name": "a", "id": 2, "last_seen": null}"#,
        ] {
            expectSameDecoding(Small.self, json, setup)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(width - count, 0)) + self }
}

extension CodableKeyStrategyTests {
    /// Names built at random (reproducibly) from the pieces where the conversions turn:
    /// lower and upper case, acronyms, digits, underscores, non-ASCII letters with and
    /// without case, a titlecase letter, a combining mark.
    static func generatedNames(count: Int, seed: UInt64) -> [String] {
        let pieces = ["a", "b", "x", "Y", "Z", "URL", "ID", "_", "__", "1", "2", "Ä", "ö", "é", "É", "ǅ", "ß", "Ω", "ω", "日", "\u{301}"]
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces[Int.random(in: pieces.indices, using: &random)] }.joined()
        }
    }

    @Test func generatedNamesConvertAsFoundation() {
        let names = Self.generatedNames(count: 3000, seed: 0x5EED_CA5E)
        #expect(Set(names).count > 2000)  // the names are varied, not a few repeated
        for name in names {
            expectSameEncoding(OneMember(name: name), EncoderSetup(keys: .convertToSnakeCase))
            expectSameDecoding(ConvertedNames.self, Self.object(name), DecoderSetup(keys: .convertFromSnakeCase))
        }
    }
}

extension CodableKeyStrategyTests {
    /// A capital and a lowercase letter each inside a grapheme cluster that a prepended mark
    /// (U+0600) begins: Foundation's steps cross there and `JSONEncoder` traps. `YAJLEncoder`
    /// writes the run of capitals as an empty word, repeating no text.
    @Test func capitalsInsidePrependedClustersDoNotTrap() throws {
        let encoder = YAJLEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let written = String(decoding: try encoder.encode(OneMember(name: "x\u{600}A\u{600}a")), as: UTF8.self)
        #expect(Array(written.unicodeScalars) == Array("{\"x\u{600}__a\u{600}a\":1}".unicodeScalars))
    }
}

/// An object with one member, `name`: 1.
private struct OneMember: Encodable {
    let name: String
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(1, forKey: AnyKey(stringValue: name))
    }
}

extension CodableKeyStrategyTests {
    /// Coding keys with and without a snake_case spelling that converts back to them, for the
    /// spellings test below.
    private struct Spelled: Decodable, Equatable {
        enum CodingKeys: String, CodingKey, CaseIterable {
            case myURL, profileImageUrl, aB = "a_b", leading = "_leading", trailing = "trailing_", id, userName, x1Y, iOS
            case idStr, aBC
        }
        /// The values found asking in declaration order, then in reverse.
        var inOrder: [String: Int] = [:]
        var reversed: [String: Int] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            for key in CodingKeys.allCases { inOrder[key.stringValue] = try container.decodeIfPresent(Int.self, forKey: key) }
            for key in CodingKeys.allCases.reversed() { reversed[key.stringValue] = try container.decodeIfPresent(Int.self, forKey: key) }
        }
    }

    /// Under `.convertFromSnakeCase` a lookup first compares the JSON key with the coding key's
    /// snake_case, unconverted. Objects of every size made of all the keys that convert to the
    /// same coding key (and some that convert to none), in random order and repeated, find
    /// what `JSONDecoder` finds: the first member whose converted key matches.
    @Test func snakeCaseSpellingsMatchAsJSONDecoder() {
        let spellings = [
            "my_url", "myURL", "my_URL", "profile_image_url", "profileImageUrl", "profile_IMAGE_url", "profile__image_url",
            "a_b", "aB", "a__b", "_leading", "leading", "trailing_", "id", "ID", "user_name", "userName", "USER_NAME",
            "x1_y", "x1Y", "i_os", "iOS", "id_str", "idStr", "a_b_c", "aBC", "other_key",
        ]
        var random = SplitMix64(seed: 0x5BE1_1ED)
        let setup = DecoderSetup(keys: .convertFromSnakeCase)
        for size in [1, 2, 5, 8, 9, 16, 40] {
            for _ in 0..<40 {
                let keys = (0..<size).map { _ in spellings[Int.random(in: spellings.indices, using: &random)] }
                let json = "{" + keys.enumerated().map { #""\#($0.element)": \#($0.offset)"# }.joined(separator: ", ") + "}"
                expectSameDecoding(Spelled.self, json, setup)
            }
        }
    }

    /// A decoder keeps its coding keys' bytes between decodes, with the spelling its key
    /// strategy matches first: a new strategy must not meet the old spellings. Under
    /// `.convertFromSnakeCase` the key `a_b` is matched by no JSON key (`a_b` converts to `aB`).
    @Test func decoderFollowsStrategyChanges() throws {
        struct Sample: Decodable, Equatable {
            let a_b: Int?
            let fooBar: Int?
        }
        let decoder = YAJLDecoder()
        let json = Data(#"{"a_b": 1, "foo_bar": 2, "fooBar": 3}"#.utf8)
        for _ in 0..<2 { #expect(try decoder.decode(Sample.self, from: json) == Sample(a_b: 1, fooBar: 3)) }
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        for _ in 0..<2 { #expect(try decoder.decode(Sample.self, from: json) == Sample(a_b: nil, fooBar: 2)) }
        decoder.keyDecodingStrategy = .useDefaultKeys
        #expect(try decoder.decode(Sample.self, from: json) == Sample(a_b: 1, fooBar: 3))
    }
}

extension CodableKeyStrategyTests {
    /// Members that convert to one name, spelled several ways, before and after the one at the
    /// lookup hint, in an object large enough for the hinted lookup: the first one wins, as
    /// with `JSONDecoder`, also when the lookup finds the later one first and must look back.
    @Test func spellingsOfOneNameMatchAsJSONDecoder() {
        struct Wide: Decodable, Equatable { let id: Int; let profileImageUrl: String; let name: String?; let lastKey: Int? }
        let fillers = (0..<20).map { #""filler_key_\#($0)": \#($0)"# }
        let spellings = [#""profile_image_url": "snake""#, #""profileImageUrl": "plain""#, #""profile__image_url": "double""#,
                         #""PROFILE_IMAGE_URL": "upper""#, #""profile_image_urls": "longer""#, #""profile_imageurl": "short""#]
        for first in spellings.indices {
            for second in spellings.indices where second != first {
                // `id`, asked for first, before both spellings or between them.
                let before: [String] = [#""id": 1"#] + fillers.prefix(10) + [spellings[first]] + fillers.suffix(10) + [spellings[second], #""name": "n""#]
                let between: [String] = fillers.prefix(10) + [spellings[first], #""id": 1"#] + fillers.suffix(10) + [spellings[second], #""name": "n""#]
                for members: [String] in [before, between, before.reversed(), between.reversed()] {
                    expectSameDecoding(Wide.self, "{" + members.joined(separator: ", ") + "}", DecoderSetup(keys: .convertFromSnakeCase))
                }
            }
        }
    }
}
