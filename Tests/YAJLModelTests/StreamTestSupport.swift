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
