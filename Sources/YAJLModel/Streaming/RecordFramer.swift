import Foundation

/// The part of a reader that turns bytes into records, whatever the bytes come
/// from: a source appends to ``buffer`` and calls ``parseNewBytes()``, then
/// ``finish()`` at the end; records come out of ``nextRecord()``. A failure is
/// kept until the records before it have been taken, and is thrown from then on.
protocol RecordFramer: AnyObject {
    /// Where a source appends bytes.
    var buffer: StreamBuffer { get }
    /// How many bytes a source should read at a time.
    var readSize: Int { get }
    /// What a source's bytes pass through into ``buffer``: inflated when they are gzip.
    var intake: ByteIntake { get }
    /// Parses the bytes appended since the last call.
    func parseNewBytes()
    /// Parses what is left: the input has ended.
    func finish()
    /// The next record parsed, nil when none is ready (or, after ``finish()``, none is left).
    func nextRecord() throws(JSONError) -> JSONRecord?
    /// Records that the memory for the buffer could not be had.
    func failToAllocate(_ bytes: Int)
}

extension RecordFramer {
    /// Acts on what a read did: parses the bytes it appended (`true`), finishes at the
    /// end of the input (`false`), or records that the buffer could not grow. A
    /// source's own error (a file system error) is thrown as it is.
    func received(_ read: Result<Bool, any Error>, ended: inout Bool) throws {
        switch read {
        case .success(true):
            parseNewBytes()
        case .success(false):
            ended = true
            finish()
        case .failure(let failure as StreamBuffer.AllocationFailure):
            failToAllocate(failure.bytes)
        case .failure(let error):
            throw error
        }
    }
}

/// Pulls bytes from a source only when no record is ready: a reader's engine.
final class SyncRecordReader<Framer: RecordFramer> {
    let framer: Framer
    // Used from one task at a time (readers are not Sendable): no run-time exclusivity checks.
    @exclusivity(unchecked) private var source: any ByteSource
    @exclusivity(unchecked) private var ended = false

    init(framer: Framer, source: any ByteSource) {
        self.framer = framer
        self.source = source
    }

    /// Reads the file at `url`; a gzip file is inflated on a thread of its own where there
    /// are two cores (``InflatingReadAhead``), otherwise by the framer's intake.
    convenience init(framer: Framer, contentsOf url: URL) throws {
        let file = try FileDescriptorSource(contentsOf: url)
        if let readAhead = InflatingReadAhead(file, limit: framer.intake.limit, chunkSize: framer.readSize) {
            framer.intake.passesThrough()
            self.init(framer: framer, source: readAhead)
        } else {
            self.init(framer: framer, source: file)
        }
    }

    func next() throws -> JSONRecord? {
        while true {
            if let record = try framer.nextRecord() { return record }
            if ended { return nil }
            let size = framer.readSize
            try framer.received(
                Result { try framer.intake.read(into: framer.buffer, size: size) { try source.read(into: $0, size: size) } },
                ended: &ended)
        }
    }
}
