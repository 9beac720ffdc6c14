import Foundation
import Testing
@testable import YAJLModel

/// `YAJLDecoder`'s keyed containers hold their decoder: containers that types keep (past their
/// `init(from:)` and past the decode), nested ones of the same key type, several of one object,
/// and objects of one type with their keys in different orders decode as `JSONDecoder` decodes
/// them, and a kept container lets its decoder go when it goes.
@Suite struct CodableKeyedContainerTests {
    /// Keeps its container and reads from it only when asked, after later objects were decoded.
    private struct Keeper: Decodable {
        enum CodingKeys: String, CodingKey { case a, b }
        let container: KeyedDecodingContainer<CodingKeys>

        init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: CodingKeys.self) }

        func values() throws -> [Int?] {
            [try container.decodeIfPresent(Int.self, forKey: .a), try container.decodeIfPresent(Int.self, forKey: .b)]
        }
    }

    @Test func keptContainersKeepTheirObjects() throws {
        let json = #"[{"a": 1, "b": 2}, {"b": 3}, {"a": 4, "a": 5}, {"x": {"a": 6}}]"#
        let kept = try YAJLDecoder().decode([Keeper].self, from: Data(json.utf8))
        let expected = try JSONDecoder().decode([Keeper].self, from: Data(json.utf8))
        #expect(try kept.map { try $0.values() } == expected.map { try $0.values() })
    }

    /// Many kept containers of one key type, read after the decode returned and after later decodes.
    @Test func manyKeptContainersOutliveTheirDecode() throws {
        let json = "[" + (0..<40).map { #"{"b": \#($0), "a": \#($0 * 3)}"# }.joined(separator: ",") + "]"
        let kept = try YAJLDecoder().decode([Keeper].self, from: Data(json.utf8))
        for _ in 0..<100 { _ = try YAJLDecoder().decode([Keeper].self, from: Data(#"[{"a": 1}]"#.utf8)) }
        #expect(try kept.map { try $0.values() } == (0..<40).map { [$0 * 3, $0] })
    }

    /// Keeps its decoder, and asks it for a container only after the decode returned. (Only the
    /// top-level value's: `YAJLDecoder` moves one decoder from element to element.)
    private struct LateReader: Decodable {
        enum CodingKeys: String, CodingKey { case a, b }
        let decoder: any Decoder

        init(from decoder: any Decoder) throws { self.decoder = decoder }

        func values() throws -> [Int?] {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            return [try container.decodeIfPresent(Int.self, forKey: .a), try container.decodeIfPresent(Int.self, forKey: .b)]
        }
    }

    @Test func aKeptDecoderMakesContainersLater() throws {
        for json in [#"{"a": 1, "b": 2}"#, #"{"b": 3}"#, #"{"x": {"a": 6}, "a": null}"#] {
            let kept = try YAJLDecoder().decode(LateReader.self, from: Data(json.utf8))
            let expected = try JSONDecoder().decode(LateReader.self, from: Data(json.utf8))
            for _ in 0..<3 { #expect(try kept.values() == expected.values(), "\(json)") }
        }
    }

    /// Decodes kept containers with `value` in the decoder's `userInfo`, drops them, and expects
    /// `value` to go with them.
    private func expectReleased(_ makeValue: () -> any AnyObject & Sendable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        weak var released: AnyObject?
        do {
            let value = makeValue()
            released = value
            let decoder = YAJLDecoder()
            decoder.userInfo[CodingUserInfoKey(rawValue: "value")!] = value
            let kept = try decoder.decode([Keeper].self, from: Data(#"[{"a": 1}, {"b": 2}]"#.utf8))
            #expect(try kept.map { try $0.values() } == [[1, nil], [nil, 2]], sourceLocation: sourceLocation)
        }
        #expect(released == nil, sourceLocation: sourceLocation)
    }

    /// Kept containers hold their decoder (and its options) only while someone holds them.
    @Test func droppedKeptContainersAreReleased() throws {
        final class Token: Sendable {}
        try expectReleased { Token() }
    }

    /// A `userInfo` value that decodes again, keeping a container, when it goes.
    @Test func aReleasedValueMayDecodeAgain() throws {
        final class DecodesWhenFreed: Sendable {
            deinit { _ = try? YAJLDecoder().decode([Keeper].self, from: Data(#"[{"a": 1}]"#.utf8)) }
        }
        try expectReleased { DecodesWhenFreed() }
    }

    /// Tasks that keep containers, read them and drop them, side by side (`.ci/test` runs this
    /// under ThreadSanitizer too).
    @Test func keptContainersFromTasksConcurrently() async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var kept: [[Keeper]] = []
                    for round in 0..<50 {
                        let json = #"[{"a": \#(task)}, {"b": \#(round)}]"#
                        kept.append(try YAJLDecoder().decode([Keeper].self, from: Data(json.utf8)))
                        if round % 3 == 0 { kept.removeFirst() }
                    }
                    return try kept.allSatisfy { try $0.map { try $0.values() }.first == [task, nil] }
                }
            }
            for try await readBack in group { #expect(readBack) }
        }
    }

    /// A key type of its own at each depth (`Key<Tag>`, `Key<[Tag]>`, …): a hundred key types in
    /// use at once, and each level keeps its container past the decode. With the hundred `Level`
    /// types, more types than `DecodedTypes` has entries, so entries are replaced while their
    /// types are still in use: a maker cast to another key type's would trap in a debug build.
    private struct Level<Tag>: Decodable {
        struct Key: CodingKey {
            let number: UInt8
            init(_ number: UInt8) { self.number = number }
            init?(stringValue: String) { guard let number: UInt8 = ["value": 0, "next": 1][stringValue] else { return nil }; self.number = number }
            init?(intValue: Int) { nil }
            var stringValue: String { number == 0 ? "value" : "next" }
            var intValue: Int? { nil }
        }
        let container: KeyedDecodingContainer<Key>
        let values: [Int]

        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Key.self)
            let value = try container.decode(Int.self, forKey: Key(0))
            let rest = try container.decodeIfPresent(Level<[Tag]>.self, forKey: Key(1))?.values ?? []
            values = [value] + rest
        }

        /// The values again, read from the kept container and containers nested in it.
        func keptValues() throws -> [Int] { try Self.values(of: container) }

        static func values(of container: KeyedDecodingContainer<Key>) throws -> [Int] {
            let value = try container.decode(Int.self, forKey: Key(0))
            guard container.contains(Key(1)) else { return [value] }
            return [value] + (try Level<[Tag]>.values(of: try container.nestedContainer(keyedBy: Level<[Tag]>.Key.self, forKey: Key(1))))
        }
    }

    @Test func manyKeyTypesInUseAtOnce() throws {
        let depth = 100
        let json = (0..<depth).reversed().reduce("") { inner, level in
            inner.isEmpty ? #"{"value": \#(level)}"# : #"{"next": \#(inner), "value": \#(level)}"#
        }
        let decoder = YAJLDecoder()
        for _ in 0..<2 {
            let level = try decoder.decode(Level<Int>.self, from: Data(json.utf8))
            #expect(level.values == Array(0..<depth))
            #expect(try level.keptValues() == Array(0..<depth))
        }
    }

    private struct Tree: Codable, Equatable {
        var name: String
        var size: Int?
        var children: [Tree]
    }

    @Test func nestedContainersOfOneKeyType() {
        let leaf = #"{"name": "leaf", "children": []}"#
        expectSameDecoding(Tree.self, #"{"name": "root", "size": 1, "children": [\#(leaf), {"children": [\#(leaf), \#(leaf)], "name": "mid"}, \#(leaf)]}"#)
        expectSameDecoding(Tree.self, #"{"name": "root", "children": [\#(leaf), {"children": [{"name": 3, "children": []}], "name": "bad"}]}"#)
        expectSameDecoding([Tree].self, #"[\#(leaf), {"name": "x", "children": [\#(leaf)], "size": 2, "size": 3}, \#(leaf)]"#)
    }

    private struct Item: Codable, Equatable {
        var id: Int
        var title: String
        var price: Double?
        var tags: [String]?
    }

    /// One type from objects whose keys come in different orders, with keys missing, repeated,
    /// of the wrong type, and unknown: the errors' coding paths name the right element.
    @Test func oneTypeFromObjectsInAnyKeyOrder() {
        let objects = [
            #"{"id": 1, "title": "a", "price": 1.5, "tags": ["x"]}"#,
            #"{"tags": [], "price": 2, "title": "b", "id": 2}"#,
            #"{"title": "c", "id": 3}"#,
            #"{"id": 4, "id": 5, "title": "d", "title": "e", "extra": {"id": 9}}"#,
            #"{"x": 1, "y": 2, "title": "f", "z": 3, "id": 6, "price": null}"#,
        ]
        expectSameDecoding([Item].self, "[" + objects.joined(separator: ",") + "]")
        expectSameDecoding([Item].self, "[" + objects.reversed().joined(separator: ",") + "]")
        expectSameDecoding([Item].self, "[" + objects.joined(separator: ",") + #", {"id": 7}]"#)
        expectSameDecoding([Item].self, "[" + objects.joined(separator: ",") + #", {"title": "g", "id": "7"}]"#)
        expectSameDecoding([[Item]].self, "[[" + objects.joined(separator: ",") + "], [" + objects.reversed().joined(separator: ",") + "]]")
        expectSameDecoding([String: Item].self, #"{"p": \#(objects[0]), "q": \#(objects[1]), "r": \#(objects[3])}"#)
    }

    /// Two containers of one key type on the same object, and one per object of a sibling.
    private struct TwoViews: Decodable, Equatable {
        enum CodingKeys: String, CodingKey { case a, b }
        var sums: [Int]

        init(from decoder: any Decoder) throws {
            let first = try decoder.container(keyedBy: CodingKeys.self)
            let second = try decoder.container(keyedBy: CodingKeys.self)
            let inner = try first.nestedContainer(keyedBy: CodingKeys.self, forKey: .b)
            sums = [try first.decode(Int.self, forKey: .a), try second.decode(Int.self, forKey: .a), try inner.decode(Int.self, forKey: .a)]
        }
    }

    @Test func severalContainersOfOneObject() {
        expectSameDecoding([TwoViews].self, #"[{"a": 1, "b": {"a": 2}}, {"b": {"a": 4}, "a": 3}]"#)
        expectSameDecoding([TwoViews].self, #"[{"a": 1, "b": {"a": 2}}, {"b": {"b": 4}, "a": 3}]"#)
    }

    /// 256 keys of about 300 bytes each, 77 kB in all: more than the decoder's key cache keeps
    /// (64 kB), so it starts afresh in the middle of the first object, and a container must find
    /// its keys' bytes again. Every value is the one at its key,
    /// in the first decode and in later ones with the decoder's kept cache.
    private struct LongKeys: Decodable, Equatable {
        struct Key: CodingKey {
            let number: UInt8
            init(_ number: UInt8) { self.number = number }
            init?(stringValue: String) {
                guard stringValue.hasPrefix(Self.prefix), let number = UInt8(stringValue.dropFirst(Self.prefix.count)) else { return nil }
                self.number = number
            }
            init?(intValue: Int) { nil }
            var stringValue: String { Self.prefix + String(number) }
            var intValue: Int? { nil }
            static let prefix = String(repeating: "k", count: 300)
        }
        let values: [Int]

        init(values: [Int]) { self.values = values }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            // Twice round, so that the second reads keys the cache dropped since the first.
            values = try (0..<512).map { try container.decode(Int.self, forKey: Key(UInt8($0 % 256))) }
        }
    }

    @Test func keysAreFoundAgainWhenTheKeyCacheStartsAfresh() throws {
        let members = (0..<256).map { "\"\(LongKeys.Key.prefix)\($0)\": \($0 * 7)" }.joined(separator: ",")
        let json = Data("[{\(members)}, {\(members)}]".utf8)
        let expected = LongKeys(values: (0..<512).map { $0 % 256 * 7 })
        let decoder = YAJLDecoder()
        for _ in 0..<3 { #expect(try decoder.decode([LongKeys].self, from: json) == [expected, expected]) }
        #expect(try JSONDecoder().decode([LongKeys].self, from: json) == [expected, expected])
    }
}
