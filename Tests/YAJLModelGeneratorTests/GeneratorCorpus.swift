import Foundation
import Testing
import YAJLModel
@testable import YAJLModelGenerator

/// The corpus files the generated sources were made from, and what regenerating them takes.
enum GeneratorCorpus {
    /// `$YAJLMODEL_SHARED_DIR/corpus` when it is set (a git worktree), else `<package root>/../shared/corpus`.
    static let folder = (ProcessInfo.processInfo.environment["YAJLMODEL_SHARED_DIR"].map { URL(fileURLWithPath: $0) }
        ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")).appendingPathComponent("corpus")
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("twitter.json").path)
            && FileManager.default.fileExists(atPath: folder.appendingPathComponent("citm_catalog.json").path)
            && FileManager.default.fileExists(atPath: folder.appendingPathComponent("github_events.json").path)
            && FileManager.default.fileExists(atPath: folder.appendingPathComponent("canada.json").path)
    }

    static func url(_ file: String) -> URL { folder.appendingPathComponent(file) }

    /// A committed source and the command that wrote it (run in the input's folder).
    struct Generated: CustomStringConvertible, Sendable {
        var source: String
        var folder: URL
        var file: String
        var name: String
        var namespace: String
        var style: ModelGenerator.Style
        /// The input's bytes when they are made by the test rather than read from `folder`.
        var bytes: (@Sendable () -> [UInt8])? = nil
        /// The `rebuilt()` extensions of the `@JSONModel` types rather than the types.
        var rebuilds = false

        /// The `rebuilt()` extensions for this source's types, beside it.
        var rebuilding: Generated {
            var copy = self
            copy.source = source.replacingOccurrences(of: ".swift", with: "+Rebuilt.swift")
            copy.rebuilds = true
            return copy
        }

        var description: String { source }

        var command: String {
            "yajlmodel generate --name \(name)\(style == .codable ? " --codable" : "") --namespace \(namespace) \(file)"
        }

        /// How to write the source again, for a failing test's message.
        func regenerating(in folder: String) -> String {
            rebuilds
                ? "run these tests with YAJLMODEL_REGENERATE=1 (it writes the +Rebuilt sources)"
                : "(cd \(folder) && \(command) --output <package>/\(source)), or run these tests with YAJLMODEL_REGENERATE=1"
        }

        /// What `command` writes now.
        func regenerate() throws -> String {
            try Self.regenerate([self])[0]
        }

        /// What the commands of sources made from one input write now, reading the input once.
        static func regenerate(_ sources: [Generated]) throws -> [String] {
            guard let first = sources.first else { return [] }
            let generator = ModelGenerator(options: ModelGenerator.Options(rootName: first.name))
            if let bytes = first.bytes {
                try generator.add(JSONDocument(parsing: bytes()).root)
            } else {
                try generator.read(ModelGenerator.Input(url: first.folder.appendingPathComponent(first.file)))
            }
            return try sources.map { source in
                generator.options.rootName = source.name
                generator.options.style = source.style
                generator.options.namespace = source.namespace
                generator.options.command = source.command
                generator.options.inputDescription = source.file
                return try source.rebuilds ? generator.rebuildingSource() : generator.source()
            }
        }
    }

    /// The corpus files that sources are made from.
    static let corpusFiles = ["twitter.json", "citm_catalog.json", "github_events.json", "canada.json"]

    /// The sources made from the corpus.
    static let generated: [Generated] = [
        Generated(source: "Tests/YAJLModelMacrosTests/Generated/GeneratedTwitter.swift", folder: folder, file: "twitter.json", name: "Search", namespace: "GeneratedTwitter", style: .jsonModel),
        Generated(source: "Tests/YAJLModelMacrosTests/Generated/GeneratedCitm.swift", folder: folder, file: "citm_catalog.json", name: "Catalog", namespace: "GeneratedCitm", style: .jsonModel),
        Generated(source: "Tests/YAJLModelGeneratorTests/Generated/GeneratedTwitter.swift", folder: folder, file: "twitter.json", name: "Search", namespace: "GeneratedTwitter", style: .codable),
        Generated(source: "Tests/YAJLModelGeneratorTests/Generated/GeneratedCitm.swift", folder: folder, file: "citm_catalog.json", name: "Catalog", namespace: "GeneratedCitm", style: .codable),
        Generated(source: "Tests/YAJLModelMacrosTests/Generated/GeneratedGitHub.swift", folder: folder, file: "github_events.json", name: "Event", namespace: "GeneratedGitHub", style: .jsonModel),
        Generated(source: "Tests/YAJLModelGeneratorTests/Generated/GeneratedGitHub.swift", folder: folder, file: "github_events.json", name: "Event", namespace: "GeneratedGitHub", style: .codable),
        Generated(source: "Tests/YAJLModelMacrosTests/Generated/GeneratedCanada.swift", folder: folder, file: "canada.json", name: "Country", namespace: "GeneratedCanada", style: .jsonModel),
        Generated(source: "Tests/YAJLModelGeneratorTests/Generated/GeneratedCanada.swift", folder: folder, file: "canada.json", name: "Country", namespace: "GeneratedCanada", style: .codable),
    ].flatMap { $0.style == .jsonModel ? [$0, $0.rebuilding] : [$0] }

    /// The generated feed of 60,000 small objects that the benchmarks read, made in the test
    /// (`GeneratedFeed.json(count:)`), and the sources made from it.
    static let feedCount = 60_000
    static let feed: [Generated] = ModelGenerator.Style.allCases.map { style in
        Generated(source: "Tests/\(style == .codable ? "YAJLModelGeneratorTests" : "YAJLModelMacrosTests")/Generated/GeneratedItemFeed.swift",
                  folder: inputs, file: "feed.json", name: "Item", namespace: "GeneratedItemFeed", style: style,
                  bytes: { GeneratedFeed.json(count: feedCount) })
    }.flatMap { $0.style == .jsonModel ? [$0, $0.rebuilding] : [$0] }

    /// The small inputs written for the snapshots, in `Tests/YAJLModelGeneratorTests/Inputs`.
    static let inputs = packageRoot.appendingPathComponent("Tests/YAJLModelGeneratorTests/Inputs")

    /// The snapshots and a Flickr-style photo search: each input's output in both styles,
    /// compiled into the test targets.
    static let snapshots: [Generated] = {
        let inputs: [(file: String, name: String, namespace: String)] = [
            ("people.json", "Person", "SnapshotPeople"), ("values.jsonl", "Value", "SnapshotValues"), ("board.json", "Board", "SnapshotBoard"),
            ("activity.json", "Log", "SnapshotActivity"), ("flickr_photos.json", "PhotoSearch", "GeneratedFlickr"),
        ]
        var sources: [Generated] = []
        for input in inputs {
            let model = Generated(source: "Tests/YAJLModelMacrosTests/Generated/\(input.namespace).swift", folder: Self.inputs, file: input.file,
                                  name: input.name, namespace: input.namespace, style: .jsonModel)
            var codable = model
            codable.source = "Tests/YAJLModelGeneratorTests/Generated/\(input.namespace).swift"
            codable.style = .codable
            sources += [model, codable]
            // The Flickr-style search is one of the inputs whose models are rebuilt from their properties.
            if input.namespace == "GeneratedFlickr" { sources.append(model.rebuilding) }
        }
        return sources
    }()
}
