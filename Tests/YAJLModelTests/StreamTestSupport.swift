import CYAJLTree
import Foundation
import Testing
@testable import YAJLModel

/// `bytes` cut into chunks: the first `first` bytes long, then `period` bytes each,
/// so that over `first` in `0..<period` every offset is a split point once.
func chunks(of bytes: [UInt8], first: Int, period: Int) -> [ArraySlice<UInt8>] {
    var result = [bytes[..<min(first, bytes.count)]]
    var start = min(first, bytes.count)
    while start < bytes.count {
        result.append(bytes[start..<min(start + period, bytes.count)])
        start += period
    }
    return result
}

/// Parses `chunks` with a ``JSONStreamParser``.
func streamParse(_ chunks: [ArraySlice<UInt8>], _ options: JSONParseOptions = .init()) throws(JSONError) -> JSONDocument {
    let parser = JSONStreamParser(options: options)
    for chunk in chunks { try parser.feed(chunk) }
    return try parser.finish()
}

/// The result of a parse, as an error or a document.
func outcome(_ body: () throws(JSONError) -> JSONDocument) -> Result<JSONDocument, JSONError> {
    do { return .success(try body()) } catch { return .failure(error) }
}

extension JSONDocument {
    /// Whether two documents have the same input bytes and the same tree, word for word.
    func isIdentical(to other: JSONDocument) -> Bool {
        guard tree.node_count == other.tree.node_count, tree.value_count == other.tree.value_count,
            tree.side_size == other.tree.side_size
        else { return false }
        let sameInput = input.withBytes { a in other.input.withBytes { b in a.elementsEqual(b) } }
        let nodeBytes = Int(tree.node_count) * MemoryLayout<yjm_node>.size
        let sameNodes = nodeBytes == 0 || memcmp(tree.nodes, other.tree.nodes, nodeBytes) == 0
        let sameSide = tree.side_size == 0 || memcmp(tree.side, other.tree.side, Int(tree.side_size)) == 0
        return sameInput && sameNodes && sameSide
    }
}

/// Whether two outcomes agree: identical documents, or equal errors.
func agree(_ a: Result<JSONDocument, JSONError>, _ b: Result<JSONDocument, JSONError>) -> Bool {
    switch (a, b) {
    case (.success(let x), .success(let y)): x.isIdentical(to: y)
    case (.failure(let x), .failure(let y)): x == y
    default: false
    }
}

/// Everything a reader gives: its records, then the error that ended it, if any.
struct ReadOutcome {
    var records: [JSONRecord] = []
    var error: JSONError?
    /// Each record's raw text.
    var texts: [String] { records.map { String(decoding: $0.value.rawJSON, as: UTF8.self) } }
}

/// Reads `reader` to its end (or its error).
func readAll(_ reader: inout some JSONRecordReader) -> ReadOutcome {
    var outcome = ReadOutcome()
    do {
        while let record = try reader.nextRecord() { outcome.records.append(record) }
    } catch let error as JSONError {
        outcome.error = error
    } catch {
        Issue.record("unexpected error \(error)")
    }
    return outcome
}

/// Reads the elements at `target` of `text`, in one chunk.
func readElements(_ text: [UInt8], at target: JSONElementReader.Target = "", _ options: JSONStreamOptions = .init()) -> ReadOutcome {
    readElements([text[...]], at: target, options)
}

/// Reads the elements at `target` of `chunks`.
func readElements(_ chunks: [ArraySlice<UInt8>], at target: JSONElementReader.Target = "", _ options: JSONStreamOptions = .init()) -> ReadOutcome {
    do {
        var reader = try JSONElementReader(chunks: chunks, at: target, options: options)
        return readAll(&reader)
    } catch {
        return ReadOutcome(error: error)
    }
}

/// Whether each record's document is the one a whole-buffer parse of its text builds.
func eachRecordIsItsOwnWholeParse(_ outcome: ReadOutcome, _ options: JSONParseOptions = .init()) -> Bool {
    outcome.records.allSatisfy { record in
        let text = record.value.document.input.withBytes { Array($0) }
        guard let whole = try? JSONDocument(parsing: text, options: options) else { return false }
        return record.value.document.isIdentical(to: whole)
    }
}

extension JSONStreamOptions {
    static func with(maxRecordBytes: Int? = nil, maxStringBytes: Int? = nil, maxDepth: Int? = nil, allowComments: Bool? = nil, readSize: Int? = nil) -> JSONStreamOptions {
        var options = JSONStreamOptions()
        if let maxRecordBytes { options.maxRecordBytes = maxRecordBytes }
        if let maxStringBytes { options.maxStringBytes = maxStringBytes }
        if let maxDepth { options.maxDepth = maxDepth }
        if let allowComments { options.allowComments = allowComments }
        if let readSize { options.readSize = readSize }
        return options
    }
}

/// Reads the JSON Lines of `chunks`; skipped errors are collected when `lossy`.
func readLines(_ chunks: [ArraySlice<UInt8>], lossy: Bool = false, _ options: JSONStreamOptions = .init()) -> (outcome: ReadOutcome, skipped: [JSONError]) {
    let skipped = SkippedErrors()
    var reader = JSONLinesReader(chunks: chunks, options: options, invalidRecords: lossy ? .skip { skipped.append($0) } : .fail)
    return (readAll(&reader), skipped.errors)
}

func readLines(_ text: String, lossy: Bool = false, _ options: JSONStreamOptions = .init()) -> (outcome: ReadOutcome, skipped: [JSONError]) {
    readLines([Array(text.utf8)[...]], lossy: lossy, options)
}

/// Errors reported by a lossy reader.
final class SkippedErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [JSONError] = []
    /// Keeps the error of a line that is not JSON; records the failure of any other.
    func append(_ error: JSONRecordError) {
        guard let lineError = error.underlying as? JSONError else {
            Issue.record("not a line's JSONError: \(error)")
            return
        }
        #expect(error.index == nil && error.location == lineError.location && error.start.line == lineError.line)
        lock.withLock { collected.append(lineError) }
    }
    var errors: [JSONError] { lock.withLock { collected } }
}
