import CYAJLTree
import Foundation

/// The `Decoder` behind ``YAJLDecoder``: a position in the node tree plus the coding path
/// that led there.
///
/// Like `JSONDecoder`'s, one instance serves a whole decode: decoding a nested value moves
/// it to the value's node and pushes the step onto the path, and moves it back afterwards,
/// so nothing is allocated per value. Path steps stay unmaterialized (`PathElement`)
/// until an error or a type asks for `codingPath`.
final class JSONValueDecoder {
    let document: JSONDocument
    let options: YAJLDecoder.Options
    let scope: DecodingScope
    /// The coding path to where this decoder started: the path given to `decode(_:from:at:)`,
    /// or the position of a nested container or `superDecoder()`.
    let prefix: [any CodingKey]
    /// Whether JSON keys are matched as they are (`.useDefaultKeys`).
    let usesDefaultKeys: Bool
    /// Whether the key strategy is `.convertFromSnakeCase`.
    let convertsFromSnakeCase: Bool
    /// What changes as decoding moves, behind a pointer: stored `var`s of a class would cost a
    /// runtime exclusivity check on every access, and these are accessed for every value.
    // Unsafe: initialized in `init` and freed in `deinit`, owned by this decoder alone.
    private let state: UnsafeMutablePointer<State>

    struct State {
        /// The value being decoded.
        var node: UInt32
        /// The steps from `prefix` to `node`.
        var path: [PathElement] = []
        /// Where the last key lookup ended, per container depth (see `member(_:in:slot:)`).
        var lookupHints = LookupHints()
    }

    init(_ value: JSONValue, options: YAJLDecoder.Options, scope: DecodingScope, prefix: [any CodingKey]) {
        self.document = value.document
        self.options = options
        self.scope = scope
        self.prefix = prefix
        self.usesDefaultKeys = options.usesDefaultKeys
        self.convertsFromSnakeCase = options.convertsFromSnakeCase
        state = .allocate(capacity: 1)
        state.initialize(to: State(node: value.node))
    }

    deinit {
        state.pointee.lookupHints.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var node: UInt32 {
        @inline(__always) get { state.pointee.node }
        @inline(__always) set { state.pointee.node = newValue }
    }

    var path: [PathElement] {
        @inline(__always) _read { yield state.pointee.path }
        @inline(__always) _modify { yield &state.pointee.path }
    }

    var lookupHints: LookupHints {
        @inline(__always) _read { yield state.pointee.lookupHints }
        @inline(__always) _modify { yield &state.pointee.lookupHints }
    }

    /// Whether `type` is an array or a `[String: Value]` that the decoder decodes itself.
    @inline(__always)
    func collectionKind<T>(of type: T.Type) -> CollectionKind { scope.caches.pointee.types.collectionKind(of: type) }

    /// Calls `body` with the UTF-8 of `key.stringValue`, its JSON spelling and its `KeyBloom.bits`:
    /// under `.useDefaultKeys` from `stringValue` itself (a synthesized key's is a literal, whose
    /// UTF-8 is read in place), else from the key cache, which has them converted and spelled.
    @inline(__always)
    func withBytes<Key: CodingKey, R>(of key: Key, _ body: (CachedKey) -> R) -> R {
        guard usesDefaultKeys else { return scope.caches.pointee.keyBytes.withBytes(of: key, body) }
        var name = key.stringValue
        return name.withUTF8 { body(CachedKey(name: UnsafeRawBufferPointer($0), spelling: UnsafeRawBufferPointer($0))) }
    }

    /// A decoder of its own for `node`, for nested containers and `superDecoder()`, which
    /// may outlive the step that made them.
    func child(at node: UInt32, codingPath: [any CodingKey]) -> JSONValueDecoder {
        JSONValueDecoder(JSONValue(document: document, node: node), options: options, scope: scope, prefix: codingPath)
    }

    /// A decoder of a `null` that is not in the document, for `superDecoder()` of a missing
    /// key; nil only if "null" failed to parse, which it does not.
    func nullChild(codingPath: [any CodingKey]) -> JSONValueDecoder? {
        JSONValueDecoder.nullDocument.map {
            JSONValueDecoder($0.root, options: options, scope: DecodingScope(input: nil, options: options, keyBytes: scope.caches.pointee.keyBytes), prefix: codingPath)
        }
    }

    private static let nullDocument = try? JSONDocument(parsing: [UInt8]("null".utf8))

    // MARK: Reading nodes

    @inline(__always)
    func tag(_ node: UInt32) -> UInt32 { document.tag(node) }

    // Unsafe (this and the readers below): `scope.input` is non-nil only while the top-level decode holds the document's input
    // (`withBytes`), and a node's offset and length lie within that input.
    /// Calls `body` with a string node's decoded UTF-8.
    @inline(__always)
    func withStringBytes<R>(_ node: UInt32, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let entry = document.tree.nodes[Int(node)]
        if entry.head & UInt32(YJM_KIND_MASK) == UInt32(YJM_STRING), let input = scope.input {
            return body(UnsafeRawBufferPointer(start: input + Int(entry.offset) + 1, count: Int(entry.head >> UInt32(YJM_KIND_BITS))))
        }
        return document.withStringBytes(node, body)
    }

    /// A number node's value when its text is a plain integer (`JSONNumberText.plainInteger`).
    @inline(__always)
    func plainInteger(_ node: UInt32) -> Int64? {
        let entry = document.tree.nodes[Int(node)]
        if let input = scope.input {
            return JSONNumberText.plainInteger(in: input, start: Int(entry.offset), count: Int(entry.head >> UInt32(YJM_KIND_BITS)))
        }
        return document.plainInteger(node)
    }

    /// A number node's text as a `DecimalSignificand` when it is a short decimal
    /// (`DecimalSignificand(shortDecimalIn:start:count:)`).
    @inline(__always)
    func shortDecimal(_ node: UInt32) -> DecimalSignificand? {
        let entry = document.tree.nodes[Int(node)]
        if let input = scope.input {
            return DecimalSignificand(shortDecimalIn: input, start: Int(entry.offset), count: Int(entry.head >> UInt32(YJM_KIND_BITS)))
        }
        return document.shortDecimal(node)
    }

    /// Calls `body` with a number node's text.
    @inline(__always)
    func withNumberText<R>(_ node: UInt32, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let entry = document.tree.nodes[Int(node)]
        if let input = scope.input {
            return body(UnsafeRawBufferPointer(start: input + Int(entry.offset), count: Int(entry.head >> UInt32(YJM_KIND_BITS))))
        }
        return document.withNumberText(node, body)
    }

    /// Calls `body` with the UTF-8 of a key node as `keys` reads it: as it is, or converted by the
    /// key strategy.
    @inline(__always)
    func withKeyBytes<R>(_ node: UInt32, _ keys: KeyReading, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if !keys.converts { return withStringBytes(node, body) }
        return withStringBytes(node) { raw in
            // `.convertFromSnakeCase` leaves a key without an underscore as it is: no table lookup.
            if convertsFromSnakeCase && !KeyConversion.containsUnderscore(raw) { return body(raw) }
            return scope.caches.pointee.convertedKeys.withConverted(raw, convert: { convertKey($0, slot: keys.slot) }, body)
        }
    }

    /// How key nodes are read in one object: `converts` under a key strategy other than
    /// `.useDefaultKeys`; `slot` is the object's depth, whose coding path a `.custom` strategy is given.
    struct KeyReading {
        let slot: Int
        let converts: Bool
    }

    /// A JSON key converted by the key strategy, as `JSONDecoder` converts it.
    private func convertKey(_ key: String, slot: Int) -> String {
        switch options.keyDecodingStrategy {
        case .convertFromSnakeCase:
            return KeyConversion.fromSnakeCase(key)
        case .custom(let convert):
            return convert(codingPath(slot, nil) + [JSONCodingKey(stringValue: key)]).stringValue
        default:
            return key
        }
    }

    func string(ofKey node: UInt32) -> String {
        withStringBytes(node) { String(validatedUTF8: $0) }
    }

    // MARK: Moving

    /// Moves the decoder to `node`, one `element` further along the path; `moveOut` undoes it.
    @inline(__always)
    func moveIn(_ node: UInt32, _ element: PathElement?) -> (node: UInt32, pathCount: Int) {
        let saved = (self.node, path.count)
        self.node = node
        if let element { path.append(element) }
        return saved
    }

    @inline(__always)
    func moveOut(_ saved: (node: UInt32, pathCount: Int)) {
        node = saved.node
        while path.count > saved.pathCount { path.removeLast() }
    }

    /// Runs `body` with the decoder moved to `node`, one `element` further along the path.
    @inline(__always)
    func nested<R>(_ node: UInt32, _ element: PathElement?, _ body: () throws -> R) rethrows -> R {
        let saved = moveIn(node, element)
        defer { moveOut(saved) }
        return try body()
    }

    /// Decodes `type` from `node`, `element` being the step from the current path (at `depth`) to it.
    ///
    /// Like `JSONDecoder`, `Date`, `Data`, `URL` and `Decimal` follow the decoder's strategies
    /// rather than their own `init(from:)`, and with a key strategy other than `.useDefaultKeys`
    /// the keys of `[String: Value]` dictionaries are taken as they are. Arrays are decoded here
    /// rather than through `Array.init(from:)`, with the same results and errors. A type read
    /// specially here must also be named in `decodesItself`, which lets arrays skip these tests.
    func unwrap<T: Decodable>(_ node: UInt32, as type: T.Type, depth: Int, _ element: PathElement?) throws -> T {
        if T.self == JSONValue.self { return try Self.cast(JSONValue(document: document, node: node), to: T.self) }
        if T.self == Data.self { return try Self.cast(try unwrapData(node, depth, element), to: T.self) }
        if T.self == Date.self { return try Self.cast(try unwrapDate(node, depth, element), to: T.self) }
        if T.self == URL.self { return try Self.cast(try unwrapURL(node, depth, element), to: T.self) }
        if T.self == Decimal.self { return try Self.cast(try decimal(node, depth, element), to: T.self) }
        let kind = tag(node)
        if kind == UInt32(YJM_ARRAY) || kind == UInt32(YJM_OBJECT) {
            if kind == UInt32(YJM_ARRAY) && Self.isScalarArray(T.self) { return try scalarArray(node, as: T.self, element) }
            switch collectionKind(of: T.self) {
            case .array(let array) where kind == UInt32(YJM_ARRAY):
                return try Self.cast(try array._decodeElements(from: self, node, element), to: T.self)
            case .dictionary(let dictionary) where kind == UInt32(YJM_OBJECT):
                return try Self.cast(try dictionary._decodeMembers(from: self, node, element), to: T.self)
            default:
                break
            }
        }
        let saved = moveIn(node, element)
        defer { moveOut(saved) }
        return try T(from: self)
    }

    /// `value` as `T`, which is its type: the callers compare the types first.
    @inline(__always)
    static func cast<Value, T>(_ value: Value, to type: T.Type) throws -> T {
        guard Value.self == T.self else {
            throw DecodingError.typeMismatch(T.self, DecodingError.Context(codingPath: [], debugDescription: "Internal type confusion."))
        }
        return _identityCast(value, to: T.self)  // the same type, checked above: a plain copy
    }

    // MARK: Coding paths and errors

    /// The coding path: `prefix`, the first `depth` steps of `path`, and `element`.
    func codingPath(_ depth: Int, _ element: PathElement?) -> [any CodingKey] {
        var keys = prefix
        keys.reserveCapacity(prefix.count + depth + 1)
        for step in path.prefix(depth) { keys.append(key(for: step)) }
        if let element { keys.append(key(for: element)) }
        return keys
    }

    private func key(for element: PathElement) -> any CodingKey {
        switch element {
        case .key(let box):
            return box.key
        case .plainKey(let bits, let type):
            return type.init(plainBits: bits)
        case .index(let index):
            return JSONCodingKey(index: index)
        case .member(let node, let numeric):
            let name = string(ofKey: node)
            return JSONCodingKey(stringValue: name, intValue: numeric ? Int(name) : nil)
        }
    }

    /// How `JSONDecoder` names what it found, for error messages.
    func kindDescription(_ node: UInt32) -> String {
        switch JSONValue(document: document, node: node).kind {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }

    func typeMismatch(_ type: Any.Type, _ node: UInt32, _ depth: Int, _ element: PathElement?) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(
            codingPath: codingPath(depth, element),
            debugDescription: "Expected to decode \(type) but found \(kindDescription(node)) instead."))
    }

    func valueNotFound(_ type: Any.Type, _ depth: Int, _ element: PathElement?, _ description: String? = nil) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(
            codingPath: codingPath(depth, element),
            debugDescription: description ?? "Cannot get value of type \(type) -- found null value instead"))
    }

    /// Throws `valueNotFound` when `node` is `null`.
    @inline(__always)
    func checkNotNull(_ node: UInt32, _ type: Any.Type, _ depth: Int, _ element: PathElement?) throws {
        if tag(node) == UInt32(YJM_NULL) { throw valueNotFound(type, depth, element) }
    }

    /// A number that does not fit the requested type. `JSONDecoder` reports these as
    /// `.dataCorrupted` at the root (its number errors surface as "not valid JSON"), so
    /// the coding path is empty here too; the description says where the number is.
    func numberNotRepresentable(_ node: UInt32, _ type: Any.Type, _ depth: Int, _ element: PathElement?) -> DecodingError {
        let text = withNumberText(node) { String(decoding: $0, as: UTF8.self) }
        let location = codingPath(depth, element).map(\.stringValue).joined(separator: ".")
        return .dataCorrupted(DecodingError.Context(
            codingPath: [],
            debugDescription: "The given data was not valid JSON: the number \(text) at \"\(location)\" is not representable as \(type)."))
    }
}

extension JSONValueDecoder: Decoder {
    var codingPath: [any CodingKey] { codingPath(path.count, nil) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkContainer(UInt32(YJM_OBJECT), [String: Any].self, "keyed")
        return scope.caches.pointee.types.containerMaker(for: Key.self).container(decoder: self, object: node, depth: path.count)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkContainer(UInt32(YJM_ARRAY), [Any].self, "unkeyed")
        return JSONUnkeyedDecodingContainer(decoder: self, array: node, depth: path.count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    private func checkContainer(_ expected: UInt32, _ type: Any.Type, _ kind: String) throws {
        switch tag(node) {
        case expected: return
        case UInt32(YJM_NULL):
            throw valueNotFound(type, path.count, nil, "Cannot get \(kind) decoding container -- found null value instead")
        default:
            throw typeMismatch(type, node, path.count, nil)
        }
    }
}
