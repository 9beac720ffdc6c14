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

    /// A finite floating-point number; nil for NaN and infinities.
    ///
    /// The text is the shortest decimal that reads back as `value`, without a trailing `.0`,
    /// as ``YAJLEncoder`` and Foundation's `JSONEncoder` write it: `1.0` is `1`, `0.1` is
    /// `0.1`, `1e20` is `1e+20`, `-0.0` is `-0`. Reading the text back as the same type gives
    /// `value` exactly.
    public init?<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T) {
        guard value.isFinite else { return nil }
        text = JSONNumberFormatting.text(of: value)
    }

    /// A decimal, exactly; nil for NaN.
    public init?(_ value: Decimal) {
        guard !value.isNaN else { return nil }
        text = value.description
    }

    init(uncheckedText: String) { text = uncheckedText }

    public var description: String { text }
}
