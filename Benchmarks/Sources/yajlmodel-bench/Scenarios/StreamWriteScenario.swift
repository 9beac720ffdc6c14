import Foundation
import YAJLModel

/// Writing stays bounded however large the array: a generated array of twitter-like
/// statuses of `--feed-megabytes` (1 GiB by default, times `--scale`), encoded to a file a
/// value at a time, against encoding the same values in 100 MB batches and writing each.
/// Both write to the same file, truncated on each run; one run per contender.
struct StreamWriteScenario: Scenario {
    let name = "stream-write"
    let title = "encode an array larger than memory should hold to a file"
    let aliases = ["streaming", "memory", "encode"]

    static let streamed = "YAJLEncoder.encode(_:toFileDescriptor:), 64 KiB chunks"
    static let batches = "YAJLEncoder.encode, 100 MB batches"
    static let batchBytes = 100_000_000

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let statuses = try YAJLDecoder().decode(TwitterSearch.self, from: GeneratedData.twitterLike(scale: 1)).statuses
        guard !statuses.isEmpty else { throw ContenderError.wrongResult("no statuses to write") }
        // Element sizes and commas: the array's exact size, without encoding it.
        let sizes = try statuses.map { try YAJLEncoder().encode($0).count + 1 }
        let cycle = sizes.reduce(0, +)
        let count = max(1, (context.options.boundedFeedMegabytes << 20) / cycle * statuses.count)
        let size = 1 + (0..<count).reduce(0) { $0 + sizes[$1 % sizes.count] }
        let perBatch = max(1, Self.batchBytes / (cycle / statuses.count))
        let file = try context.file("stream-write.json") { _ in }
        let path = file.url.path
        let open = { @Sendable () throws -> Int32 in
            let descriptor = Foundation.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { throw BenchError.unwritable(path: path) }
            return descriptor
        }
        // The values, made as they are asked for: statuses repeated to `count`.
        let values = { @Sendable in (0..<count).lazy.map { statuses[$0 % statuses.count] } }
        return [
            BenchCase(
                input: "array of \(count) statuses, \(formatBytes(size))", inputBytes: size,
                contenders: [
                    Contender(Self.streamed, .yajlModel) {
                        let encoder = YAJLEncoder()
                        return {
                            let descriptor = try open()
                            defer { close(descriptor) }
                            try encoder.encode(values(), toFileDescriptor: descriptor)
                            return Int(lseek(descriptor, 0, SEEK_CUR))
                        }
                    },
                    Contender(Self.batches, .yajlModel) {
                        let encoder = YAJLEncoder()
                        return {
                            let descriptor = try open()
                            defer { close(descriptor) }
                            // Each batch's array without its brackets, joined by commas into one array.
                            let all = values()
                            for start in stride(from: 0, to: count, by: perBatch) {
                                let data = try encoder.encode(Array(all[start..<min(start + perBatch, count)]))
                                var text = data.dropLast()
                                text[text.startIndex] = UInt8(ascii: start == 0 ? "[" : ",")
                                try writeAll(text, to: descriptor)
                            }
                            try writeAll(Data("]".utf8), to: descriptor)
                            return Int(lseek(descriptor, 0, SEEK_CUR))
                        }
                    },
                ],
                reference: Self.streamed,
                details: ["the same values either way, made on the fly; peak RSS is what writing adds"],
                measuresMemory: true, singleShot: true)
        ]
    }
}

/// Writes all of `data` to `descriptor`.
private func writeAll(_ data: Data, to descriptor: Int32) throws {
    try data.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw BenchError.unwritable(path: "descriptor \(descriptor)") }
            offset += written
        }
    }
}
