import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct DescOwner {
    var name: String
    var age: Int
}

@JSONModel
struct DescAlbum {
    var title: String
    var year: Int
    var owner: DescOwner
    var contributors: [DescOwner]
    var tracks: JSONArray<DescOwner>
    var rating: Double
}

@Suite("description and debugDescription")
struct ModelDescriptionTests {
    static let text = #"""
        {"title": "Blue", "year": 1971, "owner": {"name": "Joni", "age": 27},
         "contributors": [{"name": "James", "age": 23}, {"name": "Stephen", "age": 26}],
         "tracks": [{"name": "All I Want", "age": 3}], "rating": 4.5, "unmapped": "hidden"}
        """#

    @Test func descriptionShowsMappedPropertiesAndAbbreviatesNestedModels() throws {
        let album = try DescAlbum(parsing: Self.text)
        let description = album.description
        #expect(description.hasPrefix("DescAlbum("))
        #expect(description.contains(#"title: "Blue""#))
        #expect(description.contains("year: 1971"))
        #expect(description.contains("owner: DescOwner(…)"))
        #expect(description.contains("rating: 4.5"))
        #expect(description.contains("contributors: [2 elements]"))
        #expect(description.contains("tracks: [1 elements]"))
        #expect(!description.contains("Joni"))
        #expect(!description.contains("unmapped"))
        #expect(!description.contains("hidden"))
        #expect("\(album)" == description)
    }

    @Test func descriptionKeepsDeclarationOrder() throws {
        let description = try DescAlbum(parsing: Self.text).description
        let positions = ["title:", "year:", "owner:", "contributors:", "tracks:", "rating:"].map {
            description.range(of: $0).map { description.distance(from: description.startIndex, to: $0.lowerBound) } ?? -1
        }
        #expect(positions.allSatisfy { $0 >= 0 })
        #expect(positions == positions.sorted())
    }

    @Test func debugDescriptionIsRecursive() throws {
        let album = try DescAlbum(parsing: Self.text)
        let debug = album.debugDescription
        #expect(debug.hasPrefix("DescAlbum {"))
        for fragment in ["Joni", "age: 27", "James", "Stephen", "age: 26", "All I Want", "rating: 4.5", "DescOwner {"] {
            #expect(debug.contains(fragment), "\(fragment) missing from \(debug)")
        }
        #expect(!debug.contains("hidden"))
        #expect(String(reflecting: album) == debug)
    }

    @Test func debugDescriptionNestsWithIndentation() throws {
        let owner = try DescOwner(parsing: #"{"name": "Joni", "age": 27}"#)
        #expect(owner.debugDescription == "DescOwner {\n  name: \"Joni\"\n  age: 27\n}")
        #expect(owner.description == #"DescOwner(name: "Joni", age: 27)"#)
    }

    @Test func optionalsAreDescribedByTheirValues() throws {
        let present = try OptionalsProfile(parsing: #"{"name": "Ada", "nickname": "ada", "age": 3}"#)
        #expect(present.description.contains(#"nickname: "ada""#), "\(present.description)")
        #expect(present.description.contains("age: 3"))
        let absent = try OptionalsProfile(parsing: #"{"name": "Ada"}"#)
        #expect(absent.description.contains("nickname: nil"), "\(absent.description)")
    }

    @Test func builtModelsDescribeTheSame() throws {
        let parsed = try DescOwner(parsing: #"{"age": 27, "name": "Joni"}"#)
        let built = DescOwner(name: "Joni", age: 27)
        #expect(parsed.description == built.description)
        #expect(parsed.debugDescription == built.debugDescription)
    }
}
