#if NIO
/// The media types a route takes as JSON, matched against a request's `Content-Type`:
/// the check behind the Hummingbird and Vapor `JSONContentTypeMiddleware`, which answer
/// any other type with 415 Unsupported Media Type.
///
/// A name matches a `Content-Type` whose type and subtype are that name, in any case
/// and with any parameters (`application/json; charset=utf-8`). A name of the form
/// `type/*+suffix` matches every subtype with that structured-syntax suffix:
/// `application/*+json` matches `application/vnd.api+json` and `application/problem+json`.
///
/// ```swift
/// let jsonLines = JSONMediaTypes(["application/x-ndjson", "application/jsonl"])
/// ```
public struct JSONMediaTypes: Sendable, Hashable {
    /// The names that match, as given (`application/json`, `application/*+json`).
    public var names: [String]

    /// The types named by `names`, exact (`application/json`) or by suffix (`application/*+json`).
    public init(_ names: [String]) {
        self.names = names
    }

    /// JSON: `application/json` and every `application/*+json` type.
    public static let json = JSONMediaTypes(["application/json", "application/*+json"])

    /// JSON Lines: `application/x-ndjson`.
    public static let jsonLines = JSONMediaTypes(["application/x-ndjson"])

    /// Whether `contentType`, a `Content-Type` header's value, is one of these types.
    public func contains(contentType: String) -> Bool {
        let essence = trimmingWhiteSpace(contentType.prefix { $0 != ";" }).lowercased()
        return names.contains { name in
            let name = name.lowercased()
            guard let star = name.firstIndex(of: "*") else { return essence == name }
            // `type/*+suffix`: the same type, and a subtype of at least one character before the suffix.
            let prefix = name[..<star], suffix = name[name.index(after: star)...]
            return essence.count > prefix.count + suffix.count && essence.hasPrefix(prefix) && essence.hasSuffix(suffix)
                && !essence.dropFirst(prefix.count).contains { $0 == "/" || $0 == "*" }
        }
    }

    /// The 415 answer to a request with `contentType` (nil: no `Content-Type` header), or
    /// nil when the request is let through: its type is one of these, or it carries no body.
    ///
    /// A request carries a body when its `Content-Length` is more than zero or, without
    /// a `Content-Length`, when its method is POST, PUT or PATCH. A request with neither
    /// a body nor a `Content-Type` passes.
    public func unsupportedContentTypeResponse(contentType: String?, method: String, contentLength: String?) -> JSONErrorResponse? {
        if let contentType, contains(contentType: contentType) { return nil }
        let carriesBody = contentLength.flatMap { Int(trimmingWhiteSpace($0[...])) }.map { $0 > 0 }
            ?? ["POST", "PUT", "PATCH"].contains(method.uppercased())
        guard contentType != nil || carriesBody else { return nil }
        return .unsupportedContentType(contentType, accepted: self)
    }
}

/// `text` without the spaces and tabs at either end (HTTP's optional white space).
func trimmingWhiteSpace(_ text: Substring) -> Substring {
    let isText: (Character) -> Bool = { $0 != " " && $0 != "\t" }
    guard let first = text.firstIndex(where: isText), let last = text.lastIndex(where: isText) else { return text[text.endIndex...] }
    return text[first...last]
}
#endif
