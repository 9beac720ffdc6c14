import CYAJLBaseline
import Foundation
import YAJLModel

/// A path to one value in a document, followed the same way by every contender: as a
/// JSON Pointer by YAJLModel, as casts by JSONSerialization's objects, as nested
/// containers by a Decodable, and by hand through yajl_tree.
struct FieldPath: Sendable, CustomStringConvertible {
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    let steps: [Step]
    /// The kind of value at the end of the path.
    let leafKind: JSONKind

    /// The RFC 6901 pointer.
    var pointer: String {
        steps.map { step in
            switch step {
            case .key(let key): "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let index): "/\(index)"
            }
        }.joined()
    }

    var description: String { pointer }

    /// The path in `root` given as a pointer, or nil when nothing is there.
    init?(pointer: String, in root: JSONValue) {
        guard let leaf = root[pointer: pointer] else { return nil }
        var steps: [Step] = []
        var current = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if current.kind == .array, let index = Int(key) {
                steps.append(.index(index))
                current = current[index]!
            } else {
                steps.append(.key(key))
                current = current[key]!
            }
        }
        self.steps = steps
        leafKind = leaf.kind
    }

    /// A scalar deep inside the bulk of the document: from the root, always into the
    /// largest child (the last of equals), down to a scalar or an empty container.
    static func deepest(in root: JSONValue) -> FieldPath {
        var steps: [Step] = []
        var current = root
        while true {
            if let array = current.array, !array.isEmpty {
                var best = array.startIndex
                for index in array.indices where array[index].byteRange.count >= array[best].byteRange.count { best = index }
                steps.append(.index(best))
                current = array[best]
            } else if let object = current.object, !object.isEmpty {
                var best = object.startIndex
                for index in object.indices where object[index].value.byteRange.count >= object[best].value.byteRange.count {
                    best = index
                }
                steps.append(.key(object[best].key))
                current = object[best].value
            } else {
                return FieldPath(steps: steps, leafKind: current.kind)
            }
        }
    }

    init(steps: [Step], leafKind: JSONKind) {
        self.steps = steps
        self.leafKind = leafKind
    }

    // MARK: Reading

    /// A number from a scalar, the same for every contender: a string's UTF-8 length,
    /// an integer's low bits, a boolean's 0 or 1.
    static func checksum(string: String) -> Int { string.utf8.count }

    /// The value at the path through JSONSerialization's objects, with the casts its users write.
    func read(foundation object: Any) -> Int? {
        var current: Any = object
        for step in steps {
            switch step {
            case .key(let key):
                guard let next = (current as? [String: Any])?[key] else { return nil }
                current = next
            case .index(let index):
                guard let array = current as? [Any], array.indices.contains(index) else { return nil }
                current = array[index]
            }
        }
        switch current {
        case let string as String: return Self.checksum(string: string)
        case let number as NSNumber: return number.intValue
        case is NSNull: return 0
        default: return nil
        }
    }

    /// The node at the path in a yajl_tree.
    func value(yajl root: yajl_val) -> yajl_val? {
        var current = root
        for step in steps {
            switch (step, current.pointee.type) {
            case (.key(let key), yajl_t_object):
                let object = current.pointee.u.object
                guard let position = (0..<object.len).last(where: { String(cString: object.keys[$0]!) == key }),
                    let next = object.values[position]
                else { return nil }
                current = next
            case (.index(let index), yajl_t_array):
                let array = current.pointee.u.array
                guard index < array.len, let next = array.values[index] else { return nil }
                current = next
            default:
                return nil
            }
        }
        return current
    }

    /// The value at the path through a yajl_tree.
    func read(yajl root: yajl_val) -> Int? {
        guard let leaf = value(yajl: root) else { return nil }
        switch leaf.pointee.type {
        case yajl_t_string: return Self.checksum(string: String(cString: leaf.pointee.u.string))
        case yajl_t_number: return Int(leaf.pointee.u.number.i)
        case yajl_t_true: return 1
        default: return 0
        }
    }

    /// The value at the path in a parsed document.
    func read(_ value: JSONValue?) -> Int? {
        guard let value else { return nil }
        switch value.kind {
        case .string: return value.string.map(Self.checksum(string:))
        case .number: return value.int64.map { Int($0) } ?? value.double.map { Int($0) }
        case .bool: return value.bool == true ? 1 : 0
        default: return 0
        }
    }

    // MARK: Decoding just the path

    /// Decodes nothing but the path: a Decodable that follows it through nested
    /// containers, as a struct with just that path would (`decoder.userInfo[.fieldPath]`).
    struct Probe: Decodable {
        let checksum: Int

        init(from decoder: any Decoder) throws {
            guard let path = decoder.userInfo[.fieldPath] as? FieldPath else {
                throw DecodingError.valueNotFound(FieldPath.self, .init(codingPath: decoder.codingPath, debugDescription: "no path"))
            }
            checksum = try Self.descend(decoder, path.steps[...], leaf: path.leafKind)
        }

        private static func descend(_ decoder: any Decoder, _ steps: ArraySlice<Step>, leaf: JSONKind) throws -> Int {
            guard let step = steps.first else {
                let container = try decoder.singleValueContainer()
                switch leaf {
                case .string: return FieldPath.checksum(string: try container.decode(String.self))
                case .number: return Int(try container.decode(Double.self))
                case .bool: return try container.decode(Bool.self) ? 1 : 0
                default: return 0
                }
            }
            switch step {
            case .key(let key):
                let container = try decoder.container(keyedBy: AnyKey.self)
                return try descend(try container.superDecoder(forKey: AnyKey(key)), steps.dropFirst(), leaf: leaf)
            case .index(let index):
                var container = try decoder.unkeyedContainer()
                for _ in 0..<index { _ = try container.decode(Skip.self) }
                return try descend(try container.superDecoder(), steps.dropFirst(), leaf: leaf)
            }
        }
    }

    /// Decodes nothing: an element passed over.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { return nil }
    }

    // MARK: Editing

    /// Sets the value at the path in an owned `JSON` (through the `JSON` subscripts for
    /// members; arrays are taken apart and put back).
    func set(_ value: JSON, in json: inout JSON) {
        Self.set(value, in: &json, steps[...])
    }

    private static func set(_ value: JSON, in json: inout JSON, _ steps: ArraySlice<Step>) {
        guard let step = steps.first else {
            json = value
            return
        }
        switch step {
        case .key(let key):
            guard var child = json[key] else { return }
            json[key] = .null  // drops the object's reference to the child, so the edit below does not copy it
            set(value, in: &child, steps.dropFirst())
            json[key] = child
        case .index(let index):
            guard case .array(var elements) = json, elements.indices.contains(index) else { return }
            json = .null
            set(value, in: &elements[index], steps.dropFirst())
            json = .array(elements)
        }
    }

    /// Sets the value at the path in JSONSerialization's objects, read with
    /// `.mutableContainers` (NSMutableDictionary and NSMutableArray where Foundation
    /// gives them, Swift collections where it gives those), and returns the new root.
    func set(_ value: Any, inFoundation object: Any) -> Any {
        Self.set(value, in: object, steps[...])
    }

    private static func set(_ value: Any, in object: Any, _ steps: ArraySlice<Step>) -> Any {
        guard let step = steps.first else { return value }
        switch (step, object) {
        case (.key(let key), let dictionary as NSMutableDictionary):
            if let child = dictionary[key] { dictionary[key] = set(value, in: child, steps.dropFirst()) }
            return dictionary
        case (.key(let key), var dictionary as [String: Any]):
            if let child = dictionary[key] { dictionary[key] = set(value, in: child, steps.dropFirst()) }
            return dictionary
        case (.index(let index), let array as NSMutableArray):
            if index < array.count { array[index] = set(value, in: array[index], steps.dropFirst()) }
            return array
        case (.index(let index), var array as [Any]):
            if array.indices.contains(index) { array[index] = set(value, in: array[index], steps.dropFirst()) }
            return array
        default:
            return object
        }
    }
}

extension CodingUserInfoKey {
    static let fieldPath = CodingUserInfoKey(rawValue: "yajlmodel-bench.fieldPath")!
}
