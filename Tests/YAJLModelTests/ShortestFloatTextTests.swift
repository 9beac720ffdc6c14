import Foundation
import Testing
@testable import YAJLModel

/// The one float printer (`JSONNumberFormatting`, by `Schubfach`): every `Double` and `Float`
/// it writes reads back to the same bit pattern, and its text is `description`'s without a
/// trailing `.0`.
///
/// The normal suite checks fixed-seed samples and the edges, and an optimized build (as
/// `.ci/test` runs it) also 10 million random `Double` bit patterns. Every one of the 2^32
/// `Float` bit patterns is checked only with `YAJLMODEL_FLOAT_EXHAUSTIVE=1`, best in release:
/// `.ci/fuzz` runs it in its long run (`--seconds 600` or more) or with `--floats`, and by hand
/// it is `YAJLMODEL_FLOAT_EXHAUSTIVE=1 swift test -c release --filter ShortestFloatTextTests`.
struct ShortestFloatTextTests {
    static let exhaustive = ProcessInfo.processInfo.environment["YAJLMODEL_FLOAT_EXHAUSTIVE"] == "1"
    /// Whether this is an optimized build, fast enough for the ten million doubles.
    static let optimized: Bool = {
        #if DEBUG
        false
        #else
        true
        #endif
    }()

    // MARK: Checking one value

    /// What is wrong with the text written for `value`, or nil. `bytes` is scratch space,
    /// reused so that a long run allocates little.
    static func problem(_ value: Double, _ bytes: inout [UInt8]) -> String? {
        bytes.removeAll(keepingCapacity: true)
        JSONNumberFormatting.append(value, to: &bytes)
        return problem(bytes, expected: value.description, readsBack: { text in
            Double(text).map { $0.bitPattern == value.bitPattern } ?? false
        })
    }

    static func problem(_ value: Float, _ bytes: inout [UInt8]) -> String? {
        bytes.removeAll(keepingCapacity: true)
        JSONNumberFormatting.append(value, to: &bytes)
        return problem(bytes, expected: value.description, readsBack: { text in
            Float(text).map { $0.bitPattern == value.bitPattern } ?? false
        })
    }

    private static func problem(_ bytes: [UInt8], expected description: String, readsBack: (Substring) -> Bool) -> String? {
        var description = description
        let matches = description.withUTF8 { expected in
            let count = expected.count >= 2 && expected[expected.count - 2] == UInt8(ascii: ".") && expected[expected.count - 1] == UInt8(ascii: "0")
                ? expected.count - 2 : expected.count
            return count == bytes.count && zip(bytes, expected.prefix(count)).allSatisfy { $0 == $1 }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if !matches { return "\(description): wrote \(text)" }
        if !readsBack(Substring(text)) { return "\(description): \(text) reads back as another value" }
        return nil
    }

    private func problems(_ values: [Double]) -> [String] {
        var bytes: [UInt8] = []
        return values.compactMap { Self.problem($0, &bytes) }
    }

    private func problems(_ values: [Float]) -> [String] {
        var bytes: [UInt8] = []
        return values.compactMap { Self.problem($0, &bytes) }
    }

    /// Each value with its neighbours, and all of them negated.
    private func around<T: BinaryFloatingPoint>(_ values: [T]) -> [T] {
        values.flatMap { [$0, $0.nextUp, $0.nextDown] }.filter(\.isFinite).flatMap { [$0, -$0] }
    }

    // MARK: Double

    @Test func doubleEdges() {
        var values: [Double] = [0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .ulpOfOne, .pi,
                                0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 19.99, 2.675, 1.005, 1e23, 8.41e21,
                                4503599627370496.5, 4503599627370495.5, 1e-4, 9.999999999999999e-5, 1e15, 1e16]
        // Every power of two, normal and subnormal, and every power of ten in range.
        values += [Double("5e-310"), Double("9007199254740993")].compactMap { $0 }
        values += (-1074...1023).map { Double(sign: .plus, exponent: $0, significand: 1) }
        values += (-323...308).compactMap { Double("1e\($0)") }
        // 9…9 at every length, the largest decimal below each power of ten.
        values += (1...17).compactMap { Double(String(repeating: "9", count: $0)) }
        values += (-20...20).compactMap { Double("9.99999999999999999e\($0)") }
        #expect(problems(around(values)).isEmpty, "\(problems(around(values)).prefix(10))")
        var bytes: [UInt8] = []
        #expect(Self.problem(-0.0, &bytes) == nil)
        #expect(JSONNumberFormatting.text(of: -0.0) == "-0")
    }

    @Test func subnormalDoubles() {
        var random = SplitMix64(seed: 0x5B_0AA1)
        var values = (1...5000).map { Double(bitPattern: $0) }
        values += (0..<5000).map { Double(bitPattern: (1 << 52) - 1 - $0) }
        values += (0..<20_000).map { _ in Double(bitPattern: random.next() & ((1 << 52) - 1)) }
        #expect(problems(around(values)).isEmpty, "\(problems(around(values)).prefix(10))")
    }

    /// Integers up to 2^53 are written positionally; above it, exponentially.
    @Test func integralDoubles() {
        var random = SplitMix64(seed: 53)
        var values = (0...20_000).map(Double.init)
        values += (0..<20_000).map { _ in Double(random.next() >> 11) }  // below 2^53
        values += (-2000...2000).map { 9_007_199_254_740_992 + Double($0) * 2 }
        values += (0..<20_000).map { _ in Double(random.next()) }
        values += (0..<64).map { Double(UInt64(1) << $0) }
        #expect(problems(around(values)).isEmpty, "\(problems(around(values)).prefix(10))")
    }

    @Test func randomDoubles() {
        var random = SplitMix64(seed: 0xD0_0B1E)
        var values = (0..<200_000).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
        // Short decimals, whose shortest text ends in zeros at the scaled precision.
        for _ in 0..<50_000 {
            let digits = random.next() % 1_000_000_000_000_000
            if let value = Double("\(digits)e\(Int(random.next() % 640) - 330)") { values.append(value) }
        }
        #expect(problems(values).isEmpty, "\(problems(values).prefix(10))")
    }

    @Test(.enabled(if: exhaustive || optimized)) func tenMillionRandomDoubles() {
        let found = Self.checkInParallel(chunks: 100) { chunk in
            var random = SplitMix64(seed: 0xF100_0000 + UInt64(chunk))
            var bytes: [UInt8] = []
            var found: [String] = []
            for _ in 0..<100_000 {
                let value = Double(bitPattern: random.next())
                if value.isFinite, let problem = Self.problem(value, &bytes) { found.append(problem) }
            }
            return found
        }
        #expect(found.isEmpty, "\(found.count) wrong: \(found.prefix(10))")
    }

    // MARK: Float

    @Test func floatEdges() {
        var values: [Float] = [0, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .ulpOfOne, .pi,
                               0.1, 0.2, 0.3, 1.0 / 3, 16_777_216, 16_777_218, 33_554_432, 1e7, 2e7, 1_234_567.8, 1e-4, 1e-5]
        values += (-149...127).map { Float(sign: .plus, exponent: $0, significand: 1) }
        values += (-45...38).compactMap { Float("1e\($0)") }
        values += (1...9).compactMap { Float(String(repeating: "9", count: $0)) }
        values += (0...20_000).map(Float.init)
        #expect(problems(around(values)).isEmpty, "\(problems(around(values)).prefix(10))")
        var bytes: [UInt8] = []
        #expect(Self.problem(Float(-0.0), &bytes) == nil)
        // The shortest `Float` text, not the `Double` the value widens to.
        #expect(JSONNumberFormatting.text(of: Float(0.1)) == "0.1")
        #expect(JSONNumberFormatting.text(of: Float(3.4028235e38)) == "3.4028235e+38")
    }

    @Test func randomFloats() {
        var random = SplitMix64(seed: 0xF10A7)
        var values = (0..<200_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }.filter(\.isFinite)
        values += (0..<20_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & ((1 << 23) - 1)) }
        #expect(problems(values).isEmpty, "\(problems(values).prefix(10))")
    }

    @Test(.enabled(if: exhaustive)) func everyFloat() {
        let found = Self.checkInParallel(chunks: 1 << 12) { chunk in
            var bytes: [UInt8] = []
            var found: [String] = []
            let first = UInt32(chunk) << 20
            for offset in UInt32(0)..<(1 << 20) {
                let value = Float(bitPattern: first | offset)
                if value.isFinite, let problem = Self.problem(value, &bytes), found.count < 10 { found.append(problem) }
            }
            return found
        }
        #expect(found.isEmpty, "\(found.count) chunks wrong: \(found.prefix(10))")
    }

    // MARK: Other types and the pieces

    /// Non-finite values are written as `description` writes them (callers keep them out of JSON);
    /// `Float16` and `Float80` go through `description`.
    @Test func otherValuesAndTypes() {
        var bytes: [UInt8] = []
        JSONNumberFormatting.append(Double.infinity, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        JSONNumberFormatting.append(-Float.infinity, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "inf -inf")
        #expect(JSONNumber(Double.nan) == nil && JSONNumber(Float.infinity) == nil)
        #expect(JSONNumber(Double(0.1))?.text == "0.1" && JSONNumber(Float(1e20))?.text == "1e+20")
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        #expect(JSONNumberFormatting.text(of: Float16(0.1)) == "0.1")
        #expect(JSONNumberFormatting.text(of: Float16(2048)) == "2048")
        #endif
        #if arch(x86_64) && !os(Windows)
        #expect(JSONNumberFormatting.text(of: Float80(1) / 3) == (Float80(1) / 3).description)
        #endif
    }

    /// The logarithms that choose the power of ten, exact over every exponent they meet.
    @Test func logarithms() {
        for q in -1200...1200 {
            #expect(Schubfach.floorLog10(ofPowerOfTwo: q) == Int((Double(q) * log10(2.0)).rounded(.down)), "\(q)")
            #expect(Schubfach.floorLog10(ofThreeQuartersOfPowerOfTwo: q) == Int((Double(q) * log10(2.0) + log10(0.75)).rounded(.down)), "\(q)")
        }
        for e in -642...642 {
            #expect(PowersOfFive.floorLog2(ofPowerOfTen: e) == Int((Double(e) * log2(10.0)).rounded(.down)), "\(e)")
        }
        #expect(PowersOfFive.largestExponent == 324 && PowersOfFive.table.count == 2 * (324 + 342 + 1))
    }

    /// Runs `check` on `chunks` pieces of work on every core, and joins what they found.
    private static func checkInParallel(chunks: Int, _ check: @escaping @Sendable (Int) -> [String]) -> [String] {
        let lock = NSLock()
        nonisolated(unsafe) var found: [String] = []
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let problems = check(chunk)
            guard !problems.isEmpty else { return }
            lock.withLock { found += problems }
        }
        return found
    }
}
