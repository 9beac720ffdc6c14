import Foundation
import Testing
import YAJLModelMacros

// The "Choosing a model from the JSON" example of the Models article
// (YAJLModelMacros.docc/Models.md), as written there, in a namespace of its own since this
// target has other `Event` and `EventPayload` types.
enum PolymorphicArticle {
    @JSONModel
    struct PushPayload {
        var ref: String
        var size: Int
    }

    @JSONModel
    struct WatchPayload {
        var action: String
    }

    enum EventPayload: JSONPolymorphic {
        case push(PushPayload)
        case watch(WatchPayload)
        case other(JSONValue)   // any other event type, unread

        static let variants: [String: @Sendable (JSONValue) throws -> EventPayload] = [
            "PushEvent": { .push(try PushPayload(json: $0)) },
            "WatchEvent": { .watch(try WatchPayload(json: $0)) },
        ]

        static func fallback(_ json: JSONValue) -> EventPayload? { .other(json) }
    }

    @JSONModel
    struct Event {
        var type: String
        @JSONDiscriminator("type") var payload: EventPayload
    }
}

@Suite("The Models article's polymorphic payload")
struct ModelsArticlePolymorphicExampleTests {
    typealias Event = PolymorphicArticle.Event

    @Test func theExampleReadsAsTheArticleSays() throws {
        let document = try JSONDocument(parsing: #"""
            [{"type": "PushEvent", "payload": {"ref": "refs/heads/main", "size": 2}},
             {"type": "ForkEvent", "payload": {"forkee": {"id": 7}}}]
            """#)
        let events = try JSONArray<Event>(json: document.root)
        guard case .push(let push) = events[0].payload else { Issue.record("not a push: \(events[0].payload)"); return }
        #expect(push.ref == "refs/heads/main")
        #expect(push.size == 2)
        guard case .other(let json) = events[1].payload else { Issue.record("not the fallback"); return }
        #expect(json["forkee"]?["id"]?.int == 7)
    }

    @Test func aPayloadThatDoesNotReadAsItsVariantIsAnIssueAtPayload() {
        let error = #expect(throws: JSONModelError.self) {
            try Event(parsing: #"{"type": "WatchEvent", "payload": {"act": "started"}}"#)
        }
        #expect(error.map { "\($0)".contains("payload") } == true)
    }

    /// The enum writes no `jsonRepresentation`: the default writes the JSON of its case's value.
    @Test func theDefaultJSONRepresentationIsTheHeldValuesJSON() throws {
        let push = try Event(parsing: #"{"type": "PushEvent", "payload": {"ref": "r", "size": 1, "extra": ["x"]}}"#)
        #expect(push.payload.jsonRepresentation == ["ref": "r", "size": 1, "extra": ["x"]])
        let other = try Event(parsing: #"{"type": "ForkEvent", "payload": {"forkee": {"id": 7}}}"#)
        #expect(other.payload.jsonRepresentation == ["forkee": ["id": 7]])
    }

    /// A payload set from another event is written as that event's text, spacing and number text kept.
    @Test func aSetPayloadWritesItsOriginalText() throws {
        let source = try Event(parsing: #"{"type": "PushEvent", "payload": {"ref" :"r",  "size": 1}}"#)
        var event = try Event(parsing: #"{"type": "WatchEvent", "payload": {"action": "started"}}"#)
        event.type = "PushEvent"
        event.payload = source.payload
        #expect(event.jsonString() == #"{"type": "PushEvent", "payload": {"ref" :"r",  "size": 1}}"#)
    }
}
