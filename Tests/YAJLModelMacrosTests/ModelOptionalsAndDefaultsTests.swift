import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct OptionalsProfile {
    var name: String
    var nickname: String?
    var age: Int = 0
    var score: Double = 1.5
    var homepage: URL?
    var joined: Date?
    var friends: [String]?
    @JSONKey("prefs.theme") var theme: String = "light"
    var language: String? = "en"
}

@Suite("Optionals and default values")
struct ModelOptionalsAndDefaultsTests {
    @Test func presentValuesAreRead() throws {
        let profile = try OptionalsProfile(parsing: #"""
            {"name": "Ada", "nickname": "ada", "age": 36, "score": 9.5, "homepage": "https://ada.example",
             "joined": "2024-01-05T10:15:00Z", "friends": ["Grace"], "prefs": {"theme": "dark"}}
            """#)
        #expect(profile.name == "Ada")
        #expect(profile.nickname == "ada")
        #expect(profile.age == 36)
        #expect(profile.score == 9.5)
        #expect(profile.homepage == URL(string: "https://ada.example"))
        #expect(profile.joined == Date(timeIntervalSince1970: 1_704_449_700))
        #expect(profile.friends == ["Grace"])
        #expect(profile.theme == "dark")
    }

    @Test func missingKeysReadAsNilAndDefaults() throws {
        let profile = try OptionalsProfile(parsing: #"{"name": "Ada"}"#)
        #expect(profile.nickname == nil)
        #expect(profile.age == 0)
        #expect(profile.score == 1.5)
        #expect(profile.homepage == nil)
        #expect(profile.joined == nil)
        #expect(profile.friends == nil)
        #expect(profile.theme == "light")
    }

    @Test func nullReadsAsNilAndDefaults() throws {
        let profile = try OptionalsProfile(parsing: #"""
            {"name": "Ada", "nickname": null, "age": null, "score": null, "homepage": null,
             "joined": null, "friends": null, "prefs": {"theme": null}}
            """#)
        #expect(profile.nickname == nil)
        #expect(profile.age == 0)
        #expect(profile.score == 1.5)
        #expect(profile.homepage == nil)
        #expect(profile.joined == nil)
        #expect(profile.friends == nil)
        #expect(profile.theme == "light")
    }

    @Test func missingIntermediateObjectOfDottedDefaultReadsTheDefault() throws {
        let profile = try OptionalsProfile(parsing: #"{"name": "Ada", "prefs": null}"#)
        #expect(profile.theme == "light")
    }

    @Test func optionalStillValidatesAPresentValue() throws {
        let error = ModelTestSupport.modelError { _ = try OptionalsProfile(parsing: #"{"name": "Ada", "nickname": 7, "joined": "yesterday"}"#) }
        let issues = try #require(error).issues
        #expect(issues.map(\.path) == ["nickname", "joined"])
        #expect(issues.first?.reason == .wrongKind(expected: "string", found: .number))
    }

    @Test func defaultedPropertyStillValidatesAPresentValue() throws {
        let error = ModelTestSupport.modelError { _ = try OptionalsProfile(parsing: #"{"name": "Ada", "age": "old"}"#) }
        #expect(try #require(error).issues.map(\.path) == ["age"])
    }

    @Test func requiredNullIsAMissingKey() throws {
        let error = ModelTestSupport.modelError { _ = try OptionalsProfile(parsing: #"{"name": null}"#) }
        #expect(try #require(error).missingKeys == ["name"])
    }

    /// An optional with a declared default: the default is what a missing key reads,
    /// as for a non-optional, and what the memberwise initializer writes.
    @Test func optionalWithADefaultReadsTheDefaultWhenMissing() throws {
        let built = OptionalsProfile(name: "Ada")
        #expect(built.json["language"]?.string == "en")
        #expect(built.language == "en")
        let parsed = try OptionalsProfile(parsing: #"{"name": "Ada"}"#)
        #expect(parsed.language == "en")
        let explicit = try OptionalsProfile(parsing: #"{"name": "Ada", "language": "fr"}"#)
        #expect(explicit.language == "fr")
    }

    @Test func readingTwiceGivesTheSameValue() throws {
        let profile = try OptionalsProfile(parsing: #"{"name": "Ada", "nickname": "ada"}"#)
        #expect(profile.nickname == "ada")
        #expect(profile.nickname == "ada")
        let empty = try OptionalsProfile(parsing: #"{"name": "Ada"}"#)
        #expect(empty.nickname == nil)
        #expect(empty.nickname == nil)
    }
}
