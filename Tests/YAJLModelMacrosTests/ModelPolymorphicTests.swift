import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct PolyPhoto {
    var type: String
    var url: URL
    var width: Int
}

@JSONModel
struct PolyVideo {
    var type: String
    var url: URL
    var seconds: Double
}

@JSONModel
struct PolyNote {
    var kind: String
    var text: String
}

/// With a fallback for unknown types.
enum Attachment: JSONPolymorphic, Equatable {
    case photo(PolyPhoto)
    case video(PolyVideo)
    case other(JSONValue)

    static let variants: [String: @Sendable (JSONValue) throws -> Attachment] = [
        "photo": { .photo(try PolyPhoto(json: $0)) },
        "video": { .video(try PolyVideo(json: $0)) },
    ]

    static func fallback(_ json: JSONValue) -> Attachment? { .other(json) }

    var jsonRepresentation: JSON {
        switch self {
        case .photo(let photo): photo.jsonRepresentation
        case .video(let video): video.jsonRepresentation
        case .other(let json): JSON(json)
        }
    }
}

/// Without a fallback, and with another discriminator key.
enum StrictAttachment: JSONPolymorphic, Equatable {
    case photo(PolyPhoto)
    case note(PolyNote)

    static var discriminatorKey: String { "kind" }

    static let variants: [String: @Sendable (JSONValue) throws -> StrictAttachment] = [
        "photo": { .photo(try PolyPhoto(json: $0)) },
        "note": { .note(try PolyNote(json: $0)) },
    ]

    var jsonRepresentation: JSON {
        switch self {
        case .photo(let photo): photo.jsonRepresentation
        case .note(let note): note.jsonRepresentation
        }
    }
}

@JSONModel
struct PolyPost {
    var main: Attachment
    var attachments: [Attachment]
    var lazyAttachments: JSONArray<Attachment>
    var strict: [StrictAttachment] = []
}

@Suite("Polymorphic values chosen by a type field")
struct ModelPolymorphicTests {
    static let text = #"""
        {
          "main": {"type": "video", "url": "https://v.example/1.mp4", "seconds": 12.5},
          "attachments": [
            {"type": "photo", "url": "https://p.example/1.jpg", "width": 640},
            {"type": "audio", "url": "https://a.example/1.mp3"},
            {"url": "https://x.example/untyped"}
          ],
          "lazyAttachments": [
            {"type": "video", "url": "https://v.example/2.mp4", "seconds": 3},
            {"type": "photo", "url": "https://p.example/2.jpg", "width": 320}
          ],
          "strict": [{"kind": "note", "text": "hello", "type": "photo"}]
        }
        """#

    @Test func variantsAreChosenByTheTypeField() throws {
        let post = try PolyPost(parsing: Self.text)
        guard case .video(let video) = post.main else { Issue.record("main is \(post.main)"); return }
        #expect(video.seconds == 12.5)
        #expect(post.attachments.count == 3)
        guard case .photo(let photo) = post.attachments[0] else { Issue.record("attachments[0] is \(post.attachments[0])"); return }
        #expect(photo.width == 640)
        guard case .other(let audio) = post.attachments[1] else { Issue.record("attachments[1] is \(post.attachments[1])"); return }
        #expect(audio["type"]?.string == "audio")
        guard case .other(let untyped) = post.attachments[2] else { Issue.record("attachments[2] is \(post.attachments[2])"); return }
        #expect(untyped["url"]?.string == "https://x.example/untyped")
    }

    @Test func eachJSONArrayElementPicksItsOwnType() throws {
        let post = try PolyPost(parsing: Self.text)
        #expect(post.lazyAttachments.count == 2)
        guard case .video(let video) = post.lazyAttachments[0], case .photo(let photo) = post.lazyAttachments[1] else {
            Issue.record("lazyAttachments are \(Array(post.lazyAttachments))")
            return
        }
        #expect(video.seconds == 3)
        #expect(photo.width == 320)
    }

    @Test func anotherDiscriminatorKey() throws {
        let post = try PolyPost(parsing: Self.text)
        #expect(post.strict == [.note(try PolyNote(parsing: #"{"kind": "note", "text": "hello", "type": "photo"}"#))])
    }

    @Test func atTopLevel() throws {
        let document = try JSONDocument(parsing: #"{"type": "photo", "url": "https://p.example/9.jpg", "width": 9}"#)
        let attachment = try Attachment(json: document.root)
        guard case .photo(let photo) = attachment else { Issue.record("read \(attachment)"); return }
        #expect(photo.width == 9)
        let fallback = try Attachment(json: try JSONDocument(parsing: #"{"type": "gif"}"#).root)
        #expect(fallback == .other(try JSONDocument(parsing: #"{"type": "gif"}"#).root))
    }

    @Test func unknownTypeWithoutFallbackIsAnErrorWithThePath() throws {
        let text = #"{"main": {"type": "x"}, "attachments": [], "lazyAttachments": [], "strict": [{"kind": "note", "text": "a"}, {"kind": "poll"}, {"text": "no kind"}]}"#
        let error = try #require(ModelTestSupport.modelError { _ = try PolyPost(parsing: text) })
        #expect(error.issues.map(\.path) == ["strict[1]", "strict[2]"])
        #expect(error.issues.allSatisfy { $0.reason.isInvalidValue })
        #expect(error.issues.map(\.offset) == [
            ModelTestSupport.offset(of: #"{"kind": "poll"}"#, in: text), ModelTestSupport.offset(of: #"{"text": "no kind"}"#, in: text),
        ])
        #expect(error.issues[0].reason.invalidValueMessage?.contains("poll") == true)
    }

    @Test func unknownTypeAtTopLevelIsAnError() throws {
        let document = try JSONDocument(parsing: #"{"kind": "poll"}"#)
        #expect(throws: (any Error).self) { try StrictAttachment(json: document.root) }
        let notAnObject = try JSONDocument(parsing: #"["note"]"#)
        #expect(throws: (any Error).self) { try StrictAttachment(json: notAnObject.root) }
    }

    @Test func errorsInsideAVariantHaveFullPaths() throws {
        let text = #"""
            {"main": {"type": "photo", "url": "https://p.example/1.jpg"},
             "attachments": [{"type": "video", "url": "https://v.example", "seconds": 1}, {"type": "video", "url": "https://v.example", "seconds": "long"}],
             "lazyAttachments": [{"type": "photo", "url": "https://p.example", "width": 1.5}]}
            """#
        let error = try #require(ModelTestSupport.modelError { _ = try PolyPost(parsing: text) })
        #expect(error.issues.map(\.path) == ["main.width", "attachments[1].seconds", "lazyAttachments[0].width"])
        #expect(error.issues[0].reason == .missingKey)
        // A missing key points at the object that lacks it; a bad value at the value itself.
        #expect(error.issues.map(\.offset) == [
            ModelTestSupport.offset(of: #"{"type": "photo""#, in: text), ModelTestSupport.offset(of: "\"long\"", in: text),
            ModelTestSupport.offset(of: "1.5", in: text),
        ])
    }

    @Test func polymorphicValuesWriteBack() throws {
        let post = try PolyPost(parsing: Self.text)
        let rebuilt = PolyPost(main: post.main, attachments: post.attachments, lazyAttachments: post.lazyAttachments, strict: post.strict)
        let reread = try PolyPost(json: rebuilt.json)
        #expect(reread.attachments == post.attachments)
        #expect(reread.main == post.main)
        #expect(reread == post)
    }
}
