import CYAJLTree
import Foundation

/// The C stream (`yjm_stream`, see `yajl_tree_builder.h`), owned: it is fed the
/// bytes of a ``StreamBuffer`` and reports events and errors.
final class YAJLStream {
    private let handle: OpaquePointer
    let options: JSONParseOptions

    /// `target` is the steps to the array (for ``YJM_STREAM_ELEMENTS``).
    init(mode: yjm_stream_mode, target: [JSONPath.Step] = [], options: JSONParseOptions, expectedLength: Int = 0) throws(JSONError) {
        self.options = options
        var config = yjm_stream_config()
        config.options = options.cOptions
        config.mode = mode
        config.expected_length = max(expectedLength, 0)
        // The keys, end to end in one array, each step pointing into it (the C side copies
        // them). The array ends in a NUL so that it has storage even when every key is "".
        let keys: [UInt8] = target.flatMap { $0.key.map { Array($0.utf8) } ?? [] } + [0]
        // Unsafe: the steps point into `keys` only during `yjm_stream_create`, which copies them.
        let created: OpaquePointer? = keys.withUnsafeBufferPointer { keys in
            var offset = 0
            var steps: [yjm_target_step] = []
            for step in target {
                let length = step.key?.utf8.count ?? 0
                steps.append(yjm_target_step(
                    key: step.key == nil ? nil : keys.baseAddress.map { $0 + offset },
                    key_length: length,
                    index: step.index ?? YJM_NO_INDEX))
                offset += length
            }
            return steps.withUnsafeBufferPointer { steps in
                config.target = steps.baseAddress
                config.target_count = steps.count
                return yjm_stream_create(&config)
            }
        }
        guard let created else {
            throw .tooLarge(.memory, limit: 0, at: JSONSourceLocation(offset: 0, line: 1, column: 1))
        }
        handle = created
    }

    deinit { yjm_stream_free(handle) }

    /// Parses the new bytes at the end of `bytes` (the bytes the stream still needs,
    /// then new ones). Returns the error, with a stream offset, if the text is bad.
    func feed(_ bytes: UnsafeRawBufferPointer) -> (yjm_status, yjm_error) {
        var error = yjm_error()
        let status = yjm_stream_feed(handle, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &error)
        return (status, error)
    }

    /// Feeds the last bytes and ends the text; `tree` is the document's (document mode).
    func finish(_ bytes: UnsafeRawBufferPointer, tree: inout yjm_tree) -> (yjm_status, yjm_error) {
        var error = yjm_error()
        let status = yjm_stream_finish(
            handle, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &tree, &error)
        return (status, error)
    }

    /// The events since the last ``forgetEvents()``.
    // Unsafe: the C stream owns the events; the buffer is valid until the next feed, finish or consume.
    var events: UnsafeBufferPointer<yjm_event> {
        var count = 0
        let events = yjm_stream_events(handle, &count)
        return UnsafeBufferPointer(start: events, count: count)
    }

    /// The elements of those events, as one document over the text `[e1,e2,…]`, each
    /// element at the node its event names; nil when there are none. Once per feed.
    func takeBatch() -> JSONDocument? {
        var tree = yjm_tree()
        var text: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard yjm_stream_take_batch(handle, &tree, &text, &length) != 0, let text else { return nil }
        // Unsafe: `yjm_stream_take_batch` hands over `text`, `length` bytes from `malloc`, which `MallocedBytes` frees.
        let bytes = MallocedBytes(taking: UnsafeMutableRawPointer(text), count: length)
        return JSONDocument(input: .malloced(bytes), tree: tree, options: options)
    }

    /// Forgets the events, whose trees have been taken.
    func forgetEvents() { yjm_stream_consume(handle, 0) }

    /// How many bytes at the front of the buffer the stream no longer needs.
    var neededFrom: Int { yjm_stream_needed_from(handle) }

    /// The caller has dropped the first `count` bytes of its buffer.
    func dropped(_ count: Int) { yjm_stream_consume(handle, count) }

    /// The brackets that close the containers around the last target opened.
    var closers: [UInt8] { Array(String(cString: yjm_stream_closers(handle)).utf8) }

    /// A C error as a ``JSONError`` located at `location`.
    func error(_ status: yjm_status, _ error: yjm_error, at location: JSONSourceLocation) -> JSONError {
        JSONError(status, error, at: location, options: options, inputLimit: options.maxInputBytes, memoryLimit: 0)
    }
}
