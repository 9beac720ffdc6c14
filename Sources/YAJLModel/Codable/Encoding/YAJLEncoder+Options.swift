import Foundation

extension YAJLEncoder {
    /// Everything one encode reads, copied out of the lock once per call.
    struct Options: Sendable {
        var outputFormatting: JSONEncoder.OutputFormatting = []
        var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
        var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
        var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
        var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys {
            didSet { keyBytes = CacheShelf() }  // a new strategy converts anew
        }
        /// The coding keys converted by `.convertToSnakeCase`, kept from one encode to the next.
        var keyBytes = CacheShelf<KeyBytesCache>()
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    }

    /// The output's format: `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes`,
    /// written byte for byte as `JSONEncoder` writes them. Compact, unsorted, with `/` escaped by default.
    public var outputFormatting: JSONEncoder.OutputFormatting {
        get { options[\.outputFormatting] }
        set { options[\.outputFormatting] = newValue }
    }

    /// The strategy for encoding `Date` values; `.deferredToDate` by default.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get { options[\.dateEncodingStrategy] }
        set { options[\.dateEncodingStrategy] = newValue }
    }

    /// The strategy for encoding `Data` values; `.base64` by default.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
        get { options[\.dataEncodingStrategy] }
        set { options[\.dataEncodingStrategy] = newValue }
    }

    /// What to write for infinity and NaN, which JSON cannot hold; `.throw` by default.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
        get { options[\.nonConformingFloatEncodingStrategy] }
        set { options[\.nonConformingFloatEncodingStrategy] = newValue }
    }

    /// How the keys of encoded types become JSON keys; `.useDefaultKeys` by default.
    /// As with `JSONEncoder`, the keys of dictionaries are never converted. Under
    /// `.convertToSnakeCase` each distinct key is converted once per encoder, and the conversions
    /// are shared by every encode, from any task.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
        get { options[\.keyEncodingStrategy] }
        set { options[\.keyEncodingStrategy] = newValue }
    }

    /// Contextual information for the encoded types' `encode(to:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options[\.userInfo] }
        set { options[\.userInfo] = newValue }
    }
}
