import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct SharedEntry {
    var id: Int
    var name: String
    var created: Date
    var tags: Tags
    var score: Double
}

@JSONModel
struct SharedLog {
    var title: String
    var entries: JSONArray<SharedEntry>
    var pinned: [SharedEntry]
    var raw: JSONValue
}

@Suite("One model read from many tasks at once")
struct ModelConcurrencyTests {
    static let count = 64

    static var text: String {
        let entries = (0..<count).map {
            #"{"id": \#($0), "name": "entry \#($0)", "created": "2024-01-05T10:15:\#(String(format: "%02d", $0 % 60))Z", "tags": "a\#($0) b", "score": \#($0).5}"#
        }
        return #"{"title": "Log", "entries": [\#(entries.joined(separator: ","))], "pinned": [\#(entries.prefix(4).joined(separator: ","))], "raw": {"n": [1, 2, 3]}}"#
    }

    static func check(_ entry: SharedEntry, _ index: Int) -> Bool {
        entry.id == index && entry.name == "entry \(index)"
            && entry.created == Date(timeIntervalSince1970: 1_704_449_700 + Double(index % 60))
            && entry.tags.names == ["a\(index)", "b"] && entry.score == Double(index) + 0.5
    }

    @Test func manyTasksReadOneModel() async throws {
        let log = try SharedLog(parsing: Self.text)
        let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
            for task in 0..<16 {
                group.addTask {
                    var ok = log.title == "Log" && log.entries.count == Self.count && log.raw["n"]?.count == 3
                    for round in 0..<Self.count {
                        let index = (round + task * 7) % Self.count
                        ok = ok && Self.check(log.entries[index], index)
                        ok = ok && Self.check(log.pinned[index % 4], index % 4)
                    }
                    return ok
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 })
    }

    /// The same element model, shared: its cache is filled by whichever task is first.
    @Test func manyTasksReadOneElementsCache() async throws {
        let log = try SharedLog(parsing: Self.text)
        let entry = log.entries[9]
        let results = await withTaskGroup(of: Bool.self, returning: [Bool].self) { group in
            for _ in 0..<12 {
                group.addTask { (0..<50).allSatisfy { _ in Self.check(entry, 9) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 12))
    }

    @Test func modelsAndValuesCrossTaskBoundaries() async throws {
        let log = try SharedLog(parsing: Self.text)
        let names = await withTaskGroup(of: (Int, String).self, returning: [String].self) { group in
            for index in 0..<8 {
                let entry: SharedEntry = log.entries[index]  // Sendable
                let raw: JSONValue = log.raw                 // Sendable
                group.addTask { (index, entry.name + "/\(raw["n"]?.count ?? 0)") }
            }
            var names = Array(repeating: "", count: 8)
            for await (index, name) in group { names[index] = name }
            return names
        }
        #expect(names == (0..<8).map { "entry \($0)/3" })
    }
}
