import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct IssueItem {
    var id: Int
    var name: String
}

@JSONModel
struct IssueHolder {
    var items: [IssueItem]
    var lazyItems: JSONArray<IssueItem>
    var byName: [String: IssueItem]
}

/// Arrays and dictionaries read on their own (`[T](json:)`, `JSONArray<T>(json:)`,
/// `[String: T](json:)`) report every problem of every element, each under its index or
/// key, in the paths a model holding them reports (with the property's name in front).
@Suite("Problems in arrays and dictionaries")
struct ModelContainerIssuesTests {
    static let elements = """
        [{"id": 1, "name": "a"},
         {"name": "b"},
         {"id": true, "name": "c"},
         {"id": 4}]
        """
    static let members = """
        {"a": {"id": 1, "name": "a"},
         "b": {"name": "b"},
         "c.d": {"id": true, "name": "c"}}
        """

    static func summary(_ error: JSONModelError?) -> [String] {
        (error?.issues ?? []).map { issue in
            let place = issue.location.map { "\($0.line):\($0.column)" } ?? "?"
            return "\(issue.path) \(issue.reason) @\(issue.offset) \(place)"
        }
    }

    /// Each issue with its byte offset and line:column, counted from the text.
    static let elementIssues = [
        "[1].id missing key @\(ModelTestSupport.offset(of: #"{"name": "b"}"#, in: elements) ?? -1) 2:2",
        "[2].id expected number, found bool @\(ModelTestSupport.offset(of: "true", in: elements) ?? -1) 3:9",
        "[3].name missing key @\(ModelTestSupport.offset(of: #"{"id": 4}"#, in: elements) ?? -1) 4:2",
    ]

    @Test func arrayListsEveryBadElementWithItsIndex() throws {
        let document = try JSONDocument(parsing: Self.elements)
        let error = ModelTestSupport.modelError { _ = try [IssueItem](json: document.root) }
        #expect(Self.summary(error) == Self.elementIssues)
    }

    @Test func lazyArrayListsEveryBadElementWithItsIndex() throws {
        let document = try JSONDocument(parsing: Self.elements)
        let error = ModelTestSupport.modelError { _ = try JSONArray<IssueItem>(json: document.root) }
        #expect(Self.summary(error) == Self.elementIssues)
    }

    @Test func dictionaryListsEveryBadValueWithItsKey() throws {
        let document = try JSONDocument(parsing: Self.members)
        let error = ModelTestSupport.modelError { _ = try [String: IssueItem](json: document.root) }
        #expect(Self.summary(error) == [
            "b.id missing key @\(ModelTestSupport.offset(of: #"{"name": "b"}"#, in: Self.members) ?? -1) 2:7",
            "c.d.id expected number, found bool @\(ModelTestSupport.offset(of: "true", in: Self.members) ?? -1) 3:16",
        ])
    }

    @Test func nestedArraysNameEveryIndex() throws {
        let document = try JSONDocument(parsing: #"[[{"id": 1, "name": "a"}], [{"id": 2}, {"id": 3, "name": 4}]]"#)
        let error = ModelTestSupport.modelError { _ = try [[IssueItem]](json: document.root) }
        #expect(error?.issues.map(\.path) == ["[1][0].name", "[1][1].name"])
    }

    @Test func aValueOfAnotherKindIsAnIssueAtTheRoot() throws {
        let document = try JSONDocument(parsing: #"{"id": 1}"#)
        let arrayError = ModelTestSupport.modelError { _ = try [IssueItem](json: document.root) }
        #expect(arrayError?.issues.map(\.reason) == [.wrongKind(expected: "array", found: .object)])
        let list = try JSONDocument(parsing: "[1]")
        let dictionaryError = ModelTestSupport.modelError { _ = try [String: Int](json: list.root) }
        #expect(dictionaryError?.issues.map(\.reason) == [.wrongKind(expected: "object", found: .array)])
        #expect(dictionaryError?.issues.map(\.path) == [""])
    }

    @Test func scalarElementsAreReportedToo() throws {
        let document = try JSONDocument(parsing: #"[1, "two", 3, null]"#)
        let error = ModelTestSupport.modelError { _ = try [Int](json: document.root) }
        #expect(error?.issues.map(\.path) == ["[1]", "[3]"])
        #expect(error?.issues.map(\.offset) == [4, 14])
    }

    /// The same problems inside a model: the property's name in front of each path.
    @Test func aModelReportsTheSamePathsUnderItsProperty() throws {
        let text = """
            {"items": \(Self.elements), "lazyItems": \(Self.elements), "byName": \(Self.members)}
            """
        let error = ModelTestSupport.modelError { _ = try IssueHolder(parsing: text) }
        let paths = error?.issues.map(\.path) ?? []
        #expect(paths == ["items[1].id", "items[2].id", "items[3].name",
                          "lazyItems[1].id", "lazyItems[2].id", "lazyItems[3].name",
                          "byName.b.id", "byName.c.d.id"])
    }

    @Test func validElementsAreAllRead() throws {
        let document = try JSONDocument(parsing: #"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#)
        #expect(try [IssueItem](json: document.root).map(\.id) == [1, 2])
        let members = try JSONDocument(parsing: #"{"x": 1, "y": 2, "x": 3}"#)
        #expect(try [String: Int](json: members.root) == ["x": 3, "y": 2])
    }
}
