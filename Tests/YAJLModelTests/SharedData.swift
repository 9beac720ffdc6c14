import Foundation
import Testing
import YAJLModel

/// The data shared beside the package: `<package root>/../shared`, holding the benchmark
/// corpus and the JSONTestSuite conformance cases. Tests that need it are disabled, with a
/// reason, when it is absent.
enum SharedData {
    /// The package root: three levels up from this file (`<root>/Tests/YAJLModelTests/SharedData.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `YAJLMODEL_SHARED_DIR` when set (a checkout elsewhere, a git worktree), else `<root>/../shared`.
    static let directory = ProcessInfo.processInfo.environment["YAJLMODEL_SHARED_DIR"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    static let corpus = directory.appendingPathComponent("corpus", isDirectory: true)
    static let conformance = directory.appendingPathComponent("conformance/test_parsing", isDirectory: true)

    static let isAvailable: Bool = {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: corpus.path, isDirectory: &isDirectory) && isDirectory.boolValue
            && FileManager.default.fileExists(atPath: conformance.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }()

    static let unavailableReason: Comment = "../shared (corpus and conformance cases) not found beside the package"

    /// The `.json` files of the corpus, by name, sorted; empty when the folder is absent.
    static let corpusFiles: [String] = jsonFiles(in: corpus)

    /// The JSONTestSuite `test_parsing` cases, by name, sorted; empty when the folder is absent.
    static let conformanceFiles: [String] = jsonFiles(in: conformance)

    static func jsonFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The raw bytes of a corpus file (read as bytes, never as text).
    static func corpusBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
    }

    static func conformanceBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: conformance.appendingPathComponent(name)))
    }

    /// Parsed corpus documents, parsed once and shared between tests.
    private static let cache = Cache()

    static func corpusDocument(_ name: String) throws -> JSONDocumentAndBytes {
        try cache.document(name)
    }

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var documents: [String: JSONDocumentAndBytes] = [:]

        func document(_ name: String) throws -> JSONDocumentAndBytes {
            lock.lock()
            defer { lock.unlock() }
            if let found = documents[name] { return found }
            let bytes = try SharedData.corpusBytes(name)
            let parsed = JSONDocumentAndBytes(bytes: bytes, document: try JSONDocument(parsing: bytes))
            documents[name] = parsed
            return parsed
        }
    }
}

struct JSONDocumentAndBytes: Sendable {
    let bytes: [UInt8]
    let document: JSONDocument
}
