/// A property type chosen by a sibling member's value, as `@JSONDiscriminator("type") var
/// payload: EventPayload` is by the `type` beside `payload` (GitHub events): a
/// ``JSONPolymorphic`` type, or an optional one. The generated code's requirements, hence
/// the `_` names.
public protocol _JSONSiblingChosen: JSONCodec {
    /// Checks that `json` reads as the variant `discriminator` names (nil when the sibling
    /// `key` is missing or not a string), reporting every problem into `validation`.
    static func _validate(_ json: JSONValue, discriminator: String?, key: String, into validation: inout JSONValidation)

    /// Reads the variant `discriminator` names from `json`, which `_validate(_:discriminator:key:into:)` accepted.
    static func _decode(validated json: JSONValue, discriminator: String?, key: String) -> Decoded
}

extension JSONPolymorphic {
    public static func _validate(_ json: JSONValue, discriminator: String?, key: String, into validation: inout JSONValidation) {
        _ = validation.read(json) { try choose(json, discriminator: discriminator, key: key) }
    }

    public static func _decode(validated json: JSONValue, discriminator: String?, key: String) -> Self {
        do {
            return try choose(json, discriminator: discriminator, key: key)
        } catch {
            // Validation made the same choice from the same immutable values and it succeeded.
            fatalError("\(Self.self) failed on a value it accepted during validation: \(error)")
        }
    }
}

extension Optional: _JSONSiblingChosen where Wrapped: JSONPolymorphic {
    public static func _validate(_ json: JSONValue, discriminator: String?, key: String, into validation: inout JSONValidation) {
        if !json.isNull { Wrapped._validate(json, discriminator: discriminator, key: key, into: &validation) }
    }

    public static func _decode(validated json: JSONValue, discriminator: String?, key: String) -> Wrapped? {
        json.isNull ? nil : Wrapped._decode(validated: json, discriminator: discriminator, key: key)
    }
}

extension _JSONModelSupport {
    /// The node of `object`'s member `key`, or 0 when it has none (for a generic model's validation).
    public static func node(of object: JSONValue, key: String) -> UInt32 { object[key]?.node ?? 0 }

    /// Checks a property chosen by its sibling at `discriminatorKey`, whose own value is at
    /// `node` (0 when missing).
    public static func validate<Codec: _JSONSiblingChosen>(
        _ node: UInt32, key: String, in object: JSONValue, choosingBy discriminatorKey: String, codec: Codec.Type,
        hasDefault: Bool, into validation: inout JSONValidation
    ) {
        guard let value = object.document.value(at: node), !value.isNull else {
            if Codec._valueForMissingKey == nil && !hasDefault { validation.reportMissing(key, in: object) }
            return
        }
        Codec._validate(value, discriminator: object[discriminatorKey]?.string, key: discriminatorKey, into: &validation)
    }
}

extension _JSONModelStorage {
    /// `_read` for a property chosen by its sibling at `discriminatorKey`. The choice is the
    /// one validation made, from the original sibling: a changed sibling changes what is
    /// written, not what was read, since the value may not read as another variant. (A value
    /// a setter stored stays cached, in copies too.)
    public func _read<Codec: _JSONSiblingChosen>(
        _ node: UInt32, at path: [String], choosingBy discriminatorKey: String, codec: Codec.Type,
        default defaultValue: @autoclosure () -> Codec.Decoded?
    ) -> Codec.Decoded {
        let found = isEdited ? changedMember(at: path) : original.document.value(at: node)
        guard let found, !found.isNull else { return _JSONModelSupport.read(found, from: original, codec: codec, default: defaultValue()) }
        return Codec._decode(validated: found, discriminator: original[discriminatorKey]?.string, key: discriminatorKey)
    }
}
