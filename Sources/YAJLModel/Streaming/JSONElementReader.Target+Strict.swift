extension JSONElementReader.Target {
    /// Why no array opened at this target in `text`, the whole text of a stream that
    /// ended without error: the kind of the value there, or that nothing is there; nil
    /// when `options` let a missing (or `null`) target mean no elements.
    ///
    /// The stream kept all of `text` as its envelope (nothing of it was a target), so
    /// looking the target up in it finds what the stream passed by.
    func notAnArray(in text: [UInt8], options: JSONStreamOptions) -> JSONError? {
        guard let tokens else { return nil }
        var parseOptions = options.parseOptions
        parseOptions.maxInputBytes = JSONParseOptions.maximumSupportedInputBytes
        let location = { (offset: Int) in text.withUnsafeBytes { JSONSourceLocation(offset: offset, in: $0) } }
        guard let root = try? JSONDocument(parsing: text, options: parseOptions).root else {
            // Not reachable for a text the stream accepted; still an error, never silence.
            return .targetNotAnArray(description, found: nil, at: location(text.count))
        }
        // `current` ends at the value found, or at the last one along the path.
        var current = root
        var found: JSONValue? = root
        for token in tokens {
            found = Self.child(of: current, token: token)
            guard let found else { break }
            current = found
        }
        if options.allowsMissingTarget && (found == nil || found?.kind == .null) { return nil }
        return .targetNotAnArray(description, found: found?.kind, at: location(current.byteRange.lowerBound))
    }

    /// The member or element that `token` names, as the C stream matches it: a key
    /// byte for byte, or an index in decimal without leading zeros.
    private static func child(of value: JSONValue, token: [UInt8]) -> JSONValue? {
        switch value.kind {
        case .object:
            return value[String(decoding: token, as: UTF8.self)]
        case .array:
            let text = String(decoding: token, as: UTF8.self)
            guard let index = Int(text), index >= 0, String(index) == text else { return nil }
            return value[index]
        default:
            return nil
        }
    }
}
