import Foundation
import Testing
@testable import YAJLModelGenerator

/// The byte-level checks that spare the generator `URL` and `Character` for most strings
/// agree with them.
@Suite("Text traits")
struct TextTraitsTests {
    static let urls = [
        "https://api.github.com/users/octocat", "http://a.b-c.example:8080/x/y?q=1&r=(2)*3,4;5=6:7@8~9_!$'+",
        "https://avatars.githubusercontent.com/u/42?", "http://example.com", "https://example.com?x", "http://1.2.3.4/",
        "https://example.com/a%20b", "https://example.com/a#b", "https://example.com/a#b#c", "https://example.com/a b",
        "https://exa_mple.com/", "https://-x.com/", "https://user@example.com/", "https://[::1]/", "https://example.com:/x",
        "https://example.com/\u{e9}", "https://example.com/<x>", "https://", "http:/x", "ftp://example.com/", "HTTPS://EXAMPLE.COM/",
        "https://example.com/a|b", "https://example.com/a\"b", "https://example.com/%zz", "https://example.com/a/../b",
    ]

    @Test(arguments: urls)
    func plainURLsAreWhatURLKeeps(_ string: String) {
        var bytes = string
        let plain = bytes.withUTF8(TextTraits.plainWebURL)
        let kept = (string.hasPrefix("http://") || string.hasPrefix("https://")) && URL(string: string)?.absoluteString == string
        if let plain { #expect(plain == kept, "\(string)") }
        #expect(TextTraits.isWebURL(string) == kept, "\(string)")
    }

    @Test func plainURLsAreDecidedOnTheBytes() {
        var bytes = "https://api.github.com/repos/user1/project-2/commits/0a1b?x=1"
        #expect(bytes.withUTF8(TextTraits.plainWebURL) == true)
        bytes = "https://example.com/a%20b"
        #expect(bytes.withUTF8(TextTraits.plainWebURL) == nil)
        bytes = "mailto:a@b.c"
        #expect(bytes.withUTF8(TextTraits.plainWebURL) == false)
    }

    @Test func shortWordsAsCharactersReadThem() {
        for word in ["active", "in_progress", "e\u{301}t\u{e9}", "\u{e9}t\u{e9}", "1st", "#fff", "two words", "", "_x", "Z", "\u{5d0}", String(repeating: "a", count: 41)] {
            let expected = word.utf8.count <= 40 && word.first?.isLetter == true && !word.utf8.contains { $0 <= 0x20 }
            #expect(TextTraits.isShortWord(word) == expected, "\(word)")
        }
    }
}
