import Foundation
import Testing
import YAJLModel

/// The `--codable` output for twitter.json and citm_catalog.json, compiled as written: it
/// decodes the file with a plain `YAJLDecoder()` and a plain `JSONDecoder()`, and a plain
/// `JSONEncoder()` writes back the same values.
@Suite("Generated Codable types read and write the corpus", .enabled(if: GeneratorCorpus.isAvailable, "../shared/corpus not found beside the package"))
struct GeneratedCodableTests {
    func roundTrip<T: Codable>(_ type: T.Type, file: String, decoder: (Data) throws -> T) throws {
        let data = try Data(contentsOf: GeneratorCorpus.url(file))
        let decoded = try decoder(data)
        let written = try JSONEncoder().encode(decoded)
        let expected = try JSONDocument(parsing: data).root
        let actual = try JSONDocument(parsing: written).root
        #expect(firstDifference(expected, actual) == nil, "\(file): the first value that differs after the round trip")
    }

    @Test func twitterWithYAJLDecoder() throws {
        try roundTrip(GeneratedTwitter.Search.self, file: "twitter.json") { try YAJLDecoder().decode(GeneratedTwitter.Search.self, from: $0) }
    }

    @Test func twitterWithJSONDecoder() throws {
        try roundTrip(GeneratedTwitter.Search.self, file: "twitter.json") { try JSONDecoder().decode(GeneratedTwitter.Search.self, from: $0) }
    }

    @Test func citmWithYAJLDecoder() throws {
        try roundTrip(GeneratedCitm.Catalog.self, file: "citm_catalog.json") { try YAJLDecoder().decode(GeneratedCitm.Catalog.self, from: $0) }
    }

    @Test func citmWithJSONDecoder() throws {
        try roundTrip(GeneratedCitm.Catalog.self, file: "citm_catalog.json") { try JSONDecoder().decode(GeneratedCitm.Catalog.self, from: $0) }
    }

    @Test func twitterPropertiesHoldTheFilesValues() throws {
        let data = try Data(contentsOf: GeneratorCorpus.url("twitter.json"))
        let search = try YAJLDecoder().decode(GeneratedTwitter.Search.self, from: data)
        let root = try JSONDocument(parsing: data).root
        #expect(search.statuses.count == root["statuses"]?.count)
        let first = try #require(search.statuses.first)
        #expect(first.user.screenName == root["statuses"]?[0]?["user"]?["screen_name"]?.string)
        #expect(first.createdAt == Date(timeIntervalSince1970: 1_409_444_955))   // Sun Aug 31 00:29:15 +0000 2014
    }
}
