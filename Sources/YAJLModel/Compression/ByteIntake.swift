import Foundation

/// Where a reader's bytes come in: passed on as they are or, when the input starts
/// with gzip's magic bytes (`1f 8b`, which no JSON text starts with), inflated. Every
/// reader takes its input through one, so every reader reads gzip and its framer sees
/// only the decompressed text.
///
/// A reader calls ``read(into:size:pull:)`` where it would read its source: `pull`
/// appends the source's next bytes to the buffer it is given and says false at the end.
/// Damage is thrown once the bytes inflated before it have been handed on, and then
/// from every later call.
final class ByteIntake {
    private enum Mode {
        /// Nothing read yet: the first bytes decide.
        case undecided
        case plain
        case gzip(GzipInflater)
    }

    private var mode = Mode.undecided
    /// The most bytes inflated before ``JSONDecompressionError/Reason/tooLarge(limit:)``.
    let limit: Int
    /// Gzip: compressed bytes read and not yet inflated, from `unread` on.
    private let compressed = StreamBuffer()
    private var unread = 0
    /// The source has said it has no more bytes: it is not asked again.
    private var sourceEnded = false
    /// The error found, thrown once the bytes before it are handed on.
    private var failure: (any Error)?

    init(limit: Int) {
        self.limit = max(limit, 0)
    }

    /// Passes the input on as it is: its source has inflated it.
    func passesThrough() {
        mode = .plain
    }

    /// What to do next within one read: pull from the source into a buffer, or return.
    private enum Step {
        case pull(into: StreamBuffer)
        case done(Bool)
    }

    /// Appends the next bytes of the input (at least one, up to about `size` when
    /// inflating) to `buffer`; false at the end of the input.
    func read(into buffer: StreamBuffer, size: Int, pull: (StreamBuffer) throws -> Bool) throws -> Bool {
        let start = buffer.count
        while true {
            switch try step(into: buffer, size: size) {
            case .done(let more): return more
            case .pull(let target):
                if let more = try pulled(try pull(target), into: buffer, from: start) { return more }
            }
        }
    }

    /// As ``read(into:size:pull:)``, from an asynchronous source.
    func read(into buffer: StreamBuffer, size: Int, pull: (StreamBuffer) async throws -> Bool) async throws -> Bool {
        let start = buffer.count
        while true {
            switch try step(into: buffer, size: size) {
            case .done(let more): return more
            case .pull(let target):
                if let more = try pulled(try await pull(target), into: buffer, from: start) { return more }
            }
        }
    }

    private func step(into buffer: StreamBuffer, size: Int) throws -> Step {
        if let failure { throw failure }
        switch mode {
        case .undecided, .plain:
            return sourceEnded ? .done(false) : .pull(into: buffer)
        case .gzip(let inflater):
            if try inflate(with: inflater, into: buffer, size: size) { return .done(true) }
            if let failure { throw failure }
            if sourceEnded {
                if let error = inflater.finish(pending: compressed.count - unread) { throw fail(error) }
                return .done(false)
            }
            compressed.removeFirst(unread)
            unread = 0
            return .pull(into: compressed)
        }
    }

    /// Acts on a pull (`more` is false at the end of the source): the read's result, or
    /// nil to go on. The read began with `buffer` holding `start` bytes.
    private func pulled(_ more: Bool, into buffer: StreamBuffer, from start: Int) throws -> Bool? {
        if !more { sourceEnded = true }
        switch mode {
        case .plain:
            return more
        case .gzip:
            return nil
        case .undecided:
            let new = buffer[start..<buffer.count]
            guard more, new.first == GzipInflater.magic.0 else {
                mode = .plain
                return !new.isEmpty
            }
            if new.count < 2 { return nil }  // the next byte decides
            guard GzipInflater.isGzip(new) else {
                mode = .plain
                return true
            }
            do throws(JSONDecompressionError) {
                mode = .gzip(try GzipInflater())
            } catch {
                throw fail(error)
            }
            try compressed.append(new)
            buffer.removeLast(new.count)
            return nil
        }
    }

    /// Inflates the unread compressed bytes into `buffer`, up to `size` bytes and the
    /// limit; whether it made any.
    private func inflate(with inflater: GzipInflater, into buffer: StreamBuffer, size: Int) throws -> Bool {
        let room = limit - min(inflater.decompressedCount, limit)
        // One byte past the limit, if there is one, tells a stream at the limit from one over it.
        let space = min(size, room == .max ? room : room + 1)
        var progress = GzipInflater.Progress()
        _ = try buffer.append(upTo: space) { output in
            progress = inflater.inflate(compressed[unread..<compressed.count], into: output)
            return progress.produced
        }
        unread += progress.consumed
        var produced = progress.produced
        if inflater.decompressedCount > limit {
            let over = inflater.decompressedCount - limit
            buffer.removeLast(over)
            produced -= over
            failure = JSONDecompressionError(
                .tooLarge(limit: limit), compressedOffset: inflater.compressedCount, decompressedOffset: limit)
        } else if let error = progress.failure {
            failure = error
        }
        return produced > 0
    }

    private func fail(_ error: any Error) -> any Error {
        failure = error
        return error
    }
}

extension ByteIntake {
    /// The text that gzip `data` inflates to, in one block.
    /// - Throws: ``JSONDecompressionError``, or ``JSONError/tooLarge(_:limit:at:)`` with
    ///   ``JSONError/Limit/inputBytes`` past `limit` bytes (a document's input limit) and
    ///   ``JSONError/Limit/memory`` when the block cannot grow.
    static func inflate(_ data: Data, limit: Int) throws -> Data {
        let text = StreamBuffer()
        do {
            try readAll(data, into: text, through: ByteIntake(limit: limit))
        } catch let error as JSONDecompressionError where error.reason == .tooLarge(limit: limit) {
            throw JSONError.tooLarge(.inputBytes, limit: limit, at: JSONSourceLocation(offset: limit, in: text.bytes))
        }
        return text.takeData()
    }

    /// Appends what `data` reads as through `intake` to `text`.
    /// - Throws: the intake's errors, and ``JSONError/tooLarge(_:limit:at:)`` with
    ///   ``JSONError/Limit/memory`` when `text` cannot grow.
    fileprivate static func readAll(_ data: Data, into text: StreamBuffer, through intake: ByteIntake) throws {
        var source = ChunkSource(chunks: DataSlices(data: data, size: 1 << 20))
        do {
            while try intake.read(into: text, size: 1 << 20, pull: { try source.read(into: $0, size: 1 << 20) }) {}
        } catch let error as StreamBuffer.AllocationFailure {
            throw JSONError.tooLarge(.memory, limit: error.bytes, at: JSONSourceLocation(offset: text.count, in: text.bytes))
        }
    }
}

/// The text of an HTTP request body, for the services adapters: `body` inflated when it
/// starts with gzip's magic bytes, as the readers read input; nil when it is not gzip.
/// - Throws: ``JSONDecompressionError`` (``JSONDecompressionError/Reason/tooLarge(limit:)``
///   past `limit` decompressed bytes), or ``JSONError/tooLarge(_:limit:at:)`` with
///   ``JSONError/Limit/memory``.
package func inflatedRequestBody(_ body: some Collection<UInt8>, limit: Int) throws -> Data? {
    guard GzipInflater.isGzip(body) else { return nil }
    let text = StreamBuffer()
    try ByteIntake.readAll(Data(body), into: text, through: ByteIntake(limit: limit))
    return text.takeData()
}
