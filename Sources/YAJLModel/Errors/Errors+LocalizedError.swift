import Foundation

// Errors read the same wherever they are shown: `localizedDescription` (which
// Foundation and most frameworks log), `description` and `debugDescription` all say
// what went wrong and where, instead of "The operation could not be completed".

/// An error of this library whose ``description`` says what went wrong and where: it is
/// also its `errorDescription` and, after the type's name, its `debugDescription`.
public protocol _JSONDescribedError: LocalizedError, CustomStringConvertible, CustomDebugStringConvertible {}

extension _JSONDescribedError {
    /// The same text as `description`: what went wrong, and where (offset, line, column, path).
    public var errorDescription: String? { description }

    /// `description`, after the type's name: `JSONError: syntax error at line 1, column 12 (byte 11): …`.
    public var debugDescription: String { "\(Self.self): \(description)" }
}

extension JSONError: _JSONDescribedError {}
extension JSONModelError: _JSONDescribedError {}
extension JSONEditError: _JSONDescribedError {}
extension JSONConversionError: _JSONDescribedError {}
extension JSONDecompressionError: _JSONDescribedError {}
