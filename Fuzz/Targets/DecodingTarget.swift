import Foundation
import YAJLModel

/// Target 4's Codable type: every kind of property, optional and not, nested.
private struct FuzzRecord: Codable {
    var id: Int64
    var name: String?
    var ratio: Double?
    var flag: Bool?
    var amount: Decimal?
    var tags: [String]?
    var children: [FuzzRecord]?
    var extra: [String: Int]?
}

/// Target 4's model, written as `@JSONModel` writes one (the fuzz build has no macros), over
/// the same runtime: validation, lazy typed reads, nested models and a lazy array, and both
/// preprocessing steps, each of which the input can make fail (see ``preprocess(_:)`` and
/// ``transform(_:)``).
private struct FuzzModel: JSONModel {
    private let _storage: _JSONStorage
    var json: JSONValue { _storage.json }
    var _jsonStorage: _JSONModelStorage { _storage }
    init(_validatedJSON json: JSONValue) { _storage = _JSONStorage(json: json) }

    var id: Int64 {
        if _storage._isCached(0) { return _storage.idCache.unsafelyUnwrapped }
        let value = _storage._read(_storage.nodes.0, at: ["id"], codec: Int64.self, default: nil)
        if _storage._claim(0, for: Int64.self) {
            _storage.idCache = value
            _storage._publish(0)
        }
        return value
    }
    var name: String? {
        if _storage._isCached(1) { return _storage.nameCache.unsafelyUnwrapped }
        let value = _storage._read(_storage.nodes.1, at: ["name"], codec: String?.self, default: nil)
        if _storage._claim(1, for: String?.self) {
            _storage.nameCache = value
            _storage._publish(1)
        }
        return value
    }
    var when: Date? {
        if _storage._isCached(2) { return _storage.whenCache.unsafelyUnwrapped }
        let value = _storage._read(_storage.nodes.2, at: ["when"], codec: Date?.self, default: nil)
        if _storage._claim(2, for: Date?.self) {
            _storage.whenCache = value
            _storage._publish(2)
        }
        return value
    }
    var size: UInt8 {
        if _storage._isCached(3) { return _storage.sizeCache.unsafelyUnwrapped }
        let value = _storage._read(_storage.nodes.3, at: ["size"], codec: UInt8.self, default: 0)
        if _storage._claim(3, for: UInt8.self) {
            _storage.sizeCache = value
            _storage._publish(3)
        }
        return value
    }
    var children: JSONArray<FuzzModel>? {
        if _storage._isCached(4) { return _storage.childrenCache.unsafelyUnwrapped }
        let value = _storage._read(_storage.nodes.4, at: ["children"], codec: JSONArray<FuzzModel>?.self, default: nil)
        if _storage._claim(4, for: JSONArray<FuzzModel>?.self) {
            _storage.childrenCache = value
            _storage._publish(4)
        }
        return value
    }
    var first: String? {
        if _storage._isCached(5) { return _storage.firstCache.unsafelyUnwrapped }
        let value = _storage._read(_storage.nodes.5, at: ["media", "m"], codec: String?.self, default: nil)
        if _storage._claim(5, for: String?.self) {
            _storage.firstCache = value
            _storage._publish(5)
        }
        return value
    }

    static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
        _JSONModelSupport.validate(json, key: "id", codec: Int64.self, hasDefault: false, into: &validation)
        _JSONModelSupport.validate(json, key: "name", codec: String?.self, hasDefault: false, into: &validation)
        _JSONModelSupport.validate(json, key: "when", codec: Date?.self, hasDefault: false, into: &validation)
        _JSONModelSupport.validate(json, key: "size", codec: UInt8.self, hasDefault: true, into: &validation)
        _JSONModelSupport.validate(json, key: "children", codec: JSONArray<FuzzModel>?.self, hasDefault: false, into: &validation)
        _JSONModelSupport.validate(json, path: ["media", "m"], codec: String?.self, hasDefault: false, into: &validation)
    }

    final class _JSONStorage: _JSONModelStorage, @unchecked Sendable {
        @exclusivity(unchecked) var nodes: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0)
        @exclusivity(unchecked) var idCache: Optional<Int64> = nil
        @exclusivity(unchecked) var nameCache: Optional<String?> = nil
        @exclusivity(unchecked) var whenCache: Optional<Date?> = nil
        @exclusivity(unchecked) var sizeCache: Optional<UInt8> = nil
        @exclusivity(unchecked) var childrenCache: Optional<JSONArray<FuzzModel>?> = nil
        @exclusivity(unchecked) var firstCache: Optional<String?> = nil

        override init(json: JSONValue) {
            super.init(json: json)
            withUnsafeMutableBytes(of: &nodes) {
                _JSONModelSupport.findNodes(of: json, paths: [["id"], ["name"], ["when"], ["size"], ["children"], ["media", "m"]], into: $0)
            }
        }
    }

    /// Text that starts with `#` is repaired JSON: the `#` goes and `\'` becomes `'`. Text that
    /// starts with `#!` fails.
    static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] {
        guard bytes.first == UInt8(ascii: "#") else { return bytes }
        if bytes.dropFirst().first == UInt8(ascii: "!") {
            throw FuzzModelStepFailure("preprocessing rejects text that starts with #! (\(bytes.count) bytes)")
        }
        return JSONPreprocessing.unescapingSingleQuotes(Array(bytes.dropFirst()))
    }

    /// An object whose member `wrapped` is an object reads as that object (repeatedly, so that
    /// a model's own JSON reads back the same); one whose member `transform` is `"fail"` fails.
    /// Nested models (`children`) are transformed too, where a failure is one of the parent's issues.
    static func transform(_ json: JSONValue) throws -> JSONValue {
        var current = json
        while let inner = current["wrapped"], inner.kind == .object { current = inner }
        if current["transform"]?.string == "fail" {
            throw FuzzModelStepFailure("the transform rejects the object at byte \(current.byteRange.lowerBound)")
        }
        return current
    }

    var _propertyValues: KeyValuePairs<String, Any> {
        ["id": id, "name": name as Any, "when": when as Any, "size": size, "children": children as Any, "first": first as Any]
    }
}

/// A failure of ``FuzzModel``'s preprocessing steps (a message on the heap, which the leak check
/// sees freed).
private struct FuzzModelStepFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension FuzzTarget {
    /// Target 4. Random input through `YAJLDecoder` and a model: no crash, every error typed
    /// (a failed preprocessing step or transform included), and a model that was created reads
    /// every property (lazily) without failing, down its children.
    public static let decoding = FuzzTarget(
        name: "decoding",
        summary: "YAJLDecoder and model validation (preprocess and transform too) of random input: typed errors, reads after validation never fail"
    ) { input throws(FuzzFailure) in
        let bytes = Array(input)
        do {
            let record = try YAJLDecoder().decode(FuzzRecord.self, from: bytes)
            let encoded = try YAJLEncoder().encode(record)
            _ = try YAJLDecoder().decode(FuzzRecord.self, from: encoded)
        } catch is DecodingError {
        } catch is EncodingError {
        } catch {
            throw FuzzFailure("YAJLDecoder threw an untyped error: \(error)")
        }

        let model: FuzzModel
        do throws(JSONModelError) {
            model = try FuzzModel(parsing: bytes)
        } catch {
            if bytes.starts(with: "#!".utf8) {
                try require(error.issues.count == 1 && error.issues[0].description.contains("preprocessing failed: preprocessing rejects"),
                            "a failed preprocessing step is reported as \(error)")
            }
            _ = error.description
            return
        }
        try require(!bytes.starts(with: "#!".utf8), "a model was read although its preprocessing fails")
        try require(model.json["transform"]?.string != "fail", "a model was read although its transform fails")
        var pending = [model]
        var visited = 0
        while let next = pending.popLast(), visited < 10_000 {
            visited += 1
            _ = (next.id, next.name, next.when, next.size, next.first, next.description, next.debugDescription)
            if let children = next.children { pending.append(contentsOf: children) }
        }
        let again = try? FuzzModel(json: model.json)
        try require(again == model, "a model's own JSON does not read back as an equal model")
    }
}
