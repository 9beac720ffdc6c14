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

        public init(path: String, offset: Int, reason: Reason) {
            self.path = path
            self.offset = offset
            self.reason = reason
        }

        public var description: String {
            "\(path.isEmpty ? "(root)" : path): \(reason) (byte \(offset))"
        }
    }

    /// Every problem found, in document order of the properties checked.
    public var issues: [Issue]

    public init(issues: [Issue]) { self.issues = issues }

    /// The paths of all missing keys (JSONModel's `kJSONModelMissingKeys`).
    public var missingKeys: [String] { issues.filter { $0.reason == .missingKey }.map(\.path) }

    public var description: String {
        issues.count == 1 ? "\(issues[0])" : "\(issues.count) problems:\n" + issues.map { "  \($0)" }.joined(separator: "\n")
    }
}

/// A path into a JSON document, built up while validating, written as `items[3].media.m`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public private(set) var description: String = ""

    public init() {}

    /// The path of member `key` of the value at this path.
    public func appending(key: String) -> JSONPath {
        var path = self
        path.description += path.description.isEmpty ? key : "." + key
        return path
    }

    /// The path of element `index` of the array at this path.
    public func appending(index: Int) -> JSONPath {
        var path = self
        path.description += "[\(index)]"
        return path
    }
}

/// Collects the issues found while validating a value.
public struct JSONValidation: Sendable {
    public private(set) var issues: [JSONModelError.Issue] = []

    public init() {}

    init(_ issues: [JSONModelError.Issue]) { self.issues = issues }

    /// Records a problem with `value` at `path`.
    public mutating func report(_ reason: JSONModelError.Issue.Reason, at path: JSONPath, value: JSONValue) {
        issues.append(.init(path: path.description, offset: value.byteRange.lowerBound, reason: reason))
    }

    /// Records a missing key of `object`.
    public mutating func reportMissing(at path: JSONPath, in object: JSONValue) {
        issues.append(.init(path: path.description, offset: object.byteRange.lowerBound, reason: .missingKey))
    }

    /// Records that `value` is not of the kind expected.
    public mutating func reportKind(_ expected: String, at path: JSONPath, value: JSONValue) {
        report(.wrongKind(expected: expected, found: value.kind), at: path, value: value)
    }

    /// Adds the issues another validation found.
    public mutating func merge(_ other: JSONValidation) { issues += other.issues }

    public var isValid: Bool { issues.isEmpty }
}
