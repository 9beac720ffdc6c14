/// Pointers as editing reads them: every API that edits takes RFC 6901 pointers and
/// throws ``JSONEditError`` where reading would find nothing.
extension JSONPath {
    /// The unescaped reference tokens of `pointer`; `""` (the whole value) gives `[]`.
    static func tokens(_ pointer: String) throws(JSONEditError) -> [String] {
        guard let path = JSONPath(pointer: pointer) else { throw JSONEditError(.invalidPointer, pointer: pointer) }
        return path.steps.map { $0.name }  // a pointer's steps all have keys
    }

    /// The array index that `token` stands for in an array of `count` elements: an
    /// ``arrayIndex(_:)`` below `count`, or, when `allowingEnd` (for insertion), also
    /// `count` itself, written as a number or as `-`. `pointer` is the text for the error.
    static func arrayIndex(_ token: String, count: Int, allowingEnd: Bool, pointer: String? = nil) throws(JSONEditError)
        -> Int
    {
        if token == "-", allowingEnd { return count }
        guard let index = arrayIndex(token.utf8), index < count || (allowingEnd && index == count) else {
            throw JSONEditError(.invalidIndex, pointer: pointer ?? Self.pointer(CollectionOfOne(token)))
        }
        return index
    }

    /// Whether two object keys are the same, compared by code points as RFC 6901 asks
    /// (Swift's `==` would also match canonically equivalent spellings).
    static func sameKey(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}
