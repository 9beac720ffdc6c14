import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct CheckedMedia {
    var m: URL
}

@JSONModel
struct CheckedItem {
    var title: String
    var link: URL
    var media: CheckedMedia
    var published: Date
    var views: UInt16 = 0
    var kind: MediaKind?
}

@JSONModel
struct CheckedFeed {
    var title: String
    var modified: Date
    var items: JSONArray<CheckedItem>
    var featured: [CheckedItem] = []
    var author: String
    var generator: String
}

@Suite("Validation: the whole graph is checked at init, every issue reported")
struct ModelValidationTests {
    static func item(_ index: Int, media: String? = nil, published: String = "\"2024-01-05T10:15:00Z\"", extra: String = "") -> String {
        let media = media ?? #"{"m": "https://img.example/\#(index).jpg"}"#
        return #"{"title": "Item \#(index)", "link": "https://example.com/\#(index)", "media": \#(media), "published": \#(published)\#(extra)}"#
    }

    static func feed(items: [String], extra: String = "") -> String {
        #"{"title": "Feed", "modified": "2024-01-05T10:15:00Z", "author": "A", "generator": "G", "items": [\#(items.joined(separator: ", "))]\#(extra)}"#
    }

    @Test func aValidFeedReads() throws {
        let feed = try CheckedFeed(parsing: Self.feed(items: (0..<5).map { Self.item($0) }))
        #expect(feed.items.count == 5)
        #expect(feed.items[3].media.m == URL(string: "https://img.example/3.jpg"))
        #expect(feed.featured.isEmpty)
    }

    @Test func badURLDeepInsideAnArrayHasTheExactPathAndOffset() throws {
        var items = (0..<5).map { Self.item($0) }
        items[3] = Self.item(3, media: #"{"m": ""}"#)
        let text = Self.feed(items: items)
        let error = try #require(ModelTestSupport.modelError { _ = try CheckedFeed(parsing: text) })
        #expect(error.issues.count == 1)
        #expect(error.issues.first?.path == "items[3].media.m")
        #expect(error.issues.first?.offset == ModelTestSupport.offset(of: #"{"m": ""}"#, in: text).map { $0 + 6 })
        #expect(error.issues.first?.reason.isInvalidValue == true)
    }

    @Test func missingNestedKeyPointsAtTheObjectThatLacksIt() throws {
        var items = (0..<5).map { Self.item($0) }
        items[3] = Self.item(3, media: #"{"small": "https://img.example/3.jpg"}"#)
        let text = Self.feed(items: items)
        let error = try #require(ModelTestSupport.modelError { _ = try CheckedFeed(parsing: text) })
        #expect(error.missingKeys == ["items[3].media.m"])
        #expect(error.issues.first?.offset == ModelTestSupport.offset(of: #"{"small""#, in: text))
    }

    @Test func everyMissingKeyIsListed() throws {
        let text = #"{"items": [{"title": "a", "link": "https://x", "published": "2024-01-05"}, {"media": {}}], "generator": null}"#
        let error = try #require(ModelTestSupport.modelError { _ = try CheckedFeed(parsing: text) })
        #expect(error.missingKeys == [
            "title", "modified", "items[0].media", "items[1].title", "items[1].link", "items[1].media.m", "items[1].published",
            "author", "generator",
        ])
        #expect(error.issues.allSatisfy { $0.reason == .missingKey })
        #expect(ModelTestSupport.issue(at: "title", in: error)?.offset == 0)
        #expect(ModelTestSupport.issue(at: "items[1].title", in: error)?.offset == ModelTestSupport.offset(of: #"{"media": {}}"#, in: text))
        #expect(ModelTestSupport.issue(at: "items[1].media.m", in: error)?.offset == ModelTestSupport.offset(of: "{}}", in: text))
    }

    @Test func mixedProblemsAreAllReportedInOrder() throws {
        let items = [
            Self.item(0),
            Self.item(1, published: "\"tomorrow\""),
            Self.item(2, extra: #", "views": 70000"#),
            Self.item(3, extra: #", "kind": "gif""#),
            Self.item(4, media: "[]"),
        ]
        let text = Self.feed(items: items, extra: #", "featured": [{"title": 5}]"#)
        let error = try #require(ModelTestSupport.modelError { _ = try CheckedFeed(parsing: text) })
        #expect(error.issues.map(\.path) == [
            "items[1].published", "items[2].views", "items[3].kind", "items[4].media",
            "featured[0].title", "featured[0].link", "featured[0].media", "featured[0].published",
        ])
        #expect(error.issues[0].offset == ModelTestSupport.offset(of: "\"tomorrow\"", in: text))
        #expect(error.issues[1].offset == ModelTestSupport.offset(of: "70000", in: text))
        #expect(error.issues[1].reason.invalidValueMessage?.contains("out of range") == true)
        #expect(error.issues[2].offset == ModelTestSupport.offset(of: "\"gif\"", in: text))
        #expect(error.issues[3].reason == .wrongKind(expected: "object", found: .array))
        #expect(error.issues[3].offset == ModelTestSupport.offset(of: "[]", in: text))
        #expect(error.issues[4].reason == .wrongKind(expected: "string", found: .number))
        #expect(error.missingKeys == ["featured[0].link", "featured[0].media", "featured[0].published"])
    }

    @Test func errorDescriptionsNameThePaths() throws {
        let text = Self.feed(items: [Self.item(0, media: #"{"m": 1}"#)], extra: "")
            .replacingOccurrences(of: #""author": "A", "#, with: "")
        let error = try #require(ModelTestSupport.modelError { _ = try CheckedFeed(parsing: text) })
        #expect(error.issues.count == 2)
        #expect(error.description.contains("items[0].media.m"))
        #expect(error.description.contains("author: missing key at line 1, column 1 (byte 0)"))
        #expect(error.issues[0].description.hasPrefix("items[0].media.m: "))
    }

    /// Getters have no way to throw: they are plain properties (this compiles without `try`).
    @Test func gettersDoNotThrow() throws {
        let feed = try CheckedFeed(parsing: Self.feed(items: [Self.item(0)]))
        let title: String = feed.items[0].title
        let date: Date = feed.items[0].published
        #expect(title == "Item 0")
        #expect(date == Date(timeIntervalSince1970: 1_704_449_700))
    }
}
