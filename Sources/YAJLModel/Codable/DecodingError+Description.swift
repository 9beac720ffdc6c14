import Foundation

// A `DecodingError` told as this library tells a model error: the coding path as a JSON
// path (`items[3].id`), then what is wrong. The service adapters answer with the same words.

extension DecodingError {
    /// The coding path as a dotted path with bracketed indexes: `items[3].id`.
    package var jsonPath: String { Self.jsonPath(context?.codingPath ?? []) }

    /// What is wrong, without where: `missing key "id"`, `expected Int (…)`.
    package var jsonReason: String {
        let what = switch self {
        case .keyNotFound(let key, _): "missing key \"\(key.stringValue)\""
        case .typeMismatch(let type, _): "expected \(type)"
        case .valueNotFound(let type, _): "expected \(type), found null"
        case .dataCorrupted: "invalid value"
        @unknown default: "invalid value"
        }
        let detail = context?.debugDescription ?? ""
        return what + (detail.isEmpty ? "" : " (\(detail))")
    }

    /// The path (the top-level value named as such), then what is wrong.
    package var jsonDescription: String { "\(JSONModelError.Issue.place(jsonPath)): \(jsonReason)" }

    /// The same error, its coding path after `key`.
    func prefixed(with key: any CodingKey) -> DecodingError {
        func moved(_ context: Context) -> Context {
            Context(codingPath: [key] + context.codingPath, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
        }
        return switch self {
        case .keyNotFound(let missing, let context): .keyNotFound(missing, moved(context))
        case .typeMismatch(let type, let context): .typeMismatch(type, moved(context))
        case .valueNotFound(let type, let context): .valueNotFound(type, moved(context))
        case .dataCorrupted(let context): .dataCorrupted(moved(context))
        @unknown default: self
        }
    }

    /// The coding path, when the error has one.
    var codingPath: [any CodingKey] { context?.codingPath ?? [] }

    private var context: Context? {
        switch self {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context
        @unknown default:
            nil
        }
    }

    /// `codingPath` as a dotted path with bracketed indexes: `items[3].id`.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { path, key in
            path = JSONModelError.Issue.path(path, then: key.intValue.map { "[\($0)]" } ?? key.stringValue)
        }
    }
}
