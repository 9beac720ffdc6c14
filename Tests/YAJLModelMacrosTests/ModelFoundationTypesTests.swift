import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct FoundationBag {
    var when: Date
    var link: URL
    var id: UUID
    var blob: Data
}

@Suite("Dates, URLs, UUIDs and Data")
struct ModelFoundationTypesTests {
    static func bag(when: String = "\"2024-01-05T10:15:00Z\"", link: String = "\"https://example.com/a?b=c\"",
                    id: String = "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"", blob: String = "\"aGVsbG8=\"") -> String {
        #"{"when": \#(when), "link": \#(link), "id": \#(id), "blob": \#(blob)}"#
    }

    /// 2024-01-05T10:15:00Z.
    static let reference: TimeInterval = 1_704_449_700

    @Test(arguments: [
        ("2024-01-05T10:15:00Z", reference),
        ("2024-01-05T10:15:00z", reference),
        ("2024-01-05T10:15:00.250Z", reference + 0.25),
        ("2024-01-05T10:15:00.5+00:00", reference + 0.5),
        ("2024-01-05T02:15:00-08:00", reference),
        ("2024-01-05T15:45:00+05:30", reference),
        ("2024-01-05T15:45:00+0530", reference),
        ("2024-01-05T12:15:00+02", reference),
        ("2024-01-05 10:15:00Z", reference),
        ("2024-01-05T10:15Z", reference),
        ("2024-01-05T02:15:00.125-08:00", reference + 0.125),
        ("2024-01-05", 1_704_412_800),
        ("2024-01", 1_704_067_200),
        ("2024", 1_704_067_200),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1969-12-31T23:59:59Z", -1),
    ])
    func iso8601DatesRead(text: String, seconds: TimeInterval) throws {
        let model = try FoundationBag(parsing: Self.bag(when: "\"\(text)\""))
        #expect(abs(model.when.timeIntervalSince1970 - seconds) < 1e-6, "\(text) read as \(model.when.timeIntervalSince1970)")
    }

    @Test(arguments: [
        "2024-01-05T10:15:00",        // a time without an offset
        "2023-02-29",                 // not a leap year
        "2024-13-01",
        "2024-01-32",
        "2024-01-05T25:00:00Z",
        "2024-01-05T10:60:00Z",
        "05/01/2024",
        "yesterday",
        "",
        "2024-01-05T10:15:00.Z",
        "2024-01-05T10:15:00Z trailing",
    ])
    func invalidDatesAreErrors(text: String) throws {
        let source = Self.bag(when: "\"\(text)\"")
        let error = ModelTestSupport.modelError { _ = try FoundationBag(parsing: source) }
        let issue = try #require(error.flatMap { ModelTestSupport.issue(at: "when", in: $0) })
        #expect(issue.reason.isInvalidValue)
        #expect(issue.offset == ModelTestSupport.offset(of: "\"\(text)\"", in: source))
    }

    @Test func dateFromANumberIsAnError() throws {
        let error = ModelTestSupport.modelError { _ = try FoundationBag(parsing: Self.bag(when: "1704449700")) }
        #expect(try #require(error).issues.map(\.path) == ["when"])
    }

    @Test func dateMatchesISO8601DateFormatter() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let text = "2031-07-19T23:59:58.375+09:00"
        let model = try FoundationBag(parsing: Self.bag(when: "\"\(text)\""))
        #expect(model.when == formatter.date(from: text))
    }

    @Test func urlUUIDAndDataRead() throws {
        let model = try FoundationBag(parsing: Self.bag())
        #expect(model.link == URL(string: "https://example.com/a?b=c"))
        #expect(model.link.host == "example.com")
        #expect(model.id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(model.blob == Data("hello".utf8))
    }

    @Test func lowercaseUUIDReads() throws {
        let model = try FoundationBag(parsing: Self.bag(id: "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\""))
        #expect(model.id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    }

    @Test func invalidFoundationValuesAreErrorsWithPathsAndOffsets() throws {
        let source = Self.bag(link: "\"\"", id: "\"not-a-uuid\"", blob: "\"***\"")
        let error = try #require(ModelTestSupport.modelError { _ = try FoundationBag(parsing: source) })
        #expect(error.issues.map(\.path) == ["link", "id", "blob"])
        #expect(error.issues.allSatisfy { $0.reason.isInvalidValue })
        #expect(error.issues.map(\.offset) == [
            ModelTestSupport.offset(of: "\"\"", in: source), ModelTestSupport.offset(of: "\"not-a-uuid\"", in: source),
            ModelTestSupport.offset(of: "\"***\"", in: source),
        ])
    }

    @Test func foundationValuesWriteBack() throws {
        let original = try FoundationBag(parsing: Self.bag(when: "\"2024-01-05T10:15:00.250Z\""))
        let rebuilt = FoundationBag(when: original.when, link: original.link, id: original.id, blob: original.blob)
        #expect(rebuilt.json["when"]?.string == "2024-01-05T10:15:00.250Z")
        #expect(rebuilt.json["link"]?.string == "https://example.com/a?b=c")
        #expect(rebuilt.json["id"]?.string == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(rebuilt.json["blob"]?.string == "aGVsbG8=")
        #expect(rebuilt == original)
    }
}
