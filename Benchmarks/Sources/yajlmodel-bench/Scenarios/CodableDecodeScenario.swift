import Foundation
import YAJLModel

/// Decode a whole document into Codable structs that hold every field: YAJLDecoder
/// against JSONDecoder, on the same structs and bytes (twitter, citm_catalog and canada
/// shapes, and a feed of small objects). The feed also gets the floor of any yajl-based
/// decoder (see `CodableFloor`), which bounds the ratio any of them can reach.
struct CodableDecodeScenario: Scenario {
    let name = "codable-decode"
    let title = "typed decode reading every field: Codable"
    let aliases = ["codable", "typed"]

    static let yajl = "YAJLDecoder"
    static let foundation = "JSONDecoder"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        var inputs: [(Input, TypedShape, isFeed: Bool)] = try context.representativeDocuments().compactMap { input in
            TypedShape.of(input.shape).map { (input, $0, false) }
        }
        inputs.append((context.smallObjectsFeed(), .feed, true))
        let strategyCases = inputs.filter { $0.0.shape == .twitter }.flatMap { [Self.snakeCaseKeys($0.0), Self.twitterDates($0.0)] }
        return inputs.map { input, shape, isFeed in
            let data = input.bytes
            let floor = isFeed ? [CodableFloor.contender(data)] : []
            return BenchCase(
                input: input.name, inputBytes: data.count,
                contenders: [
                    Contender(Self.yajl, .yajlModel) {
                        let decoder = YAJLDecoder()
                        return { try shape.decodeYAJL(decoder, data) }
                    },
                    Contender(Self.foundation, .foundation) {
                        let decoder = JSONDecoder()
                        return { try shape.decodeFoundation(decoder, data) }
                    },
                ] + floor,
                reference: Self.yajl, details: ["into \(shape.typeName), every field"])
        } + strategyCases
    }

    /// twitter into camelCase structs with `.convertFromSnakeCase`, as most code decodes a
    /// snake_case API: to compare with the default-keys row of the same input.
    static func snakeCaseKeys(_ input: Input) -> BenchCase {
        strategyCase(input, CamelTwitterSearch<String>.self, label: "convertFromSnakeCase", details: "camelCase properties",
                     keys: .convertFromSnakeCase, twitterDates: false)
    }

    /// The same, with `created_at` decoded as a `Date` by Twitter's `DateFormatter`
    /// (`EEE MMM dd HH:mm:ss Z yyyy`, en_US_POSIX), as Twitter clients decode it. (The
    /// default-keys structs stay non-generic: a `Time` parameter there would add
    /// unspecialized generic decoding to the default-keys row, which measures the decoder.)
    static func twitterDates(_ input: Input) -> BenchCase {
        strategyCase(input, CamelTwitterSearch<Date>.self, label: "convertFromSnakeCase, Twitter dates",
                     details: "dates by DateFormatter", keys: .convertFromSnakeCase, twitterDates: true)
    }

    /// Twitter's `DateFormatter`, a new one for each contender, as each client makes its own.
    static func twitterDateFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter
    }

    /// Both decoders with the key strategy `keys`, and Twitter's `DateFormatter` as the
    /// `.formatted` date strategy when `twitterDates`.
    static func strategyCase<T: Decodable>(
        _ input: Input, _ type: T.Type, label: String, details: String,
        keys: JSONDecoder.KeyDecodingStrategy, twitterDates: Bool
    ) -> BenchCase {
        let data = input.bytes
        return BenchCase(
            input: "\(input.name), \(label)", inputBytes: data.count,
            contenders: [
                Contender(Self.yajl, .yajlModel) {
                    let decoder = YAJLDecoder()
                    decoder.keyDecodingStrategy = keys
                    if twitterDates { decoder.dateDecodingStrategy = .formatted(twitterDateFormatter()) }
                    return { _ = try decoder.decode(type, from: data); return 1 }
                },
                Contender(Self.foundation, .foundation) {
                    let decoder = JSONDecoder()
                    decoder.keyDecodingStrategy = keys
                    if twitterDates { decoder.dateDecodingStrategy = .formatted(twitterDateFormatter()) }
                    return { _ = try decoder.decode(type, from: data); return 1 }
                },
            ],
            reference: Self.yajl, details: ["into \(type), \(details), every field"])
    }
}
