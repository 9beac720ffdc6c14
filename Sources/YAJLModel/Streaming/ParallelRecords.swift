/// The work of the parallel readers (`JSONLinesReader.forEachRecord`,
/// `JSONElementReader.forEachElement`): batches of records, cut on the calling task,
/// become outputs on the tasks of a task group, and the outputs are handed to `body`
/// on the calling task.
///
/// At most `concurrency` batches are worked on at once and at most twice as many wait
/// to be delivered, so memory stays bounded however long the input is. Batches are
/// delivered in the order they were cut, or as they are done when `ordered` is false.
/// An error of `next` (or the cancellation of the calling task, checked before each
/// cut) is thrown once every batch cut before it has been delivered; an
/// error of `body`, or a failure that `invalidRecords` does not skip, stops the work:
/// no batch is cut after it, and the group's tasks are cancelled.
enum ParallelRecords {
    /// The input bytes in a batch: sixteen reads' worth, so that a batch's work is
    /// large against the cost of a task, and the batches in flight are small.
    static func batchBytes(readSize: Int) -> Int { max(readSize, 1) * 16 }

    static func run<Batch: Sendable, Output: Sendable, Failure: ParallelRecordFailure>(
        concurrency: Int, ordered: Bool, invalidRecords: JSONInvalidRecords,
        isolation: isolated (any Actor)?,
        next: () throws -> Batch?,
        work: @escaping @Sendable (Batch) -> [Result<Output, Failure>],
        _ body: (Output) async throws -> Void
    ) async throws {
        let concurrency = max(concurrency, 1)
        try await withThrowingTaskGroup(of: (Int, [Result<Output, Failure>]).self, isolation: isolation) { group in
            var spawned = 0
            var delivered = 0
            var running = 0
            var cutFailure: (any Error)?
            var done: [Int: [Result<Output, Failure>]] = [:]
            func spawn() {
                while cutFailure == nil, running < concurrency, spawned - delivered < 2 * concurrency {
                    let batch: Batch
                    do {
                        try Task.checkCancellation()
                        guard let next = try next() else { return }
                        batch = next
                    } catch {
                        cutFailure = error
                        return
                    }
                    let index = spawned
                    group.addTask { (index, work(batch)) }
                    spawned += 1
                    running += 1
                }
            }
            func deliver(_ outcomes: [Result<Output, Failure>]) async throws {
                delivered += 1
                for outcome in outcomes {
                    switch outcome {
                    case .success(let output): try await body(output)
                    case .failure(let failure):
                        guard case .skip(let report) = invalidRecords else { throw failure.thrown }
                        report(failure.recordError)
                    }
                }
            }
            spawn()
            while let (index, outcomes) = try await group.next() {
                running -= 1
                spawn()  // the next batch is worked on while this one is delivered
                if ordered {
                    done[index] = outcomes
                    while let outcomes = done.removeValue(forKey: delivered) { try await deliver(outcomes) }
                } else {
                    try await deliver(outcomes)
                }
                spawn()
            }
            if let cutFailure { throw cutFailure }
        }
    }
}

/// Why a record of a parallel reader gave no output.
protocol ParallelRecordFailure: Error, Sendable {
    /// What ``JSONInvalidRecords/skip(report:)`` reports.
    var recordError: JSONRecordError { get }
    /// What is thrown without skipping.
    var thrown: any Error { get }
}

extension JSONRecordError: ParallelRecordFailure {
    var recordError: JSONRecordError { self }
    var thrown: any Error { self }
}

extension JSONRecord {
    /// `transform` applied to the record, on a parallel reader's task; its error placed
    /// in the stream, as the record's.
    func transformed<Output>(_ transform: (JSONRecord) throws -> Output) -> Result<Output, JSONRecordError> {
        do throws(JSONRecordError) {
            return .success(try convert { _ in try transform(self) })
        } catch {
            return .failure(error)
        }
    }
}
