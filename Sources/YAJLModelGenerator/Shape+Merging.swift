extension Shape {
    /// Adds everything `other` saw, as if its values had been seen here.
    func merge(_ other: Shape, limits: ShapeLimits) {
        settle(limits: limits)
        other.settle(limits: limits)
        let wasEmpty = objects == 0
        seen += other.seen
        nulls += other.nulls
        bools += other.bools
        integers += other.integers
        largeIntegers += other.largeIntegers
        largeIntegersFitUInt64 = largeIntegersFitUInt64 && other.largeIntegersFitUInt64
        fractions += other.fractions
        if other.strings > 0 {
            if strings == 0 { text = other.text } else { text.merge(other.text, distinctCap: limits.distinctStrings) }
        }
        strings += other.strings
        objects += other.objects
        arrays += other.arrays
        if example == nil { example = other.example }
        if let otherElements = other.elements {
            let elements = self.elements ?? Shape()
            self.elements = elements
            elements.merge(otherElements, limits: limits)
        }
        mergeMembers(of: other, limits: limits)
        guard !isKeyedByData else { return }
        mergeVariants(of: other, limits: limits)
        mergeCandidates(of: other, wasEmpty: wasEmpty, limits: limits)
    }

    /// Adds the members of `other`'s objects, or their values where either is read as a dictionary.
    func mergeMembers(of other: Shape, limits: ShapeLimits) {
        if other.isKeyedByData { becomeKeyedByData(limits: limits) }
        if isKeyedByData {
            let values = self.values ?? Shape()
            self.values = values
            if let otherValues = other.values { values.merge(otherValues, limits: limits) }
            for key in other.memberOrder { if let member = other.members[key] { values.merge(member, limits: limits) } }
            return
        }
        for key in other.memberOrder {
            guard let member = other.members[key] else { continue }
            if let mine = members[key] {
                mine.merge(member, limits: limits)
            } else {
                let copy = Shape()
                copy.merge(member, limits: limits)
                members[key] = copy
                memberOrder.append(key)
            }
        }
        if memberOrder.count > limits.memberKeys { becomeKeyedByData(limits: limits) }
    }

    /// A shape that had no objects takes `other`'s candidates; otherwise a candidate stays
    /// only where `other` has it too, and its objects agree.
    private func mergeCandidates(of other: Shape, wasEmpty: Bool, limits: ShapeLimits) {
        guard other.objects > 0 else { return }
        if wasEmpty {
            candidates = other.candidates.map { $0.copy(limits: limits) }
            return
        }
        for candidate in candidates {
            if let theirs = other.candidates.first(where: { $0.key == candidate.key }) {
                candidate.merge(theirs, limits: limits)
            } else {
                candidate.reject()
            }
        }
    }

    private func mergeVariants(of other: Shape, limits: ShapeLimits) {
        guard !variantsOverflowed, other.objects > 0 else { return }
        if other.variantsOverflowed || (discriminator != nil && other.discriminator != nil && discriminator != other.discriminator)
            || (other.discriminator == nil && other.objects > 0) || (discriminator == nil && objects > other.objects)
        {
            // Objects without the discriminator, or under another one: no variants here.
            variantsOverflowed = true
            variantOrder = []
            variants = [:]
            return
        }
        discriminator = other.discriminator
        for tag in other.variantOrder {
            guard let variant = other.variants[tag] else { continue }
            if let mine = variants[tag] {
                mine.merge(variant, limits: limits)
            } else if variants.count < limits.variants {
                let copy = Shape()
                copy.merge(variant, limits: limits)
                variants[tag] = copy
                variantOrder.append(tag)
            } else {
                variantsOverflowed = true
                variantOrder = []
                variants = [:]
                return
            }
        }
    }
}
