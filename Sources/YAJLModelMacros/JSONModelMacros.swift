@_exported import YAJLModel

/// How `@JSONModel` names the JSON keys of properties without a `@JSONKey`.
public enum JSONKeyStrategy: Sendable {
    /// The property name as it is: `firstName` reads `"firstName"`.
    case useDefaultKeys
    /// snake_case: `firstName` reads `"first_name"`, `imageURL` reads `"image_url"`,
    /// `URLString` reads `"url_string"` (where `JSONEncoder`'s `.convertToSnakeCase` writes
    /// `"u_rl_string"`; the Models article's "Snake case" table compares the two).
    case snakeCase
}

/// Makes a struct a ``JSONModel``: a lazy, validated view over a JSON object.
///
/// ```swift
/// @JSONModel
/// struct Photo {
///     var title: String
///     var link: URL
///     @JSONKey("media.m") var imageURL: URL
///     var published: Date
///     var tags: Tags                         // a JSONConvertible type of your own
///     @JSONKey("author_id") var authorID: String
///     var views: Int = 0                     // used when the key is missing
///     var description: String?              // missing and null read as nil
/// }
/// let photo = try Photo(parsing: data)
/// ```
///
/// Each stored property becomes an accessor that decodes its value on first read and
/// caches it. The macro also writes `init(json:)` (through ``JSONModel``),
/// `init(parsing:)`, a memberwise initializer that builds a new model from values, and
/// `var json: JSONValue`. Computed and static properties are left alone. A
/// `static func preprocess` belongs in the struct's body: without one the macro writes the
/// identity there, so `init(parsing:)` reads `Data` without copying it, and a `preprocess`
/// in another extension of the struct does not compile.
///
/// - Parameter keys: how property names become JSON keys; ``JSONKeyStrategy/useDefaultKeys`` by default.
@attached(member, names: named(_storage), named(_JSONStorage), named(_jsonKeys), named(json), named(_jsonStorage), named(init), named(_validateProperties), named(_propertyValues), named(preprocess), named(_preprocessesInput))
@attached(memberAttribute)
@attached(extension, conformances: JSONModel, Codable)
public macro JSONModel(keys: JSONKeyStrategy = .useDefaultKeys) =
    #externalMacro(module: "YAJLModelMacroPlugin", type: "JSONModelMacro")

/// Reads a property from another key than its name: `@JSONKey("last_name")`. A dotted
/// path reads a nested value (`@JSONKey("media.m")`), and a path that starts with `/` is
/// a JSON Pointer, for keys that contain dots (`@JSONKey("/a.b/c")`).
@attached(peer)
public macro JSONKey(_ key: String) = #externalMacro(module: "YAJLModelMacroPlugin", type: "MarkerMacro")

/// Reads and writes a property through a ``JSONTransformer``: `@JSONTransform(EpochSeconds.self) var created: Date`.
@attached(peer)
public macro JSONTransform<Transformer: JSONTransformer>(_ transformer: Transformer.Type) =
    #externalMacro(module: "YAJLModelMacroPlugin", type: "MarkerMacro")

/// Chooses a ``JSONPolymorphic`` property's variant by the string of a sibling member, as
/// GitHub events keep `type` beside `payload`:
///
/// ```swift
/// @JSONModel struct Event {
///     var type: String
///     @JSONDiscriminator("type") var payload: EventPayload
/// }
/// ```
///
/// The variant is chosen from `EventPayload.variants` by the value at `key` in the model's
/// object (rather than by a member of the payload itself); an unknown or missing one takes the
/// `fallback`, or is an error naming `key`. The choice is the one made when the model was
/// read: setting `type` changes the JSON written, not `payload`; set both to change the variant.
@attached(peer)
public macro JSONDiscriminator(_ key: String) = #externalMacro(module: "YAJLModelMacroPlugin", type: "MarkerMacro")

/// Written by `@JSONModel` on each stored property: its accessors read through the
/// model's storage, where the property has the cache field of its name and the value's
/// node at `slot`; a setter makes the properties in the `overlapping` slot mask (those
/// under the same first key) read again. Not for direct use.
@attached(accessor, names: named(init), named(get), named(set))
public macro _JSONModelProperty<Codec: JSONCodec>(slot: Int, path: [String], codec: Codec.Type, overlapping: UInt64) =
    #externalMacro(module: "YAJLModelMacroPlugin", type: "JSONModelPropertyMacro")

/// Written by `@JSONModel` on a property with `@JSONDiscriminator`. Not for direct use.
@attached(accessor, names: named(init), named(get), named(set))
public macro _JSONModelProperty<Codec: _JSONSiblingChosen>(slot: Int, path: [String], codec: Codec.Type, overlapping: UInt64, choosingBy: String) =
    #externalMacro(module: "YAJLModelMacroPlugin", type: "JSONModelPropertyMacro")
