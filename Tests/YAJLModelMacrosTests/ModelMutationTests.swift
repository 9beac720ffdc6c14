import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct MutableAddress {
    var city: String
    var zip: String?
}

@JSONModel
struct MutableUser {
    var name: String
    var age: Int
    var score: Double
    var nickname: String?
    var address: MutableAddress
    var tags: [String]
    var friends: [MutableAddress] = []
    @JSONKey("media.m") var avatar: String?
    var joined: Date?
    @JSONTransform(EpochSeconds.self) var seen: Date?
}

@JSONModel
struct MutableMedia {
    var m: String
    var size: Int?
}

@JSONModel
struct OverlappingPaths {
    var media: MutableMedia
    @JSONKey("media.m") var image: String
}

@JSONModel
struct MutableFeed {
    var title: String
    var items: JSONArray<MutableAddress>
}

@Suite("Mutation: copy-on-write models that write back the JSON they came from")
struct ModelMutationTests {
    static let text = """
        {
          "id": 7, "name": "Ada",
          "age": "36", "score": 20,
          "nickname": null,
          "address": {"city": "London", "zip": "N1", "floor": 3},
          "tags": ["a", "b"],
          "friends": [ {"city": "Paris",  "extra": true}, {"city": "Rome"} ],
          "joined": "2024-01-05T02:15:00.250-08:00",
          "seen": 1704449700,
          "unmapped": {"kept": [1.50e2, "caf\\u00e9"]}
        }
        """

    func user() throws -> MutableUser { try MutableUser(parsing: Self.text) }

    @Test func aCopyChangesAloneAndTheOriginalStays() throws {
        let original = try user()
        var copy = original
        copy.age = 37
        #expect(copy.age == 37)
        #expect(original.age == 36)
        #expect(original.jsonString() == Self.text)
        #expect(copy.json["age"]?.string == "37")
        #expect(original.json["age"]?.string == "36")
    }

    @Test func aWriteChangesOnlyThatValueAndKeepsItsJSONType() throws {
        var user = try user()
        user.age = 37  // held as the string "36"
        user.score = 21  // held as the integer 20; Double writes 21.0
        #expect(
            user.jsonString()
                == Self.text.replacingOccurrences(of: #""age": "36""#, with: #""age": "37""#)
                .replacingOccurrences(of: #""score": 20"#, with: #""score": 21"#))
    }

    @Test func datesKeepTheirFormat() throws {
        var user = try user()
        user.joined = user.joined.map { $0.addingTimeInterval(3600) }
        user.seen = user.seen.map { $0.addingTimeInterval(60) }
        let written = user.jsonString()
        #expect(written.contains(#""joined": "2024-01-05T03:15:00.250-08:00""#))
        #expect(written.contains(#""seen": 1704449760"#))
        #expect(try MutableUser(parsing: written).joined == user.joined)
    }

    @Test func nestedWritesKeepTheNestedObjectsOtherMembers() throws {
        let original = try user()
        var copy = original
        copy.address.city = "Oslo"
        #expect(copy.address.city == "Oslo")
        #expect(original.address.city == "London")
        #expect(copy.jsonString().contains(#""address": {"city": "Oslo", "zip": "N1", "floor": 3}"#))
    }

    @Test func nilRemovesAKeyButKeepsANull() throws {
        var user = try user()
        user.address.zip = nil
        user.nickname = nil  // was null
        let written = user.jsonString()
        #expect(written.contains(#""address": {"city": "London", "floor": 3}"#))
        #expect(written.contains(#""nickname": null"#))
        user.nickname = "Countess"
        #expect(user.jsonString().contains(#""nickname": "Countess""#))
    }

    @Test func newKeysGoAtTheEndAndPathsCreateTheirObjects() throws {
        var user = try user()
        user.avatar = "a.png"
        let written = user.jsonString()
        // The new member follows the object's own spacing: here the separator between its
        // first two members, which share a line; its new object is on lines of its own, as the
        // object's members are.
        #expect(written.hasSuffix(#""unmapped": {"kept": [1.50e2, "caf\u00e9"]}, "media": {"# + "\n    " + #""m": "a.png""# + "\n  }\n}"))
        #expect(try MutableUser(parsing: written).avatar == "a.png")
    }

    @Test func arrayEdits() throws {
        var user = try user()
        user.tags.append("c")
        user.tags.insert("z", at: 0)
        user.tags.remove(at: 1)
        user.tags[1] = "B"
        #expect(user.tags == ["z", "B", "c"])
        #expect(user.jsonString().contains(#""tags": ["z", "B", "c"]"#))
    }

    @Test func modelsInArraysKeepTheirText() throws {
        var user = try user()
        user.friends[1].city = "Roma"
        user.friends.append(MutableAddress(city: "Oslo"))
        #expect(
            user.jsonString().contains(
                #""friends": [ {"city": "Paris",  "extra": true}, {"city": "Roma"}, {"city": "Oslo"} ]"#))
        #expect(try MutableUser(parsing: user.jsonString()).friends.map(\.city) == ["Paris", "Roma", "Oslo"])
    }

    @Test func mutatingReturnsTheEditedCopy() throws {
        let user = try user()
        let older = user.mutating { $0.age += 1 }
        #expect(older.age == 37)
        #expect(user.age == 36)
        #expect(older != user)
        #expect(older == user.mutating { $0.age = 37 })
    }

    @Test func writesCopyOnlyTheSmallStorageAndOnlyWhenShared() throws {
        let original = try user()
        var copy = original
        copy.age = 37
        #expect(copy._jsonStorage !== original._jsonStorage)
        // Neither the document nor its bytes were copied: the copy reads the same tree.
        #expect(copy._jsonStorage.original.document === original._jsonStorage.original.document)
        // Held alone, the storage changes in place. (An identifier, not a reference,
        // so that the test itself does not share the storage.)
        let storage = ObjectIdentifier(copy._jsonStorage)
        copy.name = "Ada L."
        #expect(ObjectIdentifier(copy._jsonStorage) == storage)
    }

    @Test func builtModelsCanBeEditedToo() throws {
        var address = MutableAddress(city: "Oslo")
        address.zip = "0150"
        #expect(address.jsonString() == #"{"city":"Oslo","zip":"0150"}"#)
    }

    @Test func optionsReencodeTheEditedJSON() throws {
        var address = try MutableAddress(parsing: #"{"zip": "N1", "city": "London"}"#)
        address.city = "Oslo"
        #expect(address.jsonString(options: .sortedKeys) == #"{"city":"Oslo","zip":"N1"}"#)
    }

    @Test func lazyArrayEditsKeepUntouchedElementsAndTheirSpacing() throws {
        let text = #"{"title": "t", "items": [ {"city": "A"},  {"city": "B", "x": 1},  {"city": "C"} ]}"#
        let feed = try MutableFeed(parsing: text)
        var edited = feed
        edited.items[1].city = "b"
        #expect(edited.jsonString() == #"{"title": "t", "items": [ {"city": "A"},  {"city": "b", "x": 1},  {"city": "C"} ]}"#)
        edited.items.append(MutableAddress(city: "D"))
        edited.items.remove(at: 0)
        edited.items.insert(MutableAddress(city: "Z"), at: 1)
        #expect(edited.items.map(\.city) == ["b", "Z", "C", "D"])
        // Two values now stand where "A" and "B" stood: they take those places and spacing.
        #expect(edited.jsonString() == #"{"title": "t", "items": [ {"city": "b", "x": 1},  {"city":"Z"},  {"city": "C"},  {"city":"D"} ]}"#)
        #expect(try MutableFeed(parsing: edited.jsonString()).items.map(\.city) == ["b", "Z", "C", "D"])
        #expect(feed.items.map(\.city) == ["A", "B", "C"])
        #expect(feed.jsonString() == text)
    }

    @Test func propertiesWhosePathsOverlapSeeEachOthersChanges() throws {
        var model = try OverlappingPaths(parsing: #"{"media": {"m": "a.png", "size": 1}}"#)
        model.image = "b.png"
        #expect(model.media.m == "b.png")  // read after the change, through it
        model.media.size = 2
        #expect(model.image == "b.png")
        #expect(model.jsonString() == #"{"media": {"m": "b.png", "size": 2}}"#)
        // The other way round, with both already read and cached.
        _ = (model.image, model.media)
        model.media.m = "c.png"
        #expect(model.image == "c.png")
        model.image = "d.png"
        #expect(model.media.m == "d.png")
        #expect(model.media.size == 2)
    }
}
