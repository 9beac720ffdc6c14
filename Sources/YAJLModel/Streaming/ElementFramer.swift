import CYAJLTree

/// The engine of ``JSONElementReader``: feeds the C stream from its buffer, turns
/// each element event into a record, a value of the document that the elements of
/// the same feed share (see `yjm_stream_take_batch`), sorts the text
/// around the target arrays into the envelope, and drops what the stream no
/// longer needs, so the buffer holds the element being read plus about one chunk.
///
/// The work is done by a struct, ``ElementSorter``, whose fields are accessed
/// without the run-time exclusivity checks that a class's stored properties need.
final class ElementFramer: RecordFramer {
    let buffer: StreamBuffer
    let readSize: Int
    let intake: ByteIntake
    // A reader is used from one task at a time (it is not Sendable), so the run-time
    // exclusivity check on each access, which costs about as much as the rest of the
    // per-element bookkeeping for small elements, buys nothing.
    @exclusivity(unchecked) private var sorter: ElementSorter
    private var headerDocument: JSONDocument?
    private var envelopeDocument: JSONDocument?

    init(target: JSONElementReader.Target, options: JSONStreamOptions) throws(JSONError) {
        readSize = options.chunkSize
        intake = ByteIntake(limit: options.maxDecompressedBytes)
        sorter = try ElementSorter(target: target, options: options)
        buffer = sorter.buffer
    }

    func nextRecord() throws(JSONError) -> JSONRecord? { try sorter.records.next() }
    func parseNewBytes() { sorter.parseNewBytes() }
    func finish() { sorter.finish() }
    func failToAllocate(_ bytes: Int) { sorter.failToAllocate(bytes) }

    /// The text before the first target array, closed as if the array were empty.
    var header: JSONValue? {
        if headerDocument == nil, let text = sorter.headerText { headerDocument = sorter.parseAround(text) }
        return headerDocument?.root
    }

    /// The whole text with the target arrays emptied, once the stream has ended without error.
    var envelope: JSONValue? {
        guard let text = sorter.envelopeText else { return nil }
        if envelopeDocument == nil { envelopeDocument = sorter.parseAround(text) }
        return envelopeDocument?.root
    }
}

/// The state and the work of an ``ElementFramer``.
struct ElementSorter {
    let buffer = StreamBuffer()
    private let stream: YAJLStream
    private let options: JSONStreamOptions
    private let target: JSONElementReader.Target
    /// Whether an array has opened at the target: if none has by the end, that is an error.
    private var targetOpened = false
    /// Whether the text around the target is kept (false for top-level values).
    private let keepsEnvelope: Bool

    /// The stream offset of `buffer`'s first byte, with its line and column.
    private var position = JSONSourceLocation.start
    /// The position of the buffer's end: moved over each byte once, as it arrives. The
    /// position a drop moves to is worked out back from it, over the few bytes kept.
    private var endPosition = JSONSourceLocation.start
    /// The location of the last record's start, at or after `position`: moved to each record's start.
    private var recordStart = JSONSourceLocation.start
    /// The index of the next element in its array (for top-level values, in the stream).
    private var nextIndex = 0

    var records = RecordQueue()
    private var finished = false
    /// How many of the buffer's bytes the stream has been fed.
    private var fed = 0

    /// The text outside the target arrays' brackets, sorted out so far.
    private var around: [UInt8] = []
    /// The stream offset up to which the text has been sorted (into `around`, or skipped).
    private var sorted = 0
    private var insideTarget = false
    /// The text up to the first target's `[`, closed: set when the target opens.
    private(set) var headerText: [UInt8]?

    init(target: JSONElementReader.Target, options: JSONStreamOptions) throws(JSONError) {
        self.options = options
        self.target = target
        let parseOptions = options.parsing
        if let steps = target.steps {
            stream = try YAJLStream(mode: YJM_STREAM_ELEMENTS, target: steps, options: parseOptions)
            keepsEnvelope = true
        } else {
            stream = try YAJLStream(mode: YJM_STREAM_VALUES, options: parseOptions)
            keepsEnvelope = false
        }
    }

    private var base: Int { position.offset }
    private var failure: JSONError? { records.failure }

    /// The text around the target, once the stream has ended without error.
    var envelopeText: [UInt8]? { keepsEnvelope && finished && failure == nil ? around : nil }

    /// How many new bytes are fed to the stream at a time. The elements that one
    /// feed completes share a document (see `yjm_stream_take_batch`): feeding a read
    /// in slices bounds what one retained element keeps alive, and keeps the
    /// document's blocks well under the size at which `malloc` maps fresh pages for
    /// them (and unmaps them at `free`), which would cost more than batching saves.
    static let sliceBytes = 16 << 10

    mutating func parseNewBytes() {
        guard failure == nil else { return }
        endPosition.advance(over: buffer[fed..<buffer.count])
        while fed < buffer.count {
            fed = min(buffer.count, fed + Self.sliceBytes)
            let (status, error) = stream.feed(buffer[0..<fed])
            guard take(status, error) else { return }
        }
        dropUnneeded()
    }

    mutating func finish() {
        guard failure == nil else { return }
        var tree = yjm_tree()
        let (status, error) = stream.finish(buffer.bytes, tree: &tree)
        if take(status, error) { dropUnneeded() }
        if keepsEnvelope && !targetOpened && failure == nil,
            let error = target.notAnArray(in: around, options: options)
        {
            records.fail(error)
        }
        finished = true
    }

    mutating func failToAllocate(_ bytes: Int) {
        records.fail(.tooLarge(.memory, limit: bytes, at: location(of: base + buffer.count)))
    }

    func parseAround(_ text: [UInt8]) -> JSONDocument? {
        var parseOptions = options.parsing
        parseOptions.maxInputBytes = JSONParseOptions.maximumSupportedInputBytes
        return try? JSONDocument(parsing: text, options: parseOptions)
    }

    // MARK: After each feed

    /// Takes the events and the error of a feed; false after an error.
    private mutating func take(_ status: yjm_status, _ error: yjm_error) -> Bool {
        let batch = stream.takeBatch()
        if let batch { records.startBatch(batch) }
        for event in stream.events { take(event, in: batch != nil) }
        stream.forgetEvents()
        if status != YJM_OK {
            records.fail(stream.error(status, error, at: location(of: Int(error.offset))))
            return false
        }
        return true
    }

    /// Drops the bytes that the stream no longer needs, once they are sorted out.
    private mutating func dropUnneeded() {
        let neededFrom = stream.neededFrom
        let dropTo = base + neededFrom
        if keepsEnvelope && !insideTarget {
            sort(upTo: dropTo)
        } else {
            sorted = max(sorted, dropTo)  // separators between elements
        }
        // What is kept is the start of the next record (or of the text after the array).
        if buffer.count - neededFrom > options.recordLimit {
            return records.fail(tooLarge(at: dropTo + options.recordLimit))
        }
        // Nothing to drop while an element is still being read: its bytes are counted once it
        // is, rather than again at every read (which would cost its size squared over the read size).
        guard failure == nil, neededFrom > 0 else { return }
        position = self.position(atBufferOffset: neededFrom)
        buffer.removeFirst(neededFrom)
        stream.dropped(neededFrom)
        fed -= neededFrom
    }

    private mutating func take(_ event: yjm_event, in hasBatch: Bool) {
        let start = Int(event.start)
        let end = Int(event.end)
        switch event.kind {
        case YJM_EVENT_ELEMENT:
            guard !records.hasFailed, end - start <= options.recordLimit else {
                return records.fail(tooLarge(at: start + options.recordLimit))
            }
            guard hasBatch else { return }  // never: element events come with their batch
            // The element is a value of the batch, the document of the elements that
            // the feed completed: no allocation of its own.
            let location = self.location(ofRecordAt: start)
            records.append(node: event.node, offset: start, index: nextIndex, start: location)
            nextIndex += 1
            sorted = end
        case YJM_EVENT_TARGET_OPEN:
            sort(upTo: start)
            insideTarget = true
            targetOpened = true
            nextIndex = 0
            if headerText == nil { headerText = around + [UInt8(ascii: "]")] + stream.closers }
        default:  // YJM_EVENT_TARGET_CLOSE
            sorted = start
            insideTarget = false
        }
    }

    /// Moves the text from `sorted` to `offset` (outside any target) into `around`.
    private mutating func sort(upTo offset: Int) {
        guard offset > sorted else { return }
        let room = options.recordLimit - around.count
        if offset - sorted > room {
            return records.fail(tooLarge(at: sorted + room))
        }
        around.append(contentsOf: buffer[sorted - base..<offset - base])
        sorted = offset
    }

    // MARK: Locations

    /// The location of `offset` (in the buffer, at or after the last record's start),
    /// counted on from the last record's start over the bytes between them, so that each
    /// byte is counted once.
    private mutating func location(ofRecordAt offset: Int) -> JSONSourceLocation {
        if recordStart.offset < base { recordStart = position }
        recordStart.advance(over: buffer[recordStart.offset - base..<offset - base])
        return recordStart
    }

    /// The position of the buffer's byte at `index`, worked out back from `endPosition`
    /// over the bytes after it (what a drop keeps: the start of the next record), so
    /// that the bytes dropped are not counted again.
    private func position(atBufferOffset index: Int) -> JSONSourceLocation {
        var kept = JSONSourceLocation.start
        kept.advance(over: buffer[index..<buffer.count])
        let keptLineFeeds = kept.line - 1
        if keptLineFeeds == 0 {  // on the end's line, `kept.column - 1` characters before its end
            return JSONSourceLocation(offset: base + index, line: endPosition.line, column: endPosition.column - (kept.column - 1))
        }
        // On an earlier line: the column counts from the line feed before `index`, or
        // from the buffer's start when there is none in the buffer.
        let bytes = buffer.bytes
        var lineStart = index
        while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var found = lineStart > 0 ? JSONSourceLocation(offset: base + lineStart, line: endPosition.line - keptLineFeeds, column: 1) : position
        found.advance(over: buffer[lineStart..<index])
        return found
    }

    private func location(of offset: Int) -> JSONSourceLocation {
        // An error placed on the last byte of a token that was dropped with the bytes before the
        // buffer: that byte is on the buffer's first line, since tokens hold no line feed.
        if offset < base {
            return JSONSourceLocation(offset: offset, line: position.line, column: max(1, position.column - (base - offset)))
        }
        return position.location(of: offset, in: buffer.bytes)
    }

    private func tooLarge(at offset: Int) -> JSONError {
        .tooLarge(.inputBytes, limit: options.recordLimit, at: location(of: offset))
    }
}
