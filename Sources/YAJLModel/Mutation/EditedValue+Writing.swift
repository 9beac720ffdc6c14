extension EditedValue {
    /// The edited value as compact UTF-8 JSON that keeps the original text: every
    /// untouched value, key and separator (white space included) is copied as it
    /// was, new members go at the end of their object, and only new values are
    /// encoded, laid out as the original values they stand for (see ``ChildLayout``). A
    /// document parsed with comments is re-encoded around the edits instead, since its text
    /// may hold them.
    func encoded() -> [UInt8] {
        var writer = JSONWriter(options: .withoutEscapingSlashes)
        writer.write(self)
        return writer.output
    }

    /// At least the length of ``encoded()``, for the size limit, without writing the
    /// original parts: it costs the number of edits, not the document's size.
    var byteCountBound: Int {
        func member(_ key: String, _ value: EditedValue) -> Int { key.utf8.count * 6 + 4 + value.byteCountBound }
        switch self {
        case .original(let value): return value.byteRange.count
        case .new(let json): return json.encoded(options: .withoutEscapingSlashes).count
        case .patched(let container):
            // A new child is written after the spacing copied from the container's text.
            let lead = container.newChildSpacingByteCount
            let layout = container.childLayout
            func child(_ value: EditedValue) -> Int { value.byteCountBound(laidOutBy: layout, in: container.original.document) }
            return container.original.byteRange.count + container.replaced.values.reduce(0) { $0 + child($1) }
                + container.inserted.values.joined().reduce(0) { $0 + child($1) + 1 + lead }
                + container.appended.reduce(0) { $0 + $1.key.utf8.count * 6 + 4 + child($1.value) + lead }
        case .array(let elements): return elements.reduce(2) { $0 + $1.byteCountBound + 1 }
        case .object(let members): return members.reduce(2) { $0 + member($1.key, $1.value) }
        }
    }
}

extension EditedValue {
    /// At least the length of `child` written as a new child of this value, laid out as its
    /// children are (see ``ChildLayout``).
    func byteCountBound(ofNewChild child: EditedValue) -> Int {
        switch self {
        case .original(let value) where value.kind == .array || value.kind == .object:
            PatchedContainer(original: value).byteCountBound(ofNewChild: child)
        case .patched(let container): container.byteCountBound(ofNewChild: child)
        default: child.byteCountBound
        }
    }

    /// At least the length of this value written as a child of an original container of
    /// `document` whose children are laid out by `layout`, whether it is laid out or not.
    fileprivate func byteCountBound(laidOutBy layout: ChildLayout?, in document: JSONDocument) -> Int {
        guard let layout, !isText(of: document) else { return byteCountBound }
        let inline = layout.laidOut(self, breakingLines: false).count + 2 * ChildLayout.maximumPadding
        return max(layout.laidOut(self, breakingLines: true).count, inline, byteCountBound)
    }

    /// Whether the value is written as (edited) text of a parsed document.
    var isParsedText: Bool {
        switch self {
        case .original, .patched: true
        case .new, .array, .object: false
        }
    }

    /// Whether the value is written as (edited) text of `document`, which keeps its own layout.
    func isText(of document: JSONDocument) -> Bool {
        switch self {
        case .original(let value): value.document === document
        case .patched(let container): container.original.document === document
        case .new, .array, .object: false
        }
    }

    /// At least the length of the text the writer puts around each new child of an original
    /// container, beyond its key's quotes, a comma and a colon (the spacing it copies from the
    /// container's text); 0 for other values.
    var newChildSpacingByteCount: Int {
        switch self {
        case .original(let value) where value.kind == .array || value.kind == .object:
            PatchedContainer(original: value).newChildSpacingByteCount
        case .patched(let container): container.newChildSpacingByteCount
        default: 0
        }
    }
}

extension PatchedContainer {
    /// See ``EditedValue/newChildSpacingByteCount``.
    var newChildSpacingByteCount: Int {
        guard let layout = childLayout else { return 0 }
        return layout.lead.count + layout.separator.count + layout.colon.count
    }

    /// How new children are laid out, from the original text; nil where the text is re-encoded.
    var childLayout: ChildLayout? {
        let document = original.document
        guard document.isVerbatimJSON else { return nil }
        return document.input.withBytes { ChildLayout(of: original, in: $0) }
    }

    /// See ``EditedValue/byteCountBound(ofNewChild:)``.
    func byteCountBound(ofNewChild child: EditedValue) -> Int {
        child.byteCountBound(laidOutBy: childLayout, in: original.document)
    }
}

extension JSONWriter {
    /// Writes an edited value (see ``EditedValue/encoded()``). Recursion follows
    /// the edits' paths only; untouched subtrees are copied or written iteratively.
    mutating func write(_ edited: EditedValue) {
        switch edited {
        case .original(let value): writeOriginal(value)
        case .new(let json): write(json, depth: 0)
        case .patched(let container): writePatched(container)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeQuoted(member.key)
                output.append(UInt8(ascii: ":"))
                write(member.value)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// An untouched value: its original bytes, or re-encoded when they may hold comments.
    private mutating func writeOriginal(_ value: JSONValue) {
        guard value.document.isVerbatimJSON else { return write(value) }
        value.document.input.withBytes { output.append(contentsOf: $0[value.byteRange]) }
    }

    /// An original container with changes. With verbatim text, everything between
    /// and around the original children is copied from the input: a child's "lead" is the
    /// text from the previous child's end to its own start (`,` and white space). New
    /// children and their keys are spaced as the container's text shows (see ``ChildLayout``).
    private mutating func writePatched(_ container: PatchedContainer) {
        let document = container.original.document
        let layout = container.childLayout
        let range = container.original.byteRange
        let isObject = container.isObject
        document.input.withBytes { input in
            let firstChild = document.firstChild(container.original.node)
            let end = document.subtreeEnd(container.original.node)
            // A new value looks like the original one it stands for: the value it replaces, or
            // for a new element the first element. Laid out on lines of its own like that one's
            // children, when they stand on lines of their own and the container's children do;
            // a new member's value, when the container's children do. Otherwise it is spaced as
            // the document is, and a new container in place of one on one line (a model's array
            // with an element added) has that one's inner spaces; a value of another parsed
            // document keeps its own text there.
            func writeChild(_ value: EditedValue, like original: UInt32?) {
                guard let layout, !value.isText(of: document) else { return write(value) }
                let breaksLines = layout.lineBreak != nil
                    && (original.map { ChildLayout.breaksLines($0, in: document, input: input) } ?? isObject)
                guard breaksLines || !value.isParsedText else { return write(value) }
                let padding = original.flatMap { original in
                    value.kind == JSONValue(document: document, node: original).kind
                        ? ChildLayout.padding(of: original, in: document, input: input) : nil
                }
                // Laying out rewrites every byte of the value, so children that are this
                // document's text (a model's untouched elements) are written as they are,
                // and the others laid out, between separators laid out on one line.
                switch value {
                case .array(let elements) where elements.contains(where: { $0.isText(of: document) }):
                    guard !breaksLines else { return write(value) }
                    output.append(UInt8(ascii: "["))
                    output.append(contentsOf: padding?.lead ?? [])
                    for (index, element) in elements.enumerated() {
                        if index > 0 { output.append(contentsOf: layout.inlineSeparator) }
                        if element.isText(of: document) {
                            write(element)
                        } else {
                            output.append(contentsOf: layout.laidOut(element, breakingLines: false))
                        }
                    }
                    output.append(contentsOf: padding?.trail ?? [])
                    output.append(UInt8(ascii: "]"))
                case .object(let members) where members.contains(where: { $0.value.isText(of: document) }):
                    write(value)
                default:
                    output.append(contentsOf: layout.laidOut(value, breakingLines: breaksLines, padding: padding))
                }
            }
            let firstElement = isObject || firstChild >= end ? nil : firstChild
            var written = 0
            /// The text before a child: `lead`, an original child's own, or the layout's.
            func separate(lead: Range<Int>?) {
                if let lead, layout != nil {
                    output.append(contentsOf: input[lead])
                } else if let layout {
                    output.append(contentsOf: written == 0 ? layout.lead : layout.separator)
                } else if written > 0 {
                    output.append(UInt8(ascii: ","))
                }
                written += 1
            }

            output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            var previousEnd = range.lowerBound + 1
            var child = firstChild
            while child < end {
                let valueNode = isObject ? document.subtreeEnd(child) : child
                let childStart = document.startOffset(child)
                for element in container.inserted[valueNode] ?? [] {
                    separate(lead: nil)
                    writeChild(element, like: firstElement)
                }
                if !container.removed.contains(valueNode) {
                    // A child's own lead holds a comma unless it was first; the first
                    // original child written after others needs one added.
                    let firstLead = range.lowerBound + 1..<document.startOffset(firstChild)
                    separate(lead: written == 0 ? firstLead : (child == firstChild ? nil : previousEnd..<childStart))
                    if isObject {
                        if layout != nil {
                            output.append(contentsOf: input[childStart..<document.startOffset(valueNode)])
                        } else {
                            write(JSONValue(document: document, node: child))
                            output.append(UInt8(ascii: ":"))
                        }
                    }
                    if let replacement = container.replaced[valueNode] {
                        writeChild(replacement, like: valueNode)
                    } else {
                        writeOriginal(JSONValue(document: document, node: valueNode))
                    }
                }
                previousEnd = document.byteRange(valueNode).upperBound
                child = document.subtreeEnd(valueNode)
            }
            for member in container.appended {
                separate(lead: nil)
                if isObject {
                    writeQuoted(member.key)
                    output.append(contentsOf: layout?.colon ?? [UInt8(ascii: ":")])
                }
                writeChild(member.value, like: firstElement)
            }
            if layout != nil {
                output.append(contentsOf: input[previousEnd..<range.upperBound])
            } else {
                output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            }
        }
    }
}
