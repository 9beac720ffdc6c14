import Foundation

extension JSONElementReader {
    /// Reads the rest of the elements and calls `body` with each, on the calling task, in
    /// the order of the array (or, with `ordered: false`, as they are ready).
    ///
    /// The reader frames and parses the elements on the calling task, as ``nextRecord()``
    /// does, and cuts them into batches of about 16 ``JSONStreamOptions/readSize``s of
    /// input (1 MiB by default). This form is for elements that `body` hands on; to build
    /// a model or a `Decodable` type from each on every core, use
    /// ``forEachElement(_:invalidRecords:concurrency:ordered:isolation:_:)``,
    /// ``forEachElement(_:using:invalidRecords:concurrency:ordered:isolation:_:)`` or
    /// ``forEachElement(invalidRecords:concurrency:ordered:transform:isolation:_:)``.
    ///
    /// Records, indices, offsets and errors are those of ``nextRecord()``: a
    /// ``JSONError`` (or a ``JSONDecompressionError``, or the file system's error) is
    /// thrown after every element before it has been handed to `body`.
    public mutating func forEachElement(
        concurrency: Int = defaultConcurrency, ordered: Bool = true,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (JSONRecord) async throws -> Void
    ) async throws {
        try await forEachElement(concurrency: concurrency, ordered: ordered, transform: { $0 }, isolation: isolation, body)
    }

    /// Reads the rest of the elements on every core: `transform` runs on the tasks of a
    /// task group, in parallel, and `body` receives its outputs on the calling task, in
    /// the order of the array (or, with `ordered: false`, as they are ready).
    ///
    /// ```swift
    /// var reader = try JSONElementReader(contentsOf: feedURL, at: "/items")
    /// try await reader.forEachElement(transform: { try Item(json: $0.value) }) { item in
    ///     index.add(item)
    /// }
    /// ```
    ///
    /// The reader reads, inflates (gzip), frames and parses on the calling task, as
    /// ``nextRecord()`` does, from whatever it was created with (a file, a file
    /// descriptor, chunks), and cuts the elements into batches of about 16
    /// ``JSONStreamOptions/readSize``s of input (1 MiB by default). At most
    /// `concurrency` batches are transformed at once and at most twice as many wait for
    /// `body`, so memory stays bounded however long the array is.
    ///
    /// Errors:
    /// - the reader's ``JSONError`` (a malformed element, a limit), ``JSONDecompressionError``,
    ///   or file system error, with the offsets, lines and columns ``nextRecord()`` gives:
    ///   thrown once every element before it has gone to `body` (in either order);
    /// - an error of `transform`: a ``JSONRecordError`` that names the element and says
    ///   where it is, thrown in its turn, or reported with ``JSONInvalidRecords/skip(report:)``;
    /// - an error of `body`, which stops the work: no more is read, and the tasks are cancelled;
    /// - `CancellationError` when the calling task is cancelled, checked before each batch is cut.
    ///
    /// By default `concurrency` is one less than the active processor count (at least
    /// one): the calling task takes a core of its own, reading and parsing.
    ///
    /// After the last element, ``envelope`` is the text around the array, as after ``next()``.
    public mutating func forEachElement<Output: Sendable>(
        invalidRecords: InvalidRecords = .fail,
        concurrency: Int = defaultConcurrency, ordered: Bool = true,
        transform: @escaping @Sendable (JSONRecord) throws -> Output,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Output) async throws -> Void
    ) async throws {
        let stopsAtError = if case .fail = invalidRecords { true } else { false }
        var batches = RecordBatches(reader: engine, size: ParallelRecords.batchBytes(readSize: engine.framer.readSize))
        try await ParallelRecords.run(
            concurrency: concurrency, ordered: ordered, invalidRecords: invalidRecords, isolation: isolation,
            next: { try batches.next() },
            work: { batch in
                var outcomes: [Result<Output, JSONRecordError>] = []
                outcomes.reserveCapacity(batch.count)
                for record in batch {
                    let outcome = record.transformed(transform)
                    outcomes.append(outcome)
                    if case .failure = outcome, stopsAtError { break }
                }
                return outcomes
            },
            body)
    }

    /// Reads the rest of the elements on every core, each as a model (or another
    /// ``JSONConvertible`` type), built on the tasks of a task group; `body` receives them
    /// on the calling task, in the order of the array (or, with `ordered: false`, as they
    /// are ready).
    ///
    /// ```swift
    /// var reader = try JSONElementReader(contentsOf: url, at: "/statuses")
    /// try await reader.forEachElement(Status.self) { status in   // a @JSONModel type
    ///     counts[status.user.screenName, default: 0] += 1
    /// }
    /// ```
    ///
    /// Batches, memory and errors are as for
    /// ``forEachElement(invalidRecords:concurrency:ordered:transform:isolation:_:)``: an
    /// element that is not a `T` is a ``JSONRecordError`` whose paths start at its index
    /// (`[999].user`), thrown in its turn or reported with ``JSONInvalidRecords/skip(report:)``.
    public mutating func forEachElement<T: JSONConvertible & Sendable>(
        _ type: T.Type, invalidRecords: InvalidRecords = .fail,
        concurrency: Int = defaultConcurrency, ordered: Bool = true,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (T) async throws -> Void
    ) async throws {
        let conversion = ReadingConversion<T>()
        try await forEachElement(
            invalidRecords: invalidRecords, concurrency: concurrency, ordered: ordered,
            transform: { try conversion.convert($0.value) }, isolation: isolation, body)
    }

    /// Reads the rest of the elements on every core, each decoded as `type` by `decoder`
    /// (without re-parsing) on the tasks of a task group; `body` receives them on the
    /// calling task, in the order of the array (or, with `ordered: false`, as they are ready).
    ///
    /// ```swift
    /// var reader = try JSONElementReader(contentsOf: url, at: "/statuses")
    /// try await reader.forEachElement(Status.self, using: YAJLDecoder()) { status in … }
    /// ```
    ///
    /// Batches, memory and errors are as for
    /// ``forEachElement(invalidRecords:concurrency:ordered:transform:isolation:_:)``: an
    /// element that does not decode is a ``JSONRecordError`` whose coding path starts at
    /// its index, thrown in its turn or reported with ``JSONInvalidRecords/skip(report:)``.
    public mutating func forEachElement<T: Decodable & Sendable>(
        _ type: T.Type, using decoder: YAJLDecoder, invalidRecords: InvalidRecords = .fail,
        concurrency: Int = defaultConcurrency, ordered: Bool = true,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (T) async throws -> Void
    ) async throws {
        let conversion = DecodingConversion<T>(decoder: decoder)
        try await forEachElement(
            invalidRecords: invalidRecords, concurrency: concurrency, ordered: ordered,
            transform: { try conversion.convert($0.value) }, isolation: isolation, body)
    }
}

extension JSONElementReader {
    /// The tasks that transform elements by default: one per core but the one the calling
    /// task reads and parses on, and at least one.
    public static var defaultConcurrency: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }
}

/// The records of a reader in batches of about `size` bytes of input, cut on the calling
/// task of a parallel reader. An error of the reader ends the batch it interrupts, and is
/// thrown at the next cut: the records before it are worked on first.
struct RecordBatches<Framer: RecordFramer> {
    let reader: SyncRecordReader<Framer>
    let size: Int
    private var failure: (any Error)?

    /// Each record counts for at least this many bytes, so that a batch of tiny
    /// elements holds no more records than its input would hold of middling ones.
    static var minimumRecordBytes: Int { 64 }

    init(reader: SyncRecordReader<Framer>, size: Int) {
        self.reader = reader
        self.size = max(size, 1)
    }

    mutating func next() throws -> [JSONRecord]? {
        if let failure { throw failure }
        var batch: [JSONRecord] = []
        do {
            while let record = try reader.next() {
                batch.append(record)
                let span = record.offset - batch[0].offset
                if max(span, batch.count * Self.minimumRecordBytes) >= size { break }
            }
        } catch {
            guard !batch.isEmpty else { throw error }
            failure = error
        }
        return batch.isEmpty ? nil : batch
    }
}
