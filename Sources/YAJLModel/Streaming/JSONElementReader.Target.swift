extension JSONElementReader {
    /// What a ``JSONElementReader`` reads element by element: the array at a JSON
    /// Pointer or a dotted path, or every top-level value of a text that holds any
    /// number of them.
    ///
    /// A string literal that starts with `/` is a pointer: `"/items"` is the `items` array
    /// of the top-level object; `""` is the top-level array. Any other string is a dotted
    /// path, as ``JSONValue/subscript(path:)`` reads it: `"items"`, `"feed.items"`.
    ///
    /// A target that is missing or not an array is an error,
    /// ``JSONError/targetNotAnArray(_:found:at:)``, unless
    /// ``JSONStreamOptions/allowsMissingTarget`` lets a missing one mean no elements.
    ///
    /// ```swift
    /// JSONElementReader.Target.pointer("/feed/items")   // same as "/feed/items"
    /// JSONElementReader.Target.path("feed.items")
    /// JSONElementReader.Target.values                   // {"a":1} {"b":2} …
    /// ```
    public struct Target: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The steps to the array; nil for top-level values.
        let steps: [JSONPath.Step]?
        public let description: String

        private init(steps: [JSONPath.Step]?, description: String) {
            self.steps = steps
            self.description = description
        }

        /// The array at an RFC 6901 JSON Pointer, as ``JSONValue/subscript(pointer:)`` reads it:
        /// `~1` stands for `/` and `~0` for `~`; a token names an array element when it is a
        /// decimal index without leading zeros. A pointer that is not valid (one that does not
        /// start with `/`, or a `~` not followed by `0` or `1`) names nothing.
        ///
        /// If the value there is not an array, or there is none, the reader throws
        /// ``JSONError/targetNotAnArray(_:found:at:)`` once the text has ended (see
        /// ``JSONStreamOptions/allowsMissingTarget``). Every array at the pointer is read,
        /// in order, when a repeated key names more than one.
        public static func pointer(_ pointer: String) -> Target {
            Target(steps: JSONPath(pointer: pointer)?.steps ?? [.nothing], description: pointer)
        }

        /// The array at a dotted path, as ``JSONValue/subscript(path:)`` reads it: `feed.items`,
        /// or with an index, `pages[2].items` or `pages.2.items`.
        public static func path(_ path: String) -> Target {
            Target(steps: JSONPath(dotted: path).steps, description: path)
        }

        /// Every top-level value of a text that holds any number of them one after
        /// another, separated by white space or not: concatenated JSON, or JSON Lines read
        /// without line numbers' help (a record may span lines; see ``JSONLinesReader``).
        public static let values = Target(steps: nil, description: "(top-level values)")

        /// The array at `value`: a pointer when it is empty or starts with `/`, else a dotted path.
        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// The array at `string`, read as `YAJLDecoder.decode(_:from:at:)` reads its path: a
        /// pointer when it is empty or starts with `/`, else a dotted path, so that
        /// `"statuses"` reads what `root[path: "statuses"]` finds.
        public init(_ string: String) {
            self = JSONPath.isPointer(string) ? .pointer(string) : .path(string)
        }
    }
}
