import Foundation
import YAJLModel

/// Encode Codable structs that hold a whole document: YAJLEncoder against JSONEncoder, on the
/// same values (decoded once, untimed), with default keys and with `.convertToSnakeCase`.
/// MB/s counts the input's bytes.
struct CodableEncodeScenario: Scenario {
    let name = "codable-encode"
    let title = "encode Codable structs"
    let aliases = ["codable", "encode"]

    static let yajl = "YAJLEncoder"
    static let foundation = "JSONEncoder"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        var inputs: [(Input, TypedShape)] = try context.representativeDocuments().compactMap { input in
            TypedShape.of(input.shape).map { (input, $0) }
        }
        inputs.append((context.smallObjectsFeed(), .feed))
        return inputs.flatMap { input, shape in
            [(nil, JSONEncoder.KeyEncodingStrategy.useDefaultKeys), ("convertToSnakeCase", .convertToSnakeCase)].map { label, keys in
                let data = input.bytes
                return BenchCase(
                    input: label.map { "\(input.name), \($0)" } ?? input.name, inputBytes: data.count,
                    contenders: [
                        Contender(Self.yajl, .yajlModel) {
                            let encode = try shape.yajlEncoding(data)
                            let encoder = YAJLEncoder()
                            encoder.keyEncodingStrategy = keys
                            return { try encode(encoder) }
                        },
                        Contender(Self.foundation, .foundation) {
                            let encode = try shape.foundationEncoding(data)
                            let encoder = JSONEncoder()
                            encoder.keyEncodingStrategy = keys
                            return { try encode(encoder) }
                        },
                    ],
                    reference: Self.yajl, details: ["from \(shape.typeName)"])
            }
        }
    }
}
