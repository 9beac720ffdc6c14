/// The types to write, decided from the shapes: the form both renderers share.
struct Plan {
    var rootName: String
    var records: Int
    var declarations: [Declaration] = []
}

/// The date formats the output reads and writes.
enum DateKind: Hashable {
    /// ISO 8601 written one way throughout.
    case iso(ISO8601Form)
    /// ISO 8601 written in several ways: a model's `Date` reads them all.
    case isoVarying
    case twitter
    case rfc1123
}

/// A property's type, before it is written as Swift.
indirect enum PlannedType: Hashable {
    case bool, int, uint64, double, decimal, string, url, uuid
    case date(DateKind)
    /// A declaration of the plan, by name.
    case named(String)
    case array(PlannedType, elementsOptional: Bool)
    case dictionary(PlannedType)
    /// Any JSON, unread.
    case json
}

struct PlannedProperty {
    var key: String
    var name: String
    var type: PlannedType
    var isOptional: Bool
    /// Presence and example, for the doc comment.
    var docs: [String]
    /// Why the type is not what the values might suggest, for a comment.
    var note: String?
    /// The sibling member whose value chooses this one's variant (`@JSONDiscriminator`).
    var chosenBy: String? = nil
}

struct ModelPlan {
    var name: String
    var properties: [PlannedProperty]
    var usesSnakeCase: Bool
    var docs: [String]
}

struct EnumPlan {
    var name: String
    /// Case names and raw values, in the order first seen.
    var cases: [(name: String, value: String)]
    var fallbackCase: String
    var fallbackValue: String
    var docs: [String]
}

struct PolymorphicPlan {
    var name: String
    var discriminator: String
    /// The discriminator's value, the case name and the variant's model.
    var variants: [(tag: String, caseName: String, type: String)]
    var docs: [String]
}

enum Declaration {
    case model(ModelPlan)
    case enumeration(EnumPlan)
    case polymorphic(PolymorphicPlan)

    var name: String {
        switch self {
        case .model(let plan): plan.name
        case .enumeration(let plan): plan.name
        case .polymorphic(let plan): plan.name
        }
    }
}

extension PlannedType {
    /// Whether the type is a date in a format that needs a converter of its own.
    var dateKind: DateKind? {
        if case .date(let kind) = self { return kind }
        return nil
    }
}
