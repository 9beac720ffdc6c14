import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct EqPoint {
    var x: Int
    var y: Int
    var label: String?
}

@Suite("Equatable and Hashable by JSON content")
struct ModelEqualityTests {
    static func point(_ text: String) throws -> EqPoint { try EqPoint(parsing: text) }

    @Test func keyOrderDoesNotMatter() throws {
        let a = try Self.point(#"{"x": 1, "y": 2, "label": "p", "meta": {"a": 1, "b": 2}}"#)
        let b = try Self.point(#"{"meta": {"b": 2, "a": 1}, "label": "p", "y": 2, "x": 1}"#)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
    }

    @Test func whitespaceAndNumberSpellingDoNotMatter() throws {
        let a = try Self.point(#"{"x": 1, "y": 2}"#)
        let b = try Self.point("{\n  \"x\":1,\"y\" :   2\n}")
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test func unmappedKeysMatter() throws {
        let a = try Self.point(#"{"x": 1, "y": 2}"#)
        let b = try Self.point(#"{"x": 1, "y": 2, "z": 3}"#)
        let c = try Self.point(#"{"x": 1, "y": 2, "z": 4}"#)
        #expect(a != b)
        #expect(b != c)
        #expect(Set([a, b, c]).count == 3)
    }

    @Test func mappedValuesMatter() throws {
        #expect(try Self.point(#"{"x": 1, "y": 2}"#) != Self.point(#"{"x": 1, "y": 3}"#))
        #expect(try Self.point(#"{"x": 1, "y": 2, "label": "a"}"#) != Self.point(#"{"x": 1, "y": 2, "label": "b"}"#))
        #expect(try Self.point(#"{"x": 1, "y": 2, "label": null}"#) != Self.point(#"{"x": 1, "y": 2}"#))
    }

    @Test func aParsedModelEqualsTheSameModelBuiltFromValues() throws {
        let parsed = try Self.point(#"{"y": 2, "x": 1, "label": "p"}"#)
        let built = EqPoint(x: 1, y: 2, label: "p")
        #expect(parsed == built)
        #expect(parsed.hashValue == built.hashValue)
        #expect(EqPoint(x: 1, y: 2) == (try Self.point(#"{"x": 1, "y": 2}"#)))
    }

    /// Hashable's contract only needs equal models to hash equal, but sets and dictionaries
    /// of models degrade to linear scans when distinct models all hash alike.
    @Test func distinctModelsSpreadTheirHashes() throws {
        let hashes = Set((0..<50).map { EqPoint(x: $0, y: 2 * $0, label: "p\($0)").hashValue })
        #expect(hashes.count > 25, "50 distinct models gave \(hashes.count) distinct hash values")
    }

    @Test func modelsWorkAsDictionaryKeys() throws {
        var seen: [EqPoint: Int] = [:]
        seen[try Self.point(#"{"x": 1, "y": 2}"#), default: 0] += 1
        seen[try Self.point(#"{"y": 2, "x": 1}"#), default: 0] += 1
        seen[try Self.point(#"{"x": 2, "y": 1}"#), default: 0] += 1
        #expect(seen.count == 2)
        #expect(seen[EqPoint(x: 1, y: 2)] == 2)
    }
}
