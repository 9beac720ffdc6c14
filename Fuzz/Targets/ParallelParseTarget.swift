import CYAJLTree

extension FuzzTarget {
    /// The parallel parse with forced pieces gives the serial parse's result. The first byte picks
    /// the piece size (1 to 64 bytes, so that inputs of a few hundred bytes split many times),
    /// the second the threads (1 to 4), whether comments are allowed and `max_depth` (3, 8, 64 or
    /// 512). The rest is the text. Both parses must give the same status, error offset and kind
    /// of syntax error, or the same tree: every node word and every decoded string byte.
    public static let parallelParse = FuzzTarget(
        name: "parallel-parse",
        summary: "yjm_parse_parallel with forced pieces and threads from the first bytes equals yjm_parse"
    ) { input throws(FuzzFailure) in
        guard input.count >= 2 else { return }
        let pieceSize = 1 + Int(input[0] % 64)
        let flags = input[1]
        let text = UnsafeRawBufferPointer(rebasing: input[2...])
        guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var options = yjm_options(
            max_depth: [3, 8, 64, 512][Int(flags >> 3 & 3)], allow_comments: flags & 4 != 0 ? 1 : 0, max_token: 0,
            skip_byte_order_mark: 1)
        var serialTree = yjm_tree()
        var serialError = yjm_error()
        let serial = yjm_parse(base, text.count, &options, &serialTree, &serialError)
        defer { yjm_tree_free(&serialTree) }
        var parallel = yjm_parallel(threads: 1 + Int(flags & 3), piece_size: pieceSize, joined: 0)
        var tree = yjm_tree()
        var error = yjm_error()
        let status = yjm_parse_parallel(base, text.count, &options, &parallel, &tree, &error)
        defer { yjm_tree_free(&tree) }

        try require(status == serial, "status \(status.rawValue), serially \(serial.rawValue) (pieces of \(pieceSize))")
        guard status == YJM_OK else {
            try require(error.offset == serialError.offset && error.syntax == serialError.syntax,
                        "error at \(error.offset) (syntax \(error.syntax.rawValue)), serially at \(serialError.offset) (syntax \(serialError.syntax.rawValue))")
            return
        }
        try require(tree.node_count == serialTree.node_count && tree.value_count == serialTree.value_count
                        && tree.side_size == serialTree.side_size,
                    "\(tree.node_count) words, \(tree.value_count) values, \(tree.side_size) side bytes; serially \(serialTree.node_count), \(serialTree.value_count), \(serialTree.side_size)")
        for word in 0..<Int(tree.node_count) {
            let (found, expected) = (tree.nodes[word], serialTree.nodes[word])
            try require(found.head == expected.head && found.offset == expected.offset,
                        "word \(word): \(found.head), \(found.offset); serially \(expected.head), \(expected.offset) (pieces of \(pieceSize), \(parallel.joined) joined)")
        }
        for byte in 0..<Int(tree.side_size) {
            try require(tree.side[byte] == serialTree.side[byte], "decoded string byte \(byte) differs")
        }
    }
}
