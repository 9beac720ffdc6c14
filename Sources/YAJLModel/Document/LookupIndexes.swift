import CYAJLTree
import Foundation

/// Indexes built on demand for large containers, so that looking up every key
/// of a 100,000-member object, or indexing into a long array of objects, stays
/// linear overall. Small containers are searched directly: scanning a few
/// nodes beats hashing.
struct LookupIndexes: Sendable {
    var objects: [UInt32: ObjectKeyIndex] = [:]
    var arrays: [UInt32: ArrayElementIndex] = [:]

    /// Containers with more children than this get an index.
    static let threshold = 16

    /// Objects up to this size get their index on their second lookup, the first one
    /// scanning: one lookup in a record (its `"id"`) costs less as a scan than as an index
    /// built and freed. Larger objects get it at once, so a scan stays short whatever
    /// the order of lookups.
    static let scanFirstLimit = 256

    /// The last few objects looked up once by a scan (`UInt32.max`: none).
    private var scanned = SIMD4<UInt32>(repeating: .max)
    private var nextScanned = 0

    /// Whether a lookup in `object`, which has no index, should build one; if not, it
    /// is remembered, so that the next lookup does.
    mutating func shouldBuildIndex(for object: UInt32, memberCount: Int) -> Bool {
        if memberCount > Self.scanFirstLimit || any(scanned .== SIMD4(repeating: object)) { return true }
        scanned[nextScanned] = object
        nextScanned = (nextScanned + 1) % scanned.scalarCount
        return false
    }
}

/// An open-addressing hash table from key bytes to the key node of an object's
/// member. A repeated key keeps its last occurrence (last wins).
final class ObjectKeyIndex: Sendable {
    /// Key node index + 1, or 0 for an empty slot.
    let slots: [UInt32]

    init(object: UInt32, in document: JSONDocument) {
        var capacity = 16
        while capacity < document.payload(object) * 2 { capacity <<= 1 }
        var slots = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for key in document.memberKeys(of: object) {
            var slot = document.withStringBytes(key) { ObjectKeyIndex.hash($0) } & mask
            while slots[slot] != 0 {
                let existing = slots[slot] - 1
                if document.keyEquals(existing, key) { break }  // a repeat: the later one wins
                slot = (slot + 1) & mask
            }
            slots[slot] = key + 1
        }
        self.slots = slots
    }

    /// The key node whose text is `bytes`, if any.
    func find(_ bytes: UnsafeRawBufferPointer, in document: JSONDocument) -> UInt32? {
        let mask = slots.count - 1
        var slot = ObjectKeyIndex.hash(bytes) & mask
        while slots[slot] != 0 {
            let key = slots[slot] - 1
            if document.withStringBytes(key, { _bytesEqual($0, bytes) }) { return key }
            slot = (slot + 1) & mask
        }
        return nil
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()  // seeded per process, so crafted keys cannot force collisions
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }
}

/// The node index of each element of an array whose elements are not all one
/// node wide (arrays of scalars are indexed by arithmetic instead).
final class ArrayElementIndex: Sendable {
    let elements: [UInt32]

    init(array: UInt32, in document: JSONDocument) {
        var elements: [UInt32] = []
        elements.reserveCapacity(document.payload(array))
        var element = document.firstChild(array)
        let end = document.subtreeEnd(array)
        while element < end {
            elements.append(element)
            element = document.subtreeEnd(element)
        }
        self.elements = elements
    }
}

extension JSONDocument {
    /// Whether two key nodes hold the same text.
    func keyEquals(_ a: UInt32, _ b: UInt32) -> Bool {
        withStringBytes(a) { first in withStringBytes(b) { second in _bytesEqual(first, second) } }
    }

    /// The key index of `object`, or nil on its first lookup, which scans instead (see
    /// ``LookupIndexes/scanFirstLimit``).
    func objectIndex(_ object: UInt32) -> ObjectKeyIndex? {
        let memberCount = payload(object)
        let (found, build) = indexes.withLock { indexes -> (ObjectKeyIndex?, Bool) in
            if let index = indexes.objects[object] { return (index, false) }
            return (nil, indexes.shouldBuildIndex(for: object, memberCount: memberCount))
        }
        if let found { return found }
        guard build else { return nil }
        let index = ObjectKeyIndex(object: object, in: self)  // built outside the lock
        return indexes.withLock { indexes in
            if let existing = indexes.objects[object] { return existing }  // another thread was first
            indexes.objects[object] = index
            return index
        }
    }

    func arrayIndex(_ array: UInt32) -> ArrayElementIndex {
        if let index = indexes.withLock({ $0.arrays[array] }) { return index }
        let index = ArrayElementIndex(array: array, in: self)
        return indexes.withLock { indexes in
            if let existing = indexes.arrays[array] { return existing }
            indexes.arrays[array] = index
            return index
        }
    }

    /// The document's lookup indexes, behind its lock: `indexes.withLock { … }`.
    var indexes: DocumentIndexes { DocumentIndexes(document: self) }
}

/// Access to a document's lookup indexes, with the lock held.
struct DocumentIndexes {
    let document: JSONDocument

    func withLock<R>(_ body: (inout LookupIndexes) throws -> R) rethrows -> R {
        let lock = IndexLocks.lock(for: document)
        lock.lock()
        defer { lock.unlock() }
        // Made on first use: most documents never need one.
        var indexes = document.lockedIndexes.take() ?? LookupIndexes()
        defer { document.lockedIndexes = indexes }
        return try body(&indexes)
    }
}

/// The locks that guard documents' lookup indexes: a fixed set shared by all
/// documents, each document using the one its address picks. Two documents may
/// share a lock; it is held only to read or store an index (never while one is
/// built), so they hardly ever wait for each other. A `pthread` mutex underneath,
/// as in `_Locked`, so that ThreadSanitizer sees the locking.
enum IndexLocks {
    private static let locks: [NSLock] = (0..<64).map { _ in NSLock() }

    static func lock(for document: JSONDocument) -> NSLock {
        // Objects are 16-byte aligned: the bits above those pick the lock.
        let address = UInt(bitPattern: ObjectIdentifier(document))
        return locks[Int((address >> 4) % UInt(locks.count))]
    }
}

/// Byte equality through `memcmp`.
@inline(__always)
func _bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }  // both empty
    return memcmp(x, y, a.count) == 0
}
