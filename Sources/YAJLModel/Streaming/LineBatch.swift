import CYAJLTree
import Foundation

/// JSON Lines parsed a block at a time: the whole lines that one read completes are
/// fed to one stream of top-level values (as ``JSONElementReader/Target/values`` reads
/// them), so that the records of about 16 KiB share a document, as an element reader's
/// do, instead of each line paying for a document of its own (most of what a short
/// line costs beyond parsing it). The stream goes on from block to block, fed the
/// reader's own buffer: a block costs no copy and no new parser.
///
/// Reading values is only a shortcut for reading lines when every non-blank line holds
/// exactly one value; anything else (an error, two values on a line, a value that
/// spans lines or is left open, a line over the record limit, comments, which a line
/// of its own would not hold) gives nil: the records appended are taken back, the
/// stream is dropped, and the block is parsed again line by line, which finds what is
/// wrong and where as JSON Lines has it. Valid input never takes that path, so it
/// costs nothing there.
struct LineBatch {
    private let options: JSONStreamOptions
    /// The stream of values, the stream offsets of its first byte and of the end of what
    /// it has read; nil before the first block and after a block it could not read.
    private var stream: (parser: YAJLStream, origin: Int, end: Int)?

    init(options: JSONStreamOptions) {
        self.options = options
    }

    /// Appends the records of `text`, whole lines of which the first is line `firstLine`
    /// at stream offset `offset`, to `records`, and returns how many line feeds `text`
    /// holds; nil, with nothing appended, when the block must be read line by line.
    mutating func parse(_ text: UnsafeRawBufferPointer, firstLine: Int, offset: Int, into records: inout RecordQueue) -> Int? {
        guard !options.allowComments, let (parser, origin, _) = stream(at: offset) else { return nil }
        let mark = records.mark
        if let lineFeeds = read(text, with: parser, at: offset - origin, firstLine: firstLine, offset: offset, into: &records) {
            stream?.end = offset + text.count
            return lineFeeds
        }
        records.rollBack(to: mark)
        stream = nil  // failed, or in the middle of a value: the next block starts a new one
        return nil
    }

    /// The stream, to read the block at `offset`: a new one unless the block follows
    /// what it has read (the reader skips the rest of a line over the record limit).
    private mutating func stream(at offset: Int) -> (parser: YAJLStream, origin: Int, end: Int)? {
        if let stream, stream.end == offset { return stream }
        var parsing = options.parsing
        parsing.skipsByteOrderMark = parsing.skipsByteOrderMark && offset == 0  // only at the stream's start
        guard let parser = try? YAJLStream(mode: YJM_STREAM_VALUES, options: parsing) else { return nil }
        stream = (parser, offset, offset)
        return stream
    }

    /// Feeds `text`, which starts at offset `shift` of `parser`'s stream, in slices (as
    /// ``ElementSorter`` does), and finds each value's line as it comes, with one pass
    /// of `memchr` over the text: a value must start after the line feed that ends the
    /// line of the value before it, and end before the next one.
    private func read(
        _ text: UnsafeRawBufferPointer, with parser: YAJLStream, at shift: Int, firstLine: Int, offset: Int,
        into records: inout RecordQueue
    ) -> Int? {
        var line = LineWalk(text)
        var lastRecordLine = -1
        var valuesEnd = 0
        var fed = 0
        var dropped = 0  // the stream no longer needs `text[..<dropped]`
        while fed < text.count {
            fed = min(text.count, fed + ElementSorter.sliceBytes)
            let (status, _) = parser.feed(UnsafeRawBufferPointer(rebasing: text[dropped..<fed]))
            let batch = parser.takeBatch()
            let events = parser.events
            if let batch { records.startBatch(batch) } else if !events.isEmpty { return nil }  // never: events come with their batch
            for event in events {  // all elements: a value stream has no target
                let start = Int(event.start) - shift
                let end = Int(event.end) - shift
                line.move(to: start)
                // One value a line, within its line, and the line within the record limit.
                guard line.number > lastRecordLine, start >= line.start, end <= line.end, line.end - line.start <= options.recordLimit
                else { return nil }
                lastRecordLine = line.number
                var valueStart = JSONSourceLocation(offset: offset + line.start, line: firstLine + line.number, column: 1)
                valueStart.advance(over: UnsafeRawBufferPointer(rebasing: text[line.start..<start]))  // white space, if any
                records.append(node: event.node, offset: offset + line.start, index: nil, start: valueStart)
                valuesEnd = end
            }
            guard status == YJM_OK else { return nil }
            let needed = parser.neededFrom
            parser.dropped(needed)  // and forgets the events
            dropped += needed
        }
        // After the last value, only white space: no value open, none unfinished (a
        // number that only the end of the text would end). The stream has parsed it,
        // and is between values: it needs none of it.
        var lineFeeds = line.number  // those before the last value's line; none from there to its end
        for byte in text[valuesEnd...] {
            switch byte {
            case UInt8(ascii: "\n"): lineFeeds += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
            default: return nil
            }
        }
        parser.dropped(text.count - dropped)
        return lineFeeds
    }
}

/// The lines of a block, found one after another.
private struct LineWalk {
    let text: UnsafeRawBufferPointer
    /// The current line: its first byte, its line feed (or the end of the text), and
    /// how many line feeds come before it.
    private(set) var start = 0
    private(set) var end: Int
    private(set) var number = 0

    init(_ text: UnsafeRawBufferPointer) {
        self.text = text
        end = JSONLines.firstLineFeed(in: text, from: 0) ?? text.count
    }

    /// Moves to the line that holds the byte at `offset`, if it is after the current line.
    mutating func move(to offset: Int) {
        while end < min(offset, text.count) {
            start = end + 1
            end = JSONLines.firstLineFeed(in: text, from: start) ?? text.count
            number += 1
        }
    }
}
