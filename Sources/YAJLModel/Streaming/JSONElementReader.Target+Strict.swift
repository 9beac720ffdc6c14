extension JSONElementReader.Target {
    /// Why no array opened at this target in `text`, the whole text of a stream that
    /// ended without error: the kind of the value there, or that nothing is there; nil
    /// when `options` let a missing (or `null`) target mean no elements.
    ///
    /// The stream kept all of `text` as its envelope (nothing of it was a target), so
    /// looking the target up in it, by the same steps, finds what the stream passed by.
    func notAnArray(in text: [UInt8], options: JSONStreamOptions) -> JSONError? {
        guard let steps else { return nil }
        var parseOptions = options.parsing
        parseOptions.maxInputBytes = JSONParseOptions.maximumSupportedInputBytes
        let location = { (offset: Int) in text.withUnsafeBytes { JSONSourceLocation(offset: offset, in: $0) } }
        guard let root = try? JSONDocument(parsing: text, options: parseOptions).root else {
            // Not reachable for a text the stream accepted; still an error, never silence.
            return .targetNotAnArray(description, found: nil, at: location(text.count))
        }
        // `current` ends at the value found, or at the last one along the path.
        var current = root
        var found: JSONValue? = root
        for step in steps {
            found = current.child(step)
            guard let found else { break }
            current = found
        }
        if options.allowsMissingTarget && (found == nil || found?.kind == .null) { return nil }
        return .targetNotAnArray(description, found: found?.kind, at: location(current.byteRange.lowerBound))
    }
}
