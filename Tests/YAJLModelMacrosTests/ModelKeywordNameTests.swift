import Foundation
import Testing
import YAJLModelMacros

/// Keywords as property names, in backticks; their keys are the names without them.
@JSONModel
struct KeywordFlags {
    var `public`: Bool
    var `default`: Int = 7
    var `self`: String?
    var `Type`: String
}

@Suite("Properties named with keywords in backticks")
struct ModelKeywordNameTests {
    static let text = #"{"public": true, "default": 3, "self": "me", "Type": "kind"}"#

    @Test func readsTheKeysNamedWithoutBackticks() throws {
        let flags = try KeywordFlags(parsing: Self.text)
        #expect(flags.public == true)
        #expect(flags.default == 3)
        #expect(flags.`self` == "me")
        #expect(flags.`Type` == "kind")
    }

    @Test func missingKeysAreReportedByTheirNames() throws {
        let error = ModelTestSupport.modelError { _ = try KeywordFlags(parsing: "{}") }
        #expect(error?.missingKeys.sorted() == ["Type", "public"])
    }

    @Test func setsWriteTheKeys() throws {
        var flags = try KeywordFlags(parsing: Self.text)
        flags.public = false
        flags.default = 9
        flags.`self` = nil
        flags.`Type` = "other"
        #expect(flags.jsonString() == #"{"public": false, "default": 9, "Type": "other"}"#)
    }

    @Test func describesEachPropertyByItsName() throws {
        let flags = try KeywordFlags(parsing: Self.text)
        #expect(flags.description == #"KeywordFlags(public: true, default: 3, self: "me", Type: "kind")"#)
    }

    @Test func memberwiseInitializerTakesTheNamesAsLabels() throws {
        let flags = KeywordFlags(public: true, self: "me", Type: "kind")
        #expect(flags.default == 7)
        #expect(flags.`self` == "me")
        #expect(flags.jsonString() == #"{"public":true,"default":7,"self":"me","Type":"kind"}"#)
        let reread = try KeywordFlags(parsing: flags.jsonString())
        #expect(reread == flags)
    }
}
