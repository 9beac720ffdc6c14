import Foundation

extension JSON {
    /// The value as UTF-8 JSON text: compact unless `.prettyPrinted`; `/` is escaped
    /// unless `.withoutEscapingSlashes`; `.sortedKeys` orders members by key bytes.
    public func jsonData(options: JSONWriteOptions = []) -> Data { Data(encoded(options: options)) }

    /// The value as a JSON string; see ``jsonData(options:)``.
    public func jsonString(options: JSONWriteOptions = []) -> String {
        String(decoding: encoded(options: options), as: UTF8.self)
    }

    /// A document whose root is this value: its JSON text, written and parsed.
    /// Nesting has no limit, since the program built it.
    /// - Throws: ``JSONError/tooLarge(_:limit:at:)`` when the text outgrows a document.
    public func document() throws(JSONError) -> JSONDocument {
        try JSONDocument.parsingWritten(encoded(options: .withoutEscapingSlashes))
    }

    func encoded(options: JSONWriteOptions) -> [UInt8] {
        var writer = JSONWriter(options: options)
        writer.write(self, depth: 0)
        return writer.output
    }
}

extension JSONWriter {
    /// Writes an owned value. Recursion here is bounded by how deep the caller built
    /// the value; values copied from documents stay within the parser's depth limit.
    mutating func write(_ json: JSON, depth: Int) {
        switch json {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.text.utf8)
        case .string(let text): writeQuoted(text)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if prettyPrinted { newline(indent: depth + 1) }
                write(element, depth: depth + 1)
            }
            if prettyPrinted && !elements.isEmpty { newline(indent: depth) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let ordered = sortedKeys ? members.enumerated().sorted { a, b in
                a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8) || (a.element.key == b.element.key && a.offset < b.offset)
            }.map(\.element) : members
            for (index, member) in ordered.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if prettyPrinted { newline(indent: depth + 1) }
                writeQuoted(member.key)
                output.append(contentsOf: (prettyPrinted ? " : " : ":").utf8)
                write(member.value, depth: depth + 1)
            }
            if prettyPrinted && !members.isEmpty { newline(indent: depth) }
            output.append(UInt8(ascii: "}"))
        }
    }

    mutating func writeQuoted(_ text: String) {
        var text = text
        output.append(UInt8(ascii: "\""))
        text.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0)) }
        output.append(UInt8(ascii: "\""))
    }
}
