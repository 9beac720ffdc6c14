import Foundation

/// A JSON Lines text cut into newline-aligned pieces, each with the number of its
/// first line (counted here, so that records carry their lines wherever they are parsed).
///
/// Plain text is cut in place, each piece a slice of it. Gzip is inflated as pieces are
/// asked for, so that the task cutting inflates while other tasks parse; damage to it
/// ends the pieces after the last whole line before it, and is ``failure``.
struct LinePieces {
    struct Piece: Sendable {
        let index: Int
        let text: Data
        let line: Int
        let offset: Int
    }

    let text: Data
    let size: Int
    private var start = 0
    private var line = 1
    private var index = 0
    /// Gzip: the inflated bytes not yet cut, from stream offset `start` on.
    private var inflating: Inflating?
    /// Why gzip input ended early; thrown once the pieces before it are handled.
    private(set) var failure: (any Error)?

    private final class Inflating {
        let intake: ByteIntake
        var source: ChunkSource<DataSlices>
        let buffer = StreamBuffer()
        var ended = false

        init(intake: ByteIntake, source: ChunkSource<DataSlices>) {
            self.intake = intake
            self.source = source
        }
    }

    /// Cuts `text` into pieces of about `size` bytes; gzip is inflated to at most `limit` bytes.
    init(text: Data, size: Int, limit: Int) {
        self.text = text
        self.size = max(size, 1)
        if GzipInflater.isGzip(text) {
            let chunks = DataSlices(data: text, size: self.size)
            inflating = Inflating(intake: ByteIntake(limit: limit), source: ChunkSource(chunks: chunks))
        }
    }

    mutating func next() -> Piece? {
        let cut: (text: Data, lineFeeds: Int)?
        if inflating != nil { cut = nextInflated() } else { cut = nextSlice() }
        guard let cut else { return nil }
        defer {
            start += cut.text.count
            line += cut.lineFeeds
            index += 1
        }
        return Piece(index: index, text: cut.text, line: line, offset: start)
    }

    private func nextSlice() -> (text: Data, lineFeeds: Int)? {
        let count = text.count
        guard start < count else { return nil }
        let (end, lineFeeds) = text.withUnsafeBytes { bytes in
            // Up to the first line feed at or after the piece's nominal end.
            var end = min(start + size, count)
            if end < count { end = (JSONLines.firstLineFeed(in: bytes, from: end - 1) ?? count - 1) + 1 }
            return (end, JSONLines.lineFeeds(in: UnsafeRawBufferPointer(rebasing: bytes[start..<end])))
        }
        let first = text.startIndex
        return (text[(first + start)..<(first + end)], lineFeeds)
    }

    /// Inflates until the buffer holds a line feed at or past the nominal end, or the
    /// input ends, and cuts there (after damage: after the last whole line).
    private mutating func nextInflated() -> (text: Data, lineFeeds: Int)? {
        guard let state = inflating else { return nil }
        let size = size
        var end: Int?
        while true {
            end = JSONLines.firstLineFeed(in: state.buffer.bytes, from: size - 1).map { $0 + 1 }
            if end != nil || state.ended { break }
            do {
                state.ended = try !state.intake.read(into: state.buffer, size: size) { try state.source.read(into: $0, size: size) }
            } catch {
                failure = error
                state.ended = true
                // The whole lines before the damage; the broken one is not a record.
                let bytes = state.buffer.bytes
                state.buffer.removeLast(bytes.count - (JSONLines.endOfLastLine(in: bytes) ?? 0))
            }
        }
        let bytes = state.buffer.bytes
        let cut = min(end ?? bytes.count, bytes.count)
        guard cut > 0 else { return nil }
        let piece = UnsafeRawBufferPointer(rebasing: bytes[..<cut])
        let result = (Data(piece), JSONLines.lineFeeds(in: piece))
        state.buffer.removeFirst(cut)
        return result
    }
}
