import Foundation

/// A JSON number as exact text: `12345678901234567890` and `0.1` stay what they are.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's text, always valid JSON number syntax.
    public let text: String

    /// A number from its JSON text, or nil when `text` is not a JSON number.
    public init?(text: String) {
        guard (try? JSONDocument(parsing: text))?.root.kind == .number else { return nil }
        self.text = text
    }

    /// An integer.
    public init<T: BinaryInteger>(_ value: T) { text = String(value) }

    /// A finite floating-point number, written as its shortest round-trip text; nil for NaN and infinities.
    public init?<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T) {
        guard value.isFinite else { return nil }
        text = value.description
    }

    /// A decimal, exactly; nil for NaN.
    public init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        text = value.description
    }

    init(uncheckedText: String) { text = uncheckedText }

    public var description: String { text }
}
