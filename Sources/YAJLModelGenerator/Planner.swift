/// Turns the root shape into a ``Plan``: names every type once, gives objects of one
/// shape one type, and picks each property's Swift type.
struct Planner {
    let options: ModelGenerator.Options
    let limits: ShapeLimits
    private(set) var plan: Plan
    /// Names in use, and the declaration each signature already has.
    private var taken: Set<String>
    private var bySignature: [String: String] = [:]
    /// Objects with the same keys anywhere in the records, merged into one shape, so that
    /// they read as one type; and the key sets being planned (a merged shape is not used
    /// inside itself, where it would make a type contain itself).
    private var byKeys: [[String]: Shape] = [:]
    private var planning: Set<[String]> = []

    init(options: ModelGenerator.Options, limits: ShapeLimits, records: Int) {
        self.options = options
        self.limits = limits
        plan = Plan(rootName: options.rootName, records: records)
        taken = Naming.reservedTypes.union(Naming.keywords)
    }

    mutating func planRoot(_ shape: Shape) {
        var groups: [[String]: [Shape]] = [:]
        var order: [[String]] = []
        collectObjects(in: shape, into: &groups, order: &order)
        for keys in order {
            guard let shapes = groups[keys], shapes.count > 1 else { continue }
            let merged = Shape()
            for shape in shapes { merged.merge(shape, limits: limits) }
            byKeys[keys] = merged
        }
        taken.insert(options.rootName)
        let model = modelPlan(shape, name: options.rootName, context: "records")
        plan.declarations.insert(.model(model), at: 0)
    }

    /// The object shapes under `shape` (not `shape` itself), grouped by their sorted keys.
    private func collectObjects(in shape: Shape, into groups: inout [[String]: [Shape]], order: inout [[String]]) {
        var children = shape.memberOrder.compactMap { shape.members[$0] }
        if let elements = shape.elements { children.append(elements) }
        if let values = shape.values { children.append(values) }
        for child in children {
            if child.objects > 0, !child.isKeyedByData, !child.memberOrder.isEmpty {
                let keys = child.memberOrder.sorted()
                if groups[keys] == nil { order.append(keys) }
                groups[keys, default: []].append(child)
            }
            collectObjects(in: child, into: &groups, order: &order)
        }
    }

    // MARK: Types

    /// The type of the values at `shape`, named from `key` (singular for elements) under `parent`.
    private mutating func type(of shape: Shape, key: String, singular: Bool, parent: String, inContainer: Bool) -> (PlannedType, String?) {
        let kinds = shape.kindCounts
        if kinds.isEmpty { return (.json, shape.seen == 0 ? "never seen: any JSON" : "always null: any JSON") }
        let numbers = shape.integers + shape.largeIntegers + shape.fractions
        if kinds.count == 1 || (numbers == shape.nonNull) {
            if shape.bools == shape.nonNull { return (.bool, nil) }
            if numbers == shape.nonNull { return numberType(shape) }
            if shape.strings == shape.nonNull { return stringType(shape, key: key, singular: singular, parent: parent, inContainer: inContainer) }
            if shape.arrays == shape.nonNull { return arrayType(shape, key: key, parent: parent) }
            if shape.objects == shape.nonNull { return objectType(shape, key: key, singular: singular, parent: parent) }
        }
        let seen = kinds.map { "\($0.0) (\(ModelGenerator.grouped($0.1)))" }.joined(separator: ", ")
        return (.json, "mixed: \(seen)")
    }

    private func numberType(_ shape: Shape) -> (PlannedType, String?) {
        if shape.fractions > 0 {
            return options.exactNumbers ? (.decimal, nil) : (.double, nil)
        }
        if shape.largeIntegers == 0 { return (.int, nil) }
        if shape.integers == 0, shape.largeIntegersFitUInt64 { return (.uint64, nil) }
        if options.exactNumbers { return (.decimal, "integers beyond Int") }
        return (.double, "integers beyond Int: Double rounds past 2^53; --exact-numbers keeps them")
    }

    private mutating func stringType(_ shape: Shape, key: String, singular: Bool, parent: String, inContainer: Bool) -> (PlannedType, String?) {
        let text = shape.text
        let date: DateKind? =
            if text.allTwitterDates { .twitter }
            else if text.allRFC1123Dates { .rfc1123 }
            else if text.allISO8601, let form = text.isoForm { .iso(form) }
            else if text.allISO8601 { .isoVarying }
            else { nil }
        if let date {
            if !inContainer { return (.date(date), nil) }
            return (.string, "dates, kept as text: a converter applies to a property, not to the elements of a container")
        }
        if text.allUUIDs {
            if text.allUppercaseUUIDs { return (.uuid, nil) }
            return (.string, "UUIDs in lowercase, kept as text so that they are written back as read (UUID writes uppercase)")
        }
        if text.allURLs { return (.url, nil) }
        let values = text.distinct
        if !text.distinctOverflowed, text.allShortWords, !values.isEmpty, values.count <= options.enumThreshold,
            shape.strings >= options.enumMinimumCount, values.count < shape.strings
        {
            return (.named(enumeration(values, key: key, singular: singular, parent: parent)), nil)
        }
        return (.string, nil)
    }

    private mutating func arrayType(_ shape: Shape, key: String, parent: String) -> (PlannedType, String?) {
        guard let elements = shape.elements, elements.seen > 0 else { return (.array(.json, elementsOptional: false), "always empty: elements of any JSON") }
        let (element, note) = type(of: elements, key: key, singular: true, parent: parent, inContainer: true)
        let optional = elements.nulls > 0 && element != .json
        return (.array(element, elementsOptional: optional), note.map { "elements: \($0)" })
    }

    private mutating func objectType(_ shape: Shape, key: String, singular: Bool, parent: String) -> (PlannedType, String?) {
        if shape.isKeyedByData || (!shape.memberOrder.isEmpty && shape.memberOrder.allSatisfy(Self.looksLikeData)) {
            let values = shape.values ?? Shape()
            if !shape.isKeyedByData {
                for key in shape.memberOrder { if let member = shape.members[key] { values.merge(member, limits: limits) } }
            }
            let (value, note) = type(of: values, key: key, singular: true, parent: parent, inContainer: true)
            let reason = shape.isKeyedByData ? "more than \(options.maxProperties) distinct keys" : "keys that are ids or text"
            if values.nulls > 0 && value != .json {
                return (.dictionary(.json), "\(reason), read as a dictionary; values: null or \(value)")
            }
            return (.dictionary(value), "\(reason), read as a dictionary" + (note.map { "; values: \($0)" } ?? ""))
        }
        if shape.memberOrder.isEmpty { return (.dictionary(.json), "always an empty object") }
        let keys = shape.memberOrder.sorted()
        let shape = planning.contains(keys) ? shape : byKeys[keys] ?? shape
        let inserted = planning.insert(keys).inserted
        defer { if inserted { planning.remove(keys) } }
        let base = Naming.typeName(key, singular: singular)
        if let polymorphic = polymorphic(shape, base: base, parent: parent) { return (.named(polymorphic), nil) }
        let name = uniqueName(base, parent: parent)
        let model = modelPlan(shape, name: name, context: "objects")
        return (.named(register(.model(model), signature: signature(of: model))), nil)
    }

    /// Ids, numbers, UUIDs and free text: keys that are data rather than names.
    static func looksLikeData(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        if !bytes.isEmpty, bytes.allSatisfy({ (0x30...0x39).contains($0) }) { return true }
        if TextTraits.isUUID(bytes) { return true }
        return bytes.contains { $0 == 0x20 }
    }

    // MARK: Declarations

    private mutating func modelPlan(_ shape: Shape, name: String, context: String) -> ModelPlan {
        var properties: [PlannedProperty] = []
        var usedNames: Set<String> = []
        for key in shape.memberOrder {
            guard let member = shape.members[key] else { continue }
            var propertyName = Naming.propertyName(key)
            while usedNames.contains(propertyName) { propertyName += "_" }
            usedNames.insert(propertyName)
            let type: PlannedType
            var note: String?
            var chosenBy: String?
            let sibling = variantChoice(of: shape).flatMap { choice in
                differsBySibling(shape, member: key, choice: choice) ? choice : nil
            }
            if let sibling, options.style == .jsonModel {
                (type, note, chosenBy) = (.named(siblingPolymorphic(shape, member: key, choice: sibling, parent: name)), nil, sibling.key)
            } else {
                (type, note) = self.type(of: member, key: key, singular: false, parent: name, inContainer: false)
                if let sibling {
                    note = "its members differ with the \"\(Naming.escaped(sibling.key))\" beside it, which Codable cannot choose a type by: "
                        + "every variant's members are here, optional where some lack them"
                }
            }
            let missing = shape.objects - member.seen
            var docs = [presence(member.seen, of: shape.objects, nulls: member.nulls, context: context)]
            if let example = member.example { docs[0] += "; for example \(example)" }
            docs[0] += "."
            properties.append(PlannedProperty(
                key: key, name: propertyName, type: type, isOptional: missing > 0 || member.nulls > 0, docs: docs, note: note,
                chosenBy: chosenBy))
        }
        let snakeKeys = properties.filter { $0.name != $0.key && Naming.snakeCaseKey($0.name) == $0.key }.count
        let snakeBreaks = properties.filter { $0.name == $0.key && Naming.snakeCaseKey($0.name) != $0.key }.count
        return ModelPlan(name: name, properties: properties, usesSnakeCase: snakeKeys > 0 && snakeKeys >= snakeBreaks,
                         docs: ["Read from \(ModelGenerator.counted(shape.objects, context))."])
    }

    /// `Present in 87 % of 10,000 records (null in 12)`.
    private func presence(_ seen: Int, of total: Int, nulls: Int, context: String) -> String {
        var percent = total == 0 ? 0 : seen * 100 / total
        if percent == 100 && seen < total { percent = 99 }
        var text = "In \(percent) % of \(ModelGenerator.counted(total, context))"
        if nulls > 0 { text += " (null in \(ModelGenerator.grouped(nulls)))" }
        return text
    }

    private mutating func enumeration(_ values: [String], key: String, singular: Bool, parent: String) -> String {
        var cases: [(name: String, value: String)] = []
        var names: Set<String> = []
        for value in values {
            var caseName = Naming.caseName(value)
            if ["self", "Type", "Protocol", "init"].contains(caseName) { caseName += "_" }
            while names.contains(caseName) { caseName += "_" }
            names.insert(caseName)
            cases.append((caseName, value))
        }
        var fallback = "unknown"
        while names.contains(fallback) { fallback = "_" + fallback }
        var fallbackValue = fallback
        while values.contains(fallbackValue) { fallbackValue = "_" + fallbackValue }
        let signature = "E{" + cases.map(\.value).joined(separator: "\u{1}") + "}"
        if let existing = bySignature[signature] { return existing }
        let name = uniqueName(Naming.typeName(key, singular: singular), parent: parent)
        let plan = EnumPlan(name: name, cases: cases, fallbackCase: fallback, fallbackValue: fallbackValue,
                            docs: ["The \(values.count) values seen; any other reads as `.\(fallback)`, which writes \"\(Naming.escaped(fallbackValue))\"."])
        return register(.enumeration(plan), signature: signature)
    }

    /// The member that chooses the variant of `shape`'s objects, its values in order and the
    /// shape of each value's objects: the known discriminator when every object has one of
    /// a few values of it; otherwise a ``VariantCandidate`` whose values each hold objects
    /// of one set of keys, not the same for all, each value seen at least twice.
    private func variantChoice(of shape: Shape) -> VariantChoice? {
        if let key = shape.discriminator, !shape.variantsOverflowed, shape.variantOrder.count >= 2,
            shape.variantOrder.compactMap({ shape.variants[$0]?.objects }).reduce(0, +) == shape.objects
        {
            return VariantChoice(key: key, order: shape.variantOrder, variants: shape.variants)
        }
        for candidate in shape.candidates where !candidate.rejected && candidate.order.count >= 2 {
            let counts = candidate.order.compactMap { candidate.variants[$0]?.objects }
            guard counts.reduce(0, +) == shape.objects, counts.allSatisfy({ $0 >= 2 }),
                Set(candidate.keys.values).count > 1
            else { continue }
            return VariantChoice(key: candidate.key, order: candidate.order, variants: candidate.variants)
        }
        return nil
    }

    private mutating func polymorphic(_ shape: Shape, base: String, parent: String) -> String? {
        guard let choice = variantChoice(of: shape) else { return nil }
        // Variants are worth types of their own when some member is missing from some variant.
        let differ = shape.memberOrder.contains { member in
            choice.order.contains { choice.variants[$0]?.members[member] == nil }
        }
        guard differ else { return nil }
        let key = choice.key
        let name = uniqueName(base, parent: parent)
        let variants = variantModels(of: choice, member: nil, enumName: name)
        let plan = PolymorphicPlan(name: name, discriminator: key, variants: variants,
                                   docs: ["Chosen by \"\(Naming.escaped(key))\": \(variants.count) variants among \(ModelGenerator.counted(shape.objects, "objects"))."])
        let signature = "P\(key){" + variants.map { "\($0.tag)=\($0.type)" }.joined(separator: ",") + "}"
        return register(.polymorphic(plan), signature: signature)
    }

    /// Whether `key` is a member object, always present, whose members differ with the
    /// sibling discriminator, as GitHub's `payload` does with the `type` beside it.
    private func differsBySibling(_ shape: Shape, member key: String, choice: VariantChoice) -> Bool {
        guard key != choice.key, let member = shape.members[key], member.objects == shape.objects, member.nulls == 0,
            !member.isKeyedByData
        else { return false }
        return member.memberOrder.contains { memberKey in
            choice.order.contains { choice.variants[$0]?.members[key]?.members[memberKey] == nil }
        }
    }

    /// The member `key`, which ``differsBySibling(_:member:choice:)``, as an enum of a model per value.
    private mutating func siblingPolymorphic(_ shape: Shape, member key: String, choice: VariantChoice, parent: String) -> String {
        let discriminator = choice.key
        let base = Naming.typeName(key, singular: false)
        let name = uniqueName(parent + base, parent: parent)
        let variants = variantModels(of: choice, member: key, enumName: name)
        let plan = PolymorphicPlan(name: name, discriminator: discriminator, variants: variants,
                                   docs: ["Chosen by the \"\(Naming.escaped(discriminator))\" beside it: \(variants.count) variants among \(ModelGenerator.counted(shape.objects, "objects"))."])
        let signature = "S\(discriminator){" + variants.map { "\($0.tag)=\($0.type)" }.joined(separator: ",") + "}"
        return register(.polymorphic(plan), signature: signature)
    }

    /// A model per discriminator value: of the objects themselves, or of their `member`
    /// (named `<Value><Member>`), with the enum case that holds it.
    private mutating func variantModels(of choice: VariantChoice, member: String?, enumName: String)
        -> [(tag: String, caseName: String, type: String)]
    {
        let discriminator = choice.key
        var variants: [(tag: String, caseName: String, type: String)] = []
        var caseNames: Set<String> = ["other"]
        for tag in choice.order {
            guard let objects = choice.variants[tag], let variant = member.map({ objects.members[$0] }) ?? objects else { continue }
            var caseName = Naming.caseName(tag)
            while caseNames.contains(caseName) { caseName += "_" }
            caseNames.insert(caseName)
            let suffix = member.map { Naming.typeName($0, singular: false) } ?? ""
            let typeName = uniqueName(Naming.typeName(tag, singular: false) + suffix, parent: enumName)
            let model = modelPlan(variant, name: typeName, context: "objects with \(discriminator) \"\(Naming.escaped(tag))\"")
            variants.append((tag, caseName, register(.model(model), signature: signature(of: model))))
        }
        return variants
    }

    // MARK: Names

    private func signature(of model: ModelPlan) -> String {
        "M\(model.usesSnakeCase){" + model.properties.map { "\($0.key)|\($0.name)|\($0.type)|\($0.isOptional)" }.joined(separator: ",") + "}"
    }

    /// Adds `declaration` unless one of the same signature exists; the name to use.
    private mutating func register(_ declaration: Declaration, signature: String) -> String {
        if let existing = bySignature[signature] {
            taken.remove(declaration.name)
            return existing
        }
        bySignature[signature] = declaration.name
        plan.declarations.append(declaration)
        return declaration.name
    }

    /// `base`, or `parent` + `base`, or with a number: a name no other type has.
    private mutating func uniqueName(_ base: String, parent: String) -> String {
        var name = base
        if taken.contains(name) { name = parent + base }
        var number = 2
        while taken.contains(name) {
            name = parent + base + String(number)
            number += 1
        }
        taken.insert(name)
        return name
    }
}

/// The member that chooses a variant, and the shape of each of its values' objects.
struct VariantChoice {
    var key: String
    var order: [String]
    var variants: [String: Shape]
}
