import Foundation
import YAJLModel

/// Write a million binary floats as a JSON array: `[Double]` and `[Float]` of random bit
/// patterns (finite ones; most need all their digits and an exponent, unlike short
/// decimals), by `YAJLEncoder`, `JSONEncoder`, and `String(describing:)` joined by commas
/// (the standard library's own shortest text, with no JSON around it). The values are the
/// same for every contender and every run (a fixed seed; `--scale` sets the count).
/// MB/s counts the bytes `YAJLEncoder` writes.
struct WriteNumbersScenario: Scenario {
    let name = "write-numbers"
    let title = "write random doubles and floats"
    let aliases = ["numbers"]

    static let yajl = "YAJLEncoder"
    static let foundation = "JSONEncoder"
    static let describing = "String(describing:), joined by commas"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let count = max(1000, Int(1_000_000 * context.options.scale))
        var random = SplitMix64(seed: 0x6E75_6D62_6572_73)
        var doubles: [Double] = []
        doubles.reserveCapacity(count)
        while doubles.count < count {
            let value = Double(bitPattern: random.next())
            if value.isFinite { doubles.append(value) }
        }
        var floats: [Float] = []
        floats.reserveCapacity(count)
        while floats.count < count {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            if value.isFinite { floats.append(value) }
        }
        return [
            try numbersCase(doubles, input: "\(count) random doubles"),
            try numbersCase(floats, input: "\(count) random floats"),
        ]
    }

    private func numbersCase<T: BinaryFloatingPoint & Codable & Sendable>(_ values: [T], input: String) throws -> BenchCase {
        let bytes = try YAJLEncoder().encode(values).count
        return BenchCase(
            input: input, inputBytes: bytes,
            contenders: [
                Contender(Self.yajl, .yajlModel) {
                    let encoder = YAJLEncoder()
                    return { try encoder.encode(values).count }
                },
                Contender(Self.foundation, .foundation) {
                    let encoder = JSONEncoder()
                    return { try encoder.encode(values).count }
                },
                Contender(Self.describing, .standardLibrary) {
                    { values.map { String(describing: $0) }.joined(separator: ",").utf8.count }
                },
            ],
            reference: Self.yajl, details: ["[\(T.self)] of random finite bit patterns, \(bytes) bytes of JSON"])
    }
}
