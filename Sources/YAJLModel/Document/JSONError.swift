import Foundation

/// Why a JSON text was rejected, and where.
///
/// Every case carries a ``JSONSourceLocation``: the byte ``offset`` of the offending byte,
/// and its ``line`` and ``column``.
///
/// Later versions may add cases, as new checks or limits appear: a `switch` over a
/// `JSONError` needs a `default` (or `@unknown default`) case, and code that only reports
/// an error can use ``location`` and ``description``, which every case has.
///
/// ```swift
/// do {
///     _ = try JSONDocument(parsing: #"{"a": [1, 2}"#)
/// } catch {
///     print(error)          // syntax error at line 1, column 12 (byte 11): …
///     print(error.offset)   // 11
/// }
/// ```
public enum JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which limit a ``tooLarge(_:limit:at:)`` error hit.
    ///
    /// Later versions may add limits: a `switch` over one needs a `default` case.
    public enum Limit: String, Sendable, Hashable {
        /// The whole input: ``JSONParseOptions/maxInputBytes``.
        case inputBytes
        /// One string or number: ``JSONParseOptions/maxStringBytes``.
        case tokenBytes
        /// The elements of one array or members of one object.
        case containerElements
        /// Memory could not be allocated for the tree.
        case memory
    }

    /// The text is not JSON. The message says what is wrong, in a few words: a token that is
    /// malformed ("invalid number") or not allowed there ("expected ':' after an object key").
    case syntax(String, at: JSONSourceLocation)
    /// The text stops inside a value, or holds no value at all.
    case unexpectedEndOfInput(at: JSONSourceLocation)
    /// A string holds bytes that are not UTF-8: a bad or truncated sequence, an
    /// overlong form (`C0 AF`), or an encoded surrogate (`ED A0 80`).
    case invalidUTF8(at: JSONSourceLocation)
    /// A `\u` escape names a lone or mismatched UTF-16 surrogate (`"\ud800"`, `"\ud800\u0041"`).
    case invalidEscape(at: JSONSourceLocation)
    /// Arrays and objects nest deeper than ``JSONParseOptions/maxDepth``.
    case tooDeep(limit: Int, at: JSONSourceLocation)
    /// The input, a token, or a container is larger than the tree or the options allow.
    case tooLarge(Limit, limit: Int, at: JSONSourceLocation)
    /// Something other than white space follows the value.
    case trailingData(at: JSONSourceLocation)
    /// A stream's target (``JSONElementReader/Target``, named by the string) is not an
    /// array: `found` is the kind of the value there, or nil when there is none. The
    /// location is the value's, or, when there is none, that of the last container
    /// along the target's path that is there.
    case targetNotAnArray(String, found: JSONKind?, at: JSONSourceLocation)

    /// Where the error is.
    public var location: JSONSourceLocation {
        switch self {
        case .syntax(_, let at), .unexpectedEndOfInput(let at), .invalidUTF8(let at),
            .invalidEscape(let at), .tooDeep(_, let at), .tooLarge(_, _, let at), .trailingData(let at), .targetNotAnArray(_, _, let at):
            return at
        }
    }

    /// The byte offset of the offending byte.
    public var offset: Int { location.offset }
    /// The 1-based line of the offending byte.
    public var line: Int { location.line }
    /// The 1-based column of the offending byte, in Unicode scalars.
    public var column: Int { location.column }

    public var description: String {
        switch self {
        case .syntax(let message, let at): "syntax error at \(at): \(message)"
        case .unexpectedEndOfInput(let at): "unexpected end of input at \(at)"
        case .invalidUTF8(let at): "invalid UTF-8 at \(at)"
        case .invalidEscape(let at): "invalid \\u escape (lone or mismatched surrogate) at \(at)"
        case .tooDeep(let limit, let at): "nesting deeper than \(limit) at \(at)"
        case .tooLarge(let what, let limit, let at): "too large (\(what.rawValue) over \(limit)) at \(at)"
        case .trailingData(let at): "unexpected data after the value at \(at)"
        case .targetNotAnArray("", let found?, let at): "the top-level value is not an array: found \(found.withArticle) at \(at)"
        case .targetNotAnArray(let target, let found?, let at): "no array at \"\(target)\": found \(found.withArticle) at \(at)"
        case .targetNotAnArray(let target, nil, let at): "no array at \"\(target)\": nothing there (its path ends at \(at))"
        }
    }
}
