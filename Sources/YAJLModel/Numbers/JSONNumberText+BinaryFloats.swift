extension JSONNumberText {
    /// The `Double` nearest to a JSON number's text, correctly rounded as `Double(String)` is:
    /// ±infinity beyond `Double`'s range and ±0 below it. `EiselLemire` converts almost every
    /// number, without allocating; the rest (more than 19 significant digits, or a product too
    /// close to call) go through the standard library's exact conversion.
    @inline(__always)
    static func nearestDouble(_ text: UnsafeRawBufferPointer) -> Double {
        if let number = DecimalSignificand(text), let value = EiselLemire.double(number) { return value }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan  // nan only for text that is not a number
    }

    /// The `Float` nearest to a JSON number's text, rounded once from the text (not through
    /// `Double`), as `Float(String)` is; see ``nearestDouble(_:)``.
    @inline(__always)
    static func nearestFloat(_ text: UnsafeRawBufferPointer) -> Float {
        if let number = DecimalSignificand(text), let value = EiselLemire.float(number) { return value }
        return Float(String(decoding: text, as: UTF8.self)) ?? .nan
    }
}
