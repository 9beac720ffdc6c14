import Foundation
import Testing
@testable import YAJLModel

@Test func smoke() throws {
    let d = try JSONDocument(parsing: #" {"a" : [1, 2.5, "x\"y", true, null, {"b": "\u00e9\ud83d\ude00"}], "n": 123456789012345678901234567890, "s/": "a/b"} "#)
    print(d.root.description, d.root.debugDescription, d.nodeCount, d.treeByteCount)
    #expect(d.root["a"]?[2]?.string == "x\"y")
    #expect(d.root["a"]?[5]?["b"]?.string == "é😀")
    #expect(d.root[pointer: "/a/1"]?.double == 2.5)
    #expect(d.root[path: "a.0"]?.int == 1)
    #expect(d.root["n"]?.numberText == "123456789012345678901234567890")
    #expect(d.root["n"]?.int == nil)
    print(d.jsonString(), d.jsonString(options: [.prettyPrinted, .sortedKeys]))
    for bad in ["[1,2", "[1,@]", "[\"\u{0}\"]", "[\"\\ud800\"]", "[\"\\ud800\\u0041\"]", "[1] x", "", "[01]"] {
        do { _ = try JSONDocument(parsing: bad); print("ACCEPTED", bad) } catch { print(bad.debugDescription, "->", error) }
    }
    do { _ = try JSONDocument(parsing: [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]) } catch { print(error) }
    do { _ = try JSONDocument(parsing: [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D]) } catch { print(error) }
    do { _ = try JSONDocument(parsing: String(repeating: "[", count: 1_000_000)) } catch { print(error) }
    let x = try JSONDocument(parsing: #"{"b": 1.0, "a": [1e2]}"#).root
    let y = try JSONDocument(parsing: #"{"a":[100], "b":1}"#).root
    #expect(x == y)
    #expect(x.hashValue == y.hashValue)
}
