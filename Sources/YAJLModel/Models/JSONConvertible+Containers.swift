/// An optional property: a missing key and `null` both read as `nil`, and `nil` is
/// written by leaving the key out.
extension Optional: JSONCodec, JSONConvertible where Wrapped: JSONConvertible {
    public init(json: JSONValue) throws {
        self = json.isNull ? nil : try Wrapped(json: json)
    }

    // The container checks and reads are inlinable so that a model's generated code
    // specializes them for its element types instead of going through witness tables.
    @inlinable
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        if !json.isNull { Wrapped._validate(json, into: &validation) }
    }

    @inlinable
    public static func _decode(validated json: JSONValue) -> Wrapped? {
        json.isNull ? nil : Wrapped._decode(validated: json)
    }

    public static var _valueForMissingKey: Wrapped?? { .some(nil) }

    public static var _cachesDecodedValue: Bool { Wrapped._cachesDecodedValue }

    public var jsonRepresentation: JSON { map { $0.jsonRepresentation } ?? .null }

    public static func _encode(_ value: Wrapped?, like original: JSONValue?) -> JSON {
        value.map { Wrapped._encode($0, like: original) } ?? .null
    }
}

/// Arrays are read whole, every element validated; see ``JSONArray`` for lazy elements.
extension Array: JSONCodec, JSONConvertible where Element: JSONConvertible {
    /// Reads every element.
    /// - Throws: ``JSONModelError`` with every problem of every element, each under its
    ///   index (`[3].id`).
    public init(json: JSONValue) throws(JSONModelError) {
        var validation = JSONValidation()
        var array: [Element] = []
        if let elements = json.array {
            array.reserveCapacity(elements.count)
            for element in elements {
                if let value = validation.read(element, as: Element.self) { array.append(value) }
            }
        } else {
            validation.reportKind("array", at: json)
        }
        try validation.check(relativeTo: json)
        self = array
    }

    @inlinable
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        _JSONModelSupport.validateElements(of: json, as: Element.self, into: &validation)
    }

    @inlinable
    public static func _decode(validated json: JSONValue) -> [Element] {
        guard json.kind == .array else { return [] }
        // A loop over nodes, not `map` over the view: `map` cost about a thousand
        // instructions even for an empty array, and each view element a retain.
        let document = json.document
        var array: [Element] = []
        array.reserveCapacity(document.payload(json.node))
        var element = document.firstChild(json.node)
        let end = document.subtreeEnd(json.node)
        while element < end {
            // Unsafe: `json` holds the document for the whole loop; an element that keeps it copies the reference, which retains it.
            array.append(Unmanaged.passUnretained(document)._withUnsafeGuaranteedRef {
                Element._decode(validated: JSONValue(document: $0, node: element))
            })
            element = document.subtreeEnd(element)
        }
        return array
    }

    public var jsonRepresentation: JSON { .array(map(\.jsonRepresentation)) }

    /// Each element kept to the type of the original element at its index.
    public static func _encode(_ value: [Element], like original: JSONValue?) -> JSON {
        .array(value.enumerated().map { Element._encode($1, like: original?[$0]) })
    }
}

/// Objects read as dictionaries keyed by member name (with repeated keys, the last wins).
extension Dictionary: JSONCodec, JSONConvertible where Key == String, Value: JSONConvertible {
    /// Reads every member's value.
    /// - Throws: ``JSONModelError`` with every problem of every value, each under its key
    ///   (`alice.id`).
    public init(json: JSONValue) throws(JSONModelError) {
        var validation = JSONValidation()
        var dictionary: [String: Value] = [:]
        if let members = json.object {
            for member in members {
                if let value = validation.read(member.value, as: Value.self) { dictionary[member.key] = value }
            }
        } else {
            validation.reportKind("object", at: json)
        }
        try validation.check(relativeTo: json)
        self = dictionary
    }

    @inlinable
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        guard json.kind == .object else { return validation.reportKind("object", at: json) }
        // Values only (checking needs no key strings), each passed unretained, as a
        // model's properties are (see `_JSONModelSupport.validate(_:key:in:codec:hasDefault:into:)`).
        let document = json.document
        var key = document.firstChild(json.node)
        let end = document.subtreeEnd(json.node)
        while key < end {
            let value = document.subtreeEnd(key)
            // Unsafe: `json` holds the document for the whole loop, and validation keeps no value.
            Unmanaged.passUnretained(document)._withUnsafeGuaranteedRef {
                Value._validate(JSONValue(document: $0, node: value), into: &validation)
            }
            key = document.subtreeEnd(value)
        }
    }

    @inlinable
    public static func _decode(validated json: JSONValue) -> [String: Value] {
        guard let members = json.object else { return [:] }
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(members.count)
        for member in members { dictionary[member.key] = Value._decode(validated: member.value) }
        return dictionary
    }

    public var jsonRepresentation: JSON {
        .object(sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: $0.value.jsonRepresentation) })
    }

    /// The original's keys first, in its order, each value kept to its original type; new keys after, sorted.
    public static func _encode(_ value: [String: Value], like original: JSONValue?) -> JSON {
        guard let originalKeys = original?.keys else { return _encode(value) }
        var members: [JSONMember] = []
        var written = Set<String>()
        for key in originalKeys where written.insert(key).inserted {
            if let element = value[key] { members.append(JSONMember(key: key, value: Value._encode(element, like: original?[key]))) }
        }
        for (key, element) in value.sorted(by: { $0.key < $1.key }) where !written.contains(key) {
            members.append(JSONMember(key: key, value: element.jsonRepresentation))
        }
        return .object(members)
    }
}

/// A property of type `JSONValue` passes the JSON through as it is, unread.
extension JSONValue: JSONConvertible {
    public init(json: JSONValue) { self = json }

    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {}

    public static func _decode(validated json: JSONValue) -> JSONValue { json }

    public var jsonRepresentation: JSON { JSON(self) }
}

