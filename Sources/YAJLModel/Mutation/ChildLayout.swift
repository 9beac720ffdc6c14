import CYAJLTree

/// How the children of an original container stand in its text, when each stands on a line
/// of its own: what a new value among them is laid out by, so that it looks like its
/// neighbours rather than a compact line among indented ones. The writer lays out a new value
/// when the original it stands for (the value it replaces, or an array's first element for a
/// new element) had its own children on lines of their own.
struct ChildLayout {
    /// A line break and the children's indentation (`\n    `): the text before a child.
    let lineBreak: [UInt8]
    /// One level of indentation: the children's indentation less their container's line's.
    let indentUnit: [UInt8]
    /// The container, whose document shows the text between a key and its value (`: `).
    let container: JSONValue

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    /// The layout of `container`'s children, whose first child is preceded by `firstLead`;
    /// nil when that lead breaks no line (a compact or one-line container).
    init?(of container: JSONValue, firstLead: Range<Int>, in input: UnsafeRawBufferPointer) {
        guard let lastNewline = input[firstLead].lastIndex(of: Self.newline) else { return nil }
        let breakStart = lastNewline > firstLead.lowerBound && input[lastNewline - 1] == Self.carriageReturn ? lastNewline - 1 : lastNewline
        lineBreak = Array(input[breakStart..<firstLead.upperBound])
        let childIndent = input[(lastNewline + 1)..<firstLead.upperBound]

        // The indentation of the line the container opens on.
        let opening = container.byteRange.lowerBound
        var lineStart = opening
        while lineStart > 0, input[lineStart - 1] != Self.newline { lineStart -= 1 }
        var indentEnd = lineStart
        while indentEnd < opening, input[indentEnd] == Self.space || input[indentEnd] == Self.tab { indentEnd += 1 }
        let lineIndent = input[lineStart..<indentEnd]
        if childIndent.count > lineIndent.count, childIndent.starts(with: lineIndent) {
            indentUnit = Array(childIndent.dropFirst(lineIndent.count))
        } else {
            indentUnit = childIndent.isEmpty ? Array("  ".utf8) : Array(childIndent)
        }
        self.container = container
    }

    /// Whether `node` is a container whose children stand on lines of their own (the text
    /// before its first child breaks a line).
    static func breaksLines(_ node: UInt32, in document: JSONDocument, input: UnsafeRawBufferPointer) -> Bool {
        guard document.isContainer(node), document.payload(node) > 0 else { return false }
        return input[document.startOffset(node)..<document.startOffset(document.firstChild(node))].contains(newline)
    }

    /// The text between the first key and its value found in `container`, else in the
    /// document from its start (looking at a bounded number of values); `: ` when none is
    /// found or it breaks a line.
    private static func keySeparator(near container: JSONValue, in input: UnsafeRawBufferPointer) -> [UInt8] {
        let document = container.document
        for start: UInt32 in [container.node, 0] {  // 0: the document's root
            let end = document.subtreeEnd(start)
            var node = start
            var looked = 0
            while node < end, looked < 4096 {
                if document.tag(node) == UInt32(YJM_OBJECT), document.payload(node) > 0 {
                    let key = document.firstChild(node)
                    let keyEnd = document.byteRange(key).upperBound, valueStart = document.startOffset(document.subtreeEnd(key))
                    guard keyEnd < valueStart else { break }
                    let separator = input[keyEnd..<valueStart]
                    return separator.contains(Self.newline) ? Array(": ".utf8) : Array(separator)
                }
                node = document.isContainer(node) ? document.firstChild(node) : document.subtreeEnd(node)
                looked += 1
            }
        }
        return Array(": ".utf8)
    }

    /// `value` written as a child laid out by this layout: each member or element of its
    /// containers on a line of its own, indented a level deeper than its container; empty
    /// containers stay `[]` and `{}`, strings as they are.
    func laidOut(_ value: EditedValue) -> [UInt8] {
        var writer = JSONWriter(options: .withoutEscapingSlashes)  // as EditedValue.encoded()
        writer.write(value)
        let json = writer.output
        guard let first = json.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return json }
        var output: [UInt8] = []
        output.reserveCapacity(json.count * 2)
        var keySeparator: [UInt8]?  // found in the document when the value has a key
        var depth = 0
        func breakLine() {
            output.append(contentsOf: lineBreak)
            for _ in 0..<depth { output.append(contentsOf: indentUnit) }
        }
        func isWhitespace(_ byte: UInt8) -> Bool {
            byte == Self.space || byte == Self.tab || byte == Self.newline || byte == Self.carriageReturn
        }
        var index = 0
        var inString = false
        while index < json.count {
            let byte = json[index]
            index += 1
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), index < json.count {
                    output.append(json[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case _ where isWhitespace(byte):
                continue
            case UInt8(ascii: "\""):
                inString = true
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                var next = index
                while next < json.count, isWhitespace(json[next]) { next += 1 }
                if next < json.count, json[next] == UInt8(ascii: "}") || json[next] == UInt8(ascii: "]") {
                    output.append(json[next])  // an empty container stays on its line
                    index = next + 1
                } else {
                    depth += 1
                    breakLine()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(depth - 1, 0)
                breakLine()
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                breakLine()
            case UInt8(ascii: ":"):
                if keySeparator == nil {
                    keySeparator = container.document.input.withBytes { Self.keySeparator(near: container, in: $0) }
                }
                output.append(contentsOf: keySeparator ?? [byte])
            default:
                output.append(byte)
            }
        }
        return output
    }
}
