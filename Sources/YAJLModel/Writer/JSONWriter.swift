import CYAJLTree

/// Re-encodes a value from the tree into UTF-8 JSON.
///
/// The walk is iterative, with an explicit stack of open containers, so a
/// document nested as deeply as the parser allowed is written without deep
/// recursion. Numbers keep their original text; strings without escapes are
/// copied from the input.
struct JSONWriter {
    var output: [UInt8] = []
    let prettyPrinted: Bool
    let sortedKeys: Bool
    let escapesSlashes: Bool
    /// Writing stops once the output reaches this many bytes (for short descriptions).
    let limit: Int

    init(options: JSONWriteOptions, limit: Int = .max) {
        prettyPrinted = options.contains(.prettyPrinted)
        sortedKeys = options.contains(.sortedKeys)
        escapesSlashes = !options.contains(.withoutEscapingSlashes)
        self.limit = limit
    }

    /// A container being written.
    private struct OpenContainer {
        let isObject: Bool
        /// The next child (a key node, in an object) and the end of the children.
        var next: UInt32
        let end: UInt32
        /// Key nodes in the order to write them, when keys are sorted.
        var orderedKeys: [UInt32]?
        var written = 0
    }

    var isTruncated: Bool { output.count >= limit }

    mutating func write(_ value: JSONValue) {
        let document = value.document
        output.reserveCapacity(min(value.byteRange.count + 16, limit))
        var stack: [OpenContainer] = []
        writeValue(value.node, in: document, stack: &stack)

        while !stack.isEmpty, !isTruncated {
            var container = stack[stack.count - 1]
            let child: UInt32?
            if let keys = container.orderedKeys {
                child = container.written < keys.count ? keys[container.written] : nil
            } else {
                child = container.next < container.end ? container.next : nil
            }
            guard let child else {
                stack.removeLast()
                if prettyPrinted { newline(indent: stack.count) }
                output.append(container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                continue
            }
            if container.written > 0 { output.append(UInt8(ascii: ",")) }
            if prettyPrinted { newline(indent: stack.count) }
            var valueNode = child
            if container.isObject {
                writeString(child, in: document)
                if prettyPrinted {
                    output.append(contentsOf: " : ".utf8)
                } else {
                    output.append(UInt8(ascii: ":"))
                }
                valueNode = document.subtreeEnd(child)
            }
            container.next = document.subtreeEnd(valueNode)
            container.written += 1
            stack[stack.count - 1] = container
            writeValue(valueNode, in: document, stack: &stack)
        }
    }

    /// Writes a scalar, or opens a container (pushing it unless it is empty).
    private mutating func writeValue(_ node: UInt32, in document: JSONDocument, stack: inout [OpenContainer]) {
        switch document.tag(node) {
        case UInt32(YJM_NULL): output.append(contentsOf: "null".utf8)
        case UInt32(YJM_FALSE): output.append(contentsOf: "false".utf8)
        case UInt32(YJM_TRUE): output.append(contentsOf: "true".utf8)
        case UInt32(YJM_NUMBER): document.withNumberText(node) { output.append(contentsOf: $0) }
        case UInt32(YJM_STRING), UInt32(YJM_ESCAPED_STRING): writeString(node, in: document)
        default:
            let isObject = document.tag(node) == UInt32(YJM_OBJECT)
            output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            guard document.payload(node) > 0 else {
                output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                return
            }
            var container = OpenContainer(isObject: isObject, next: document.firstChild(node), end: document.subtreeEnd(node))
            if isObject && sortedKeys { container.orderedKeys = Self.sortedKeyNodes(of: node, in: document) }
            stack.append(container)
        }
    }

    private static func sortedKeyNodes(of object: UInt32, in document: JSONDocument) -> [UInt32] {
        let keys = Array(document.memberKeys(of: object))
        // Byte order is Unicode scalar order for UTF-8; ties keep document order.
        return keys.enumerated().sorted { a, b in
            let order = document.withStringBytes(a.element) { x in document.withStringBytes(b.element) { y in Self.compare(x, y) } }
            return order != 0 ? order < 0 : a.offset < b.offset
        }.map(\.element)
    }

    private static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return a.count - b.count
    }

    mutating func newline(indent: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// Writes a string node, quoted and escaped.
    private mutating func writeString(_ node: UInt32, in document: JSONDocument) {
        output.append(UInt8(ascii: "\""))
        document.withStringBytes(node) { text in
            if document.tag(node) == UInt32(YJM_STRING) && !(escapesSlashes && text.contains(UInt8(ascii: "/"))) {
                output.append(contentsOf: text)  // it had no escapes in the input, so it needs none
            } else {
                appendEscaped(text)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    mutating func appendEscaped(_ text: UnsafeRawBufferPointer) {
        JSONEscaping.append(text, escapingSlashes: escapesSlashes, to: &output)
    }
}
