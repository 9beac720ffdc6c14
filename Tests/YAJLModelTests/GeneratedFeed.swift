// The generated feed of small objects: the benchmark's feed of 60,000 objects and the
// generator tests' input, shared by symbolic links so that all of them read the same bytes.

enum GeneratedFeed {
    /// `count` items as a JSON array, deterministic.
    static func json(count: Int) -> [UInt8] {
        var text = "["
        for index in 0..<count {
            if index > 0 { text += "," }
            let rating = index % 7 == 0 ? "null" : String(index % 5 + 1)
            text += #"{"id":\#(index * 7919 % 1_000_003),"title":"Item \#(index)","price":\#(index % 1000).\#(index % 100),"available":\#(index % 3 != 0),"rating":\#(rating)}"#
        }
        return Array((text + "]").utf8)
    }
}
