import Foundation
import Testing
import YAJLModelMacros

struct PreprocessFailure: Error, CustomStringConvertible {
    var description: String { "the feed is truncated" }
}

/// Repairs `\'` before parsing, and refuses input that starts with "XX".
@JSONModel
struct RepairedItem {
    var title: String

    static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] {
        if bytes.starts(with: Array("XX".utf8)) { throw PreprocessFailure() }
        return JSONPreprocessing.unescapingSingleQuotes(bytes)
    }
}

/// A protocol that supplies a `preprocess`: `@JSONModel` cannot see it, so a model that
/// conforms keeps passing its input through it.
protocol QuoteRepairing: JSONModel {}

extension QuoteRepairing {
    static func preprocess(_ bytes: [UInt8]) throws -> [UInt8] { JSONPreprocessing.unescapingSingleQuotes(bytes) }
}

@JSONModel
struct RepairedByProtocol: QuoteRepairing {
    var title: String
}

/// Unwraps a `{"data": {...}}` envelope after parsing.
@JSONModel
struct EnvelopedUser {
    var name: String
    var age: Int

    static func transform(_ json: JSONValue) throws -> JSONValue {
        guard let data = json["data"] else { throw JSONConversionError("no data envelope") }
        return data
    }
}

@JSONModel
struct EnvelopedTeam {
    var lead: EnvelopedUser
    var members: JSONArray<EnvelopedUser>
}

@Suite("Preprocessing: the bytes hook and the parsed-JSON hook")
struct ModelPreprocessingTests {
    @Test func bytesHookRepairsInput() throws {
        let item = try RepairedItem(parsing: #"{"title": "Ada\'s harbour \\'"}"#)
        #expect(item.title == #"Ada's harbour \'"#)
        let fromData = try RepairedItem(parsing: Data(#"{"title": "It\'s"}"#.utf8))
        #expect(fromData.title == "It's")
    }

    @Test func dataSkipsTheCopyOnlyWhenNoPreprocessCanApply() throws {
        // Without a `preprocess` of its own, a model parses `Data` in place.
        #expect(!InitBook._preprocessesInput)
        let book = try InitBook(parsing: Data(#"{"title": "Dune", "pages": 412}"#.utf8))
        #expect(book.title == "Dune" && book.pages == 412)
        // One in the body, or one a protocol may supply, is always applied.
        #expect(RepairedItem._preprocessesInput)
        #expect(RepairedByProtocol._preprocessesInput)
        let repaired = try RepairedByProtocol(parsing: Data(#"{"title": "It\'s"}"#.utf8))
        #expect(repaired.title == "It's")
    }

    @Test func bytesHookFailureIsAModelError() throws {
        let error = try #require(ModelTestSupport.modelError { _ = try RepairedItem(parsing: #"XX{"title": "x"}"#) })
        #expect(error.issues.count == 1)
        #expect(error.issues[0].path == "")
        #expect(error.issues[0].offset == 0)
        #expect(error.issues[0].reason.invalidValueMessage?.contains("the feed is truncated") == true)
    }

    @Test func withoutTheBytesHookTheTextIsInvalid() throws {
        let error = try #require(ModelTestSupport.modelError { _ = try InitBook(parsing: #"{"title": "It\'s", "pages": 1}"#) })
        guard case .invalidJSON = error.issues.first?.reason else { Issue.record("\(error)"); return }
    }

    @Test func parsedJSONHookUnwrapsAnEnvelope() throws {
        let user = try EnvelopedUser(parsing: #"{"data": {"name": "Ada", "age": 36}, "meta": 1}"#)
        #expect(user.name == "Ada")
        #expect(user.age == 36)
        #expect(user.json["meta"] == nil)  // json is the transformed value
        let fromValue = try EnvelopedUser(json: try JSONDocument(parsing: #"{"data": {"name": "Grace", "age": 85}}"#).root)
        #expect(fromValue.name == "Grace")
    }

    @Test func parsedJSONHookAppliesToNestedModels() throws {
        let team = try EnvelopedTeam(parsing: #"""
            {"lead": {"data": {"name": "Ada", "age": 36}},
             "members": [{"data": {"name": "Grace", "age": 85}}, {"data": {"name": "Alan", "age": 41}}]}
            """#)
        #expect(team.lead.name == "Ada")
        #expect(team.members.map(\.name) == ["Grace", "Alan"])
        #expect(team.members[1].age == 41)
    }

    @Test func parsedJSONHookFailureIsAModelError() throws {
        let error = try #require(ModelTestSupport.modelError { _ = try EnvelopedUser(parsing: #"{"name": "Ada", "age": 36}"#) })
        #expect(error.issues.count == 1)
        #expect(error.issues[0].path == "")
        #expect(error.issues[0].reason.invalidValueMessage?.contains("no data envelope") == true)
    }

    @Test func parsedJSONHookFailureInsideAModelHasThePath() throws {
        let text = #"{"lead": {"data": {"name": "Ada", "age": 36}}, "members": [{"data": {"name": "G", "age": 1}}, {"name": "Alan"}]}"#
        let error = try #require(ModelTestSupport.modelError { _ = try EnvelopedTeam(parsing: text) })
        #expect(error.issues.map(\.path) == ["members[1]"])
        #expect(error.issues.first?.offset == ModelTestSupport.offset(of: #"{"name": "Alan"}"#, in: text))
        #expect(error.issues.first?.reason.invalidValueMessage?.contains("no data envelope") == true)
    }

    @Test func validationAfterTheHookReportsPathsInsideTheEnvelope() throws {
        let text = #"{"lead": {"data": {"name": "Ada"}}, "members": []}"#
        let error = try #require(ModelTestSupport.modelError { _ = try EnvelopedTeam(parsing: text) })
        // Paths name places in the input, where the envelope still is: "lead.data.age",
        // the key the text lacks, not the model's "lead.age".
        #expect(error.missingKeys == ["lead.data.age"])
    }
}
