
/// Finds the object that an id in JSON stands for: a store, a cache, a database.
public protocol JSONObjectResolver<Object>: Sendable {
    associatedtype Object: Sendable

    /// The object for `id`, or nil when there is none.
    func object(for id: JSONValue) -> Object?

    /// Whether an object resolved earlier may still be used; when false it is
    /// resolved again. Always true by default.
    func isStillValid(_ object: Object) -> Bool
}

extension JSONObjectResolver {
    public func isStillValid(_ object: Object) -> Bool { true }
}

/// A property whose JSON holds the id of an object kept elsewhere (NTJsonModel's
/// `cachedObject`). The object is resolved on demand through a resolver you supply,
/// then cached with the model; a resolver can declare a cached object stale.
///
/// ```swift
/// @JSONModel struct Photo {
///     @JSONKey("author_id") var author: JSONReference<User>
/// }
/// let user = photo.author.resolve(using: users)   // looks up once, then cached
/// ```
public struct JSONReference<Object: Sendable>: JSONConvertible, Sendable {
    /// The id as written in the JSON.
    public let id: JSONValue
    private let box: Box

    /// Keeps the cache shared by copies of this reference, so that a model caches one
    /// resolved object however often the property is read.
    private final class Box: Sendable {
        let cache = _Locked<Object?>(nil)
    }

    public init(json: JSONValue) throws {
        guard json.kind == .string || json.kind == .number else {
            throw JSONConversionError("expected an id (a string or a number), found \(json.kind)")
        }
        id = json
        box = Box()
    }

    /// The object the id stands for: cached after the first successful lookup, and looked
    /// up again when the resolver says the cached one is no longer valid.
    public func resolve<Resolver: JSONObjectResolver>(using resolver: Resolver) -> Object? where Resolver.Object == Object {
        if let cached = box.cache.withLock({ $0 }), resolver.isStillValid(cached) { return cached }
        let object = resolver.object(for: id)
        box.cache.withLock { $0 = object }
        return object
    }

    public var jsonRepresentation: JSON { JSON(id) }
}
