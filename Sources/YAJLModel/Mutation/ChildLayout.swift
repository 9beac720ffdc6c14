import CYAJLTree

/// How the children of an original container stand in its text: what new children among them
/// copy, so that they look like their neighbours rather than compact text among spaced or
/// indented members. Found in the container itself where it shows it (its first child's lead,
/// the text between its first two children, its first key's colon), else in the document.
///
/// A new container value is written on one line with the document's spacing (`["a", "b"]`), or,
/// when the original it stands for had its own children on lines of their own and this
/// container's children stand on lines of their own, with each child on a line of its own.
struct ChildLayout {
    /// The text after the opening bracket before the first child written: the original first
    /// child's lead, or an empty container's inner spaces when they break no line.
    let lead: [UInt8]
    /// The text before each later new child, its comma included (`, ` or `,\n    `).
    let separator: [UInt8]
    /// The text from a new member's key to its value, the colon included (`: `).
    let colon: [UInt8]
    /// The text between the children of a new container written on one line (`, `).
    let inlineSeparator: [UInt8]
    /// A line break and the children's indentation (`\n    `) when the children stand on
    /// lines of their own; nil otherwise.
    let lineBreak: [UInt8]?
    /// One level of indentation: the children's indentation less their container's line's.
    let indentUnit: [UInt8]

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    private static let comma = UInt8(ascii: ","), colonByte = UInt8(ascii: ":")

    /// The layout of `container`'s children in `input`, its document's verbatim text.
    init(of container: JSONValue, in input: UnsafeRawBufferPointer) {
        let document = container.document
        let range = container.byteRange
        let isObject = container.kind == .object
        let firstChild = document.firstChild(container.node)
        let end = document.subtreeEnd(container.node)
        var ownSeparator: [UInt8]?
        var ownColon: [UInt8]?
        if firstChild < end {
            lead = Array(input[range.lowerBound + 1..<document.startOffset(firstChild)])
            let firstValue = isObject ? document.subtreeEnd(firstChild) : firstChild
            if isObject { ownColon = Array(input[document.byteRange(firstChild).upperBound..<document.startOffset(firstValue)]) }
            let second = document.subtreeEnd(firstValue)
            if second < end { ownSeparator = Array(input[document.byteRange(firstValue).upperBound..<document.startOffset(second)]) }
        } else {
            let inside = input[range.lowerBound + 1..<range.upperBound - 1]
            lead = inside.contains(Self.newline) ? [] : Array(inside)
        }
        let found = Self.spacing(near: container, in: input)
        let colon = ownColon.flatMap { $0.contains(Self.newline) ? nil : $0 } ?? found.colon
        let inline = ownSeparator.flatMap { $0.contains(Self.newline) ? nil : $0 } ?? found.separator
        let spaced = (colon ?? inline)?.last == Self.space
        self.colon = colon ?? (spaced ? Array(": ".utf8) : [Self.colonByte])
        inlineSeparator = inline ?? (spaced ? Array(", ".utf8) : [Self.comma])
        if let ownSeparator {
            separator = ownSeparator
        } else {
            separator = lead.isEmpty ? inlineSeparator : [Self.comma] + lead
        }

        guard let lastNewline = lead.lastIndex(of: Self.newline) else {
            lineBreak = nil
            indentUnit = []
            return
        }
        let breakStart = lastNewline > 0 && lead[lastNewline - 1] == Self.carriageReturn ? lastNewline - 1 : lastNewline
        lineBreak = Array(lead[breakStart...])
        let childIndent = lead[(lastNewline + 1)...]
        // The indentation of the line the container opens on.
        let opening = range.lowerBound
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
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
    }

    /// The longest ``Padding/lead`` or ``Padding/trail`` kept, so that a size bound needs no look at the text.
    static let maximumPadding = 16

    /// The white space inside a container's brackets, around its children.
    struct Padding {
        var lead: [UInt8]
        var trail: [UInt8]
    }

    /// The padding of `node`, a non-empty container on one line, when each side is at most
    /// ``maximumPadding`` bytes; nil otherwise.
    static func padding(of node: UInt32, in document: JSONDocument, input: UnsafeRawBufferPointer) -> Padding? {
        guard document.isContainer(node), document.payload(node) > 0 else { return nil }
        let range = document.byteRange(node)
        let lead = input[range.lowerBound + 1..<document.startOffset(document.firstChild(node))]
        var trailStart = range.upperBound - 1
        while trailStart > range.lowerBound + 1, isWhitespace(input[trailStart - 1]) { trailStart -= 1 }
        let trail = input[trailStart..<range.upperBound - 1]
        guard lead.count <= maximumPadding, trail.count <= maximumPadding, !lead.contains(newline), !trail.contains(newline)
        else { return nil }
        return Padding(lead: Array(lead), trail: Array(trail))
    }

    /// Whether `node` is a container whose children stand on lines of their own (the text
    /// before its first child breaks a line).
    static func breaksLines(_ node: UInt32, in document: JSONDocument, input: UnsafeRawBufferPointer) -> Bool {
        guard document.isContainer(node), document.payload(node) > 0 else { return false }
        return input[document.startOffset(node)..<document.startOffset(document.firstChild(node))].contains(newline)
    }

    /// The first colon (from a key's end to its value) and the first separator between two
    /// children that break no line, found in `container`, else in the document from its start,
    /// looking at a bounded number of values; nil for what is not found.
    private static func spacing(near container: JSONValue, in input: UnsafeRawBufferPointer) -> (colon: [UInt8]?, separator: [UInt8]?) {
        let document = container.document
        var colon: [UInt8]?, separator: [UInt8]?
        for start: UInt32 in [container.node, 0] {  // 0: the document's root
            let end = document.subtreeEnd(start)
            var node = start
            var looked = 0
            while node < end, looked < 4096, colon == nil || separator == nil {
                if document.isContainer(node), document.payload(node) > 0 {
                    let first = document.firstChild(node)
                    let isObject = document.tag(node) == UInt32(YJM_OBJECT)
                    let firstValue = isObject ? document.subtreeEnd(first) : first
                    if isObject, colon == nil {
                        let text = input[document.byteRange(first).upperBound..<document.startOffset(firstValue)]
                        if !text.contains(newline) { colon = Array(text) }
                    }
                    let second = document.subtreeEnd(firstValue)
                    if separator == nil, second < document.subtreeEnd(node) {
                        let text = input[document.byteRange(firstValue).upperBound..<document.startOffset(second)]
                        if !text.contains(newline) { separator = Array(text) }
                    }
                }
                node = document.isContainer(node) ? document.firstChild(node) : document.subtreeEnd(node)
                looked += 1
            }
        }
        return (colon, separator)
    }

    /// `value` written as a new child laid out by this layout: on one line with the document's
    /// spacing, or with `breakingLines` (and children standing on lines of their own here), each
    /// member or element of its containers on a line of its own, indented a level deeper than its
    /// container. Empty containers stay `[]` and `{}`, strings as they are. A value written on one
    /// line in place of a container has that one's `padding` inside its brackets.
    func laidOut(_ value: EditedValue, breakingLines: Bool, padding: Padding? = nil) -> [UInt8] {
        var writer = JSONWriter(options: .withoutEscapingSlashes)  // as EditedValue.encoded()
        writer.write(value)
        let json = writer.output
        guard let first = json.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return json }
        let lineBreak = breakingLines ? self.lineBreak : nil
        var output: [UInt8] = []
        output.reserveCapacity(json.count * 2)
        var depth = 0
        func breakLine() {
            guard let lineBreak else { return }
            output.append(contentsOf: lineBreak)
            for _ in 0..<depth { output.append(contentsOf: indentUnit) }
        }
        let padding = lineBreak == nil ? padding : nil
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
            case _ where Self.isWhitespace(byte):
                continue
            case UInt8(ascii: "\""):
                inString = true
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                var next = index
                while next < json.count, Self.isWhitespace(json[next]) { next += 1 }
                if next < json.count, json[next] == UInt8(ascii: "}") || json[next] == UInt8(ascii: "]") {
                    output.append(json[next])  // an empty container stays on its line
                    index = next + 1
                } else {
                    if let padding, depth == 0 { output.append(contentsOf: padding.lead) }
                    depth += 1
                    breakLine()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(depth - 1, 0)
                breakLine()
                if let padding, depth == 0 { output.append(contentsOf: padding.trail) }
                output.append(byte)
            case Self.comma:
                if lineBreak == nil {
                    output.append(contentsOf: inlineSeparator)
                } else {
                    output.append(byte)
                    breakLine()
                }
            case Self.colonByte:
                output.append(contentsOf: colon)
            default:
                output.append(byte)
            }
        }
        return output
    }
}
