import Foundation
import Testing
import YAJLModel

/// `.iso8601` decodes the usual shape without a formatter: the results and errors must be
/// `JSONDecoder`'s over many dates, offsets and near misses.
struct CodableDateTests {
    @Test func iso8601MatchesJSONDecoderOverGeneratedDates() {
        var random = SplitMix64(seed: 8601)
        var texts: [String] = []
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        for _ in 0..<20_000 {
            let year = Int.random(in: 1500...9999, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...31, using: &random)
            let hour = Int.random(in: 0...24, using: &random)
            let minute = Int.random(in: 0...59, using: &random)
            let second = Int.random(in: 0...60, using: &random)
            let offsetHours = Int.random(in: 0...15, using: &random)
            let offsetMinutes = [0, 30, 45, Int.random(in: 0...60, using: &random)].randomElement(using: &random) ?? 0
            let sign = Bool.random(using: &random) ? "+" : "-"
            let stem = "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
            let zone = [
                "Z", "\(sign)\(two(offsetHours)):\(two(offsetMinutes))", "\(sign)\(two(offsetHours))\(two(offsetMinutes))",
                "z", "", "\(sign)\(two(offsetHours))", ".123Z",
            ].randomElement(using: &random) ?? "Z"
            texts.append(stem + zone)
        }
        texts += ["2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z", "2100-02-29T12:00:00Z", "2000-02-29T23:59:59+14:00",
                  "1970-01-01T00:00:00Z", "1600-01-01T00:00:00Z", "1599-12-31T23:59:59Z", "2024-01-01t00:00:00Z",
                  "2024-01-01 00:00:00Z", "2024-1-01T00:00:00Z", "+2024-01-01T00:00:00Z", "2024-01-01T00:00:00-00:00"]
        let json = "[" + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        struct One: Decodable, Equatable { let date: Date }
        let setup = DecoderSetup(dates: .iso8601)
        let foundation = setup.foundation()
        let yajl = setup.yajl()
        var differences: [String] = []
        for text in texts {
            let input = Data(#"{"date": "\#(text)"}"#.utf8)
            let expected = Outcome { try foundation.decode(One.self, from: input) }
            let actual = Outcome { try yajl.decode(One.self, from: input) }
            if actual != expected { differences.append("\(text): \(actual) vs \(expected)") }
        }
        #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(10))")
        expectSameDecoding([Date].self, json, setup)
    }

    /// Twitter's dates through a `DateFormatter` (the benchmark's row), with snake-case keys.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func twitterDatesDecodeAsWithJSONDecoder() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        let setup = DecoderSetup(dates: .formatted(formatter), keys: .convertFromSnakeCase)
        let data = Data(try SharedData.corpusBytes("twitter.json"))
        let expected = try setup.foundation().decode(CamelTwitterSearch<Date>.self, from: data)
        #expect(try setup.yajl().decode(CamelTwitterSearch<Date>.self, from: data) == expected)
        #expect(expected.statuses[0].createdAt.timeIntervalSince1970 > 1_000_000_000)
    }
}
