import Foundation

/// Every `@JSONModel` type is `Codable` (the macro declares it), through its JSON.
///
/// With ``YAJLDecoder`` a model nested in a `Codable` type is read zero-copy from the
/// decoder's document, then validated as ``JSONModel/init(json:)`` validates; with other
/// decoders its value is rebuilt first. Encoding writes the model's JSON, unmapped keys and
/// changes included; ``YAJLEncoder`` copies its bytes.
extension JSONModel {
    /// Decodes the model's JSON object, then validates it.
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is the ``JSONModelError``
    ///   listing every problem, its paths from the top of what is decoded, through the
    ///   coding path (`items[3].actor`), as for a model read from the whole input.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        do {
            self = try Self(json: json)
        } catch {
            let codingPath = decoder.codingPath
            let underlying: any Error = (error as? JSONModelError)?.placed(under: DecodingError.jsonPath(codingPath)) ?? error
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "\(Self.self): \(underlying)", underlyingError: underlying))
        }
    }

    /// Encodes the model's JSON.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
