import Foundation

/// The edits of a document made by editing another, and its parsed form once read.
final class DocumentEdits: Sendable {
    let value: EditedValue
    /// The original document's text before and after its root value (white space, a
    /// byte-order mark), written around the edited root.
    let surroundings: JSONDocument.Surroundings
    /// At least the length of the edited text: the original's plus every added value's.
    let byteCountBound: Int
    private let parsedDocument = _Locked<JSONDocument?>(nil)

    /// The edits `value` of `original`, whose text is at most `byteCountBound` long.
    init(_ value: EditedValue, of original: JSONDocument, byteCountBound: Int) {
        self.value = value
        self.surroundings = original.surroundings
        self.byteCountBound = byteCountBound
    }

    /// The edited text: the root written from its edits, between the original's surroundings.
    func encoded() -> [UInt8] {
        surroundings.around(value.encoded())
    }

    /// The edited text, parsed: built on first use. Edits keep the text within the
    /// parser's size limit, and the writer emits valid JSON, so parsing succeeds.
    var parsed: JSONDocument {
        parsedDocument.withLock { cached in
            if let cached { return cached }
            do {
                let document = try JSONDocument.parsingWritten(encoded())
                cached = document
                return document
            } catch {
                fatalError("an edited document's text did not parse (\(error)); please report this")
            }
        }
    }
}

extension JSONDocument {
    /// A new document with `value` at `pointer` (RFC 6901), leaving this one as it was.
    ///
    /// In an object the member is replaced where it stands, or added at the end; in an
    /// array the element at an existing index is replaced, and `-` appends; `""`
    /// replaces the whole document.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: #"{"name": "Ada", "age": 36, "tags": ["x"]}"#)
    /// let older = try document.setting(37, at: "/age")
    /// older.jsonString()            // {"name": "Ada", "age": 37, "tags": ["x"]}
    /// document.root["age"]?.int     // 36
    /// ```
    ///
    /// The edit costs what its path costs, not what the document does: the new document
    /// shares this one's bytes and tree and records only the change. Writing it
    /// (``jsonData(options:)``) copies every untouched part as its original bytes, so key
    /// order, white space and number text are kept. Reading it (``root``) parses its
    /// written text once, on first use.
    /// - Throws: ``JSONEditError`` when the pointer is malformed or its parent is missing.
    public func setting(_ value: JSON, at pointer: String) throws(JSONEditError) -> JSONDocument {
        try editing(pointer, adding: .new(value)) { (parent, token, edit) throws(JSONEditError) in
            if parent.kind == .array && token != "-" {
                try parent.modifyChild(token, pointer: pointer) { $0 = edit }
            } else {
                try parent.add(edit, token: token, pointer: pointer)
            }
        }
    }

    /// A new document with `value`, a value of any document, at `pointer`; see
    /// ``setting(_:at:)-(JSON,_)``. The value is copied as its original bytes when written.
    public func setting(_ value: JSONValue, at pointer: String) throws(JSONEditError) -> JSONDocument {
        let edit: EditedValue = value.document.edits == nil ? .original(value) : .new(JSON(value))
        return try editing(pointer, adding: edit) { (parent, token, edit) throws(JSONEditError) in
            if parent.kind == .array && token != "-" {
                try parent.modifyChild(token, pointer: pointer) { $0 = edit }
            } else {
                try parent.add(edit, token: token, pointer: pointer)
            }
        }
    }

    /// A new document with `value` inserted at `pointer`, as RFC 6902's "add": in an
    /// array it goes before the element at the index (`-` appends); in an object it is
    /// set. This document stays as it was.
    /// - Throws: ``JSONEditError`` when the pointer is malformed, its parent is missing,
    ///   or the index is past the end.
    public func inserting(_ value: JSON, at pointer: String) throws(JSONEditError) -> JSONDocument {
        try editing(pointer, adding: .new(value)) { (parent, token, edit) throws(JSONEditError) in
            try parent.add(edit, token: token, pointer: pointer)
        }
    }

    /// A new document without the value at `pointer`, leaving this one as it was. In an
    /// object every member with the key goes; in an array later elements move up.
    /// - Throws: ``JSONEditError`` when nothing is at `pointer`, or it is the root.
    public func removing(at pointer: String) throws(JSONEditError) -> JSONDocument {
        let tokens = try JSONPath.tokens(pointer)
        guard let last = tokens.last else { throw JSONEditError(.cannotRemoveRoot, pointer: pointer) }
        var root = editedRoot
        try root.modify(at: tokens.dropLast(), pointer: pointer) { (parent) throws(JSONEditError) in
            try parent.removeChild(last, pointer: pointer)
        }
        return JSONDocument(edits: DocumentEdits(root, of: self, byteCountBound: byteCountBound))
    }

    /// A new document with an RFC 6902 JSON Patch applied, leaving this one as it was.
    ///
    /// ```swift
    /// let patch = try JSONPatch(parsing: #"[{"op": "test", "path": "/age", "value": 36},
    ///                                      {"op": "replace", "path": "/age", "value": 37}]"#)
    /// let older = try document.applying(patch)
    /// ```
    ///
    /// The operations apply in order, all or none: the first that fails (a `test` that
    /// does not match, a missing path) throws, and no document is made. Like the other
    /// edits, the result records only what changed.
    /// - Throws: ``JSONEditError`` naming the failed operation's index and pointer.
    public func applying(_ patch: JSONPatch) throws(JSONEditError) -> JSONDocument {
        var root = editedRoot
        try root._apply(patch)
        return try JSONDocument(checkingSizeOf: root, of: self)
    }

    /// A new document with an RFC 7386 JSON Merge Patch applied, leaving this one as it
    /// was: each member of `patch` replaces the member of the same name, `null` removes
    /// it, and objects merge recursively.
    ///
    /// ```swift
    /// let updated = try document.merging(["age": 37, "nickname": nil])
    /// ```
    /// - Throws: ``JSONEditError`` only when the result could outgrow a document.
    public func merging(_ patch: JSON) throws(JSONEditError) -> JSONDocument {
        var root = editedRoot
        root._merge(patch, at: [])
        return try JSONDocument(checkingSizeOf: root, of: self)
    }

    /// A document over `edited`, unless its text could outgrow what a document holds.
    private convenience init(checkingSizeOf edited: EditedValue, of original: JSONDocument) throws(JSONEditError) {
        let bound = edited.byteCountBound
        guard bound <= JSONParseOptions.maximumSupportedInputBytes else { throw JSONEditError(.tooLarge, pointer: "") }
        self.init(edits: DocumentEdits(edited, of: original, byteCountBound: bound))
    }

    /// This document's root as an edited value: the edits so far, or the untouched root.
    var editedRoot: EditedValue { edits?.value ?? .original(root) }

    /// At least the length of this document's text.
    var byteCountBound: Int { edits?.byteCountBound ?? input.count }

    /// Applies one edit at `pointer` whose last token names a child of a container.
    private func editing(
        _ pointer: String, adding edit: EditedValue,
        _ body: (inout EditedValue, String, EditedValue) throws(JSONEditError) -> Void
    ) throws(JSONEditError) -> JSONDocument {
        let tokens = try JSONPath.tokens(pointer)
        var root = editedRoot
        var lead = 0
        var added = edit.byteCountBound
        if let last = tokens.last {
            try root.modify(at: tokens.dropLast(), pointer: pointer) { (parent) throws(JSONEditError) in
                lead = parent.newChildSpacingByteCount
                added = parent.byteCountBound(ofNewChild: edit)
                try body(&parent, last, edit)
            }
        } else {
            root = edit
        }
        // Each added value can add its own length (laid out as its new siblings are) plus a
        // key and separators, and in an original container the spacing copied from its text.
        let bound = byteCountBound + added + (tokens.last?.utf8.count ?? 0) * 6 + 4 + lead
        guard bound <= JSONParseOptions.maximumSupportedInputBytes else { throw JSONEditError(.tooLarge, pointer: pointer) }
        return JSONDocument(edits: DocumentEdits(root, of: self, byteCountBound: bound))
    }
}
