#if NIO
public import YAJLModel

/// What an HTTP service answers when a request body is not the JSON it expects: a
/// status and a JSON body that says what went wrong and where. The Hummingbird and
/// Vapor adapters answer with it (it is their `HTTPResponseError` and `AbortError`); it
/// is here so that both say the same.
///
/// - ``JSONError`` (not JSON, cut short, too deep): 400 Bad Request; a limit on the
///   input's size: 413 Content Too Large; a stream target that is not an array: 422.
/// - ``JSONModelError``, ``JSONConversionError`` and a `DecodingError` about the values (a missing key, a wrong
///   type): 422 Unprocessable Content, with each problem's path. A `DecodingError` whose
///   cause is a ``JSONError`` or a ``JSONModelError`` (a model inside a `Decodable` type) is
///   answered as that error.
/// - ``JSONRecordError``, an element of a streamed body (or a line) that is not the type
///   read: its error's answer, with the element's `index` and the problem's `offset`,
///   `line` and `column` in the whole body.
/// - ``JSONDecompressionError``, a gzip body: 413 past the decompressed-size limit, with
///   the `limit`; otherwise (cut short, corrupt, a bad CRC-32 or length, data after the
///   stream) 400; both with the `compressedOffset` and `decompressedOffset` where it showed.
///
/// ```json
/// {"error": {"message": "syntax error at line 3, column 7 (byte 41): …",
///            "offset": 41, "line": 3, "column": 7}}
/// {"error": {"message": "items[3].link: missing key at line 12, column 5 (byte 812)",
///            "issues": [{"path": "items[3].link", "reason": "missing key", "offset": 812, "line": 12, "column": 5}]}}
/// {"error": {"message": "[999].actor: expected object, found number at line 1001, column 48 (byte 819510)",
///            "issues": [{"path": "[999].actor", "reason": "expected object, found number", "offset": 819510, …}],
///            "index": 999, "offset": 819510, "line": 1001, "column": 48}}
/// ```
public struct JSONErrorResponse: Error, Sendable, Hashable {
    /// The HTTP status code.
    public var statusCode: Int
    /// The message: the error's description, with where.
    public var message: String
    /// The body, `{"error": {"message": …, …}}`.
    public var body: JSON
    /// What the body says beside the message.
    let details: [JSONMember]

    /// The answer to `error` (itself when it is an answer), or nil when it is not a JSON
    /// error of this library nor a `DecodingError`.
    public init?(for error: any Error) {
        switch error {
        case let answer as JSONErrorResponse:
            self = answer
        case let error as JSONError:
            self.init(error)
        case let error as JSONModelError:
            self.init(error)
        case let error as JSONRecordError:
            self.init(error)
        case let error as JSONDecompressionError:
            self.init(error)
        case let error as JSONConversionError:
            self.init(statusCode: 422, message: error.description)
        case DecodingError.dataCorrupted(let context) where context.underlyingError is JSONError:
            guard let cause = context.underlyingError as? JSONError else { return nil }
            self.init(cause)
        case DecodingError.dataCorrupted(let context) where context.underlyingError is JSONModelError:
            guard let cause = context.underlyingError as? JSONModelError else { return nil }
            self.init(cause)
        case let error as DecodingError:
            self.init(error)
        default:
            return nil
        }
    }

    /// The answer to a parse or stream error.
    public init(_ error: JSONError) {
        let status = switch error {
        case .tooLarge(let limit, _, _) where limit != .memory: 413
        case .targetNotAnArray: 422
        default: 400
        }
        self.init(statusCode: status, message: error.description, Self.place(offset: error.offset, error.location))
    }

    /// The answer to damaged or too large gzip input: 413 with the `limit`, or 400; with
    /// where it showed, in the compressed and the decompressed bytes.
    public init(_ error: JSONDecompressionError) {
        var members: [JSONMember] = []
        var status = 400
        if case .tooLarge(let limit) = error.reason {
            status = 413
            members.append(JSONMember(key: "limit", value: .number(JSONNumber(limit))))
        }
        members.append(JSONMember(key: "compressedOffset", value: .number(JSONNumber(error.compressedOffset))))
        members.append(JSONMember(key: "decompressedOffset", value: .number(JSONNumber(error.decompressedOffset))))
        self.init(statusCode: status, message: error.description, members)
    }

    /// The answer to a model error: 422 with every issue, or a parse error's answer.
    public init(_ error: JSONModelError) {
        if error.issues.count == 1, case .invalidJSON(let cause) = error.issues[0].reason {
            self.init(cause)
            return
        }
        let issues: [JSON] = error.issues.map { issue in
            .object([JSONMember(key: "path", value: .string(issue.path)), JSONMember(key: "reason", value: .string(issue.reason.description))]
                + Self.place(offset: issue.offset, issue.location))
        }
        self.init(statusCode: 422, message: error.description, [JSONMember(key: "issues", value: .array(issues))])
    }

    /// The answer to a decoding error about the values: 422 with the coding path.
    public init(_ error: DecodingError) {
        self.init(statusCode: 422, message: error.jsonDescription, [JSONMember(key: "path", value: .string(error.jsonPath))])
    }

    /// The answer to a record's error: its underlying error's (422 for a value that is not
    /// the type read), said of the record, with the element's `index` and where the problem
    /// is in the whole stream.
    public init(_ error: JSONRecordError) {
        let answer = JSONErrorResponse(for: error.underlying) ?? JSONErrorResponse(statusCode: 422, message: "")
        let placeKeys: Set = ["offset", "line", "column"]
        var details = answer.details.filter { !placeKeys.contains($0.key) }
        if let index = error.index { details.append(JSONMember(key: "index", value: .number(JSONNumber(index)))) }
        details += Self.place(offset: error.location.offset, error.location)
        self.init(statusCode: answer.statusCode, message: error.description, details)
    }

    /// An answer with `statusCode` and `message`, and `members` beside the message in the body.
    public init(statusCode: Int, message: String, _ members: [JSONMember] = []) {
        self.statusCode = statusCode
        self.message = message
        details = members
        body = .object([JSONMember(key: "error", value: .object([JSONMember(key: "message", value: .string(message))] + members))])
    }

    /// The body's text, compact JSON.
    public var bodyText: String { body.jsonString(options: .withoutEscapingSlashes) }

    /// The byte offset, and the line and column when they are known.
    private static func place(offset: Int, _ location: JSONSourceLocation?) -> [JSONMember] {
        var members = [JSONMember(key: "offset", value: .number(JSONNumber(offset)))]
        if let location {
            members.append(JSONMember(key: "line", value: .number(JSONNumber(location.line))))
            members.append(JSONMember(key: "column", value: .number(JSONNumber(location.column))))
        }
        return members
    }
}
#endif
