import Foundation
import Testing
@testable import YAJLModel

/// Key lookups in small objects, which remember the keys passed by one bit each
/// (`JSONValueDecoder.passedBit`): keys that share a bit still find the first member with their
/// key, in any order, as `JSONDecoder` does; and the bit tells apart keys of one length.
@Suite struct KeyLookupTests {
    private func bit(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { JSONValueDecoder.passedBit(UnsafeRawBufferPointer($0)) }
    }

    /// Keys of one length that differ in their first, middle or last bytes get different bits,
    /// so a small object's lookups in declaration order each take one comparison.
    @Test func keysOfOneLengthGetDifferentBits() {
        for keys in [["title", "price"], ["startDate", "startTime"], ["id", "ix"], ["a", "b"], ["abcd", "abcz", "zbcd"]] {
            #expect(Set(keys.map(bit)).count == keys.count, "\(keys)")
        }
        for key in ["", "a", "ab", "abc", "available"] { #expect(bit(key).nonzeroBitCount == 1) }
    }

    /// Differ only in the byte the bit does not read, so they share it.
    private struct SharedBits: Codable, Equatable {
        let abcde: Int
        let axcde: Int
        let ayCde: Int?
        let empty: String
        let a: Int
        let ab: Int

        enum CodingKeys: String, CodingKey {
            case abcde, axcde, ayCde, empty = "", a, ab
        }
    }

    @Test func keysThatShareABitDecodeAsJSONDecoderDoes() throws {
        #expect(bit("abcde") == bit("axcde"))
        let texts = [
            #"{"abcde": 1, "axcde": 2, "ayCde": 3, "": "e", "a": 4, "ab": 5}"#,
            #"{"axcde": 2, "abcde": 1, "ab": 5, "a": 4, "": "e"}"#,
            #"{"ab": 5, "axcde": 2, "axcde": 9, "abcde": 1, "abcde": 8, "": "e", "a": 4}"#,
            #"{"": "e", "a": 4, "ab": 5, "ayCde": null, "abcde": 1, "axcde": 2}"#,
        ]
        for text in texts {
            let data = Data(text.utf8)
            #expect(try YAJLDecoder().decode(SharedBits.self, from: data) == JSONDecoder().decode(SharedBits.self, from: data), "\(text)")
        }
    }
}
