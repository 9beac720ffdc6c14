import Foundation
import Testing
@testable import YAJLModel

/// Numbers, `Decimal` and dates in ``YAJLEncoder``: arrays of numbers (written by their own
/// loop), every integer width, `Decimal`, and `.iso8601` dates (written without a `String`
/// per date) give `JSONEncoder`'s output and errors.
@Suite("YAJLEncoder: numbers, decimals and dates")
struct EncoderNumberTests {
    private struct Geometry: Codable {
        var coordinates: [[[Double]]]
        var weights: [Float]
        var counts: [Int]
        var line: [Double]
    }

    @Test(arguments: CodableEncoderTests.formattings)
    func numberArraysEncodeLikeJSONEncoder(formatting: JSONEncoder.OutputFormatting) {
        let value = Geometry(
            coordinates: [[[1, 2.5], [-3e-7, 1e300], []], [], [[0, -0.0, 0.1]]],
            weights: [0.1, 3.4028235e38, -1], counts: [0, -1, .max, .min], line: [])
        for keys: JSONEncoder.KeyEncodingStrategy in [.useDefaultKeys, .convertToSnakeCase] {
            expectSameEncoding(value, EncoderSetup(formatting: formatting, keys: keys))
        }
        expectSameEncoding([[Double]](), EncoderSetup(formatting: formatting))
        expectSameEncoding([[1.5], [2]] as [[Double]], EncoderSetup(formatting: formatting))
        expectSameEncoding([1, 2, 3] as [Int], EncoderSetup(formatting: formatting))
        expectSameEncoding([Float](), EncoderSetup(formatting: formatting))
    }

    /// Infinity and NaN throw with the element's coding path, or become strings, as each
    /// element encoded on its own would.
    @Test func nonConformingElements() {
        let strategy = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let arrays: [[[Double]]] = [[[1, 2], [3, .nan]], [[.infinity]], [[], [-.infinity, 0]]]
        for array in arrays {
            expectSameEncoding(array, EncoderSetup())
            expectSameEncoding(array, EncoderSetup(floats: strategy))
            expectSameEncoding(["outer": array], EncoderSetup())
            expectSameEncoding(array.flatMap { $0 }, EncoderSetup())
            expectSameEncoding(array.flatMap { $0 }.map(Float.init), EncoderSetup())
            expectSameEncoding(array.flatMap { $0 }.map(Float.init), EncoderSetup(floats: strategy))
        }
    }

    @Test func everyIntegerWidth() {
        struct Widths: Codable {
            var i8: [Int8] = [.min, -1, 0, .max]
            var i16: [Int16] = [.min, 0, .max]
            var i32: [Int32] = [.min, 0, .max]
            var i64: [Int64] = [.min, 0, .max]
            var u8: [UInt8] = [0, .max]
            var u16: [UInt16] = [0, .max]
            var u32: [UInt32] = [0, .max]
            var u64: [UInt64] = [0, 10_000_000_000_000_000_000, .max]
            var u: [UInt] = [0, .max]
            var i: [Int] = [.min, -100_000_000, 99_999_999, 100_000_000, .max]
            var single: Int64 = .min
            var optional: UInt8? = 7
        }
        expectSameEncoding(Widths(), EncoderSetup(formatting: .sortedKeys))
        var random = SplitMix64(seed: 0x1_2E6E)
        let values = (0..<2000).map { index in Int64(bitPattern: random.next()) >> (index % 64) }
        expectSameEncoding(values, EncoderSetup())
        expectSameEncoding(values.map { UInt64(bitPattern: $0) }, EncoderSetup())
    }

    /// `Decimal`'s text is its `description`, which `JSONEncoder` writes, for significands up
    /// to 38 digits and every exponent.
    @Test func decimalsEncodeLikeJSONEncoder() throws {
        var random = SplitMix64(seed: 0xDEC1_3A1)
        var values: [Decimal] = [0, 1, -1, 10, 0.5, -0.005, Decimal(string: "12.50")!, Decimal(string: "1e127")!,
                                 Decimal(string: "1e-128")!, Decimal(string: "-123456789012345678901234567890.12345678")!,
                                 Decimal.greatestFiniteMagnitude, Decimal.leastNonzeroMagnitude, Decimal(UInt64.max), Decimal(Int64.min)]
        for _ in 0..<2000 {
            let digits = String(random.next() % 1_000_000_000_000_000_000) + String(random.next() % 10_000_000_000_000_000_000)
            let length = Int(random.next() % UInt64(digits.count)) + 1
            let exponent = Int(random.next() % 120) - 60
            if let value = Decimal(string: (random.next() & 1 == 0 ? "-" : "") + digits.prefix(length) + "e\(exponent)") {
                values.append(value)
            }
        }
        expectSameEncoding(values, EncoderSetup())
        expectSameEncoding(["amount": values[6]], EncoderSetup(formatting: .prettyPrinted))
    }

    /// `.iso8601` dates: `date.formatted(.iso8601)`, which is `JSONEncoder`'s text, whole
    /// seconds and fractions, before and after 1970, and outside the Gregorian four-digit years.
    @Test func iso8601DatesMatchJSONEncoder() throws {
        var random = SplitMix64(seed: 0x1508_601)
        // The first Gregorian day and the one before it (Julian in Foundation), year 1, the last
        // second of 9999 and the one after it, leap days.
        var dates = [0, -1, 0.5, -0.5, 1_600_000_000.999_999, -12_219_292_800, -12_219_292_800.5, -62_135_596_800,
                     -62_135_596_801, 253_402_300_799.9, 253_402_300_800, 951_782_400, 4_107_542_400].map(Date.init(timeIntervalSince1970:))
        for _ in 0..<20_000 {
            let seconds = Double(Int64(bitPattern: random.next()) % 253_402_300_800) + Double(random.next() % 1000) / 1000
            dates.append(Date(timeIntervalSince1970: seconds))
        }
        let encoder = YAJLEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let written = try JSONDocument(parsing: encoder.encode(dates)).root
        for (index, date) in dates.enumerated() {
            #expect(written[index]?.string == date.formatted(.iso8601), "\(date.timeIntervalSince1970)")
        }
        expectSameEncoding(Array(dates.prefix(200)), EncoderSetup(dates: .iso8601))
    }
}
