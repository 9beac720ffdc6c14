import Foundation

/// What every decoder of one top-level decode shares: the input's base address while the
/// decode runs, and the caches that would otherwise be rebuilt for each nested decoder.
///
/// The address is cleared when the decode returns: a decoder or container that a type kept
/// beyond that reads through the document instead, which is safe.
///
/// Both sit behind pointers rather than in `var`s, so that reading them costs no runtime
/// exclusivity check (they are read for every string, number and key).
final class DecodingScope {
    // Unsafe: both are initialized in `init` and freed in `deinit`, owned by this scope alone.
    private let slot = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 1)
    let caches = UnsafeMutablePointer<DecodingCaches>.allocate(capacity: 1)

    /// A scope whose key bytes start as `keyBytes`, or as the decoder's kept ones.
    init(input: UnsafeRawPointer?, options: YAJLDecoder.Options, keyBytes: KeyBytesCache? = nil) {
        slot.initialize(to: input)
        caches.initialize(to: DecodingCaches(
            keyBytes: keyBytes ?? options.keyBytes.take() ?? KeyBytesCache(spelling: options.keySpelling),
            convertedKeys: (options.usesDefaultKeys ? nil : options.convertedKeys.take()) ?? ConvertedKeyTable()))
    }

    deinit {
        slot.deallocate()
        caches.deinitialize(count: 1)
        caches.deallocate()
    }

    /// Unsafe: valid only while the decode runs, which sets it nil before it returns; nodes'
    /// offsets lie within it, since the tree was built from it.
    var input: UnsafeRawPointer? {
        @inline(__always) get { slot.pointee }
        set { slot.pointee = newValue }
    }
}

/// The decoder's caches, each in a file of its own, which says what it maps, what bounds it,
/// when it is invalidated and what hostile keys cost. The first two outlive the decode, kept
/// on the decoder's shelves.
struct DecodingCaches {
    /// The UTF-8 of the coding keys looked up so far.
    var keyBytes: KeyBytesCache
    /// The JSON keys converted by the key strategy, when it is not `.useDefaultKeys`.
    var convertedKeys: ConvertedKeyTable
    /// What the decode has worked out about the types it met.
    var types = DecodedTypes()

    init(keyBytes: KeyBytesCache, convertedKeys: ConvertedKeyTable) { (self.keyBytes, self.convertedKeys) = (keyBytes, convertedKeys) }
}
