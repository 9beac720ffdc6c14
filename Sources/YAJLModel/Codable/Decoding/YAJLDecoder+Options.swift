import Foundation

extension YAJLDecoder {
    /// Everything one decode reads, copied out of the lock once per call.
    struct Options: Sendable {
        var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
        var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
        var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
        var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys {
            didSet {  // a new strategy converts anew
                convertedKeys = CacheShelf()
                keyBytes = CacheShelf()
            }
        }
        /// The JSON keys converted by `keyDecodingStrategy`, kept from one decode to the next.
        var convertedKeys = CacheShelf<ConvertedKeyTable>()
        /// The coding keys' bytes and spellings, kept from one decode to the next.
        var keyBytes = CacheShelf<KeyBytesCache>()
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var parseOptions = JSONParseOptions()

        /// Whether JSON keys are matched as they are, the fast path.
        var usesDefaultKeys: Bool {
            if case .useDefaultKeys = keyDecodingStrategy { return true }
            return false
        }

        /// Whether JSON keys are converted by `.convertFromSnakeCase`.
        var convertsFromSnakeCase: Bool {
            if case .convertFromSnakeCase = keyDecodingStrategy { return true }
            return false
        }

        /// The JSON key that key lookups test first: the one known to match without a conversion.
        var keySpelling: KeyBytesCache.Spelling {
            usesDefaultKeys ? .asIs : convertsFromSnakeCase ? .snakeCase : .none
        }
    }

    /// The strategy for decoding `Date` values; `.deferredToDate` by default.
    ///
    /// The strategies are `JSONDecoder`'s, spelled the same (`.iso8601`, `.formatted(formatter)`,
    /// …); `.formatted` with a fixed format such as Twitter's is read without the formatter where
    /// that gives the formatter's result. See ``DateDecodingStrategy``.
    public var dateDecodingStrategy: DateDecodingStrategy {
        get { options[\.dateDecodingStrategy] }
        set { options[\.dateDecodingStrategy] = newValue }
    }

    /// The strategy for decoding `Data` values; `.base64` by default.
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy {
        get { options[\.dataDecodingStrategy] }
        set { options[\.dataDecodingStrategy] = newValue }
    }

    /// What to do with strings that stand for infinity or NaN; `.throw` by default.
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy {
        get { options[\.nonConformingFloatDecodingStrategy] }
        set { options[\.nonConformingFloatDecodingStrategy] = newValue }
    }

    /// How JSON keys become the keys of the decoded types; `.useDefaultKeys` by default.
    ///
    /// As with `JSONDecoder`, `.convertFromSnakeCase` converts the JSON's keys and then matches
    /// them, and the keys of a `[String: Value]` dictionary are never converted.
    ///
    /// Each distinct JSON key is converted once per decoder, not once per object: the conversions
    /// are kept from one decode to the next, and dropped when this property is set. A decode that
    /// runs while another holds them converts afresh, and a decoder keeps 256 kB of keys (then
    /// starts afresh); a key that many keys looking alike to the table crowd out is converted at
    /// each lookup. So a `.custom` closure is called about once per distinct key, with the coding
    /// path of an object that has it, and must not give different keys for different paths.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy {
        get { options[\.keyDecodingStrategy] }
        set { options[\.keyDecodingStrategy] = newValue }
    }

    /// Contextual information for the decoded types' `init(from:)`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options[\.userInfo] }
        set { options[\.userInfo] = newValue }
    }

    /// The limits and leniencies for parsing the input; see ``JSONParseOptions``.
    /// The default nests up to 512 levels, as `JSONDecoder` does.
    public var parseOptions: JSONParseOptions {
        get { options[\.parseOptions] }
        set { options[\.parseOptions] = newValue }
    }
}
