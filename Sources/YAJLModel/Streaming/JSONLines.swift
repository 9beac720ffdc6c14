import Foundation

/// JSON Lines, one line at a time: shared by the sequential reader and the parallel one.
///
/// Lines are split on `\n` and each is parsed on its own with the whole-buffer parse,
/// rather than letting yajl read one value after another (`yajl_allow_multiple_values`):
/// a line is the record, so its number comes free, a bad line cannot take the next one
/// with it (lossy mode just moves on), a line holding two values is an error as JSON
/// Lines requires, and newline-aligned chunks can be parsed on any core. Values spread
/// over several lines, or several on one, are read by ``JSONElementReader/Target/values``.
enum JSONLines {
    /// What became of one non-blank line.
    typealias Outcome = Result<JSONRecord, LineError>

    /// A line that is not one JSON value: its error, and where the line starts.
    struct LineError: Error {
        let error: JSONError
        let lineStart: JSONSourceLocation

        /// The error as a record's, which ``JSONInvalidRecords/skip(report:)`` reports.
        var recordError: JSONRecordError {
            JSONRecordError(index: nil, start: lineStart, location: error.location, underlying: error)
        }
    }

    /// Parses each line of `text`, which holds whole lines: its first is line `firstLine`
    /// and starts at stream offset `offset`. Blank lines (spaces, tabs, a `\r`) are skipped.
    /// Calls `body` with each record or error, until it returns false.
    static func parseLines(
        _ text: UnsafeRawBufferPointer, firstLine: Int, offset: Int, options: JSONStreamOptions,
        _ body: (Outcome) -> Bool
    ) {
        var start = 0
        var line = firstLine
        while start < text.count {
            let newline = firstLineFeed(in: text, from: start) ?? text.count
            let lineText = UnsafeRawBufferPointer(rebasing: text[start..<newline])
            if let outcome = parseLine(lineText, number: line, offset: offset + start, options: options), !body(outcome) {
                return
            }
            start = newline + 1
            line += 1
        }
    }

    /// Parses one line (without its `\n`): nil when it is blank.
    static func parseLine(_ text: UnsafeRawBufferPointer, number: Int, offset: Int, options: JSONStreamOptions) -> Outcome? {
        var end = text.count
        if end > 0, text[end - 1] == UInt8(ascii: "\r") { end -= 1 }  // CRLF
        let line = UnsafeRawBufferPointer(rebasing: text[..<end])
        guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") })
        else { return nil }
        var parseOptions = options.parsing
        parseOptions.skipsByteOrderMark = options.skipsByteOrderMark && offset == 0  // only at the stream's start
        do {
            let document = try JSONDocument(input: .bytes(Array(line)), options: parseOptions)
            let root = document.root
            let lineStart = JSONSourceLocation(offset: offset, line: number, column: 1)
            let start = lineStart.location(of: offset + root.byteRange.lowerBound, in: line)
            return .success(JSONRecord(value: root, offset: offset, line: number, start: start))
        } catch {
            // A line holds no line feed, so the column stands; the offset and line move.
            let moved = error.moved(to: JSONSourceLocation(offset: offset + error.offset, line: number, column: error.column))
            return .failure(LineError(error: moved, lineStart: JSONSourceLocation(offset: offset, line: number, column: 1)))
        }
    }

    /// The index of the first line feed in `text[from...]`, or nil.
    static func firstLineFeed(in text: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard from < text.count, let base = text.baseAddress,
            let found = memchr(base + from, Int32(UInt8(ascii: "\n")), text.count - from)
        else { return nil }
        // Unsafe: `memchr` searched only `text[from...]`, so `found` lies within `text`.
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// The number of line feeds in `text`, counted in C, where the compiler vectorizes it.
    static func lineFeeds(in text: UnsafeRawBufferPointer) -> Int {
        var position = JSONSourceLocation.start
        position.advance(over: text)
        return position.line - 1
    }

    /// The index just past the last line feed in `text[from...]`, or nil.
    static func endOfLastLine(in text: UnsafeRawBufferPointer, from: Int = 0) -> Int? {
        var index = text.count
        while index > from {
            if text[index - 1] == UInt8(ascii: "\n") { return index }
            index -= 1
        }
        return nil
    }
}
