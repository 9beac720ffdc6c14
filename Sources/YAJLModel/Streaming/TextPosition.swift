import CYAJLTree

/// A byte offset with its line and column, moved forward over the bytes a
/// stream lets go of, so that an error far into a stream still says where it
/// is. The counting is in C, where the compiler vectorizes it: it sees every byte
/// of a stream once.
struct TextPosition {
    var offset = 0
    var line = 1
    var column = 1

    /// Moves forward over `bytes`, the text that starts at `offset`.
    mutating func advance(over bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        var lineFeeds = 0
        var characters = 0
        yjm_count_lines(base.assumingMemoryBound(to: UInt8.self), bytes.count, &lineFeeds, &characters)
        offset += bytes.count
        if lineFeeds > 0 {
            line += lineFeeds
            column = 1
        }
        column += characters
    }

    /// The location of `target`, where `text` is the text from `offset` on.
    func location(of target: Int, in text: UnsafeRawBufferPointer) -> JSONSourceLocation {
        var position = self
        let distance = min(max(target - offset, 0), text.count)
        position.advance(over: UnsafeRawBufferPointer(rebasing: text[..<distance]))
        // A target past the text (only the end of a stream) keeps its own offset.
        return JSONSourceLocation(offset: target, line: position.line, column: position.column + max(target - position.offset, 0))
    }

    var location: JSONSourceLocation { JSONSourceLocation(offset: offset, line: line, column: column) }
}
