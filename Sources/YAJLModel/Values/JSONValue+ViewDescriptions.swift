// Views print what they hold, as a person reads it, not their document and node.

extension JSONArrayView: CustomStringConvertible, CustomDebugStringConvertible {
    /// The array as compact JSON: `[1,"two",{"three":3}]`.
    public var description: String { JSONValue(document: document, node: node).description }
    /// The element count, the place and the start of the compact JSON, as ``JSONValue/debugDescription``.
    public var debugDescription: String { JSONValue(document: document, node: node).debugDescription }
}

extension JSONObjectView: CustomStringConvertible, CustomDebugStringConvertible {
    /// The object as compact JSON: `{"a":1,"b":[2]}`.
    public var description: String { JSONValue(document: document, node: node).description }
    /// The member count, the place and the start of the compact JSON, as ``JSONValue/debugDescription``.
    public var debugDescription: String { JSONValue(document: document, node: node).debugDescription }
}

extension JSONObjectView.Keys: CustomStringConvertible, CustomDebugStringConvertible {
    /// The keys as an array of strings prints: `["a", "b"]`.
    public var description: String { Array(self).description }
    public var debugDescription: String { Array(self).debugDescription }
}

// `root["items"]?.array ?? []`: the empty literal is an empty view. Only the empty
// literal compiles (the element type is `Never`): a view shows a parsed document.

extension JSONArrayView: ExpressibleByArrayLiteral {
    /// An empty array view, for `value.array ?? []`.
    public init(arrayLiteral elements: Never...) {
        let empty = _JSONModelSupport.emptyArray
        self.init(document: empty.document, node: empty.node)
    }
}

extension JSONObjectView: ExpressibleByDictionaryLiteral {
    /// An empty object view, for `value.object ?? [:]`.
    public init(dictionaryLiteral elements: (Never, Never)...) {
        let empty = _JSONModelSupport.emptyObject
        self.init(document: empty.document, node: empty.node)
    }
}

extension JSONObjectView.Keys: ExpressibleByArrayLiteral {
    /// No keys, for `value.keys ?? []`.
    public init(arrayLiteral elements: Never...) {
        self.init(members: [:])
    }
}
