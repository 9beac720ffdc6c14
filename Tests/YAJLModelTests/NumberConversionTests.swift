import Foundation
import Testing
@testable import YAJLModel

/// Number text to `Double` and `Float` is correctly rounded: differential tests against the
/// standard library's `Double(String)` and `Float(String)` over millions of generated numbers
/// and every number of canada.json.
struct NumberConversionTests {
    /// The texts whose conversion differs from the standard library's, with both values.
    private func mismatches(_ texts: [String]) -> [String] {
        var found: [String] = []
        for text in texts {
            var bytes = Array(text.utf8)
            let (double, float) = bytes.withUnsafeMutableBytes {
                (JSONNumberText.nearestDouble(UnsafeRawBufferPointer($0)), JSONNumberText.nearestFloat(UnsafeRawBufferPointer($0)))
            }
            let expectedDouble = Double(text)
            let expectedFloat = Float(text)
            if double.bitPattern != expectedDouble?.bitPattern { found.append("\(text): Double \(double) vs \(String(describing: expectedDouble))") }
            if float.bitPattern != expectedFloat?.bitPattern { found.append("\(text): Float \(float) vs \(String(describing: expectedFloat))") }
        }
        return found
    }

    /// How many of `texts` the fast path (`EiselLemire`) converts, rather than the exact fallback.
    private func fastShare(_ texts: [String]) -> Double {
        let fast = texts.filter { text in
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBytes { DecimalSignificand(UnsafeRawBufferPointer($0)).flatMap(EiselLemire.double) } != nil
        }
        return Double(fast.count) / Double(texts.count)
    }

    /// `digits` written with a dot after `integerDigits` of them (or none), and an exponent.
    private func text(_ digits: String, integerDigits: Int, exponent: Int?, negative: Bool) -> String {
        var text = negative ? "-" : ""
        if integerDigits <= 0 || integerDigits >= digits.count {
            text += digits
        } else {
            let split = digits.index(digits.startIndex, offsetBy: integerDigits)
            text += digits[..<split] + "." + digits[split...]
        }
        if let exponent { text += (exponent % 2 == 0 ? "e" : "E") + String(exponent) }
        return text
    }

    @Test func randomDigitsAndExponents() {
        var random = SplitMix64(seed: 1)
        var texts: [String] = []
        for _ in 0..<1_000_000 {
            let count = Int.random(in: 1...(Int.random(in: 0..<8, using: &random) == 0 ? 25 : 19), using: &random)
            var digits = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<count { digits.append(Character(Unicode.Scalar(UInt8.random(in: 48...57, using: &random)))) }
            let exponent: Int? = Bool.random(using: &random) ? Int.random(in: -345...330, using: &random) : nil
            texts.append(text(digits, integerDigits: Int.random(in: 0...count, using: &random), exponent: exponent,
                              negative: Bool.random(using: &random)))
        }
        let found = mismatches(texts)
        #expect(found.isEmpty, "\(found.count) mismatches: \(found.prefix(10))")
        #expect(fastShare(texts) > 0.8)  // the rest have more than 19 digits
    }

    /// Values exactly halfway between two `Double`s (and `Float`s), and their neighbours, with
    /// few enough digits for the fast path: `a × 10^q` whose binary significand `a × 5^q` has one
    /// bit more than the format holds, for q in 0...23, and `a × 5^k × 10^-k`.
    @Test func halfwayCases() {
        var random = SplitMix64(seed: 2)
        var texts: [String] = []
        for (bits, count) in [(54, 20_000), (25, 20_000)] {
            for q in 0...23 {
                let power = (0..<q).reduce(UInt64(1)) { value, _ in value &* 5 }
                guard power < 1 << (bits - 1) else { continue }
                for _ in 0..<count / 24 {
                    let low = (UInt64(1) << (bits - 1)) / power + 1
                    let high = (UInt64(1) << bits) / power
                    guard low < high else { continue }
                    let a = UInt64.random(in: low..<high, using: &random) | 1
                    for w in [a - 1, a, a + 1] { texts.append("\(w)e\(q)") }
                }
            }
            for k in 1...4 {
                let power = (0..<k).reduce(UInt64(1)) { value, _ in value * 5 }
                for _ in 0..<count / 4 {
                    let odd = UInt64.random(in: (1 << (bits - 1))..<(1 << bits), using: &random) | 1
                    for w in [odd * power - 1, odd * power, odd * power + 1] { texts.append("\(w)e-\(k)") }
                }
            }
        }
        texts += ["9007199254740993", "9007199254740995", "9007199254740993.0", "900719925474099.3e1", "16777217", "16777219",
                  "1.00000005960464477539062499", "1.000000059604644775390625", "1.00000005960464477539062501"]
        let found = mismatches(texts)
        #expect(found.isEmpty, "\(found.count) mismatches: \(found.prefix(10))")
        #expect(fastShare(texts) > 0.95)  // the rest have 20 digits
    }

    /// Subnormals, the edges of the range, and the round trip of random values' shortest text.
    @Test func boundariesAndSubnormals() {
        var random = SplitMix64(seed: 3)
        var texts = [
            "0", "-0", "0.0", "0e5", "-0.000e-400", "1e-400", "1e400", "-1e400", "1e309", "1e308", "1.7976931348623157e308",
            "1.7976931348623158e308", "1.7976931348623159e308", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791",
            "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.2250738585072011e-308",
            "2.2250738585072014e-308", "2.2250738585072012e-308", "3.4028234663852886e38", "3.4028235677973366e38",
            "3.4028236e38", "1.4e-45", "7.0e-46", "7.1e-46", "1.17549435e-38", "1e-45", "1e39", "1e38", "123456789012345678901234567890",
            "0.000000000000000000000000000000000000000000001", "1e-4000000000", "1e4000000000", "00", "1.", ".5", "1e", "-",
        ].filter { text in (try? JSONDocument(parsing: [UInt8](text.utf8))) != nil }
        for _ in 0..<300_000 {
            let value = Double(bitPattern: random.next() & ~(1 << 63))
            guard value.isFinite else { continue }
            texts.append(value.description)
            texts.append(Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7FFF_FFFF).description)
        }
        for _ in 0..<200_000 {
            let w = random.next() % 10_000_000_000_000_000_000
            texts.append("\(w)e\(Int.random(in: -345 ... -300, using: &random))")
            texts.append("\(w)e\(Int.random(in: 280...310, using: &random))")
            texts.append("\(w % 100_000_000)e\(Int.random(in: -66 ... -35, using: &random))")
            texts.append("\(w % 100_000_000)e\(Int.random(in: 30...40, using: &random))")
        }
        texts = texts.filter { !$0.contains("inf") && !$0.contains("nan") }
        let found = mismatches(texts)
        #expect(found.isEmpty, "\(found.count) mismatches: \(found.prefix(10))")
    }

    /// Every number of canada.json, read through `JSONValue` and decoded by `YAJLDecoder`, is the
    /// `Double` that `Double(String)` gives for its text.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func canadaNumbersAreExact() throws {
        let bytes = try SharedData.corpusBytes("canada.json")
        let document = try JSONDocument(parsing: bytes)
        var texts: [String] = []
        var values: [Double] = []
        func walk(_ value: JSONValue) {
            switch value.kind {
            case .number:
                texts.append(document.withNumberText(value.node) { String(decoding: $0, as: UTF8.self) })
                values.append(value.double ?? .nan)
            case .array: for element in value.array.map(Array.init) ?? [] { walk(element) }
            case .object: for member in value.object.map { Array($0.values) } ?? [] { walk(member) }
            default: break
            }
        }
        walk(document.root)
        #expect(texts.count > 100_000)
        #expect(zip(texts, values).allSatisfy { Double($0)?.bitPattern == $1.bitPattern })
        #expect(mismatches(texts).isEmpty)
        #expect(fastShare(texts) == 1)

        struct Geometry: Decodable { let coordinates: [[[Double]]] }
        struct Feature: Decodable { let geometry: Geometry }
        struct Collection: Decodable { let features: [Feature] }
        let decoded = try YAJLDecoder().decode(Collection.self, from: bytes)
        let flat = decoded.features.flatMap { $0.geometry.coordinates.flatMap { $0.flatMap { $0 } } }
        #expect(flat.map(\.bitPattern) == values.map(\.bitPattern))
    }
}
