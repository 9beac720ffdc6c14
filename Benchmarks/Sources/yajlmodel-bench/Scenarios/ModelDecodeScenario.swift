import Foundation
import YAJLModel
import CYAJLBaseline
import YAJLModelMacros

// Reading every field of every status of a Twitter search result, three ways, on the
// same bytes: @JSONModel types (parse, validate, then each field decoded on read),
// and Codable structs with the same fields through YAJLDecoder and JSONDecoder. All
// read every field and fold it into a checksum, so none can skip work.

@JSONModel(keys: .snakeCase)
struct ModelStatus {
    var createdAt: String
    var id: UInt64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: UInt64?
    var inReplyToScreenName: String?
    var retweetCount: Int
    var favoriteCount: Int
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var metadata: ModelMetadata
    var user: ModelUser
}

@JSONModel(keys: .snakeCase)
struct ModelMetadata {
    var resultType: String
    var isoLanguageCode: String
}

@JSONModel(keys: .snakeCase)
struct ModelUser {
    var id: UInt64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: String
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var profileImageUrl: String
    var protected: Bool
}

@JSONModel
struct ModelSearch {
    var statuses: JSONArray<ModelStatus>
}

struct CodableSearch: Decodable {
    var statuses: [CodableStatus]
}

struct CodableStatus: Decodable {
    var createdAt: String
    var id: UInt64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: UInt64?
    var inReplyToScreenName: String?
    var retweetCount: Int
    var favoriteCount: Int
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var metadata: CodableMetadata
    var user: CodableUser

    enum CodingKeys: String, CodingKey {
        case createdAt = "created_at", id, idStr = "id_str", text, source, truncated
        case inReplyToStatusId = "in_reply_to_status_id", inReplyToScreenName = "in_reply_to_screen_name"
        case retweetCount = "retweet_count", favoriteCount = "favorite_count", favorited, retweeted, lang, metadata, user
    }
}

struct CodableMetadata: Decodable {
    var resultType: String
    var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type", isoLanguageCode = "iso_language_code"
    }
}

struct CodableUser: Decodable {
    var id: UInt64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: String
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var profileImageUrl: String
    var protected: Bool

    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", name, screenName = "screen_name", location, description, url
        case followersCount = "followers_count", friendsCount = "friends_count", listedCount = "listed_count"
        case createdAt = "created_at", favouritesCount = "favourites_count", utcOffset = "utc_offset"
        case timeZone = "time_zone", geoEnabled = "geo_enabled", verified, statusesCount = "statuses_count"
        case lang, profileImageUrl = "profile_image_url", protected
    }
}

extension ModelStatus {
    /// Every field read and folded into a number.
    var checksum: Int {
        let u = user
        return yajlmodel_bench.checksum(
            (createdAt, id, idStr, text, source, truncated, inReplyToStatusId, inReplyToScreenName,
             retweetCount, favoriteCount, favorited, retweeted, lang, metadata.resultType, metadata.isoLanguageCode),
            (u.id, u.idStr, u.name, u.screenName, u.location, u.description, u.url, u.followersCount, u.friendsCount,
             u.listedCount, u.createdAt, u.favouritesCount, u.utcOffset, u.timeZone, u.geoEnabled, u.verified,
             u.statusesCount, u.lang, u.profileImageUrl, u.protected))
    }
}

extension CodableStatus {
    /// Every field read and folded into a number, as for ``ModelStatus``.
    var checksum: Int {
        let u = user
        return yajlmodel_bench.checksum(
            (createdAt, id, idStr, text, source, truncated, inReplyToStatusId, inReplyToScreenName,
             retweetCount, favoriteCount, favorited, retweeted, lang, metadata.resultType, metadata.isoLanguageCode),
            (u.id, u.idStr, u.name, u.screenName, u.location, u.description, u.url, u.followersCount, u.friendsCount,
             u.listedCount, u.createdAt, u.favouritesCount, u.utcOffset, u.timeZone, u.geoEnabled, u.verified,
             u.statusesCount, u.lang, u.profileImageUrl, u.protected))
    }
}

/// Folds every field of a status into a number, the same way for both kinds of type.
private func checksum(
    _ s: (createdAt: String, id: UInt64, idStr: String, text: String, source: String, truncated: Bool,
          inReplyToStatusId: UInt64?, inReplyToScreenName: String?, retweetCount: Int, favoriteCount: Int,
          favorited: Bool, retweeted: Bool, lang: String, resultType: String, isoLanguageCode: String),
    _ u: (id: UInt64, idStr: String, name: String, screenName: String, location: String, description: String,
          url: String?, followersCount: Int, friendsCount: Int, listedCount: Int, createdAt: String,
          favouritesCount: Int, utcOffset: Int?, timeZone: String?, geoEnabled: Bool, verified: Bool,
          statusesCount: Int, lang: String, profileImageUrl: String, protected: Bool)
) -> Int {
    var sum = s.createdAt.utf8.count &+ Int(truncatingIfNeeded: s.id) &+ s.idStr.utf8.count &+ s.text.utf8.count
    sum &+= s.source.utf8.count &+ (s.truncated ? 1 : 0) &+ Int(truncatingIfNeeded: s.inReplyToStatusId ?? 0)
    sum &+= (s.inReplyToScreenName?.utf8.count ?? 0) &+ s.retweetCount &+ s.favoriteCount
    sum &+= (s.favorited ? 1 : 0) &+ (s.retweeted ? 1 : 0) &+ s.lang.utf8.count &+ s.resultType.utf8.count &+ s.isoLanguageCode.utf8.count
    sum &+= Int(truncatingIfNeeded: u.id) &+ u.idStr.utf8.count &+ u.name.utf8.count &+ u.screenName.utf8.count
    sum &+= u.location.utf8.count &+ u.description.utf8.count &+ (u.url?.utf8.count ?? 0) &+ u.followersCount
    sum &+= u.friendsCount &+ u.listedCount &+ u.createdAt.utf8.count &+ u.favouritesCount &+ (u.utcOffset ?? 0)
    sum &+= (u.timeZone?.utf8.count ?? 0) &+ (u.geoEnabled ? 1 : 0) &+ (u.verified ? 1 : 0) &+ u.statusesCount
    sum &+= u.lang.utf8.count &+ u.profileImageUrl.utf8.count &+ (u.protected ? 1 : 0)
    return sum
}

/// Read every field of every status of a Twitter search result, through `@JSONModel`
/// types and through Codable structs with the same fields (YAJLDecoder and JSONDecoder).
/// Two more rows split the model's cost: the parse alone, and parse plus validation.
struct ModelDecodeScenario: Scenario {
    let name = "model-decode"
    let title = "typed decode reading every field: @JSONModel"
    let aliases = ["model", "typed"]

    static let model = "@JSONModel, every field"
    static let jsonDecoder = "JSONDecoder, every field"
    static let yajlDecoder = "YAJLDecoder, every field"
    static let parseOnly = "YAJLModel parse only"
    static let validateOnly = "@JSONModel, validate only"

    static let cachedRead = "@JSONModel cached property, 1,000,000 reads"
    static let structRead = "Swift struct property, 1,000,000 reads"
    static let cachedReads = 1_000_000

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let documents = try context.representativeDocuments()
        let catalogs = documents.filter { $0.shape == .catalog }.map { input in
            BenchCase(
                input: input.name, inputBytes: input.bytes.count, contenders: Self.catalogContenders(input.bytes), reference: Self.model,
                details: ["every field of every event, performance, price, seat category and area, and every name table"])
        }
        let feed = context.smallObjectsFeed()
        let feedCase = BenchCase(
            input: feed.name, inputBytes: feed.bytes.count, contenders: Self.feedContenders(feed.bytes), reference: Self.model,
            details: ["JSONArray<FeedItemModel> against [FeedItem]: the 5 fields of every item"])
        return try twitterCases(documents) + catalogs + [feedCase]
    }

    private func twitterCases(_ documents: [Input]) throws -> [BenchCase] {
        try documents.filter { $0.shape == .twitter }.flatMap { input in
            let status = try ModelSearch(parsing: input.bytes).statuses.first { _ in true }
            let memory = status.map { "a ModelStatus (15 properties) holds \(Self.allocatedBytes($0._jsonStorage)) bytes of storage, one allocation: \(Self.allocatedBytes($0._jsonStorage) / 15) bytes per property" }
            return [
                BenchCase(
                    input: input.name, inputBytes: input.bytes.count, contenders: Self.contenders(input.bytes), reference: Self.model,
                    details: ["15 fields of each status, 20 of its user, 2 of its metadata; each read once and folded into a checksum"]
                        + (memory.map { [$0] } ?? [])),
                BenchCase(
                    input: "\(input.name), one status", inputBytes: status?.json.rawJSON.count ?? 1,
                    contenders: Self.cachedReadContenders(input.bytes), reference: Self.cachedRead,
                    details: ["one String property read \(Self.cachedReads) times after its first read: ms per run = ns per read (MB/s counts the status once)"]),
            ]
        }
    }

    /// What `malloc` gave an object (its instance size, rounded up to the allocator's size class).
    private static func allocatedBytes(_ object: AnyObject) -> Int {
        #if canImport(Glibc)
        malloc_usable_size(Unmanaged.passUnretained(object).toOpaque())
        #else
        malloc_size(Unmanaged.passUnretained(object).toOpaque())
        #endif
    }

    /// A cached property read a million times, beside a plain struct's stored property: two
    /// statuses read in turn, so that no read can be hoisted out of the loop.
    static func cachedReadContenders(_ data: Data) -> [Contender] {
        [
            Contender(cachedRead, .yajlModel) {
                let statuses = Array(try ModelSearch(parsing: data).statuses.prefix(2))
                guard statuses.count == 2 else { throw BenchError.failed(1) }
                for status in statuses { _ = status.text }
                return { readEach(statuses, \.text) }
            },
            Contender(structRead, .yajlModel) {
                let statuses = try ModelSearch(parsing: data).statuses.prefix(2).map { Plain(text: $0.text) }
                return { readEach(statuses, \.text) }
            },
        ]
    }

    /// A plain struct with one stored `String`, as a cached property's baseline.
    struct Plain: Sendable { var text: String }

    /// Reads `property` of the two `values` in turn, `cachedReads` times in all.
    @inline(__always)
    static func readEach<Value>(_ values: [Value], _ property: (Value) -> String) -> Int {
        var sum = 0
        for index in 0..<cachedReads { sum &+= property(values[index & 1]).utf8.count }
        return sum
    }

    static func contenders(_ data: Data) -> [Contender] {
        [
            // The validation walk's cost is the difference between these two.
            Contender(parseOnly, .yajlModel) {
                return { try JSONDocument(parsing: data).nodeCount }
            },
            Contender(validateOnly, .yajlModel) {
                return { try ModelSearch(parsing: data).statuses.count }
            },
            Contender(model, .yajlModel) {
                return {
                    let search = try ModelSearch(parsing: data)
                    var sum = 0
                    for s in search.statuses { sum &+= s.checksum }
                    return sum
                }
            },
            Contender(yajlDecoder, .yajlModel) {
                let decoder = YAJLDecoder()
                return { codableChecksum(try decoder.decode(CodableSearch.self, from: data)) }
            },
            Contender(jsonDecoder, .foundation) {
                let decoder = JSONDecoder()
                return { codableChecksum(try decoder.decode(CodableSearch.self, from: data)) }
            },
        ]
    }

    private static func codableChecksum(_ search: CodableSearch) -> Int {
        var sum = 0
        for s in search.statuses { sum &+= s.checksum }
        return sum
    }
}
