import Foundation
import Testing
import YAJLModelMacros

/// Tags read from Flickr's space-separated string, as in the JSONModel tutorial's
/// JSONValueTransformer category.
struct Tags: JSONConvertible, Hashable {
    var names: [String]

    init(names: [String]) { self.names = names }

    init(json: JSONValue) throws {
        guard let text = json.string else { throw JSONConversionError("expected a string of tags") }
        names = text.split(separator: " ").map(String.init)
    }

    var jsonRepresentation: JSON { .string(names.joined(separator: " ")) }
}

@JSONModel
struct Photo {
    var title: String
    var link: URL
    @JSONKey("media.m") var imageURL: URL
    var published: Date
    var tags: Tags
    @JSONKey("author_id") var authorID: String
}

@JSONModel
struct PhotoFeed {
    var title: String
    var modified: Date
    var items: JSONArray<Photo>

    /// Flickr escapes single quotes as `\'`, which JSON does not allow.
    static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] {
        JSONPreprocessing.unescapingSingleQuotes(bytes)
    }
}

let flickrSample = #"""
    {
      "title": "Uploads from everyone",
      "link": "https:\/\/www.flickr.com\/photos\/",
      "modified": "2024-01-05T10:15:00Z",
      "items": [
        {
          "title": "Bridge at dawn",
          "link": "https:\/\/www.flickr.com\/photos\/ada\/1\/",
          "media": {"m": "https:\/\/live.staticflickr.com\/1_m.jpg"},
          "published": "2024-01-05T09:01:02-08:00",
          "tags": "bridge dawn river",
          "author_id": "123@N01"
        },
        {
          "title": "Ada\'s harbour",
          "link": "https:\/\/www.flickr.com\/photos\/ada\/2\/",
          "media": {"m": "https:\/\/live.staticflickr.com\/2_m.jpg"},
          "published": "2024-01-05T10:00:00.250Z",
          "tags": "sea boats",
          "author_id": "456@N01"
        }
      ]
    }
    """#

@Suite("A Flickr-style public feed")
struct FlickrFeedTests {
    @Test func feedReadsAsDeclared() throws {
        let feed = try PhotoFeed(parsing: flickrSample)
        #expect(feed.title == "Uploads from everyone")
        #expect(feed.modified == Date(timeIntervalSince1970: 1_704_449_700))
        #expect(feed.items.count == 2)
        let second = feed.items[1]
        #expect(second.title == "Ada's harbour")
        #expect(second.link == URL(string: "https://www.flickr.com/photos/ada/2/"))
        #expect(second.imageURL == URL(string: "https://live.staticflickr.com/2_m.jpg"))
        #expect(second.published == Date(timeIntervalSince1970: 1_704_448_800.25))
        #expect(second.tags.names == ["sea", "boats"])
        #expect(second.authorID == "456@N01")
        #expect(feed.items[0].published == Date(timeIntervalSince1970: 1_704_474_062))
    }

    @Test func invalidJSONWithoutPreprocessing() {
        #expect(throws: JSONError.self) { try JSONDocument(parsing: flickrSample) }
    }
}
