import Foundation

/// Finds the value at a pointer or dotted path for ``YAJLDecoder/decode(_:from:at:)-(_,Data,_)``,
/// with the coding path that leads there, or the `DecodingError` that says where it stopped.
enum SubtreePath {
    static func resolve(_ path: String, in root: JSONValue, decoding type: Any.Type) throws -> (JSONValue, [any CodingKey]) {
        var current = root
        var codingPath: [any CodingKey] = []

        func step(_ name: String, _ next: JSONValue?) throws {
            let key: any CodingKey = current.kind == .array ? JSONCodingKey(index: Int(name) ?? -1) : JSONCodingKey(stringValue: name)
            guard let next else {
                let described = "No value at \(path.debugDescription): nothing at \(name.debugDescription)"
                if current.kind == .object {
                    throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: described))
                }
                throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath + [key], debugDescription: described))
            }
            codingPath.append(key)
            current = next
        }

        if let tokens = JSONValue.pointerTokens(path) {
            for token in tokens {
                let name = String(decoding: token, as: UTF8.self)
                    .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                try step(name, current.child(pointerToken: token))
            }
        } else {
            for pathStep in JSONValue.pathSteps(path) {
                switch pathStep {
                case .component(let name), .index(let name): try step(String(name), current.child(pathStep: pathStep))
                }
            }
        }
        return (current, codingPath)
    }
}
