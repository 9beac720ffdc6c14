import Foundation
import Testing
import YAJLModelMacros

// twitter.json (the search API's statuses) read through models, every field compared
// with what JSONSerialization reads from the same file.

@JSONModel(keys: .snakeCase)
struct TwitterUser {
    var id: UInt64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    @JSONKey("description") var bio: String
    var url: URL?
    var entities: JSONValue
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    @JSONTransform(DateFormatted<TwitterDateFormat>.self) var createdAt: Date
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var profileImageUrlHttps: URL
    var profileBannerUrl: URL?
    var following: Bool
}

@JSONModel(keys: .snakeCase)
struct TwitterMetadata {
    var resultType: String
    var isoLanguageCode: String
}

@JSONModel(keys: .snakeCase)
struct TwitterMention {
    var screenName: String
    var name: String
    var id: Int
    var idStr: String
    var indices: [Int]
}

@JSONModel(keys: .snakeCase)
struct TwitterEntities {
    var hashtags: [JSONValue]
    var symbols: [JSONValue]
    var urls: JSONArray<JSONValue>
    var userMentions: [TwitterMention]
    var media: JSONValue?
}

/// The fields a status and a retweeted status share; both models satisfy it with their
/// generated accessors.
protocol TwitterStatusFields {
    var metadata: TwitterMetadata { get }
    var createdAt: Date { get }
    var id: UInt64 { get }
    var idStr: String { get }
    var text: String { get }
    var source: String { get }
    var truncated: Bool { get }
    var inReplyToStatusId: UInt64? { get }
    var inReplyToStatusIdStr: String? { get }
    var inReplyToUserId: Int? { get }
    var inReplyToUserIdStr: String? { get }
    var inReplyToScreenName: String? { get }
    var user: TwitterUser { get }
    var geo: JSONValue? { get }
    var coordinates: JSONValue? { get }
    var place: JSONValue? { get }
    var retweetCount: Int { get }
    var favoriteCount: Int { get }
    var entities: TwitterEntities { get }
    var favorited: Bool { get }
    var retweeted: Bool { get }
    var lang: String { get }
    var possiblySensitive: Bool? { get }
}

/// A model cannot hold a property of its own type (`var retweetedStatus: TwitterStatus?`
/// does not compile: "value type 'TwitterStatus' cannot have a stored property that
/// recursively contains it"), so a retweeted status has a model of its own.
@JSONModel(keys: .snakeCase)
struct TwitterRetweetedStatus: TwitterStatusFields {
    var metadata: TwitterMetadata
    @JSONTransform(DateFormatted<TwitterDateFormat>.self) var createdAt: Date
    var id: UInt64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: UInt64?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user: TwitterUser
    var geo: JSONValue?
    var coordinates: JSONValue?
    var place: JSONValue?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: TwitterEntities
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var possiblySensitive: Bool?
}

@JSONModel(keys: .snakeCase)
struct TwitterStatus: TwitterStatusFields {
    var metadata: TwitterMetadata
    @JSONTransform(DateFormatted<TwitterDateFormat>.self) var createdAt: Date
    var id: UInt64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: UInt64?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user: TwitterUser
    var geo: JSONValue?
    var coordinates: JSONValue?
    var place: JSONValue?
    var retweetCount: Int
    var favoriteCount: Int
    var entities: TwitterEntities
    var favorited: Bool
    var retweeted: Bool
    var lang: String
    var possiblySensitive: Bool?
    var retweetedStatus: TwitterRetweetedStatus?
}

@JSONModel(keys: .snakeCase)
struct TwitterSearchMetadata {
    var completedIn: Double
    var maxId: UInt64
    var maxIdStr: String
    var nextResults: String
    var query: String
    var refreshUrl: String
    var count: Int
    var sinceId: Int
    var sinceIdStr: String
}

@JSONModel(keys: .snakeCase)
struct TwitterSearch {
    var statuses: JSONArray<TwitterStatus>
    var searchMetadata: TwitterSearchMetadata
}

enum TwitterCorpus {
    /// `<package root>/../shared/corpus/twitter.json`, from this file's path.
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpus/twitter.json")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Foundation objects compared as NSDictionary (on Linux, `NSDictionary.isEqual` given a
    /// Swift dictionary rather than an NSDictionary can answer false for equal contents).
    static func sameObject(_ a: Any, _ b: Any) -> Bool {
        guard let a = a as? [String: Any], let b = b as? [String: Any] else { return false }
        return NSDictionary(dictionary: a).isEqual(NSDictionary(dictionary: b))
    }

    static func twitterDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter.date(from: text)
    }
}

@Suite("twitter.json through @JSONModel types", .enabled(if: TwitterCorpus.isAvailable, "../shared/corpus/twitter.json not found beside the package"))
struct TwitterCorpusModelTests {
    let data: Data
    let search: TwitterSearch
    let expected: [String: Any]

    init() throws {
        data = try Data(contentsOf: TwitterCorpus.url)
        search = try TwitterSearch(parsing: data)
        expected = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    var expectedStatuses: [[String: Any]] { expected["statuses"] as? [[String: Any]] ?? [] }

    @Test func everyStatusReads() throws {
        #expect(search.statuses.count == 100)
        #expect(search.statuses.count == expectedStatuses.count)
        #expect(search.searchMetadata.count == 100)
        #expect(search.searchMetadata.maxIdStr == "505874924095815681")
        #expect(search.searchMetadata.completedIn == 0.087)
    }

    @Test func statusFieldsEqualJSONSerialization() throws {
        for (index, (status, object)) in zip(search.statuses, expectedStatuses).enumerated() {
            Self.compare(status, object, at: "statuses[\(index)]")
        }
    }

    @Test func userFieldsEqualJSONSerialization() throws {
        for (index, (status, object)) in zip(search.statuses, expectedStatuses).enumerated() {
            let user = try #require(object["user"] as? [String: Any])
            Self.compare(status.user, user, at: "statuses[\(index)].user")
        }
    }

    @Test func retweetedStatusesReadAsNestedModels() throws {
        var retweets = 0
        for (index, (status, object)) in zip(search.statuses, expectedStatuses).enumerated() {
            let retweeted = object["retweeted_status"] as? [String: Any]
            #expect((status.retweetedStatus == nil) == (retweeted == nil), "statuses[\(index)].retweeted_status")
            if let retweeted, let nested = status.retweetedStatus {
                retweets += 1
                Self.compare(nested, retweeted, at: "statuses[\(index)].retweeted_status")
                Self.compare(nested.user, retweeted["user"] as? [String: Any] ?? [:], at: "statuses[\(index)].retweeted_status.user")
            }
        }
        #expect(retweets == 73)
    }

    @Test func oneFieldEditedThroughModelsIsTheOnlyChange() throws {
        var edited = search
        let oldName = edited.statuses[50].user.screenName
        edited.statuses[50].user.screenName = "edited_name"
        // Every other byte is the original's: the text differs only at that value.
        let old = [UInt8](data)  // the whole file, its final line feed included
        let new = [UInt8](edited.jsonData())
        let prefix = zip(old, new).prefix { $0 == $1 }.count
        let suffix = zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count
        #expect(String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self) == "edited_name")
        #expect(String(decoding: old[prefix..<(old.count - suffix)], as: UTF8.self) == oldName)
        // Foundation sees exactly the edited values changed.
        edited.statuses[50].retweetCount += 1
        var statuses = expectedStatuses
        var user = try #require(statuses[50]["user"] as? [String: Any])
        user["screen_name"] = "edited_name"
        statuses[50]["user"] = user
        statuses[50]["retweet_count"] = (statuses[50]["retweet_count"] as? Int ?? 0) + 1
        var wanted = expected
        wanted["statuses"] = statuses
        #expect(TwitterCorpus.sameObject(try JSONSerialization.jsonObject(with: edited.jsonData()), wanted))
        #expect(search.jsonData() == data)
    }

    @Test func writtenBackEachStatusParsesEqual() throws {
        for (index, status) in search.statuses.enumerated() {
            let reread = try TwitterStatus(parsing: status.jsonData(options: .sortedKeys))
            #expect(reread == status, "statuses[\(index)]")
            #expect(TwitterCorpus.sameObject(status.foundationObject, expectedStatuses[index]), "statuses[\(index)] foundationObject")
        }
    }

    static func compare(_ status: some TwitterStatusFields, _ object: [String: Any], at path: String) {
        let location = Comment(rawValue: path)
        #expect(status.id == (object["id"] as? NSNumber)?.uint64Value, location)
        #expect(status.idStr == object["id_str"] as? String, location)
        #expect(String(status.id) == status.idStr, location)
        #expect(status.text == object["text"] as? String, location)
        #expect(status.source == object["source"] as? String, location)
        #expect(status.truncated == (object["truncated"] as? NSNumber)?.boolValue, location)
        #expect(status.createdAt == (object["created_at"] as? String).flatMap(TwitterCorpus.twitterDate), location)
        #expect(status.inReplyToStatusId == (object["in_reply_to_status_id"] as? NSNumber)?.uint64Value, location)
        #expect(status.inReplyToStatusIdStr == object["in_reply_to_status_id_str"] as? String, location)
        #expect(status.inReplyToUserId == (object["in_reply_to_user_id"] as? NSNumber)?.intValue, location)
        #expect(status.inReplyToUserIdStr == object["in_reply_to_user_id_str"] as? String, location)
        #expect(status.inReplyToScreenName == object["in_reply_to_screen_name"] as? String, location)
        #expect(status.geo == nil && object["geo"] is NSNull, location)
        #expect(status.coordinates == nil && object["coordinates"] is NSNull, location)
        #expect(status.place == nil && object["place"] is NSNull, location)
        #expect(status.retweetCount == (object["retweet_count"] as? NSNumber)?.intValue, location)
        #expect(status.favoriteCount == (object["favorite_count"] as? NSNumber)?.intValue, location)
        #expect(status.favorited == (object["favorited"] as? NSNumber)?.boolValue, location)
        #expect(status.retweeted == (object["retweeted"] as? NSNumber)?.boolValue, location)
        #expect(status.lang == object["lang"] as? String, location)
        #expect(status.possiblySensitive == (object["possibly_sensitive"] as? NSNumber)?.boolValue, location)
        let metadata = object["metadata"] as? [String: Any]
        #expect(status.metadata.resultType == metadata?["result_type"] as? String, location)
        #expect(status.metadata.isoLanguageCode == metadata?["iso_language_code"] as? String, location)

        let entities = object["entities"] as? [String: Any] ?? [:]
        #expect(TwitterCorpus.sameObject(status.entities.json.foundationObject, entities), location)
        let mentions = entities["user_mentions"] as? [[String: Any]] ?? []
        #expect(status.entities.userMentions.count == mentions.count, location)
        for (mention, expected) in zip(status.entities.userMentions, mentions) {
            #expect(mention.screenName == expected["screen_name"] as? String, location)
            #expect(mention.name == expected["name"] as? String, location)
            #expect(mention.id == (expected["id"] as? NSNumber)?.intValue, location)
            #expect(mention.idStr == expected["id_str"] as? String, location)
            #expect(mention.indices == (expected["indices"] as? [NSNumber])?.map(\.intValue), location)
        }
        #expect(status.entities.hashtags.count == (entities["hashtags"] as? [Any])?.count, location)
        #expect(status.entities.urls.count == (entities["urls"] as? [Any])?.count, location)
        #expect((status.entities.media == nil) == (entities["media"] == nil), location)
    }

    static func compare(_ user: TwitterUser, _ object: [String: Any], at path: String) {
        let location = Comment(rawValue: path)
        #expect(user.id == (object["id"] as? NSNumber)?.uint64Value, location)
        #expect(user.idStr == object["id_str"] as? String, location)
        #expect(user.name == object["name"] as? String, location)
        #expect(user.screenName == object["screen_name"] as? String, location)
        #expect(user.location == object["location"] as? String, location)
        #expect(user.bio == object["description"] as? String, location)
        #expect(user.url?.absoluteString == object["url"] as? String, location)
        #expect(TwitterCorpus.sameObject(user.entities.foundationObject, object["entities"] as Any), location)
        #expect(user.protected == (object["protected"] as? NSNumber)?.boolValue, location)
        #expect(user.followersCount == (object["followers_count"] as? NSNumber)?.intValue, location)
        #expect(user.friendsCount == (object["friends_count"] as? NSNumber)?.intValue, location)
        #expect(user.listedCount == (object["listed_count"] as? NSNumber)?.intValue, location)
        #expect(user.createdAt == (object["created_at"] as? String).flatMap(TwitterCorpus.twitterDate), location)
        #expect(user.favouritesCount == (object["favourites_count"] as? NSNumber)?.intValue, location)
        #expect(user.utcOffset == (object["utc_offset"] as? NSNumber)?.intValue, location)
        #expect(user.timeZone == object["time_zone"] as? String, location)
        #expect(user.verified == (object["verified"] as? NSNumber)?.boolValue, location)
        #expect(user.statusesCount == (object["statuses_count"] as? NSNumber)?.intValue, location)
        #expect(user.lang == object["lang"] as? String, location)
        #expect(user.profileImageUrlHttps.absoluteString == object["profile_image_url_https"] as? String, location)
        #expect(user.profileBannerUrl?.absoluteString == object["profile_banner_url"] as? String, location)
        #expect(user.following == (object["following"] as? NSNumber)?.boolValue, location)
    }
}
