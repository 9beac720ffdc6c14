import Foundation
import Testing
import YAJLModelMacros

// The @JSONModel output of `yajlmodel generate` for the corpus files, the generated feed of
// 60,000 objects and a Flickr-style photo search, in Generated/ as the tool wrote it
// (YAJLModelGeneratorTests checks that it is byte for byte what the tool writes today): it
// compiles, reads the input, every property of every model reads, and a model built anew
// from those values (`rebuilt()`, in the +Rebuilt sources the generator's tests write) holds
// the input's values. The model as read writes its input's own text, which proves nothing.

enum GeneratedModelCorpus {
    /// `$YAJLMODEL_SHARED_DIR/corpus` when it is set (a git worktree), else `<package root>/../shared/corpus`.
    static let folder = (ProcessInfo.processInfo.environment["YAJLMODEL_SHARED_DIR"].map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared")).appendingPathComponent("corpus")

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
        #expect(try firstDifference(JSONDocument(parsing: data).root, search.rebuilt().json) == nil)
    }

    @Test func citmReadsAndWritesBack() throws {
        let data = try Data(contentsOf: GeneratedModelCorpus.folder.appendingPathComponent("citm_catalog.json"))
        let catalog = try GeneratedCitm.Catalog(parsing: data)
        #expect(catalog.performances.count == 243)
        #expect(GeneratedModelCorpus.readEveryProperty(catalog) > 10_000)
        #expect(try firstDifference(JSONDocument(parsing: data).root, catalog.rebuilt().json) == nil)
    }

    @Test func githubEventsReadAndWriteBack() throws {
        let data = try Data(contentsOf: GeneratedModelCorpus.folder.appendingPathComponent("github_events.json"))
        let events = try [GeneratedGitHub.Event](json: JSONDocument(parsing: data).root)
        #expect(events.count == 30)
        // The payload's variant is chosen by the `type` beside it.
        guard case .pushEvent(let push) = events[0].payload, case .forkEvent = events[2].payload else {
            Issue.record("payloads: \(events[0].payload), \(events[2].payload)")
            return
        }
        #expect(push.commits.count == push.size)
        #expect(GeneratedModelCorpus.readEveryProperty(events) > 1_000)
        let rebuilt = try JSONDocument(parsing: events.map { $0.rebuilt() }.jsonRepresentation.jsonData()).root
        #expect(try firstDifference(JSONDocument(parsing: data).root, rebuilt) == nil)
    }

    @Test func canadaReadsAndWritesBack() throws {
        let data = try Data(contentsOf: GeneratedModelCorpus.folder.appendingPathComponent("canada.json"))
        let country = try GeneratedCanada.Country(parsing: data)
        #expect(country.features.count == 1)
        #expect(GeneratedModelCorpus.readEveryProperty(country) > 100_000)
        #expect(try firstDifference(JSONDocument(parsing: data).root, country.rebuilt().json) == nil)
    }

    @Test func generatedFeedReadsAndRebuilds() throws {
        let document = try JSONDocument(parsing: GeneratedFeed.json(count: 60_000))
        let items = try [GeneratedItemFeed.Item](json: document.root)
        #expect(items.count == 60_000)
        #expect(GeneratedModelCorpus.readEveryProperty(items) > 60_000 * 5)
        #expect(items[7].rating == nil && items[8].rating == 4 && items[9].available == false && items[10].price == 10.1)
        let rebuilt = try JSONDocument(parsing: items.map { $0.rebuilt() }.jsonRepresentation.jsonData()).root
        #expect(firstDifference(document.root, rebuilt) == nil)
    }
}

/// The @JSONModel snapshots of the generator's small inputs (Tests/YAJLModelGeneratorTests/Inputs)
/// read their inputs: enums, dates, dictionaries and variants included.
@Suite("Generated @JSONModel snapshots read their inputs")
struct GeneratedModelSnapshotTests {
    static let inputs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("YAJLModelGeneratorTests/Inputs")

    func document(_ file: String) throws -> JSONDocument {
        try JSONDocument(contentsOf: Self.inputs.appendingPathComponent(file))
    }

    @Test func people() throws {
        let people = try [SnapshotPeople.Person](json: document("people.json").root)
        #expect(people.map(\.firstName) == ["Ann", "Bo"])
        #expect(people.map(\.work.lng) == [4.5, 2])
        #expect(people[0].`default` && people[1]._2fa && people[0].dottedKey == 1.5)
        #expect(people[0].items.map(\.sku) == ["a"] && people[1].nick == nil)
        #expect(GeneratedModelCorpus.readEveryProperty(people) > 20)
    }

    @Test func values() throws {
        var reader = try JSONLinesReader(contentsOf: Self.inputs.appendingPathComponent("values.jsonl"))
        var count = 0
        while let line = try reader.next() {
            let value = try SnapshotValues.Value(json: line)
            #expect(value.state == [.active, .paused, .inProgress][count % 3])
            #expect(value.posted == Date(timeIntervalSince1970: 1_409_444_940 + Double(count)))
            #expect(value.token.uuidString == line["token"]?.string)
            #expect((value.seen != nil) == (count % 4 == 0))
            count += 1
        }
        #expect(count == 24)
    }

    @Test func board() throws {
        let board = try SnapshotBoard.Board(json: document("board.json").root)
        #expect(board.scores["1002"]?.bonus == 1 && board.labels["first label"] == "a")
        guard case .circle(let circle) = board.shapes[0], case .square(let square) = board.shapes[1],
            case .key(let key) = board.events[1]
        else {
            Issue.record("variants: \(board.shapes), \(board.events)")
            return
        }
        #expect(circle.radius == 1.5 && square.side == 2 && key.code == "A")
    }

    @Test func activity() throws {
        let log = try SnapshotActivity.Log(json: document("activity.json").root)
        guard case .login(let login) = log.activities[0], case .purchase(let purchase) = log.activities[4], case .logout = log.activities[5] else {
            Issue.record("activities: \(log.activities)")
            return
        }
        #expect(login.device == "phone" && purchase.amount == 12 && purchase.sku == "b-2")
        #expect(log.notes.map(\.pinned) == [true, nil, nil, nil])
    }

    @Test func flickrPhotoSearchReadsAndRebuilds() throws {
        let document = try document("flickr_photos.json")
        let search = try GeneratedFlickr.PhotoSearch(json: document.root)
        let photos = search.photos.photo
        #expect(photos.count == 30 && search.photos.total == "37012")
        #expect(photos[1].urlO != nil && photos[0].urlO == nil)
        #expect(photos[5].media == .video && photos[0].pathalias == "ada" && photos[1].pathalias == nil)
        #expect(GeneratedModelCorpus.readEveryProperty(search) > 30 * 30)
        #expect(firstDifference(document.root, search.rebuilt().json) == nil)
    }
}
