import CYAJLTree

extension JSONValue {
    /// The number of elements of an array or members of an object; 0 for other kinds.
    public var count: Int { document.isContainer(node) ? document.payload(node) : 0 }

    /// The value of the member named `key`, or nil when this is not an object or has no such
    /// member. With repeated keys, the last one wins.
    ///
    /// Small objects are scanned; larger ones get a hash index on first lookup, so reading
    /// every key of a large object costs linear time overall.
    public subscript(_ key: String) -> JSONValue? {
        var key = key
        return key.withUTF8 { member(named: UnsafeRawBufferPointer($0)) }
    }

    /// The element at `index`, or nil when this is not an array or `index` is out of range.
    public subscript(_ index: Int) -> JSONValue? {
        guard document.tag(node) == UInt32(YJM_ARRAY), index >= 0, index < document.payload(node) else { return nil }
        return JSONValue(document: document, node: document.element(index, of: node))
    }

    /// The elements, when this is an array.
    public var array: JSONArrayView? {
        document.tag(node) == UInt32(YJM_ARRAY) ? JSONArrayView(document: document, node: node) : nil
    }

    /// The members in document order, when this is an object.
    public var object: JSONObjectView? {
        document.tag(node) == UInt32(YJM_OBJECT) ? JSONObjectView(document: document, node: node) : nil
    }

    /// The keys in document order, when this is an object.
    public var keys: JSONObjectView.Keys? { object?.keys }

    /// The member whose key has the UTF-8 `name` (last one wins).
    func member(named name: UnsafeRawBufferPointer) -> JSONValue? {
        guard document.tag(node) == UInt32(YJM_OBJECT) else { return nil }
        var key: UInt32? = nil
        if document.payload(node) > LookupIndexes.threshold, let index = document.objectIndex(node) {
            key = index.find(name, in: document)
        } else {
            for candidate in document.memberKeys(of: node) where document.withStringBytes(candidate, { _bytesEqual($0, name) }) {
                key = candidate  // keep going: the last one wins
            }
        }
        return key.map { JSONValue(document: document, node: document.subtreeEnd($0)) }
    }
}

extension JSONDocument {
    /// The node of element `index` (in range) of `array`.
    func element(_ index: Int, of array: UInt32) -> UInt32 {
        let first = firstChild(array)
        // When every element is one node wide (arrays of scalars), index by arithmetic.
        if Int(subtreeEnd(array) - first) == payload(array) { return first + UInt32(index) }
        if payload(array) > LookupIndexes.threshold { return arrayIndex(array).elements[index] }
        var element = first
        for _ in 0..<index { element = subtreeEnd(element) }
        return element
    }
}

/// The elements of a JSON array, as ``JSONValue``s, without copying.
///
/// Iterating walks the tree in order; indexing is O(1) (arrays whose elements
/// are not all scalars get an element index on first random access).
public struct JSONArrayView: RandomAccessCollection, Sendable {
    @usableFromInline let document: JSONDocument
    @usableFromInline let node: UInt32

    public var startIndex: Int { 0 }
    public var endIndex: Int { document.payload(node) }

    /// The element at `position`, which must be in `indices`.
    public subscript(position: Int) -> JSONValue {
        precondition(indices.contains(position), "JSONArrayView index out of range")
        return JSONValue(document: document, node: document.element(position, of: node))
    }

    // Inlinable, like the iterator: models and typed arrays walk every element through it.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(document: document, position: document.firstChild(node), end: document.subtreeEnd(node))
    }

    /// Walks the elements in order, skipping each one's subtree in O(1).
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline let document: JSONDocument
        @usableFromInline var position: UInt32
        @usableFromInline let end: UInt32

        @usableFromInline
        init(document: JSONDocument, position: UInt32, end: UInt32) {
            self.document = document
            self.position = position
            self.end = end
        }

        @inlinable
        public mutating func next() -> JSONValue? {
            guard position < end else { return nil }
            defer { position = document.subtreeEnd(position) }
            return JSONValue(document: document, node: position)
        }
    }
}

/// The members of a JSON object in document order, as `(key, value)` pairs.
///
/// Repeated keys appear as often as they were written; lookups by key
/// (``JSONValue/subscript(_:)-(String)``) see the last one.
public struct JSONObjectView: Collection, Sendable {
    let document: JSONDocument
    let node: UInt32

    /// A position in an object: the member's ordinal and its key node.
    public struct Index: Comparable, Sendable {
        let ordinal: Int
        let key: UInt32

        public static func < (lhs: Index, rhs: Index) -> Bool { lhs.ordinal < rhs.ordinal }
        public static func == (lhs: Index, rhs: Index) -> Bool { lhs.ordinal == rhs.ordinal }
    }

    public typealias Element = (key: String, value: JSONValue)

    public var startIndex: Index { Index(ordinal: 0, key: document.firstChild(node)) }
    public var endIndex: Index { Index(ordinal: document.payload(node), key: document.subtreeEnd(node)) }
    public var count: Int { document.payload(node) }

    public func index(after i: Index) -> Index {
        Index(ordinal: i.ordinal + 1, key: document.subtreeEnd(document.subtreeEnd(i.key)))
    }

    /// The member at `position`, which must be a valid index other than `endIndex`.
    public subscript(position: Index) -> Element {
        precondition(position.ordinal >= 0 && position.ordinal < count, "JSONObjectView index out of range")
        return (keyView(at: position).string, JSONValue(document: document, node: document.subtreeEnd(position.key)))
    }

    /// The value of the member at `position`, which must be a valid index other than
    /// `endIndex`, without building its key as a `String` as the subscript does.
    public func value(at position: Index) -> JSONValue {
        precondition(position.ordinal >= 0 && position.ordinal < count, "JSONObjectView index out of range")
        return JSONValue(document: document, node: document.subtreeEnd(position.key))
    }

    /// The key at `position`, without copying.
    public func keyView(at position: Index) -> JSONUTF8View {
        // A key node is a string node, so the view always exists.
        JSONValue(document: document, node: position.key).stringView ?? JSONUTF8View(document: document, source: .input(0..<0))
    }

    /// The keys in document order.
    public var keys: Keys { Keys(members: self) }

    /// The values in document order.
    public var values: LazyMapCollection<DefaultIndices<JSONObjectView>, JSONValue> { indices.lazy.map(value(at:)) }

    /// The keys of an object, as `String`s, in document order.
    public struct Keys: Collection, Sendable {
        let members: JSONObjectView
        public var startIndex: Index { members.startIndex }
        public var endIndex: Index { members.endIndex }
        public var count: Int { members.count }
        public func index(after i: Index) -> Index { members.index(after: i) }
        /// The key at `position`, as a `String` (this copies; ``JSONObjectView/keyView(at:)`` does not).
        public subscript(position: Index) -> String { members.keyView(at: position).string }
    }
}
