import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct WrittenTrack {
    var title: String
    var seconds: Int
    var rating: Double
    var explicit: Bool
    var link: URL
    var credits: [String]
}

@Suite("jsonData, jsonString and foundationObject")
struct ModelWritingAndFoundationTests {
    static let text = #"""
        {"title": "Blue / \"live\" é", "seconds": 185, "rating": 4.25, "explicit": false,
         "link": "https:\/\/music.example\/blue", "credits": ["Joni", "James"],
         "extra": {"big": 12345678901234567890, "neg": -0.5, "none": null, "yes": true, "list": [1, "two", [3]]}}
        """#

    @Test func jsonDataWithoutOptionsIsTheOriginalText() throws {
        let track = try WrittenTrack(parsing: Self.text)
        #expect(track.jsonData() == Data(Self.text.utf8))
        #expect(track.jsonString() == Self.text)
    }

    @Test func optionsReencode() throws {
        let track = try WrittenTrack(parsing: #"{"title": "a/b", "seconds": 1, "rating": 2.50, "explicit": true, "link": "https://x", "credits": []}"#)
        #expect(track.jsonString(options: .sortedKeys) == #"{"credits":[],"explicit":true,"link":"https:\/\/x","rating":2.50,"seconds":1,"title":"a\/b"}"#)
        #expect(track.jsonString(options: [.sortedKeys, .withoutEscapingSlashes]) == #"{"credits":[],"explicit":true,"link":"https://x","rating":2.50,"seconds":1,"title":"a/b"}"#)
        let pretty = track.jsonString(options: [.prettyPrinted, .sortedKeys])
        #expect(pretty.hasPrefix("{\n  \"credits\" : [\n\n  ],") || pretty.hasPrefix("{\n  \"credits\" : [],"))
        #expect(pretty.contains("\n  \"title\" : \"a\\/b\"\n}"))
        #expect(String(decoding: track.jsonData(options: .prettyPrinted), as: UTF8.self) == track.jsonString(options: .prettyPrinted))
    }

    @Test func writtenTextParsesBackEqual() throws {
        let track = try WrittenTrack(parsing: Self.text)
        for options: JSONWriteOptions in [[], .prettyPrinted, .sortedKeys, .withoutEscapingSlashes, [.prettyPrinted, .sortedKeys]] {
            let reread = try WrittenTrack(parsing: track.jsonData(options: options))
            #expect(reread == track, "options \(options.rawValue)")
            #expect(reread.title == #"Blue / "live" é"#)
        }
    }

    @Test func builtModelWritesCompactText() throws {
        let track = WrittenTrack(title: "a/b", seconds: 2, rating: 0.5, explicit: true, link: URL(string: "https://x")!, credits: ["c"])
        let text = track.jsonString(options: .sortedKeys)
        #expect(text == #"{"credits":["c"],"explicit":true,"link":"https:\/\/x","rating":0.5,"seconds":2,"title":"a\/b"}"#)
    }

    @Test func foundationObjectEqualsJSONSerialization() throws {
        let track = try WrittenTrack(parsing: Self.text)
        let expected = try #require(try ModelTestSupport.foundationObject(Self.text) as? NSDictionary)
        let actual = track.foundationObject as NSDictionary
        #expect(actual.isEqual(expected), "\(actual) vs \(expected)")
        #expect(actual.count == 7)
        // The comparison sees a difference deep inside.
        let changed = Self.text.replacingOccurrences(of: #"[1, "two", [3]]"#, with: #"[1, "two", [4]]"#)
        let other = try #require(try ModelTestSupport.foundationObject(changed) as? NSDictionary)
        #expect(!actual.isEqual(other))
        #expect(TwitterCorpus.sameObject(track.foundationObject, expected))
        #expect(!TwitterCorpus.sameObject(track.foundationObject, other))
        #expect(track.foundationObject["title"] as? String == #"Blue / "live" é"#)
        #expect((track.foundationObject["extra"] as? [String: Any])?["none"] is NSNull)
        #expect(((track.foundationObject["extra"] as? [String: Any])?["big"] as? NSNumber)?.uint64Value == 12_345_678_901_234_567_890)
    }

    @Test func builtModelFoundationObjectEqualsJSONSerialization() throws {
        let track = WrittenTrack(title: "t", seconds: 3, rating: 1.5, explicit: false, link: URL(string: "https://x/y")!, credits: ["a", "b"])
        let expected = try #require(try ModelTestSupport.foundationObject(track.jsonString()) as? NSDictionary)
        #expect((track.foundationObject as NSDictionary).isEqual(expected))
        #expect(track.foundationObject["link"] as? String == "https://x/y")
    }
}
