extension EditedValue {
    /// The JSON for a value set on a model property, in place of `original`.
    ///
    /// Models (alone, optional, or in an array), `JSONValue`s and the variants of
    /// ``JSONPolymorphic`` values are written as their own JSON, so whatever in them was not
    /// changed keeps its original bytes; other
    /// values are encoded by their codec, kept to the original's JSON type. Only a
    /// type that is its own codec is written this way: a transformer decides its JSON.
    init<Codec: JSONCodec>(_ value: Codec.Decoded, codec: Codec.Type, like original: JSONValue?) {
        if Codec.self is any JSONConvertible.Type, let edited = EditedValue.writtenAsItself(value) {
            self = edited
        } else {
            self = .new(Codec._encode(value, like: original))
        }
    }

    private static func writtenAsItself(_ value: Any) -> EditedValue? {
        switch value {
        case let model as any JSONModel: model._jsonStorage.edited
        case let json as JSONValue: .original(json)
        case let array as any EditedRepresentable: array.edited
        case let models as [any JSONModel] where !models.isEmpty: .array(models.map { $0._jsonStorage.edited })
        case let chosen as any JSONPolymorphic:
            // The variant's own text, unless the type writes other JSON than its variant's.
            chosen.heldValue.flatMap(writtenAsItself).flatMap { $0.json == chosen.jsonRepresentation ? $0 : nil }
        default: nil
        }
    }
}

/// A value that knows its JSON as an edited value: a ``JSONArray``.
protocol EditedRepresentable {
    var edited: EditedValue { get }
}

extension JSONArray: EditedRepresentable {}
