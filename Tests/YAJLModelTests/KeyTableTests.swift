import Foundation
import Testing
@testable import YAJLModel

/// `KeyTable`, the key table of models and of the coders' key caches: what its users rely on.
@Suite struct KeyTableTests {
    /// `count` keys of 24 bytes that `keyEndsHash` cannot tell apart: the same length and the same
    /// first and last eight bytes, differing only in the middle.
    static func collidingKeys(_ count: Int) -> [String] {
        (0..<count).map { "headhead" + String($0, radix: 16).keyTablePadded(to: 8) + "tailtail" }
    }

    static func withKey<R>(_ key: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var key = key
        return key.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    @Test func collidingKeysShareOneHash() {
        let hashes = Set(Self.collidingKeys(64).map { Self.withKey($0, keyEndsHash) })
        #expect(hashes.count == 1)
    }

    /// A table that input fills keeps at most its probe limit of keys that share a hash: each
    /// lookup compares at most that many entries, the keys kept are found with their values, and
    /// the others are refused rather than probed for further.
    @Test func collidingKeysStayBoundedAndCorrect() {
        var table = KeyTable<Int>(arenaLimit: 1 << 16, probeLimit: 16)
        let keys = Self.collidingKeys(200)
        var kept: [String: Int] = [:]
        for (value, key) in keys.enumerated() {
            #expect(Self.withKey(key) { table.find($0) } == nil)
            if let entry = Self.withKey(key, { table.insert($0, value: value) }) {
                #expect(entry.value == value)
                kept[key] = value
            }
        }
        #expect(kept.count == 16)
        #expect(table.entries.count == 16)
        for key in keys {
            let index = Self.withKey(key) { table.find($0) }
            #expect(index.map { table.entries[$0].value } == kept[key], "\(key)")
        }
        // A key of the same shape that is not there is not found, after at most 16 comparisons.
        #expect(Self.withKey("headheadzzzzzzzztailtail") { table.find($0) } == nil)
    }

    /// A table of trusted keys (a model's) has no probe limit: every key is found, however many collide.
    @Test func collidingModelKeysAreAllFound() throws {
        let keys = Self.collidingKeys(100)
        let table = _JSONKeyTable(keys.map { [$0] })
        let members = keys.enumerated().reversed().map { #""\#($1)": \#($0)"# }
        let document = try JSONDocument(parsing: "{" + members.joined(separator: ", ") + #", "other": -1}"#)
        _JSONModelSupport.withMembers(of: document.root, table: table) { found in
            for index in keys.indices {
                #expect(document.value(at: found[index])?.int == index, "\(index)")
            }
        }
    }

    /// Keys of a model that share a first key (dotted paths) each get the member.
    @Test func repeatedFirstKeysAreEachFound() throws {
        let table = _JSONKeyTable([["a", "x"], ["b"], ["a", "y"]])
        let document = try JSONDocument(parsing: #"{"b": 2, "a": {"x": 1, "y": 3}}"#)
        _JSONModelSupport.withMembers(of: document.root, table: table) { found in
            #expect(found[0] != 0 && found[0] == found[2])
            #expect(document.value(at: found[1])?.int == 2)
        }
    }

    /// The slots grow as keys are added, and every key stays found with its value.
    @Test func growthKeepsEveryKey() {
        var table = KeyTable<Int>(arenaLimit: 1 << 20, probeLimit: 16)
        let keys = (0..<5_000).map { "key-\($0)" }
        var kept = 0
        for (value, key) in keys.enumerated() where Self.withKey(key, { table.insert($0, value: value) }) != nil { kept += 1 }
        #expect(kept == keys.count)
        for (value, key) in keys.enumerated() {
            #expect(Self.withKey(key) { table.find($0) }.map { table.entries[$0].value } == value, "\(key)")
        }
    }

    /// Past its arena limit the table starts afresh with the key that passed it; a key longer
    /// than a quarter of the limit is not kept, and leaves the table as it was.
    @Test func arenaLimitRestartsTheTable() throws {
        var table = KeyTable<Int>(arenaLimit: 256, probeLimit: 16)
        let keys = (0..<40).map { "k\($0)".keyTablePadded(to: 16) }
        var restartedAt: Int?
        for (value, key) in keys.enumerated() {
            _ = try #require(Self.withKey(key) { table.insert($0, value: value, followedBy: Array($0)) })
            #expect(table.arena.count <= 256)
            if restartedAt == nil && table.entries.count < value + 1 { restartedAt = value }
        }
        let restart = try #require(restartedAt)
        #expect(restart == 8)  // 8 keys of 32 bytes fill 256
        #expect(Self.withKey(keys[0]) { table.find($0) } == nil)
        let last = try #require(Self.withKey(keys[39]) { table.find($0) })
        #expect(table.entries[last].value == 39)
        let withTail = table.withUnsafeTable { table in
            let entry = table.entries[last]
            return String(decoding: table.bytes(entry.start + entry.count, entry.count), as: UTF8.self)
        }
        #expect(withTail == keys[39])

        let before = table.entries.count
        #expect(Self.withKey(String(repeating: "x", count: 65)) { table.insert($0, value: -1) } == nil)
        #expect(table.entries.count == before)
    }

    /// An empty table finds nothing and allocates nothing.
    @Test func emptyTableFindsNothing() {
        let table = KeyTable<Int>(arenaLimit: 1 << 10, probeLimit: 16)
        #expect(Self.withKey("") { table.find($0) } == nil)
        #expect(Self.withKey("anything") { table.find($0) } == nil)
    }
}

/// The converted-key table as a decoder keeps it from one decode to the next.
@Suite struct ConvertedKeyTableTests {
    struct Record: Decodable, Equatable {
        let userName: String
        let followerCount: Int
        let isVerified: Bool?
    }

    static let json = Data(#"[{"user_name": "a", "follower_count": 1}, {"follower_count": 2, "is_verified": true, "user_name": "b"}]"#.utf8)
    static let expected = [Record(userName: "a", followerCount: 1, isVerified: nil), Record(userName: "b", followerCount: 2, isVerified: true)]

    @Test func snakeCaseKeysMatchAcrossTwoDecodes() throws {
        let decoder = YAJLDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode([Record].self, from: Self.json) == Self.expected)
        #expect(try decoder.decode([Record].self, from: Self.json) == Self.expected)
    }

    /// A `.custom` strategy converts each distinct key once, and the second decode finds them all kept.
    @Test func customKeysAreConvertedOnceAcrossTwoDecodes() throws {
        let calls = CallCounter()
        let decoder = YAJLDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            calls.increment()
            let key = path.last?.stringValue ?? ""
            let parts = key.split(separator: "_")
            return AnyKey(stringValue: (parts.first.map(String.init) ?? "") + parts.dropFirst().map(\.capitalized).joined())
        }
        #expect(try decoder.decode([Record].self, from: Self.json) == Self.expected)
        #expect(calls.count == 3)
        #expect(try decoder.decode([Record].self, from: Self.json) == Self.expected)
        #expect(calls.count == 3)
    }

    /// Keys that collide in the table, past its probe limit, around the keys a type asks for:
    /// every decode still finds them, the same with the same decoder twice.
    @Test func collidingKeysMatchAcrossTwoDecodes() throws {
        let noise = KeyTableTests.collidingKeys(100).enumerated().map { #""\#($1)_x": \#($0)"# }
        let object = "{" + (noise + [#""user_name": "z""#, #""follower_count": 9"#]).joined(separator: ", ") + "}"
        let decoder = YAJLDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        for _ in 0..<2 {
            #expect(try decoder.decode(Record.self, from: Data(object.utf8)) == Record(userName: "z", followerCount: 9, isVerified: nil))
        }
    }

    /// The encoder keeps its converted keys from one encode to the next, plain keys and others.
    @Test func encoderConvertsAcrossTwoEncodes() throws {
        struct Dynamic: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey(stringValue: "someValue"))
                try container.encode(2, forKey: AnyKey(stringValue: "otherValue"))
            }
        }
        struct Plain: Encodable { let userName = "a"; let dynamic = Dynamic() }
        let encoder = YAJLEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        for _ in 0..<2 {
            let text = String(decoding: try encoder.encode(Plain()), as: UTF8.self)
            #expect(text == #"{"user_name":"a","dynamic":{"some_value":1,"other_value":2}}"#)
        }
    }
}

private extension String {
    func keyTablePadded(to width: Int) -> String { String(repeating: "0", count: max(width - count, 0)) + self }
}
