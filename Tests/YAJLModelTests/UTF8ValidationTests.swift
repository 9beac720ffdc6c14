import CYAJLTree
import Testing

/// The strict UTF-8 check that every string token goes through (`yjm_utf8_valid_prefix`)
/// agrees with Swift's own decoder: the same number of bytes are valid before the first bad one.
@Suite struct UTF8ValidationTests {
    /// Swift's answer: the bytes of the valid scalars before the first invalid or cut-off one.
    static func swiftValidPrefix(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var length = 0
        while case .valid(let sequence) = parser.parseScalar(from: &iterator) { length += sequence.count }
        return length
    }

    static func validPrefix(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { yjm_utf8_valid_prefix($0, buffer.count) } ?? 0 }
    }

    /// Runs of three-byte characters (CJK text) are checked two at a time as one word. Runs of
    /// 1-9 characters, mostly three-byte ones and some with a special second-byte range (E0,
    /// ED), after 0-3 bytes of other text, with one byte replaced by each kind of bad or
    /// special byte at every position, and cut at every length: fails if the word's check
    /// misses a byte of the two characters, a lead's range, or the run's end.
    @Test func threeByteRunsAgreeWithSwiftsDecoder() {
        let characters = ["日", "本", "語", "\u{1000}", "\u{E000}", "\u{FFFD}", "\u{0800}", "\u{D7FF}", "é", "a", "😀"]
        let replacements: [UInt8] = [0x41, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xFF, 0x9F, 0xA0]
        let prefixes = ["", "a", "é", "ab", "aé"]
        var random = SplitMix64(seed: 8)
        var found: [String] = []
        for _ in 0..<400 {
            let prefix = prefixes.randomElement(using: &random) ?? ""
            let run = (0..<Int.random(in: 1...9, using: &random)).map { _ in
                Int.random(in: 0..<4, using: &random) == 0 ? characters.randomElement(using: &random) ?? "" : "日本語\u{E000}\u{FFFD}".randomElement(using: &random).map(String.init) ?? ""
            }
            let text = Array((prefix + run.joined()).utf8)
            for position in prefix.utf8.count..<text.count {
                for replacement in replacements {
                    var bytes = text
                    bytes[position] = replacement
                    for length in position...bytes.count {
                        let cut = Array(bytes[..<length])
                        let (ours, swift) = (Self.validPrefix(cut), Self.swiftValidPrefix(cut))
                        if ours != swift { found.append("\(cut.map { String($0, radix: 16) }): \(ours), Swift \(swift)") }
                    }
                }
            }
        }
        let disagreements = found.count
        #expect(disagreements == 0, "for example: \(found.prefix(5))")
    }

    /// Valid text cut at every start and end: the two agree, where a cut splits a character too.
    @Test func cutsOfValidTextAgreeWithSwiftsDecoder() {
        let text = Array(("日本語のテキスト\u{E000}\u{FFFD}\u{1000}é" + String(repeating: "語", count: 20)).utf8)
        for start in 0..<4 {
            for end in start...text.count {
                let cut = Array(text[start..<end])
                #expect(Self.validPrefix(cut) == Self.swiftValidPrefix(cut), "bytes \(start)..<\(end)")
            }
        }
    }
}
