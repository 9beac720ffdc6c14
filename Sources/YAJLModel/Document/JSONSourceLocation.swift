import CYAJLTree
import Foundation

/// Where something is in a JSON text.
///
/// `offset` counts bytes from the start of the input (0-based). `line` and
/// `column` are 1-based; a line ends at `\n`, and the column counts Unicode
/// scalars, so it matches what an editor shows for UTF-8 text.
public struct JSONSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The byte offset from the start of the input.
    public var offset: Int
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a location from its parts.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// The start of a text: byte 0, line 1, column 1.
    static let start = JSONSourceLocation(offset: 0, line: 1, column: 1)

    /// Finds the line and column of `offset` in `input`.
    init(offset: Int, in input: UnsafeRawBufferPointer) {
        self = Self.start.location(of: offset, in: input)
    }

    /// Finds the line and column of `offset` in a file, reading its first `offset` bytes a megabyte at a time.
    init(offset: Int, inFileAt url: URL) throws {
        self = .start
        let file = try FileHandle(forReadingFrom: url)
        defer { try? file.close() }
        var remaining = offset
        while remaining > 0, let chunk = try file.read(upToCount: min(remaining, 1 << 20)), !chunk.isEmpty {
            chunk.withUnsafeBytes { advance(over: $0) }
            remaining -= chunk.count
        }
        self.offset = offset
    }

    /// Moves past `bytes`, the text that starts at ``offset``. The one count of lines and
    /// columns, for documents and streams: in C, where the compiler vectorizes it.
    mutating func advance(over bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        var lineFeeds = 0
        var characters = 0
        // Unsafe: `yjm_count_lines` reads exactly `bytes.count` bytes from `base`, during this call only.
        yjm_count_lines(base.assumingMemoryBound(to: UInt8.self), bytes.count, &lineFeeds, &characters)
        offset += bytes.count
        if lineFeeds > 0 {
            line += lineFeeds
            column = 1
        }
        column += characters
    }

    /// The location of `target`, where `text` is the text from ``offset`` on.
    func location(of target: Int, in text: UnsafeRawBufferPointer) -> JSONSourceLocation {
        var position = self
        let distance = min(max(target - offset, 0), text.count)
        position.advance(over: UnsafeRawBufferPointer(rebasing: text[..<distance]))
        // A target past the text (the end of a stream) keeps its own offset.
        return JSONSourceLocation(offset: target, line: position.line, column: position.column + max(target - position.offset, 0))
    }

    public var description: String { "line \(line), column \(column) (byte \(offset))" }
}
