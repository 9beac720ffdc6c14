/// A byte offset with its line and column, moved forward over the bytes a
/// stream lets go of, so that an error far into a stream still says where it
/// is. The counting loops are branch-free, so the compiler vectorizes them.
struct _TextPosition {
    var offset = 0
    var line = 1
    var column = 1

    /// Moves forward over `bytes`, the text that starts at `offset`.
    mutating func advance(over bytes: UnsafeRawBufferPointer) {
        var newlines = 0
        for byte in bytes { newlines &+= byte == UInt8(ascii: "\n") ? 1 : 0 }
        offset += bytes.count
        var lastLine = bytes[...]
        if newlines > 0 {
            line += newlines
            column = 1
            var start = bytes.count
            while bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            lastLine = bytes[start...]
        }
        var scalars = 0
        for byte in lastLine { scalars &+= byte & 0xC0 != 0x80 ? 1 : 0 }  // not a continuation byte
        column += scalars
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
