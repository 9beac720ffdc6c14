import Foundation
import Testing

@testable import YAJLModel

/// A model written as `@JSONModel` writes one (this target has no macros, so that the
/// thread sanitizer run, which builds the core only, covers it); keep it as the macro writes
/// it, which `JSONModelMacroExpansionTests` shows.
private struct Account: JSONModel {
    private var _storage: _JSONStorage
    var json: JSONValue { _storage.json }
    var _jsonStorage: _JSONModelStorage { _storage }
    init(_validatedJSON json: JSONValue) { _storage = _JSONStorage(json: json) }

    var owner: String {
        get {
            if _storage._isCached(0) {
                return _storage.ownerCache.unsafelyUnwrapped
            }
            let value = _storage._read(_storage.nodes.0, at: ["owner"], codec: String.self, default: nil)
            if _storage._claim(0, for: String.self) {
                _storage.ownerCache = value
                _storage._publish(0)
            }
            return value
        }
        set {
            if !isKnownUniquelyReferenced(&_storage) {
                _storage = _JSONStorage(copying: _storage)
            }
            _storage._record(newValue, slot: 0, at: ["owner"], codec: String.self, overlapping: 0)
            _storage.ownerCache = newValue
        }
    }
    var balance: Int {
        get {
            if _storage._isCached(1) {
                return _storage.balanceCache.unsafelyUnwrapped
            }
            let value = _storage._read(_storage.nodes.1, at: ["balance"], codec: Int.self, default: nil)
            if _storage._claim(1, for: Int.self) {
                _storage.balanceCache = value
                _storage._publish(1)
            }
            return value
        }
        set {
            if !isKnownUniquelyReferenced(&_storage) {
                _storage = _JSONStorage(copying: _storage)
            }
            _storage._record(newValue, slot: 1, at: ["balance"], codec: Int.self, overlapping: 0)
            _storage.balanceCache = newValue
        }
    }

    static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
        _JSONModelSupport.withMembers(of: json, table: _jsonKeys) { found in
            _JSONModelSupport.validate(found[0], key: "owner", in: json, codec: String.self, hasDefault: false, into: &validation)
            _JSONModelSupport.validate(found[1], key: "balance", in: json, codec: Int.self, hasDefault: false, into: &validation)
        }
    }
    var _propertyValues: KeyValuePairs<String, Any> { ["owner": owner as Any, "balance": balance as Any] }

    final class _JSONStorage: _JSONModelStorage, @unchecked Sendable {
        /// Where each property's value is in the JSON (0: missing), found when the model is created.
        @exclusivity(unchecked) var nodes: (UInt32, UInt32) = (0, 0)
        @exclusivity(unchecked) var ownerCache: Optional<String> = nil
        @exclusivity(unchecked) var balanceCache: Optional<Int> = nil

        override init(json: JSONValue) {
            super.init(json: json)
            withUnsafeMutableBytes(of: &nodes) { _JSONModelSupport.findNodes(of: json, table: Account._jsonKeys, into: $0) }
        }

        init(copying other: _JSONStorage) {
            nodes = other.nodes
            super.init(copying: other)
            if _isCached(0) { ownerCache = other.ownerCache }
            if _isCached(1) { balanceCache = other.balanceCache }
        }
    }

    private static let _jsonKeys = _JSONKeyTable([["owner"], ["balance"]])
}

@Suite("Concurrency: shared models and documents read while copies of them change")
struct MutationConcurrencyTests {
    static let text = #"{"owner": "ada", "balance": 100, "history": [1, 2, 3]}"#

    @Test func copiesOfASharedModelChangeOnOtherTasks() async throws {
        let shared = try Account(parsing: Self.text)
        let results = await withTaskGroup(of: (String, Int, String).self, returning: [(String, Int, String)].self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Every task reads the shared model's cached property first: they race to fill it.
                    if shared.owner != "ada" { return ("", -1, "") }
                    var copy = shared
                    for step in 1...200 {
                        copy.balance = 100 + task * 1_000 + step
                        // Reading the shared original meanwhile: it never sees a copy's change.
                        if shared.balance != 100 || shared.owner != "ada" || shared.json["balance"]?.int != 100 { return ("", -1, "") }
                    }
                    copy.owner = "task \(task)"
                    return (copy.owner, copy.balance, copy.jsonString())
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for (owner, balance, written) in results {
            let task = Int(owner.dropFirst(5)) ?? -1
            #expect(balance == 100 + task * 1_000 + 200)
            #expect(written == #"{"owner": "task \#(task)", "balance": \#(balance), "history": [1, 2, 3]}"#)
        }
        #expect(shared.jsonString() == Self.text)
    }

    @Test func aSharedDocumentIsReadWhileEditedCopiesAreMadeAndRead() async throws {
        let document = try JSONDocument(parsing: Self.text)
        let failures = await withTaskGroup(of: Int.self, returning: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var failures = 0
                    for step in 0..<100 {
                        guard let edited = try? document.setting(.number(JSONNumber(task * 1_000 + step)), at: "/history/-") else {
                            return failures + 1
                        }
                        // The edited copy is parsed on first read; two tasks may race to read it.
                        async let first = edited.root["history"]?.count
                        async let second = edited.root["history"]?[3]?.int
                        let (count, last) = await (first, second)
                        if count != 4 || last != task * 1_000 + step { failures += 1 }
                        if document.root["history"]?.count != 3 { failures += 1 }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}
