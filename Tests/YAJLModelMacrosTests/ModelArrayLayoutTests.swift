import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct LayoutItem {
    var id: Int
    var tags: [String]
}

@JSONModel
struct LayoutList {
    var items: JSONArray<LayoutItem>
}

@JSONModel
struct LayoutHolder {
    var item: LayoutItem
    var other: LayoutItem
}

/// Elements put into a `JSONArray` (assigned, appended, inserted) are written as the array's
/// other elements are: on lines of their own with the same indentation when the input is
/// pretty-printed, compact when it is compact.
@Suite("New JSONArray elements follow the array's layout")
struct ModelArrayLayoutTests {
    /// `[{"id": 1, "tags": ["a"]}, {"id": 2, "tags": []}]` under `items`, indented by `unit`
    /// and with `separator` between keys and values.
    static func document(unit: String, separator: String = ": ", ids: [Int] = [1, 2], newline: String = "\n") -> String {
        func indent(_ level: Int) -> String { String(repeating: unit, count: level) }
        let elements = ids.map { id in
            let tags = id == 1 ? "[\(newline)\(indent(4))\"a\"\(newline)\(indent(3))]" : "[]"
            return "\(indent(2)){\(newline)\(indent(3))\"id\"\(separator)\(id),\(newline)\(indent(3))\"tags\"\(separator)\(tags)\(newline)\(indent(2))}"
        }
        return "{\(newline)\(indent(1))\"items\"\(separator)[\(newline)" + elements.joined(separator: ",\(newline)") + "\(newline)\(indent(1))]\(newline)}"
    }

    @Test(arguments: ["  ", "    ", "\t"])
    func anAssignedElementIsIndentedAsItsNeighbours(unit: String) throws {
        var list = try LayoutList(parsing: Self.document(unit: unit))
        list.items[1] = LayoutItem(id: 1, tags: ["a"])
        #expect(list.jsonString() == Self.document(unit: unit, ids: [1, 1]))
    }

    @Test(arguments: ["  ", "    "])
    func appendedAndInsertedElementsAreIndentedAsTheOthers(unit: String) throws {
        var list = try LayoutList(parsing: Self.document(unit: unit))
        list.items.append(LayoutItem(id: 2, tags: []))
        list.items.insert(LayoutItem(id: 1, tags: ["a"]), at: 0)
        #expect(list.jsonString() == Self.document(unit: unit, ids: [1, 1, 2, 2]))
        // What was written reads back as the same model.
        #expect(try LayoutList(parsing: list.jsonString()) == list)
    }

    @Test func theDocumentsKeySeparatorAndLineBreaksAreKept() throws {
        let text = Self.document(unit: "  ", separator: " : ", newline: "\r\n")
        var list = try LayoutList(parsing: text)
        list.items[1] = LayoutItem(id: 1, tags: ["a"])
        #expect(list.jsonString() == Self.document(unit: "  ", separator: " : ", ids: [1, 1], newline: "\r\n"))
    }

    @Test func aCompactArrayStaysCompact() throws {
        var list = try LayoutList(parsing: #"{"items":[{"id":1,"tags":["a"]},{"id":2,"tags":[]}]}"#)
        list.items[1] = LayoutItem(id: 3, tags: ["b", "c"])
        list.items.append(LayoutItem(id: 4, tags: []))
        #expect(list.jsonString() == #"{"items":[{"id":1,"tags":["a"]},{"id":3,"tags":["b","c"]},{"id":4,"tags":[]}]}"#)
    }

    /// An array on one line among indented keys stays on its line: only line breaks in the
    /// array's own text make its new elements break lines.
    @Test func anArrayOnOneLineStaysOnOneLine() throws {
        let text = "{\n  \"items\": [{\"id\": 1, \"tags\": []}, {\"id\": 2, \"tags\": []}]\n}"
        var list = try LayoutList(parsing: text)
        list.items[0] = LayoutItem(id: 5, tags: ["x"])
        #expect(list.jsonString() == "{\n  \"items\": [{\"id\":5,\"tags\":[\"x\"]}, {\"id\": 2, \"tags\": []}]\n}")
    }

    /// An element changed in place (not replaced by a new value) keeps its own text.
    @Test func anElementEditedInPlaceKeepsItsText() throws {
        var list = try LayoutList(parsing: Self.document(unit: "  "))
        list.items[0].id = 2
        #expect(list.jsonString() == Self.document(unit: "  ").replacingOccurrences(of: "\"id\": 1", with: "\"id\": 2"))
    }

    /// Strings holding brackets, commas and colons are copied as they are.
    @Test func stringsAreNotReformatted() throws {
        var list = try LayoutList(parsing: Self.document(unit: "  "))
        list.items[1] = LayoutItem(id: 2, tags: [#"[a, {b}: "c"]"#, ""])
        let written = list.jsonString()
        #expect(written.contains(#"    {\#n      "id": 2,\#n      "tags": [\#n        "[a, {b}: \"c\"]",\#n        ""\#n      ]\#n    }"#))
        #expect(try LayoutList(parsing: written).items[1].tags == [#"[a, {b}: "c"]"#, ""])
    }

    /// A model property replaced by a new value is laid out like the value it replaces:
    /// on lines of its own when that one was, on one line when it was.
    @Test func aReplacedMemberLooksLikeTheValueItReplaces() throws {
        let text = """
            {
              "item": {
                "id": 1,
                "tags": []
              },
              "other": {"id": 2, "tags": []}
            }
            """
        var holder = try LayoutHolder(parsing: text)
        holder.item = LayoutItem(id: 3, tags: ["x"])
        holder.other = LayoutItem(id: 4, tags: ["y"])
        #expect(holder.jsonString() == """
            {
              "item": {
                "id": 3,
                "tags": [
                  "x"
                ]
              },
              "other": {"id":4,"tags":["y"]}
            }
            """)
    }

    /// The same through a document's own edits (`setting(_:at:)`).
    @Test func documentEditsFollowTheArraysLayout() throws {
        let document = try JSONDocument(parsing: Self.document(unit: "    "))
        let edited = try document.setting(["id": 1, "tags": ["a"]], at: "/items/1").setting(["id": 2, "tags": []], at: "/items/-")
        #expect(edited.jsonString() == Self.document(unit: "    ", ids: [1, 1, 2]))
        #expect(edited.root[pointer: "/items/2/id"]?.int == 2)
    }
}
