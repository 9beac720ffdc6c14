extension JSONValue {
    /// The value at an RFC 6901 JSON Pointer, or nil when nothing is there.
    ///
    /// `""` is this value; `"/a/0/b"` steps into member `a`, element 0, member `b`.
    /// In a token, `~1` stands for `/` and `~0` for `~`. An array index is a
    /// decimal number without leading zeros; `-` (past the end) finds nothing.
    ///
    /// ```swift
    /// document.root[pointer: "/statuses/0/user/screen_name"]?.string
    /// ```
    public subscript(pointer pointer: String) -> JSONValue? {
        JSONPath(pointer: pointer).flatMap { self[$0] }
    }

    /// The value at a dotted path, or nil when nothing is there.
    ///
    /// Components are separated by `.`; in an array a component is an index, written as
    /// a pointer writes it (no leading zeros). An index may also be written in brackets:
    /// `items.3.title` and `items[3].title` are the same path, but a bracketed index
    /// never names an object's member. `""` is this value. Keys that contain `.` or `[`
    /// need ``subscript(pointer:)``.
    public subscript(path path: String) -> JSONValue? {
        self[JSONPath(dotted: path)]
    }

    /// The value at `path`, or nil when nothing is there.
    subscript(path: JSONPath) -> JSONValue? {
        var current = self
        for step in path.steps {
            guard let next = current.child(step) else { return nil }
            current = next
        }
        return current
    }

    /// The member or element that `step` names in this value.
    func child(_ step: JSONPath.Step) -> JSONValue? {
        switch kind {
        case .object:
            guard var key = step.key else { return nil }
            return key.withUTF8 { member(named: UnsafeRawBufferPointer($0)) }
        case .array:
            return step.index.flatMap { self[$0] }
        default:
            return nil
        }
    }
}
