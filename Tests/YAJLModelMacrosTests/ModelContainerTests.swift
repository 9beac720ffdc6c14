import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct ContainerAuthor {
    var name: String
    var age: Int = 0
}

@JSONModel
struct ContainerLibrary {
    var owner: ContainerAuthor
    var coOwner: ContainerAuthor?
    var authors: [ContainerAuthor]
    var lazyAuthors: JSONArray<ContainerAuthor>
    var scores: [Int]
    var lazyScores: JSONArray<Double>
    var nicknames: [String: String]
    var ranks: [String: ContainerAuthor]
    var matrix: [[Int]]
    var extra: JSONValue
    var tags: [String]?
}

@Suite("Arrays, dictionaries, nested models and JSONValue")
struct ModelContainerTests {
    static let text = #"""
        {
          "owner": {"name": "Ada", "age": 36},
          "authors": [{"name": "Grace"}, {"name": "Alan", "age": 41}],
          "lazyAuthors": [{"name": "Edsger", "age": 72}, {"name": "Barbara"}, {"name": "Donald", "age": 86}],
          "scores": [1, 2, "3"],
          "lazyScores": [1.5, -2, "0.25"],
          "nicknames": {"ada": "Countess", "alan": "Prof"},
          "ranks": {"first": {"name": "Grace"}, "second": {"name": "Ada", "age": 36}},
          "matrix": [[1, 2], [], [3]],
          "extra": {"anything": [true, null, {"deep": "value"}]},
          "unmapped": 1
        }
        """#

    @Test func containersRead() throws {
        let library = try ContainerLibrary(parsing: Self.text)
        #expect(library.owner.name == "Ada")
        #expect(library.owner.age == 36)
        #expect(library.coOwner == nil)
        #expect(library.authors.map(\.name) == ["Grace", "Alan"])
        #expect(library.authors.map(\.age) == [0, 41])
        #expect(library.scores == [1, 2, 3])
        #expect(Array(library.lazyScores) == [1.5, -2, 0.25])
        #expect(library.nicknames == ["ada": "Countess", "alan": "Prof"])
        #expect(library.ranks["second"]?.name == "Ada")
        #expect(library.ranks["first"]?.age == 0)
        #expect(library.matrix == [[1, 2], [], [3]])
        #expect(library.extra["anything"]?[2]?["deep"]?.string == "value")
        #expect(library.extra["anything"]?[1]?.isNull == true)
        #expect(library.tags == nil)
    }

    @Test func jsonArrayIsARandomAccessCollectionOfModels() throws {
        let library = try ContainerLibrary(parsing: Self.text)
        let authors = library.lazyAuthors
        #expect(authors.count == 3)
        #expect(authors.isEmpty == false)
        #expect(authors[2].name == "Donald")
        #expect(authors[1].age == 0)
        #expect(authors.map(\.name) == ["Edsger", "Barbara", "Donald"])
        #expect(authors.reversed().map(\.age) == [86, 0, 72])
        #expect(authors.last?.name == "Donald")
        #expect(authors.json.kind == .array)
    }

    @Test func emptyContainers() throws {
        let library = try ContainerLibrary(parsing: #"""
            {"owner": {"name": "A"}, "authors": [], "lazyAuthors": [], "scores": [], "lazyScores": [],
             "nicknames": {}, "ranks": {}, "matrix": [], "extra": [], "tags": []}
            """#)
        #expect(library.authors.isEmpty)
        #expect(library.lazyAuthors.isEmpty)
        #expect(library.lazyAuthors.count == 0)
        #expect(library.nicknames.isEmpty)
        #expect(library.tags == [])
    }

    @Test func jsonValueAcceptsAnyKindButIsStillRequired() throws {
        let base = #""owner": {"name": "A"}, "authors": [], "lazyAuthors": [], "scores": [], "lazyScores": [], "nicknames": {}, "ranks": {}, "matrix": []"#
        let withNumber = try ContainerLibrary(parsing: "{\(base), \"extra\": 5}")
        #expect(withNumber.extra.int == 5)
        let error = ModelTestSupport.modelError { _ = try ContainerLibrary(parsing: "{\(base)}") }
        #expect(try #require(error).missingKeys == ["extra"])
    }

    @Test func errorsInsideContainersHaveFullPaths() throws {
        let text = #"""
            {"owner": {"name": 1}, "coOwner": {"age": 2}, "authors": [{"name": "ok"}, {}],
             "lazyAuthors": [{"name": "a"}, {"name": "b"}, {"name": "c", "age": "old"}],
             "scores": [1, 2.5], "lazyScores": [1, "x"], "nicknames": {"a": 1}, "ranks": {"r": {"age": 1}},
             "matrix": [[1], [true]], "extra": 0, "tags": [1]}
            """#
        let error = try #require(ModelTestSupport.modelError { _ = try ContainerLibrary(parsing: text) })
        #expect(error.issues.map(\.path) == [
            "owner.name", "coOwner.name", "authors[1].name", "lazyAuthors[2].age", "scores[1]", "lazyScores[1]",
            "nicknames.a", "ranks.r.name", "matrix[1][0]", "tags[0]",
        ])
        #expect(error.missingKeys == ["coOwner.name", "authors[1].name", "ranks.r.name"])
        #expect(ModelTestSupport.issue(at: "authors[1].name", in: error)?.offset == ModelTestSupport.offset(of: "{}", in: text))
        #expect(ModelTestSupport.issue(at: "lazyAuthors[2].age", in: error)?.offset == ModelTestSupport.offset(of: "\"old\"", in: text))
        #expect(ModelTestSupport.issue(at: "matrix[1][0]", in: error)?.offset == ModelTestSupport.offset(of: "true", in: text))
    }

    @Test func containerOfTheWrongKind() throws {
        let text = #"""
            {"owner": [], "authors": {}, "lazyAuthors": "no", "scores": 1, "lazyScores": null,
             "nicknames": [], "ranks": 3, "matrix": [1], "extra": 0}
            """#
        let error = try #require(ModelTestSupport.modelError { _ = try ContainerLibrary(parsing: text) })
        #expect(error.issues.map(\.path) == ["owner", "authors", "lazyAuthors", "scores", "lazyScores", "nicknames", "ranks", "matrix[0]"])
        #expect(error.issues[0].reason == .wrongKind(expected: "object", found: .array))
        #expect(error.issues[1].reason == .wrongKind(expected: "array", found: .object))
        #expect(error.issues[4].reason == .missingKey)
        #expect(error.issues[5].reason == .wrongKind(expected: "object", found: .array))
    }

    @Test func containersWriteBackAndReadEqual() throws {
        let original = try ContainerLibrary(parsing: Self.text)
        let rebuilt = ContainerLibrary(
            owner: original.owner, coOwner: ContainerAuthor(name: "Bob"), authors: original.authors, lazyAuthors: original.lazyAuthors,
            scores: original.scores, lazyScores: original.lazyScores, nicknames: original.nicknames, ranks: original.ranks,
            matrix: original.matrix, extra: original.extra, tags: ["x"])
        let reread = try ContainerLibrary(json: rebuilt.json)
        #expect(reread == rebuilt)
        #expect(reread.coOwner?.name == "Bob")
        #expect(reread.coOwner?.json["age"]?.int == 0)
        #expect(reread.lazyAuthors.map(\.name) == ["Edsger", "Barbara", "Donald"])
        #expect(Array(reread.lazyScores) == [1.5, -2, 0.25])
        #expect(reread.scores == [1, 2, 3])
        #expect(reread.json["scores"]?[2]?.kind == .number)
        #expect(reread.ranks == original.ranks)
        #expect(reread.extra == original.extra)
        #expect(reread.tags == ["x"])
        #expect(reread.json["unmapped"] == nil)
    }
}
