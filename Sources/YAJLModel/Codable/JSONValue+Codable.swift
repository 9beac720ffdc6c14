import Foundation

/// A `JSONValue` is `Codable`, so a type can hold raw JSON, and a type that reads its own
/// fields from a `JSONValue` can take part in any `Codable` graph.
///
/// With ``YAJLDecoder`` decoding a `JSONValue` is free: it is the decoder's current node,
/// in the same document, with nothing copied. Other decoders (`JSONDecoder`, …) rebuild the
/// value and parse it into a document of its own. With ``YAJLEncoder`` a value is written as
/// its bytes (re-encoded only when the output is pretty-printed or has sorted keys); other
/// encoders get it through their containers.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? JSONValueDecoder {
            self = JSONValue(document: decoder.document, node: decoder.node)
            return
        }
        var text: [UInt8] = []
        try Self.rebuild(from: decoder, into: &text)
        do {
            self = try JSONDocument(parsing: text).root
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "The decoded value is not valid JSON.", underlyingError: error))
        }
    }

    /// Writes the value a foreign decoder holds as JSON text, trying an object, an array and
    /// then the scalars in turn. Numbers keep as much as the decoder gives: integers exactly,
    /// then `Decimal`, then `Double`.
    private static func rebuild(from decoder: any Decoder, into text: inout [UInt8]) throws {
        if let object = try? decoder.container(keyedBy: JSONCodingKey.self) {
            text.append(UInt8(ascii: "{"))
            for (index, key) in object.allKeys.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                appendString(key.stringValue, to: &text)
                text.append(UInt8(ascii: ":"))
                try rebuild(from: try object.superDecoder(forKey: key), into: &text)
            }
            text.append(UInt8(ascii: "}"))
        } else if var array = try? decoder.unkeyedContainer() {
            text.append(UInt8(ascii: "["))
            while !array.isAtEnd {
                if array.currentIndex > 0 { text.append(UInt8(ascii: ",")) }
                try rebuild(from: try array.superDecoder(), into: &text)
            }
            text.append(UInt8(ascii: "]"))
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                text += "null".utf8
            } else if let bool = try? value.decode(Bool.self) {
                text += (bool ? "true" : "false").utf8
            } else if let string = try? value.decode(String.self) {
                appendString(string, to: &text)
            } else if let integer = try? value.decode(Int64.self) {
                text += String(integer).utf8
            } else if let integer = try? value.decode(UInt64.self) {
                text += String(integer).utf8
            } else if let decimal = try? value.decode(Decimal.self), decimal.isFinite {
                text += decimal.description.utf8
            } else {
                text += JSONNumberFormatting.text(of: try value.decode(Double.self)).utf8
            }
        }
    }

    private static func appendString(_ string: String, to text: inout [UInt8]) {
        var string = string
        text.append(UInt8(ascii: "\""))
        string.withUTF8 { JSONEscaping.append(UnsafeRawBufferPointer($0), escapingSlashes: false, to: &text) }
        text.append(UInt8(ascii: "\""))
    }

    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? JSONStreamingEncoder {
            try encoder.writeJSONValue(self)
            return
        }
        var container = encoder.singleValueContainer()
        switch kind {
        case .null:
            try container.encodeNil()
        case .bool:
            try container.encode(bool ?? false)
        case .string:
            try container.encode(string ?? "")
        case .number:
            if let integer = int64 {
                try container.encode(integer)
            } else if let integer = uint64 {
                try container.encode(integer)
            } else if let decimal {  // exact whenever it exists
                try container.encode(decimal)
            } else if let double {
                try container.encode(double)
            } else {
                throw EncodingError.invalidValue(self, EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "The number \(numberText ?? "") is beyond Double's range."))
            }
        case .array:
            try container.encode(array.map(Array.init) ?? [])
        case .object:
            // A dictionary, so that the keys are written as they are whatever the key strategy;
            // of repeated keys the last one counts, as in lookup.
            var members: [String: JSONValue] = [:]
            for member in object.map(Array.init) ?? [] { members[member.key] = member.value }
            try container.encode(members)
        }
    }
}
