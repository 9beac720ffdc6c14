import CYAJLBaseline
import Foundation
import YAJLModel

/// The parsers every scenario compares: YAJLModel's document, yajl with callbacks that do
/// nothing (the floor), yajl's own DOM and JSONSerialization. Each parses the whole input
/// and frees what it built.
enum Parsers {
    static let yajlModel = "YAJLModel"
    static let floor = "yajl (empty callbacks)"
    static let yajlTree = "yajl_tree_parse"
    static let foundation = "JSONSerialization"

    static func all(_ data: Data) -> [Contender] {
        [yajlModel(data), floor(data), yajlTree(data), foundation(data)]
    }

    static func yajlModel(_ data: Data) -> Contender {
        Contender(yajlModel, .yajlModel) {
            return { try JSONDocument(parsing: data).nodeCount }
        }
    }

    /// The floor: yajl lexing and validating every token and calling back into code
    /// that does nothing. No yajl-based design can beat it.
    static func floor(_ data: Data) -> Contender {
        Contender(floor, .yajl) {
            let callbacks = CallbackTable(emptyCallbacks)
            return {
                try yajlParse(data, callbacks: callbacks, context: nil)
                return 1
            }
        }
    }

    /// yajl's own DOM. It wants a NUL-terminated string, so the copy is made once
    /// here; its strlen stays inside the timed region because yajl_tree_parse does it.
    static func yajlTree(_ data: Data) -> Contender {
        Contender(yajlTree, .yajl) {
            let text = try YAJLTreeText(data)
            return { try text.parse { Int($0.pointee.type.rawValue) } }
        }
    }

    static func foundation(_ data: Data) -> Contender {
        Contender(foundation, .foundation) {
            return {
                let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                return object is [Any] ? 1 : 2
            }
        }
    }
}

/// A document as yajl_tree_parse wants it: NUL-terminated.
struct YAJLTreeText: Sendable {
    let text: [CChar]

    init(_ data: Data) throws {
        if data.contains(0) {
            throw ContenderError.unsupported("the input holds a NUL byte, where yajl_tree_parse would stop")
        }
        text = data.map { CChar(bitPattern: $0) } + [0]
    }

    /// The whole file, read with `read(2)` into one buffer with room for the NUL.
    init(contentsOf url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError.unreadable(path: url.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw BenchError.unreadable(path: url.path, reason: "fstat failed") }
        let size = Int(status.st_size)
        var failure: String?
        text = [CChar](unsafeUninitializedCapacity: size + 1) { buffer, count in
            var done = 0
            while done < size {
                let got = read(descriptor, buffer.baseAddress! + done, size - done)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failure = got < 0 ? String(cString: strerror(errno)) : "the file shrank"
                    break
                }
                done += got
            }
            buffer[done] = 0
            count = done + 1
        }
        if let failure { throw BenchError.unreadable(path: url.path, reason: failure) }
    }

    /// Parses, hands the tree to `body`, frees it.
    func parse(_ body: (yajl_val) throws -> Int) throws -> Int {
        try text.withUnsafeBufferPointer { text in
            try withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { errorBuffer in
                errorBuffer[0] = 0
                guard let tree = yajl_tree_parse(text.baseAddress, errorBuffer.baseAddress, errorBuffer.count) else {
                    throw ContenderError.rejected(String(cString: errorBuffer.baseAddress!))
                }
                defer { yajl_tree_free(tree) }
                return try body(tree)
            }
        }
    }
}

enum ContenderError: Error, CustomStringConvertible {
    case rejected(String)
    case unsupported(String)
    case wrongResult(String)
    case allocation

    var description: String {
        switch self {
        case .rejected(let message):
            // yajl_tree's message continues with a picture of the input; the first line says it.
            let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
            return "rejected: \(line.trimmingCharacters(in: .whitespaces))"
        case .unsupported(let message): return "not measured: \(message)"
        case .wrongResult(let message): return "wrong result: \(message)"
        case .allocation: return "yajl_alloc failed"
        }
    }
}

/// Every callback returns 1 ("go on") and does nothing. `yajl_number` is set and
/// the integer/double callbacks are not, so yajl hands numbers over as raw text
/// instead of converting them, as YAJLModel's builder does.
let emptyCallbacks = yajl_callbacks(
    yajl_null: { _ in 1 },
    yajl_boolean: { _, _ in 1 },
    yajl_integer: nil,
    yajl_double: nil,
    yajl_number: { _, _, _ in 1 },
    yajl_string: { _, _, _ in 1 },
    yajl_start_map: { _ in 1 },
    yajl_map_key: { _, _, _ in 1 },
    yajl_end_map: { _ in 1 },
    yajl_start_array: { _ in 1 },
    yajl_end_array: { _ in 1 }
)

/// Counts values and keys, to check `JSONDocument.nodeCount` once per input
/// (outside any timing). `ctx` points at an `Int`.
let countingCallbacks = yajl_callbacks(
    yajl_null: { bump($0) },
    yajl_boolean: { context, _ in bump(context) },
    yajl_integer: nil,
    yajl_double: nil,
    yajl_number: { context, _, _ in bump(context) },
    yajl_string: { context, _, _ in bump(context) },
    yajl_start_map: { bump($0) },
    yajl_map_key: { context, _, _ in bump(context) },
    yajl_end_map: { _ in 1 },
    yajl_start_array: { bump($0) },
    yajl_end_array: { _ in 1 }
)

private func bump(_ context: UnsafeMutableRawPointer?) -> Int32 {
    context!.assumingMemoryBound(to: Int.self).pointee += 1
    return 1
}

/// yajl keeps the pointer it is given rather than copying the table, so the
/// table lives at a stable address for as long as a parse may use it.
final class CallbackTable: @unchecked Sendable {  // immutable after init
    let pointer: UnsafeMutablePointer<yajl_callbacks>

    init(_ callbacks: yajl_callbacks) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: callbacks)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// One complete callback parse with yajl's default configuration (string
/// validation on, as yajl ships): alloc, parse, complete, free.
func yajlParse(_ data: Data, callbacks: CallbackTable, context: UnsafeMutableRawPointer?) throws {
    guard let handle = yajl_alloc(callbacks.pointer, nil, context) else { throw ContenderError.allocation }
    defer { yajl_free(handle) }
    try data.withUnsafeBytes { raw in
        let bytes = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
        var status = yajl_parse(handle, bytes, raw.count)
        if status == yajl_status_ok { status = yajl_complete_parse(handle) }
        if status != yajl_status_ok {
            let message = yajl_get_error(handle, 0, bytes, raw.count)
            defer { yajl_free_error(handle, message) }
            throw ContenderError.rejected(message.map { String(cString: $0) } ?? "unknown yajl error")
        }
    }
}

/// Values plus keys as yajl reports them, the quantity `nodeCount` promises.
func yajlValueCount(_ data: Data) throws -> Int {
    let callbacks = CallbackTable(countingCallbacks)
    var count = 0
    try withUnsafeMutablePointer(to: &count) { try yajlParse(data, callbacks: callbacks, context: $0) }
    return count
}

/// yajl's callback parser fed a chunk at a time, as a stream is read: the streaming floor.
final class YAJLChunkParser {
    private let callbacks: CallbackTable
    private let handle: yajl_handle

    init(callbacks: CallbackTable) throws {
        self.callbacks = callbacks
        guard let handle = yajl_alloc(callbacks.pointer, nil, nil) else { throw ContenderError.allocation }
        self.handle = handle
    }

    deinit { yajl_free(handle) }

    func feed(_ chunk: UnsafeRawBufferPointer) throws {
        try check(yajl_parse(handle, chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), chunk.count))
    }

    func finish() throws {
        try check(yajl_complete_parse(handle))
    }

    private func check(_ status: yajl_status) throws {
        guard status != yajl_status_ok else { return }
        let message = yajl_get_error(handle, 0, nil, 0)
        defer { yajl_free_error(handle, message) }
        throw ContenderError.rejected(message.map { String(cString: $0) } ?? "unknown yajl error")
    }
}

/// Reads a file in `chunkSize` pieces with `read(2)`, as a streaming reader does, into one
/// reused buffer.
func forEachChunk(ofFileAt url: URL, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    let descriptor = open(url.path, O_RDONLY)
    guard descriptor >= 0 else { throw BenchError.unreadable(path: url.path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    while true {
        let count = read(descriptor, buffer.baseAddress, chunkSize)
        if count < 0 {
            if errno == EINTR { continue }
            throw BenchError.unreadable(path: url.path, reason: String(cString: strerror(errno)))
        }
        if count == 0 { return }
        try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
}
