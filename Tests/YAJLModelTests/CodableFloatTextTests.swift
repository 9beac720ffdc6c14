import Foundation
import Testing
@testable import YAJLModel

/// `YAJLEncoder` writes floating-point numbers without making a `String`; the text must be
/// exactly `description` less a trailing ".0", which is what `JSONEncoder` writes.
struct CodableFloatTextTests {
    private func mismatches<T: BinaryFloatingPoint & CustomStringConvertible>(_ values: [T]) -> [String] {
        var found: [String] = []
        for value in values where value.isFinite {
            var bytes: [UInt8] = []
            JSONNumberFormatting.append(value, to: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            if text != JSONNumberFormatting.descriptionText(of: value) { found.append("\(value.description): \(text)") }
        }
        return found
    }

    /// A value, its neighbours, and its negation's.
    private func around<T: BinaryFloatingPoint>(_ values: [T]) -> [T] {
        values.flatMap { [$0, $0.nextUp, $0.nextDown, -$0, -$0.nextUp, -$0.nextDown] }
    }

    @Test func doubleEdgeCases() {
        var values: [Double] = [0, -0.0, 0.1, 0.2, 0.3, 19.99, 4.35, 2.675, 1.005, 1.0 / 3, 2.0 / 3, -12.5, 0.5, 0.25,
                                0.000123456789, 123456.789, 999999999999999.9, -65.613616999999977, 2 * .leastNonzeroMagnitude,
                                .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .pi, .ulpOfOne]
        // Powers of ten and of two, around the positional/exponential boundaries (1e-4 and 2^53) and beyond.
        values += (-324...308).map { Double("1e\($0)") ?? 0 }
        values += (-1074...1023).map { Double(sign: .plus, exponent: $0, significand: 1) }
        values += [1e15, 1e16, 1e17, 1e-4, 1e-5, 9.999999999999999e-5, 9007199254740992, 4503599627370496.5]
        values += (1...17).map { Double(String(repeating: "9", count: $0)) ?? 0 }
        #expect(mismatches(around(values)).isEmpty, "\(mismatches(around(values)).prefix(10))")
    }

    @Test func randomDoubles() {
        var random = SystemRandomNumberGenerator()
        var values: [Double] = []
        for _ in 0..<100_000 {
            values.append(Double(bitPattern: random.next()))
            values.append(Double.random(in: -1e6...1e6, using: &random))
            values.append(Double(Int64.random(in: 0..<100_000_000_000_000_000, using: &random)) / 1e17)
            let digits = Double(Int64.random(in: 0..<1_000_000_000, using: &random))
            values.append(digits / [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9][Int.random(in: 0..<10, using: &random)])
            // Few significant bits: exact binary fractions, whose scaled intervals end on integers.
            values.append(Double(Int.random(in: 1..<4096, using: &random)) * Double(sign: .plus, exponent: Int.random(in: -80...80, using: &random), significand: 1))
        }
        #expect(mismatches(values).isEmpty, "\(mismatches(values).prefix(10))")
    }

    @Test func floats() {
        var random = SystemRandomNumberGenerator()
        var values: [Float] = [0.1, 1e-4, 1e-5, 16777216, 16777218, 33554432, 1e7, 2e7, 1234567.8, 3.4028235e38, .leastNonzeroMagnitude,
                               .leastNormalMagnitude, .greatestFiniteMagnitude]
        values += (-45...38).map { Float("1e\($0)") ?? 0 }
        values += (-149...127).map { Float(sign: .plus, exponent: $0, significand: 1) }
        values = around(values)
        for _ in 0..<200_000 { values.append(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &random))) }
        #expect(mismatches(values).isEmpty, "\(mismatches(values).prefix(10))")
    }

    /// `Float16` encodes itself as a `Float`, so its values go through the `Float` path.
    @Test func float16ThroughTheEncoder() throws {
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        let values = (0...UInt16.max).map { Float16(bitPattern: $0) }.filter(\.isFinite)
        #expect(try YAJLEncoder().encode(values) == JSONEncoder().encode(values))
        #endif
    }
}
