import Foundation
import Testing
@testable import YAJLModel

@Suite("Concurrency: one document read from many tasks")
struct ConcurrencyTests {
    static let keyCount = 20_000
    static let elementCount = 5_000

    static func makeDocument() throws -> JSONDocument {
        var text = #"{"objects": ["#
        text += (0..<elementCount).map { #"{"id": \#($0), "name": "n\#($0)", "tags": [\#($0 % 7), "t"]}"# }.joined(separator: ",")
        text += #"], "lookup": {"#
        text += (0..<keyCount).map { $0 % 5 == 0 ? #""k\u0065y\#($0)": \#($0)"# : #""key\#($0)": \#($0)"# }.joined(separator: ",")
        text += "}}"
        return try parse(text)
    }

    @Test func manyTasksBuildTheLazyIndexesTogether() async throws {
        // Fresh documents each round, so every round races to build the indexes.
        for round in 0..<3 {
            let document = try Self.makeDocument()
            let failures = await withTaskGroup(of: Int.self, returning: Int.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var generator = SplitMix64(seed: UInt64(round * 100 + task))
                        var failures = 0
                        let root = document.root
                        for key in (0..<Self.keyCount).shuffled(using: &generator).prefix(4_000) {
                            if root["lookup"]?["key\(key)"]?.int != key { failures += 1 }
                        }
                        guard let objects = root["objects"] else { return failures + 1 }
                        for _ in 0..<4_000 {
                            let index = Int.random(in: 0..<Self.elementCount, using: &generator)
                            let element = objects[index]
                            if element?["id"]?.int != index { failures += 1 }
                            if element?["tags"]?[0]?.int != index % 7 { failures += 1 }
                            if element?["name"]?.stringView.map({ $0 == "n\(index)" }) != true { failures += 1 }
                        }
                        if root["lookup"]?["missing"] != nil { failures += 1 }
                        return failures
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(failures == 0)
            let root = document.root
            let lookupNode = try #require(root["lookup"]).node
            let objectsNode = try #require(root["objects"]).node
            #expect(document.indexes.withLock { $0.objects[lookupNode] } != nil)
            #expect(document.indexes.withLock { $0.arrays[objectsNode] } != nil)
            #expect(document.indexes.withLock { $0.arrays[objectsNode]?.elements.count } == Self.elementCount)
        }
    }

    @Test func valuesAndDocumentsCrossTasks() async throws {
        let document = try Self.makeDocument()
        let values = try #require(document.root["objects"]?.array).map { $0 }
        let results = await withTaskGroup(of: (Int, String, Int).self, returning: [(Int, String, Int)].self) { group in
            for slice in stride(from: 0, to: values.count, by: 500) {
                let chunk = Array(values[slice..<min(slice + 500, values.count)])
                group.addTask {
                    let hashes = chunk.reduce(0) { $0 &+ $1.hashValue }
                    let written = chunk.map { $0.jsonString(options: .sortedKeys) }.joined(separator: ",")
                    return (slice, written, hashes)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == Self.elementCount / 500)
        let written = "[" + results.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: ",") + "]"
        #expect(try parse(written).root == document.root["objects"])
        #expect(results.reduce(0) { $0 &+ $1.2 } == values.reduce(0) { $0 &+ $1.hashValue })
    }
}
