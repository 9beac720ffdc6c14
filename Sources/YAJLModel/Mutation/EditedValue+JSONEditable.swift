/// JSON Patch and Merge Patch over an edited document.
extension EditedValue: JSONEditable {
    func kind(at tokens: ArraySlice<String>) -> JSONKind? { edited(at: tokens)?.kind }

    func memberKeys(at tokens: ArraySlice<String>) -> [String]? { edited(at: tokens)?.memberKeys }

    func value(at tokens: ArraySlice<String>) -> JSON? { edited(at: tokens)?.json }

    mutating func add(_ value: JSON, at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError) {
        guard let last = tokens.last else { return self = .new(value) }
        try modify(at: tokens.dropLast(), pointer: pointer) { (parent) throws(JSONEditError) in
            try parent.add(.new(value), token: last, pointer: pointer)
        }
    }

    mutating func remove(at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError) {
        guard let last = tokens.last else { throw JSONEditError(.cannotRemoveRoot, pointer: pointer) }
        try modify(at: tokens.dropLast(), pointer: pointer) { (parent) throws(JSONEditError) in
            try parent.removeChild(last, pointer: pointer)
        }
    }

    mutating func replace(with value: JSON, at tokens: ArraySlice<String>, pointer: String) throws(JSONEditError) {
        try modify(at: tokens, pointer: pointer) { $0 = .new(value) }
    }
}
