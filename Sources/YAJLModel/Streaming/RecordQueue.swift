/// The records a framer (``ElementFramer``, ``LineFramer``) has parsed and not yet
/// handed out, then the failure that ended its stream, if any: thrown once the
/// records before it are taken, and from then on.
///
/// A record waits as plain values (its node in its batch's document, and where it
/// starts), made only as it is handed out: queueing records costs each one a retain
/// and a release of its document, and array operations that go through value
/// witnesses, which for small records is a noticeable part of reading them.
struct RecordQueue {
    private struct Pending {
        var node: UInt32
        var offset: Int
        var index: Int?
        var start: JSONSourceLocation
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

    /// Appends the element at `node` of the current batch's document: the record at
    /// stream offset `offset` (a line's first byte; an element's own), whose value starts at `start`.
    mutating func append(node: UInt32, offset: Int, index: Int?, start: JSONSourceLocation) {
        pending.append(Pending(node: node, offset: offset, index: index, start: start))
    }

    /// Appends a record that has a document of its own, or shares a batch's.
    mutating func append(_ record: JSONRecord) {
        startBatch(record.value.document)
        append(node: record.value.node, offset: record.offset, index: record.index, start: record.start)
    }

    /// Where the queue stands: what is appended after it can be taken back.
    struct Mark {
        fileprivate let pending: Int
        fileprivate let documents: Int
    }

    var mark: Mark { Mark(pending: pending.count, documents: documents.count) }

    /// Takes back what was appended since `mark`, before any of it was handed out.
    mutating func rollBack(to mark: Mark) {
        pending.removeSubrange(mark.pending...)
        documents.removeSubrange(mark.documents...)
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
            return JSONRecord(value: value, offset: element.offset, line: element.start.line, index: element.index, start: element.start)
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
