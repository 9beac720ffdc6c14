import Foundation
import Synchronization
import Testing
import YAJLModelMacros

struct RefUser: Sendable, Equatable {
    var id: String
    var name: String
    var version: Int
}

/// A user store that counts its lookups, and whose cached users go stale when the
/// store's version moves past theirs.
final class CountingUserStore: JSONObjectResolver, Sendable {
    private let state = Mutex<(lookups: Int, version: Int)>((0, 1))
    let users: [String: String]

    init(users: [String: String]) { self.users = users }

    var lookups: Int { state.withLock { $0.lookups } }

    func bumpVersion() { state.withLock { $0.version += 1 } }

    func object(for id: JSONValue) -> RefUser? {
        let version = state.withLock { state -> Int in
            state.lookups += 1
            return state.version
        }
        let key = id.string ?? id.numberText ?? ""
        return users[key].map { RefUser(id: key, name: $0, version: version) }
    }

    func isStillValid(_ object: RefUser) -> Bool {
        state.withLock { object.version == $0.version }
    }
}

/// A resolver that keeps the default `isStillValid` (always true).
struct PlainUserStore: JSONObjectResolver {
    let counter = ConversionCounter()

    func object(for id: JSONValue) -> RefUser? {
        counter.increment()
        return RefUser(id: id.numberText ?? id.string ?? "", name: "user", version: 0)
    }
}

@JSONModel
struct RefPhoto {
    var title: String
    @JSONKey("author_id") var author: JSONReference<RefUser>
    @JSONKey("editor_id") var editor: JSONReference<RefUser>?
}

@Suite("Object lookup through JSONReference")
struct ModelObjectReferenceTests {
    static let users = ["u1": "Ada", "u2": "Grace"]

    @Test func resolvesThroughTheResolver() throws {
        let store = CountingUserStore(users: Self.users)
        let photo = try RefPhoto(parsing: #"{"title": "Bridge", "author_id": "u1", "editor_id": "u2"}"#)
        #expect(photo.author.id.string == "u1")
        #expect(store.lookups == 0)  // nothing is looked up before asked
        #expect(photo.author.resolve(using: store)?.name == "Ada")
        #expect(store.lookups == 1)
        #expect(photo.editor?.resolve(using: store)?.name == "Grace")
        #expect(store.lookups == 2)
    }

    @Test func cachedPerModel() throws {
        let store = CountingUserStore(users: Self.users)
        let photo = try RefPhoto(parsing: #"{"title": "Bridge", "author_id": "u1"}"#)
        let first = photo.author.resolve(using: store)
        let second = photo.author.resolve(using: store)
        #expect(first == second)
        #expect(store.lookups == 1)
        // A copy of the model shares the cache.
        let copy = photo
        #expect(copy.author.resolve(using: store)?.name == "Ada")
        #expect(store.lookups == 1)
        // Another model over the same JSON has its own cache.
        let other = try RefPhoto(json: photo.json)
        #expect(other.author.resolve(using: store)?.name == "Ada")
        #expect(store.lookups == 2)
    }

    @Test func staleObjectsResolveAgain() throws {
        let store = CountingUserStore(users: Self.users)
        let photo = try RefPhoto(parsing: #"{"title": "Bridge", "author_id": "u1"}"#)
        #expect(photo.author.resolve(using: store)?.version == 1)
        #expect(store.lookups == 1)
        store.bumpVersion()  // isStillValid now returns false for version 1
        #expect(photo.author.resolve(using: store)?.version == 2)
        #expect(store.lookups == 2)
        #expect(photo.author.resolve(using: store)?.version == 2)
        #expect(store.lookups == 2)
    }

    @Test func defaultIsStillValidKeepsTheCachedObject() throws {
        let store = PlainUserStore()
        let photo = try RefPhoto(parsing: #"{"title": "Bridge", "author_id": 42}"#)
        #expect(photo.author.resolve(using: store)?.id == "42")
        #expect(photo.author.resolve(using: store)?.id == "42")
        #expect(store.counter.count == 1)
    }

    @Test func unknownIdResolvesToNilAndIsLookedUpAgain() throws {
        let store = CountingUserStore(users: Self.users)
        let photo = try RefPhoto(parsing: #"{"title": "Bridge", "author_id": "nobody"}"#)
        #expect(photo.author.resolve(using: store) == nil)
        #expect(photo.author.resolve(using: store) == nil)
        #expect(store.lookups == 2)
    }

    @Test func anIdMustBeAStringOrANumber() throws {
        let text = #"{"title": "Bridge", "author_id": {"id": "u1"}, "editor_id": true}"#
        let error = try #require(ModelTestSupport.modelError { _ = try RefPhoto(parsing: text) })
        #expect(error.issues.map(\.path) == ["author_id", "editor_id"])
        #expect(error.issues.allSatisfy { $0.reason.isInvalidValue })
        #expect(error.issues.map(\.offset) == [ModelTestSupport.offset(of: #"{"id""#, in: text), ModelTestSupport.offset(of: "true", in: text)])
        let missing = ModelTestSupport.modelError { _ = try RefPhoto(parsing: #"{"title": "Bridge"}"#) }
        #expect(try #require(missing).missingKeys == ["author_id"])
    }

    @Test func referencesWriteTheirIds() throws {
        let original = try RefPhoto(parsing: #"{"title": "Bridge", "author_id": "u1", "editor_id": 7}"#)
        let rebuilt = RefPhoto(title: "Bridge", author: original.author, editor: original.editor)
        #expect(rebuilt.json["author_id"]?.string == "u1")
        #expect(rebuilt.json["editor_id"]?.int == 7)
        #expect(rebuilt == original)
    }
}
