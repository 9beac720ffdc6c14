import Foundation
import Testing
import YAJLModelMacros

enum MediaKind: String, JSONConvertible {
    case photo, video
}

enum Priority: Int, JSONConvertible {
    case low = 1, normal = 2, high = 3
}

enum Visibility: String, JSONConvertible, JSONUnknownValueFallback {
    case `public`, friends, `private`, unknown
    static let unknownValueFallback = Visibility.unknown
}

enum Level: Int, JSONConvertible, JSONUnknownValueFallback {
    case one = 1, two = 2, other = -1
    static let unknownValueFallback = Level.other
}

@JSONModel
struct EnumPost {
    var kind: MediaKind
    var priority: Priority
    var visibility: Visibility
    var level: Level
    var kinds: [MediaKind] = []
    var maybe: MediaKind?
}

@Suite("Raw-value enums")
struct ModelEnumTests {
    @Test func knownValuesRead() throws {
        let post = try EnumPost(parsing: #"{"kind": "video", "priority": 3, "visibility": "friends", "level": 2, "kinds": ["photo", "video"], "maybe": "photo"}"#)
        #expect(post.kind == .video)
        #expect(post.priority == .high)
        #expect(post.visibility == .friends)
        #expect(post.level == .two)
        #expect(post.kinds == [.photo, .video])
        #expect(post.maybe == .photo)
    }

    @Test func intRawValueFromANumericString() throws {
        let post = try EnumPost(parsing: #"{"kind": "photo", "priority": "1", "visibility": "public", "level": 1}"#)
        #expect(post.priority == .low)
        #expect(post.visibility == .public)
    }

    @Test func unknownValuesUseTheFallback() throws {
        let post = try EnumPost(parsing: #"{"kind": "photo", "priority": 2, "visibility": "circles", "level": 42}"#)
        #expect(post.visibility == .unknown)
        #expect(post.level == .other)
    }

    @Test func fallbackDoesNotAcceptTheWrongKind() throws {
        let error = ModelTestSupport.modelError { _ = try EnumPost(parsing: #"{"kind": "photo", "priority": 2, "visibility": 7, "level": "x"}"#) }
        #expect(try #require(error).issues.map(\.path) == ["visibility", "level"])
    }

    @Test func unknownValuesWithoutFallbackAreErrorsWithPaths() throws {
        let text = #"{"kind": "audio", "priority": 9, "visibility": "public", "level": 1, "kinds": ["photo", "gif"], "maybe": "sound"}"#
        let error = try #require(ModelTestSupport.modelError { _ = try EnumPost(parsing: text) })
        #expect(error.issues.map(\.path) == ["kind", "priority", "kinds[1]", "maybe"])
        #expect(error.issues.allSatisfy { $0.reason.isInvalidValue })
        #expect(error.issues.map(\.offset) == [
            ModelTestSupport.offset(of: "\"audio\"", in: text), ModelTestSupport.offset(of: "9", in: text),
            ModelTestSupport.offset(of: "\"gif\"", in: text), ModelTestSupport.offset(of: "\"sound\"", in: text),
        ])
        let message = try #require(error.issues[0].reason.invalidValueMessage)
        #expect(message.contains("audio"))
    }

    @Test func enumsWriteTheirRawValues() throws {
        let post = EnumPost(kind: .video, priority: .normal, visibility: .private, level: .two, kinds: [.photo], maybe: nil)
        #expect(post.json["kind"]?.string == "video")
        #expect(post.json["priority"]?.int == 2)
        #expect(post.json["visibility"]?.string == "private")
        #expect(post.json["level"]?.int == 2)
        #expect(post.json["kinds"]?[0]?.string == "photo")
        #expect(post.json["maybe"] == nil)
        let reread = try EnumPost(json: post.json)
        #expect(reread == post)
        #expect(reread.visibility == .private)
    }
}
