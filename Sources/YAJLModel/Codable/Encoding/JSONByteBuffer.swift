import Foundation

/// The bytes ``YAJLEncoder`` writes: a `malloc` block grown by doubling, appended to
/// without the uniqueness and capacity bookkeeping of `[UInt8]`, and handed to `Data`
/// without a copy. The owner frees it (`free()`) unless it was handed over.
struct JSONByteBuffer: JSONByteSink {
    // Unsafe: `capacity` bytes, owned by this buffer until `free()` or `data()`; `count` written.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.allocate(self.capacity)
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        // malloc never returns nil on Linux for these sizes short of exhaustion, where a trap is all that is left.
        guard let memory = malloc(capacity) else { fatalError("YAJLEncoder: out of memory") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    func free() { Foundation.free(base) }

    @inline(__always)
    mutating func reserve(_ additional: Int) {
        if count + additional > capacity { grow(to: count + additional) }
    }

    private mutating func grow(to minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        guard let memory = realloc(base, newCapacity) else { fatalError("YAJLEncoder: out of memory") }
        base = memory.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends ASCII text known at compile time.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    subscript(offset: Int) -> UInt8 { base[offset] }

    /// The bytes in `range`, valid while the buffer is not changed.
    // Unsafe: `range` lies within `0..<count`; the pointer is valid only until the next append may move the block.
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// The bytes the block can hold before it grows.
    var reservedCapacity: Int { capacity }

    /// Drops the first `n` bytes, moving the rest to the front.
    mutating func removeFirst(_ n: Int) {
        let n = min(max(n, 0), count)
        guard n > 0 else { return }
        // Unsafe: both ranges lie within the `count` bytes written, and `memmove` allows them to overlap.
        memmove(base, base + n, count - n)
        count -= n
    }

    /// Drops the bytes from `offset` on.
    mutating func truncate(to offset: Int) { count = min(count, offset) }

    /// The bytes as `Data`, which takes the block over: the buffer must not be used or freed afterwards.
    // Unsafe: `Data` frees the block from here on; the caller must not free or append to this buffer afterwards.
    func handOverAsData() -> Data {
        Data(bytesNoCopy: base, count: count, deallocator: .free)
    }
}
