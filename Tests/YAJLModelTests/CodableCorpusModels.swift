// Codable models of twitter.json and citm_catalog.json, field for field, for the Codable
// tests and the Codable benchmark (Benchmarks/Sources/yajlmodel-bench links to this file),
// so that both decode the same structs. Property names follow the JSON, so that the
// default key strategy applies to both coders.
import Foundation
import YAJLModel

// MARK: twitter.json

struct TwitterSearch: Codable, Equatable {
    let statuses: [Status]
    let search_metadata: SearchMetadata
}

struct SearchMetadata: Codable, Equatable {
    let completed_in: Double
    let max_id: UInt64
    let max_id_str: String
    let next_results: String
    let query: String
    let refresh_url: String
    let count: Int
    let since_id: UInt64
    let since_id_str: String
}

struct Status: Codable, Equatable, Sendable {
    let metadata: StatusMetadata
    let created_at: String
    let id: UInt64
    let id_str: String
    let text: String
    let source: String
    let truncated: Bool
    let in_reply_to_status_id: UInt64?
    let in_reply_to_status_id_str: String?
    let in_reply_to_user_id: UInt64?
    let in_reply_to_user_id_str: String?
    let in_reply_to_screen_name: String?
    let user: User
    let geo: JSONValue?
    let coordinates: JSONValue?
    let place: JSONValue?
    let contributors: JSONValue?
    let retweeted_status: Indirect<Status>?
    let retweet_count: Int
    let favorite_count: Int
    let entities: StatusEntities
    let favorited: Bool
    let retweeted: Bool
    let possibly_sensitive: Bool?
    let lang: String
}

/// A value stored out of line, for a struct that contains its own type (a retweet's status).
struct Indirect<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    private final class Box: @unchecked Sendable {  // immutable
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box
    var value: Value { box.value }

    init(from decoder: any Decoder) throws { box = Box(try Value(from: decoder)) }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
}

struct StatusMetadata: Codable, Equatable {
    let result_type: String
    let iso_language_code: String
}

struct User: Codable, Equatable {
    let id: UInt64
    let id_str: String
    let name: String
    let screen_name: String
    let location: String
    let description: String
    let url: String?
    let entities: UserEntities
    let protected: Bool
    let followers_count: Int
    let friends_count: Int
    let listed_count: Int
    let created_at: String
    let favourites_count: Int
    let utc_offset: Int?
    let time_zone: String?
    let geo_enabled: Bool
    let verified: Bool
    let statuses_count: Int
    let lang: String
    let contributors_enabled: Bool
    let is_translator: Bool
    let is_translation_enabled: Bool
    let profile_background_color: String
    let profile_background_image_url: String
    let profile_background_image_url_https: String
    let profile_background_tile: Bool
    let profile_image_url: String
    let profile_image_url_https: String
    let profile_banner_url: String?
    let profile_link_color: String
    let profile_sidebar_border_color: String
    let profile_sidebar_fill_color: String
    let profile_text_color: String
    let profile_use_background_image: Bool
    let default_profile: Bool
    let default_profile_image: Bool
    let following: Bool
    let follow_request_sent: Bool
    let notifications: Bool
}

struct UserEntities: Codable, Equatable {
    let url: URLEntities?
    let description: URLEntities
}

struct URLEntities: Codable, Equatable {
    let urls: [URLEntity]
}

struct URLEntity: Codable, Equatable {
    let url: String
    let expanded_url: String
    let display_url: String
    let indices: [Int]
}

struct StatusEntities: Codable, Equatable {
    let hashtags: [Hashtag]
    let symbols: [JSONValue]
    let urls: [URLEntity]
    let user_mentions: [UserMention]
    let media: [Media]?
}

struct Hashtag: Codable, Equatable {
    let text: String
    let indices: [Int]
}

struct UserMention: Codable, Equatable {
    let screen_name: String
    let name: String
    let id: UInt64
    let id_str: String
    let indices: [Int]
}

struct Media: Codable, Equatable {
    let id: UInt64
    let id_str: String
    let indices: [Int]
    let media_url: String
    let media_url_https: String
    let url: String
    let display_url: String
    let expanded_url: String
    let type: String
    let sizes: [String: MediaSize]
    let source_status_id: UInt64?
    let source_status_id_str: String?
}

struct MediaSize: Codable, Equatable {
    let w: Int
    let h: Int
    let resize: String
}

// MARK: citm_catalog.json

struct CitmCatalog: Codable, Equatable {
    let areaNames: [String: String]
    let audienceSubCategoryNames: [String: String]
    let blockNames: [String: String]
    let events: [String: CitmEvent]
    let performances: [CitmPerformance]
    let seatCategoryNames: [String: String]
    let subTopicNames: [String: String]
    let subjectNames: [String: String]
    let topicNames: [String: String]
    let topicSubTopics: [String: [Int]]
    let venueNames: [String: String]
}

struct CitmEvent: Codable, Equatable {
    let description: String?
    let id: Int
    let logo: String?
    let name: String
    let subTopicIds: [Int]
    let subjectCode: String?
    let subtitle: String?
    let topicIds: [Int]
}

struct CitmPerformance: Codable, Equatable {
    let eventId: Int
    let id: Int
    let logo: String?
    let name: String?
    let prices: [CitmPrice]
    let seatCategories: [CitmSeatCategory]
    let seatMapImage: String?
    let start: Int
    let venueCode: String
}

struct CitmPrice: Codable, Equatable {
    let amount: Int
    let audienceSubCategoryId: Int
    let seatCategoryId: Int
}

struct CitmSeatCategory: Codable, Equatable {
    let areas: [CitmArea]
    let seatCategoryId: Int
}

struct CitmArea: Codable, Equatable {
    let areaId: Int
    let blockIds: [Int]
}

// MARK: A feed of small objects

/// One item of a generated feed: the small-object shape of many API responses.
struct FeedItem: Codable, Equatable {
    let id: Int
    let title: String
    let price: Double
    let available: Bool
    let rating: Int?
}
