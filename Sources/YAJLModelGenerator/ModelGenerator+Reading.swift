import Foundation
import YAJLModel

extension ModelGenerator {
    /// Where records come from: a file or standard input, read whole, as JSON Lines, or
    /// element by element from the array at a target, in bounded memory (gzip is inflated).
    public struct Input: Sendable, Hashable {
        /// The file; nil for standard input.
        public var url: URL?
        /// The array whose elements are the records (`/items`, `feed.items`); nil for the
        /// top-level values, where a top-level array's elements are the records.
        public var target: String?
        /// JSON Lines rather than JSON; by default, for names ending `.jsonl` or `.ndjson`
        /// (before any `.gz`).
        public var isLines: Bool

        /// The file at `url` (nil: standard input), its records at `target`.
        public init(url: URL?, target: String? = nil, isLines: Bool? = nil) {
            self.url = url
            self.target = target
            let name = url.map { $0.pathExtension == "gz" ? $0.deletingPathExtension() : $0 }?.pathExtension.lowercased()
            self.isLines = isLines ?? (name == "jsonl" || name == "ndjson")
        }

        /// The name errors give: the file's name, or `standard input`.
        public var name: String { url?.lastPathComponent ?? "standard input" }
    }

    /// Adds every record of `input`, or until `limit` records have been added in all.
    /// - Parameter progress: called after each record with the records added so far and the
    ///   record's byte offset in this input.
    /// - Throws: ``ModelGenerationError/unreadable(_:_:)`` with the reader's error (a
    ///   ``JSONError`` gives line and column) and the input's name, or what ``add(_:)`` throws.
    public func read(_ input: Input, limit: Int? = nil, progress: (_ records: Int, _ offset: Int) -> Void = { _, _ in })
        throws(ModelGenerationError)
    {
        do {
            if input.isLines {
                var reader = try input.url.map { try JSONLinesReader(contentsOf: $0) } ?? JSONLinesReader(fileDescriptor: 0)
                try readRecords(from: &reader, limit: limit, progress: progress)
            } else {
                let target: JSONElementReader.Target =
                    if let target = input.target { JSONElementReader.Target(target) }
                    else if let url = input.url, Self.startsWithArray(url) { "" }
                    else { .values }
                var reader = try input.url.map { try JSONElementReader(contentsOf: $0, at: target) }
                    ?? JSONElementReader(fileDescriptor: 0, at: target)
                try readRecords(from: &reader, limit: limit, progress: progress)
            }
        } catch let error as ModelGenerationError {
            throw error
        } catch {
            throw .unreadable(input.name, error)
        }
    }

    private func readRecords(from reader: inout some JSONRecordReader, limit: Int?, progress: (Int, Int) -> Void) throws {
        while limit.map({ records < $0 }) ?? true, let record = try reader.nextRecord() {
            try add(record.value)
            progress(records, record.offset)
        }
    }

    /// Whether the file's first byte other than white space opens an array (a gzip file's never does).
    static func startsWithArray(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        return head.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "[")
    }
}
