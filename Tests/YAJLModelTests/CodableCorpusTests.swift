import Foundation
import Testing
@testable import YAJLModel

@Suite("YAJLDecoder and YAJLEncoder on the corpus, against JSONDecoder and JSONEncoder",
       .enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
struct CodableCorpusTests {
    @Test func twitterDecodesAsWithJSONDecoder() throws {
        let bytes = try SharedData.corpusBytes("twitter.json")
        let foundation = try JSONDecoder().decode(TwitterSearch.self, from: Data(bytes))
        let yajl = try YAJLDecoder().decode(TwitterSearch.self, from: Data(bytes))
        #expect(yajl == foundation)
        #expect(yajl.statuses.count == 100)
        #expect(yajl.statuses.contains { $0.retweeted_status != nil })
        #expect(try YAJLDecoder().decode(TwitterSearch.self, from: bytes) == foundation)
    }

    @Test func citmCatalogDecodesAsWithJSONDecoder() throws {
        let bytes = try SharedData.corpusBytes("citm_catalog.json")
        let foundation = try JSONDecoder().decode(CitmCatalog.self, from: Data(bytes))
        let yajl = try YAJLDecoder().decode(CitmCatalog.self, from: Data(bytes))
        #expect(yajl == foundation)
        #expect(yajl.events.count == foundation.events.count && !yajl.events.isEmpty)
    }

    @Test func feedDecodesAsWithJSONDecoder() throws {
        let bytes = GeneratedFeed.json(count: 2_000)
        let yajl = try YAJLDecoder().decode([FeedItem].self, from: bytes)
        #expect(yajl == (try JSONDecoder().decode([FeedItem].self, from: Data(bytes))))
        #expect(yajl.count == 2_000)
    }

    @Test func subtreesDecodeWithoutTheRest() throws {
        let bytes = try SharedData.corpusBytes("twitter.json")
        let whole = try YAJLDecoder().decode(TwitterSearch.self, from: bytes)
        let decoder = YAJLDecoder()
        #expect(try decoder.decode([Status].self, from: bytes, at: "statuses") == whole.statuses)
        #expect(try decoder.decode([Status].self, from: Data(bytes), at: "/statuses") == whole.statuses)
        #expect(try decoder.decode(User.self, from: bytes, at: "statuses[3].user") == whole.statuses[3].user)
        #expect(try decoder.decode(User.self, from: bytes, at: "/statuses/3/user") == whole.statuses[3].user)
        #expect(try decoder.decode(SearchMetadata.self, from: bytes, at: "search_metadata") == whole.search_metadata)
        let document = try JSONDocument(parsing: bytes)
        #expect(try decoder.decode(Status.self, from: document.root, at: "statuses.0") == whole.statuses[0])
        #expect(try decoder.decode(TwitterSearch.self, from: document.root) == whole)
    }

    /// Sorted keys make JSONEncoder's output deterministic, so the two encoders' bytes can be compared.
    @Test(arguments: [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes]])
    func corpusEncodesAsWithJSONEncoder(formatting: JSONEncoder.OutputFormatting) throws {
        let twitter = try YAJLDecoder().decode(TwitterSearch.self, from: try SharedData.corpusBytes("twitter.json"))
        let citm = try YAJLDecoder().decode(CitmCatalog.self, from: try SharedData.corpusBytes("citm_catalog.json"))
        expectSameEncoding(twitter, EncoderSetup(formatting: formatting))
        expectSameEncoding(citm, EncoderSetup(formatting: formatting))
        let encoder = YAJLEncoder()
        encoder.outputFormatting = formatting
        #expect(try YAJLDecoder().decode(TwitterSearch.self, from: encoder.encode(twitter)) == twitter)
        #expect(try YAJLDecoder().decode(CitmCatalog.self, from: encoder.encode(citm)) == citm)
    }
}
