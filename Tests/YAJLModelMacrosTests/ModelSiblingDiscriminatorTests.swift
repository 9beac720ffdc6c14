import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct PushPayload {
    var ref: String
    var size: Int
}

@JSONModel
struct WatchPayload {
    var action: String
}

/// A GitHub event's payload: which one it is, the event's `type` says, beside it.
enum EventPayload: JSONPolymorphic, Equatable {
    case push(PushPayload)
    case watch(WatchPayload)

    static let variants: [String: @Sendable (JSONValue) throws -> EventPayload] = [
        "PushEvent": { .push(try PushPayload(json: $0)) },
        "WatchEvent": { .watch(try WatchPayload(json: $0)) },
    ]

    var jsonRepresentation: JSON {
        switch self {
        case .push(let payload): payload.jsonRepresentation
        case .watch(let payload): payload.jsonRepresentation
        }
    }
}

/// The same, with a fallback for the event types not modelled.
enum AnyEventPayload: JSONPolymorphic, Equatable {
    case push(PushPayload)
    case other(JSONValue)

    static let variants: [String: @Sendable (JSONValue) throws -> AnyEventPayload] = [
        "PushEvent": { .push(try PushPayload(json: $0)) }
    ]

    static func fallback(_ json: JSONValue) -> AnyEventPayload? { .other(json) }

    var jsonRepresentation: JSON {
        switch self {
        case .push(let payload): payload.jsonRepresentation
        case .other(let json): JSON(json)
        }
    }
}

@JSONModel
struct GitHubEvent {
    var id: String
    var type: String
    @JSONDiscriminator("type") var payload: EventPayload
}

@JSONModel
struct LenientEvent {
    @JSONDiscriminator("type") var payload: AnyEventPayload
    @JSONDiscriminator("type") var extra: EventPayload?
}

@JSONModel
struct GenericEvent<Tag: JSONConvertible & Sendable> {
    var tag: Tag
    @JSONDiscriminator("type") var payload: EventPayload
}

@Suite("@JSONDiscriminator: a property's model chosen by a sibling key")
struct ModelSiblingDiscriminatorTests {
    @Test func theSiblingChoosesTheModel() throws {
        let events = try [GitHubEvent](json: JSONDocument(parsing: #"""
            [{"id": "1", "type": "PushEvent", "payload": {"ref": "main", "size": 3}},
             {"id": "2", "type": "WatchEvent", "payload": {"action": "started"}}]
            """#).root)
        guard case .push(let push) = events[0].payload, case .watch(let watch) = events[1].payload else {
            Issue.record("wrong variants: \(events.map(\.payload))")
            return
        }
        #expect(push.ref == "main" && push.size == 3)
        #expect(watch.action == "started")
    }

    @Test func anUnknownOrMissingSiblingIsAnErrorThatNamesIt() throws {
        let text = #"""
            [{"id": "1", "type": "ForkEvent", "payload": {}},
             {"id": "2", "payload": {"action": "started"}},
             {"id": "3", "type": "PushEvent", "payload": {"ref": "main"}}]
            """#
        let error = try #require(throws: JSONModelError.self) { try [GitHubEvent](json: JSONDocument(parsing: text).root) }
        #expect(error.issues.count == 4)  // unknown type; missing type (and so no type property); missing size
        let messages = error.issues.map { "\($0.path): \($0.reason)" }
        #expect(messages.contains { $0.hasPrefix("[0].payload:") && $0.contains(#""ForkEvent" is not a known type of EventPayload"#) })
        #expect(messages.contains { $0.hasPrefix("[1].payload:") && $0.contains(#"the "type" that selects a EventPayload is missing"#) })
        #expect(messages.contains { $0.hasPrefix("[1].type") })
        #expect(messages.contains { $0.hasPrefix("[2].payload.size") })
    }

    @Test func aFallbackTakesUnknownTypesAndAnOptionalMayBeMissing() throws {
        let event = try LenientEvent(parsing: #"{"type": "ForkEvent", "payload": {"forkee": 1}}"#)
        #expect(event.payload == .other(try JSONDocument(parsing: #"{"forkee": 1}"#).root))
        #expect(event.extra == nil)
    }

    /// The variant is the one validation chose: setting `type` changes what is written, not
    /// the payload already read, so a payload that the new type could not read never traps.
    @Test func settingTheDiscriminatorKeepsTheValidatedChoice() throws {
        var event = try GitHubEvent(parsing: #"{"id": "1", "type": "PushEvent", "payload": {"ref": "main", "size": 3}}"#)
        event.type = "WatchEvent"  // a WatchPayload needs "action", which this payload lacks
        #expect(event.payload == .push(try PushPayload(parsing: #"{"ref": "main", "size": 3}"#)))
        let copy = event.mutating { $0.id = "2" }
        #expect(copy.payload == event.payload)
        #expect(copy.jsonString() == #"{"id": "2", "type": "WatchEvent", "payload": {"ref": "main", "size": 3}}"#)
    }

    /// A payload set to another variant stays what was set, in copies too, though its JSON
    /// does not say which variant it is.
    @Test func aSetPayloadStaysInCopies() throws {
        var event = try GitHubEvent(parsing: #"{"id": "1", "type": "PushEvent", "payload": {"ref": "main", "size": 3}}"#)
        let watch = EventPayload.watch(try WatchPayload(parsing: #"{"action": "started"}"#))
        event.payload = watch
        event.type = "WatchEvent"
        let copy = event.mutating { $0.id = "2" }
        #expect(event.payload == watch)
        #expect(copy.payload == watch)
        #expect(copy.jsonString() == #"{"id": "2", "type": "WatchEvent", "payload": {"action": "started"}}"#)
    }

    @Test func aGenericModelChoosesToo() throws {
        let event = try GenericEvent<Int>(parsing: #"{"tag": 7, "type": "WatchEvent", "payload": {"action": "started"}}"#)
        #expect(event.tag == 7)
        #expect(event.payload == .watch(try WatchPayload(parsing: #"{"action": "started"}"#)))
    }
}
