import Foundation
import Testing
@testable import YAJLModel

private func root(_ text: String) throws -> JSONValue { try parse(text).root }

@Suite("Semantic equality and hashing")
struct EqualityTests {
    static let equalPairs: [(String, String)] = [
        (#"{"a": 1, "b": 2}"#, #"{"b": 2, "a": 1}"#),
        ("1", "1.0"), ("1", "1e0"), ("1", "10e-1"), ("1", "0.1e1"), ("1", "1.000"), ("100", "1e2"), ("100", "1E+2"),
        ("-0", "0"), ("-0.0", "0e10"), ("0", "0.000e-5"), ("-1.5", "-15e-1"), ("123456789012345678901234567890", "1.2345678901234567890123456789e29"),
        ("0.001", "1e-3"), ("1e400", "10e399"),
        (#""abc""#, #""a\u0062c""#), (#""a/b""#, #""a\/b""#), (#""😀""#, #""\ud83d\ude00""#), (#""\u0000""#, #""\u0000""#),
        ("[1, [2, {}], null, true]", " [ 1.0 , [ 2e0 , { } ] , null , true ] "),
        (#"{"a": 1, "a": 2}"#, #"{"a": 2}"#),
        (#"{"a": 2, "b": 1, "a": 3}"#, #"{"b": 1, "a": 3}"#),
        (#"{"a": {"x": [1, {"y": "z"}]}, "b": []}"#, #"{"b": [], "a": {"x": [1, {"y": "z"}]}}"#),
        (#"{"\u0061": 1}"#, #"{"a": 1}"#),
        ("[]", "[ ]"), ("{}", "{ }"), ("null", "null"), ("true", "true"),
    ]

    @Test(arguments: equalPairs)
    func equalValues(lhs: String, rhs: String) throws {
        let a = try root(lhs), b = try root(rhs)
        #expect(a == b)
        #expect(b == a)
        #expect(a.hashValue == b.hashValue)
    }

    static let unequalPairs: [(String, String)] = [
        ("1", "2"), ("1", "-1"), ("1", "1.0000000000000000000001"), ("1", "10"), ("1", "0.1"), ("10", "1e2"), ("1", "true"),
        ("0", "false"), ("null", "false"), (#""1""#, "1"), (#""a""#, #""A""#), (#""é""#, "\"e\u{301}\""), (#""a""#, #""a ""#),
        ("[1, 2]", "[2, 1]"), ("[1]", "[1, 1]"), ("[]", "{}"), ("[[]]", "[{}]"), ("[]", "[null]"),
        (#"{"a": 1}"#, #"{"a": 1, "b": 2}"#), (#"{"a": 1}"#, #"{"b": 1}"#), (#"{"a": 1}"#, #"{"a": 2}"#),
        (#"{"a": 1, "a": 2}"#, #"{"a": 1}"#), (#"{"a": 1, "b": 2}"#, #"{"a": 1, "a": 2}"#),
        (#"{"a": [1, {"b": null}]}"#, #"{"a": [1, {"b": false}]}"#), (#"{"a": {}}"#, #"{"a": []}"#),
        ("1e400", "1e401"), ("123456789012345678901234567890", "123456789012345678901234567891"),
    ]

    @Test(arguments: unequalPairs)
    func unequalValues(lhs: String, rhs: String) throws {
        let a = try root(lhs), b = try root(rhs)
        #expect(a != b)
        #expect(b != a)
    }

    @Test func equalityWithinOneDocument() throws {
        let document = try parse(#"{"x": [1, 2], "y": [1.0, 2e0], "z": [1, 3], "s": "k", "t": "\u006b"}"#)
        let r = document.root
        #expect(r["x"] == r["y"])
        #expect(r["x"] != r["z"])
        #expect(r["s"] == r["t"])
        #expect(r == r)
        #expect(r["x"]?[0] == r["y"]?[0])
    }

    @Test func valuesFromDifferentInputKinds() throws {
        let text = #"{"a": [1, "two", {"three": 3.0}]}"#
        let fromString = try JSONDocument(parsing: text).root
        let fromData = try JSONDocument(parsing: Data(text.utf8)).root
        let fromBytes = try JSONDocument(parsing: Array(#"{"a":[1e0,"tw\u006f",{"three":3}]}"#.utf8)).root
        #expect(fromString == fromData)
        #expect(fromData == fromBytes)
        #expect(fromString.hashValue == fromBytes.hashValue)
        #expect(fromString["a"]?[2] == fromBytes["a"]?[2])
    }

    @Test func largeObjectsCompareByKeyWhateverTheOrder() throws {
        let keys = (0..<500).map { "k\($0)" }
        var generator = SplitMix64(seed: 500)
        let forward = "{" + keys.map { #""\#($0)": "\#($0)""# }.joined(separator: ",") + "}"
        let shuffled = "{" + keys.shuffled(using: &generator).map { #""\#($0)": "\#($0)""# }.joined(separator: ",") + "}"
        let changed = forward.replacingOccurrences(of: #""k250": "k250""#, with: #""k250": "other""#)
        let missing = forward.replacingOccurrences(of: #""k250": "k250","#, with: "")
        let renamed = forward.replacingOccurrences(of: #""k250": "k250""#, with: #""k2500": "k250""#)
        #expect(try root(forward) == root(shuffled))
        #expect(try root(forward).hashValue == root(shuffled).hashValue)
        #expect(try root(forward) != root(changed))
        #expect(try root(forward) != root(missing))
        #expect(try root(missing) != root(forward))
        #expect(try root(forward) != root(renamed))
    }

    @Test func equalValuesHashEqually() throws {
        // A variety of spellings of the same values: equal implies the same hash.
        let spellings = [
            ["0", "-0", "0.0", "0e5", "-0.000e-3"], ["12", "12.0", "1.2e1", "120e-1", "0.12e2"], ["-7.25", "-725e-2", "-0.725E1"],
            [#""x/y""#, #""x\/y""#, #""\u0078/y""#], ["[1, 2]", "[1.0, 2.0]", "[ 1e0 , 0.2e1 ]"],
            [#"{"a": [1], "b": {"c": null}}"#, #"{"b": {"c": null}, "a": [1.0]}"#, #"{"a": 0, "b": {"c": null}, "a": [1]}"#],
        ]
        for group in spellings {
            let values = try group.map(root)
            for value in values {
                #expect(value == values[0], "\(value) vs \(values[0])")
                #expect(value.hashValue == values[0].hashValue, "\(value) vs \(values[0])")
            }
        }
    }

    @Test func setOfValues() throws {
        let values = try ["1", "1.0", "2", #""a""#, #""\u0061""#, "[1]", "[1e0]", #"{"k": 1}"#, #"{"k": 1.0}"#, "null", "true", "false", "[]", "{}"].map(root)
        let set = Set(values)
        #expect(set.count == 10)
        #expect(set.contains(try root("10e-1")))
        #expect(set.contains(try root(#"{ "k" : 1 }"#)))
        #expect(!set.contains(try root("3")))
        #expect(!set.contains(try root(#"{"k": 2}"#)))
        // As dictionary keys, too.
        var counts: [JSONValue: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        #expect(counts[try root("1")] == 2)
        #expect(counts[try root("[]")] == 1)
    }

    @Test func valuesKeepTheirDocumentAlive() throws {
        func make() throws -> JSONValue { try parse(#"{"deep": {"list": [1, "two\n", {"k": "v"}]}}"#).root["deep"]!["list"]! }
        let list = try make()
        #expect(list[1]?.string == "two\n")
        #expect(list[2]?["k"]?.stringView.map { $0 == "v" } == true)
        #expect(list == (try root(#"[1, "two\n", {"k": "v"}]"#)))
    }
}
