/// Makes the keyed containers of one key type, `Key`.
///
/// A class generic over both the key and the container, so that making one reads their
/// metadata and the container's conformance from the maker's own metadata: code generic over
/// the key alone (as `Decoder.container(keyedBy:)` is) asks the runtime for the container's,
/// and code generic over the container alone for its `Key`, at every object, a hash lookup
/// each. One maker per key type is kept in `DecodedTypes`.
final class KeyedContainerMaker<Key, Container: ObjectDecodingContainer> where Container.Key == Key {
    /// Out of line: inlined into code generic over the key, it would look the metadata up there.
    @inline(never)
    func container(decoder: JSONValueDecoder, object: UInt32, depth: Int) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container(decoder: decoder, object: object, depth: depth))
    }
}

/// A keyed container of one object, as `KeyedContainerMaker` makes them.
protocol ObjectDecodingContainer: KeyedDecodingContainerProtocol {
    init(decoder: JSONValueDecoder, object: UInt32, depth: Int)
}
