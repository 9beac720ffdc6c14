import Foundation
import Testing

@testable import YAJLModel

/// A model written as `@JSONModel` writes one (this target has no macros, so that the
/// thread sanitizer run, which builds the core only, covers it).
private struct Account: JSONModel {
    private var storage: _JSONModelStorage
    var json: JSONValue { storage.json }
    var _jsonStorage: _JSONModelStorage { storage }
    init(_validatedJSON json: JSONValue) { storage = _JSONModelStorage(json: json, propertyCount: 2) }

    var owner: String {
        get { storage.value(slot: 0, key: "owner", codec: String.self, default: nil) }
        set { _JSONModelStorage.set(newValue, in: &storage, slot: 0, key: "owner", codec: String.self) }
    }
    var balance: Int {
        get { storage.value(slot: 1, key: "balance", codec: Int.self, default: nil) }
        set { _JSONModelStorage.set(newValue, in: &storage, slot: 1, key: "balance", codec: Int.self) }
    }

    static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
        _JSONModelSupport.validate(json, key: "owner", codec: String.self, hasDefault: false, into: &validation)
        _JSONModelSupport.validate(json, key: "balance", codec: Int.self, hasDefault: false, into: &validation)
    }
    var _propertyValues: KeyValuePairs<String, Any> { ["owner": owner, "balance": balance] }
}

@Suite("Concurrency: shared models and documents read while copies of them change")
struct MutationConcurrencyTests {
    static let text = #"{"owner": "ada", "balance": 100, "history": [1, 2, 3]}"#

    @Test func copiesOfASharedModelChangeOnOtherTasks() async throws {
        let shared = try Account(parsing: Self.text)
        let results = await withTaskGroup(of: (String, Int, String).self, returning: [(String, Int, String)].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var copy = shared
                    for step in 1...200 {
                        copy.balance = 100 + task * 1_000 + step
                        // Reading the shared original meanwhile: it never sees a copy's change.
                        if shared.balance != 100 || shared.json["balance"]?.int != 100 { return ("", -1, "") }
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
