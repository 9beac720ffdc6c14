/// The elements a ``ElementFramer`` has parsed and not yet handed out, then the
/// failure that ended its stream, if any (thrown once the elements before it are
/// taken, and from then on), as ``RecordQueue`` is for lines.
///
/// An element waits as plain values (its node in its batch's document, and where it
/// starts), its record made only as it is handed out: queueing records costs each
/// one a retain and a release of its document, and array operations that go through
/// value witnesses, which for small elements is a noticeable part of reading them.
struct ElementQueue {
    private struct Pending {
        var node: UInt32
        var offset: Int
        var line: Int
    }

    private var pending: [Pending] = []
    /// The batches' documents, each with the index in `pending` of its first element.
    private var documents: [(first: Int, document: JSONDocument)] = []
    private var index = 0
    private var documentIndex = 0
    private(set) var failure: JSONError?
    /// Whether there is a failure: cheaper to test, once per element, than `failure`.
    private(set) var hasFailed = false

    /// The elements appended from now on are values of `document`.
    mutating func startBatch(_ document: JSONDocument) {
        documents.append((pending.count, document))
    }

    /// Appends the element at `node` of the current batch's document.
    mutating func append(node: UInt32, offset: Int, line: Int) {
        pending.append(Pending(node: node, offset: offset, line: line))
    }

    /// Keeps the first failure.
    mutating func fail(_ error: JSONError) {
        if failure == nil { failure = error }
        hasFailed = true
    }

    mutating func next() throws(JSONError) -> JSONRecord? {
        if index < pending.count {
            while documentIndex + 1 < documents.count && documents[documentIndex + 1].first <= index { documentIndex += 1 }
            let element = pending[index]
            index += 1
            let value = JSONValue(document: documents[documentIndex].document, node: element.node)
            return JSONRecord(value: value, offset: element.offset, line: element.line)
        }
        if !pending.isEmpty || !documents.isEmpty {
            pending.removeAll(keepingCapacity: true)
            documents.removeAll(keepingCapacity: true)
            index = 0
            documentIndex = 0
        }
        if let failure { throw failure }
        return nil
    }
}
