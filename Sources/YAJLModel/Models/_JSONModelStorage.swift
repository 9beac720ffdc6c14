
/// The one reference a model value holds: the JSON it was read from, the property
/// values read so far, and the changes made to it.
///
/// Generated getters read through `value(slot:key:codec:default:)`: the first read of
/// a property decodes it and caches it in its slot; later reads return the cached
/// value. Many threads may read one model at once; the cache sits behind a lock, and
/// decoding happens outside it. The reading functions are inlinable so that they
/// specialize for each property type in the caller's module.
///
/// Generated setters call `set(_:in:slot:key:codec:)`, which copies the storage first
/// when another model value shares it (copy-on-write), then records the change: the
/// new value in its slot, and its JSON in an overlay over the original object. The
/// copy and the change cost the model's property count and the value's size, never
/// the document's.
public final class _JSONModelStorage: @unchecked Sendable {
    // @unchecked: `edits` changes only in `record`, which runs on a storage that one
    // model value holds alone (see `set`), so no other thread can see it; the
    // cache is behind a lock.

    /// The JSON object the model was read from, unmapped keys included.
    public let original: JSONValue
    /// The changes over `original`; nil until a property is set.
    private(set) var edits: EditedValue?
    @usableFromInline let cache: _Locked<ModelCache>

    /// Storage for a model with `propertyCount` mapped properties.
    public init(json: JSONValue, propertyCount: Int) {
        original = json
        cache = _Locked(ModelCache(values: Array(repeating: nil, count: propertyCount), keys: Array(repeating: nil, count: propertyCount)))
    }

    private init(copying other: _JSONModelStorage) {
        original = other.original
        edits = other.edits
        let (values, keys) = other.cache.withLock { ($0.values, $0.keys) }
        cache = _Locked(ModelCache(values: values, keys: keys))
    }

    /// The model's JSON: the original, or once changed, the changed JSON (written and
    /// parsed on first use after a change).
    public var json: JSONValue {
        guard let edits else { return original }
        return cache.withLock { cache in
            if let json = cache.editedJSON { return json }
            let json = _JSONModelSupport.parse(edits.encoded())
            cache.editedJSON = json
            return json
        }
    }

    /// The model's changed form for writing: untouched parts stay the original's.
    var edited: EditedValue { edits ?? .original(original) }

    /// Whether a property was set: reads of properties not cached yet then look
    /// through the changes, since one property's path may lie inside another's.
    @usableFromInline var isEdited: Bool { edits != nil }

    /// The value at `path` with the changes: an untouched part of the original as it
    /// is, or a changed part as a small document of its own.
    @usableFromInline func changedMember(at path: [String]) -> JSONValue? {
        guard let value = edited.edited(at: path[...]) else { return nil }
        if case .original(let untouched) = value { return untouched }
        return _JSONModelSupport.parse(value.encoded())
    }

    /// The value of the property in `slot`, at `key`, read with `codec`, or
    /// `defaultValue` when the key is missing or `null`.
    @inlinable
    public func value<Codec: JSONCodec>(
        slot: Int, key: String, codec: Codec.Type, default defaultValue: @autoclosure () -> Codec.Decoded?
    ) -> Codec.Decoded where Codec.Decoded: Sendable {
        if let cached = cached(slot, as: Codec.Decoded.self) { return cached }
        let found = isEdited ? changedMember(at: [key]) : original[key]
        return store(_JSONModelSupport.read(found, from: original, codec: codec, default: defaultValue()), in: slot, key: key)
    }

    /// The value of the property in `slot`, at the nested `path` of a dotted `@JSONKey`.
    @inlinable
    public func value<Codec: JSONCodec>(
        slot: Int, path: [String], codec: Codec.Type, default defaultValue: @autoclosure () -> Codec.Decoded?
    ) -> Codec.Decoded where Codec.Decoded: Sendable {
        if let cached = cached(slot, as: Codec.Decoded.self) { return cached }
        let found = isEdited ? changedMember(at: path) : _JSONModelSupport.member(of: original, at: path)
        return store(_JSONModelSupport.read(found, from: original, codec: codec, default: defaultValue()), in: slot, key: path.first)
    }

    /// Sets the property in `slot`, at `key`, copying `storage` first if it is shared.
    public static func set<Codec: JSONCodec>(
        _ value: Codec.Decoded, in storage: inout _JSONModelStorage, slot: Int, key: String, codec: Codec.Type
    ) where Codec.Decoded: Sendable {
        set(value, in: &storage, slot: slot, path: [key], codec: codec)
    }

    /// Sets the property in `slot`, at the nested `path` (missing objects on the way are created).
    public static func set<Codec: JSONCodec>(
        _ value: Codec.Decoded, in storage: inout _JSONModelStorage, slot: Int, path: [String], codec: Codec.Type
    ) where Codec.Decoded: Sendable {
        if !isKnownUniquelyReferenced(&storage) { storage = _JSONModelStorage(copying: storage) }
        storage.record(value, slot: slot, path: path, codec: codec)
    }

    private func record<Codec: JSONCodec>(_ value: Codec.Decoded, slot: Int, path: [String], codec: Codec.Type) where Codec.Decoded: Sendable {
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
        cache.withLock { cache in
            // A property under the same top-level key (`media` and `media.m`) may hold
            // what just changed: it is read again, through the change.
            for other in cache.values.indices where other != slot && cache.keys[other] == path.first {
                cache.values[other] = nil
            }
            cache.values[slot] = .some(value as any Sendable)
            cache.keys[slot] = path.first
            cache.editedJSON = nil
        }
    }

    /// The cached value of `slot`. An empty slot is nil; a cached `nil` (an optional
    /// property's) is `.some(nil)`, so the two never mix.
    @inlinable
    func cached<Value: Sendable>(_ slot: Int, as type: Value.Type) -> Value? {
        guard let boxed = cache.withLock({ $0.values[slot] }) else { return nil }
        return boxed as? Value
    }

    @inlinable
    func store<Value: Sendable>(_ value: Value, in slot: Int, key: String?) -> Value {
        cache.withLock { cache in
            cache.values[slot] = .some(value as any Sendable)
            cache.keys[slot] = key
        }
        return value
    }
}

/// What a model's storage caches: property values by slot, and its changed JSON.
@usableFromInline
struct ModelCache {
    @usableFromInline var values: [(any Sendable)?]
    /// The top-level key each cached value was read from.
    @usableFromInline var keys: [String?]
    var editedJSON: JSONValue?

    @usableFromInline init(values: [(any Sendable)?], keys: [String?]) {
        self.values = values
        self.keys = keys
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
        guard let value = object[key], !value.isNull else {
            if Codec._valueForMissingKey == nil && !hasDefault { validation.reportMissing(key, in: object) }
            return
        }
        Codec._validate(value, into: &validation)
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
