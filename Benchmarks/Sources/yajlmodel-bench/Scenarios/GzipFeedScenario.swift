import CZlibBaseline
import Foundation
import YAJLModel

/// Gzipped feeds read as easily as plain ones: generated events like an hour of GH Archive
/// (about 200 MB times `--scale`), as JSON Lines and as one array, each gzipped with zlib
/// (level 6), read by the sequential readers from the gzip file (inflated on a thread of
/// its own where there are two cores), from its descriptor (inflated by the reading
/// thread), and from the decompressed file. MB/s counts the decompressed bytes. One run
/// per contender, with peak RSS.
struct GzipFeedScenario: Scenario {
    let name = "gzip-feed"
    let title = "a gzipped feed against the decompressed file"
    let aliases = ["streaming", "gzip"]

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let target = context.scaled(200 << 20)
        let (lines, linesSize) = try context.file("events.jsonl") { try GeneratedEvents.write(to: $0, bytes: target, separator: "\n") }
        let (array, arraySize) = try context.file("events.json") { try GeneratedEvents.write(to: $0, bytes: target, separator: ",") }
        let (gzipLines, gzipLinesSize) = try context.file("events.jsonl.gz") { try Self.gzip(lines, to: $0) }
        let (gzipArray, gzipArraySize) = try context.file("events.json.gz") { try Self.gzip(array, to: $0) }
        let sum: @Sendable (JSONRecord) -> Int = { record in
            (record.value.kind == .object ? 1 : 0) &+ (record.value["payload"]?["size"]?.int ?? 0)
        }
        return [
            Self.gzipCase(
                input: "JSON Lines of GH-Archive-like events", size: linesSize, compressed: gzipLinesSize, reader: "JSONLinesReader",
                plain: lines, gzip: gzipLines,
                read: { url, descriptor in
                    var reader = try descriptor.map { JSONLinesReader(fileDescriptor: $0) } ?? JSONLinesReader(contentsOf: url)
                    var total = 0
                    while let record = try reader.nextRecord() { total &+= sum(record) }
                    return total
                }),
            Self.gzipCase(
                input: "array of GH-Archive-like events", size: arraySize, compressed: gzipArraySize, reader: "JSONElementReader",
                plain: array, gzip: gzipArray,
                read: { url, descriptor in
                    var reader = try descriptor.map { try JSONElementReader(fileDescriptor: $0) } ?? JSONElementReader(contentsOf: url)
                    var total = 0
                    while let record = try reader.nextRecord() { total &+= sum(record) }
                    return total
                }),
        ]
    }

    /// One reader over the plain file, the gzip file, and the gzip file's descriptor;
    /// `read` reads the file at its URL, or the descriptor when it is given one.
    static func gzipCase(
        input: String, size: Int, compressed: Int, reader: String, plain: URL, gzip: URL,
        read: @escaping @Sendable (URL, Int32?) throws -> Int
    ) -> BenchCase {
        let plainName = "\(reader), decompressed file"
        let gzipName = "\(reader), gzip file"
        let descriptorName = "\(reader), gzip descriptor (inflated inline)"
        return BenchCase(
            input: input, inputBytes: size,
            contenders: [
                Contender(gzipName, .yajlModel) { return { try read(gzip, nil) } },
                Contender(plainName, .yajlModel) { return { try read(plain, nil) } },
                Contender(descriptorName, .yajlModel) {
                    return {
                        let descriptor = open(gzip.path, O_RDONLY | O_CLOEXEC)
                        guard descriptor >= 0 else { throw BenchError.unreadable(path: gzip.path, reason: "open failed") }
                        defer { close(descriptor) }
                        return try read(gzip, descriptor)
                    }
                },
            ],
            reference: gzipName,
            details: ["\(formatBytes(size)) decompressed, \(formatBytes(compressed)) gzipped (zlib level 6); every record's object and payload.size; peak RSS is what reading adds"],
            measuresMemory: true, singleShot: true,
            conclude: { result in
                guard let plainRatio = result.ratio(of: plainName), let inlineRatio = result.ratio(of: descriptorName) else { return [] }
                // A ratio is the reference's time over the other's: its inverse is the gzip file's speed over the other's.
                return ["speed of the gzip file ÷ the decompressed file: \(format(1 / plainRatio, 2)); ÷ the gzip descriptor inflated inline: \(format(1 / inlineRatio, 2))"]
            })
    }

    /// Gzips the file at `source` into `handle` with zlib at level 6, a megabyte at a time.
    static func gzip(_ source: URL, to handle: FileHandle) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { deflateEnd(stream); stream.deallocate() }
        guard bench_deflate_init_gzip(stream, 6) == Z_OK else { throw ContenderError.rejected("deflateInit2 failed") }
        var output = [UInt8](repeating: 0, count: 1 << 20)
        var finished = false
        while !finished {
            var chunk = [UInt8](try input.read(upToCount: 1 << 20) ?? Data())
            let flush = chunk.isEmpty ? Z_FINISH : Z_NO_FLUSH
            try chunk.withUnsafeMutableBufferPointer { chunk in
                stream.pointee.next_in = chunk.baseAddress
                stream.pointee.avail_in = uInt(chunk.count)
                repeat {
                    let status = output.withUnsafeMutableBufferPointer { out in
                        stream.pointee.next_out = out.baseAddress
                        stream.pointee.avail_out = uInt(out.count)
                        return deflate(stream, flush)
                    }
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw ContenderError.rejected("deflate failed: \(status)")
                    }
                    try handle.write(contentsOf: output[..<(output.count - Int(stream.pointee.avail_out))])
                    if status == Z_STREAM_END { finished = true }
                } while stream.pointee.avail_out == 0 || (flush == Z_FINISH && !finished)
            }
        }
    }
}

/// Events shaped like GH Archive's (push, watch, issue and pull request events, with actor,
/// repo, payload and commits), from a fixed seed, so every run writes the same bytes;
/// hashes and ids are random, so the text compresses about as a real hour does.
enum GeneratedEvents {
    /// Writes events separated by `separator` until about `bytes` are written: JSON Lines
    /// for a line feed, one array for a comma.
    static func write(to handle: FileHandle, bytes: Int, separator: Character) throws {
        var random = SplitMix64(seed: 0x5EED)
        let isArray = separator == ","
        var block = isArray ? "[" : ""
        var written = 0
        var index = 0
        while written < bytes {
            if index > 0 { block.append(separator) }
            block += event(index, &random)
            index += 1
            if block.utf8.count >= 1 << 20 {
                try handle.write(contentsOf: Data(block.utf8))
                written += block.utf8.count
                block = ""
            }
        }
        block += isArray ? "]" : "\n"
        try handle.write(contentsOf: Data(block.utf8))
    }

    static let types = ["PushEvent", "WatchEvent", "IssuesEvent", "PullRequestEvent", "CreateEvent", "IssueCommentEvent"]
    static let words = ["fix", "add", "update", "remove", "refactor", "tests", "docs", "parser", "build", "release", "typo", "CI"]

    static func event(_ index: Int, _ random: inout SplitMix64) -> String {
        let actor = random.next() % 200_000
        let repo = random.next() % 500_000
        let login = "user\(actor)"
        let repoName = "\(login)/project-\(repo % 1000)"
        let type = types[Int(random.next() % UInt64(types.count))]
        let commits = type == "PushEvent" ? Int(random.next() % 4) + 1 : 0
        let commitList = (0..<commits).map { _ in
            let message = (0..<Int(random.next() % 8 + 2)).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
            return #"{"sha":"\#(hash(&random))","author":{"email":"\#(login)@users.noreply.github.com","name":"\#(login)"},"message":"\#(message)","distinct":true,"url":"https://api.github.com/repos/\#(repoName)/commits/\#(hash(&random))"}"#
        }.joined(separator: ",")
        let payload = type == "PushEvent"
            ? #"{"push_id":\#(random.next() % 10_000_000_000),"size":\#(commits),"distinct_size":\#(commits),"ref":"refs/heads/main","head":"\#(hash(&random))","before":"\#(hash(&random))","commits":[\#(commitList)]}"#
            : #"{"action":"started","number":\#(random.next() % 5000),"size":0}"#
        return #"{"id":"\#(26_000_000_000 + index)","type":"\#(type)","actor":{"id":\#(actor),"login":"\#(login)","display_login":"\#(login)","gravatar_id":"","url":"https://api.github.com/users/\#(login)","avatar_url":"https://avatars.githubusercontent.com/u/\#(actor)?"},"repo":{"id":\#(repo),"name":"\#(repoName)","url":"https://api.github.com/repos/\#(repoName)"},"payload":\#(payload),"public":true,"created_at":"2026-11-29T15:\#(String(format: "%02d", index / 60_000 % 60)):\#(String(format: "%02d", index / 1000 % 60))Z"}"#
    }

    /// A random 40-digit hexadecimal hash.
    static func hash(_ random: inout SplitMix64) -> String {
        (0..<3).map { _ in String(random.next(), radix: 16) }.joined().padding(toLength: 40, withPad: "0", startingAt: 0)
    }
}
