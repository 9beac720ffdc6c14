import Foundation
import Testing
@testable import YAJLModel

@Suite("JSON Pointer (RFC 6901) and dotted paths")
struct PointerTests {
    /// The example document of RFC 6901, section 5.
    static let rfcDocument = #"""
        {
           "foo": ["bar", "baz"],
           "": 0,
           "a/b": 1,
           "c%d": 2,
           "e^f": 3,
           "g|h": 4,
           "i\\j": 5,
           "k\"l": 6,
           " ": 7,
           "m~n": 8
        }
        """#

    @Test(arguments: [
        ("/", 0), ("/a~1b", 1), ("/c%d", 2), ("/e^f", 3), ("/g|h", 4), (#"/i\j"#, 5), (#"/k"l"#, 6), ("/ ", 7), ("/m~0n", 8),
    ])
    func rfcExamplePointersToMembers(pointer: String, expected: Int) throws {
        let root = try parse(Self.rfcDocument).root
        #expect(root[pointer: pointer]?.int == expected)
    }

    @Test func rfcExamplePointersToTheDocumentAndArray() throws {
        let root = try parse(Self.rfcDocument).root
        let whole = try #require(root[pointer: ""])
        #expect(whole == root)
        #expect(whole.byteRange == root.byteRange)
        #expect(root[pointer: "/foo"]?.array?.map(\.string) == ["bar", "baz"])
        #expect(root[pointer: "/foo/0"]?.string == "bar")
        #expect(root[pointer: "/foo/1"]?.string == "baz")
    }

    @Test(arguments: [
        "foo", "/foo/01", "/foo/-", "~2", "/m~2n", "/m~", "/m~n", "/foo/2", "/foo/0/x", "/foo/-1", "/foo/+1", "/foo/ 0",
        "/foo/", "/nothere", "//", "/foo/1e0", "/foo/00", "/foo/99999999999999999999999", "/a/b", "/ /x",
    ])
    func invalidOrMissingPointersFindNothing(pointer: String) throws {
        let root = try parse(Self.rfcDocument).root
        #expect(root[pointer: pointer] == nil)
    }

    @Test func escapesAreDecodedInOrder() throws {
        // "~01" is "~1" (a tilde then a one), not "/".
        let root = try parse(#"{"~1": "tilde-one", "/": "slash", "~": "tilde", "a\/b": "escaped-slash", "": {"": "empty-empty"}}"#).root
        #expect(root[pointer: "/~01"]?.string == "tilde-one")
        #expect(root[pointer: "/~1"]?.string == "slash")
        #expect(root[pointer: "/~0"]?.string == "tilde")
        #expect(root[pointer: "/a~1b"]?.string == "escaped-slash")
        #expect(root[pointer: "//"]?.string == "empty-empty")
    }

    @Test func pointerIntoDeepAndLargeContainers() throws {
        let members = (0..<50).map { #""k\#($0)": [\#((0..<30).map { #"{"v": \#($0)}"# }.joined(separator: ","))]"# }
        let root = try parse("{" + members.joined(separator: ",") + "}").root
        #expect(root[pointer: "/k49/29/v"]?.int == 29)
        #expect(root[pointer: "/k0/0/v"]?.int == 0)
        #expect(root[pointer: "/k17/10"]?["v"]?.int == 10)
        #expect(root[pointer: "/k50"] == nil)
        #expect(root[pointer: "/k1/30"] == nil)
        // From a value other than the root, the pointer is relative to it.
        #expect(root["k3"]?[pointer: "/4/v"]?.int == 4)
    }

    @Test func pointerOnScalarsFindsNothingButItself() throws {
        let root = try parse(#"{"n": 1, "s": "x"}"#).root
        #expect(root[pointer: "/n/0"] == nil)
        #expect(root[pointer: "/s/0"] == nil)
        #expect(root[pointer: "/n"]?[pointer: ""]?.int == 1)
    }

    // MARK: Dotted paths

    static let pathDocument = #"""
        {"media": {"m": "movie", "": "blank"},
         "items": [{"title": "a"}, {"title": "b"}, {"title": "c"}, {"title": "d", "tags": ["x", "y"]}],
         "matrix": [[1, 2], [3, [4, 5]]]}
        """#

    @Test func dottedPaths() throws {
        let root = try parse(Self.pathDocument).root
        #expect(root[path: "media.m"]?.string == "movie")
        #expect(root[path: "items.3.title"]?.string == "d")
        #expect(root[path: "items[3].title"]?.string == "d")
        #expect(root[path: "items.0.title"]?.string == "a")
        #expect(root[path: "items[3].tags[1]"]?.string == "y")
        #expect(root[path: "items.3.tags.1"]?.string == "y")
        #expect(root[path: "matrix[1][1][0]"]?.int == 4)
        #expect(root[path: "matrix.1.1.1"]?.int == 5)
        #expect(root[path: "items"]?.count == 4)
        #expect(root[path: "media"]?["m"]?.string == "movie")
    }

    @Test(arguments: [
        "media.x", "items.4.title", "items[4].title", "items[-1]", "items.-1", "items.x", "media[0]", "media.m.x",
        "items[3].title[0]", "nothing", "items[x]", "matrix[0][2]", "items.3.title.0",
    ])
    func missingPathsFindNothing(path: String) throws {
        let root = try parse(Self.pathDocument).root
        #expect(root[path: path] == nil)
    }

    @Test func pathOnAnArrayRoot() throws {
        let root = try parse(#"[{"a": [10, 20]}, [30]]"#).root
        #expect(root[path: "0.a.1"]?.int == 20)
        #expect(root[path: "[0].a[1]"]?.int == 20)
        #expect(root[path: "[1][0]"]?.int == 30)
        #expect(root[path: "1.0"]?.int == 30)
        #expect(root[path: "2"] == nil)
    }
}
