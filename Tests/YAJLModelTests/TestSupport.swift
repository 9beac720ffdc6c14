import Foundation
import Testing
@testable import YAJLModel

/// Parses `text` (its UTF-8), failing the test on an error.
func parse(_ text: String, _ options: JSONParseOptions = .init()) throws -> JSONDocument {
    try JSONDocument(parsing: text, options: options)
}

/// The error that parsing `bytes` throws, or nil (and an issue) when it parses.
func parseError(_ bytes: [UInt8], _ options: JSONParseOptions = .init(), sourceLocation: SourceLocation = #_sourceLocation) -> JSONError? {
    do {
        let document = try JSONDocument(parsing: bytes, options: options)
        Issue.record("expected an error, but it parsed as \(document.root)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The error that parsing `text` throws, or nil (and an issue) when it parses.
func parseError(_ text: String, _ options: JSONParseOptions = .init(), sourceLocation: SourceLocation = #_sourceLocation) -> JSONError? {
    parseError(Array(text.utf8), options, sourceLocation: sourceLocation)
}

extension JSONParseOptions {
    /// Options with one or more settings changed from the defaults.
    static func with(
        maxDepth: Int? = nil, maxInputBytes: Int? = nil, allowComments: Bool? = nil, skipsByteOrderMark: Bool? = nil
    ) -> JSONParseOptions {
        var options = JSONParseOptions()
        if let maxDepth { options.maxDepth = maxDepth }
        if let maxInputBytes { options.maxInputBytes = maxInputBytes }
        if let allowComments { options.allowComments = allowComments }
        if let skipsByteOrderMark { options.skipsByteOrderMark = skipsByteOrderMark }
        return options
    }
}

extension JSONError {
    /// The case, without its payload, to compare kinds of errors.
    var caseName: String {
        switch self {
        case .syntax: "syntax"
        case .unexpectedEndOfInput: "unexpectedEndOfInput"
        case .invalidUTF8: "invalidUTF8"
        case .invalidEscape: "invalidEscape"
        case .tooDeep: "tooDeep"
        case .tooLarge: "tooLarge"
        case .trailingData: "trailingData"
        case .targetNotAnArray: "targetNotAnArray"
        }
    }
}

/// `count` levels of `[` then the same number of `]`.
func nestedArrays(_ depth: Int, innermost: String = "") -> String {
    String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
}

/// `count` levels of `{"a":` ending in `{}`.
func nestedObjects(_ depth: Int) -> String {
    String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
}

/// The location of `offset` in `bytes`, worked out independently of the library: the
/// line counts line feeds before it, the column counts Unicode scalars since the last one.
func expectedLocation(_ offset: Int, in bytes: [UInt8]) -> JSONSourceLocation {
    let prefix = String(decoding: bytes[..<offset], as: UTF8.self)
    let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
    return JSONSourceLocation(offset: offset, line: lines.count, column: lines.last!.unicodeScalars.count + 1)
}
