import Foundation
import YAJLModel
import YAJLModelMacros

// The model-decode rows on citm_catalog and on the feed of small objects: `@JSONModel` types
// that mirror the Codable structs of `CodableCorpusModels.swift` field for field, against
// those structs through YAJLDecoder and JSONDecoder. Every field of every value is read and
// folded into a checksum, the same way for both kinds of type.

@JSONModel
struct CitmCatalogModel {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: CitmEventModel]
    var performances: JSONArray<CitmPerformanceModel>
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]
}

@JSONModel
struct CitmEventModel {
    @JSONKey("description") var summary: String?
    var id: Int
    var logo: String?
    var name: String
    var subTopicIds: [Int]
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int]
}

@JSONModel
struct CitmPerformanceModel {
    var eventId: Int
    var id: Int
    var logo: String?
    var name: String?
    var prices: JSONArray<CitmPriceModel>
    var seatCategories: JSONArray<CitmSeatCategoryModel>
    var seatMapImage: String?
    var start: Int
    var venueCode: String
}

@JSONModel
struct CitmPriceModel {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
}

@JSONModel
struct CitmSeatCategoryModel {
    var areas: JSONArray<CitmAreaModel>
    var seatCategoryId: Int
}

@JSONModel
struct CitmAreaModel {
    var areaId: Int
    var blockIds: [Int]
}

@JSONModel
struct FeedItemModel {
    var id: Int
    var title: String
    var price: Double
    var available: Bool
    var rating: Int?
}

/// The same fold over a catalog for the model and the Codable struct: every field read once.
enum CorpusChecksum {
    static func names(_ dictionary: [String: String]) -> Int {
        dictionary.reduce(0) { $0 &+ $1.key.utf8.count &+ $1.value.utf8.count }
    }

    static func text(_ value: String?) -> Int { value?.utf8.count ?? 0 }

    static func catalog(_ c: CitmCatalogModel) -> Int {
        var sum = names(c.areaNames) &+ names(c.audienceSubCategoryNames) &+ names(c.blockNames)
        sum &+= names(c.seatCategoryNames) &+ names(c.subTopicNames) &+ names(c.subjectNames)
        sum &+= names(c.topicNames) &+ names(c.venueNames)
        for (key, ids) in c.topicSubTopics { sum &+= key.utf8.count &+ ids.reduce(0, &+) }
        for (key, e) in c.events {
            sum &+= key.utf8.count &+ text(e.summary) &+ e.id &+ text(e.logo) &+ e.name.utf8.count
            sum &+= e.subTopicIds.reduce(0, &+) &+ text(e.subjectCode) &+ text(e.subtitle) &+ e.topicIds.reduce(0, &+)
        }
        for p in c.performances {
            sum &+= p.eventId &+ p.id &+ text(p.logo) &+ text(p.name) &+ text(p.seatMapImage) &+ p.start &+ p.venueCode.utf8.count
            for price in p.prices { sum &+= price.amount &+ price.audienceSubCategoryId &+ price.seatCategoryId }
            for category in p.seatCategories {
                sum &+= category.seatCategoryId
                for area in category.areas { sum &+= area.areaId &+ area.blockIds.reduce(0, &+) }
            }
        }
        return sum
    }

    /// The same fold over the Codable struct (the same code as above, over other types).
    static func catalog(_ c: CitmCatalog) -> Int {
        var sum = names(c.areaNames) &+ names(c.audienceSubCategoryNames) &+ names(c.blockNames)
        sum &+= names(c.seatCategoryNames) &+ names(c.subTopicNames) &+ names(c.subjectNames)
        sum &+= names(c.topicNames) &+ names(c.venueNames)
        for (key, ids) in c.topicSubTopics { sum &+= key.utf8.count &+ ids.reduce(0, &+) }
        for (key, e) in c.events {
            sum &+= key.utf8.count &+ text(e.description) &+ e.id &+ text(e.logo) &+ e.name.utf8.count
            sum &+= e.subTopicIds.reduce(0, &+) &+ text(e.subjectCode) &+ text(e.subtitle) &+ e.topicIds.reduce(0, &+)
        }
        for p in c.performances {
            sum &+= p.eventId &+ p.id &+ text(p.logo) &+ text(p.name) &+ text(p.seatMapImage) &+ p.start &+ p.venueCode.utf8.count
            for price in p.prices { sum &+= price.amount &+ price.audienceSubCategoryId &+ price.seatCategoryId }
            for category in p.seatCategories {
                sum &+= category.seatCategoryId
                for area in category.areas { sum &+= area.areaId &+ area.blockIds.reduce(0, &+) }
            }
        }
        return sum
    }

    static func item(id: Int, title: String, price: Double, available: Bool, rating: Int?) -> Int {
        id &+ title.utf8.count &+ Int(price) &+ (available ? 1 : 0) &+ (rating ?? 0)
    }
}

extension ModelDecodeScenario {
    /// Every field of citm_catalog (or the catalog-like document) through models and Codable structs.
    static func catalogContenders(_ data: Data) -> [Contender] {
        [
            Contender(model, .yajlModel) {
                return { CorpusChecksum.catalog(try CitmCatalogModel(parsing: data)) }
            },
            Contender(yajlDecoder, .yajlModel) {
                let decoder = YAJLDecoder()
                return { CorpusChecksum.catalog(try decoder.decode(CitmCatalog.self, from: data)) }
            },
            Contender(jsonDecoder, .foundation) {
                let decoder = JSONDecoder()
                return { CorpusChecksum.catalog(try decoder.decode(CitmCatalog.self, from: data)) }
            },
        ]
    }

    /// Every field of every item of the feed of small objects, a top-level array.
    static func feedContenders(_ data: Data) -> [Contender] {
        [
            Contender(model, .yajlModel) {
                return {
                    let items = try JSONArray<FeedItemModel>(json: JSONDocument(parsing: data).root)
                    var sum = 0
                    for i in items { sum &+= CorpusChecksum.item(id: i.id, title: i.title, price: i.price, available: i.available, rating: i.rating) }
                    return sum
                }
            },
            Contender(yajlDecoder, .yajlModel) {
                let decoder = YAJLDecoder()
                return {
                    var sum = 0
                    for i in try decoder.decode([FeedItem].self, from: data) {
                        sum &+= CorpusChecksum.item(id: i.id, title: i.title, price: i.price, available: i.available, rating: i.rating)
                    }
                    return sum
                }
            },
            Contender(jsonDecoder, .foundation) {
                let decoder = JSONDecoder()
                return {
                    var sum = 0
                    for i in try decoder.decode([FeedItem].self, from: data) {
                        sum &+= CorpusChecksum.item(id: i.id, title: i.title, price: i.price, available: i.available, rating: i.rating)
                    }
                    return sum
                }
            },
        ]
    }
}
