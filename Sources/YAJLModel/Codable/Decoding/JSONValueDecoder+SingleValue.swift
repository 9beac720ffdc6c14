import CYAJLTree

/// The decoder is its own single-value container, as in `JSONDecoder`: it reads the current node.
extension JSONValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { tag(node) == UInt32(YJM_NULL) }

    func decode(_: Bool.Type) throws -> Bool { try bool(node, path.count, nil) }
    func decode(_: String.Type) throws -> String { try string(node, path.count, nil) }
    func decode(_: Double.Type) throws -> Double { try double(node, path.count, nil) }
    func decode(_: Float.Type) throws -> Float { try float(node, path.count, nil) }
    func decode(_: Int.Type) throws -> Int { try integer(node, path.count, nil) }
    func decode(_: Int8.Type) throws -> Int8 { try integer(node, path.count, nil) }
    func decode(_: Int16.Type) throws -> Int16 { try integer(node, path.count, nil) }
    func decode(_: Int32.Type) throws -> Int32 { try integer(node, path.count, nil) }
    func decode(_: Int64.Type) throws -> Int64 { try integer(node, path.count, nil) }
    func decode(_: UInt.Type) throws -> UInt { try integer(node, path.count, nil) }
    func decode(_: UInt8.Type) throws -> UInt8 { try integer(node, path.count, nil) }
    func decode(_: UInt16.Type) throws -> UInt16 { try integer(node, path.count, nil) }
    func decode(_: UInt32.Type) throws -> UInt32 { try integer(node, path.count, nil) }
    func decode(_: UInt64.Type) throws -> UInt64 { try integer(node, path.count, nil) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(node, as: type, depth: path.count, nil) }
}
