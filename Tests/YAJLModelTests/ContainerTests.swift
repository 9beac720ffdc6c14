import Foundation
import Testing
@testable import YAJLModel

@Suite("Containers: count, subscripts, array and object views, large objects")
struct ContainerTests {
    @Test func countOfContainersAndScalars() throws {
        let root = try parse(#"{"e": [], "o": {}, "a": [1, [2, 3], {"x": 4}], "m": {"p": 1, "q": [1, 2, 3]}, "s": "str"}"#).root
        #expect(root.count == 5)
        #expect(root["e"]?.count == 0)
        #expect(root["o"]?.count == 0)
        #expect(root["a"]?.count == 3)
        #expect(root["m"]?.count == 2)
        #expect(root["m"]?["q"]?.count == 3)
        #expect(root["s"]?.count == 0)
    }

    @Test func indexSubscript() throws {
        let root = try parse(#"[10, "x", [20, [30]], {"k": 40}, null, "a\nb", 50]"#).root
        #expect(root[0]?.int == 10)
        #expect(root[1]?.string == "x")
        #expect(root[2]?[1]?[0]?.int == 30)
        #expect(root[3]?["k"]?.int == 40)
        #expect(root[4]?.isNull == true)
        #expect(root[5]?.string == "a\nb")
        #expect(root[6]?.int == 50)
        #expect(root[7] == nil)
        #expect(root[-1] == nil)
        #expect(root[Int.max] == nil)
        #expect(root[Int.min] == nil)
        #expect(root["0"] == nil)
        #expect(root[3]?[0] == nil)
    }

    @Test func keySubscript() throws {
        let root = try parse(#"{"a": 1, "": 2, "a\nb": 3, "é": 4, "sp ace": 5, "\u00e9x": 6, "A": 7}"#).root
        #expect(root["a"]?.int == 1)
        #expect(root[""]?.int == 2)
        #expect(root["a\nb"]?.int == 3)
        #expect(root["é"]?.int == 4)
        #expect(root["sp ace"]?.int == 5)
        #expect(root["éx"]?.int == 6)
        #expect(root["A"]?.int == 7)
        #expect(try parse(#"{"a\u0000b": 1, "a": 2}"#).root["a\u{0}b"]?.int == 1)
        #expect(root["b"] == nil)
        #expect(root["a "] == nil)
        #expect(root["e\u{301}"] == nil)  // canonically equivalent to "é", but not the same key
        #expect(root[0] == nil)
        #expect(try parse("[1]").root["a"] == nil)
    }

    @Test func arrayViewIsARandomAccessCollection() throws {
        let root = try parse("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]").root
        let array = try #require(root.array)
        #expect(array.count == 10)
        #expect(array.indices == 0..<10)
        #expect(array.startIndex == 0)
        #expect(array.endIndex == 10)
        #expect(array.map { $0.int! } == Array(0..<10))
        #expect(array.reversed().map { $0.int! } == Array((0..<10).reversed()))
        #expect(array[7].int == 7)
        #expect(array.last?.int == 9)
        #expect(array[3..<6].map { $0.int! } == [3, 4, 5])
        #expect(array.index(array.startIndex, offsetBy: 4) == 4)
        #expect(array.distance(from: 2, to: 9) == 7)
        #expect(try parse("[]").root.array?.isEmpty == true)
    }

    @Test(arguments: [0, 1, 2, 15, 16, 17, 40, 1000])
    func randomAccessIntoArraysOfObjects(count: Int) throws {
        let elements = (0..<count).map { #"{"id": \#($0), "tags": [\#($0), "t\n"], "name": "n\#($0)"}"# }
        let root = try parse("[" + elements.joined(separator: ", ") + "]").root
        let array = try #require(root.array)
        #expect(array.count == count)
        var generator = SplitMix64(seed: UInt64(count))
        for index in (0..<count).shuffled(using: &generator) {
            #expect(array[index]["id"]?.int == index)
            #expect(root[index]?["tags"]?[0]?.int == index)
            #expect(root[index]?["name"]?.string == "n\(index)")
        }
        #expect(array.reversed().map { $0["id"]?.int } == (0..<count).reversed().map { $0 })
        #expect(array.map { $0["id"]?.int } == (0..<count).map { $0 })
        #expect(root[count] == nil)
        if count > 16 {
            // Random access into a large array of containers built an element index.
            #expect(root.document.indexes.withLock { $0.arrays[root.node] } != nil)
        }
    }

    @Test(arguments: [1, 16, 17, 5000])
    func randomAccessIntoArraysOfScalarsAndEscapedStrings(count: Int) throws {
        let scalars = try parse("[" + (0..<count).map(String.init).joined(separator: ",") + "]").root
        let escaped = try parse("[" + (0..<count).map { #""\#($0)\t""# }.joined(separator: ",") + "]").root
        let mixed = try parse("[" + (0..<count).map { $0 % 3 == 0 ? #""\#($0)\n""# : "\($0)" }.joined(separator: ",") + "]").root
        var generator = SplitMix64(seed: 7)
        for index in (0..<count).shuffled(using: &generator).prefix(500) {
            #expect(scalars[index]?.int == index)
            #expect(escaped[index]?.string == "\(index)\t")
            #expect(mixed.array?[index].kind == (index % 3 == 0 ? .string : .number))
            #expect(mixed[index].map { $0.int ?? Int($0.string!.dropLast())! } == index)
        }
        #expect(scalars.array?.last?.int == count - 1)
        #expect(escaped.array?.reversed().first?.string == "\(count - 1)\t")
    }

    @Test func objectViewIsInDocumentOrder() throws {
        let root = try parse(#"{"z": 1, "a": [2], "m": {"x": 3}, "k\u0041": "v"}"#).root
        let object = try #require(root.object)
        #expect(object.count == 4)
        #expect(object.map(\.key) == ["z", "a", "m", "kA"])
        #expect(object.map { $0.value.kind } == [.number, .array, .object, .string])
        #expect(Array(object.keys) == ["z", "a", "m", "kA"])
        #expect(object.values.map(\.kind) == [.number, .array, .object, .string])
        #expect(object.values.first?.int == 1)
        #expect(root.keys.map(Array.init) == ["z", "a", "m", "kA"])
        #expect(root.keys?.count == 4)
        let keyViews = object.indices.map { object.keyView(at: $0) }
        #expect(keyViews.map(\.string) == ["z", "a", "m", "kA"])
        #expect(keyViews[3] == "kA")
        let first = object[object.startIndex]
        #expect(first.key == "z")
        #expect(first.value.int == 1)
        #expect(object.index(after: object.startIndex) < object.endIndex)
        #expect(object.indices.count == 4)
        // Nested containers are skipped over, not walked into.
        #expect(object[object.index(object.startIndex, offsetBy: 3)].value.string == "v")
    }

    @Test func emptyObjectView() throws {
        let root = try parse("{}").root
        let object = try #require(root.object)
        #expect(object.isEmpty)
        #expect(object.startIndex == object.endIndex)
        #expect(Array(object.keys).isEmpty)
        #expect(object.values.isEmpty)
    }

    @Test func largeObjectLooksUpEveryKey() throws {
        let count = 100_000
        var text = "{"
        text.reserveCapacity(count * 24)
        for i in 0..<count {
            if i > 0 { text += "," }
            // Every 7th key is escaped, so it is compared through the side buffer.
            text += i % 7 == 0 ? #""key\u005f\#(i)": \#(i)"# : #""key_\#(i)": \#(i)"#
        }
        text += #", "tail": {"nested": [1, 2, 3]}}"#
        let document = try parse(text)
        let root = document.root
        #expect(root.count == count + 1)
        var generator = SplitMix64(seed: 100_000)
        for i in (0..<count).shuffled(using: &generator) {
            guard root["key_\(i)"]?.int == i else {
                Issue.record("key_\(i) did not find \(i)")
                return
            }
        }
        #expect(root["tail"]?["nested"]?[2]?.int == 3)
        #expect(root["key_\(count)"] == nil)
        #expect(root["key_"] == nil)
        #expect(root[""] == nil)
        #expect(root[pointer: "/key_99999"]?.int == 99_999)
        let index = document.indexes.withLock { $0.objects[root.node] }
        #expect(index != nil)
        #expect(document.indexes.withLock { $0.objects.count } == 1)
        // Small objects are scanned: no index for them.
        let tail = try #require(root["tail"])
        #expect(tail["nested"]?.count == 3)
        #expect(document.indexes.withLock { $0.objects[tail.node] } == nil)
    }

    @Test(arguments: [16, 17, 33])
    func objectsAroundTheIndexThresholdFindEveryKeyAndMissNothing(count: Int) throws {
        let members = (0..<count).map { #""\#($0)": \#($0 * 10)"# }
        let root = try parse("{" + members.joined(separator: ",") + "}").root
        for i in 0..<count { #expect(root["\(i)"]?.int == i * 10) }
        #expect(root["\(count)"] == nil)
        #expect(root["-1"] == nil)
    }
}
