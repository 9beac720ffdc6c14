import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct KeyedPerson {
    var firstName: String                       // default: the property name
    @JSONKey("last_name") var lastName: String   // another key
    @JSONKey("media.m") var imageURL: URL        // a dotted path
    @JSONKey("/a.b/c") var dotted: Int           // a JSON Pointer, for a key with a dot
    @JSONKey("/x~1y/z~0w") var escaped: String   // ~1 is '/', ~0 is '~'
}

@JSONModel(keys: .snakeCase)
struct SnakePerson {
    var firstName: String
    var imageURL: URL
    var userID2: Int
    var age: Int
    @JSONKey("Surname") var lastName: String      // a @JSONKey overrides the strategy
}

@Suite("Property names to JSON keys")
struct ModelKeyMappingTests {
    static let keyedText = #"""
        {"firstName": "Ada", "last_name": "Lovelace", "media": {"m": "https://img.example/a.jpg"},
         "a.b": {"c": 7}, "a": {"b": {"c": 99}}, "x/y": {"z~w": "slash-tilde"},
         "lastName": "ignored", "imageURL": "https://wrong.example"}
        """#

    @Test func keysAndPathsAreRead() throws {
        let person = try KeyedPerson(parsing: Self.keyedText)
        #expect(person.firstName == "Ada")
        #expect(person.lastName == "Lovelace")
        #expect(person.imageURL == URL(string: "https://img.example/a.jpg"))
        #expect(person.dotted == 7)
        #expect(person.escaped == "slash-tilde")
    }

    @Test func theMappedKeyIsRequiredNotThePropertyName() throws {
        let error = ModelTestSupport.modelError {
            _ = try KeyedPerson(parsing: #"{"firstName": "Ada", "lastName": "Lovelace", "imageURL": "https://x", "dotted": 1, "escaped": "e"}"#)
        }
        #expect(try #require(error).missingKeys == ["last_name", "media.m", "a.b.c", "x/y.z~w"])
    }

    @Test func writingUsesTheMappedKeys() throws {
        let person = KeyedPerson(firstName: "Ada", lastName: "Lovelace", imageURL: URL(string: "https://img.example/a.jpg")!, dotted: 7, escaped: "e")
        #expect(person.json["last_name"]?.string == "Lovelace")
        #expect(person.json["media"]?["m"]?.string == "https://img.example/a.jpg")
        #expect(person.json["a.b"]?["c"]?.int == 7)
        #expect(person.json["x/y"]?["z~w"]?.string == "e")
        #expect(person.json["lastName"] == nil)
        #expect(person.json["a"] == nil)
        #expect(try KeyedPerson(json: person.json) == person)
    }

    @Test func snakeCaseStrategy() throws {
        let person = try SnakePerson(parsing: #"""
            {"first_name": "Ada", "image_url": "https://img.example/a.jpg", "user_id2": 2, "age": 36, "Surname": "Lovelace",
             "firstName": "wrong", "imageURL": "https://wrong.example", "last_name": "wrong"}
            """#)
        #expect(person.firstName == "Ada")
        #expect(person.imageURL == URL(string: "https://img.example/a.jpg"))
        #expect(person.userID2 == 2)
        #expect(person.age == 36)
        #expect(person.lastName == "Lovelace")
    }

    @Test func snakeCaseRequiresTheSnakeKeys() throws {
        let error = ModelTestSupport.modelError {
            _ = try SnakePerson(parsing: #"{"firstName": "Ada", "imageURL": "https://x", "userID2": 2, "age": 1, "last_name": "L"}"#)
        }
        #expect(try #require(error).missingKeys == ["first_name", "image_url", "user_id2", "Surname"])
    }

    @Test func snakeCaseWritesTheSnakeKeys() throws {
        let person = SnakePerson(firstName: "Ada", imageURL: URL(string: "https://img.example/a.jpg")!, userID2: 2, age: 36, lastName: "Lovelace")
        let keys = try #require(person.json.keys).map { $0 }
        #expect(Set(keys) == ["first_name", "image_url", "user_id2", "age", "Surname"])
        #expect(try SnakePerson(json: person.json) == person)
    }
}
