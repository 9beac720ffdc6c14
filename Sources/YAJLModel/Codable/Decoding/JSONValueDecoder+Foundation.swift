import CYAJLTree
import Foundation

/// `Date`, `Data` and `URL` under the decoder's strategies, as `JSONDecoder` decodes them,
/// errors included.
extension JSONValueDecoder {
    func unwrapDate(_ node: UInt32, _ depth: Int, _ element: PathElement?) throws -> Date {
        try checkNotNull(node, Date.self, depth, element)
        let strategy: JSONDecoder.DateDecodingStrategy
        switch options.dateDecodingStrategy.representation {
        case .formatted(let shared): return try formattedDate(node, depth, element, shared.formatter)
        case .foundation(let foundation): strategy = foundation
        }
        switch strategy {
        case .deferredToDate:
            return try nested(node, element) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try double(node, depth, element))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try double(node, depth, element) / 1000)
        case .iso8601:
            let fast = tag(node) == UInt32(YJM_STRING) ? withStringBytes(node, ISO8601.plainDateTime) : nil
            if let fast { return fast }
            let text = try string(node, depth, element)
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                // JSONDecoder reports this one at the path of the container, without the key.
                throw dataCorrupted(depth, nil, "Expected date string to be ISO8601-formatted.")
            }
            return date
        case .custom(let decode):
            return try nested(node, element) { try decode(self) }
        @unknown default:
            throw dataCorrupted(depth, element, "This date decoding strategy is not supported.")
        }
    }

    /// A date as `JSONDecoder`'s `.formatted(formatter)` reads it: through the formatter's
    /// shortcut when it has one and the text is in its exact form, through the formatter otherwise.
    private func formattedDate(_ node: UInt32, _ depth: Int, _ element: PathElement?, _ formatter: DateFormatter) throws -> Date {
        if tag(node) == UInt32(YJM_STRING), let shortcut = scope.caches.pointee.types.shortcut(for: formatter),
            let date = withStringBytes(node, shortcut.date(from:))
        {
            return date
        }
        guard let date = formatter.date(from: try string(node, depth, element)) else {
            throw dataCorrupted(depth, element, "Date string does not match format expected by formatter.")
        }
        return date
    }

    func unwrapData(_ node: UInt32, _ depth: Int, _ element: PathElement?) throws -> Data {
        try checkNotNull(node, Data.self, depth, element)
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try nested(node, element) { try Data(from: self) }
        case .base64:
            let text = try string(node, depth, element)
            guard let data = Data(base64Encoded: text) else {
                throw dataCorrupted(depth, element, "Encountered Data is not valid Base64.")
            }
            return data
        case .custom(let decode):
            return try nested(node, element) { try decode(self) }
        @unknown default:
            throw dataCorrupted(depth, element, "This data decoding strategy is not supported.")
        }
    }

    func unwrapURL(_ node: UInt32, _ depth: Int, _ element: PathElement?) throws -> URL {
        try checkNotNull(node, URL.self, depth, element)
        guard let url = URL(string: try string(node, depth, element)) else {
            throw dataCorrupted(depth, element, "Invalid URL string.")
        }
        return url
    }

    private func dataCorrupted(_ depth: Int, _ element: PathElement?, _ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath(depth, element), debugDescription: description))
    }
}

/// What `unwrap` does with a type that decodes from an array or an object.
enum CollectionKind {
    case other
    case array(any DecodableArray.Type)
    case dictionary(any StringKeyedDictionaryDecodable.Type)
}

/// `[String: Value]`, decoded member by member from an object, with its keys as written:
/// `JSONDecoder` applies no key strategy to dictionary keys either.
protocol StringKeyedDictionaryDecodable {
    static func _decodeMembers(from decoder: JSONValueDecoder, _ node: UInt32, _ element: PathElement?) throws -> Self
}

extension Dictionary: StringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    static func _decodeMembers(from decoder: JSONValueDecoder, _ node: UInt32, _ element: PathElement?) throws -> Self {
        let saved = decoder.moveIn(node, element)
        defer { decoder.moveOut(saved) }
        let document = decoder.document
        let depth = decoder.path.count
        // With .useDefaultKeys, JSONDecoder goes through Dictionary's own init(from:), whose coding
        // keys read as integers where they can; with other strategies, its keys are plain strings.
        let numeric = decoder.usesDefaultKeys
        var result: [String: Value] = [:]
        result.reserveCapacity(document.payload(node))
        for key in document.memberKeys(of: node) {
            let value = try decoder.value(document.subtreeEnd(key), as: Value.self, depth: depth, .member(key, numeric: numeric))
            let name = decoder.string(ofKey: key)
            if result[name] == nil { result[name] = value }  // the first of repeated keys wins, as in JSONDecoder
        }
        return result
    }
}
