import Foundation

/// An RFC 6902 JSON Patch: a list of operations that edit a JSON value, applied in order.
///
/// ```swift
/// let patch = try JSONPatch(parsing: #"""
///     [{ "op": "test", "path": "/version", "value": 2 },
///      { "op": "replace", "path": "/title", "value": "Harbour" }]
///     """#)
/// let edited = try photo.applying(patch)
/// ```
///
/// Apply it with ``JSON/apply(_:)`` or ``JSON/applying(_:)``.
public struct JSONPatch: Sendable, Hashable {
    /// One operation of a patch. Paths and `from` locations are JSON Pointers.
    public enum Operation: Sendable, Hashable {
        /// Adds an object member (replacing one with the same key), inserts into an array
        /// before an index (`-` appends), or, at `""`, replaces the whole value.
        case add(path: String, value: JSON)
        /// Removes the value at `path`, which must exist.
        case remove(path: String)
        /// Replaces the value at `path`, which must exist.
        case replace(path: String, value: JSON)
        /// Removes the value at `from` and adds it at `path`.
        case move(from: String, path: String)
        /// Adds a copy of the value at `from` at `path`.
        case copy(from: String, path: String)
        /// Fails the patch unless the value at `path` equals `value`.
        case test(path: String, value: JSON)

        /// The `op` member's value: `"add"`, `"remove"`, and so on.
        public var name: String {
            switch self {
            case .add: "add"
            case .remove: "remove"
            case .replace: "replace"
            case .move: "move"
            case .copy: "copy"
            case .test: "test"
            }
        }

        /// The target location.
        public var path: String {
            switch self {
            case .add(let path, _), .remove(let path), .replace(let path, _), .move(_, let path), .copy(_, let path),
                .test(let path, _):
                path
            }
        }
    }

    /// The operations, in the order they apply.
    public var operations: [Operation]

    /// A patch of `operations`.
    public init(_ operations: [Operation]) {
        self.operations = operations
    }

    /// A patch from its JSON form: an array of operation objects, each with an `op`, a
    /// `path`, and the `value` or `from` that the operation needs. Other members are ignored.
    ///
    /// - Throws: ``JSONEditError`` with ``JSONEditError/Reason/invalidPatch(_:)`` and the
    ///   index of the malformed operation.
    public init(json: JSON) throws(JSONEditError) {
        guard case .array(let elements) = json else {
            throw JSONEditError(.invalidPatch("a JSON Patch must be an array of operations"), pointer: "")
        }
        operations = []
        operations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            operations.append(try Self.operation(element, index: index))
        }
    }

    /// A patch parsed from JSON text; see ``init(json:)``.
    ///
    /// - Throws: ``JSONError`` when `data` is not JSON, ``JSONEditError`` when it is not a patch.
    public init(parsing data: Data) throws {
        try self.init(json: JSON(JSONDocument(parsing: data).root))
    }

    /// A patch parsed from JSON text; see ``init(json:)``.
    ///
    /// - Throws: ``JSONError`` when `text` is not JSON, ``JSONEditError`` when it is not a patch.
    public init(parsing text: String) throws {
        try self.init(json: JSON(JSONDocument(parsing: text).root))
    }

    /// The patch document: an array of operation objects with members `op`, `from`, `path`
    /// and `value`, in that order.
    public var json: JSON {
        .array(
            operations.map { operation in
                var members = [JSONMember(key: "op", value: .string(operation.name))]
                switch operation {
                case .move(let from, _), .copy(let from, _):
                    members.append(JSONMember(key: "from", value: .string(from)))
                default: break
                }
                members.append(JSONMember(key: "path", value: .string(operation.path)))
                switch operation {
                case .add(_, let value), .replace(_, let value), .test(_, let value):
                    members.append(JSONMember(key: "value", value: value))
                default: break
                }
                return .object(members)
            })
    }

    private static func operation(_ json: JSON, index: Int) throws(JSONEditError) -> Operation {
        var name: String?
        var path: String?
        func invalid(_ problem: String) -> JSONEditError {
            JSONEditError(.invalidPatch(problem), pointer: path ?? "", operationIndex: index, operationName: name)
        }
        func string(_ key: String) throws(JSONEditError) -> String {
            guard let member = json[key] else { throw invalid("missing \"\(key)\"") }
            guard case .string(let text) = member else { throw invalid("\"\(key)\" must be a string") }
            return text
        }
        func value() throws(JSONEditError) -> JSON {
            guard let value = json["value"] else { throw invalid("missing \"value\"") }
            return value
        }

        guard case .object(let members) = json else { throw invalid("an operation must be an object") }
        // RFC 6902 A.13: a repeated member (`"op": "add", …, "op": "remove"`) makes the
        // operation ambiguous, so it is an error rather than "the last one wins".
        for key in ["op", "path", "from", "value"] where members.count(where: { $0.key == key }) > 1 {
            throw invalid("repeated \"\(key)\"")
        }
        let op = try string("op")
        guard ["add", "remove", "replace", "move", "copy", "test"].contains(op) else {
            throw invalid("unknown op \(JSON.string(op).jsonString(options: .withoutEscapingSlashes))")
        }
        name = op
        let target = try string("path")
        path = target
        switch op {
        case "add": return .add(path: target, value: try value())
        case "remove": return .remove(path: target)
        case "replace": return .replace(path: target, value: try value())
        case "move": return .move(from: try string("from"), path: target)
        case "copy": return .copy(from: try string("from"), path: target)
        case "test": return .test(path: target, value: try value())
        default: preconditionFailure("unreachable: op checked above")
        }
    }
}
