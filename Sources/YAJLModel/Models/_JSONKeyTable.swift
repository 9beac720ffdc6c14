import CYAJLTree

/// The JSON keys a model type reads, in a small hash table built once per type, so that
/// validating an object, and finding its properties' values when a model is created, is
/// one pass over its members instead of one lookup per property.
///
/// The table holds only the type's own keys, fixed at compile time; keys from the input
/// only probe it, so a probe scans at most the table's own entries whatever the input.
public struct _JSONKeyTable: Sendable {
    /// Every property's first key, entry i being property i's (a `KeyTable` of trusted keys:
    /// its probes are not bounded, so that every key is found).
    private let keys: KeyTable<Void>
    /// The keys after the first of each dotted path (empty for a plain key).
    let rests: [ArraySlice<String>]
    /// Bit n: some first key is n bytes long (bit 63: 63 or more). A member whose key has
    /// no length here is passed over by its node alone, without reading its bytes.
    private let lengths: UInt64
    /// Whether no two properties share a first key (as dotted paths can): then a member
    /// is at most one property's, and the property declared after the last one found is
    /// tried before hashing, since members mostly come in the order properties are declared.
    private let firstKeysAreUnique: Bool

    /// A table of `paths`, each property's keys from the model's object to its value, by property index.
    public init(_ paths: [[String]]) {
        var keys = KeyTable<Void>(arenaLimit: Int(Int32.max), probeLimit: .max)
        for path in paths {
            var key = path.first ?? ""
            _ = key.withUTF8 { keys.insert(UnsafeRawBufferPointer($0), value: ()) }
        }
        self.keys = keys
        self.lengths = paths.reduce(0) { $0 | Self.lengthBit(($1.first ?? "").utf8.count) }
        self.firstKeysAreUnique = Set(paths.map { $0.first ?? "" }).count == paths.count
        self.rests = paths.map { $0.dropFirst() }
    }

    var count: Int { rests.count }

    @inline(__always)
    private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    /// Calls `body` with each property whose first key is a member of `object`, and the
    /// node of that member's value, in document order (so with repeated keys, the last
    /// call for a property is the last member, as lookups find).
    @inline(__always)
    func forEachMember(of object: JSONValue, _ body: (_ property: Int, _ value: UInt32) -> Void) {
        keys.withUnsafeTable { keys in
            let count = keys.entries.count
            var expected = firstKeysAreUnique ? 0 : count  // `count`: no guess
            object.document.forEachMember(of: object.node, keyLengths: lengths) { member, value in
                if expected < count, _keyBytesEqual(keys.key(expected), member) {
                    body(expected, value)
                    expected &+= 1
                    return
                }
                if let next = Self.hashedMember(member, value: value, in: keys, unique: firstKeysAreUnique, body) { expected = next }
            }
        }
    }

    /// Calls `body` with each property whose first key is `member`, found by hashing, and
    /// returns the property to expect next when first keys are unique and one was found. Out of
    /// line, so that the member loop above, with the expected property's test, stays small
    /// enough to inline.
    @inline(never)
    private static func hashedMember(
        _ member: UnsafeRawBufferPointer, value: UInt32, in keys: _UnsafeKeyTable<Void>, unique: Bool,
        _ body: (_ property: Int, _ value: UInt32) -> Void
    ) -> Int? {
        var probe = keys.probe(keyEndsHash(member))
        while let index = keys.nextMatch(member, &probe) {
            body(index, value)
            if unique { return index &+ 1 }
        }
        return nil
    }
}

extension JSONDocument {
    /// Calls `body` with the UTF-8 of each member's key of `object` and its value's
    /// node, in document order: one pass over the nodes, the input reached once. Members
    /// whose key's length has no bit in `keyLengths` (see `_JSONKeyTable`) are passed over
    /// by their node alone: in a large document, reading every key's bytes again would
    /// cost more than the nodes do.
    @inline(__always)
    func forEachMember(
        of object: UInt32, keyLengths: UInt64 = .max, _ body: (_ key: UnsafeRawBufferPointer, _ value: UInt32) -> Void
    ) {
        let end = subtreeEnd(object)
        input.withBytes { input in
            var key = firstChild(object)
            while key < end {
                let value: UInt32
                if tag(key) == UInt32(YJM_ESCAPED_STRING) {
                    let location = tree.nodes[Int(key) + 1]
                    body(UnsafeRawBufferPointer(start: tree.side.map { $0 + Int(location.head) }, count: Int(location.offset)), key + 2)
                    value = key + 2
                } else {
                    let length = payload(key)
                    if keyLengths & 1 << UInt64(min(length, 63)) != 0 {
                        let start = startOffset(key) + 1
                        body(UnsafeRawBufferPointer(rebasing: input[start..<start + length]), key + 1)
                    }
                    value = key + 1
                }
                key = subtreeEnd(value)
            }
        }
    }
}

extension _JSONModelSupport {
    /// Finds, in one pass over `object`'s members, the value of each key in `table`
    /// (the last, with repeated keys), and calls `body` with their nodes by property
    /// index (0 when the key is missing): read directly, not through a closure called
    /// per property.
    ///
    /// Not generic on purpose: every model validates each of its objects through here, and a
    /// generic result cost a metadata lookup per call (about a third of an empty object's check).
    public static func withMembers(
        of object: JSONValue, table: _JSONKeyTable, _ body: (_ found: UnsafeBufferPointer<UInt32>) -> Void
    ) {
        // Unsafe: `forEachMember` passes only property indices below `table.count`, the allocation's capacity.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: table.count) { found in
            found.initialize(repeating: 0)  // 0: not found (node 0 is the root, never a member)
            table.forEachMember(of: object) { found[$0] = $1 }
            body(UnsafeBufferPointer(found))
        }
    }

    /// Writes into `nodes` (one `UInt32` per property) the node of each property's value
    /// in `object`, or 0 where a key on its path is missing or a step is not an object:
    /// what a model's getters read from, found once when the model is created.
    // Unsafe (both `findNodes`): `nodes` is the model's tuple of at least as many `UInt32`s as properties (the macro sizes it), written only here.
    public static func findNodes(of object: JSONValue, table: _JSONKeyTable, into nodes: UnsafeMutableRawBufferPointer) {
        let found = nodes.bindMemory(to: UInt32.self)
        table.forEachMember(of: object) { found[$0] = $1 }
        for (index, rest) in table.rests.enumerated() where !rest.isEmpty && found[index] != 0 {
            found[index] = node(at: rest, under: found[index], in: object.document)
        }
    }

    /// `findNodes(of:table:into:)` for a generic model, which cannot keep a table: one
    /// lookup per property.
    public static func findNodes(of object: JSONValue, paths: [[String]], into nodes: UnsafeMutableRawBufferPointer) {
        let found = nodes.bindMemory(to: UInt32.self)
        for (index, path) in paths.enumerated() {
            found[index] = node(at: path[...], under: object.node, in: object.document)
        }
    }

    private static func node(at path: ArraySlice<String>, under start: UInt32, in document: JSONDocument) -> UInt32 {
        var current = JSONValue(document: document, node: start)
        for key in path {
            guard current.kind == .object, let next = current[key] else { return 0 }
            current = next
        }
        return current.node
    }

    /// Checks every element of an array with `codec`, or reports that `json` is not one.
    @inlinable
    public static func validateElements<Codec: JSONCodec>(
        of json: JSONValue, as codec: Codec.Type, into validation: inout JSONValidation
    ) {
        guard json.kind == .array else { return validation.reportKind("array", at: json) }
        let document = json.document
        var element = document.firstChild(json.node)
        let end = document.subtreeEnd(json.node)
        while element < end {
            // Unretained, as below.
            // Unsafe: `json` holds the document for the whole loop, and validation keeps no value.
            Unmanaged.passUnretained(document)._withUnsafeGuaranteedRef {
                Codec._validate(JSONValue(document: $0, node: element), into: &validation)
            }
            element = document.subtreeEnd(element)
        }
    }

    /// Checks one property whose first key's value, at `node` (0 when missing), has been found.
    ///
    /// The value is made from the document unretained (the model's object holds it):
    /// `JSONValue(document:node:)` for the call otherwise cost a retain and a release of
    /// the document per property, which the optimizer kept even around a check that reads
    /// only a tag. The same call through an inlined helper kept the pair too, so each hot
    /// site spells it out.
    @inlinable
    public static func validate<Codec: JSONCodec>(
        _ node: UInt32, key: String, in object: JSONValue, codec: Codec.Type, hasDefault: Bool,
        into validation: inout JSONValidation
    ) {
        guard node != 0, !object.document.isNull(node) else {
            if Codec._valueForMissingKey == nil && !hasDefault { validation.reportMissing(key, in: object) }
            return
        }
        // Unsafe: `object` holds the document for the call, and validation keeps no value.
        Unmanaged.passUnretained(object.document)._withUnsafeGuaranteedRef { Codec._validate(JSONValue(document: $0, node: node), into: &validation) }
    }

    /// Checks a property with a dotted path whose first key's value, at `node`, has been found.
    public static func validate<Codec: JSONCodec>(
        _ node: UInt32, path: [String], in object: JSONValue, codec: Codec.Type, hasDefault: Bool,
        into validation: inout JSONValidation
    ) {
        let value = object.document.value(at: node)
        guard let value, !value.isNull else {
            if Codec._valueForMissingKey == nil && !hasDefault { validation.reportMissing(path.joined(separator: "."), in: object) }
            return
        }
        guard value.kind == .object else { return validation.reportKind("object", at: value) }
        validate(value, path: Array(path.dropFirst()), codec: codec, hasDefault: hasDefault, into: &validation)
    }
}
