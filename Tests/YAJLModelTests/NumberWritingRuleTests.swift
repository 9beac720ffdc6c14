import Foundation
import Testing
import YAJLModel

/// `JSONNumber` (and so `JSON`, models and edits) and `YAJLEncoder` write a floating-point value
/// by one rule: the shortest decimal that reads back as the value, without a trailing ".0", which
/// is what Foundation's `JSONEncoder` writes.
struct NumberWritingRuleTests {
    /// Edge cases, powers of two and ten, integers around 2^53, and random bit patterns.
    static let doubles: [Double] = {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 1.5, 19.99, 21, 1e15, 1e16, 1e17, 1e20, 1e21, 1e22, 1e-4, 1e-5,
                                9007199254740992, 9007199254740994, 18014398509481984, 1704449700, 1704449700.25,
                                .pi, .ulpOfOne, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude]
        values += (-1074...1023).map { Double(sign: .plus, exponent: $0, significand: 1) }
        values += (-324...308).compactMap { Double("1e\($0)") }
        var random = SystemRandomNumberGenerator()
        values += (0..<20_000).map { _ in Double(bitPattern: random.next()) }
        values += (0..<5_000).map { _ in Double(Int64.random(in: -(1 << 55)...(1 << 55), using: &random)) }
        return values.flatMap { [$0, -$0] }.filter(\.isFinite)
    }()

    static let floats: [Float] = {
        var values: [Float] = [0, -0.0, 1, 0.1, 16777216, 16777218, 1e10, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var random = SystemRandomNumberGenerator()
        values += (0..<20_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }
        return values.flatMap { [$0, -$0] }.filter(\.isFinite)
    }()

    private func mismatches<T: BinaryFloatingPoint & LosslessStringConvertible & Encodable>(_ values: [T]) throws -> [String] {
        let encoder = YAJLEncoder()
        var found: [String] = []
        for value in values {
            let encoded = String(decoding: try encoder.encode(value), as: UTF8.self)
            let text = JSONNumber(value)?.text
            let written = JSON.number(JSONNumber(value) ?? JSONNumber(0)).jsonString()
            if text != encoded || written != encoded || T(encoded) != value {
                found.append("\(value): JSONNumber \(text ?? "nil"), JSON \(written), YAJLEncoder \(encoded)")
            }
        }
        return found
    }

    @Test func doublesWriteTheSameTextEverywhere() throws {
        let found = try mismatches(Self.doubles)
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    @Test func floatsWriteTheSameTextEverywhere() throws {
        let found = try mismatches(Self.floats)
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    @Test func theRuleIsFoundationsJSONEncoders() throws {
        let foundation = JSONEncoder()
        var found: [String] = []
        for value in Self.doubles.prefix(4_000) {
            let expected = String(decoding: try foundation.encode(value), as: UTF8.self)
            if JSONNumber(value)?.text != expected { found.append("\(value): \(JSONNumber(value)?.text ?? "nil") vs \(expected)") }
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
    }

    @Test func integralValuesHaveNoPointZero() {
        #expect(JSONNumber(1.0)?.text == "1")
        #expect(JSONNumber(-0.0)?.text == "-0")
        #expect(JSONNumber(Float(21))?.text == "21")
        #expect(JSONNumber(1e20)?.text == "1e+20")
        #expect(JSONNumber(0.1)?.text == "0.1")
        #expect(JSON(floatLiteral: 2.0).jsonString() == "2")
        #expect(JSONNumber(Double.nan) == nil)
    }
}
