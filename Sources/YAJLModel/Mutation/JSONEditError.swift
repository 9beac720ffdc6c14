/// Why editing a ``JSON`` value by JSON Pointer, or applying a ``JSONPatch``, failed.
///
/// ```swift
/// do {
///     try document.apply(patch)
/// } catch {
///     print(error)  // JSON Patch operation 2 (test at "/a/b"): expected 1, found 2
/// }
/// ```
public struct JSONEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    ///
    /// Later versions may add reasons: a `switch` over one needs a `default` case.
    public enum Reason: Sendable, Hashable {
        /// The pointer is not RFC 6901 syntax: it does not start with `/`, or a `~` is
        /// not followed by `0` or `1`.
        case invalidPointer
        /// Nothing is at the pointer, or the object or array that should hold it is missing.
        case missingValue
        /// The pointer steps into a value that is neither an object nor an array.
        case notAContainer
        /// An array index is not a decimal number without leading zeros, or is out of range.
        case invalidIndex
        /// The operation would remove the whole value.
        case cannotRemoveRoot
        /// The edited document's text could outgrow what a document can hold
        /// (``JSONParseOptions/maximumSupportedInputBytes``).
        case tooLarge
        /// A `move` whose `from` location is a proper prefix of its `path`.
        case moveIntoItself
        /// A `test` operation found a different value, or nothing (`found` is nil).
        case testFailed(expected: JSON, found: JSON?)
        /// The patch document is malformed: not an array of objects, a missing or
        /// mistyped `op`, `path`, `from` or `value`, or an unknown `op`.
        case invalidPatch(String)
    }

    /// What went wrong.
    public let reason: Reason
    /// The JSON Pointer involved, as it was given.
    public let pointer: String
    /// The index of the patch operation that failed; nil outside patches.
    public let operationIndex: Int?
    /// The name of the patch operation that failed (`"add"`, `"test"`, …), when known.
    public let operationName: String?

    /// An error about `pointer`, optionally in a patch operation.
    public init(_ reason: Reason, pointer: String, operationIndex: Int? = nil, operationName: String? = nil) {
        self.reason = reason
        self.pointer = pointer
        self.operationIndex = operationIndex
        self.operationName = operationName
    }

    /// For example `JSON Patch operation 2 (test at "/a/b"): expected 1, found 2`, or
    /// `JSON Pointer "/a/7": array index out of range or malformed` outside patches.
    public var description: String {
        let location: String
        switch (operationIndex, operationName, reason) {
        case (nil, _, .invalidPatch):  // the patch as a whole
            location = "JSON Patch"
        case (let index?, nil, .invalidPatch):  // an operation too malformed to have a name
            location = "JSON Patch operation \(index)"
        case (let index?, let name, _):
            location = "JSON Patch operation \(index) (\(name ?? "operation") at \(quoted(pointer)))"
        case (nil, _, _):
            location = "JSON Pointer \(quoted(pointer))"
        }
        return "\(location): \(reason)"
    }

    private func quoted(_ text: String) -> String { JSON.string(text).jsonString(options: .withoutEscapingSlashes) }

    /// This error, attributed to patch operation `index` named `name`.
    func inOperation(_ index: Int, named name: String) -> JSONEditError {
        JSONEditError(reason, pointer: pointer, operationIndex: index, operationName: operationName ?? name)
    }
}

extension JSONEditError.Reason: CustomStringConvertible {
    /// A short English explanation, such as `expected 1, found 2`.
    public var description: String {
        switch self {
        case .invalidPointer:
            "not a JSON Pointer (it must be empty or start with \"/\", and \"~\" must be followed by 0 or 1)"
        case .missingValue: "no value there"
        case .notAContainer: "steps into a value that is neither an object nor an array"
        case .invalidIndex: "array index out of range or malformed"
        case .cannotRemoveRoot: "cannot remove the whole value"
        case .tooLarge: "the edited text could be larger than a document can hold"
        case .moveIntoItself: "cannot move a value into one of its own children"
        case .testFailed(let expected, let found):
            "expected \(expected.jsonString(options: .withoutEscapingSlashes)), found \(found?.jsonString(options: .withoutEscapingSlashes) ?? "nothing")"
        case .invalidPatch(let problem): problem
        }
    }
}
