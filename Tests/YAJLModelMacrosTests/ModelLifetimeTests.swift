import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct LifetimeChild {
    var name: String
    var tags: [String]
}

@JSONModel
struct LifetimeParent {
    var child: LifetimeChild
    var children: JSONArray<LifetimeChild>
    var eager: [LifetimeChild]
    var byName: [String: LifetimeChild]
}

/// Models check and read their properties through values made from the document without a
/// retain (the model holds it for the call). What a read returns must still hold the
/// document itself: under AddressSanitizer a missing retain is a use after free. (`.ci/test`'s
/// sanitizer runs leave the macros out; `TypedArrayLifetimeTests` covers the containers there.)
@Suite("Lifetime: values read from a model outlive it")
struct ModelLifetimeTests {
    static let text = #"""
        {"child": {"name": "only", "tags": ["a", "b"]},
         "children": [{"name": "first", "tags": []}, {"name": "second", "tags": ["x"]}],
         "eager": [{"name": "eager", "tags": ["e"]}],
         "byName": {"k": {"name": "keyed", "tags": ["k1", "k2"]}}}
        """#

    @Test func nestedModelsElementsAndValuesKeepTheirDocument() throws {
        // The parent, and with it the only other hold on the document, ends inside the closure.
        let (child, element, eager, keyed) = try { () throws -> (LifetimeChild, LifetimeChild, LifetimeChild, LifetimeChild?) in
            let parent = try LifetimeParent(parsing: Data(Self.text.utf8))
            return (parent.child, parent.children[1], parent.eager[0], parent.byName["k"])
        }()
        // Other documents reuse freed memory, so that a value read from a freed one would show.
        let others = try (0..<8).map { _ in try LifetimeParent(parsing: Data(Self.text.utf8)) }
        #expect(child.name == "only" && child.tags == ["a", "b"])
        #expect(element.name == "second" && element.tags == ["x"])
        #expect(eager.name == "eager" && eager.tags == ["e"])
        let value = try #require(keyed)
        #expect(value.name == "keyed" && value.tags == ["k1", "k2"])
        #expect(child.json["tags"]?[1]?.string == "b")
        #expect(others.count == 8)
    }
}
