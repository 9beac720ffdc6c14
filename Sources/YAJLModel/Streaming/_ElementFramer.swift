import CYAJLTree

/// The engine of ``JSONElementReader``: feeds the C stream from its buffer, turns
/// each element event into a record with a document of its own, sorts the text
/// around the target arrays into the envelope, and drops what the stream no
/// longer needs, so the buffer holds the element being read plus about one chunk.
final class _ElementFramer: _RecordFramer {
    let buffer = _ByteBuffer()
    let readSize: Int
    private let stream: _YAJLStream
    private let options: JSONStreamOptions
    /// Whether the text around the target is kept (false for top-level values).
    private let keepsEnvelope: Bool

    /// The stream offset of `buffer`'s first byte.
    private var base = 0
    /// Moves forward through the text, to each record's start and to each drop.
    private var position = _TextPosition()

    private var records = _RecordQueue()
    private var failure: JSONError? { records.failure }
    private var finished = false

    /// The text outside the target arrays' brackets, sorted out so far.
    private var envelopeText: [UInt8] = []
    /// The stream offset up to which the text has been sorted (into the envelope, or skipped).
    private var sorted = 0
    private var insideTarget = false
    /// The text up to the first target's `[`, closed: set when the target opens.
    private(set) var headerText: [UInt8]?

    init(target: JSONElementReader.Target, options: JSONStreamOptions) throws(JSONError) {
        self.options = options
        self.readSize = options.chunkSize
        var parseOptions = options.parseOptions
        parseOptions.maxInputBytes = options.recordLimit
        if let tokens = target.tokens {
            stream = try _YAJLStream(mode: YJM_STREAM_ELEMENTS, target: tokens, options: parseOptions)
            keepsEnvelope = true
        } else {
            stream = try _YAJLStream(mode: YJM_STREAM_VALUES, options: parseOptions)
            keepsEnvelope = false
        }
    }

    func nextRecord() throws(JSONError) -> JSONRecord? {
        try records.next()
    }

    func parseNewBytes() {
        guard failure == nil else { return }
        let (status, error) = stream.feed(buffer.bytes)
        sortOut(status, error)
    }

    func finish() {
        guard failure == nil else { return }
        var tree = yjm_tree()
        let (status, error) = stream.finish(buffer.bytes, tree: &tree)
        sortOut(status, error)
        finished = true
    }

    func failToAllocate(_ bytes: Int) {
        fail(.tooLarge(.memory, limit: bytes, at: location(of: base + buffer.count)))
    }

    // MARK: After each feed

    /// Takes the events and the error of a feed, then drops the bytes no longer needed.
    private func sortOut(_ status: yjm_status, _ error: yjm_error) {
        stream.takeEvents { event in take(event) }
        if status != YJM_OK {
            fail(stream.error(status, error, at: location(of: Int(error.offset))))
            return
        }
        let neededFrom = stream.neededFrom
        let dropTo = base + neededFrom
        if keepsEnvelope && !insideTarget {
            sort(upTo: dropTo)
        } else {
            sorted = max(sorted, dropTo)  // separators between elements
        }
        // What is kept is the start of the next record (or of the text after the array).
        if buffer.count - neededFrom > options.recordLimit {
            return fail(tooLarge(at: dropTo + options.recordLimit))
        }
        guard failure == nil else { return }
        advancePosition(to: dropTo)
        buffer.removeFirst(neededFrom)
        stream.dropped(neededFrom)
        base = dropTo
    }

    private func take(_ event: yjm_event) {
        let start = Int(event.start)
        let end = Int(event.end)
        switch event.kind {
        case YJM_EVENT_ELEMENT:
            guard failure == nil, end - start <= options.recordLimit else {
                var tree = event.tree
                yjm_tree_free(&tree)
                fail(tooLarge(at: start + options.recordLimit))
                return
            }
            let text = Array(buffer[start - base..<end - base])
            let document = JSONDocument(
                input: .bytes(text), tree: event.tree,
                isVerbatimJSON: !(options.allowComments && text.contains(UInt8(ascii: "/"))))
            advancePosition(to: start)
            records.append(JSONRecord(value: document.root, offset: start, line: position.line))
            sorted = end
        case YJM_EVENT_TARGET_OPEN:
            sort(upTo: start)
            insideTarget = true
            if headerText == nil { headerText = envelopeText + [UInt8(ascii: "]")] + stream.closers }
        default:  // YJM_EVENT_TARGET_CLOSE
            sorted = start
            insideTarget = false
        }
    }

    /// Moves the text from `sorted` to `offset` (outside any target) into the envelope.
    private func sort(upTo offset: Int) {
        guard offset > sorted else { return }
        let room = options.recordLimit - envelopeText.count
        if offset - sorted > room {
            return fail(tooLarge(at: sorted + room))
        }
        envelopeText.append(contentsOf: buffer[sorted - base..<offset - base])
        sorted = offset
    }

    // MARK: Locations and failures

    private func advancePosition(to offset: Int) {
        guard offset > position.offset else { return }
        position.advance(over: buffer[position.offset - base..<offset - base])
    }

    private func location(of offset: Int) -> JSONSourceLocation {
        position.location(of: offset, in: buffer[position.offset - base..<buffer.count])
    }

    private func tooLarge(at offset: Int) -> JSONError {
        .tooLarge(.inputBytes, limit: options.recordLimit, at: location(of: offset))
    }

    private func fail(_ error: JSONError) {
        records.fail(error)
    }

    // MARK: The text around the target

    private var headerDocument: JSONDocument?
    private var envelopeDocument: JSONDocument?

    /// The text before the first target array, closed as if the array were empty.
    var header: JSONValue? {
        if headerDocument == nil, let headerText { headerDocument = parseAround(headerText) }
        return headerDocument?.root
    }

    /// The whole text with the target arrays emptied, once the stream has ended without error.
    var envelope: JSONValue? {
        guard keepsEnvelope, finished, failure == nil else { return nil }
        if envelopeDocument == nil { envelopeDocument = parseAround(envelopeText) }
        return envelopeDocument?.root
    }

    private func parseAround(_ text: [UInt8]) -> JSONDocument? {
        var parseOptions = options.parseOptions
        parseOptions.maxInputBytes = JSONParseOptions.maximumSupportedInputBytes
        return try? JSONDocument(parsing: text, options: parseOptions)
    }
}
