/// The records a framer has parsed and not yet handed out, then the failure
/// that ended its stream, if any: thrown once the records before it are taken,
/// and from then on.
struct RecordQueue {
    /// Optional, so that each record is moved out as it is handed out: a copy would
    /// cost every record a retain and a release of its document.
    private var ready: [JSONRecord?] = []
    private var index = 0
    private(set) var failure: JSONError?

    mutating func append(_ record: JSONRecord) {
        ready.append(record)
    }

    /// Keeps the first failure.
    mutating func fail(_ error: JSONError) {
        if failure == nil { failure = error }
    }

    mutating func next() throws(JSONError) -> JSONRecord? {
        if index < ready.count {
            defer { index += 1 }
            return ready[index].take()
        }
        if !ready.isEmpty {
            ready.removeAll(keepingCapacity: true)
            index = 0
        }
        if let failure { throw failure }
        return nil
    }
}
