import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct BuiltMedia {
    var m: URL
}

@JSONModel
struct BuiltPhoto {
    var title: String
    @JSONKey("media.m") var imageURL: URL
    @JSONKey("stats.counts.views") var views: Int = 0
    @JSONKey("stats.counts.likes") var likes: Int?
    @JSONKey("owner.name") var ownerName: String?
    var thumbnail: BuiltMedia? = nil
    var published: Date
    var tags: [String] = ["new"]
    var rating: Double?
}

@Suite("The memberwise initializer")
struct ModelMemberwiseInitTests {
    static let url = URL(string: "https://img.example/1.jpg")!
    static let date = Date(timeIntervalSince1970: 1_704_449_700)

    @Test func defaultsAndOptionalsAreOptionalParameters() throws {
        let photo = BuiltPhoto(title: "Bridge", imageURL: Self.url, published: Self.date)
        #expect(photo.title == "Bridge")
        #expect(photo.imageURL == Self.url)
        #expect(photo.views == 0)
        #expect(photo.likes == nil)
        #expect(photo.ownerName == nil)
        #expect(photo.tags == ["new"])
        #expect(photo.rating == nil)
        #expect(photo.published == Self.date)
    }

    @Test func dottedKeysCreateIntermediateObjects() throws {
        let photo = BuiltPhoto(title: "Bridge", imageURL: Self.url, views: 7, likes: 3, published: Self.date)
        #expect(photo.json["media"]?["m"]?.string == Self.url.absoluteString)
        #expect(photo.json["stats"]?["counts"]?["views"]?.int == 7)
        #expect(photo.json["stats"]?["counts"]?["likes"]?.int == 3)
        #expect(photo.json["stats"]?["counts"]?.count == 2)
        #expect(photo.json["published"]?.string == "2024-01-05T10:15:00Z")
    }

    @Test func nilIsWrittenByLeavingTheKeyOut() throws {
        let photo = BuiltPhoto(title: "Bridge", imageURL: Self.url, published: Self.date)
        #expect(photo.json["rating"] == nil)
        #expect(photo.json["owner"] == nil)
        #expect(photo.json["stats"]?["counts"]?["likes"] == nil)
        #expect(photo.json["views"] == nil)
    }

    @Test func writeThenReadBackIsEqual() throws {
        let photo = BuiltPhoto(title: "Bridge \"quoted\" / é", imageURL: Self.url, views: 12, likes: 5, ownerName: "Ada",
                               published: Self.date, tags: ["a", "b"], rating: 4.5)
        let reread = try BuiltPhoto(parsing: photo.jsonData())
        #expect(reread == photo)
        #expect(reread.title == "Bridge \"quoted\" / é")
        #expect(reread.views == 12)
        #expect(reread.likes == 5)
        #expect(reread.ownerName == "Ada")
        #expect(reread.tags == ["a", "b"])
        #expect(reread.rating == 4.5)
        #expect(reread.published == Self.date)
        let fromJSON = try BuiltPhoto(json: photo.json)
        #expect(fromJSON == photo)
    }

    @Test func nestedModelsAreWrittenAsObjects() throws {
        let thumb = URL(string: "https://img.example/1_t.jpg")!
        let photo = BuiltPhoto(title: "T", imageURL: Self.url, thumbnail: BuiltMedia(m: thumb), published: Self.date)
        #expect(photo.json["thumbnail"]?["m"]?.string == thumb.absoluteString)
        #expect(photo.thumbnail?.m == thumb)
        #expect(try BuiltPhoto(json: photo.json).thumbnail == BuiltMedia(m: thumb))
        #expect(BuiltPhoto(title: "T", imageURL: Self.url, published: Self.date).json["thumbnail"] == nil)
    }

    @Test func builtModelReadsAreCachedAndStable() throws {
        let photo = BuiltPhoto(title: "Bridge", imageURL: Self.url, published: Self.date)
        let copy = photo
        #expect(copy.title == photo.title)
        #expect(copy == photo)
        #expect(copy.hashValue == photo.hashValue)
    }
}
