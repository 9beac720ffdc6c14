import CYAJLTree
import Foundation

/// Where a reader inside a top-level array stands between two elements: what an
/// ``ElementSorter`` needs to go on from there as if it had read the text before.
struct ElementResumption: Sendable {
    /// The stream offset, just past the array's `[` or a comma directly inside it, with its line and column.
    var location: JSONSourceLocation
    /// Whether a comma comes just before (else the array's `[`).
    var afterComma: Bool
    /// The index of the next element.
    var index: Int
    /// The text before the array, up to its `[`.
    var around: [UInt8]

    var offset: Int { location.offset }
}

/// A run of whole elements of a top-level array, each followed by its comma, and where it starts.
struct ElementPiece: Sendable {
    let text: Data
    let start: ElementResumption
    /// How many elements (commas) the run holds.
    let count: Int

    /// The records of the run, parsed as the sequential reader parses them, in reads of
    /// `readSize`: all of them, or those before the failure that ends them, and the failure.
    func parse(options: JSONStreamOptions, target: JSONElementReader.Target) -> (records: [JSONRecord], failure: JSONError?) {
        var records: [JSONRecord] = []
        records.reserveCapacity(count)
        let buffer = StreamBuffer()
        var sorter: ElementSorter
        do {
            sorter = try ElementSorter(resuming: start, target: target, options: options, buffer: buffer)
        } catch {
            return (records, error)
        }
        let readSize = max(options.chunkSize, 1)
        return text.withUnsafeBytes { text in
            var from = 0
            do throws(JSONError) {
                while from < text.count {
                    let to = min(text.count, from + readSize)
                    do throws(StreamBuffer.AllocationFailure) {
                        try buffer.append(UnsafeRawBufferPointer(rebasing: text[from..<to]))
                    } catch {
                        sorter.failToAllocate(error.bytes)
                    }
                    from = to
                    sorter.parseNewBytes()
                    while let record = try sorter.records.next() { records.append(record) }
                }
            } catch {
                return (records, error)
            }
            return (records, nil)
        }
    }
}

/// What a parallel element reader cuts on the calling task: runs of elements of a
/// top-level array as text, parsed on the tasks of the group, or, outside them (the text
/// around the array, its last element, input the cut cannot follow), records parsed
/// by the reader itself.
enum ElementBatch: Sendable {
    case text(ElementPiece)
    case records([JSONRecord])
}

/// Cuts the elements of a reader's top-level array into runs of about `size` bytes of
/// text at the commas directly inside it, found by a cheap scan (`yjm_scan_elements`), so
/// that the calling task only reads and scans while the group's tasks parse. Everything
/// else (the text before the `[` when it is not white space, the last element and what
/// follows the array, an element longer than the record limit) the reader's own framer
/// parses, going on from where the runs end (``ElementFramer/resume(at:)``): its records
/// and errors are those of ``JSONElementReader/nextRecord()``, and so are the runs'.
struct ElementPieces {
    private let reader: SyncRecordReader<ElementFramer>
    private let size: Int
    private var records: RecordBatches<ElementFramer>
    private var phase = Phase.opening

    private enum Phase {
        /// Before the array's `[`.
        case opening
        /// Inside the array: the current run starts at `start`.
        case inside
        /// The reader's framer reads the rest.
        case framed
    }

    /// The text read and not yet cut, from `buffer[first]` on, which is `start`.
    private let buffer = StreamBuffer()
    private var first = 0
    private var start = ElementResumption(location: .start, afterComma: false, index: 0, around: [])
    private var ended = false
    /// The scan of `buffer[first...]`: it stands at `scanned`; the commas it found in the run.
    private var scan = yjm_element_scan()
    private var scanned = 0
    private var commas = 0
    private var lastComma: Int?
    /// Whether the scan has found the array's `]`: the framer reads the last element and what follows.
    private var closing = false

    /// Whether `reader` can be cut into runs: its target is the top-level array, nothing has
    /// been read, and comments (which the scan does not know) are not allowed.
    static func canCut(_ reader: SyncRecordReader<ElementFramer>) -> Bool {
        reader.isUnread && reader.framer.target.steps?.isEmpty == true && !reader.framer.options.parsing.allowComments
    }

    init(reader: SyncRecordReader<ElementFramer>, size: Int) {
        self.reader = reader
        self.size = max(size, 1)
        records = RecordBatches(reader: reader, size: size)
    }

    /// The next batch; nil after the last. An error of the reader is thrown once the
    /// batches before it are cut (see ``RecordBatches``); a run's, by its parse.
    mutating func next() throws -> ElementBatch? {
        while true {
            switch phase {
            case .framed:
                return try records.next().map(ElementBatch.records)
            case .opening:
                try open()
            case .inside:
                if let piece = try cut() { return .text(piece) }
            }
        }
    }

    /// Reads more into `buffer`; false when there is no more, or the framer is to take over.
    private mutating func read() throws -> Bool {
        guard !ended else { return false }
        do {
            if try reader.read(into: buffer) { return true }
            ended = true
        } catch let failure as StreamBuffer.AllocationFailure {
            try frame(from: first, failure: failure)
        } catch {
            // The framer gives the records read before it, then throws it.
            try frame(from: first)
            reader.readFailed(error)
        }
        return false
    }

    /// Finds the array's `[`, after white space (and a byte-order mark the options skip); the
    /// framer takes anything else.
    private mutating func open() throws {
        var at = 0
        while true {
            let bytes = buffer.bytes
            at = reader.framer.options.parsing.skipsByteOrderMark && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while at < bytes.count, Self.isWhiteSpace(bytes[at]) { at += 1 }
            if at < bytes.count { break }
            guard try read() else {
                if phase == .opening { try frame(from: 0) }
                return
            }
        }
        guard buffer.bytes[at] == UInt8(ascii: "[") else { return try frame(from: 0) }
        var location = JSONSourceLocation.start
        location.advance(over: buffer[0..<at + 1])
        start = ElementResumption(location: location, afterComma: false, index: 0, around: Array(buffer[0..<at + 1]))
        first = at + 1
        scanned = first
        phase = .inside
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }

    /// The next run, or nil when the framer is to take over.
    private mutating func cut() throws -> ElementPiece? {
        if closing {
            try frame(from: first)
            return nil
        }
        // Each element counts for at least this many bytes, as in ``RecordBatches``.
        let mostCommas = max(1, size / RecordBatches<ElementFramer>.minimumRecordBytes)
        while true {
            let bytes = buffer.bytes
            let found = yjm_scan_elements(
                bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) + scanned }, bytes.count - scanned,
                ended ? 1 : 0, mostCommas - commas, &scan)
            if scan.commas > 0 {
                commas += scan.commas
                lastComma = scanned + scan.last_comma
            }
            scanned += scan.scanned
            switch found {
            case YJM_SCAN_COMMAS:
                scan = yjm_element_scan()  // just past a comma directly inside the array
                return piece()
            case YJM_SCAN_CLOSE:
                // The last element, and the rest, to the framer.
                closing = true
                if lastComma != nil { return piece() }
                try frame(from: first)
                return nil
            default:
                if let lastComma, lastComma + 1 - first >= size { return piece() }
                // An element longer than the record limit, or text the scan cannot follow:
                // the framer finds which.
                let since = lastComma.map { $0 + 1 } ?? first
                if bytes.count - since > reader.framer.options.recordLimit + reader.framer.readSize || ended {
                    if lastComma != nil { return piece() }
                    try frame(from: first)
                    return nil
                }
                guard try read() else {
                    if phase == .framed { return nil }
                    continue  // `ended`: the scan takes the last bytes
                }
            }
        }
    }

    /// The run from `first` to the last comma found, which the next run starts after.
    private mutating func piece() -> ElementPiece? {
        guard let lastComma else { return nil }
        let end = lastComma + 1
        let run = buffer[first..<end]
        let piece = ElementPiece(text: Data(run), start: start, count: commas)
        start.location.advance(over: run)
        start.afterComma = true
        start.index += commas
        first = end
        commas = 0
        self.lastComma = nil
        if first > buffer.count / 2 {  // drop what was cut, the rest moving to the front
            buffer.removeFirst(first)
            scanned -= first
            first = 0
        }
        return piece
    }

    /// Hands the text from `buffer[from]` on (and what is left to read) to the reader's
    /// framer, in the state the cut runs leave it in.
    private mutating func frame(from: Int, failure: StreamBuffer.AllocationFailure? = nil) throws {
        let framer = reader.framer
        if phase == .inside { try framer.resume(at: start) }
        do throws(StreamBuffer.AllocationFailure) {
            try framer.buffer.append(buffer[from..<buffer.count])
        } catch {
            framer.failToAllocate(error.bytes)
        }
        buffer.removeFirst(buffer.count)
        if let failure { framer.failToAllocate(failure.bytes) }
        framer.parseNewBytes()
        if ended { reader.sourceEnded() }
        phase = .framed
    }
}
