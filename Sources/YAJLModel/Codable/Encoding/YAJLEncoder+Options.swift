import Foundation

extension YAJLEncoder {
    /// Everything one encode reads, copied out of the lock once per call.
    struct Options: Sendable {
        var outputFormatting: JSONEncoder.OutputFormatting = []
        var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
        var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
        var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
        var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    }

    /// The output's format: `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes`,
    /// written byte for byte as `JSONEncoder` writes them. Compact, unsorted, with `/` escaped by default.
    public var outputFormatting: JSONEncoder.OutputFormatting {
        get { options.withLock { $0.outputFormatting } }
        set { options.withLock { $0.outputFormatting = newValue } }
    }

    /// The strategy for encoding `Date` values; `.deferredToDate` by default.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get { options.withLock { $0.dateEncodingStrategy } }
        set { options.withLock { $0.dateEncodingStrategy = newValue } }
    }

    /// The strategy for encoding `Data` values; `.base64` by default.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
        get { options.withLock { $0.dataEncodingStrategy } }
        set { options.withLock { $0.dataEncodingStrategy = newValue } }
    }

    /// What to write for infinity and NaN, which JSON cannot hold; `.throw` by default.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
        get { options.withLock { $0.nonConformingFloatEncodingStrategy } }
        set { options.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// How the keys of encoded types become JSON keys; `.useDefaultKeys` by default.
    /// As with `JSONEncoder`, the keys of dictionaries are never converted.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
        get { options.withLock { $0.keyEncodingStrategy } }
        set { options.withLock { $0.keyEncodingStrategy = newValue } }
    }

    /// Contextual information for the encoded types' `encode(to:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.withLock { $0.userInfo } }
        set { options.withLock { $0.userInfo = newValue } }
    }
}
