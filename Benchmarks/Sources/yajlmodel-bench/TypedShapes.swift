import Foundation
import YAJLModel

/// The Codable structs for the inputs that have them, and the one-field edit each
/// scenario makes: what `codable-decode`, `write-unchanged` and `edit-and-write` need
/// to know about an input beyond its bytes.
///
/// twitter and citm_catalog use the structs of the Codable tests
/// (`CodableCorpusModels.swift`, linked from `Tests/`); canada has its own below.
struct TypedShape: Sendable {
    /// The root type's name, for the report.
    let typeName: String
    let decodeYAJL: @Sendable (YAJLDecoder, Data) throws -> Int
    let decodeFoundation: @Sendable (JSONDecoder, Data) throws -> Int
    /// Decodes `data` once (untimed) and returns a body that encodes that value.
    let yajlEncoding: @Sendable (Data) throws -> @Sendable (YAJLEncoder) throws -> Int
    let foundationEncoding: @Sendable (Data) throws -> @Sendable (JSONEncoder) throws -> Int
    /// Decode, change the edit's field, encode: the Codable way to edit one field.
    let editCodable: @Sendable (JSONDecoder, JSONEncoder, Data) throws -> Data

    init<T: Codable & Sendable>(_ type: T.Type, edit: @escaping @Sendable (T) -> T) {
        typeName = "\(T.self)"
        decodeYAJL = { decoder, data in _ = try decoder.decode(T.self, from: data); return 1 }
        decodeFoundation = { decoder, data in _ = try decoder.decode(T.self, from: data); return 1 }
        yajlEncoding = { data in
            let value = try JSONDecoder().decode(T.self, from: data)
            return { encoder in try encoder.encode(value).count }
        }
        foundationEncoding = { data in
            let value = try JSONDecoder().decode(T.self, from: data)
            return { encoder in try encoder.encode(value).count }
        }
        editCodable = { decoder, encoder, data in try encoder.encode(edit(try decoder.decode(T.self, from: data))) }
    }

    /// The structs for an input's shape, if it has them.
    static func of(_ shape: Input.Shape) -> TypedShape? {
        switch shape {
        case .twitter: twitter
        case .catalog: catalog
        case .canada: canada
        case .unknown: nil
        }
    }

    static let twitter = TypedShape(TwitterSearch.self) { search in
        let m = search.search_metadata
        return TwitterSearch(
            statuses: search.statuses,
            search_metadata: SearchMetadata(
                completed_in: m.completed_in, max_id: m.max_id, max_id_str: m.max_id_str, next_results: m.next_results,
                query: m.query, refresh_url: m.refresh_url, count: FieldEdit.twitterCount, since_id: m.since_id,
                since_id_str: m.since_id_str))
    }

    static let catalog = TypedShape(CitmCatalog.self) { c in
        var venues = c.venueNames
        venues[FieldEdit.catalogVenue] = FieldEdit.editedString
        return CitmCatalog(
            areaNames: c.areaNames, audienceSubCategoryNames: c.audienceSubCategoryNames, blockNames: c.blockNames,
            events: c.events, performances: c.performances, seatCategoryNames: c.seatCategoryNames,
            subTopicNames: c.subTopicNames, subjectNames: c.subjectNames, topicNames: c.topicNames,
            topicSubTopics: c.topicSubTopics, venueNames: venues)
    }

    static let canada = TypedShape(CanadaCollection.self) { collection in
        var collection = collection
        collection.features[0].properties["name"] = FieldEdit.editedString
        return collection
    }

    /// The generated feed of small objects.
    static let feed = TypedShape([FeedItem].self) { items in
        var items = items
        let first = items[0]
        items[0] = FeedItem(id: first.id, title: FieldEdit.editedString, price: first.price, available: first.available, rating: first.rating)
        return items
    }
}

/// The field `edit-and-write` changes, and its new value, the same for every contender.
struct FieldEdit: Sendable {
    static let twitterCount = 42
    static let catalogVenue = "PLEYEL_PLEYEL"
    static let editedString = "edited by yajlmodel-bench"

    let path: FieldPath
    let value: JSON
    /// The new value as JSONSerialization's objects hold it.
    let foundationValue: any Sendable

    /// The edit for an input: a known field for the shapes with Codable structs (the
    /// same as those structs' edit), else the deep field of `lazy-field`, set to a new
    /// value of its kind.
    init?(for input: Input, root: JSONValue) {
        let known: (pointer: String, value: JSON, foundation: any Sendable)? = switch input.shape {
        case .twitter: ("/search_metadata/count", .number(JSONNumber(Self.twitterCount)), Self.twitterCount)
        case .catalog: ("/venueNames/\(Self.catalogVenue)", .string(Self.editedString), Self.editedString)
        case .canada: ("/features/0/properties/name", .string(Self.editedString), Self.editedString)
        case .unknown: nil
        }
        if let known, let path = FieldPath(pointer: known.pointer, in: root) {
            self.path = path
            value = known.value
            foundationValue = known.foundation
            return
        }
        path = .deepest(in: root)
        switch path.leafKind {
        case .number: (value, foundationValue) = (.number(JSONNumber(42)), 42)
        case .bool: (value, foundationValue) = (.bool(true), true)
        default: (value, foundationValue) = (.string(Self.editedString), Self.editedString)
        }
        guard !path.steps.isEmpty else { return nil }
    }
}

// MARK: canada.json

struct CanadaCollection: Codable, Sendable {
    var type: String
    var features: [CanadaFeature]
}

struct CanadaFeature: Codable, Sendable {
    var type: String
    var properties: [String: String]
    var geometry: CanadaGeometry
}

struct CanadaGeometry: Codable, Sendable {
    var type: String
    var coordinates: [[[Double]]]
}
