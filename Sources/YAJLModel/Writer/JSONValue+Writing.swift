import Foundation

extension JSONValue {
    /// The value as UTF-8 JSON.
    ///
    /// With no options the output is the value's original text, copied as one span.
    /// With options it is re-encoded; see ``JSONWriteOptions``. Either way the output
    /// is valid UTF-8 JSON that parses back equal to this value.
    public func jsonData(options: JSONWriteOptions = []) -> Data {
        if options.isEmpty && document.isVerbatimJSON { return rawJSON.withUnsafeBytes { Data($0) } }
        return Data(encoded(options: options))
    }

    /// The value as a JSON string; see ``jsonData(options:)``.
    public func jsonString(options: JSONWriteOptions = []) -> String {
        if options.isEmpty && document.isVerbatimJSON { return rawJSON.string }
        return String(decoding: encoded(options: options), as: UTF8.self)
    }

    /// Re-encodes the value. A document parsed with comments is re-encoded even
    /// with no options, since its original text may hold them.
    func encoded(options: JSONWriteOptions, limit: Int = .max) -> [UInt8] {
        var options = options
        if options.isEmpty { options = .withoutEscapingSlashes }  // the original text's comments are dropped, nothing else changes
        var writer = JSONWriter(options: options, limit: limit)
        writer.write(self)
        return writer.output
    }
}
