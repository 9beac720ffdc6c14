import Foundation
import Synchronization
import Testing
import YAJLModelMacros

/// Helpers shared by the model tests.
enum ModelTestSupport {
    /// The byte offset of the first occurrence of `needle` in `text` (at or after `start`).
    /// Offsets in issues are computed from the text itself, independently of the library.
    static func offset(of needle: String, in text: String, from start: Int = 0) -> Int? {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count, start <= haystack.count - pattern.count else { return nil }
        for index in start...(haystack.count - pattern.count) where haystack[index..<(index + pattern.count)].elementsEqual(pattern) {
            return index
        }
        return nil
    }

    /// The one issue at `path`, or nil.
    static func issue(at path: String, in error: JSONModelError) -> JSONModelError.Issue? {
        let matches = error.issues.filter { $0.path == path }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The error thrown by `body`, which must throw a `JSONModelError`.
    static func modelError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> JSONModelError? {
        do {
            try body()
            Issue.record("expected a JSONModelError, but nothing was thrown", sourceLocation: sourceLocation)
            return nil
        } catch let error as JSONModelError {
            return error
        } catch {
            Issue.record("expected a JSONModelError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The object JSONSerialization reads from `text`.
    static func foundationObject(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}

/// A thread-safe counter, one per counting converter, so parallel tests do not share counts.
final class ConversionCounter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func increment() { value.withLock { $0 += 1 } }
}

extension JSONModelError.Issue.Reason {
    var isInvalidValue: Bool {
        if case .invalidValue = self { return true }
        return false
    }

    var invalidValueMessage: String? {
        if case .invalidValue(let message) = self { return message }
        return nil
    }
}
