import CYAJLTree
import CYAJLTreeTesting

extension FuzzTarget {
    /// The C tree builder, called directly. The first byte picks the options: bit 0 allows
    /// comments, bits 1–3 pick `max_depth` (0, 1, 2, 3, 8, 64, 512 or 100,000), bits 4–5 a start
    /// offset of 0–3 bytes. The rest is the text. A finished tree must satisfy every layout
    /// invariant that the Swift views rely on without checking; without comments, the verdict must
    /// match the oracle's, and so must the tokens of the text with its white space removed (as
    /// `YAJLDecoder` parses indented input), and so must the tree parsed from each copy without
    /// white space and string text that this machine can make; and the exported UTF-8 validator
    /// must agree with Swift's decoder.
    public static let treeBuilder = FuzzTarget(
        name: "tree-builder",
        summary: "yjm_parse with options from the first byte: tree layout invariants, oracle verdicts, UTF-8 validator"
    ) { input throws(FuzzFailure) in
        guard let flags = input.first else { return }
        let text = UnsafeRawBufferPointer(rebasing: input[1...])
        guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let allowComments = flags & 1 != 0
        let maxDepth = [0, 1, 2, 3, 8, 64, 512, 100_000][Int(flags >> 1 & 7)]
        let skipsByteOrderMark = flags & 16 != 0
        let start = skipsByteOrderMark && text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0

        let valid = yjm_utf8_valid_prefix(base, text.count)
        let expectedValid = StrictJSON.validUTF8PrefixLength(text)
        try require(valid == expectedValid, "yjm_utf8_valid_prefix says \(valid) bytes, Swift's decoder \(expectedValid)")

        if !allowComments { try checkWhitespaceRemoval(UnsafeRawBufferPointer(rebasing: text[start...]), maxDepth: maxDepth) }

        var options = yjm_options(
            max_depth: maxDepth, allow_comments: allowComments ? 1 : 0, max_token: 0,
            skip_byte_order_mark: skipsByteOrderMark ? 1 : 0)
        var tree = yjm_tree()
        var error = yjm_error()
        let status = yjm_parse(base, text.count, &options, &tree, &error)
        defer { yjm_tree_free(&tree) }
        if !allowComments { try checkCopies(base, count: text.count, options: options, status: status, error: error, tree: tree) }

        if !allowComments {
            let accepted = StrictJSON.tokens(UnsafeRawBufferPointer(rebasing: text[start...]), maxDepth: maxDepth, skipsByteOrderMark: false) != nil
            try require((status == YJM_OK) == accepted, "status \(status.rawValue) (offset \(error.offset)), but the oracle \(accepted ? "accepts" : "rejects")")
        }
        guard status == YJM_OK else {
            try require(status.rawValue <= YJM_ERR_MEMORY.rawValue, "unknown status \(status.rawValue)")
            try require(error.status == status, "the error records status \(error.status.rawValue), yjm_parse returned \(status.rawValue)")
            try require(error.offset <= text.count, "error offset \(error.offset) past the input (\(text.count))")
            try require(status != YJM_ERR_SYNTAX || error.syntax != YJM_SYNTAX_NONE, "a syntax error of no kind")
            try require(tree.nodes == nil && tree.side == nil && tree.node_count == 0, "a failed parse left a tree")
            return
        }
        try checkTreeLayout(tree, text: text, start: start, maxDepth: maxDepth)
    }
}

/// Every copy kernel this machine runs (see `yjm_copy_kernels`), whatever the text's size, gives
/// the text's tree (a text that is JSON is UTF-8 and has tokens, so its copy is made), or the
/// text's error, or no copy.
private func checkCopies(
    _ base: UnsafePointer<UInt8>, count: Int, options: yjm_options, status: yjm_status, error: yjm_error, tree: yjm_tree
) throws(FuzzFailure) {
    for kernel in [YJM_COPY_RUNS_16, YJM_COPY_RUNS_32, YJM_COPY_COMPRESS_64] where yjm_copy_kernels() & Int32(kernel.rawValue) != 0 {
        var options = options
        var copied = yjm_tree()
        var copiedError = yjm_error()
        let result = yjm_parse_copy(base, count, kernel, &options, &copied, &copiedError)
        defer { yjm_tree_free(&copied) }
        guard status == YJM_OK else {
            try require(result != YJM_COPY_MADE || (copiedError.status == status && copiedError.offset == error.offset),
                        "the copy made by kernel \(kernel.rawValue) gives error \(copiedError.status.rawValue) at \(copiedError.offset), the text \(status.rawValue) at \(error.offset)")
            continue
        }
        try require(result == YJM_COPY_MADE && copiedError.status == YJM_OK, "kernel \(kernel.rawValue) makes no copy (\(result.rawValue)) or its parse fails (\(copiedError.status.rawValue))")
        try require(copied.node_count == tree.node_count && copied.side_size == tree.side_size, "the copy made by kernel \(kernel.rawValue) has another tree")
        for node in 0..<Int(tree.node_count) where copied.nodes[node].head != tree.nodes[node].head || copied.nodes[node].offset != tree.nodes[node].offset {
            throw FuzzFailure("node \(node) from the copy made by kernel \(kernel.rawValue) differs")
        }
        try require(UnsafeRawBufferPointer(start: copied.side, count: Int(copied.side_size)).elementsEqual(
            UnsafeRawBufferPointer(start: tree.side, count: Int(tree.side_size))), "the copy made by kernel \(kernel.rawValue) decodes other strings")
    }
}

/// `yjm_compact_whitespace` keeps the tokens: the copy is JSON exactly when the text is, with the
/// same values, and it is no longer than the text (the buffer it writes into).
private func checkWhitespaceRemoval(_ text: UnsafeRawBufferPointer, maxDepth: Int) throws(FuzzFailure) {
    guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
    let compacted = [UInt8](unsafeUninitializedCapacity: text.count) { buffer, count in
        count = buffer.baseAddress.map { yjm_compact_whitespace(base, text.count, $0) } ?? 0
    }
    let expected = StrictJSON.tokens(text, maxDepth: maxDepth, skipsByteOrderMark: false)
    let found = compacted.withUnsafeBytes { StrictJSON.tokens($0, maxDepth: maxDepth, skipsByteOrderMark: false) }
    try require(found == expected, "without white space, \(show(compacted)) has other tokens than the text")
}

/// A container whose children are being checked.
private struct OpenNode {
    let node: Int
    let isObject: Bool
    /// One past the subtree's last node, and one past its closing bracket.
    let end: Int
    let endOffset: Int
    /// Nodes expected directly inside (keys count too), and seen so far.
    let expected: Int
    var seen = 0
}

/// Checks every invariant of the node layout in `yajl_tree_builder.h`, in one pass with an
/// explicit stack: each container's second word gives its subtree's end and closing offset, and
/// its children exactly fill that span; counts match; keys are strings; token starts increase in
/// pre-order and lie inside their parent; every token's text is there in the input; escaped
/// strings' decoded text is packed in order in the side buffer and equals the oracle's decoding.
private func checkTreeLayout(_ tree: yjm_tree, text: UnsafeRawBufferPointer, start: Int, maxDepth: Int) throws(FuzzFailure) {
    let count = Int(tree.node_count)
    guard count > 0, let nodes = tree.nodes else { throw FuzzFailure("a successful parse with no nodes") }
    let side = UnsafeRawBufferPointer(start: tree.side, count: Int(tree.side_size))
    var stack: [OpenNode] = []
    var i = 0
    var previousStart = start - 1
    var twoWordNodes = 0
    var sideUsed = 0

    while true {
        while let top = stack.last, i == top.end {
            try require(top.seen == top.expected, "container \(top.node) has \(top.seen) child nodes, its count says \(top.expected)")
            stack.removeLast()
        }
        if stack.isEmpty && i > 0 { break }
        try require(i < count, "node \(i) is past the tree's \(count) words")
        let parentEndOffset = stack.last.map { $0.endOffset - 1 } ?? text.count  // before the parent's closing bracket
        if let top = stack.last {
            try require(i < top.end, "node \(i) overruns its container \(top.node)")
            if top.isObject && top.seen % 2 == 0 {
                let kind = Int(nodes[i].head) & Int(YJM_KIND_MASK)
                try require(kind == YJM_STRING || kind == YJM_ESCAPED_STRING, "member \(top.seen / 2) of container \(top.node) has a key of kind \(kind)")
            }
            stack[stack.count - 1].seen += 1
        }

        let head = nodes[i].head
        let offset = Int(nodes[i].offset)
        let kind = Int(head) & Int(YJM_KIND_MASK)
        let payload = Int(head >> UInt32(YJM_KIND_BITS))
        try require(offset > previousStart && offset < parentEndOffset, "node \(i) starts at \(offset), after \(previousStart) and before \(parentEndOffset) expected")
        previousStart = offset
        func textIs(_ literal: String) -> Bool {
            offset + literal.utf8.count <= parentEndOffset && text[offset..<offset + literal.utf8.count].elementsEqual(literal.utf8)
        }

        switch kind {
        case YJM_NULL:
            try require(payload == 0 && textIs("null"), "node \(i) is null, the input is not")
            i += 1
        case YJM_FALSE:
            try require(payload == 0 && textIs("false"), "node \(i) is false, the input is not")
            i += 1
        case YJM_TRUE:
            try require(payload == 0 && textIs("true"), "node \(i) is true, the input is not")
            i += 1
        case YJM_NUMBER:
            var end = offset
            let isNumber = StrictJSON.number(text, &end)
            try require(isNumber && end - offset == payload, "node \(i) is a number of \(payload) bytes at \(offset), the input has \(end - offset)")
            i += 1
        case YJM_STRING, YJM_ESCAPED_STRING:
            var end = offset
            guard text[offset] == UInt8(ascii: "\""), let decoded = StrictJSON.string(text, &end) else {
                throw FuzzFailure("node \(i) is a string at \(offset), the input holds no strict string there")
            }
            try require(end <= parentEndOffset, "string node \(i) runs past its container")
            if kind == YJM_STRING {
                try require(payload == end - offset - 2, "string node \(i) has length \(payload), the token \(end - offset - 2)")
                try require(!text[offset..<end].contains(UInt8(ascii: "\\")), "string node \(i) has escapes but no decoded text")
                i += 1
            } else {
                try require(i + 1 < count, "escaped string node \(i) has no second word")
                try require(payload == end - offset, "escaped string node \(i) has raw length \(payload), the token \(end - offset)")
                let location = nodes[i + 1]
                let sideStart = Int(location.head)
                let sideCount = Int(location.offset)
                try require(sideStart == sideUsed && sideStart + sideCount <= side.count, "escaped string node \(i) decodes to side \(sideStart)..<\(sideStart + sideCount), expected to start at \(sideUsed) within \(side.count)")
                try require(side[sideStart..<sideStart + sideCount].elementsEqual(decoded), "escaped string node \(i) decodes to \(show(side[sideStart..<sideStart + sideCount])), the oracle to \(show(decoded))")
                sideUsed += sideCount
                twoWordNodes += 1
                i += 2
            }
        case YJM_ARRAY, YJM_OBJECT:
            try require(i + 1 < count, "container node \(i) has no second word")
            let isObject = kind == YJM_OBJECT
            let end = Int(nodes[i + 1].head)
            let endOffset = Int(nodes[i + 1].offset)
            try require(text[offset] == (isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")), "container node \(i) does not start at a bracket")
            try require(end >= i + 2 && end <= (stack.last?.end ?? count), "container node \(i) ends at node \(end)")
            try require(endOffset > offset + 1 && endOffset <= parentEndOffset, "container node \(i) ends at offset \(endOffset)")
            try require(text[endOffset - 1] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")), "container node \(i) does not end at a bracket")
            try require(stack.count < maxDepth, "container node \(i) nests deeper than \(maxDepth)")
            stack.append(OpenNode(node: i, isObject: isObject, end: end, endOffset: endOffset, expected: isObject ? 2 * payload : payload))
            twoWordNodes += 1
            i += 2
        default:
            throw FuzzFailure("node \(i) has kind \(kind)")
        }
    }
    try require(i == count, "the root's subtree ends at node \(i), the tree has \(count) words")
    try require(Int(tree.value_count) == count - twoWordNodes, "value_count \(tree.value_count), expected \(count - twoWordNodes)")
    try require(sideUsed == side.count, "the side buffer holds \(side.count) bytes, the strings \(sideUsed)")
}
