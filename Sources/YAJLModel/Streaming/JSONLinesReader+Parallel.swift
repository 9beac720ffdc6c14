import Foundation

extension JSONLinesReader {
    /// Parses the records of a JSON Lines file on `concurrency` cores and calls `body`
    /// with each, in the order of the file.
    ///
    /// The file is cut into newline-aligned pieces of 16 ``JSONStreamOptions/readSize``s
    /// (1 MiB by default), which tasks of a
    /// task group parse at the same time; `body` runs on the calling task, one record at
    /// a time, on the caller's actor if it has one. At most `concurrency` pieces are parsed
    /// at once and at most twice as many wait, so memory stays bounded however long the file is:
    ///
    /// ```swift
    /// try await JSONLinesReader.forEachRecord(contentsOf: logURL) { record in
    ///     if record.value["level"]?.stringView == "error" { errors += 1 }
    /// }
    /// ```
    ///
    /// Records, line numbers, offsets and errors are those of ``JSONLinesReader``. A gzip file
    /// is not mapped but inflated by the calling task as pieces are needed, while the group's
    /// tasks parse the pieces before; damage to it is thrown after the records before it.
    /// - Throws: a record's ``JSONError`` (unless `invalidRecords` skips them), a
    ///   ``JSONDecompressionError``, the file system's error, or what `body` throws;
    ///   `CancellationError` when the calling task is cancelled (checked before each piece
    ///   is cut, and thrown after the pieces before it).
    public static func forEachRecord(
        contentsOf url: URL, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (JSONRecord) async throws -> Void
    ) async throws {
        try await forEachRecord(contentsOf: url, options: options, invalidRecords: invalidRecords, concurrency: concurrency,
                                transform: { $0 }, isolation: isolation, body)
    }

    /// As ``forEachRecord(contentsOf:options:invalidRecords:concurrency:_:)``, with a
    /// `transform` that runs on the parsing tasks, in parallel: build your model or
    /// `Decodable` type there, and `body` receives them in order. An error of `transform`
    /// is a ``JSONRecordError`` that says where the record is, thrown in its turn, or
    /// reported with ``JSONInvalidRecords/skip(report:)``.
    public static func forEachRecord<Output: Sendable>(
        contentsOf url: URL, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        transform: @escaping @Sendable (JSONRecord) throws -> Output,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Output) async throws -> Void
    ) async throws {
        try await forEachRecord(in: try MappedFile.data(contentsOf: url), options: options, invalidRecords: invalidRecords,
                                concurrency: concurrency, transform: transform, isolation: isolation, body)
    }

    /// As ``forEachRecord(contentsOf:options:invalidRecords:concurrency:_:)``, over JSON Lines in memory.
    public static func forEachRecord(
        in text: Data, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (JSONRecord) async throws -> Void
    ) async throws {
        try await forEachRecord(in: text, options: options, invalidRecords: invalidRecords, concurrency: concurrency,
                                transform: { $0 }, isolation: isolation, body)
    }

    /// As ``forEachRecord(contentsOf:options:invalidRecords:concurrency:transform:_:)``, over JSON Lines in memory.
    public static func forEachRecord<Output: Sendable>(
        in text: Data, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        transform: @escaping @Sendable (JSONRecord) throws -> Output,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Output) async throws -> Void
    ) async throws {
        let stopsAtError = if case .fail = invalidRecords { true } else { false }
        var pieces = LinePieces(text: text, size: ParallelRecords.batchBytes(readSize: options.chunkSize), limit: options.maxDecompressedBytes)
        try await ParallelRecords.run(
            concurrency: concurrency, ordered: true, invalidRecords: invalidRecords, isolation: isolation,
            next: { pieces.next() },
            work: { piece in parse(piece, options: options, stopsAtError: stopsAtError, transform: transform) },
            body)
        if let failure = pieces.failure { throw failure }
    }

    /// Parses one piece, on a task of the group.
    private static func parse<Output>(
        _ piece: LinePieces.Piece, options: JSONStreamOptions, stopsAtError: Bool,
        transform: (JSONRecord) throws -> Output
    ) -> [Result<Output, LineFailure>] {
        var outcomes: [Result<Output, LineFailure>] = []
        piece.text.withUnsafeBytes { text in
            JSONLines.parseLines(text, firstLine: piece.line, offset: piece.offset, options: options) { outcome in
                switch outcome {
                case .success(let record):
                    let outcome = record.transformed(transform).mapError(LineFailure.notConverted)
                    outcomes.append(outcome)
                    if case .failure = outcome { return !stopsAtError }
                    return true
                case .failure(let error):
                    outcomes.append(.failure(.notJSON(error)))
                    return !stopsAtError
                }
            }
        }
        return outcomes
    }

    /// Why a line gave no output.
    enum LineFailure: ParallelRecordFailure {
        /// The line is not one JSON value.
        case notJSON(JSONLines.LineError)
        /// `transform` failed on its record.
        case notConverted(JSONRecordError)

        /// What ``JSONInvalidRecords/skip(report:)`` reports.
        var recordError: JSONRecordError {
            switch self {
            case .notJSON(let failure): failure.recordError
            case .notConverted(let error): error
            }
        }

        /// What is thrown without skipping: the line's ``JSONError``, or the record's error.
        var thrown: any Error {
            switch self {
            case .notJSON(let failure): failure.error
            case .notConverted(let error): error
            }
        }
    }
}
