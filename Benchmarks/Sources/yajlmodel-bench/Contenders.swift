import CYAJLBaseline
import Foundation
import YAJLModel

/// One way of parsing JSON. `prepare` does the per-input setup that must stay
/// out of the timed region and returns the timed body: one full parse,
/// including freeing whatever the parse built (that is part of every design's
/// cost). The body returns a number derived from the result, which the
/// measurement loop folds into a sink so the optimizer cannot drop the work.
struct Contender: Sendable {
    let name: String
    let prepare: @Sendable (Data) throws -> () throws -> Int

    static let yajlModel = "YAJLModel"
    static let floor = "yajl (empty callbacks)"
    static let yajlTree = "yajl_tree_parse"
    static let foundation = "JSONSerialization"

    static let all: [Contender] = [
        Contender(name: yajlModel) { data in
            return {
                let document = try JSONDocument(parsing: data)
                return document.nodeCount
            }
        },

        // The floor: yajl lexing and validating every token and calling back into
        // code that does nothing. No yajl-based design can beat it.
        Contender(name: floor) { data in
            let callbacks = CallbackTable(emptyCallbacks)
            return {
                try yajlParse(data, callbacks: callbacks, context: nil)
                return 1
            }
        },

        // yajl's own DOM. It wants a NUL-terminated string, so the copy is made once
        // here; its strlen stays inside the timed region because yajl_tree_parse does it.
        Contender(name: yajlTree) { data in
            if data.contains(0) {
                throw ContenderError.unsupported("the input holds a NUL byte, where yajl_tree_parse would stop")
            }
            let text: [CChar] = data.map { CChar(bitPattern: $0) } + [0]
            return {
                try text.withUnsafeBufferPointer { text in
                    try withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { errorBuffer in
                        errorBuffer[0] = 0
                        guard let tree = yajl_tree_parse(text.baseAddress, errorBuffer.baseAddress, errorBuffer.count)
                        else {
                            throw ContenderError.rejected(String(cString: errorBuffer.baseAddress!))
                        }
                        let type = Int(tree.pointee.type.rawValue)
                        yajl_tree_free(tree)
                        return type
                    }
                }
            }
        },

        Contender(name: foundation) { data in
            return {
                let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                return object is [Any] ? 1 : 2
            }
        },
    ]
}

enum ContenderError: Error, CustomStringConvertible {
    case rejected(String)
    case unsupported(String)
    case allocation

    var description: String {
        switch self {
        case .rejected(let message):
            // yajl_tree's message continues with a picture of the input; the first line says it.
            let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
            return "rejected: \(line.trimmingCharacters(in: .whitespaces))"
        case .unsupported(let message): return "not measured: \(message)"
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
final class CallbackTable {
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
