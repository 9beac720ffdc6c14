import Foundation

/// JSON Lines parsed a block at a time: the whole lines that one read completes are
/// read as the top-level values of one stream (``JSONElementReader/Target/values``),
/// so that the records of about 16 KiB share a document, as an element reader's do,
/// instead of each line paying for a document of its own (most of what a short line
/// costs beyond parsing it).
///
/// Reading values is only a shortcut for reading lines when every non-blank line holds
/// exactly one value; anything else (an error, two values on a line, a value that
/// spans lines, comments, which a line of its own would not hold) gives nil, and the
/// block is parsed again line by line, which finds what is wrong and where as JSON
/// Lines has it. Valid input never takes that path, so it costs nothing there.
enum LineBatch {
    /// The records of `text`, whole lines of which the first is line `firstLine` at
    /// stream offset `offset`; nil when the block must be read line by line.
    static func records(in text: UnsafeRawBufferPointer, firstLine: Int, offset: Int, options: JSONStreamOptions) -> [JSONRecord]? {
        guard !options.allowComments else { return nil }
        var blockOptions = options
        blockOptions.skipsByteOrderMark = options.skipsByteOrderMark && offset == 0  // only at the stream's start
        guard let framer = try? ElementFramer(target: .values, options: blockOptions),
            (try? framer.buffer.append(text)) != nil
        else { return nil }
        framer.parseNewBytes()
        framer.finish()
        var records: [JSONRecord] = []
        var lastLine = 0
        while true {
            let next: JSONRecord?
            do { next = try framer.nextRecord() } catch { return nil }  // an error: line by line
            guard let record = next else { break }
            let start = record.offset
            let end = start + record.value.byteRange.count
            // One value a line, within its line.
            guard record.line > lastLine, end <= text.count, JSONLines.firstLineFeed(in: text, from: start).map({ $0 >= end }) ?? true
            else { return nil }
            lastLine = record.line
            // A line's record starts where its line does, white space before the value included.
            var lineStart = start
            while lineStart > 0 && text[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            records.append(JSONRecord(value: record.value, offset: offset + lineStart, line: firstLine + record.line - 1))
        }
        return records
    }
}
