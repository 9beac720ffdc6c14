/// What JSON Patch and JSON Merge Patch need from the value they edit.
/// Tokens are unescaped JSON Pointer reference tokens; `pointer` is the original text, for errors.
protocol JSONEditable {
    /// The kind of the value at `tokens`, or nil when nothing is there.
    func kind(at tokens: ArraySlice<String>) -> JSONKind?
    /// The keys of the object at `tokens` (in order), or nil when that is not an object.
    func memberKeys(at tokens: ArraySlice<String>) -> [String]?
    /// A copy of the value at `tokens`, or nil when nothing is there.
    func value(at tokens: ArraySlice<String>) -> JSON?
    /// RFC 6902 "add": sets an object member (adding or replacing it), inserts into an
    /// array before an index (`-` or the count appends); `[]` replaces the whole value. The parent must exist.
    mutating func add(_ value: JSON, at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError)
    /// RFC 6902 "remove": the value must exist; the root cannot be removed.
    mutating func remove(at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError)
    /// RFC 6902 "replace": the value must exist; `[]` replaces the whole value.
    mutating func replace(with value: JSON, at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError)
}
