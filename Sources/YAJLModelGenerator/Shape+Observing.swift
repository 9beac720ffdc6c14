import YAJLModel

extension Shape {
    /// Adds one value seen at this position.
    func observe(_ value: JSONValue, limits: ShapeLimits, tracksVariants: Bool = true) {
        seen += 1
        switch value.kind {
        case .null:
            nulls += 1
        case .bool:
            bools += 1
            if example == nil { example = value.bool == true ? "true" : "false" }
        case .number:
            let text = value.numberText ?? ""
            if example == nil { example = String(text.prefix(40)) }
            if text.utf8.contains(where: { $0 == 0x2E || $0 == 0x65 || $0 == 0x45 }) {
                fractions += 1
            } else if Int(text) != nil {
                integers += 1
            } else {
                largeIntegers += 1
                if UInt64(text) == nil { largeIntegersFitUInt64 = false }
            }
        case .string:
            strings += 1
            let string = value.string ?? ""
            if example == nil { example = Self.quoted(string) }
            text.observe(string, distinctCap: limits.distinctStrings)
        case .array:
            arrays += 1
            guard let array = value.array else { return }
            let elements = self.elements ?? Shape()
            self.elements = elements
            for element in array { elements.observe(element, limits: limits) }
        case .object:
            objects += 1
            guard let object = value.object else { return }
            if tracksVariants, observeVariant(of: value, limits: limits) { return }
            observeMembers(of: object, limits: limits)
            if tracksVariants {
                if objects == 1, discriminator == nil, !isKeyedByData { candidates = VariantCandidate.candidates(in: object, limits: limits) }
                for candidate in candidates { candidate.observe(value, object: object, limits: limits) }
            }
        }
    }

    private func observeMembers(of object: JSONObjectView, limits: ShapeLimits) {
        if isKeyedByData {
            let values = self.values ?? Shape()
            self.values = values
            for member in object { values.observe(member.value, limits: limits) }
            return
        }
        for member in object {
            if let shape = members[member.key] {
                shape.observe(member.value, limits: limits)
            } else {
                let shape = Shape()
                members[member.key] = shape
                memberOrder.append(member.key)
                shape.observe(member.value, limits: limits)
            }
        }
        if memberOrder.count > limits.memberKeys { becomeKeyedByData(limits: limits) }
    }

    /// Reads this object position as a dictionary from now on: its members' shapes become one.
    func becomeKeyedByData(limits: ShapeLimits) {
        guard !isKeyedByData else { return }
        // Settling may itself find too many keys, and read this position as a dictionary.
        settle(limits: limits)
        guard !isKeyedByData else { return }
        isKeyedByData = true
        let values = Shape()
        for key in memberOrder { if let member = members[key] { values.merge(member, limits: limits) } }
        self.values = values
        memberOrder = []
        members = [:]
        discriminator = nil
        variantOrder = []
        variants = [:]
        candidates = []
    }

    /// Observes an object as its discriminator value's variant. While every object here has
    /// had a value of the discriminator, that is all, and it returns true: the members here
    /// are then empty shapes, in order of first appearance, until ``settle(limits:)`` fills
    /// them. Otherwise, and once settled, it returns false: the members observe the object too.
    private func observeVariant(of value: JSONValue, limits: ShapeLimits) -> Bool {
        guard !isKeyedByData, !variantsOverflowed else { return false }
        if objects == 1 {
            discriminator = limits.discriminatorKeys.first { value[$0]?.kind == .string }
            defersMembers = discriminator != nil
        }
        guard let key = discriminator, let tag = value[key]?.string else {
            endVariants(limits: limits)
            return false
        }
        let variant: Shape
        if let known = variants[tag] {
            variant = known
        } else if variants.count < limits.variants {
            variant = Shape()
            variants[tag] = variant
            variantOrder.append(tag)
        } else {
            endVariants(limits: limits)
            return false
        }
        let knownKeys = variant.memberOrder.count
        variant.observe(value, limits: limits, tracksVariants: false)
        guard defersMembers else { return false }
        if variant.isKeyedByData {
            becomeKeyedByData(limits: limits)
            return true
        }
        for key in variant.memberOrder[knownKeys...] where members[key] == nil {
            members[key] = Shape()
            memberOrder.append(key)
        }
        if memberOrder.count > limits.memberKeys { becomeKeyedByData(limits: limits) }
        return true
    }

    /// No variants here from now on: the members take what they observed.
    private func endVariants(limits: ShapeLimits) {
        settle(limits: limits)
        variantsOverflowed = true
        variantOrder = []
        variants = [:]
    }

    /// Gives the members here what the objects observed only as their variant's held; from
    /// then on the members observe every object themselves.
    func settle(limits: ShapeLimits) {
        guard defersMembers else { return }
        defersMembers = false
        for variant in variantOrder.compactMap({ variants[$0] }) { mergeMembers(of: variant, limits: limits) }
    }

    /// Settles this position and every one under it, for planning.
    func settleAll(limits: ShapeLimits) {
        settle(limits: limits)
        var children = memberOrder.compactMap { members[$0] } + variantOrder.compactMap { variants[$0] }
        children += [elements, values].compactMap { $0 }
        children += candidates.flatMap(\.shapes)
        for child in children { child.settleAll(limits: limits) }
    }

    /// `"text"` for a doc comment: one line, at most 40 characters, control characters escaped.
    static func quoted(_ string: String) -> String {
        let shown = String(string.prefix(40))
        return "\"" + Naming.escaped(shown).replacingOccurrences(of: "\u{2028}", with: "\\u{2028}")
            .replacingOccurrences(of: "\u{2029}", with: "\\u{2029}").replacingOccurrences(of: "\u{85}", with: "\\u{85}")
            + (string.count > 40 ? "…" : "") + "\""
    }
}
