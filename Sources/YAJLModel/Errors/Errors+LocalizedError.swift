import Foundation

// Errors read the same wherever they are shown: `localizedDescription` (which
// Foundation and most frameworks log), `description` and `debugDescription` all say
// what went wrong and where, instead of "The operation could not be completed".

extension JSONError: LocalizedError, CustomDebugStringConvertible {
    /// The same text as ``description``: what went wrong, with its line, column and byte offset.
    public var errorDescription: String? { description }

    /// ``description``, with the type in front: `JSONError: syntax error at line 1, column 12 (byte 11): …`.
    public var debugDescription: String { "JSONError: \(description)" }
}

extension JSONModelError: LocalizedError, CustomDebugStringConvertible {
    /// The same text as ``description``: each problem with its path, line, column and byte offset.
    public var errorDescription: String? { description }

    /// ``description``, with the type in front.
    public var debugDescription: String { "JSONModelError: \(description)" }
}

extension JSONEditError: LocalizedError, CustomDebugStringConvertible {
    /// The same text as ``description``: the pointer, the patch operation, and what went wrong.
    public var errorDescription: String? { description }

    /// ``description``, with the type in front.
    public var debugDescription: String { "JSONEditError: \(description)" }
}

extension JSONConversionError: LocalizedError, CustomDebugStringConvertible {
    /// The converter's message.
    public var errorDescription: String? { description }

    /// The message, with the type in front.
    public var debugDescription: String { "JSONConversionError: \(description)" }
}
