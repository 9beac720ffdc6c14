import Synchronization

/// The one reference a model value holds: the JSON it was read from, where each
/// property's value sits in it, the property values read so far, and the changes made.
///
/// `@JSONModel` writes a final subclass per model, `_JSONStorage`, with one typed cache
/// field per property and the nodes of their values, found in one pass over the object's
/// members when the model is created. So a getter's first read goes straight to its node,
/// and later reads return the typed field: no key lookup, no boxing, no cast, no lock.
///
/// Many threads may read one model at once. A field is filled once: the first reader to
/// claim it (one atomic bit) writes it, then publishes it (another bit, with release
/// ordering); a reader that sees the published bit (with acquire ordering) reads the
/// field. A reader that loses the claim returns the value it decoded, which is equal.
/// Values cheaper to decode than to cache (`Bool`, integers, `Double`) are decoded on
/// each read and never claimed (see ``JSONCodec/_cachesDecodedValue``).
///
/// Setters copy the storage first when another model value shares it (copy-on-write),
/// then record the change: the new value in its field, and its JSON in an overlay over
/// the original object. The copy and the change cost the model's property count and the
/// value's size, never the document's.
open class _JSONModelStorage: @unchecked Sendable {
    // @unchecked: `edits` and the subclass's fields change only while one model value
    // holds the storage alone (a setter, after the uniqueness check) or before it is
    // shared (the initializer); cache fields are filled under the claim-and-publish
    // protocol above; the edited JSON is behind a lock.

    /// The JSON object the model was read from, unmapped keys included.
    public let original: JSONValue
    /// The changes over `original`; nil until a property is set.
    @exclusivity(unchecked) private(set) var edits: EditedValue? {
        didSet { isEdited = edits != nil }
    }
    /// Whether a property was set: reads then look through the changes, since one
    /// property's path may lie inside another's.
    @usableFromInline @exclusivity(unchecked) private(set) var isEdited = false
    /// The changed JSON, written and parsed on first use after a change.
    @exclusivity(unchecked) private var editedJSON: _Locked<JSONValue?>?
    /// Bit n: property n's value is in its cache field.
    @usableFromInline let publishedSlots = Atomic<UInt64>(0)
    /// Bit n: a reader has taken the right to fill property n's cache field.
    @usableFromInline let claimedSlots = Atomic<UInt64>(0)

    /// Storage for the model object `json`.
    public init(json: JSONValue) {
        original = json
    }

    /// A copy of `other` for a setter: the same JSON and changes, and the same properties
    /// cached, whose fields the subclass copies (`_isCached` tells which). Values a setter
    /// stored are kept so, rather than read again from their JSON, which need not say
    /// everything they are (a polymorphic value chosen by a sibling key).
    public init(copying other: _JSONModelStorage) {
        original = other.original
        edits = other.edits
        isEdited = other.isEdited
        if other.isEdited { editedJSON = _Locked(nil) }
        // Acquiring: the fields of these slots were written before their bits were published.
        let cached = other.publishedSlots.load(ordering: .acquiring)
        publishedSlots.store(cached, ordering: .relaxed)
        claimedSlots.store(cached, ordering: .relaxed)
    }

    /// The model's JSON: the original, or once changed, the changed JSON.
    public var json: JSONValue {
        guard let edits, let editedJSON else { return original }
        return editedJSON.withLock { json in
            if let json { return json }
            let parsed = _JSONModelSupport.parse(edits.encoded())
            json = parsed
            return parsed
        }
    }

    /// The model's changed form for writing: untouched parts stay the original's.
    var edited: EditedValue { edits ?? .original(original) }

    /// Whether the model's JSON is the root of the document it was read from, whose whole text
    /// (white space around the root included) it then writes back.
    var isDocumentRoot: Bool { original.node == 0 }

    /// The changed model's text: its changes, between the text around its document's root when
    /// it was read from that root; nil until a property is set.
    var editedText: [UInt8]? {
        guard let edits else { return nil }
        return isDocumentRoot ? original.document.surroundings.around(edits.encoded()) : edits.encoded()
    }

    // MARK: Reading

    /// Whether property `slot`'s value is in its cache field (the field may then be read).
    @inlinable @inline(__always)
    public func _isCached(_ slot: Int) -> Bool {
        publishedSlots.load(ordering: .acquiring) & Self.bit(slot) != 0
    }

    /// Whether this reader may fill property `slot`'s cache field with a value of
    /// `codec`: true once per slot, and never for values not worth caching.
    @inlinable @inline(__always)
    public func _claim<Codec: JSONCodec>(_ slot: Int, for codec: Codec.Type) -> Bool {
        guard Codec._cachesDecodedValue else { return false }
        let bit = Self.bit(slot)
        return bit != 0 && claimedSlots.bitwiseOr(bit, ordering: .relaxed).oldValue & bit == 0
    }

    /// Publishes property `slot`'s cache field, which its claimer has just written.
    @inlinable @inline(__always)
    public func _publish(_ slot: Int) {
        publishedSlots.bitwiseOr(Self.bit(slot), ordering: .releasing)
    }

    /// Decodes the property whose value is at `node` (0 when its key is missing), at
    /// `path` in the model's object, or gives `defaultValue` for a missing key or `null`.
    @inlinable
    public func _read<Codec: JSONCodec>(
        _ node: UInt32, at path: @autoclosure () -> [String], codec: Codec.Type,
        default defaultValue: @autoclosure () -> Codec.Decoded?
    ) -> Codec.Decoded {
        if !isEdited, node != 0, !original.document.isNull(node) {
            // The usual read: the value found when the model was created, made unretained (see
            // `_JSONModelSupport.validate(_:key:in:codec:hasDefault:into:)`).
            // Unsafe: `original` holds the document for the whole call; a decoded value that keeps it copies the reference, which retains it.
            return Unmanaged.passUnretained(original.document)._withUnsafeGuaranteedRef { Codec._decode(validated: JSONValue(document: $0, node: node)) }
        }
        let found = isEdited ? changedMember(at: path()) : original.document.value(at: node)
        return _JSONModelSupport.read(found, from: original, codec: codec, default: defaultValue())
    }

    /// The value at `path` with the changes: an untouched part of the original as it
    /// is, or a changed part as a small document of its own.
    @usableFromInline func changedMember(at path: [String]) -> JSONValue? {
        guard let value = edited.edited(at: path[...]) else { return nil }
        if case .original(let untouched) = value { return untouched }
        return _JSONModelSupport.parse(value.encoded())
    }

    /// Bit `slot` of a slot mask; 0 past the 64th property, whose values are not cached.
    @inlinable @inline(__always)
    static func bit(_ slot: Int) -> UInt64 { slot < 64 ? 1 << UInt64(slot) : 0 }

    // MARK: Changing

    /// Records `value` as property `slot`'s new value, at `path`, on a storage that one
    /// model value holds alone; the setter then stores it in the cache field. Properties
    /// in `overlapping` (under the same first key) are read again, through the change.
    public func _record<Codec: JSONCodec>(
        _ value: Codec.Decoded, slot: Int, at path: [String], codec: Codec.Type, overlapping: UInt64 = 0
    ) {
        guard let key = path.last else { return }
        let originalValue = _JSONModelSupport.member(of: original, at: path)
        let json = EditedValue(value, codec: codec, like: originalValue)
        var edited = self.edited
        // The model's JSON is an object (validation checked it), and `creatingObjects`
        // makes one of every step of the path, so these edits cannot fail.
        if case .new(.null) = json, Codec._valueForMissingKey != nil {
            // An optional set to nil: the key goes, unless it held null, which stays.
            if let originalValue, originalValue.isNull {
                try? edited.modify(at: path.dropLast()[...], pointer: "", creatingObjects: true) { (parent) throws(JSONEditError) in
                    try parent.add(.original(originalValue), token: key, pointer: "")
                }
            } else if edited.edited(at: path[...]) != nil {
                try? edited.modify(at: path.dropLast()[...], pointer: "") { (parent) throws(JSONEditError) in
                    try parent.removeChild(key, pointer: "")
                }
            }
        } else {
            try? edited.modify(at: path.dropLast()[...], pointer: "", creatingObjects: true) { (parent) throws(JSONEditError) in
                try parent.add(json, token: key, pointer: "")
            }
        }
        edits = edited
        editedJSON = _Locked(nil)
        let bit = Self.bit(slot)
        // Unique, so nothing reads these now: the setter's field write needs no ordering.
        publishedSlots.bitwiseAnd(~overlapping, ordering: .relaxed)
        claimedSlots.bitwiseAnd(~overlapping, ordering: .relaxed)
        publishedSlots.bitwiseOr(bit, ordering: .relaxed)
        claimedSlots.bitwiseOr(bit, ordering: .relaxed)
    }
}

extension JSONDocument {
    /// The value at `node`, or nil for 0 (a missing key).
    @inlinable @inline(__always)
    func value(at node: UInt32) -> JSONValue? {
        node == 0 ? nil : JSONValue(document: self, node: node)
    }
}

/// Helpers for the code that `@JSONModel` generates. Not meant to be called directly.
public enum _JSONModelSupport {
    /// The value at `path` under `object`, or nil if a key is missing or a step is not an object.
    @inlinable
    public static func member(of object: JSONValue, at path: [String]) -> JSONValue? {
        var current = object
        for key in path {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }

    /// Decodes a found value, or gives the value for a missing key.
    @inlinable
    public static func read<Codec: JSONCodec>(
        _ found: JSONValue?, from object: JSONValue, codec: Codec.Type, default defaultValue: @autoclosure () -> Codec.Decoded?
    ) -> Codec.Decoded {
        if let found, !found.isNull { return Codec._decode(validated: found) }
        if let missing = defaultValue() ?? Codec._valueForMissingKey { return missing }
        // Validation guarantees a value or a default; reading the null or the object
        // in its place keeps this unreachable path from trapping.
        return Codec._decode(validated: found ?? object)
    }

    /// Checks one property at `key`: present (or optional, or defaulted) and readable by `codec`.
    @inlinable
    public static func validate<Codec: JSONCodec>(
        _ object: JSONValue, key: String, codec: Codec.Type, hasDefault: Bool, into validation: inout JSONValidation
    ) {
        validate(object[key]?.node ?? 0, key: key, in: object, codec: codec, hasDefault: hasDefault, into: &validation)
    }

    /// Checks one property at a nested `path`; intermediate values must be objects.
    public static func validate<Codec: JSONCodec>(
        _ object: JSONValue, path: [String], codec: Codec.Type, hasDefault: Bool, into validation: inout JSONValidation
    ) {
        var current = object
        for (index, key) in path.enumerated() {
            guard let next = current[key], !next.isNull else {
                if Codec._valueForMissingKey == nil && !hasDefault {
                    validation.reportMissing(path[index...].joined(separator: "."), in: current)
                }
                return
            }
            if index < path.count - 1 && next.kind != .object {
                validation.reportKind("object", at: next)
                return
            }
            current = next
        }
        Codec._validate(current, into: &validation)
    }

    /// Sets `value` at `path` in an object being built, creating intermediate objects;
    /// with `omittingNull`, a `null` (an optional's `nil`) leaves the key out.
    public static func set(_ value: JSON, at path: [String], in object: inout JSON, omittingNull: Bool = false) {
        guard let key = path.first else { return }
        if omittingNull, case .null = value { return }
        if path.count == 1 {
            object[key] = value
            return
        }
        var child = object[key] ?? [:]
        if case .object = child {} else { child = [:] }
        set(value, at: Array(path.dropFirst()), in: &child)
        object[key] = child
    }

    /// The root of a document holding `object`, for a model built from values.
    public static func document(for object: JSON) -> JSONValue {
        parse(object.encoded(options: .withoutEscapingSlashes))
    }

    /// An empty JSON array, for arrays built empty.
    static let emptyArray = parse(Array("[]".utf8))

    /// An empty JSON object, for the empty literal of an object view.
    static let emptyObject = parse(Array("{}".utf8))

    /// Parses JSON that this library wrote from values the program built.
    static func parse(_ bytes: [UInt8]) -> JSONValue {
        do {
            return try JSONDocument.parsingWritten(bytes).root
        } catch {
            fatalError("a model built from values is larger than a document can hold (\(error))")
        }
    }

    /// `json`, kept to the JSON type of `original`, the value it replaces, so that an
    /// edit changes the value but not how it was written:
    /// - a number replacing a string (`"20"`) is written as a string (`"21"`);
    /// - a number whose text ends in `.0` replacing an integer is written as one (`21`);
    /// - a Boolean replacing `"true"`/`"false"` or `0`/`1` is written the same way.
    public static func matchingType(_ json: JSON, of original: JSONValue?) -> JSON {
        guard let original else { return json }
        switch (json, original.kind) {
        case (.number(let number), .string):
            return .string(number.text)
        case (.number(let number), .number):
            let isInteger = original.numberText.map { !$0.contains(where: { ".eE".contains($0) }) } ?? false
            if isInteger, number.text.hasSuffix(".0"), !number.text.contains(where: { "eE".contains($0) }) {
                return .number(JSONNumber(uncheckedText: String(number.text.dropLast(2))))
            }
            return json
        case (.bool(let value), .string):
            return .string(value ? "true" : "false")
        case (.bool(let value), .number):
            return .number(JSONNumber(value ? 1 : 0))
        default:
            return json
        }
    }
}
