import YAJLModel

/// What one position of the records (the root, a member's value, an array's elements)
/// held across every record observed: counts per kind, the traits of its strings and
/// numbers, and the shapes of its members and elements. It keeps counts and capped sets,
/// never the records, so its size depends on the feed's structure, not its length.
final class Shape {
    /// Values observed at this position, nulls included.
    var seen = 0
    var nulls = 0
    var bools = 0
    /// Numbers written as integers (no fraction, no exponent).
    var integers = 0
    /// Integers beyond `Int`, all non-negative and within `UInt64` while `fitsUInt64`.
    var largeIntegers = 0
    var largeIntegersFitUInt64 = true
    /// Numbers written with a fraction or an exponent.
    var fractions = 0
    var strings = 0
    var objects = 0
    var arrays = 0
    /// The first non-null scalar's text, shortened, for the doc comment.
    var example: String?
    var text = TextTraits()
    /// Object members in order of first appearance, and their shapes.
    var memberOrder: [String] = []
    var members: [String: Shape] = [:]
    /// Set once an object position has had more distinct keys than a type should have: its
    /// members are then merged into `values`, and it is read as a dictionary.
    var isKeyedByData = false
    var values: Shape?
    /// The shape of array elements.
    var elements: Shape?
    /// The objects here by their string at `discriminator`, a shape per value of it (at most
    /// ``ShapeLimits/variants`` of them); `variantsOverflowed` when there were more, or an
    /// object without one.
    var discriminator: String?
    var variantOrder: [String] = []
    var variants: [String: Shape] = [:]
    var variantsOverflowed = false
    /// Set while the objects here are observed by their variants alone (see ``settle(limits:)``).
    var defersMembers = false
    /// Members that may choose the variant when no known discriminator does.
    var candidates: [VariantCandidate] = []

    init() {}

    /// The kinds seen besides null, with their counts, in a fixed order.
    var kindCounts: [(String, Int)] {
        let all = [
            ("boolean", bools), ("integer", integers + largeIntegers), ("number", fractions), ("string", strings),
            ("object", objects), ("array", arrays),
        ]
        return all.filter { $0.1 > 0 }
    }

    var nonNull: Int { seen - nulls }
}

/// The caps that keep a ``Shape`` small whatever the input.
struct ShapeLimits {
    /// Distinct strings remembered per position (enum candidates); one over the enum threshold.
    var distinctStrings: Int
    /// Distinct keys an object position may have before it is read as a dictionary.
    var memberKeys: Int
    /// Discriminator values tracked per position.
    var variants: Int
    /// Keys that may choose a variant.
    var discriminatorKeys: [String]
    /// Other members tracked per position as ``VariantCandidate``s.
    var candidates = 2
}
