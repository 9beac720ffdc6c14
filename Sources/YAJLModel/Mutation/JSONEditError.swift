// Placeholder until the patch branch lands (same shape).
public struct JSONEditError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case invalidPointer, missingValue, tooLarge, notAContainer, invalidIndex, cannotRemoveRoot, moveIntoItself
        case testFailed(expected: JSON, found: JSON?)
        case invalidPatch(String)
    }
    public let reason: Reason
    public let pointer: String
    public let operationIndex: Int?
    public init(_ reason: Reason, pointer: String, operationIndex: Int? = nil) {
        self.reason = reason
        self.pointer = pointer
        self.operationIndex = operationIndex
    }
    public var description: String { "\(reason) at \"\(pointer)\"" }
}

enum _JSONPointer {
    static func tokens(_ pointer: String) throws(JSONEditError) -> [String] {
        guard !pointer.isEmpty else { return [] }
        guard pointer.hasPrefix("/") else { throw JSONEditError(.invalidPointer, pointer: pointer) }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}
