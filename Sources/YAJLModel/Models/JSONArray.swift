/// An array property whose elements are built on access, not when the model is:
/// NTJsonModel's lazy model arrays.
///
/// ```swift
/// @JSONModel struct Feed {
///     var items: JSONArray<Photo>
/// }
/// feed.items.count        // no Photo built yet
/// feed.items[3].title     // builds the fourth Photo only
/// ```
///
/// Every element was validated with the model that holds the array, so reading an
/// element cannot fail. Elements are not cached: each access builds a fresh (cheap)
/// view; models cache their own properties.
///
/// The array can be changed like any Swift array (`append`, `insert`, `remove`, and
/// assigning an element). Its first change lists its elements' positions (one word
/// each, none decoded); written back, untouched elements keep their original text.
public struct JSONArray<Element: JSONCodec>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Sendable
where Element.Decoded: Sendable {
    /// The JSON array the elements were read from.
    public let original: JSONValue
    /// The elements in order once the array has changed; nil until then.
    var slots: Slots<Element.Decoded>?

    @usableFromInline
    init(validated json: JSONValue) { original = json }

    /// Whether the array is still its original JSON (no change made), so elements are
    /// read straight from their nodes.
    @usableFromInline
    var isUnchanged: Bool { slots == nil }

    /// The array's JSON, with any changes (written and parsed on first use after a change).
    public var json: JSONValue {
        guard slots != nil else { return original }
        return _JSONModelSupport.parse(edited.encoded())
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { slots?.elements.count ?? original.count }

    /// The array for writing: the original array with the changes, so that untouched
    /// elements and the text between them are kept. New values that stand where as many
    /// original elements were (an assigned element) take their places; others are
    /// inserted where they stand.
    var edited: EditedValue {
        guard let slots else { return .original(original) }
        let document = original.document
        let end = document.subtreeEnd(original.node)
        var container = PatchedContainer(original: original)
        var next = document.firstChild(original.node)  // the first original element not yet placed
        var pending: [EditedValue] = []
        func place(before kept: UInt32?) {
            var missing: [UInt32] = []
            while next < end, next != kept {
                missing.append(next)
                next = document.subtreeEnd(next)
            }
            if missing.count == pending.count {
                for (node, value) in zip(missing, pending) { container.replaced[node] = value }
            } else {
                container.removed.formUnion(missing)
                if let kept {
                    container.inserted[kept] = pending
                } else {
                    container.appended = pending.map { EditedMember(key: "", value: $0) }
                }
            }
            pending = []
            if let kept { next = document.subtreeEnd(kept) }
        }
        for slot in slots.elements {
            switch slot {
            case .original(let node): place(before: node)
            case .value(let value): pending.append(EditedValue(value, codec: Element.self, like: nil))
            }
        }
        place(before: nil)
        return .patched(container)
    }
}

/// The elements of a changed ``JSONArray``: original elements by node, and new values.
struct Slots<Decoded: Sendable>: Sendable {
    enum Slot: Sendable {
        case original(UInt32)
        case value(Decoded)
    }

    var elements: [Slot]
}

extension JSONArray {
    /// An empty array.
    public init() { self.init(validated: _JSONModelSupport.emptyArray) }

    /// The element at `position`, which must be in `indices`.
    public subscript(position: Int) -> Element.Decoded {
        get {
            precondition(indices.contains(position), "JSONArray index out of range")
            switch slots?.elements[position] {
            case .value(let value)?: return value
            case .original(let node)?: return decodedElement(at: node)
            case nil: return decodedElement(at: original.document.element(position, of: original.node))
            }
        }
        set {
            listSlots()
            slots?.elements[position] = .value(newValue)
        }
    }

    /// Walks the elements in order, from one element's node to the next (no index to build).
    /// Inlinable, so that a loop over a model array is specialized for its element type.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let array: JSONArray
        @usableFromInline var position = 0
        @usableFromInline var node: UInt32

        @usableFromInline
        init(array: JSONArray, node: UInt32) {
            self.array = array
            self.node = node
        }

        @inlinable
        public mutating func next() -> Element.Decoded? {
            guard position < array.endIndex else { return nil }
            defer { position += 1 }
            guard array.isUnchanged else { return array[position] }
            defer { node = array.original.document.subtreeEnd(node) }
            return array.decodedElement(at: node)
        }
    }

    @inlinable
    func decodedElement(at node: UInt32) -> Element.Decoded {
        // Unsafe: `original` holds the document for the whole call; a decoded value that keeps it copies the reference, which retains it.
        Unmanaged.passUnretained(original.document)._withUnsafeGuaranteedRef { Element._decode(validated: JSONValue(document: $0, node: node)) }
    }

    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(array: self, node: original.document.firstChild(original.node))
    }

    public mutating func replaceSubrange<C: Collection<Element.Decoded>>(_ subrange: Range<Int>, with newElements: C) {
        listSlots()
        slots?.elements.replaceSubrange(subrange, with: newElements.map { .value($0) })
    }

    /// Lists the original elements' nodes, on the first change.
    private mutating func listSlots() {
        guard slots == nil else { return }
        let document = original.document
        var nodes: [Slots<Element.Decoded>.Slot] = []
        nodes.reserveCapacity(original.count)
        var node = document.firstChild(original.node)
        let end = document.subtreeEnd(original.node)
        while node < end {
            nodes.append(.original(node))
            node = document.subtreeEnd(node)
        }
        slots = Slots(elements: nodes)
    }
}

extension JSONArray: JSONCodec {
    @inlinable
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        _JSONModelSupport.validateElements(of: json, as: Element.self, into: &validation)
    }

    @inlinable
    public static func _decode(validated json: JSONValue) -> JSONArray<Element> { JSONArray(validated: json) }

    public static func _encode(_ value: JSONArray<Element>) -> JSON { value.edited.json }
}

/// So that `JSONArray<T>?`, `[JSONArray<T>]` and converters can hold one too.
extension JSONArray: JSONConvertible {
    /// Checks every element, then wraps the array.
    /// - Throws: ``JSONModelError`` with every problem, paths relative to the array.
    public init(json: JSONValue) throws(JSONModelError) {
        var validation = JSONValidation()
        Self._validate(json, into: &validation)
        try validation.check(relativeTo: json)
        self.init(validated: json)
    }

    public var jsonRepresentation: JSON { edited.json }
}

extension JSONArray: Equatable, Hashable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.json == rhs.json }
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }
}
