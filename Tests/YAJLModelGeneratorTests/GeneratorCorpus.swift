import Foundation
import Testing
import YAJLModel
import YAJLModelGenerator

/// The corpus files the generated sources were made from, and what regenerating them takes.
enum GeneratorCorpus {
    /// `<package root>/../shared/corpus`, from this file's path.
    static let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
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

        var description: String { source }

        var command: String {
            "yajlmodel generate --name \(name)\(style == .codable ? " --codable" : "") --namespace \(namespace) \(file)"
        }

        /// What `command` writes now.
        func regenerate() throws -> String {
            try Self.regenerate([self])[0]
        }

        /// What the commands of sources made from one input write now, reading the input once.
        static func regenerate(_ sources: [Generated]) throws -> [String] {
            guard let first = sources.first else { return [] }
            let generator = ModelGenerator(options: ModelGenerator.Options(rootName: first.name))
            try generator.read(ModelGenerator.Input(url: first.folder.appendingPathComponent(first.file)))
            return try sources.map { source in
                generator.options.rootName = source.name
                generator.options.style = source.style
                generator.options.namespace = source.namespace
                generator.options.command = source.command
                generator.options.inputDescription = source.file
                return try generator.source()
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
    ]

    /// The small inputs written for the snapshots, in `Tests/YAJLModelGeneratorTests/Inputs`.
    static let inputs = packageRoot.appendingPathComponent("Tests/YAJLModelGeneratorTests/Inputs")

    /// The snapshots: each input's output in both styles, compiled into the test targets.
    static let snapshots: [Generated] = [
        ("people.json", "Person", "SnapshotPeople"), ("values.jsonl", "Value", "SnapshotValues"), ("board.json", "Board", "SnapshotBoard"),
    ].flatMap { file, name, namespace in
        [
            Generated(source: "Tests/YAJLModelMacrosTests/Generated/\(namespace).swift", folder: inputs, file: file, name: name, namespace: namespace, style: .jsonModel),
            Generated(source: "Tests/YAJLModelGeneratorTests/Generated/\(namespace).swift", folder: inputs, file: file, name: name, namespace: namespace, style: .codable),
        ]
    }
}

/// Whether two JSON values hold the same data: numbers by value, a member whose value is
/// `null` the same as a missing one (a `Codable` optional leaves nil unwritten), and the
/// order of an object's members free. Returns the path of the first difference.
func firstDifference(_ expected: JSONValue, _ actual: JSONValue, path: String = "") -> String? {
    switch (expected.kind, actual.kind) {
    case (.object, .object):
        let expectedMembers = Dictionary(expected.object.map { $0.map { ($0.key, $0.value) } } ?? [], uniquingKeysWith: { a, _ in a })
        let actualMembers = Dictionary(actual.object.map { $0.map { ($0.key, $0.value) } } ?? [], uniquingKeysWith: { a, _ in a })
        for key in Set(expectedMembers.keys).union(actualMembers.keys).sorted() {
            switch (expectedMembers[key], actualMembers[key]) {
            case (let a?, let b?):
                if let difference = firstDifference(a, b, path: path + "." + key) { return difference }
            case (let a?, nil) where a.isNull:
                continue
            case (nil, let b?) where b.isNull:
                continue
            default:
                return path + "." + key + " (missing on one side)"
            }
        }
        return nil
    case (.array, .array):
        guard let a = expected.array, let b = actual.array, a.count == b.count else { return path + " (array lengths differ)" }
        for index in 0..<a.count {
            if let difference = firstDifference(a[index], b[index], path: path + "[\(index)]") { return difference }
        }
        return nil
    case (.number, .number):
        if let a = expected.int, let b = actual.int { return a == b ? nil : path }
        return expected.double == actual.double ? nil : path + " (\(expected.numberText ?? "") ≠ \(actual.numberText ?? ""))"
    case (.string, .string):
        return expected.string == actual.string ? nil : path + " (\(expected.string ?? "") ≠ \(actual.string ?? ""))"
    case (.bool, .bool):
        return expected.bool == actual.bool ? nil : path
    case (.null, .null):
        return nil
    default:
        return path + " (\(expected.kind) ≠ \(actual.kind))"
    }
}
