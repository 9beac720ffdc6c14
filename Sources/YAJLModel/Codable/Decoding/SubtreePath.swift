import Foundation

/// Finds the value at a pointer or dotted path for ``YAJLDecoder/decode(_:from:at:)-(_,Data,_)``,
/// with the coding path that leads there, or the `DecodingError` that says where it stopped.
enum SubtreePath {
    static func resolve(_ path: String, in root: JSONValue, decoding type: Any.Type) throws -> (JSONValue, [any CodingKey]) {
        var current = root
        var codingPath: [any CodingKey] = []
        guard let steps = JSONPath(pointerOrPath: path)?.steps else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: [], debugDescription: "\(path.debugDescription) is not a valid JSON Pointer"))
        }
        for step in steps {
            let key: any CodingKey = current.kind == .array ? JSONCodingKey(index: step.index ?? -1) : JSONCodingKey(stringValue: step.name)
            guard let next = current.child(step) else {
                let described = "No value at \(path.debugDescription): nothing at \(step.name.debugDescription)"
                if current.kind == .object {
                    throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: described))
                }
                throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath + [key], debugDescription: described))
            }
            codingPath.append(key)
            current = next
        }
        return (current, codingPath)
    }
}
