/// How an asynchronous reader takes bytes from its base sequence: chunks or single bytes.
protocol AsyncReading<Base>: Sendable {
    associatedtype Base: AsyncSequence
    /// Appends the next bytes of `iterator` to `buffer`, up to about `size`; false at the end.
    func read(_ iterator: inout Base.AsyncIterator, into buffer: StreamBuffer, size: Int) async throws -> Bool
}

/// Reads one chunk at a time, as it comes.
struct ChunkReading<Base: AsyncSequence>: AsyncReading where Base.Element: Sequence<UInt8> {
    func read(_ iterator: inout Base.AsyncIterator, into buffer: StreamBuffer, size: Int) async throws -> Bool {
        while let chunk = try await iterator.next() {
            let before = buffer.count
            try buffer.append(chunk)
            if buffer.count > before { return true }  // an empty chunk is skipped
        }
        return false
    }
}

/// Gathers bytes into a chunk, and hands it over early after a byte that can end a
/// record (`\n`, `}`, `]`), so that a record is ready as soon as its last byte is in.
struct ByteReading<Base: AsyncSequence>: AsyncReading where Base.Element == UInt8 {
    func read(_ iterator: inout Base.AsyncIterator, into buffer: StreamBuffer, size: Int) async throws -> Bool {
        var gathered: [UInt8] = []
        gathered.reserveCapacity(min(size, 4096))
        while gathered.count < size, let byte = try await iterator.next() {
            gathered.append(byte)
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { break }
        }
        try buffer.append(gathered)
        return !gathered.isEmpty
    }
}

/// The engine of the asynchronous readers: pulls from an `AsyncSequence` of
/// bytes or chunks only when no record is ready, so the input is consumed only
/// as fast as records are.
///
/// Before each pull it checks for cancellation and throws `CancellationError`: a
/// `for try await` loop in a cancelled task ends even when its source (a socket,
/// an endless feed) would go on.
struct AsyncRecordReader<Framer: RecordFramer, Base: AsyncSequence> {
    let framer: Result<Framer, JSONError>
    private var iterator: Base.AsyncIterator
    private let reading: any AsyncReading<Base>
    private var ended = false

    init(framer: Result<Framer, JSONError>, base: Base, reading: any AsyncReading<Base>) {
        self.framer = framer
        self.iterator = base.makeAsyncIterator()
        self.reading = reading
    }

    mutating func next() async throws -> JSONRecord? {
        let framer = try framer.get()
        while true {
            if let record = try framer.nextRecord() { return record }
            if ended { return nil }
            try Task.checkCancellation()
            let outcome: Result<Bool, any Error>
            do {
                let size = framer.readSize
                outcome = .success(try await framer.intake.read(into: framer.buffer, size: size) {
                    try await reading.read(&iterator, into: $0, size: size)
                })
            } catch {
                outcome = .failure(error)
            }
            try framer.received(outcome, ended: &ended)
        }
    }
}
