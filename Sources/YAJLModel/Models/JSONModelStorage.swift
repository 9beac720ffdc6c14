
/// The one reference a model value holds: its backing JSON, and the property
/// values read from it so far.
///
/// Generated code reads properties through `value(slot:key:codec:default:)`: the
/// first read of a property decodes it and caches it in its slot; later reads
/// return the cached value. Many threads may read one model at once; the cache sits
/// behind a lock, and decoding happens outside it. The reading functions are
/// inlinable so that they specialize for each property type in the caller's module.
public final class JSONModelStorage: Sendable {
    /// The model's JSON object, unmapped keys included.
    public let json: JSONValue
    @usableFromInline let cache: _Locked<[(any Sendable)?]>

    /// Storage for a model with `propertyCount` mapped properties.
    public init(json: JSONValue, propertyCount: Int) {
        self.json = json
        cache = _Locked(Array(repeating: nil, count: propertyCount))
    }

    /// The value of the property in `slot`, at `key`, read with `codec`, or
    /// `defaultValue` when the key is missing or `null`.
    @inlinable
    public func value<Codec: JSONCodec>(
        slot: Int, key: String, codec: Codec.Type, default defaultValue: @autoclosure () -> Codec.Decoded?
    ) -> Codec.Decoded where Codec.Decoded: Sendable {
        if let cached = cached(slot, as: Codec.Decoded.self) { return cached }
        return store(JSONModelSupport.read(json[key], from: json, codec: codec, default: defaultValue()), in: slot)
    }

    /// The value of the property in `slot`, at the nested `path` of a dotted `@JSONKey`.
    @inlinable
    public func value<Codec: JSONCodec>(
        slot: Int, path: [String], codec: Codec.Type, default defaultValue: @autoclosure () -> Codec.Decoded?
    ) -> Codec.Decoded where Codec.Decoded: Sendable {
        if let cached = cached(slot, as: Codec.Decoded.self) { return cached }
        let found = JSONModelSupport.member(of: json, at: path)
        return store(JSONModelSupport.read(found, from: json, codec: codec, default: defaultValue()), in: slot)
    }

    /// The cached value of `slot`. An empty slot is nil; a cached `nil` (an optional
    /// property's) is `.some(nil)`, so the two never mix.
    @inlinable
    func cached<Value: Sendable>(_ slot: Int, as type: Value.Type) -> Value? {
        guard let boxed = cache.withLock({ $0[slot] }) else { return nil }
        return boxed as? Value
    }

    @inlinable
    func store<Value: Sendable>(_ value: Value, in slot: Int) -> Value {
        cache.withLock { $0[slot] = .some(value as any Sendable) }
        return value
    }
}

/// Helpers for the code that `@JSONModel` generates. Not meant to be called directly.
public enum JSONModelSupport {
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
        if let found, !found.isNull { return Codec.decode(validated: found) }
        if let missing = defaultValue() ?? Codec.valueForMissingKey { return missing }
        // Validation guarantees a value or a default; reading the null or the object
        // in its place keeps this unreachable path from trapping.
        return Codec.decode(validated: found ?? object)
    }

    /// Checks one property at `key`: present (or optional, or defaulted) and readable by `codec`.
    @inlinable
    public static func validate<Codec: JSONCodec>(
        _ object: JSONValue, key: String, codec: Codec.Type, hasDefault: Bool, into validation: inout JSONValidation
    ) {
        guard let value = object[key], !value.isNull else {
            if Codec.valueForMissingKey == nil && !hasDefault { validation.reportMissing(key, in: object) }
            return
        }
        Codec.validate(value, into: &validation)
    }

    /// Checks one property at a nested `path`; intermediate values must be objects.
    public static func validate<Codec: JSONCodec>(
        _ object: JSONValue, path: [String], codec: Codec.Type, hasDefault: Bool, into validation: inout JSONValidation
    ) {
        var current = object
        for (index, key) in path.enumerated() {
            guard let next = current[key], !next.isNull else {
                if Codec.valueForMissingKey == nil && !hasDefault {
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
        Codec.validate(current, into: &validation)
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
        var options = JSONParseOptions()
        options.maxDepth = .max  // the program built this value; only the parser's own size limit applies
        do {
            return try JSONDocument(input: .bytes(object.encoded(options: .withoutEscapingSlashes)), options: options).root
        } catch {
            fatalError("a model built from values is larger than a document can hold (\(error))")
        }
    }
}
