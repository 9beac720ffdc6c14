// twitter.json's Codable models with Swift's camelCase property names, as code that decodes a
// snake_case API with `.convertFromSnakeCase` has them, for the key strategy tests and the
// Codable benchmark (Benchmarks/Sources/yajlmodel-bench links to this file). `Time` is the type
// of the `created_at` fields: `String`, or `Date` for the date strategy tests and rows.
import Foundation
import YAJLModel

struct CamelTwitterSearch<Time: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    let statuses: [CamelStatus<Time>]
    let searchMetadata: CamelSearchMetadata
}

struct CamelSearchMetadata: Codable, Equatable, Sendable {
    let completedIn: Double
    let maxId: UInt64
    let maxIdStr: String
    let nextResults: String
    let query: String
    let refreshUrl: String
    let count: Int
    let sinceId: UInt64
    let sinceIdStr: String
}

struct CamelStatus<Time: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    let metadata: CamelStatusMetadata
    let createdAt: Time
    let id: UInt64
    let idStr: String
    let text: String
    let source: String
    let truncated: Bool
    let inReplyToStatusId: UInt64?
    let inReplyToStatusIdStr: String?
    let inReplyToUserId: UInt64?
    let inReplyToUserIdStr: String?
    let inReplyToScreenName: String?
    let user: CamelUser<Time>
    let geo: JSONValue?
    let coordinates: JSONValue?
    let place: JSONValue?
    let contributors: JSONValue?
    let retweetedStatus: Indirect<CamelStatus<Time>>?
    let retweetCount: Int
    let favoriteCount: Int
    let entities: CamelStatusEntities
    let favorited: Bool
    let retweeted: Bool
    let possiblySensitive: Bool?
    let lang: String
}

struct CamelStatusMetadata: Codable, Equatable, Sendable {
    let resultType: String
    let isoLanguageCode: String
}

struct CamelUser<Time: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    let id: UInt64
    let idStr: String
    let name: String
    let screenName: String
    let location: String
    let description: String
    let url: String?
    let entities: CamelUserEntities
    let protected: Bool
    let followersCount: Int
    let friendsCount: Int
    let listedCount: Int
    let createdAt: Time
    let favouritesCount: Int
    let utcOffset: Int?
    let timeZone: String?
    let geoEnabled: Bool
    let verified: Bool
    let statusesCount: Int
    let lang: String
    let contributorsEnabled: Bool
    let isTranslator: Bool
    let isTranslationEnabled: Bool
    let profileBackgroundColor: String
    let profileBackgroundImageUrl: String
    let profileBackgroundImageUrlHttps: String
    let profileBackgroundTile: Bool
    let profileImageUrl: String
    let profileImageUrlHttps: String
    let profileBannerUrl: String?
    let profileLinkColor: String
    let profileSidebarBorderColor: String
    let profileSidebarFillColor: String
    let profileTextColor: String
    let profileUseBackgroundImage: Bool
    let defaultProfile: Bool
    let defaultProfileImage: Bool
    let following: Bool
    let followRequestSent: Bool
    let notifications: Bool
}

struct CamelUserEntities: Codable, Equatable, Sendable {
    let url: CamelURLEntities?
    let description: CamelURLEntities
}

struct CamelURLEntities: Codable, Equatable, Sendable {
    let urls: [CamelURLEntity]
}

struct CamelURLEntity: Codable, Equatable, Sendable {
    let url: String
    let expandedUrl: String
    let displayUrl: String
    let indices: [Int]
}

struct CamelStatusEntities: Codable, Equatable, Sendable {
    let hashtags: [CamelHashtag]
    let symbols: [JSONValue]
    let urls: [CamelURLEntity]
    let userMentions: [CamelUserMention]
    let media: [CamelMedia]?
}

struct CamelHashtag: Codable, Equatable, Sendable {
    let text: String
    let indices: [Int]
}

struct CamelUserMention: Codable, Equatable, Sendable {
    let screenName: String
    let name: String
    let id: UInt64
    let idStr: String
    let indices: [Int]
}

struct CamelMedia: Codable, Equatable, Sendable {
    let id: UInt64
    let idStr: String
    let indices: [Int]
    let mediaUrl: String
    let mediaUrlHttps: String
    let url: String
    let displayUrl: String
    let expandedUrl: String
    let type: String
    let sizes: [String: CamelMediaSize]
    let sourceStatusId: UInt64?
    let sourceStatusIdStr: String?
}

struct CamelMediaSize: Codable, Equatable, Sendable {
    let w: Int
    let h: Int
    let resize: String
}
