import Foundation
import Testing

@testable import YAJLModel

@Suite(
    "Corpus: one value edited by pointer, written, and read back by Foundation",
    .enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
struct CorpusEditingTests {
    /// The scalar in the middle of the document (by document order), with its pointer tokens.
    static func middleScalar(of root: JSONValue) -> ([String], JSONValue)? {
        var scalars = 0
        forEachValue(root) { if $0.kind != .array && $0.kind != .object { scalars += 1 } }
        var remaining = scalars / 2
        var result: ([String], JSONValue)?
        func visit(_ value: JSONValue, _ path: [String]) {
            guard result == nil else { return }
            if let elements = value.array {
                for index in elements.indices { visit(elements[index], path + [String(index)]) }
            } else if let members = value.object {
                for member in members { visit(member.value, path + [member.key]) }
            } else if remaining == 0 {
                result = (path, value)
            } else {
                remaining -= 1
            }
        }
        visit(root, [])
        return result
    }

    static func pointer(_ tokens: [String]) -> String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// Foundation objects with `value` at `tokens`.
    static func setting(_ value: Any, at tokens: ArraySlice<String>, in object: Any) -> Any {
        guard let token = tokens.first else { return value }
        if var dictionary = object as? [String: Any], let child = dictionary[token] {
            dictionary[token] = setting(value, at: tokens.dropFirst(), in: child)
            return dictionary
        }
        if var array = object as? [Any], let index = Int(token), array.indices.contains(index) {
            array[index] = setting(value, at: tokens.dropFirst(), in: array[index])
            return array
        }
        return object
    }

    @Test(arguments: SharedData.corpusFiles)
    func onlyTheEditedValueChanges(file: String) throws {
        let parsed = try SharedData.corpusDocument(file)
        let document = parsed.document
        guard let (tokens, old) = Self.middleScalar(of: document.root) else { return }
        let replacement: JSON = old.kind == .string ? "edited ✓" : 4242
        let edited = try document.setting(replacement, at: Self.pointer(tokens))

        // The written text is the original with that value's bytes replaced, so key
        // order, white space (around the root too) and every other value are as they were.
        let written = [UInt8](edited.jsonData())
        var expected = Array(parsed.bytes[..<old.byteRange.lowerBound])
        expected += Array(replacement.jsonString().utf8)
        expected += parsed.bytes[old.byteRange.upperBound...]
        #expect(written == expected, "\(file) at \(Self.pointer(tokens))")

        // Foundation reads exactly one change.
        let before = try JSONSerialization.jsonObject(with: Data(parsed.bytes), options: [.fragmentsAllowed])
        // (Compared as Foundation's sorted-key text: on Linux, NSDictionary.isEqual can
        // answer false for equal nested contents.)
        let after = try JSONSerialization.jsonObject(with: Data(written), options: [.fragmentsAllowed])
        let wanted = Self.setting(old.kind == .string ? "edited ✓" : 4242, at: tokens[...], in: before)
        let canonical = { (object: Any) in try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]) }
        #expect(try canonical(wanted) == canonical(after), "\(file)")

        // The original document is untouched, and the edited one reads the new value.
        #expect(document.root[pointer: Self.pointer(tokens)] == old)
        #expect(edited.root[pointer: Self.pointer(tokens)].map(JSON.init) == replacement)
    }
}
