import Foundation

/// Writes a stream of values as one JSON text framed by a ``JSONOutputFraming``, a value at a
/// time, into the output of one ``JSONStreamingEncoder`` that its caller drains in chunks.
///
/// The array (and the envelope object) are containers of that encoder left open while the
/// values come, so each element is written by the code, and with the formatting, that writes
/// an element of an array encoded whole: its separator, its indent at its depth, its members
/// sorted. A value that fails leaves none of its bytes behind: the output is cut back to where
/// it started. A value that needs the `JSONEncoder` fallback is encoded by it alone, indented
/// to its depth. The output holds the bytes not yet drained, less than a chunk, plus one value.
final class JSONStreamWriter {
    private let encoder: JSONStreamingEncoder
    private let framing: JSONOutputFraming.Kind
    /// The size of the chunks `drain` hands over (at least 1).
    let chunkSize: Int
    /// The array whose elements the values are, once open (nil for JSON Lines).
    private var array: ContainerHandle?
    /// The envelope object, for `.object` framing.
    private var envelope: ContainerHandle?
    /// Where the bytes not yet handed over start in the output.
    private var drained = 0
    /// How many values were written.
    private var valueCount = 0

    init(options: YAJLEncoder.Options, framing: JSONOutputFraming, chunkSize: Int) {
        var options = options
        if case .jsonLines = framing.kind { options.outputFormatting.remove(.prettyPrinted) }
        encoder = JSONStreamingEncoder(options: options)
        self.framing = framing.kind
        self.chunkSize = max(chunkSize, 1)
    }

    deinit { encoder.saveKeyConversions() }

    /// The capacity of the output's block: it holds at most a chunk's worth of bytes not yet
    /// handed over and the value being written, so it stays near their sum.
    var reservedCapacity: Int { encoder.storage.output.reservedCapacity }

    // MARK: Framing

    /// Writes what comes before the first value: `[`, or the envelope's start up to its array's `[`.
    func begin() throws {
        switch framing {
        case .jsonLines:
            return
        case .array:
            array = try openContainer(isObject: false)
        case .object(var before, let key, let trailer):
            if encoder.storage.sortedKeys { before = Self.sorted(before) }
            // Members that `after` makes are checked when made.
            let after = if case .members(let members) = trailer { members } else { [JSONOutputFraming.Member]() }
            try checkEnvelope(before: before.map(\.key), key: key, after: after.map(\.key))
            // Its members are checked above instead of by the storage, which keeps no key bytes once drained.
            guard let envelope = encoder.storage.open(isObject: true, pathCount: 0, allowsRepeatedKeys: true, sortsMembers: false)
            else { throw tooDeep() }
            self.envelope = envelope
            try writeMembers(before, of: envelope)
            try encoder.beginMember(envelope, name: key)
            encoder.path = [.codingKey(JSONCodingKey(stringValue: key))]
            array = try openContainer(isObject: false)
        }
    }

    /// `members` in key order (UTF-8 bytes), as the storage sorts an object's members.
    private static func sorted(_ members: [JSONOutputFraming.Member]) -> [JSONOutputFraming.Member] {
        members.enumerated().sorted { a, b in
            a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8)
                || (a.element.key == b.element.key && a.offset < b.offset)
        }.map(\.element)
    }

    /// Writes `value` as the next element (or line).
    func append<T: Encodable>(_ value: T) throws {
        compact()
        guard let array else {
            let start = encoder.storage.output.count
            try write(value, at: start) {
                encoder.slot = .empty
                try encoder.encodeTopLevel(value)
            }
            endLine(from: start)
            valueCount += 1
            return
        }
        let start = encoder.storage.output.count
        let position = encoder.storage.beginElement(array)
        try write(value, at: start) { try encoder.encodeNested(value, .index(position)) }
        valueCount += 1
    }

    /// Writes what comes after the last value: `]`, or the array's end and the envelope's last members.
    func finish() throws {
        compact()
        guard array != nil else { return }
        encoder.storage.closeInnermost()
        array = nil
        guard let envelope, case .object(let before, let key, let trailer) = framing else { return }
        encoder.path = []
        var after: [JSONOutputFraming.Member]
        switch trailer {
        case .members(let members):
            after = members
        case .made(let make):
            after = try make(valueCount)
            try checkEnvelope(before: before.map(\.key), key: key, after: after.map(\.key))
        }
        if encoder.storage.sortedKeys { after = Self.sorted(after) }
        try writeMembers(after, of: envelope)
        encoder.storage.closeInnermost()
        self.envelope = nil
    }

    private func openContainer(isObject: Bool) throws -> ContainerHandle {
        guard let handle = encoder.storage.open(isObject: isObject, pathCount: encoder.path.count) else { throw tooDeep() }
        return handle
    }

    private func writeMembers(_ members: [JSONOutputFraming.Member], of object: ContainerHandle) throws {
        for (key, value) in members {
            let start = encoder.storage.output.count
            try encoder.beginMember(object, name: key)
            try write(value, at: start) { try encoder.encodeNested(value, .codingKey(JSONCodingKey(stringValue: key))) }
        }
    }

    /// Runs `encode`, which writes `value` after its separator or key (written from `start` on).
    /// On failure the output is cut back to `start`; on the fallback, `value` is encoded by `JSONEncoder`.
    private func write<T: Encodable>(_ value: T, at start: Int, _ encode: () throws -> Void) throws {
        let depth = encoder.storage.frames.count
        let valueStart = encoder.storage.output.count
        do {
            try encode()
            if let failure = encoder.failure { throw failure }
        } catch is EncodingFallback {
            encoder.storage.rewind(toDepth: depth, output: valueStart)
            encoder.failure = nil
            do {
                try appendFallback(value, depth: depth)
            } catch {
                encoder.storage.rewind(toDepth: depth, output: start)
                throw error
            }
        } catch {
            encoder.storage.rewind(toDepth: depth, output: start)
            encoder.failure = nil
            throw error
        }
    }

    /// Appends `value` as `JSONEncoder` writes it, each line after the first indented by `depth`.
    private func appendFallback<T: Encodable>(_ value: T, depth: Int) throws {
        let text = [UInt8](try YAJLEncoder.foundationEncoder(encoder.options).encode(value))
        for (index, byte) in text.enumerated() {
            encoder.storage.output.append(byte)
            // An empty container's blank line stays blank, as in the encoder's own output.
            if byte == UInt8(ascii: "\n"), index + 1 < text.count, text[index + 1] != UInt8(ascii: "\n") {
                for _ in 0..<depth { encoder.storage.output.append("  ") }
            }
        }
    }

    /// Ends the line of JSON Lines written from `start`: drops the white space between tokens
    /// when the value spans lines (a value copied as its text may; strings hold no raw line
    /// breaks), then writes `\n`.
    private func endLine(from start: Int) {
        let end = encoder.storage.output.count
        // Unsafe: `text` is read, and copied, before the output changes.
        let text = encoder.storage.output.bytes(start..<end)
        if text.contains(UInt8(ascii: "\n")) || text.contains(UInt8(ascii: "\r")) {
            let compacted = Self.withoutWhitespace(Array(text))
            encoder.storage.output.truncate(to: start)
            compacted.withUnsafeBytes { encoder.storage.output.append($0) }
        }
        encoder.storage.output.append(UInt8(ascii: "\n"))
    }

    /// `text` (one JSON value) without the white space outside its strings.
    static func withoutWhitespace(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var inString = false
        var escaped = false
        for byte in text {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                continue
            }
            result.append(byte)
        }
        return result
    }

    /// Checks the envelope's keys: distinct, and in order around `key` when keys are sorted.
    private func checkEnvelope(before: [String], key: String, after: [String]) throws {
        let keys = before + [key] + after
        func fail(_ description: String) -> EncodingError {
            EncodingError.invalidValue(keys, EncodingError.Context(codingPath: [], debugDescription: description))
        }
        guard Set(keys).count == keys.count else { throw fail("The envelope's member keys are not distinct.") }
        if encoder.storage.sortedKeys {
            let ordered = before.allSatisfy { $0.utf8.lexicographicallyPrecedes(key.utf8) }
                && after.allSatisfy { key.utf8.lexicographicallyPrecedes($0.utf8) }
            guard ordered else {
                throw fail("With sorted keys, the envelope's members before the array must sort below its key and those after it above.")
            }
        }
    }

    private func tooDeep() -> EncodingError {
        EncodingError.invalidValue(chunkSize, EncodingError.Context(codingPath: [], debugDescription: "The envelope nests too deep."))
    }

    // MARK: Chunks

    /// Hands over the bytes not yet handed over in chunks of `chunkSize`, and the remainder
    /// too when `all`; each chunk is valid only during its call to `body`.
    func drain(all: Bool, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        while let range = nextChunkRange(all: all) {
            drained = range.upperBound
            // Unsafe: `body` cannot reach the output, so the chunk stays valid during its call.
            try body(encoder.storage.output.bytes(range))
        }
    }

    /// The next chunk as an array, or nil when less than a chunk is left (and not `all`).
    func nextChunk(all: Bool) -> [UInt8]? {
        guard let range = nextChunkRange(all: all) else { return nil }
        drained = range.upperBound
        return Array(encoder.storage.output.bytes(range))
    }

    private func nextChunkRange(all: Bool) -> Range<Int>? {
        let count = encoder.storage.output.count
        if count - drained >= chunkSize { return drained..<drained + chunkSize }
        return all && count > drained ? drained..<count : nil
    }

    /// Moves the bytes not yet handed over to the front of the output, before a value is written.
    private func compact() {
        guard drained > 0 else { return }
        encoder.storage.output.removeFirst(drained)
        drained = 0
    }
}
