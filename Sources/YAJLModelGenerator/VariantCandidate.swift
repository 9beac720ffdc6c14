import YAJLModel

/// A member that may choose its objects' variant although its key is not one of the known
/// discriminators: a string member of the first object seen at a position whose value
/// reads as a name. It stays a candidate while every object has it as a string, each of
/// its values is seen on objects of one set of keys, and it has at most
/// ``ShapeLimits/variants`` values; the objects of each value are observed apart.
final class VariantCandidate {
    let key: String
    /// Values in order of first appearance, the shape of each value's objects and their keys (sorted).
    private(set) var order: [String] = []
    private(set) var variants: [String: Shape] = [:]
    private(set) var keys: [String: [String]] = [:]
    private(set) var rejected = false

    /// The shapes of its values' objects, in order.
    var shapes: [Shape] { order.compactMap { variants[$0] } }

    init(key: String) {
        self.key = key
    }

    /// The candidates among the members of `object`, the first of its position: at most
    /// `limits.candidates`, none of them a known discriminator.
    static func candidates(in object: JSONObjectView, limits: ShapeLimits) -> [VariantCandidate] {
        var candidates: [VariantCandidate] = []
        for member in object where candidates.count < limits.candidates && !limits.discriminatorKeys.contains(member.key) {
            if let value = member.value.string, TextTraits.isShortWord(value) { candidates.append(VariantCandidate(key: member.key)) }
        }
        return candidates
    }

    /// Adds one object (`value`, whose members are `object`).
    func observe(_ value: JSONValue, object: JSONObjectView, limits: ShapeLimits) {
        guard !rejected else { return }
        guard let tag = value[key]?.string else { return reject() }
        add(tag, keys: object.map(\.key).sorted(), limits: limits) { $0.observe(value, limits: limits, tracksVariants: false) }
    }

    /// Adds everything `other` saw.
    func merge(_ other: VariantCandidate, limits: ShapeLimits) {
        guard !rejected else { return }
        guard !other.rejected else { return reject() }
        for tag in other.order {
            guard let shape = other.variants[tag], let keys = other.keys[tag] else { continue }
            add(tag, keys: keys, limits: limits) { $0.merge(shape, limits: limits) }
            if rejected { return }
        }
    }

    /// A copy whose shapes are its own.
    func copy(limits: ShapeLimits) -> VariantCandidate {
        let copy = VariantCandidate(key: key)
        copy.merge(self, limits: limits)
        copy.rejected = rejected
        return copy
    }

    private func add(_ tag: String, keys: [String], limits: ShapeLimits, _ update: (Shape) -> Void) {
        if let seen = self.keys[tag] {
            guard seen == keys, let shape = variants[tag] else { return reject() }
            update(shape)
        } else {
            guard variants.count < limits.variants else { return reject() }
            let shape = Shape()
            self.keys[tag] = keys
            variants[tag] = shape
            order.append(tag)
            update(shape)
        }
    }

    func reject() {
        rejected = true
        order = []
        variants = [:]
        keys = [:]
    }
}
