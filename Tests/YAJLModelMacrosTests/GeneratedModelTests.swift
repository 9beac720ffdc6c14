import Foundation
import Testing
import YAJLModelMacros

// The @JSONModel output of `yajlmodel generate` for twitter.json and citm_catalog.json, in
// Generated/ as the tool wrote it (YAJLModelGeneratorTests checks that it is byte for byte
// what the tool writes today): it compiles, reads the file, every property of every model
// reads, and the model writes back the file's values.

enum GeneratedModelCorpus {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("citm_catalog.json").path) }

    /// Reads every property of `value` and of every model, array element and dictionary
    /// value under it; the number of properties read.
    static func readEveryProperty(_ value: Any) -> Int {
        switch value {
        case let model as any JSONModel:
            return model._propertyValues.reduce(1) { $0 + readEveryProperty($1.value) }
        case let polymorphic as any JSONPolymorphic:
            return Mirror(reflecting: polymorphic).children.reduce(0) { $0 + readEveryProperty($1.value) }
        default:
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional, .collection:
                return mirror.children.reduce(0) { $0 + readEveryProperty($1.value) }
            case .dictionary:
                return mirror.children.reduce(0) { total, pair in
                    total + (Mirror(reflecting: pair.value).children.dropFirst().first.map { readEveryProperty($0.value) } ?? 0)
                }
            default:
                return 1
            }
        }
    }
}

@Suite("Generated @JSONModel types read the corpus", .enabled(if: GeneratedModelCorpus.isAvailable, "../shared/corpus not found beside the package"))
struct GeneratedModelTests {
    @Test func twitterReadsAndWritesBack() throws {
        let data = try Data(contentsOf: GeneratedModelCorpus.folder.appendingPathComponent("twitter.json"))
        let search = try GeneratedTwitter.Search(parsing: data)
        #expect(search.statuses.count == 100)
        #expect(GeneratedModelCorpus.readEveryProperty(search) > 10_000)
        let first = try #require(search.statuses.first)
        #expect(first.createdAt == Date(timeIntervalSince1970: 1_409_444_955))   // Sun Aug 31 00:29:15 +0000 2014
        #expect(try JSONDocument(parsing: search.jsonData()).root == JSONDocument(parsing: data).root)
    }

    @Test func citmReadsAndWritesBack() throws {
        let data = try Data(contentsOf: GeneratedModelCorpus.folder.appendingPathComponent("citm_catalog.json"))
        let catalog = try GeneratedCitm.Catalog(parsing: data)
        #expect(catalog.performances.count == 243)
        #expect(GeneratedModelCorpus.readEveryProperty(catalog) > 10_000)
        #expect(try JSONDocument(parsing: catalog.jsonData()).root == JSONDocument(parsing: data).root)
    }

    @Test func githubEventsReadAndWriteBack() throws {
        let data = try Data(contentsOf: GeneratedModelCorpus.folder.appendingPathComponent("github_events.json"))
        let events = try [GeneratedGitHub.Event](json: JSONDocument(parsing: data).root)
        #expect(events.count == 30)
        #expect(GeneratedModelCorpus.readEveryProperty(events) > 1_000)
        #expect(events.jsonRepresentation == JSON(try JSONDocument(parsing: data).root))
    }

    @Test func canadaReadsAndWritesBack() throws {
        let data = try Data(contentsOf: GeneratedModelCorpus.folder.appendingPathComponent("canada.json"))
        let country = try GeneratedCanada.Country(parsing: data)
        #expect(country.features.count == 1)
        #expect(GeneratedModelCorpus.readEveryProperty(country) > 100_000)
        #expect(try JSONDocument(parsing: country.jsonData()).root == JSONDocument(parsing: data).root)
    }
}
