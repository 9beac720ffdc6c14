/// The coding key YAJLModel's coders put in coding paths where the type gave none:
/// array positions (`"Index 3"`, intValue 3, as `JSONDecoder` writes them),
/// dictionary members and `super`.
struct JSONCodingKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    /// The key of the element at `index` of an array.
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    static let `super` = JSONCodingKey(stringValue: "super")
}

/// One step of a coding path, kept unmaterialized so that pushing it costs no
/// allocation: the `CodingKey`s are built only when a path is asked for.
enum PathElement {
    /// A key the decoded or encoded type gave.
    case key(any CodingKey)
    /// An array element.
    case index(Int)
    /// A member of a `[String: Value]` decoded directly from the tree: its key
    /// node, and whether the key's `intValue` is the key read as an `Int` (as
    /// `Dictionary`'s own decoding gives it) or nil (as `JSONDecoder`'s
    /// dictionary path gives it).
    case member(UInt32, numeric: Bool)
}
