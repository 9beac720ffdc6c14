import Foundation
import Testing
import YAJLModelMacros

enum TwitterDateFormat: JSONDateFormat {
    static let pattern = "EEE MMM dd HH:mm:ss Z yyyy"
}

enum DayFormat: JSONDateFormat {
    static let pattern = "yyyy-MM-dd"
    static var timeZone: TimeZone { TimeZone(secondsFromGMT: 3600)! }
}

/// Cents as whole numbers, read as a Decimal amount: JSONTransformer's doc example.
/// (The doc example omits `typealias Decoded`; without it the conformance does not compile,
/// because `Decoded` is not inferred from `read`.)
enum Cents: JSONTransformer {
    typealias Decoded = Decimal

    static func read(_ json: JSONValue) throws -> Decimal {
        guard let cents = json.int else { throw JSONConversionError("expected whole cents") }
        return Decimal(cents) / 100
    }

    static func write(_ value: Decimal) -> JSON {
        .number(JSONNumber(NSDecimalNumber(decimal: value * 100).intValue))
    }
}

@JSONModel
struct TransformedEvent {
    @JSONTransform(EpochSeconds.self) var start: Date
    @JSONTransform(EpochMilliseconds.self) var startMillis: Date
    @JSONTransform(ISO8601Date.self) var iso: Date
    @JSONTransform(DateFormatted<TwitterDateFormat>.self) @JSONKey("created_at") var createdAt: Date
    @JSONTransform(DateFormatted<DayFormat>.self) var day: Date
    @JSONTransform(EpochSeconds.self) var end: Date?
    @JSONTransform(Cents.self) var price: Decimal
    @JSONTransform(Cents.self) var discount: Decimal?
    var tags: Tags
    var moreTags: Tags?
}

@Suite("Converters: JSONConvertible types and @JSONTransform")
struct ModelTransformerTests {
    /// 2024-01-05T10:15:00Z, a Friday.
    static let reference = Date(timeIntervalSince1970: 1_704_449_700)

    static let text = #"""
        {"start": 1704449700, "startMillis": 1704449700250, "iso": "2024-01-05T11:15:00+01:00",
         "created_at": "Fri Jan 05 10:15:00 +0000 2024", "day": "2024-01-05", "end": "1704453300.5",
         "price": 1999, "tags": "red green  blue"}
        """#

    @Test func transformedValuesRead() throws {
        let event = try TransformedEvent(parsing: Self.text)
        #expect(event.start == Self.reference)
        #expect(event.startMillis == Self.reference.addingTimeInterval(0.25))
        #expect(event.iso == Self.reference)
        #expect(event.createdAt == Self.reference)
        #expect(event.day == Date(timeIntervalSince1970: 1_704_409_200))  // midnight at +01:00
        #expect(event.end == Self.reference.addingTimeInterval(3600.5))
        #expect(event.price == Decimal(string: "19.99"))
        #expect(event.discount == nil)
        #expect(event.tags.names == ["red", "green", "blue"])
        #expect(event.moreTags == nil)
    }

    @Test func twitterDatesWithOtherOffsets() throws {
        let text = Self.text.replacingOccurrences(of: "Fri Jan 05 10:15:00 +0000 2024", with: "Fri Jan 05 02:15:00 -0800 2024")
        #expect(try TransformedEvent(parsing: text).createdAt == Self.reference)
    }

    @Test func optionalTransformedPropertiesReadNullAsNil() throws {
        let text = Self.text.replacingOccurrences(of: #""end": "1704453300.5""#, with: #""end": null, "discount": null, "moreTags": null"#)
        let event = try TransformedEvent(parsing: text)
        #expect(event.end == nil)
        #expect(event.discount == nil)
        #expect(event.moreTags == nil)
    }

    @Test func conversionFailuresAreErrorsWithPathsAndOffsets() throws {
        let text = #"""
            {"start": "soon", "startMillis": true, "iso": "2024-01-05", "created_at": "2024-01-05T10:15:00Z",
             "day": "05/01/2024", "end": "later", "price": 19.5, "discount": "x", "tags": 5, "moreTags": []}
            """#
        let error = try #require(ModelTestSupport.modelError { _ = try TransformedEvent(parsing: text) })
        // "iso" holds a valid date-only ISO 8601 date, so it is not an issue.
        #expect(error.issues.map(\.path) == ["start", "startMillis", "created_at", "day", "end", "price", "discount", "tags", "moreTags"])
        #expect(error.issues.allSatisfy { $0.reason.isInvalidValue })
        #expect(error.issues.map(\.offset) == [
            ModelTestSupport.offset(of: "\"soon\"", in: text), ModelTestSupport.offset(of: "true", in: text),
            ModelTestSupport.offset(of: "\"2024-01-05T10:15:00Z\"", in: text), ModelTestSupport.offset(of: "\"05/01/2024\"", in: text),
            ModelTestSupport.offset(of: "\"later\"", in: text), ModelTestSupport.offset(of: "19.5", in: text),
            ModelTestSupport.offset(of: "\"x\"", in: text), ModelTestSupport.offset(of: "\"tags\": 5", in: text).map { $0 + 8 },
            ModelTestSupport.offset(of: "[]", in: text),
        ])
        #expect(error.issues[2].reason.invalidValueMessage?.contains("EEE MMM dd HH:mm:ss Z yyyy") == true)
        #expect(error.issues[5].reason == .invalidValue("expected whole cents"))
    }

    @Test func writingThroughTransformers() throws {
        let event = TransformedEvent(
            start: Self.reference, startMillis: Self.reference.addingTimeInterval(0.25), iso: Self.reference,
            createdAt: Self.reference, day: Date(timeIntervalSince1970: 1_704_409_200), end: Self.reference.addingTimeInterval(0.5),
            price: Decimal(string: "19.99")!, discount: Decimal(string: "0.5")!, tags: Tags(names: ["a", "b"]), moreTags: nil)
        let json = event.json
        #expect(json["start"]?.kind == .number)
        #expect(json["start"]?.int == 1_704_449_700)
        #expect(json["startMillis"]?.int == 1_704_449_700_250)
        #expect(json["iso"]?.string == "2024-01-05T10:15:00Z")
        #expect(json["created_at"]?.string == "Fri Jan 05 10:15:00 +0000 2024")
        #expect(json["createdAt"] == nil)
        #expect(json["day"]?.string == "2024-01-05")
        #expect(json["end"]?.double == 1_704_449_700.5)
        #expect(json["price"]?.int == 1999)
        #expect(json["discount"]?.int == 50)
        #expect(json["tags"]?.string == "a b")
        #expect(json["moreTags"] == nil)

        let reread = try TransformedEvent(json: json)
        #expect(reread == event)
        #expect(reread.createdAt == Self.reference)
        #expect(reread.startMillis == Self.reference.addingTimeInterval(0.25))
        #expect(reread.end == Self.reference.addingTimeInterval(0.5))
        #expect(reread.discount == Decimal(string: "0.5"))
        #expect(reread.tags == Tags(names: ["a", "b"]))
    }

    @Test func optionalTransformedNilIsLeftOut() throws {
        let event = TransformedEvent(
            start: Self.reference, startMillis: Self.reference, iso: Self.reference, createdAt: Self.reference,
            day: Self.reference, price: 1, tags: Tags(names: []))
        #expect(event.json["end"] == nil)
        #expect(event.json["discount"] == nil)
        #expect(event.end == nil)
        #expect(event.json["day"]?.string == "2024-01-05")
    }

    @Test(arguments: [
        (Date(timeIntervalSince1970: 0), "0"),
        (Date(timeIntervalSince1970: -86400), "-86400"),
        (Date(timeIntervalSince1970: 1.5), "1.5"),
    ])
    func epochSecondsWrites(date: Date, text: String) throws {
        #expect(EpochSeconds.write(date) == .number(JSONNumber(text: text)!))
        let document = try JSONDocument(parsing: text)
        #expect(try EpochSeconds.read(document.root) == date)
    }
}
