import YAJLModel

/// Infers Swift types from JSON records and writes them as `@JSONModel` structs or plain
/// `Codable` ones: what `yajlmodel generate` does.
///
/// Add every record, then ask for the source:
///
/// ```swift
/// let generator = ModelGenerator(options: .init(rootName: "Event"))
/// var reader = try JSONElementReader(contentsOf: url, at: "/items")
/// while let record = try reader.next() { try generator.add(record) }
/// print(try generator.source())
/// ```
///
/// The generator keeps, for each position of the records, counts and capped sets of values
/// (never the records), so its memory depends on the structure of the feed, not its length.
/// The same records in the same order give the same source, byte for byte.
public final class ModelGenerator {
    /// What to write and how to decide types.
    public struct Options: Sendable, Hashable {
        /// The name of the records' type.
        public var rootName: String
        /// `@JSONModel` structs, or plain `Codable` ones.
        public var style: Style = .jsonModel
        /// `Decimal` rather than `Double` for numbers with a fraction or beyond `Int`.
        public var exactNumbers = false
        /// A string field becomes an enum when it has at most this many distinct values…
        public var enumThreshold = 8
        /// …and at least this many values were seen.
        public var enumMinimumCount = 20
        /// An object with more distinct keys than this is read as a dictionary.
        public var maxProperties = 100
        /// The keys that may choose an object's variant, in order of preference.
        public var discriminatorKeys = ["type", "kind"]
        /// An enum that holds every type written, so that types of several inputs do not collide.
        public var namespace: String?
        /// The command that made the source, for its first line.
        public var command: String?
        /// The input, as the source's first line names it.
        public var inputDescription: String?

        /// Options for records named `rootName`, and the defaults for the rest.
        public init(rootName: String) {
            self.rootName = rootName
        }
    }

    /// The kind of Swift the generator writes.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// `@JSONModel` structs (import YAJLModelMacros).
        case jsonModel
        /// Plain `Codable` structs with explicit `CodingKeys`, for `YAJLDecoder` or `JSONDecoder`.
        case codable
    }

    /// What to write: the style and the naming may change between calls to ``source()``;
    /// the limits that shape the inference are fixed when the generator is made.
    public var options: Options
    let root = Shape()
    let limits: ShapeLimits
    /// The records added so far.
    public private(set) var records = 0

    /// A generator with nothing read.
    public init(options: Options) {
        self.options = options
        limits = ShapeLimits(
            distinctStrings: max(options.enumThreshold, 0) + 1, memberKeys: max(options.maxProperties, 1),
            variants: 16, discriminatorKeys: options.discriminatorKeys)
    }

    /// Adds one record: an object, or an array whose elements are records.
    /// - Throws: ``ModelGenerationError/scalarRecord(_:index:)`` for a record that is neither.
    public func add(_ record: JSONValue) throws(ModelGenerationError) {
        switch record.kind {
        case .object:
            root.observe(record, limits: limits)
            records += 1
        case .array:
            guard let array = record.array else { return }
            for element in array {
                guard element.kind == .object else { throw .scalarRecord(element.kind, index: records) }
                root.observe(element, limits: limits)
                records += 1
            }
        default:
            throw .scalarRecord(record.kind, index: records)
        }
    }

    /// The Swift source for the records added.
    /// - Throws: ``ModelGenerationError/emptyInput`` when no record was added.
    public func source() throws(ModelGenerationError) -> String {
        Renderer(options: options, plan: try plan()).source()
    }

    /// The types the records call for.
    func plan() throws(ModelGenerationError) -> Plan {
        guard records > 0 else { throw .emptyInput }
        root.settleAll(limits: limits)
        var planner = Planner(options: options, limits: limits, records: records)
        planner.planRoot(root)
        return planner.plan
    }

    /// `1 record`, `12,345 records`: `noun` is plural, and its first word loses its `s` for one.
    static func counted(_ number: Int, _ noun: String) -> String {
        guard number == 1, let space = noun.firstIndex(of: " ") ?? Optional(noun.endIndex) else { return "\(grouped(number)) \(noun)" }
        let first = noun[..<space]
        return "1 " + (first.hasSuffix("s") ? first.dropLast() : first) + noun[space...]
    }

    /// `12345` → `12,345`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }
}

/// Why no types could be generated.
public enum ModelGenerationError: Error, Sendable, CustomStringConvertible {
    /// No record was read.
    case emptyInput
    /// A record (or an element of a top-level array) is not an object.
    case scalarRecord(JSONKind, index: Int)
    /// The input named could not be read: the reader's error (a ``JSONError`` says where).
    case unreadable(String, any Error)

    /// What went wrong, and for input errors where, as the tool prints it.
    public var description: String {
        switch self {
        case .emptyInput:
            "the input holds no records: nothing to infer types from"
        case .scalarRecord(let kind, let index):
            "record \(index) is \(kind == .array || kind == .object ? "an" : "a") \(kind), not an object: models are read from objects (name the array of records with --at)"
        case .unreadable(let name, let error):
            "\(name): \(error)"
        }
    }
}

extension ModelGenerator {
    /// The type name the generator gives values under `key`: `user_mentions` →
    /// `UserMentions`, or for array elements (`singular`) `statuses` → `Status`.
    public static func typeName(forKey key: String, singular: Bool) -> String {
        Naming.typeName(key, singular: singular)
    }
}
