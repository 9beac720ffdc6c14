import Foundation

extension JSONElementReader {
    /// Reads the rest of the elements and calls `body` with each, on the calling task, in
    /// the order of the array (or, with `ordered: false`, as they are ready).
    ///
    /// The elements are parsed as for
    /// ``forEachElement(invalidRecords:concurrency:ordered:transform:isolation:_:)``, in
    /// batches of about 16 ``JSONStreamOptions/readSize``s of input (1 MiB by default):
    /// on every core for a top-level array, else on the calling task. This form is for
    /// elements that `body` hands on; to build
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
    /// The calling task reads and inflates (gzip) whatever the reader was created with (a
    /// file, a file descriptor, chunks). For a top-level array (target `""`) it only cuts
    /// the text into runs of whole elements of about 16 ``JSONStreamOptions/readSize``s
    /// (1 MiB by default), at the commas directly inside the array, and the tasks parse
    /// the runs as ``nextRecord()`` would, then transform their elements. For an array at
    /// a path, or when comments are allowed, it parses as ``nextRecord()`` does and cuts
    /// the elements into batches of as much input, which the tasks transform. At most
    /// `concurrency` batches are worked on at once and at most twice as many wait for
    /// `body`, so memory stays bounded however long the array is. Unordered, a batch is
    /// delivered once those cut before it have parsed, so that no element after an error
    /// reaches `body`.
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
    /// By default `concurrency` is the active processor count.
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
        var batches = ElementPieces(reader: engine, size: ParallelRecords.batchBytes(readSize: engine.framer.readSize))
        let (options, target) = (engine.framer.options, engine.framer.target)
        let parsed = ParsedBatches()
        try await ParallelRecords.run(
            concurrency: concurrency, ordered: ordered, invalidRecords: invalidRecords, isolation: isolation,
            next: { try batches.next() },
            work: { batch, index in
                let records: [JSONRecord]
                var failure: JSONError?
                switch batch {
                case .records(let cut): records = cut
                case .text(let piece): (records, failure) = piece.parse(options: options, target: target)
                }
                if failure == nil { parsed.insert(index) }
                var outcomes: [Result<Output, ElementFailure>] = []
                outcomes.reserveCapacity(records.count + 1)
                for record in records {
                    let outcome = record.transformed(transform).mapError(ElementFailure.notConverted)
                    outcomes.append(outcome)
                    if case .failure = outcome, stopsAtError { return outcomes }
                }
                if let failure { outcomes.append(.failure(.notRead(failure))) }
                return outcomes
            },
            // Unordered, a batch waits for those before it to have parsed: none may be delivered after an error.
            mayDeliver: { parsed.all(before: $0) },
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
    /// The tasks that parse and transform elements by default: one per core.
    public static var defaultConcurrency: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Why an element of a parallel read gave no output.
    enum ElementFailure: ParallelRecordFailure {
        /// `transform` failed on it.
        case notConverted(JSONRecordError)
        /// The text at it is not JSON, or breaks a limit: the stream ends there.
        case notRead(JSONError)

        var skipped: JSONRecordError? {
            if case .notConverted(let error) = self { error } else { nil }
        }

        var thrown: any Error {
            switch self {
            case .notConverted(let error): error
            case .notRead(let error): error
            }
        }
    }
}

/// The places, in the order of the cut, of the batches that parsed without error.
final class ParsedBatches: Sendable {
    // The first place not yet parsed, and those after it that are.
    private let state = _Locked((first: 0, later: Set<Int>()))

    func insert(_ place: Int) {
        state.withLock { state in
            state.later.insert(place)
            while state.later.remove(state.first) != nil { state.first += 1 }
        }
    }

    /// Whether every batch before `place` has parsed.
    func all(before place: Int) -> Bool { state.withLock { $0.first >= place } }
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
