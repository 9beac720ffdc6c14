import CYAJLTree
import Foundation

/// Scalars, `Date`, `Data` and `JSONValue`, and the encoder as its own single-value container.
extension JSONStreamingEncoder {
    func writeInteger<T: FixedWidthInteger>(_ value: T) {
        JSONNumberFormatting.append(value, to: &storage.output)
    }

    func writeBool(_ value: Bool) {
        storage.output.append(value ? "true" : "false")
    }

    func writeNull() {
        storage.output.append("null")
    }

    /// Writes a float, or what the non-conforming float strategy says for infinity and NaN.
    /// `element` is the step from the encoder's path to the value, for the error.
    func writeFloat<T: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: T, _ element: PathElement?,
        strategy: JSONEncoder.NonConformingFloatEncodingStrategy? = nil
    ) throws {
        guard value.isFinite else {
            if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) =
                strategy ?? options.nonConformingFloatEncodingStrategy
            {
                writeString(value.isNaN ? nan : value < 0 ? negativeInfinity : positiveInfinity)
                return
            }
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath(appending: element), debugDescription: "Unable to encode \(T.self).\(value) directly in JSON."))
        }
        JSONNumberFormatting.append(value, to: &storage.output)
    }

    // MARK: Dates and data

    func encodeDate(_ date: Date) throws {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            try date.encode(to: self)
        case .secondsSince1970:
            try writeSingle { try $0.writeFloat(date.timeIntervalSince1970, nil, strategy: .throw) }
        case .millisecondsSince1970:
            try writeSingle { try $0.writeFloat(1000 * date.timeIntervalSince1970, nil, strategy: .throw) }
        case .iso8601:
            try writeSingle { encoder in
                if !ISO8601.withInternetDateTime(date, { encoder.writeString($0) }) {
                    encoder.writeString(date.formatted(.iso8601))
                }
            }
        case .custom(let encode):
            try encodeCustom { try encode(date, $0) }
        @unknown default:
            try date.encode(to: self)
        }
    }

    func encodeData(_ data: Data) throws {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            try data.encode(to: self)
        case .base64:
            try writeSingle { $0.writeString(data.base64EncodedString()) }
        case .custom(let encode):
            try encodeCustom { try encode(data, $0) }
        @unknown default:
            try data.encode(to: self)
        }
    }

    /// Runs a `.custom` strategy's closure; like `JSONEncoder`, one that writes nothing gives `{}`.
    private func encodeCustom(_ encode: (JSONStreamingEncoder) throws -> Void) throws {
        try encode(self)
        try writeEmptyObjectIfNothingWritten()
    }

    // MARK: JSONValue

    /// Writes a ``JSONValue``: its original bytes when the output is neither pretty-printed nor
    /// sorted, or else re-encoded from the tree with the output's formatting. Numbers keep their
    /// text, and every member is written, repeated keys included, as the core writer does.
    func writeJSONValue(_ value: JSONValue) throws {
        try writeSingle { encoder in
            if !encoder.storage.prettyPrinted && !encoder.storage.sortedKeys && value.document.isVerbatimJSON {
                value.rawJSON.withUnsafeBytes { encoder.storage.output.append($0) }
            } else {
                try encoder.writeTree(value)
            }
        }
    }

    /// Writes the tree under `value` iteratively, so that depth costs no stack.
    private func writeTree(_ value: JSONValue) throws {
        let document = value.document
        var ends: [UInt32] = []  // per open container: the end of its children
        var next = value.node
        while true {
            // Write the node at `next`, then find the following one.
            let node = next
            switch document.tag(node) {
            case UInt32(YJM_NULL): writeNull()
            case UInt32(YJM_FALSE): writeBool(false)
            case UInt32(YJM_TRUE): writeBool(true)
            case UInt32(YJM_NUMBER): document.withNumberText(node) { storage.output.append($0) }
            case UInt32(YJM_STRING), UInt32(YJM_ESCAPED_STRING): document.withStringBytes(node) { writeString($0) }
            default:
                let isObject = document.tag(node) == UInt32(YJM_OBJECT)
                guard storage.open(isObject: isObject, pathCount: path.count, allowsRepeatedKeys: true) != nil else {
                    throw EncodingError.invalidValue(value, EncodingError.Context(
                        codingPath: codingPath, debugDescription: "Unable to encode the given top-level value to JSON: too deep."))
                }
                ends.append(document.subtreeEnd(node))
                next = document.firstChild(node)
            }
            if document.tag(node) < UInt32(YJM_ARRAY) { next = document.subtreeEnd(node) }
            // Close finished containers, then start the next element or member.
            while let end = ends.last, next >= end {
                ends.removeLast()
                storage.closeInnermost()
            }
            guard !ends.isEmpty else { break }
            let handle = ContainerHandle(index: storage.frames.count - 1, id: storage.frames[storage.frames.count - 1].id)
            if storage.frames[handle.index].isObject {
                _ = document.withStringBytes(next) { storage.beginMember(handle, key: $0) }
                next = document.subtreeEnd(next)
            } else {
                _ = storage.beginElement(handle)
            }
        }
    }
}

extension JSONStreamingEncoder: SingleValueEncodingContainer {
    func encodeNil() throws { try writeSingle { $0.writeNull() } }
    func encode(_ value: Bool) throws { try writeSingle { $0.writeBool(value) } }
    func encode(_ value: String) throws { try writeSingle { $0.writeString(value) } }
    func encode(_ value: Double) throws { try writeSingle { try $0.writeFloat(value, nil) } }
    func encode(_ value: Float) throws { try writeSingle { try $0.writeFloat(value, nil) } }
    func encode(_ value: Int) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: Int8) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: Int16) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: Int32) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: Int64) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: UInt) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: UInt8) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: UInt16) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: UInt32) throws { try writeSingle { $0.writeInteger(value) } }
    func encode(_ value: UInt64) throws { try writeSingle { $0.writeInteger(value) } }
    func encode<T: Encodable>(_ value: T) throws {
        if let failure { throw failure }
        guard case .empty = slot else { return try writeSingle { _ in } }  // throws the misuse error
        try encodeValue(value)
    }
}

/// Dictionaries whose keys are written as they are, for key strategies other than
/// `.useDefaultKeys` (which `JSONEncoder` does not apply to dictionary keys).
protocol KeyRepresentableDictionaryEncodable {
    func _encodeUnconverted(to encoder: JSONStreamingEncoder) throws
}

extension Dictionary: KeyRepresentableDictionaryEncodable where Key: CodingKeyRepresentable, Value: Encodable {
    func _encodeUnconverted(to encoder: JSONStreamingEncoder) throws {
        let handle = encoder.slotContainer(isObject: true)
        try encoder.prepare(handle)
        for (key, value) in self {
            let name = key.codingKey.stringValue
            try encoder.beginMember(handle, name: name)
            try encoder.encodeNested(value, .codingKey(JSONCodingKey(stringValue: name)))
        }
    }
}
