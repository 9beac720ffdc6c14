/// The engine of ``JSONLinesReader``: takes the whole lines out of its buffer as
/// bytes arrive, parses each into a record, and keeps only the unfinished last
/// line. A line longer than ``JSONStreamOptions/maxRecordBytes`` is not buffered:
/// in lossy mode the rest of it is skipped as it arrives.
final class LineFramer: RecordFramer {
    let buffer = StreamBuffer()
    let readSize: Int
    let intake: ByteIntake
    private let options: JSONStreamOptions
    private let invalidRecords: JSONLinesReader.InvalidRecords

    // A reader is used from one task at a time (it is not Sendable), so the run-time
    // exclusivity checks on each access to this state, per record, buy nothing.
    /// The stream offset and line number of `buffer`'s first byte.
    @exclusivity(unchecked) private var base = 0
    @exclusivity(unchecked) private var line = 1
    /// How much of the buffer is known to hold no line feed.
    @exclusivity(unchecked) private var scanned = 0
    /// Skipping the rest of a line that was too long.
    @exclusivity(unchecked) private var skipping = false

    @exclusivity(unchecked) private var batch: LineBatch
    @exclusivity(unchecked) private var records = RecordQueue()
    private var failure: JSONError? { records.failure }

    init(options: JSONStreamOptions, invalidRecords: JSONLinesReader.InvalidRecords) {
        self.options = options
        self.readSize = options.chunkSize
        self.intake = ByteIntake(limit: options.maxDecompressedBytes)
        self.invalidRecords = invalidRecords
        batch = LineBatch(options: options)
    }

    func nextRecord() throws(JSONError) -> JSONRecord? {
        try records.next()
    }

    func parseNewBytes() {
        guard failure == nil else { return }
        if skipping {
            guard let next = JSONLines.firstLineFeed(in: buffer.bytes, from: 0) else { return drop(buffer.count, lines: 0) }
            drop(next + 1, lines: 1)
            skipping = false
        }
        if let end = JSONLines.endOfLastLine(in: buffer.bytes, from: scanned) {
            drop(end, lines: parse(buffer[0..<end]))
        }
        scanned = buffer.count
        if failure == nil, buffer.count > options.recordLimit {
            // The line so far is already too long: report it, and skip it or stop.
            let error = JSONError.tooLarge(
                .inputBytes, limit: options.recordLimit,
                at: JSONSourceLocation(offset: base + options.recordLimit, line: line, column: column(at: options.recordLimit)))
            let lineStart = JSONSourceLocation(offset: base, line: line, column: 1)
            guard take(.failure(JSONLines.LineError(error: error, lineStart: lineStart))) else { return }
            skipping = true
            drop(buffer.count, lines: 0)
        }
    }

    func finish() {
        guard failure == nil, !skipping, buffer.count > 0 else { return }
        parse(buffer.bytes)  // no final line feed
        drop(buffer.count, lines: 0)
    }

    func failToAllocate(_ bytes: Int) {
        records.fail(.tooLarge(.memory, limit: bytes, at: JSONSourceLocation(offset: base + buffer.count, line: line, column: column(at: buffer.count))))
    }

    /// Parses whole lines at the start of the buffer: as a block when they are all well
    /// formed, else line by line. Returns how many line feeds they hold.
    @discardableResult
    private func parse(_ lines: UnsafeRawBufferPointer) -> Int {
        if let lineFeeds = batch.parse(lines, firstLine: line, offset: base, into: &records) { return lineFeeds }
        JSONLines.parseLines(lines, firstLine: line, offset: base, options: options, take)
        return JSONLines.lineFeeds(in: lines)
    }

    /// Takes one line's outcome; false when the reader stops there.
    private func take(_ outcome: JSONLines.Outcome) -> Bool {
        switch outcome {
        case .success(let record):
            records.append(record)
            return true
        case .failure(let failure):
            guard case .skip(let report) = invalidRecords else {
                records.fail(failure.error)
                return false
            }
            report(failure.recordError)
            return true
        }
    }

    private func drop(_ count: Int, lines: Int) {
        buffer.removeFirst(count)
        base += count
        line += lines
        scanned = 0
    }

    /// The column of buffer offset `offset`, on the buffer's first line.
    private func column(at offset: Int) -> Int {
        var position = JSONSourceLocation.start
        position.advance(over: buffer[0..<min(offset, buffer.count)])
        return position.column
    }
}
