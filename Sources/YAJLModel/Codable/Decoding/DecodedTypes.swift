import Foundation

/// The decoded-types cache: what a decode has worked out about the Swift types it meets,
/// each fact found once per type rather than once per value.
///
/// - Maps: a type to its `CollectionKind` (for the types `unwrap` decodes) and, for a
///   `CodingKey` type, the `KeyedContainerMaker` of its containers; and `Date`, under the
///   `.formatted` strategy, to its formatter's shortcut.
/// - Bounded: 128 entries, two places for each type; a type that finds both taken replaces one,
///   and the replaced type's facts are worked out again when next asked.
/// - Invalidated: with its decode (it lives in `DecodingCaches`).
/// - Hostile keys: none enter it; only the types of the `Decodable` being decoded do.
struct DecodedTypes {
    private struct Entry {
        var type: ObjectIdentifier?
        var kind: CollectionKind?
        /// A `KeyedContainerMaker<K, JSONKeyedDecodingContainer<K>>`, `K` being the entry's type.
        var maker: AnyObject?
    }

    private var entries = [Entry](repeating: Entry(), count: 128)

    /// The entry of `type`, made (replacing another) if there is none.
    @inline(__always)
    private mutating func index<T>(of type: T.Type) -> Int {
        let identifier = ObjectIdentifier(type)
        let slot = Int(truncatingIfNeeded: typeHash(type) >> 57)
        if entries[slot].type == identifier { return slot }
        if entries[slot ^ 1].type == identifier { return slot ^ 1 }
        let free = entries[slot].type == nil ? slot : slot ^ 1
        entries[free] = Entry(type: identifier)
        return free
    }

    /// Whether `type` is an array or a `[String: Value]` that the decoder decodes itself: a
    /// runtime conformance check the first time, which `unwrap` would otherwise pay for every
    /// container.
    @inline(__always)
    mutating func collectionKind<T>(of type: T.Type) -> CollectionKind {
        let index = index(of: type)
        if let kind = entries[index].kind { return kind }
        let kind = Self.findCollectionKind(of: type)
        entries[index].kind = kind
        return kind
    }

    @inline(never)
    private static func findCollectionKind<T>(of type: T.Type) -> CollectionKind {
        if let array = type as? any DecodableArray.Type { return .array(array) }
        if let dictionary = type as? any StringKeyedDictionaryDecodable.Type { return .dictionary(dictionary) }
        return .other
    }

    /// The maker of `Key`'s containers.
    @inline(__always)
    mutating func containerMaker<Key: CodingKey>(for _: Key.Type) -> KeyedContainerMaker<Key, JSONKeyedDecodingContainer<Key>> {
        let index = index(of: Key.self)
        // Unsafe: an entry's maker is one made for the entry's own type, `Key` here (checked in
        // debug builds, which the sanitizer runs use).
        if let maker = entries[index].maker { return unsafeDowncast(maker, to: KeyedContainerMaker<Key, JSONKeyedDecodingContainer<Key>>.self) }
        let maker = KeyedContainerMaker<Key, JSONKeyedDecodingContainer<Key>>()
        entries[index].maker = maker
        return maker
    }

    /// How the `.formatted` date strategy's formatter reads dates without it, once the first
    /// date asked: `.some(nil)` when it cannot.
    private var formatterShortcut: FormatterShortcut??

    /// The shortcut of `formatter`, the date strategy's, looked up at the first date of a decode.
    mutating func shortcut(for formatter: DateFormatter) -> FormatterShortcut? {
        if let known = formatterShortcut { return known }
        let shortcut = FormatterShortcut(formatter)
        formatterShortcut = .some(shortcut)
        return shortcut
    }
}
