import Synchronization

/// The one reference a model value holds: its backing JSON, and the property
/// values read from it so far.
///
/// Generated code reads properties through ``value(slot:path:codec:default:)``:
/// the first read of a property decodes it and caches it in its slot; later reads
/// return the cached value. Many threads may read one model at once; the cache sits
/// behind a lock, and decoding happens outside it.
public final class JSONModelStorage: Sendable {
    /// The model's JSON object, unmapped keys included.
    public let json: JSONValue
    private let cache: Mutex<[(any Sendable)?]>

    /// Storage for a model with `propertyCount` mapped properties.
    public init(json: JSONValue, propertyCount: Int) {
        self.json = json
        cache = Mutex(Array(repeating: nil, count: propertyCount))
    }

    /// The value of the property in `slot`, found at the key `path` (one key, or
    /// several for a dotted `@JSONKey`), read with `codec`, or `defaultValue` when the
    /// key is missing or `null`.
    public func value<Codec: JSONCodec>(
        slot: Int, path: [String], codec: Codec.Type, default defaultValue: @autoclosure () -> Codec.Decoded?
    ) -> Codec.Decoded where Codec.Decoded: Sendable {
        if let cached = cache.withLock({ $0[slot] }) as? Codec.Decoded { return cached }
        let value: Codec.Decoded
        if let found = JSONModelSupport.member(of: json, at: path), !found.isNull {
            value = Codec.decode(validated: found)
        } else if let missing = Codec.valueForMissingKey ?? defaultValue() {
            value = missing
        } else {
            // Validation guarantees a value or a default; reading the null or the
            // object in its place keeps this unreachable path from trapping.
            value = Codec.decode(validated: JSONModelSupport.member(of: json, at: path) ?? json)
        }
        cache.withLock { $0[slot] = value }
        return value
    }
}

/// Helpers for the code that `@JSONModel` generates. Not meant to be called directly.
public enum JSONModelSupport {
    /// The value at `path` under `object`, or nil if a key is missing or a step is not an object.
    public static func member(of object: JSONValue, at path: [String]) -> JSONValue? {
        var current = object
        for key in path {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }

    /// Checks one property: present (or optional, or defaulted) and readable by `codec`.
    public static func validate<Codec: JSONCodec>(
        _ object: JSONValue, path: [String], codec: Codec.Type, hasDefault: Bool,
        at modelPath: JSONPath, into validation: inout JSONValidation
    ) {
        var current = object
        var currentPath = modelPath
        for (index, key) in path.enumerated() {
            currentPath = currentPath.appending(key: key)
            guard let next = current[key], !next.isNull else {
                if Codec.valueForMissingKey == nil && !hasDefault {
                    // Name the whole path, and point at the object that lacks the key.
                    let fullPath = path[(index + 1)...].reduce(currentPath) { $0.appending(key: $1) }
                    validation.reportMissing(at: fullPath, in: current)
                }
                return
            }
            if index < path.count - 1 && next.kind != .object {
                validation.reportKind("object", at: currentPath, value: next)
                return
            }
            current = next
        }
        Codec.validate(current, at: currentPath, into: &validation)
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
