import Foundation

/// A gzip file inflated on a thread of its own, a few chunks ahead of the reader, so
/// that decompression and parsing run on different cores.
///
/// Only for a file that the reader opened itself: its descriptor is the thread's alone,
/// so reading ahead takes bytes from no one, and the descriptor closes when the thread
/// is done with it. When the reader goes away the thread stops after the chunk it is
/// making. Damage and the size limit reach the reader after the chunks before them.
final class InflatingReadAhead: ByteSource {
    let channel: Channel
    /// The end or the error, once taken: every later read gives it again.
    private var last: Result<Bool, any Error>?

    /// How many inflated chunks may wait for the reader.
    static let depth = 4

    /// Starts inflating `file` (at most `limit` bytes, in chunks of about `chunkSize`), or
    /// nil when it is not gzip or there is only one core to run on.
    init?(_ file: FileDescriptorSource, limit: Int, chunkSize: Int) {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, file.startsWithGzip() else { return nil }
        channel = Channel(capacity: Self.depth)
        let producer = Producer(file: file, intake: ByteIntake(limit: limit), chunkSize: chunkSize, channel: channel)
        let thread = Thread { producer.run() }
        thread.name = "YAJLModel gzip"
        thread.start()
    }

    deinit { channel.stop() }

    func read(into buffer: StreamBuffer, size: Int) throws -> Bool {
        if let last { return try last.get() }
        switch channel.take() {
        case .bytes(let chunk):
            try buffer.append(chunk)
            return true
        case .end:
            last = .success(false)
            return false
        case .failure(let error):
            last = .failure(error)
            throw error
        }
    }

    /// What the thread hands the reader.
    enum Item: Sendable {
        case bytes(Data)
        case end
        case failure(any Error)
    }

    /// The thread's side: reads and inflates the file, and puts the chunks in the channel.
    private final class Producer: @unchecked Sendable {
        // @unchecked: created by the reader and then used only by the thread it starts.
        let file: FileDescriptorSource
        let intake: ByteIntake
        let chunkSize: Int
        let channel: Channel

        init(file: FileDescriptorSource, intake: ByteIntake, chunkSize: Int, channel: Channel) {
            self.file = file
            self.intake = intake
            self.chunkSize = chunkSize
            self.channel = channel
        }

        func run() {
            defer { channel.finish() }
            let chunk = StreamBuffer()
            let size = chunkSize
            while true {
                let item: Item
                do {
                    item = try intake.read(into: chunk, size: size) { try file.read(into: $0, size: size) }
                        ? .bytes(chunk.takeData()) : .end
                } catch {
                    item = .failure(error)
                }
                guard channel.put(item), case .bytes = item else { return }
            }
        }
    }

    /// A bounded queue between the thread and the reader.
    final class Channel: @unchecked Sendable {
        // @unchecked: every stored property is read and written with `condition` locked.
        private let condition = NSCondition()
        private var items: [Item] = []
        private var stopped = false
        private var finished = false
        private let capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 1)
        }

        /// Waits for room and adds `item`; false once the reader has gone.
        func put(_ item: Item) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while items.count >= capacity && !stopped { condition.wait() }
            guard !stopped else { return false }
            items.append(item)
            condition.broadcast()
            return true
        }

        /// Waits for the next item.
        func take() -> Item {
            condition.lock()
            defer { condition.unlock() }
            while items.isEmpty { condition.wait() }
            condition.broadcast()
            return items.removeFirst()
        }

        /// The reader has gone: the thread stops at its next chunk.
        func stop() {
            condition.lock()
            stopped = true
            items.removeAll()
            condition.broadcast()
            condition.unlock()
        }

        /// The thread is done.
        func finish() {
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }

        /// Whether the thread has finished (the input ended or failed, or the reader went
        /// away), waiting up to `timeout` seconds for it.
        func waitUntilFinished(timeout: TimeInterval) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            condition.lock()
            defer { condition.unlock() }
            while !finished && condition.wait(until: deadline) {}
            return finished
        }
    }
}
