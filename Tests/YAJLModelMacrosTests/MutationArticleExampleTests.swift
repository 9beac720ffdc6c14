import Foundation
import Testing
import YAJLModelMacros

// The examples of the DocC article "Mutation", compiled.

@JSONModel
struct ArticleAddress {
    var city: String
    var zip: String?
}

@JSONModel
struct ArticleUser {
    var name: String
    var age: Int
    var address: ArticleAddress
    var tags: [String]
    var nickname: String?
}

@Suite("The Mutation article's examples")
struct MutationArticleExampleTests {
    @Test func changingAModel() throws {
        let user = try ArticleUser(
            parsing: #"{"id": 7, "name": "Ada", "age": "36", "address": {"city": "London", "zip": "N1"}, "tags": ["a"]}"#)
        var moved = user
        moved.address.city = "Oslo"
        moved.tags.append("b")
        moved.nickname = "Countess"
        let older = user.mutating { $0.age += 1 }

        #expect(
            moved.jsonString()
                == #"{"id": 7, "name": "Ada", "age": "36", "address": {"city": "Oslo", "zip": "N1"}, "tags": ["a", "b"], "nickname": "Countess"}"#)
        #expect(
            older.jsonString()
                == #"{"id": 7, "name": "Ada", "age": "37", "address": {"city": "London", "zip": "N1"}, "tags": ["a"]}"#)
        #expect(user.age == 36)
    }

    @Test func editingUntypedJSON() throws {
        var photo: JSON = ["title": "Bridge", "tags": ["sea", nil, 1.5]]
        photo["title"] = "Harbour"
        try photo.set("night", at: "/tags/1")
        try photo.insert(["width": 800], at: "/size")
        #expect(photo == ["title": "Harbour", "tags": ["sea", "night", 1.5], "size": ["width": 800]])

        let document = try JSONDocument(parsing: #"{"name": "Ada", "age": 36, "tags": ["x"]}"#)
        let edited = try document
            .setting(37, at: "/age")
            .inserting("y", at: "/tags/-")
            .removing(at: "/name")
        #expect(edited.jsonString() == #"{"age": 37, "tags": ["x", "y"]}"#)

        let patch = try JSONPatch(
            parsing: #"[{"op": "test", "path": "/age", "value": 36}, {"op": "replace", "path": "/age", "value": 37}]"#)
        let updated = try document.applying(patch)
        let merged = try document.merging(["age": 38, "tags": nil])
        #expect(updated.jsonString() == #"{"name": "Ada", "age": 37, "tags": ["x"]}"#)
        #expect(merged.jsonString() == #"{"name": "Ada", "age": 38}"#)
        #expect(throws: JSONEditError.self) { try edited.applying(patch) }
    }
}
