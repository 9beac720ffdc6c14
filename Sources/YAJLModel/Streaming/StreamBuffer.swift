import CYAJLTree
import Foundation

/// A growable run of bytes in one block, owned by a stream: chunks are appended
/// (or read straight into its spare room) and a consumed prefix is dropped. Its
/// memory can move whenever it grows, so nothing keeps a pointer into it across
/// calls; the C stream keeps offsets.
///
/// The block comes from `malloc` while it is small. From ``mappingThreshold`` bytes on
/// (a ``JSONStreamParser`` holding a large document, or a huge element) it is a
/// mapping of its own (`yjm_pages_map`): growing it moves pages instead of copying
/// bytes, and huge pages make filling it cost a few page faults instead of one per
/// 4 KiB, which is most of what taking in a large document costs beyond parsing it.
final class StreamBuffer {
    // Unsafe: `base` holds `capacity` bytes (malloc'd, or mapped when `isMapped`), owned until `deinit` or `takeData`; `count <= capacity`.
    private(set) var base: UnsafeMutableRawPointer?
    private(set) var count = 0
    private(set) var capacity = 0
    /// Whether `base` is a mapping of `capacity` bytes rather than a `malloc` block.
    private var isMapped = false

    /// The size from which the block is mapped.
    static let mappingThreshold = 4 << 20

    init() {}

    deinit { release(base, capacity: capacity, mapped: isMapped) }

    private func release(_ block: UnsafeMutableRawPointer?, capacity: Int, mapped: Bool) {
        guard let block else { return }
        if mapped { yjm_pages_unmap(block, capacity) } else { free(block) }
    }

    /// The bytes held.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The bytes at `range` (offsets into the buffer).
    subscript(range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[range]) }

    /// `malloc` failed: the stream reports it as ``JSONError/Limit/memory``.
    struct AllocationFailure: Error {
        let bytes: Int
    }

    /// Makes room for at least `extra` more bytes. Grows geometrically.
    func reserve(_ extra: Int) throws(AllocationFailure) {
        guard capacity - count < extra else { return }
        var newCapacity = max(capacity, 64 << 10)
        while newCapacity - count < extra { newCapacity *= 2 }
        // Mapped once the bytes themselves reach the threshold (not merely the doubled
        // capacity): a 2 MB document is cheaper in malloc's memory, which a process
        // reuses, than in fresh huge pages.
        if !isMapped && count + extra < Self.mappingThreshold {
            guard let grown = realloc(base, newCapacity) else { throw AllocationFailure(bytes: newCapacity) }
            base = grown
        } else {
            newCapacity = yjm_pages_round(newCapacity)
            if isMapped, let base {
                guard let grown = yjm_pages_remap(base, capacity, newCapacity) else { throw AllocationFailure(bytes: newCapacity) }
                self.base = grown
            } else {
                guard let mapped = yjm_pages_map(newCapacity) else { throw AllocationFailure(bytes: newCapacity) }
                if let base, count > 0 { mapped.copyMemory(from: base, byteCount: count) }  // below the threshold: at most 4 MiB, once
                free(base)
                base = mapped
                isMapped = true
            }
        }
        capacity = newCapacity
    }

    func append(_ chunk: UnsafeRawBufferPointer) throws(AllocationFailure) {
        guard chunk.count > 0, let source = chunk.baseAddress else { return }
        try reserve(chunk.count)
        guard let base else { return }
        (base + count).copyMemory(from: source, byteCount: chunk.count)
        count += chunk.count
    }

    /// Lets `fill` write up to `size` bytes at the end, and keeps as many as it says it wrote.
    func append(upTo size: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Int) throws -> Int {
        try reserve(size)
        guard let base else { return 0 }
        // Unsafe: `reserve(size)` left at least `size` bytes free after `count`.
        let written = try fill(UnsafeMutableRawBufferPointer(start: base + count, count: size))
        count += max(0, min(written, size))
        return written
    }

    /// Drops the first `n` bytes, moving the rest to the front.
    func removeFirst(_ n: Int) {
        guard n > 0, let base else { return }
        if n < count { memmove(base, base + n, count - n) }
        count -= min(n, count)
    }

    /// Drops the last `n` bytes.
    func removeLast(_ n: Int) {
        count -= min(max(n, 0), count)
    }

    /// Hands the bytes over as `Data` without copying, and starts empty.
    func takeData() -> Data {
        guard let block = base, count > 0 else { return Data() }
        // Give back a large unused tail before handing the block over.
        let data: Data
        if isMapped {
            let size = yjm_pages_round(count)
            let kept = size < capacity ? yjm_pages_remap(block, capacity, size).map { ($0, size) } : nil
            let (mapping, mappedSize) = kept ?? (block, capacity)
            data = Data(bytesNoCopy: mapping, count: count, deallocator: .custom { pointer, _ in yjm_pages_unmap(pointer, mappedSize) })
        } else {
            let trimmed = capacity - count > count / 8 ? realloc(block, count) ?? block : block
            data = Data(bytesNoCopy: trimmed, count: count, deallocator: .free)
        }
        // Unsafe: the block now belongs to `data`; clearing `base` keeps `deinit` and later appends from freeing or writing it.
        base = nil
        count = 0
        capacity = 0
        isMapped = false
        return data
    }
}
