extension JSONEditable {
    /// Merges `patch` into the value at `tokens` as RFC 7386 says: a patch that is not an
    /// object replaces the target; an object patch turns a non-object target into `{}`,
    /// then removes the members whose patch value is null and merges the others in.
    mutating func _merge(_ patch: JSON, at tokens: [String]) {
        guard case .object(let members) = patch else {
            _mergeEdit(tokens) { (target, pointer) throws(JSONEditError) in
                try target.add(patch, at: tokens[...], pointer: pointer)
            }
            return
        }
        if kind(at: tokens[...]) != .object {
            _mergeEdit(tokens) { (target, pointer) throws(JSONEditError) in
                try target.add([:], at: tokens[...], pointer: pointer)
            }
        }
        // In order, so that with a key repeated in the patch the last one wins, as in lookup.
        for member in members {
            let child = tokens + [member.key]
            if case .null = member.value {
                if kind(at: child[...]) != nil {
                    _mergeEdit(child) { (target, pointer) throws(JSONEditError) in
                        try target.remove(at: child[...], pointer: pointer)
                    }
                }
            } else {
                _merge(member.value, at: child)
            }
        }
    }

    /// Runs an edit that cannot fail: merging only ever writes into an object it has just checked or made.
    private mutating func _mergeEdit(
        _ tokens: [String], _ edit: (inout Self, String) throws(JSONEditError) -> Void
    ) {
        do {
            try edit(&self, JSONPointer.string(tokens))
        } catch {
            assertionFailure("JSON Merge Patch: \(error)")
        }
    }
}

extension JSON {
    /// A copy with an RFC 7386 JSON Merge Patch applied; see ``merge(_:)``.
    public func merging(_ patch: JSON) -> JSON {
        var copy = self
        copy.merge(patch)
        return copy
    }

    /// Applies an RFC 7386 JSON Merge Patch: an object patch sets its members here,
    /// recursively, and removes those whose value is `null`; any other patch replaces the
    /// value. Arrays are replaced, not merged. Merging cannot fail.
    ///
    /// ```swift
    /// var post: JSON = ["title": "Goodbye!", "author": ["givenName": "John", "familyName": "Doe"]]
    /// post.merge(["title": "Hello!", "author": ["familyName": nil]])
    /// // {"title": "Hello!", "author": {"givenName": "John"}}
    /// ```
    public mutating func merge(_ patch: JSON) {
        _merge(patch, at: [])
    }
}
