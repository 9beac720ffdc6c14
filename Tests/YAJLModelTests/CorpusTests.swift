import Foundation
import Testing
@testable import YAJLModel

@Suite("Corpus: every benchmark file against JSONSerialization, tree size, writer round trips",
       .enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
struct CorpusTests {
    @Test(arguments: SharedData.corpusFiles)
    func matchesJSONSerialization(file: String) throws {
        let parsed = try SharedData.corpusDocument(file)
        let foundation = try JSONSerialization.jsonObject(with: Data(parsed.bytes), options: [.fragmentsAllowed])
        var comparison = TreeComparison()
        comparison.compare(parsed.document.root, foundation, path: "")
        #expect(comparison.mismatches.isEmpty, "\(file): \(comparison.mismatches.prefix(10))")
        #expect(comparison.values > 0)
        // The corpus has no repeated keys, so the tree holds exactly one node per value and key.
        #expect(parsed.document.nodeCount == comparison.values + comparison.keys)
    }

    /// Values and keys per file, from the corpus table in DESIGN.md.
    static let designCounts: [String: Int] = [
        "twitter.json": 13_914 + 13_345, "citm_catalog.json": 37_778 + 25_869, "canada.json": 167_179 + 8,
        "mesh.json": 76_626 + 11, "marine_ik.json": 283_333 + 38_173, "numbers.json": 10_002,
    ]

    @Test(arguments: SharedData.corpusFiles)
    func treeIsNoLargerThanTheInput(file: String) throws {
        let parsed = try SharedData.corpusDocument(file)
        #expect(parsed.document.treeByteCount <= parsed.bytes.count, "\(file): \(parsed.document.treeByteCount) > \(parsed.bytes.count)")
        #expect(parsed.document.inputByteCount == parsed.bytes.count)
        if let expected = Self.designCounts[file] {
            #expect(parsed.document.nodeCount == expected)
        }
    }

    @Test(arguments: SharedData.corpusFiles)
    func everyNumberConvertsExactly(file: String) throws {
        let parsed = try SharedData.corpusDocument(file)
        var mismatches: [String] = []
        var numbers = 0
        forEachValue(parsed.document.root) { value in
            guard let text = value.numberText else { return }
            numbers += 1
            let expected = Double(text)
            if value.double?.bitPattern != expected?.bitPattern, mismatches.count < 10 {
                mismatches.append("\(text): \(String(describing: value.double)) vs \(String(describing: expected))")
            }
            if let integer = Int64(text), value.int64 != integer, mismatches.count < 10 {
                mismatches.append("\(text): int64 \(String(describing: value.int64))")
            }
        }
        #expect(mismatches.isEmpty, "\(file): \(mismatches)")
        if file == "canada.json" { #expect(numbers > 100_000) }
    }

    @Test(arguments: SharedData.corpusFiles, WriterTests.optionSets)
    func writerRoundTrip(file: String, options: JSONWriteOptions) throws {
        let parsed = try SharedData.corpusDocument(file)
        let written = parsed.document.jsonData(options: options)
        let reparsed = try JSONDocument(parsing: written)
        #expect(reparsed.root == parsed.document.root, "\(file) with \(options)")
        #expect(reparsed.nodeCount == parsed.document.nodeCount)
        if options.isEmpty {
            // No options: the input exactly, white space around the root included.
            #expect(written == Data(parsed.bytes), "\(file)")
            #expect(parsed.document.jsonString() == String(decoding: parsed.bytes, as: UTF8.self))
        }
        if !options.contains(.prettyPrinted) && !options.isEmpty {
            #expect(!written.contains(UInt8(ascii: "\n")))
        }
    }
}

/// Walks every value (not keys) in document order, without recursion.
func forEachValue(_ root: JSONValue, _ body: (JSONValue) -> Void) {
    var pending = [root]
    while let value = pending.popLast() {
        body(value)
        if let array = value.array { pending.append(contentsOf: array.reversed()) }
        if let object = value.object { pending.append(contentsOf: object.values.reversed()) }
    }
}

/// Compares a YAJLModel tree with the `Any` tree from JSONSerialization.
struct TreeComparison {
    var mismatches: [String] = []
    var values = 0
    var keys = 0

    mutating func fail(_ path: String, _ message: String) {
        if mismatches.count < 20 { mismatches.append("\(path.isEmpty ? "/" : path): \(message)") }
    }

    mutating func compare(_ value: JSONValue, _ other: Any, path: String) {
        values += 1
        switch value.kind {
        case .null:
            if !(other is NSNull) { fail(path, "null vs \(type(of: other))") }
        case .bool:
            guard let number = other as? NSNumber else { return fail(path, "bool vs \(type(of: other))") }
            if number.boolValue != value.bool { fail(path, "\(String(describing: value.bool)) vs \(number)") }
        case .number:
            guard let number = other as? NSNumber else { return fail(path, "number vs \(type(of: other))") }
            compareNumber(value, number, path: path)
        case .string:
            guard let string = other as? String else { return fail(path, "string vs \(type(of: other))") }
            if Array(string.utf8) != value.stringView.map(Array.init) { fail(path, "\(value) vs \(string.debugDescription)") }
        case .array:
            guard let array = other as? [Any] else { return fail(path, "array vs \(type(of: other))") }
            guard array.count == value.count else { return fail(path, "\(value.count) elements vs \(array.count)") }
            for (index, element) in (value.array ?? JSONValue.emptyArray).enumerated() {
                compare(element, array[index], path: path + "/\(index)")
            }
        case .object:
            guard let dictionary = other as? [String: Any] else { return fail(path, "object vs \(type(of: other))") }
            guard dictionary.count == value.count else { return fail(path, "\(value.count) members vs \(dictionary.count)") }
            for (key, member) in value.object! {
                keys += 1
                guard let expected = dictionary[key] else {
                    fail(path, "key \(key.debugDescription) missing from JSONSerialization's object")
                    continue
                }
                // Lookup by key must find the same member that iteration gave.
                if value[key].map({ $0.byteRange }) != member.byteRange { fail(path, "lookup of \(key.debugDescription) differs") }
                compare(member, expected, path: path + "/" + key)
            }
        }
    }

    mutating func compareNumber(_ value: JSONValue, _ number: NSNumber, path: String) {
        let type = String(cString: number.objCType)
        if type == "d" || type == "f" {
            // JSONSerialization on Linux does not always round to the nearest Double
            // (-65.613616999999977 gives -65.61361699999996), so it is a witness only to within
            // some units in the last place; `Double(String)`, correctly rounded, is the exact reference.
            guard let double = value.double, let exact = Double(value.numberText!), double.bitPattern == exact.bitPattern else {
                return fail(path, "\(value.numberText!) → \(String(describing: value.double)) vs Double(String) \(String(describing: Double(value.numberText!)))")
            }
            let foundation = number.doubleValue
            if abs(double - foundation) > 64 * max(double.ulp, foundation.ulp) {
                fail(path, "\(value.numberText!) → \(double) vs JSONSerialization's \(foundation)")
            }
        } else if let int64 = value.int64 {
            if int64 != number.int64Value { fail(path, "\(value.numberText!) → \(int64) vs \(number.int64Value)") }
        } else if let uint64 = value.uint64 {
            if uint64 != number.uint64Value { fail(path, "\(value.numberText!) → \(uint64) vs \(number.uint64Value)") }
        } else {
            fail(path, "\(value.numberText!) is not an integer here, but JSONSerialization gave \(number) of type \(type)")
        }
    }
}

extension JSONValue {
    static let emptyArray = try! JSONDocument(parsing: "[]").root.array!
}
