import Synchronization
import Testing
import YAJLModel

/// Chunks without end: `[` and then `1,` (or `{}\n` lines) forever, counting pulls.
/// It never checks for cancellation itself, as many sources do not.
struct EndlessChunks: AsyncSequence, Sendable {
    let first: [UInt8]
    let repeated: [UInt8]
    let pulled = CountingChunks.Counter()

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: EndlessChunks
        var started = false

        mutating func next() async -> [UInt8]? {
            source.pulled.value.withLock { $0 += 1 }
            await Task.yield()
            defer { started = true }
            return started ? source.repeated : source.first
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}

@Suite struct StreamCancellationTests {
    /// Runs `loop` in a task over `source`, cancels the task once it has read 1000
    /// records, and returns how the task ended and how many pulls came after the cancel.
    func cancelAfterAThousand(
        _ source: EndlessChunks, _ loop: @escaping @Sendable (_ read: @Sendable () -> Void) async throws -> Void
    ) async -> (result: Result<Void, any Error>, pullsAfterCancel: Int) {
        let (thousand, reached) = AsyncStream<Void>.makeStream()
        let task = Task {
            let count = Mutex(0)
            try await loop {
                if count.withLock({ $0 += 1; return $0 }) == 1000 { reached.finish() }
            }
        }
        for await _ in thousand {}
        task.cancel()
        let pulledAtCancel = source.pulled.value.withLock { $0 }
        let result = await task.result
        return (result, source.pulled.value.withLock { $0 } - pulledAtCancel)
    }

    @Test func aForAwaitLoopOverElementsEndsWhenItsTaskIsCancelled() async {
        let source = EndlessChunks(first: Array("[".utf8), repeated: Array("1,".utf8))
        let (result, pullsAfterCancel) = await cancelAfterAThousand(source) { read in
            for try await _ in JSONElementReader.elements(of: source) { read() }
        }
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(pullsAfterCancel <= 1)  // at most the pull under way when the cancel came
    }

    @Test func aForAwaitLoopOverLinesEndsWhenItsTaskIsCancelled() async {
        let source = EndlessChunks(first: Array("{}\n".utf8), repeated: Array("{\"a\": 1}\n".utf8))
        let (result, pullsAfterCancel) = await cancelAfterAThousand(source) { read in
            for try await _ in JSONLinesReader.records(of: source) { read() }
        }
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(pullsAfterCancel <= 1)
    }

    @Test func aLoopInATaskCancelledBeforeItStartsPullsNothing() async throws {
        let source = CountingChunks(chunks: [Array("[1, 2]".utf8)])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var iterator = JSONElementReader.elements(of: source).makeAsyncIterator()
            return try await iterator.next()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(source.pulled.value.withLock { $0 } == 0)
    }
}
