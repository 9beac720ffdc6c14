import Foundation
import Testing
import YAJLModelMacros

/// Counts every conversion (validation and decoding alike). Used by LazyItem only.
let lazyTransformCounter = ConversionCounter()
/// Counts every LazyTags conversion. Used by LazyItem only.
let lazyTagsCounter = ConversionCounter()

enum CountingEpochSeconds: JSONTransformer {
    typealias Decoded = Date
    static func read(_ json: JSONValue) throws -> Date {
        lazyTransformCounter.increment()
        return try EpochSeconds.read(json)
    }
    static func write(_ value: Date) -> JSON { EpochSeconds.write(value) }
}

struct LazyTags: JSONConvertible, Equatable {
    var names: [String]
    init(json: JSONValue) throws {
        lazyTagsCounter.increment()
        guard let text = json.string else { throw JSONConversionError("expected a string of tags") }
        names = text.split(separator: " ").map(String.init)
    }
    var jsonRepresentation: JSON { .string(names.joined(separator: " ")) }
}

@JSONModel
struct LazyItem {
    var title: String
    @JSONTransform(CountingEpochSeconds.self) var taken: Date
    var tags: LazyTags
}

@JSONModel
struct LazyFeed {
    var title: String
    var items: JSONArray<LazyItem>
    var eager: [LazyItem]
}

/// Serialized: the counters are shared by the tests of this suite (and only them).
@Suite("Laziness: reading one item's title decodes nothing else", .serialized)
struct ModelLazinessTests {
    static let itemCount = 10
    static let eagerCount = 3

    static var text: String {
        let items = (0..<itemCount).map { #"{"title": "Item \#($0)", "taken": \#(1_700_000_000 + $0), "tags": "t\#($0) x"}"# }
        let eager = (0..<eagerCount).map { #"{"title": "Eager \#($0)", "taken": \#(1_600_000_000 + $0), "tags": "e\#($0)"}"# }
        return #"{"title": "Feed", "items": [\#(items.joined(separator: ","))], "eager": [\#(eager.joined(separator: ","))]}"#
    }

    @Test func initRunsOnlyTheValidationConversions() throws {
        let transforms = lazyTransformCounter.count
        let tags = lazyTagsCounter.count
        _ = try LazyFeed(parsing: Self.text)
        // Validation converts each element's transformed and JSONConvertible property once.
        #expect(lazyTransformCounter.count - transforms == Self.itemCount + Self.eagerCount)
        #expect(lazyTagsCounter.count - tags == Self.itemCount + Self.eagerCount)
    }

    @Test func readingATitleDecodesNothing() throws {
        let feed = try LazyFeed(parsing: Self.text)
        let transforms = lazyTransformCounter.count
        let tags = lazyTagsCounter.count
        #expect(feed.title == "Feed")
        #expect(feed.items.count == Self.itemCount)
        #expect(feed.items[7].title == "Item 7")
        #expect(feed.items.map(\.title).count == Self.itemCount)
        #expect(lazyTransformCounter.count == transforms)
        #expect(lazyTagsCounter.count == tags)
    }

    @Test func readingOneTransformedPropertyConvertsExactlyOnce() throws {
        let feed = try LazyFeed(parsing: Self.text)
        let item = feed.items[4]
        let transforms = lazyTransformCounter.count
        let tags = lazyTagsCounter.count
        #expect(item.taken == Date(timeIntervalSince1970: 1_700_000_004))
        #expect(lazyTransformCounter.count == transforms + 1)
        #expect(item.taken == Date(timeIntervalSince1970: 1_700_000_004))  // cached
        #expect(lazyTransformCounter.count == transforms + 1)
        let copy = item  // copies share the cache
        #expect(copy.taken == Date(timeIntervalSince1970: 1_700_000_004))
        #expect(lazyTransformCounter.count == transforms + 1)
        #expect(lazyTagsCounter.count == tags)
    }

    @Test func readingOneConvertiblePropertyConvertsExactlyOnce() throws {
        let feed = try LazyFeed(parsing: Self.text)
        let item = feed.items[2]
        let transforms = lazyTransformCounter.count
        let tags = lazyTagsCounter.count
        #expect(item.tags.names == ["t2", "x"])
        #expect(item.tags.names == ["t2", "x"])
        #expect(lazyTagsCounter.count == tags + 1)
        #expect(lazyTransformCounter.count == transforms)
    }

    /// JSONArray builds a fresh element on each subscript (documented): each new element
    /// model has its own cache, so the conversion runs once per element model.
    @Test func eachJSONArrayAccessIsAFreshModel() throws {
        let feed = try LazyFeed(parsing: Self.text)
        let transforms = lazyTransformCounter.count
        _ = feed.items[1].taken
        _ = feed.items[1].taken
        #expect(lazyTransformCounter.count == transforms + 2)
    }

    @Test func eagerArrayElementsAreBuiltOnceAndCacheTheirProperties() throws {
        let feed = try LazyFeed(parsing: Self.text)
        let transforms = lazyTransformCounter.count
        #expect(feed.eager.map(\.title) == ["Eager 0", "Eager 1", "Eager 2"])
        #expect(lazyTransformCounter.count == transforms)  // building the array converts nothing
        #expect(feed.eager[1].taken == Date(timeIntervalSince1970: 1_600_000_001))
        #expect(feed.eager[1].taken == Date(timeIntervalSince1970: 1_600_000_001))
        #expect(lazyTransformCounter.count == transforms + 1)
    }

    @Test func invalidElementStopsInitBeforeAnyDecoding() throws {
        let text = Self.text.replacingOccurrences(of: #""taken": 1700000005"#, with: #""taken": "noon""#)
        let transforms = lazyTransformCounter.count
        let error = try #require(ModelTestSupport.modelError { _ = try LazyFeed(parsing: text) })
        #expect(error.issues.map(\.path) == ["items[5].taken"])
        // Validation still checks every element: the ten items and three eager ones.
        #expect(lazyTransformCounter.count - transforms == Self.itemCount + Self.eagerCount)
    }
}
