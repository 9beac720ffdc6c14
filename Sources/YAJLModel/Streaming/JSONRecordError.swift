/// A record of a stream that could not be read as the type asked for, placed in the
/// stream: the element by its index in the array (a line of JSON Lines by its line), and
/// the problem at its offset, line and column from the start of the whole input.
///
/// The typed forms of the readers throw it (`next(_:)`, `next(_:using:)`, `next(as:)`,
/// `elements(of:at:as:…)`, `records(of:as:…)`, `forEachRecord`'s `transform`), and
/// ``JSONInvalidRecords/skip(report:)`` reports it. It reads as an error about the whole
/// input would, the path starting at the element's index:
///
/// ```swift
/// do {
///     while let event = try reader.next(Event.self) { … }
/// } catch let error as JSONRecordError {
///     print(error)           // [999].actor: expected object, found number at line 1001, column 48 (byte 819510)
///     print(error.index)     // Optional(999)
///     print(error.location)  // line 1001, column 48 (byte 819510)
/// }
/// ```
///
/// The reader has moved on past the record: reading on reads the next one. A
/// ``JSONError`` (the text is not JSON) is not a record's error: it ends the stream.
public struct JSONRecordError: Error, Sendable, CustomStringConvertible {
    /// The element's 0-based index in its array (for ``JSONElementReader/Target/values``,
    /// how many values come before it); nil for a line of JSON Lines.
    public let index: Int?
    /// Where the record's value starts in the stream.
    public let start: JSONSourceLocation
    /// Where the problem is in the stream: the offending value (for a missing key, the
    /// object that lacks it), or the record's ``start`` when the error does not say.
    public let location: JSONSourceLocation
    /// The error itself, its paths and places moved into the stream:
    /// - a ``JSONModelError`` whose paths start at the element's index (`[999].actor`) and
    ///   whose offsets, lines and columns count from the start of the stream; a model read
    ///   inside a `Decodable` type gives this too, not the `DecodingError` that carried it;
    /// - a `DecodingError` whose coding path starts with the element's index;
    /// - for a line of JSON Lines that is not JSON (which ``JSONInvalidRecords/skip(report:)``
    ///   reports), its ``JSONError``;
    /// - any other error as the type threw it.
    ///
    /// A line's paths start inside it, as in an error about that line alone.
    public let underlying: any Error

    /// Creates an error of the record at `start`.
    public init(index: Int?, start: JSONSourceLocation, location: JSONSourceLocation, underlying: any Error) {
        self.index = index
        self.start = start
        self.location = location
        self.underlying = underlying
    }

    /// What went wrong and where, as for the whole input:
    /// `[999].actor: expected object, found number at line 1001, column 48 (byte 819510)`.
    public var description: String {
        switch underlying {
        case let error as JSONModelError: "\(error)"
        case let error as JSONError: "\(error)"
        case let error as DecodingError: "\(error.jsonDescription) at \(location)"
        default: "\(JSONModelError.Issue.place(index.map { "[\($0)]" } ?? "")): \(underlying) at \(location)"
        }
    }
}

/// What a reader does with a record it cannot read: an element or a line that is not
/// the type asked for, or a line of JSON Lines that is not JSON.
///
/// A syntax error in an array ends the stream whatever this says: the text after it
/// cannot be trusted. Lines of JSON Lines are each a text of their own, so a bad one can be skipped.
public enum JSONInvalidRecords: Sendable {
    /// Throw its error: the default.
    case fail
    /// Pass its error (which names the element's index, or the line, and says where) to
    /// `report`, and go on with the next record.
    case skip(report: @Sendable (JSONRecordError) -> Void = { _ in })

    /// Reports `failure` when skipping; throws it otherwise.
    func skipOrThrow(_ failure: JSONRecordError) throws(JSONRecordError) {
        guard case .skip(let report) = self else { throw failure }
        report(failure)
    }
}
