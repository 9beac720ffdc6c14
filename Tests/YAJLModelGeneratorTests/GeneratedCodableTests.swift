import Foundation
import Testing
import YAJLModel

/// The `--codable` output for the corpus files, the generated feed of 60,000 objects and a
/// Flickr-style photo search, compiled as written: it decodes its input with a plain
/// `YAJLDecoder()` and a plain `JSONDecoder()`, and a plain `JSONEncoder()` writes back the
/// same values.
@Suite("Generated Codable types read and write the corpus", .enabled(if: GeneratorCorpus.isAvailable, "../shared/corpus not found beside the package"))
struct GeneratedCodableTests {
    func roundTrip<T: Codable>(_ type: T.Type, file: String, decoder: (Data) throws -> T) throws {
        let data = try Data(contentsOf: GeneratorCorpus.url(file))
        try expectRoundTrip(decoder(data), of: data, name: file)
    }

    /// Expects a plain `JSONEncoder` to write `decoded` back as the values of `data`.
    func expectRoundTrip(_ decoded: some Encodable, of data: Data, name: String) throws {
        let written = try JSONEncoder().encode(decoded)
        let expected = try JSONDocument(parsing: data).root
        let actual = try JSONDocument(parsing: written).root
        #expect(firstDifference(expected, actual) == nil, "\(name): the first value that differs after the round trip")
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

    @Test func githubEventsWithBothDecoders() throws {
        try roundTrip([GeneratedGitHub.Event].self, file: "github_events.json") { try YAJLDecoder().decode([GeneratedGitHub.Event].self, from: $0) }
        try roundTrip([GeneratedGitHub.Event].self, file: "github_events.json") { try JSONDecoder().decode([GeneratedGitHub.Event].self, from: $0) }
    }

    @Test func canadaWithBothDecoders() throws {
        let data = try Data(contentsOf: GeneratorCorpus.url("canada.json"))
        let root = try JSONDocument(parsing: data).root
        for country in [try YAJLDecoder().decode(GeneratedCanada.Country.self, from: data), try JSONDecoder().decode(GeneratedCanada.Country.self, from: data)] {
            try expectRoundTrip(country, of: data, name: "canada.json")
            let rings = try #require(country.features.first?.geometry.coordinates)
            #expect(country.features.count == 1 && rings.count == root["features"]?[0]?["geometry"]?["coordinates"]?.count)
            #expect(rings.reduce(0) { $0 + $1.count } > 50_000)
        }
    }

    @Test func generatedFeedWithBothDecoders() throws {
        let data = Data(GeneratedFeed.json(count: GeneratorCorpus.feedCount))
        for items in [try YAJLDecoder().decode([GeneratedItemFeed.Item].self, from: data), try JSONDecoder().decode([GeneratedItemFeed.Item].self, from: data)] {
            try expectRoundTrip(items, of: data, name: "the generated feed")
            #expect(items.count == GeneratorCorpus.feedCount)
            #expect(items[7].rating == nil && items[8].rating == 4 && items[9].available == false && items[10].price == 10.1)
        }
    }

    @Test func flickrPhotoSearchWithBothDecoders() throws {
        let data = try Data(contentsOf: GeneratorCorpus.inputs.appendingPathComponent("flickr_photos.json"))
        for search in [try YAJLDecoder().decode(GeneratedFlickr.PhotoSearch.self, from: data), try JSONDecoder().decode(GeneratedFlickr.PhotoSearch.self, from: data)] {
            try expectRoundTrip(search, of: data, name: "flickr_photos.json")
            let photos = search.photos.photo
            #expect(photos.count == 30 && search.photos.total == "37012")
            #expect(photos[1].urlO != nil && photos[0].urlO == nil)
            #expect(photos[5].media == .video && photos[0].pathalias == "ada" && photos[1].pathalias == nil)
        }
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

/// The `--codable` snapshots of the small inputs, compiled as written, read their input and
/// write back its values.
@Suite("Generated Codable snapshots read and write their inputs")
struct GeneratedCodableSnapshotTests {
    func data(_ file: String) throws -> Data {
        try Data(contentsOf: GeneratorCorpus.inputs.appendingPathComponent(file))
    }

    func expectRoundTrip<T: Codable>(_ value: T, of json: JSONValue) throws {
        let written = try JSONDocument(parsing: JSONEncoder().encode(value)).root
        #expect(firstDifference(json, written) == nil)
    }

    @Test func people() throws {
        let data = try data("people.json")
        for decoded in [try YAJLDecoder().decode([SnapshotPeople.Person].self, from: data), try JSONDecoder().decode([SnapshotPeople.Person].self, from: data)] {
            try expectRoundTrip(decoded, of: JSONDocument(parsing: data).root)
            #expect(decoded.map(\.work.lng) == [4.5, 2])
            #expect(decoded[0].nick == nil)
        }
    }

    @Test func values() throws {
        var reader = try JSONLinesReader(contentsOf: GeneratorCorpus.inputs.appendingPathComponent("values.jsonl"))
        var count = 0
        while let line = try reader.next() {
            let text = Data(line.rawJSON.string.utf8)
            for decoded in [try YAJLDecoder().decode(SnapshotValues.Value.self, from: text), try JSONDecoder().decode(SnapshotValues.Value.self, from: text)] {
                try expectRoundTrip(decoded, of: line)
                #expect(decoded.state == [.active, .paused, .inProgress][count % 3])
            }
            count += 1
        }
        #expect(count == 24)
    }

    @Test func board() throws {
        let data = try data("board.json")
        for decoded in [try YAJLDecoder().decode(SnapshotBoard.Board.self, from: data), try JSONDecoder().decode(SnapshotBoard.Board.self, from: data)] {
            try expectRoundTrip(decoded, of: JSONDocument(parsing: data).root)
            guard case .circle(let circle) = decoded.shapes[0], case .square(let square) = decoded.shapes[1] else {
                Issue.record("shapes: \(decoded.shapes)")
                continue
            }
            #expect(circle.radius == 1.5 && square.side == 2)
            #expect(decoded.scores["1002"]?.bonus == 1)
        }
    }

    @Test func activity() throws {
        let data = try data("activity.json")
        for decoded in [try YAJLDecoder().decode(SnapshotActivity.Log.self, from: data), try JSONDecoder().decode(SnapshotActivity.Log.self, from: data)] {
            try expectRoundTrip(decoded, of: JSONDocument(parsing: data).root)
            guard case .purchase(let purchase) = decoded.activities[1], case .logout = decoded.activities[3] else {
                Issue.record("activities: \(decoded.activities)")
                continue
            }
            #expect(purchase.amount == 3.5 && purchase.sku == "a-1")
            #expect(decoded.notes.map(\.pinned) == [true, nil, nil, nil])
        }
    }

    @Test func comparisonFindsAChangedValue() throws {
        let a = try JSONDocument(parsing: #"{"a": [1, {"b": "x"}], "c": null}"#).root
        let b = try JSONDocument(parsing: #"{"a": [1, {"b": "y"}]}"#).root
        #expect(firstDifference(a, b) == ".a[1].b (x ≠ y)")
        #expect(firstDifference(a, a) == nil)
    }
}
