/// Makes the keyed containers of one key type, `Container.Key`.
///
/// A class generic over the container rather than the key, so that making one reads the
/// container type's metadata and conformance from the maker's own metadata: code generic over
/// the key alone (as `Decoder.container(keyedBy:)` is) asks the runtime for them at every
/// object, a hash lookup each. One maker per key type is kept in `DecodedTypes`.
final class KeyedContainerMaker<Container: ObjectDecodingContainer> {
    /// Out of line: inlined into code generic over the key, it would look the metadata up there.
    @inline(never)
    func container(decoder: JSONValueDecoder, object: UInt32, depth: Int) -> KeyedDecodingContainer<Container.Key> {
        KeyedDecodingContainer(Container(decoder: decoder, object: object, depth: depth))
    }
}

/// A keyed container of one object, as `KeyedContainerMaker` makes them.
protocol ObjectDecodingContainer: KeyedDecodingContainerProtocol {
    init(decoder: JSONValueDecoder, object: UInt32, depth: Int)
}
