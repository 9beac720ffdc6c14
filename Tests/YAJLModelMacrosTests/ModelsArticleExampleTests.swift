import Foundation
import Testing
import YAJLModelMacros

// The "Converters" example of the Models article (YAJLModelMacros.docc/Models.md),
// as written there. The feed example there is FlickrFeedTests.swift.

struct TwitterDate: JSONDateFormat {
    static let pattern = "EEE MMM dd HH:mm:ss Z yyyy"
}

@JSONModel
struct Event {
    @JSONTransform(EpochSeconds.self) var start: Date
    @JSONTransform(EpochMilliseconds.self) var end: Date?
    @JSONTransform(DateFormatted<TwitterDate>.self) var createdAt: Date
}

@Test func modelsArticleConvertersExample() throws {
    let event = try Event(parsing: #"{"start": 1704449700, "end": 1704449760250, "createdAt": "Fri Jan 05 10:15:00 +0000 2024"}"#)
    #expect(event.start == Date(timeIntervalSince1970: 1_704_449_700))
    #expect(event.end == Date(timeIntervalSince1970: 1_704_449_760.25))
    #expect(event.createdAt == event.start)
    let noEnd = try Event(parsing: #"{"start": 0, "createdAt": "Thu Jan 01 00:00:00 +0000 1970"}"#)
    #expect(noEnd.end == nil)
}
