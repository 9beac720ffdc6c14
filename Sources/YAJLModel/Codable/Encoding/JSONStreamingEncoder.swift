import Foundation

/// Signals that a value used `Encoder` in a way streaming cannot follow (writing to a
/// container after a sibling moved on, `superEncoder()`, a repeated key): ``YAJLEncoder``
/// then encodes the value again with `JSONEncoder`, which keeps every value until the end.
struct EncodingFallback: Error {}

/// What the value being encoded has written so far.
enum EncoderSlot {
    case empty
    /// A single value, starting at this output offset.
    case written(at: Int)
    /// A container, which further `container(keyedBy:)` calls share.
    case container(ContainerHandle, isObject: Bool)
}

/// The `Encoder` behind ``YAJLEncoder``. One instance serves a whole encode and writes
/// straight into `JSONEncoderStorage`; the containers it hands out are small handles.
final class JSONStreamingEncoder {
    let options: YAJLEncoder.Options
    /// What changes as encoding goes, behind a pointer: stored `var`s of a class would cost a
    /// runtime exclusivity check on every access, and these are accessed for every value.
    // Unsafe: initialized in `init` and freed in `deinit`, owned by this encoder alone.
    private let state: UnsafeMutablePointer<State>

    struct State {
        var storage: JSONEncoderStorage
        /// The coding path of the value being encoded, unmaterialized.
        var path: [PathElement] = []
        var slot = EncoderSlot.empty
        /// Set where an error cannot be thrown (making a container); every later write throws it,
        /// and the encode as a whole fails with it (or falls back, for `EncodingFallback`).
        var failure: (any Error)?
        /// The keys converted to snake case, under `.convertToSnakeCase`.
        var snakeCaseKeys = KeyBytesCache()
    }

    /// Whether keys are written as the types give them (`.useDefaultKeys`).
    let usesDefaultKeys: Bool

    init(options: YAJLEncoder.Options) {
        self.options = options
        if case .useDefaultKeys = options.keyEncodingStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        let formatting = options.outputFormatting
        state = .allocate(capacity: 1)
        state.initialize(to: State(storage: JSONEncoderStorage(
            prettyPrinted: formatting.contains(.prettyPrinted), sortedKeys: formatting.contains(.sortedKeys),
            escapesSlashes: !formatting.contains(.withoutEscapingSlashes))))
        if case .convertToSnakeCase = options.keyEncodingStrategy {
            snakeCaseKeys = options.keyBytes.take() ?? KeyBytesCache(converting: KeyConversion.toSnakeCase)
        }
    }

    /// Hands the keys converted by this encode back to the encoder, for its next encodes.
    func saveKeyConversions() {
        if case .convertToSnakeCase = options.keyEncodingStrategy { options.keyBytes.put(snakeCaseKeys) }
    }

    deinit {
        if !handedOver { state.pointee.storage.output.free() }
        state.pointee.storage.freeRecords()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    // Unsafe: set when the output block is handed to `Data`, so that `deinit` does not free it a second time.
    private var handedOver = false

    /// The output, which the encoder no longer owns afterwards.
    func takeOutput() -> Data {
        handedOver = true
        return storage.output.handOverAsData()
    }

    var storage: JSONEncoderStorage {
        @inline(__always) _read { yield state.pointee.storage }
        @inline(__always) _modify { yield &state.pointee.storage }
    }

    var path: [PathElement] {
        @inline(__always) _read { yield state.pointee.path }
        @inline(__always) _modify { yield &state.pointee.path }
    }

    var slot: EncoderSlot {
        @inline(__always) get { state.pointee.slot }
        @inline(__always) set { state.pointee.slot = newValue }
    }

    var failure: (any Error)? {
        @inline(__always) get { state.pointee.failure }
        @inline(__always) set { state.pointee.failure = newValue }
    }

    private var snakeCaseKeys: KeyBytesCache {
        _read { yield state.pointee.snakeCaseKeys }
        _modify { yield &state.pointee.snakeCaseKeys }
    }

    /// Encodes `value` as the whole output.
    func encodeTopLevel<T: Encodable>(_ value: T) throws {
        try encodeValue(value)
        while !storage.frames.isEmpty { closeInnermost() }
        if let failure { throw failure }
        if case .empty = slot {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
    }

    // MARK: Values

    /// Encodes `value` into the current slot. Like `JSONEncoder`, `Date`, `Data`, `URL` and
    /// `Decimal` follow the encoder's strategies rather than their own `encode(to:)`, and with
    /// a key strategy other than `.useDefaultKeys`, dictionary keys are written as they are.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == JSONValue.self, let json = value as? JSONValue {
            try writeJSONValue(json)
        } else if T.self == Date.self, let date = value as? Date {
            try encodeDate(date)
        } else if T.self == Data.self, let data = value as? Data {
            try encodeData(data)
        } else if T.self == URL.self, let url = value as? URL {
            try writeSingle { $0.writeString(url.absoluteString) }
        } else if T.self == Decimal.self, let decimal = value as? Decimal {
            try writeSingle { $0.storage.output.append(decimal.description) }
        } else if try writeNumberArray(value) {
            return
        } else if !usesDefaultKeys, let dictionary = value as? any KeyRepresentableDictionaryEncodable {
            try dictionary._encodeUnconverted(to: self)
        } else {
            try value.encode(to: self)
        }
    }


    /// Encodes `value` as a member or element, `element` being its coding path step; the
    /// key or separator is already written. A value that writes nothing becomes `{}`, as in `JSONEncoder`.
    func encodeNested<T: Encodable>(_ value: T, _ element: PathElement) throws {
        if try writePrimitive(value, element) { return }
        let savedSlot = slot
        let depth = storage.frames.count
        slot = .empty
        path.append(element)
        defer {
            path.removeLast()  // nested values restore the path they extend, so this is `element`
            slot = savedSlot
        }
        try encodeValue(value)
        while storage.frames.count > depth { closeInnermost() }
        try writeEmptyObjectIfNothingWritten()
    }

    func writeEmptyObjectIfNothingWritten() throws {
        guard case .empty = slot else { return }
        _ = try openSlotContainer(isObject: true)
        closeInnermost()
    }

    /// Writes a single value into the current slot with `body`.
    @inline(__always)
    func writeSingle(_ body: (JSONStreamingEncoder) throws -> Void) throws {
        if let failure { throw failure }
        guard case .empty = slot else {
            throw EncodingError.invalidValue(String(describing: slot), EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "Attempt to encode value through single value container when previously value already encoded."))
        }
        slot = .written(at: storage.output.count)
        try body(self)
    }

    func writeString(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ writeString(UnsafeRawBufferPointer($0)) }) == nil {
            var string = string
            string.withUTF8 { writeString(UnsafeRawBufferPointer($0)) }
        }
    }

    func writeString(_ utf8: UnsafeRawBufferPointer) {
        let escapesSlashes = storage.escapesSlashes
        storage.output.append(UInt8(ascii: "\""))
        JSONEscaping.append(utf8, escapingSlashes: escapesSlashes, to: &storage.output)
        storage.output.append(UInt8(ascii: "\""))
    }

    // MARK: Containers

    func closeInnermost() { storage.closeInnermost() }

    /// Records `error` as the outcome of this encode, where it cannot be thrown.
    func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }

    /// Makes `handle` the innermost container, closing those inside it, before a write to it.
    @inline(__always)
    func prepare(_ handle: ContainerHandle) throws {
        if let failure { throw failure }
        guard storage.isInnermost(handle) else { return try reopen(handle) }
    }

    private func reopen(_ handle: ContainerHandle) throws {
        guard storage.isOpen(handle) else {
            // Written to after it closed: only an encoder that keeps everything can do that.
            fail(EncodingFallback())
            throw EncodingFallback()
        }
        while storage.frames.count > handle.index + 1 { closeInnermost() }
    }

    /// The container of the current slot: made on first request, shared by later ones.
    func slotContainer(isObject: Bool) -> ContainerHandle {
        do {
            return try openSlotContainer(isObject: isObject) ?? .none
        } catch {
            fail(error)
            return .none
        }
    }

    private func openSlotContainer(isObject: Bool) throws -> ContainerHandle? {
        if let failure { throw failure }
        switch slot {
        case .empty:
            guard let handle = storage.open(isObject: isObject, pathCount: path.count) else {
                throw tooDeep()
            }
            slot = .container(handle, isObject: isObject)
            return handle
        case .container(let handle, let wasObject) where wasObject == isObject && storage.isOpen(handle):
            return handle
        case .written(let start) where start < storage.output.count
            && storage.output[start] == (isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")):
            throw EncodingFallback()  // a container written as a single value, then extended: JSONEncoder merges them
        default:
            throw EncodingError.invalidValue(String(describing: slot), EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "Attempt to push new \(isObject ? "keyed" : "unkeyed") encoding container when already previously encoded at this path."))
        }
    }

    /// Writes the key of a new member of `handle`, converted by the key strategy.
    @inline(__always)
    func beginMember(_ handle: ContainerHandle, key: some CodingKey) throws {
        try prepare(handle)
        if usesDefaultKeys { return try writeKey(handle, key.stringValue) }
        switch options.keyEncodingStrategy {
        case .convertToSnakeCase:
            // Converted once per encoder, and cached as UTF-8 by key.
            let written = snakeCaseKeys.withBytes(of: key) { storage.beginMember(handle, key: $0.name) }
            if !written { try repeatedKey() }
        case .custom(let convert):
            try writeKey(handle, convert(codingPath(of: handle) + [key]).stringValue)
        default:
            try writeKey(handle, key.stringValue)
        }
    }

    /// Writes `name` as the key of a new member of `handle`, as it is.
    func beginMember(_ handle: ContainerHandle, name: String) throws {
        try prepare(handle)
        try writeKey(handle, name)
    }

    @inline(__always)
    private func writeKey(_ handle: ContainerHandle, _ name: String) throws {
        let written = name.utf8.withContiguousStorageIfAvailable { storage.beginMember(handle, key: UnsafeRawBufferPointer($0)) }
            ?? { var name = name; return name.withUTF8 { storage.beginMember(handle, key: UnsafeRawBufferPointer($0)) } }()
        if !written { try repeatedKey() }
    }

    /// A repeated key: JSONEncoder keeps the last value, which streaming has already passed.
    private func repeatedKey() throws {
        fail(EncodingFallback())
        throw EncodingFallback()
    }

    /// Opens a container as the value of a new member or element of `parent` (`nestedContainer`).
    func openNested(isObject: Bool, in parent: ContainerHandle, _ element: PathElement) -> ContainerHandle {
        let (count, steps) = storage.path(of: parent)
        guard let handle = storage.open(isObject: isObject, pathCount: count, nestedSteps: steps + [element]) else {
            fail(tooDeep())
            return .none
        }
        return handle
    }

    /// A `superEncoder()`: streaming cannot know where its value ends, so the value is encoded again by `JSONEncoder`.
    func superEncoder() -> any Encoder {
        fail(EncodingFallback())
        return self
    }

    private func tooDeep() -> EncodingError {
        EncodingError.invalidValue(String(describing: slot), EncodingError.Context(
            codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON: containers nest deeper than \(JSONEncoderStorage.maximumDepth - 1)."))
    }

    // MARK: Coding paths

    var codingPath: [any CodingKey] { materialize(path[...]) }

    /// The coding path of the container `handle`.
    func codingPath(of handle: ContainerHandle) -> [any CodingKey] {
        let (count, steps) = storage.path(of: handle)
        return materialize(path.prefix(count)) + materialize(steps[...])
    }

    /// The path of a value about to be written, `element` being its step from the encoder's path.
    func codingPath(appending element: PathElement?) -> [any CodingKey] {
        codingPath + (element.map { materialize([$0]) } ?? [])
    }

    private func materialize(_ steps: ArraySlice<PathElement>) -> [any CodingKey] {
        steps.map { step in
            switch step {
            case .key(let box): box.key
            case .plainKey(let bits, let type): type.init(plainBits: bits)
            case .index(let index): JSONCodingKey(index: index)
            case .member: JSONCodingKey(stringValue: "")  // only decoding uses members
            }
        }
    }
}

extension JSONStreamingEncoder: Encoder {
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(encoder: self, handle: slotContainer(isObject: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedEncodingContainer(encoder: self, handle: slotContainer(isObject: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
}
