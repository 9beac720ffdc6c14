import Foundation
import Testing
import YAJLModelMacros

/// The README's "Models" example, line for line, with its comments turned into expectations.
/// Keep the two in step. The namespace keeps its `Photo` apart from the other tests' models.
enum ReadmeModelExample {
    @JSONModel
    struct Photo {
        var title: String
        @JSONKey("media.m") var imageURL: URL
        var tags: [String] = []
    }

    @Suite("The README's Models example")
    struct Tests {
        @Test func example() throws {
            let photo = try Photo(parsing: #"{"title": "Bridge", "id": 7, "media": {"m": "https://example.com/b.jpg"}}"#)
            #expect("\(photo.imageURL)" == "https://example.com/b.jpg")
            #expect(photo.tags == [])                   // []: the key is missing, so the default applies

            var renamed = photo
            renamed.title = "Tower"
            #expect(renamed.jsonString() == #"{"title": "Tower", "id": 7, "media": {"m": "https://example.com/b.jpg"}}"#)

            var paths: [String] = []
            do {
                _ = try Photo(parsing: #"{"title": 7, "media": {}}"#)
            } catch {
                paths = error.issues.map(\.path)        // ["title", "media.m"]: every problem, with its path and offset
            }
            #expect(paths == ["title", "media.m"])
        }
    }
}
