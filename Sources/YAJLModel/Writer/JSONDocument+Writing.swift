import Foundation

extension JSONDocument {
    /// The document as UTF-8 JSON; see ``JSONValue/jsonData(options:)``.
    ///
    /// With no options an unchanged document is its input exactly, white space and a
    /// byte-order mark around the root included. An edited document is written from its
    /// edits, without parsing: its untouched parts, and the text around its root, are
    /// copied as the original bytes. Options re-encode the root value alone.
    public func jsonData(options: JSONWriteOptions = []) -> Data {
        guard options.isEmpty else { return root.jsonData(options: options) }
        if let edits { return Data(edits.encoded()) }
        guard isVerbatimJSON else { return root.jsonData() }
        if let data = input.data { return data }
        return input.withBytes { Data($0) }
    }

    /// The document as a JSON string; see ``jsonData(options:)``.
    public func jsonString(options: JSONWriteOptions = []) -> String {
        guard options.isEmpty else { return root.jsonString(options: options) }
        if let edits { return String(decoding: edits.encoded(), as: UTF8.self) }
        guard isVerbatimJSON else { return root.jsonString() }
        return input.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The text before and after a document's root value.
    struct Surroundings: Sendable {
        var leading: [UInt8] = []
        var trailing: [UInt8] = []

        /// `root`, the text of a root value, between these.
        func around(_ root: [UInt8]) -> [UInt8] { leading + root + trailing }
    }

    /// The text around the root: white space and a byte-order mark (none when the text
    /// may hold comments, which are not written back).
    var surroundings: Surroundings {
        if let edits { return edits.surroundings }
        guard isVerbatimJSON else { return Surroundings() }
        let range = root.byteRange
        return input.withBytes { Surroundings(leading: Array($0[..<range.lowerBound]), trailing: Array($0[range.upperBound...])) }
    }
}
