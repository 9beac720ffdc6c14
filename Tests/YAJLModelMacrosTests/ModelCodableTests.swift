import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct CodablePhoto {
    var title: String
    @JSONKey("media.m") var image: URL
    var views: Int = 0
}

/// A plain Codable type that holds models.
struct PhotoPage: Codable, Equatable {
    var page: Int
    var photos: [CodablePhoto]
    var cover: CodablePhoto?
}

@Suite("@JSONModel types are Codable, through YAJLDecoder/YAJLEncoder and Foundation's coders")
struct ModelCodableTests {
    static let text = #"{"page": 2, "photos": [{"title": "a", "media": {"m": "https://x/a.jpg"}, "extra": [1]}, {"title": "b", "media": {"m": "https://x/b.jpg"}, "views": 3}], "cover": null}"#

    @Test func decodesTheSameThroughBothDecoders() throws {
        let ours = try YAJLDecoder().decode(PhotoPage.self, from: Data(Self.text.utf8))
        let foundation = try JSONDecoder().decode(PhotoPage.self, from: Data(Self.text.utf8))
        #expect(ours == foundation)
        #expect(ours.photos.map(\.title) == ["a", "b"])
        #expect(ours.photos[1].views == 3)
        #expect(ours.photos[0].image == URL(string: "https://x/a.jpg"))
        #expect(ours.photos[0].json["extra"]?[0]?.int == 1)  // unmapped keys come along
        #expect(ours.cover == nil)
    }

    @Test func encodesItsJSONThroughBothEncoders() throws {
        var page = try YAJLDecoder().decode(PhotoPage.self, from: Data(Self.text.utf8))
        page.photos[0].views = 9
        page.cover = CodablePhoto(title: "c", image: try #require(URL(string: "https://x/c.jpg")))
        for data in [try YAJLEncoder().encode(page), try JSONEncoder().encode(page)] {
            let back = try JSONDecoder().decode(PhotoPage.self, from: data)
            #expect(back == page)
            #expect(back.photos[0].views == 9)
            #expect(back.photos[0].json["extra"] != nil)
        }
        // YAJLEncoder copies an unchanged model's bytes.
        let unchanged = try YAJLDecoder().decode(CodablePhoto.self, from: Data(#"{"title": "a",  "media": {"m": "https://x/a.jpg"}}"#.utf8))
        #expect(String(decoding: try YAJLEncoder().encode(unchanged), as: UTF8.self) == #"{"title": "a",  "media": {"m": "https://x/a.jpg"}}"#)
    }

    @Test func invalidModelsAreDataCorruptedWithTheModelErrorUnderneath() throws {
        let bad = #"{"page": 1, "photos": [{"title": 5, "media": {"m": "https://x/a.jpg"}}]}"#
        for decode in [
            { try YAJLDecoder().decode(PhotoPage.self, from: Data(bad.utf8)) },
            { try JSONDecoder().decode(PhotoPage.self, from: Data(bad.utf8)) },
        ] as [() throws -> PhotoPage] {
            do {
                _ = try decode()
                Issue.record("expected an error")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["photos", "Index 0"])
                let underlying = try #require(context.underlyingError as? JSONModelError)
                // The model's paths go on from the coding path, as in a whole-document error.
                #expect(underlying.issues.map(\.path) == ["photos[0].title"])
            }
        }
    }
}
