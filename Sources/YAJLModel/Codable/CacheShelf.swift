/// Where a coder keeps a cache between its calls (`KeyBytesCache`, `ConvertedKeyTable`), so that
/// what the cache works out is worked out once per coder rather than once per call. A call takes
/// the cache, or starts a new one while another call has it, and puts it back at its end. A new
/// key strategy gives the coder a new shelf.
final class CacheShelf<Cache>: Sendable {
    private let cache = _Locked<Cache?>(nil)

    func take() -> Cache? { cache.withLock { $0.take() } }

    func put(_ kept: Cache) { cache.withLock { $0 = kept } }
}
