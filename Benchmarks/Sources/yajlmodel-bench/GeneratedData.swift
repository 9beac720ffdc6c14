import Foundation

/// Deterministic inputs shaped like the usual JSON benchmark files, so the
/// benchmark runs anywhere without downloading a corpus and gives the same
/// bytes on every machine. Scale 1 gives roughly 1–2 MB per input.
enum GeneratedData {
    static func all(scale: Double) -> [Input] {
        [
            Input(name: "twitter-like", bytes: Data(twitterLike(scale: scale))),
            Input(name: "catalog-like", bytes: Data(catalogLike(scale: scale))),
            Input(name: "canada-like", bytes: Data(canadaLike(scale: scale))),
        ]
    }

    private static func count(_ base: Int, _ scale: Double) -> Int {
        max(1, Int((Double(base) * scale).rounded()))
    }

    // MARK: twitter-like

    /// A search result of status objects with nested users, entities and retweets:
    /// short strings, many keys, big integer ids, booleans and nulls, raw UTF-8
    /// text with a few escapes (`\n`, `\"`), about as often as in twitter.json.
    static func twitterLike(scale: Double) -> [UInt8] {
        var random = SplitMix64(seed: 0x7477_6974_7465_72)
        var json = JSONWriter()
        json.object { json in
            json.key("statuses")
            json.array { json in
                for _ in 0..<count(500, scale) { status(&json, &random, allowRetweet: true) }
            }
            json.key("search_metadata")
            json.object { json in
                json.field("completed_in", double: "0.087")
                json.field("max_id", 505_874_924_095_815_681)
                json.field("max_id_str", "505874924095815681")
                json.field("next_results", "?max_id=505874847260352512&q=%E4%B8%80&count=100&include_entities=1")
                json.field("query", "%E4%B8%80")
                json.field("refresh_url", "?since_id=505874924095815681&q=%E4%B8%80&include_entities=1")
                json.field("count", 100)
                json.field("since_id", 0)
                json.field("since_id_str", "0")
            }
        }
        return json.bytes
    }

    private static let words = [
        "the", "a", "swift", "json", "parser", "today", "is", "great", "coffee", "morning", "release", "build",
        "new", "version", "tree", "fast", "really", "hello", "world", "weekend", "train", "late", "again",
        "café", "naïve", "Zürich", "São", "Paulo", "東京", "今日は", "ありがとう", "ラーメン", "猫", "一番",
        "おはよう", "楽しい", "한국어", "Привет", "мир", "😀", "🎉", "🚀", "👍", "★", "♪", "…", "—",
    ]
    private static let names = [
        "Alice", "Bob", "Carol", "Dave", "Eve", "Mallory", "Trent", "Peggy", "Victor", "Walter",
        "たろう", "はなこ", "ゆうき", "さくら", "Zoë", "Ana María", "José", "Łukasz", "Søren", "Chloé",
    ]
    private static let sources = [
        "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>",
        "<a href=\"http://twitter.com/download/android\" rel=\"nofollow\">Twitter for Android</a>",
        "web",
        "<a href=\"https://about.twitter.com/products/tweetdeck\" rel=\"nofollow\">TweetDeck</a>",
    ]
    private static let languages = ["ja", "en", "es", "fr", "de", "ko", "ru", "pt"]
    private static let timeZones = ["Tokyo", "Osaka", "Pacific Time (US & Canada)", "London", "Berlin", "Irkutsk"]
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func status(_ json: inout JSONWriter, _ random: inout SplitMix64, allowRetweet: Bool) {
        let id = 505_874_000_000_000_000 + random.int(0..<999_999_999_999)
        let mentioned = (0..<random.int(0..<3)).map { _ in handle(&random) }
        let tags = (0..<random.int(0..<3)).map { _ in random.pick(words).filter { !$0.isWhitespace } }
        let url = "http://t.co/\(token(&random, length: 10))"
        var text = mentioned.map { "@\($0) " }.joined()
        for index in 0..<random.int(4..<22) {
            if index > 0 { text += random.chance(0.08) ? "\n" : " " }
            text += random.chance(0.05) ? "\"\(random.pick(words))\"" : random.pick(words)
        }
        text += tags.map { " #\($0)" }.joined()
        if random.chance(0.4) { text += " " + url }

        json.object { json in
            json.key("metadata")
            json.object { json in
                json.field("result_type", "recent")
                json.field("iso_language_code", random.pick(languages))
            }
            json.field("created_at", date(&random))
            json.field("id", id)
            json.field("id_str", String(id))
            json.field("text", text)
            json.field("source", random.pick(sources))
            json.field("truncated", false)
            let reply = random.chance(0.2)
            json.field("in_reply_to_status_id", reply ? id - random.int(1..<1_000_000) : nil)
            json.field("in_reply_to_status_id_str", reply ? String(id - 17) : nil)
            json.field("in_reply_to_user_id", reply ? random.int(1_000_000..<3_000_000_000) : nil)
            json.field("in_reply_to_screen_name", reply ? handle(&random) : nil)
            json.key("user")
            user(&json, &random)
            json.field("geo", nil as String?)
            if random.chance(0.05) {
                json.key("coordinates")
                json.object { json in
                    json.field("type", "Point")
                    json.key("coordinates")
                    json.array { json in
                        json.double(String(format: "%.8f", 139 + Double(random.int(0..<1_000_000)) / 1e6))
                        json.double(String(format: "%.8f", 35 + Double(random.int(0..<1_000_000)) / 1e6))
                    }
                }
            } else {
                json.field("coordinates", nil as String?)
            }
            json.field("place", nil as String?)
            json.field("contributors", nil as String?)
            if allowRetweet && random.chance(0.3) {
                json.key("retweeted_status")
                status(&json, &random, allowRetweet: false)
            }
            json.field("retweet_count", random.chance(0.7) ? 0 : random.int(1..<5000))
            json.field("favorite_count", random.chance(0.7) ? 0 : random.int(1..<5000))
            json.key("entities")
            json.object { json in
                json.key("hashtags")
                json.array { json in
                    for tag in tags {
                        json.object { json in
                            json.field("text", tag)
                            indices(&json, &random)
                        }
                    }
                }
                json.key("symbols")
                json.array { _ in }
                json.key("urls")
                json.array { json in
                    if text.hasSuffix(url) {
                        json.object { json in
                            json.field("url", url)
                            json.field("expanded_url", "http://example.com/\(token(&random, length: 12))")
                            json.field("display_url", "example.com/\(token(&random, length: 8))…")
                            indices(&json, &random)
                        }
                    }
                }
                json.key("user_mentions")
                json.array { json in
                    for name in mentioned {
                        let userID = random.int(1_000_000..<3_000_000_000)
                        json.object { json in
                            json.field("screen_name", name)
                            json.field("name", random.pick(names))
                            json.field("id", userID)
                            json.field("id_str", String(userID))
                            indices(&json, &random)
                        }
                    }
                }
            }
            json.field("favorited", false)
            json.field("retweeted", false)
            if random.chance(0.2) { json.field("possibly_sensitive", false) }
            json.field("lang", random.pick(languages))
        }
    }

    private static func user(_ json: inout JSONWriter, _ random: inout SplitMix64) {
        let id = random.int(1_000_000..<3_000_000_000)
        let screenName = handle(&random)
        json.object { json in
            json.field("id", id)
            json.field("id_str", String(id))
            json.field("name", random.pick(names) + (random.chance(0.3) ? " " + random.pick(words) : ""))
            json.field("screen_name", screenName)
            json.field("location", random.chance(0.5) ? random.pick(timeZones) : "")
            var description = ""
            for index in 0..<random.int(0..<16) { description += (index > 0 ? " " : "") + random.pick(words) }
            if random.chance(0.1) { description += "\r\n\t\\(^o^)/" }
            json.field("description", description)
            let url = random.chance(0.3) ? "http://t.co/\(token(&random, length: 10))" : nil
            json.field("url", url)
            json.key("entities")
            json.object { json in
                json.key("description")
                json.object { json in
                    json.key("urls")
                    json.array { _ in }
                }
            }
            json.field("protected", random.chance(0.05))
            json.field("followers_count", random.int(0..<100_000))
            json.field("friends_count", random.int(0..<5_000))
            json.field("listed_count", random.int(0..<100))
            json.field("created_at", date(&random))
            json.field("favourites_count", random.int(0..<50_000))
            let hasZone = random.chance(0.6)
            json.field("utc_offset", hasZone ? (random.int(-12..<13) * 3600) : nil)
            json.field("time_zone", hasZone ? random.pick(timeZones) : nil)
            json.field("geo_enabled", random.chance(0.3))
            json.field("verified", random.chance(0.01))
            json.field("statuses_count", random.int(0..<200_000))
            json.field("lang", random.pick(languages))
            json.field("contributors_enabled", false)
            json.field("is_translator", false)
            json.field("is_translation_enabled", false)
            json.field("profile_background_color", hexColor(&random))
            json.field("profile_background_image_url", "http://abs.twimg.com/images/themes/theme1/bg.png")
            json.field("profile_background_image_url_https", "https://abs.twimg.com/images/themes/theme1/bg.png")
            json.field("profile_background_tile", false)
            let image = "//pbs.twimg.com/profile_images/\(random.int(100_000_000..<999_999_999))/\(token(&random, length: 8))_normal.jpeg"
            json.field("profile_image_url", "http:" + image)
            json.field("profile_image_url_https", "https:" + image)
            json.field("profile_link_color", hexColor(&random))
            json.field("profile_sidebar_border_color", hexColor(&random))
            json.field("profile_sidebar_fill_color", hexColor(&random))
            json.field("profile_text_color", hexColor(&random))
            json.field("profile_use_background_image", true)
            json.field("default_profile", random.chance(0.5))
            json.field("default_profile_image", false)
            json.field("following", false)
            json.field("follow_request_sent", false)
            json.field("notifications", false)
        }
    }

    private static func indices(_ json: inout JSONWriter, _ random: inout SplitMix64) {
        let start = random.int(0..<120)
        json.key("indices")
        json.array { json in
            json.int(start)
            json.int(start + random.int(2..<24))
        }
    }

    private static func handle(_ random: inout SplitMix64) -> String {
        token(&random, length: random.int(4..<15))
    }

    private static let tokenAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")

    private static func token(_ random: inout SplitMix64, length: Int) -> String {
        String((0..<length).map { _ in random.pick(tokenAlphabet) })
    }

    private static func hexColor(_ random: inout SplitMix64) -> String {
        String(format: "%06X", random.int(0..<0x100_0000))
    }

    private static func date(_ random: inout SplitMix64) -> String {
        String(
            format: "%@ %@ %02d %02d:%02d:%02d +0000 %d", random.pick(days), random.pick(months),
            random.int(1..<29), random.int(0..<24), random.int(0..<60), random.int(0..<60), random.int(2007..<2015))
    }

    // MARK: catalog-like

    /// The shape of citm_catalog.json: pretty-printed, objects keyed by numeric
    /// ids, many small integer-only objects and arrays, French names in UTF-8.
    static func catalogLike(scale: Double) -> [UInt8] {
        var random = SplitMix64(seed: 0x6369_746d)
        var json = JSONWriter(indentWidth: 4)
        let areaIDs = (0..<40).map { 205_705_993 + $0 * 6 }
        let seatCategoryIDs = (0..<64).map { 338_937_235 + $0 * 10 }
        let topicIDs = [107_888_604, 324_846_098, 324_846_099, 324_846_100]
        let subTopicIDs = (0..<19).map { 337_184_262 + $0 * 7 }
        let audienceIDs = [337_100_890, 337_100_891]
        let eventIDs = (0..<count(184, scale)).map { 138_586_341 + $0 * 17 }
        let places = [
            "Arrière-scène central", "1er balcon central", "2ème balcon bergerie cour", "Orchestre central",
            "Loge côté jardin", "Parterre", "Corbeille", "Fauteuil d’orchestre",
        ]
        let titles = [
            "30th Anniversary Tour", "Berliner Philharmoniker", "Orchestre Philharmonique de Radio France",
            "Récital de piano", "Musique de chambre", "Les Arts Florissants", "Quatuor à cordes", "Ciné-concert",
        ]

        json.object { json in
            json.key("areaNames")
            json.object { json in
                for id in areaIDs { json.field(String(id), random.pick(places)) }
            }
            json.key("audienceSubCategoryNames")
            json.object { json in
                json.field(String(audienceIDs[0]), "Abonné")
                json.field(String(audienceIDs[1]), "Jeune")
            }
            json.key("blockNames")
            json.object { _ in }
            json.key("events")
            json.object { json in
                for id in eventIDs {
                    json.key(String(id))
                    json.object { json in
                        json.field("description", random.chance(0.1) ? "Concert exceptionnel, \(random.pick(titles))" : nil)
                        json.field("id", id)
                        json.field("logo", random.chance(0.4) ? "/images/UE0AAAAAC\(token(&random, length: 6))AAAAZDSVRN" : nil)
                        json.field("name", random.pick(titles))
                        json.key("subTopicIds")
                        json.array { json in
                            for _ in 0..<random.int(1..<5) { json.int(random.pick(subTopicIDs)) }
                        }
                        json.field("subjectCode", nil as String?)
                        json.field("subtitle", nil as String?)
                        json.key("topicIds")
                        json.array { json in
                            for _ in 0..<random.int(1..<3) { json.int(random.pick(topicIDs)) }
                        }
                    }
                }
            }
            json.key("performances")
            json.array { json in
                for index in 0..<count(243, scale) {
                    json.object { json in
                        json.field("eventId", random.pick(eventIDs))
                        json.field("id", 339_887_544 + index * 13)
                        json.field("logo", random.chance(0.3) ? "/images/UE0AAAAAC\(token(&random, length: 6))AAAAZDSVRN" : nil)
                        json.field("name", nil as String?)
                        let categories = (0..<random.int(1..<7)).map { _ in random.pick(seatCategoryIDs) }
                        json.key("prices")
                        json.array { json in
                            for category in categories {
                                json.object { json in
                                    json.field("amount", random.int(10..<200) * 250)
                                    json.field("audienceSubCategoryId", audienceIDs[0])
                                    json.field("seatCategoryId", category)
                                }
                            }
                        }
                        json.key("seatCategories")
                        json.array { json in
                            for category in categories {
                                json.object { json in
                                    json.key("areas")
                                    json.array { json in
                                        for _ in 0..<random.int(2..<24) {
                                            json.object { json in
                                                json.field("areaId", random.pick(areaIDs))
                                                json.key("blockIds")
                                                json.array { _ in }
                                            }
                                        }
                                    }
                                    json.field("seatCategoryId", category)
                                }
                            }
                        }
                        json.field("seatMapImage", nil as String?)
                        json.field("start", 1_372_701_600_000 + random.int(0..<400) * 86_400_000)
                        json.field("venueCode", "PLEYEL_PLEYEL")
                    }
                }
            }
            json.key("seatCategoryNames")
            json.object { json in
                for id in seatCategoryIDs { json.field(String(id), random.pick(places)) }
            }
            json.key("subTopicNames")
            json.object { json in
                for id in subTopicIDs { json.field(String(id), random.pick(titles)) }
            }
            json.key("subjectNames")
            json.object { _ in }
            json.key("topicNames")
            json.object { json in
                for id in topicIDs { json.field(String(id), random.pick(["Musique classique", "Opéra", "Jazz", "Danse"])) }
            }
            json.key("topicSubTopics")
            json.object { json in
                for id in topicIDs {
                    json.key(String(id))
                    json.array { json in
                        for _ in 0..<random.int(1..<6) { json.int(random.pick(subTopicIDs)) }
                    }
                }
            }
            json.key("venueNames")
            json.object { json in json.field("PLEYEL_PLEYEL", "Salle Pleyel") }
        }
        return json.bytes
    }

    // MARK: canada-like

    /// The shape of canada.json: one GeoJSON feature whose polygon holds hundreds
    /// of rings of [longitude, latitude] pairs, each number printed with 15
    /// decimals. Nearly all of the bytes are numbers in deeply nested arrays.
    static func canadaLike(scale: Double) -> [UInt8] {
        var random = SplitMix64(seed: 0x6361_6e61_6461)
        var json = JSONWriter()
        json.object { json in
            json.field("type", "FeatureCollection")
            json.key("features")
            json.array { json in
                json.object { json in
                    json.field("type", "Feature")
                    json.key("properties")
                    json.object { json in json.field("name", "Canada") }
                    json.key("geometry")
                    json.object { json in
                        json.field("type", "Polygon")
                        json.key("coordinates")
                        json.array { json in
                            for _ in 0..<count(400, scale) { ring(&json, &random) }
                        }
                    }
                }
            }
        }
        return json.bytes
    }

    /// A closed ring from a random walk, in fixed point (units of 10^-15 degree)
    /// so the digits never depend on how a platform formats doubles.
    private static func ring(_ json: inout JSONWriter, _ random: inout SplitMix64) {
        let unit: Int64 = 1_000_000_000_000_000
        let start = (
            longitude: -Int64(random.int(52..<141)) * unit - Int64(random.int(0..<Int(unit))),
            latitude: Int64(random.int(42..<83)) * unit + Int64(random.int(0..<Int(unit)))
        )
        var point = start
        json.array { json in
            for index in 0..<random.int(20..<240) {
                if index > 0 {
                    point.longitude += Int64(random.int(-2_000_000..<2_000_001)) * 1_000_000 + Int64(random.int(0..<1000))
                    point.latitude += Int64(random.int(-2_000_000..<2_000_001)) * 1_000_000 + Int64(random.int(0..<1000))
                }
                json.array { json in
                    json.double(fixed(point.longitude))
                    json.double(fixed(point.latitude))
                }
            }
            json.array { json in
                json.double(fixed(start.longitude))
                json.double(fixed(start.latitude))
            }
        }
    }

    private static func fixed(_ value: Int64) -> String {
        let magnitude = value.magnitude
        let fraction = String(magnitude % 1_000_000_000_000_000)
        return (value < 0 ? "-" : "") + String(magnitude / 1_000_000_000_000_000) + "."
            + String(repeating: "0", count: 15 - fraction.count) + fraction
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and the same on every
/// platform, unlike Foundation's or the system's generators.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform enough for test data; the modulo bias is irrelevant here.
    mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < probability
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(0..<elements.count)]
    }
}

/// A minimal JSON emitter into bytes: it places commas, and newlines and
/// indentation when `indentWidth` > 0, so the generators above read like the
/// documents they imitate.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private let indentWidth: Int
    private var depth = 0
    private var containerIsEmpty = true
    private var afterKey = false

    init(indentWidth: Int = 0) {
        self.indentWidth = indentWidth
        bytes.reserveCapacity(1 << 21)
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    mutating func array(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "["))
        body(&self)
        close(UInt8(ascii: "]"))
    }

    mutating func key(_ key: String) {
        beginValue()
        quoted(key)
        bytes.append(UInt8(ascii: ":"))
        if indentWidth > 0 { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    mutating func field(_ key: String, _ value: String?) {
        self.key(key)
        if let value { string(value) } else { null() }
    }

    mutating func field(_ key: String, _ value: Int?) {
        self.key(key)
        if let value { int(value) } else { null() }
    }

    mutating func field(_ key: String, _ value: Bool) {
        self.key(key)
        raw(value ? "true" : "false")
    }

    mutating func field(_ key: String, double text: String) {
        self.key(key)
        double(text)
    }

    mutating func int(_ value: Int) { raw(String(value)) }
    /// A number given as its exact text, so output never depends on float formatting.
    mutating func double(_ text: String) { raw(text) }
    mutating func null() { raw("null") }

    mutating func string(_ value: String) {
        beginValue()
        quoted(value)
    }

    /// Escapes only what JSON requires; non-ASCII stays raw UTF-8, as in twitter.json.
    private mutating func quoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case "\\": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case "\n": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case "\r": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case "\t": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            default:
                if scalar.value < 0x20 {
                    for unit in String(scalar).utf16 { bytes += Array(String(format: "\\u%04x", unit).utf8) }
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func raw(_ text: String) {
        beginValue()
        bytes += text.utf8
    }

    private mutating func open(_ bracket: UInt8) {
        beginValue()
        bytes.append(bracket)
        depth += 1
        containerIsEmpty = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !containerIsEmpty { newline() }
        bytes.append(bracket)
        containerIsEmpty = false  // the enclosing container now holds this one
    }

    /// Writes the comma and line break that go before a value or key.
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        if depth > 0 {
            if !containerIsEmpty { bytes.append(UInt8(ascii: ",")) }
            newline()
        }
        containerIsEmpty = false
    }

    private mutating func newline() {
        guard indentWidth > 0 else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes += repeatElement(UInt8(ascii: " "), count: depth * indentWidth)
    }
}
