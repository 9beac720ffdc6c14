import Foundation
import Testing
@testable import YAJLModelFuzzing

/// Replays the inputs kept in `Tests/Fuzz` through the fuzz targets, so that a crash a fuzzer
/// once found stays fixed, and checks the fuzzers' oracle against the JSONTestSuite verdicts.
@Suite("Fuzz regressions: saved crashes and leak-check inputs through every fuzz target")
struct FuzzRegressionTests {
    /// `<package root>/Tests/Fuzz`.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz", isDirectory: true)

    /// JSONTestSuite's `test_parsing`, in `../shared` beside the package when it is there.
    static let conformance = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/conformance/test_parsing", isDirectory: true)

    static func check(_ target: FuzzTarget, filesAt folder: URL) throws -> Int {
        let files = FuzzTarget.inputFiles(at: folder.path)
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            do {
                try data.withUnsafeBytes { try target.check($0) }
            } catch {
                Issue.record("\(target.name) fails on \(file): \(error)")
            }
        }
        return files.count
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func savedCrashesStayFixed(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        _ = try Self.check(target, filesAt: Self.folder.appendingPathComponent("Regressions/\(name)"))
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func leakCheckInputsPass(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        #expect(try Self.check(target, filesAt: Self.folder.appendingPathComponent("LeakCheck")) >= 23)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: conformance.path), "../shared/conformance not found"),
          arguments: FuzzTarget.all.map(\.name))
    func conformanceCasesPass(target name: String) throws {
        let target = try #require(FuzzTarget.named(name))
        #expect(try Self.check(target, filesAt: Self.conformance) == 212)
    }

    /// The oracle must agree with JSONTestSuite, or the fuzzers would report false failures.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: conformance.path), "../shared/conformance not found"))
    func oracleAgreesWithJSONTestSuite() throws {
        for file in FuzzTarget.inputFiles(at: Self.conformance.path) {
            let name = (file as NSString).lastPathComponent
            guard name.hasPrefix("y_") || name.hasPrefix("n_") else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let accepted = data.withUnsafeBytes { StrictJSON.tokens($0) } != nil
            #expect(accepted == name.hasPrefix("y_"), "\(name)")
        }
    }

    @Test func oracleTokensAndLimits() {
        func tokens(_ text: String, maxDepth: Int = 512) -> [StrictJSON.Token]? {
            Array(text.utf8).withUnsafeBytes { StrictJSON.tokens($0, maxDepth: maxDepth) }
        }
        #expect(tokens(#" {"a": [1, "\u00e9\ud83d\ude00"], "a": null} "#) == [
            .object(count: 2), .key(Array("a".utf8)), .array(count: 2), .number(Array("1".utf8)),
            .string(Array("é😀".utf8)), .end, .key(Array("a".utf8)), .null, .end,
        ])
        #expect(tokens("[[1]]", maxDepth: 2) != nil)
        #expect(tokens("[[1]]", maxDepth: 1) == nil)
        #expect(tokens("1", maxDepth: 0) != nil)
        for rejected in ["", " ", "[1,]", "01", "1.", "-", "\"\\ud800\"", "\"\\udc00\\ud800\"", "[1]x", "\u{0C}1", "\"\t\""] {
            #expect(tokens(rejected) == nil, "\(rejected.debugDescription)")
        }
        #expect([UInt8]([0xEF, 0xBB, 0xBF, 0x31]).withUnsafeBytes { StrictJSON.tokens($0) } == [.number([0x31])])
        #expect([UInt8]([0x22, 0xED, 0xA0, 0x80, 0x22]).withUnsafeBytes { StrictJSON.tokens($0) } == nil)
        #expect([UInt8]([0x61, 0xC3, 0xA9, 0xC0, 0xAF]).withUnsafeBytes { StrictJSON.validUTF8PrefixLength($0) } == 3)
    }
}
