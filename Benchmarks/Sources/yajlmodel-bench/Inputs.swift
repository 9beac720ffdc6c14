import Foundation
import YAJLModel

/// One input document, held in memory before any timing starts.
struct Input: Sendable {
    let name: String
    let bytes: Data

    /// What the document looks like, from its name: which typed models and which
    /// edits apply to it.
    enum Shape: Sendable {
        case twitter, catalog, canada, unknown
    }

    var shape: Shape {
        let name = name.lowercased()
        if name.contains("twitter") && !name.contains("escaped") { return .twitter }
        if name.contains("citm") || name.contains("catalog") { return .catalog }
        if name.contains("canada") { return .canada }
        return .unknown
    }

    /// Every `*.json` file in `directory`, by name, or just `names` if given.
    static func corpus(directory: String, names: [String]) throws -> [Input] {
        let listing: [String]
        do {
            listing = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw BenchError.unreadable(path: directory, reason: reason(error))
        }
        let chosen: [String]
        if names.isEmpty {
            chosen = listing.filter { $0.hasSuffix(".json") }.sorted()
            if chosen.isEmpty { throw BenchError.emptyCorpus(directory: directory) }
        } else {
            for name in names where !listing.contains(name) {
                throw BenchError.missingFile(name: name, directory: directory)
            }
            chosen = names
        }
        return try chosen.map { name in
            try file(path: URL(fileURLWithPath: directory).appendingPathComponent(name).path, name: name)
        }
    }

    static func file(path: String, name: String? = nil) throws -> Input {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return Input(name: name ?? URL(fileURLWithPath: path).lastPathComponent, bytes: data)
        } catch {
            throw BenchError.unreadable(path: path, reason: reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return nsError.localizedDescription
    }
}

/// What every scenario draws its inputs from: the documents (generated or from
/// `--corpus`), the generated feeds, and a temporary directory for the files the
/// streaming scenarios read. Everything is made on first use and shared, so a
/// scenario that `--filter` leaves out costs nothing.
final class BenchContext {
    struct Options {
        var scale: Double
        var quick: Bool
        var corpus: String?
        var files: [String]
        /// The size of the feed `stream-memory` reads, in MiB.
        var boundedFeedMegabytes: Int
    }

    let options: Options
    private var cachedDocuments: [Input]?
    private var cachedStatuses: [[UInt8]]?
    private var cachedFiles: [String: (url: URL, bytes: Int)] = [:]
    private var temporaryDirectory: URL?

    init(options: Options) { self.options = options }

    /// Where the documents come from, for the report.
    var source: String {
        if let corpus = options.corpus { return "corpus \(corpus)" }
        if !options.files.isEmpty { return "files" }
        return "generated data, scale \(format(options.scale, options.scale < 1 ? 2 : 1))"
    }

    /// A count from a base at scale 1, at least 1.
    func scaled(_ base: Int) -> Int { max(1, Int((Double(base) * options.scale).rounded())) }

    /// The documents: twitter-like, catalog-like and canada-like, or the corpus files.
    func documents() throws -> [Input] {
        if let cachedDocuments { return cachedDocuments }
        let documents: [Input]
        if let corpus = options.corpus {
            documents = try Input.corpus(directory: corpus, names: options.files)
        } else if !options.files.isEmpty {
            documents = try options.files.map { try Input.file(path: $0) }
        } else {
            log("generating documents at scale \(options.scale)...")
            documents = GeneratedData.all(scale: options.scale)
        }
        cachedDocuments = documents
        return documents
    }

    /// The documents that the scenarios beyond `parse` use: on a corpus, the files shaped
    /// like twitter.json, citm_catalog.json and canada.json (the classic three), so the
    /// report stays readable; all of them when none is, or when `--files` chose them.
    func representativeDocuments() throws -> [Input] {
        let documents = try documents()
        guard options.corpus != nil, options.files.isEmpty else { return documents }
        let known = documents.filter { $0.shape != .unknown }
        return known.isEmpty ? documents : known
    }

    /// A feed of small objects (`[FeedItem]`), as in many API responses.
    func smallObjectsFeed() -> Input {
        let count = scaled(60_000)
        return Input(name: "feed of \(count) small objects", bytes: Data(GeneratedFeed.json(count: count)))
    }

    /// The statuses of the twitter-like generator (scale 1), each as compact text: the
    /// elements of the generated feeds and the lines of the generated JSON Lines.
    func statuses() -> [[UInt8]] {
        if let cachedStatuses { return cachedStatuses }
        let text = GeneratedData.twitterLike(scale: 1)
        let statuses = (try? JSONDocument(parsing: text))?.root["statuses"]?.array?.map { Array($0.rawJSON) } ?? []
        cachedStatuses = statuses
        return statuses
    }

    /// A file in the temporary directory, written by `write` on first use.
    func file(_ name: String, write: (FileHandle) throws -> Void) throws -> (url: URL, bytes: Int) {
        if let file = cachedFiles[name] { return file }
        let directory: URL
        if let temporaryDirectory {
            directory = temporaryDirectory
        } else {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            temporaryDirectory = directory
        }
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else { throw BenchError.unwritable(path: url.path) }
        try write(handle)
        try handle.close()
        let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        log("wrote \(formatBytes(bytes)) to \(url.path) (deleted at the end)")
        cachedFiles[name] = (url, bytes)
        return (url, bytes)
    }

    /// Deletes the temporary files.
    func cleanUp() {
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
        temporaryDirectory = nil
        cachedFiles = [:]
    }
}
