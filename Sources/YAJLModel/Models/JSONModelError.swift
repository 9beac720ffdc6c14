/// Why JSON could not be read as a model, with every problem found.
///
/// Validation does not stop at the first problem: `issues` lists all of them, each
/// with the JSON path of the value (`items[3].media.m`) and its byte offset in the
/// input, so a client can be told everything that is wrong with its request at once.
///
/// ```swift
/// do {
///     let feed = try Feed(parsing: body)
/// } catch {
///     for issue in error.issues { print(issue) }   // items[3].link: missing key (byte 812)
///     print(error.missingKeys)                      // ["items[3].link", "title"]
/// }
/// ```
public struct JSONModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem at one place.
    public struct Issue: Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        ///
        /// Later versions may add reasons: a `switch` over one needs a `default` case.
        public enum Reason: Sendable, Hashable, CustomStringConvertible {
            /// The text is not JSON at all.
            case invalidJSON(JSONError)
            /// A required key is absent (or `null`, for a non-optional property).
            case missingKey
            /// The value is of another JSON kind than the property reads.
            case wrongKind(expected: String, found: JSONKind)
            /// The value is of the right kind but does not convert: a bad date, an
            /// integer out of range, an unknown enum value, a converter's failure.
            case invalidValue(String)

            public var description: String {
                switch self {
                case .invalidJSON(let error): "invalid JSON: \(error)"
                case .missingKey: "missing key"
                case .wrongKind(let expected, let found): "expected \(expected), found \(found)"
                case .invalidValue(let message): message
                }
            }
        }

        /// Where the problem is, as a dotted path with array indexes in brackets:
        /// `items[3].media.m`; empty for the root.
        public var path: String
        /// The byte offset of the offending value in the input; for a missing key, of
        /// the object that lacks it.
        public var offset: Int
        public var reason: Reason
        /// The line and column of ``offset``, when the input was at hand to count them
        /// (nil for an issue made without it).
        public var location: JSONSourceLocation?

        public init(path: String, offset: Int, reason: Reason, location: JSONSourceLocation? = nil) {
            self.path = path
            self.offset = offset
            self.reason = reason
            self.location = location
        }

        /// For example `items[3].link: missing key at line 12, column 5 (byte 812)`, or
        /// `the top-level value: expected object, found array at …` for the root.
        public var description: String {
            "\(Self.place(path)): \(reason) " + (location.map { "at \($0)" } ?? "(byte \(offset))")
        }

        /// How a description names the value at `path`: the path, or "the top-level value".
        static func place(_ path: String) -> String { path.isEmpty ? "the top-level value" : path }

        /// `suffix`, a path below `path`, after it: `items` then `[3]` is `items[3]`, `items[3]` then `id` is `items[3].id`.
        static func path(_ path: String, then suffix: String) -> String {
            path.isEmpty || suffix.isEmpty || suffix.hasPrefix("[") ? path + suffix : path + "." + suffix
        }
    }

    /// Every problem found, in document order of the properties checked.
    public var issues: [Issue]

    public init(issues: [Issue]) { self.issues = issues }

    /// A model's ``JSONModel/transform(_:)`` threw `error` on `json`. Out of line, so the
    /// inlined model checks that can throw it stay small.
    @usableFromInline
    init(transformFailed error: any Error, at json: JSONValue) {
        self.init(issues: [.init(path: "", offset: json.byteRange.lowerBound, reason: .invalidValue("transform failed: \(error)"))])
    }

    /// The same problems, their paths below `prefix`, and their places moved by `move`
    /// (from the offset to the location; nil keeps them).
    func placed(under prefix: String, moving move: ((Int) -> JSONSourceLocation)? = nil) -> JSONModelError {
        JSONModelError(issues: issues.map { issue in
            let location = move?(issue.offset) ?? issue.location
            return Issue(path: Issue.path(prefix, then: issue.path), offset: location?.offset ?? issue.offset, reason: issue.reason, location: location)
        })
    }

    /// The paths of all missing keys (JSONModel's `kJSONModelMissingKeys`).
    public var missingKeys: [String] { issues.filter { $0.reason == .missingKey }.map(\.path) }

    public var description: String {
        issues.count == 1 ? "\(issues[0])" : "\(issues.count) problems:\n" + issues.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// Collects the problems found while validating a value.
///
/// A problem is recorded against the value it concerns; the readable path
/// (`items[3].media.m`) is worked out from the tree only when an error is thrown,
/// so validating valid JSON builds no strings.
public struct JSONValidation: Sendable {
    struct Problem: Sendable {
        /// The offending value, or the object that lacks a key.
        let value: JSONValue
        /// A path below `value`: the missing key (`media.m`), or the path inside a
        /// value that a converter reported (`[2].name`). Empty when the value itself is at fault.
        let suffix: String
        let reason: JSONModelError.Issue.Reason
        /// The byte offset, when it is not the value's own (an issue deep inside a converted value).
        var offset: Int? = nil
    }

    private(set) var problems: [Problem] = []

    public init() {}

    /// Records a problem with `value`; `suffix` names a place below it, if the problem is there.
    public mutating func report(_ reason: JSONModelError.Issue.Reason, at value: JSONValue, suffix: String = "") {
        problems.append(Problem(value: value, suffix: suffix, reason: reason))
    }

    /// Records an issue that a model read inside `value` found, keeping its path (below
    /// `value`) and its byte offset.
    @usableFromInline
    mutating func report(_ issue: JSONModelError.Issue, inside value: JSONValue) {
        problems.append(Problem(value: value, suffix: issue.path, reason: issue.reason, offset: issue.offset))
    }

    /// Records that `object` lacks `keyPath` (one key, or dotted keys).
    public mutating func reportMissing(_ keyPath: String, in object: JSONValue) {
        report(.missingKey, at: object, suffix: keyPath)
    }

    /// Records that `value` is not of the kind expected.
    public mutating func reportKind(_ expected: String, at value: JSONValue) {
        report(.wrongKind(expected: expected, found: value.kind), at: value)
    }

    /// Whether nothing has been reported.
    public var isValid: Bool { problems.isEmpty }

    /// `json` read as a `Value`, or nil once the reason it is not one is recorded: the issues
    /// of a model read inside it (their paths kept, below `json`), or the conversion's error.
    mutating func read<Value: JSONConvertible>(_ json: JSONValue, as type: Value.Type) -> Value? {
        read(json) { try Value(json: json) }
    }

    /// What `make` reads from `json`, or nil once the reason it failed is recorded, as `read(_:as:)`.
    mutating func read<Value>(_ json: JSONValue, _ make: () throws -> Value) -> Value? {
        do {
            return try make()
        } catch let error as JSONModelError {
            for issue in error.issues { report(issue, inside: json) }
        } catch {
            report(.invalidValue("\(error)"), at: json)
        }
        return nil
    }

    /// Throws every problem reported, paths relative to `root`, if there is any.
    func check(relativeTo root: JSONValue) throws(JSONModelError) {
        guard isValid else { throw JSONModelError(issues: issues(relativeTo: root)) }
    }

    /// The problems as issues, with paths relative to `root`.
    func issues(relativeTo root: JSONValue) -> [JSONModelError.Issue] {
        problems.map { problem in
            let base = root.document === problem.value.document
                ? root.document.pathDescription(from: root.node, to: problem.value.node) ?? "" : ""
            let path = JSONModelError.Issue.path(base, then: problem.suffix)
            let offset = problem.offset ?? problem.value.byteRange.lowerBound
            let location = root.document.input.withBytes { JSONSourceLocation(offset: offset, in: $0) }
            return .init(path: path, offset: offset, reason: problem.reason, location: location)
        }
    }
}
