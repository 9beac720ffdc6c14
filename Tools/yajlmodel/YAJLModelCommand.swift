import ArgumentParser
import Foundation
import YAJLModelGenerator

@main
struct YAJLModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yajlmodel",
        abstract: "Tools for YAJLModel.",
        subcommands: [Generate.self]
    )
}

/// `yajlmodel generate`: types inferred from every record of the inputs.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes @JSONModel types (or Codable structs) that read every record of the inputs.",
        discussion: """
            Reads JSON files, JSON Lines (.jsonl, .ndjson, or --lines), or the elements of an array \
            (--at /items) in bounded memory; gzip input is inflated. With no file, or -, reads standard input.
            """
    )

    @Argument(help: "JSON or JSON Lines files, merged; none or - for standard input.")
    var files: [String] = []

    @Option(help: "The array whose elements are the records: a JSON Pointer (/items) or a dotted path (feed.items).")
    var at: String?

    @Flag(help: "Read the input as JSON Lines, whatever its name.")
    var lines = false

    @Option(help: "The name of the records' type (by default from the target or the file name).")
    var name: String?

    @Flag(help: "Write plain Codable structs instead of @JSONModel ones.")
    var codable = false

    @Flag(help: "Decimal for numbers with a fraction or beyond Int, so that their text is kept.")
    var exactNumbers = false

    @Option(help: "A string field with at most this many distinct values becomes an enum.")
    var enumThreshold = 8

    @Option(help: "The values a string field needs before it can become an enum.")
    var enumMinimumCount = 20

    @Option(help: "An object with more distinct keys than this becomes a dictionary.")
    var maxProperties = 100

    @Option(name: .customLong("discriminator"), help: "A key that chooses an object's variant (repeatable; default: type, kind).")
    var discriminators: [String] = []

    @Option(help: "An enum to hold every type written, so that the types of several inputs do not collide.")
    var namespace: String?

    @Option(help: "Stop after this many records.")
    var sample: Int?

    @Option(help: "A .swift file to write, or a folder to write <Name>.swift into (default: standard output).")
    var output: String?

    @Flag(help: "No progress line on standard error.")
    var quiet = false

    mutating func validate() throws {
        if let sample, sample < 1 { throw ValidationError("--sample needs a count of at least 1") }
        if enumThreshold < 0 { throw ValidationError("--enum-threshold cannot be negative") }
        if maxProperties < 1 { throw ValidationError("--max-properties needs at least 1") }
        for file in files where file != "-" && !FileManager.default.isReadableFile(atPath: file) {
            throw ValidationError("\(file): no such file, or it cannot be read")
        }
    }

    func run() throws {
        let inputs = (files.isEmpty ? ["-"] : files).map { file in
            ModelGenerator.Input(url: file == "-" ? nil : URL(fileURLWithPath: file), target: at, isLines: lines ? true : nil)
        }
        var options = ModelGenerator.Options(rootName: name ?? defaultName(inputs))
        options.style = codable ? .codable : .jsonModel
        options.exactNumbers = exactNumbers
        options.enumThreshold = enumThreshold
        options.enumMinimumCount = enumMinimumCount
        options.maxProperties = maxProperties
        if !discriminators.isEmpty { options.discriminatorKeys = discriminators }
        options.namespace = namespace
        options.command = command(inputs)
        options.inputDescription = inputs.map(\.name).joined(separator: ", ")

        let generator = ModelGenerator(options: options)
        var progress = Progress(quiet: quiet)
        do {
            for input in inputs {
                try generator.read(input, limit: sample) { records, offset in
                    progress.update(records: records, offset: offset, of: input.name)
                }
                if let sample, generator.records >= sample { break }
            }
            progress.finish()
            try write(try generator.source(), name: options.rootName)
        } catch let error as ModelGenerationError {
            progress.finish()
            FileHandle.standardError.write(Data("yajlmodel: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The root type's name: from the target's last step (singular), or the first file's name.
    private func defaultName(_ inputs: [ModelGenerator.Input]) -> String {
        if let at, let last = at.split(whereSeparator: { $0 == "/" || $0 == "." }).last {
            return ModelGenerator.typeName(forKey: String(last), singular: true)
        }
        guard let url = inputs.first?.url else { return "Record" }
        var base = url
        while !base.pathExtension.isEmpty { base = base.deletingPathExtension() }
        let isLines = inputs.first?.isLines ?? false
        return ModelGenerator.typeName(forKey: base.lastPathComponent, singular: isLines)
    }

    /// The command as the output's first line gives it: options and file names, no folders.
    private func command(_ inputs: [ModelGenerator.Input]) -> String {
        var parts = ["yajlmodel generate"]
        if let name { parts.append("--name \(name)") }
        if let at { parts.append("--at \(at)") }
        if lines { parts.append("--lines") }
        if codable { parts.append("--codable") }
        if exactNumbers { parts.append("--exact-numbers") }
        if enumThreshold != 8 { parts.append("--enum-threshold \(enumThreshold)") }
        if enumMinimumCount != 20 { parts.append("--enum-minimum-count \(enumMinimumCount)") }
        if maxProperties != 100 { parts.append("--max-properties \(maxProperties)") }
        for key in discriminators { parts.append("--discriminator \(key)") }
        if let namespace { parts.append("--namespace \(namespace)") }
        if let sample { parts.append("--sample \(sample)") }
        parts += inputs.map { $0.url?.lastPathComponent ?? "-" }
        return parts.joined(separator: " ")
    }

    private func write(_ source: String, name: String) throws {
        guard let output else {
            FileHandle.standardOutput.write(Data(source.utf8))
            return
        }
        var url = URL(fileURLWithPath: output)
        if url.pathExtension != "swift" {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            url.appendPathComponent("\(namespace ?? name).swift")
        }
        try Data(source.utf8).write(to: url, options: .atomic)
        FileHandle.standardError.write(Data("yajlmodel: wrote \(url.path)\n".utf8))
    }
}

/// The progress line on standard error: shown once reading has taken two seconds, then
/// rewritten at most once a second.
struct Progress {
    let quiet: Bool
    let start = Date()
    var lastShown: Date?
    var shown = false

    init(quiet: Bool) {
        self.quiet = quiet
    }

    mutating func update(records: Int, offset: Int, of name: String) {
        guard !quiet, records % 1024 == 0 else { return }
        let now = Date()
        guard now.timeIntervalSince(start) >= 2, lastShown.map({ now.timeIntervalSince($0) >= 1 }) ?? true else { return }
        lastShown = now
        shown = true
        let megabytes = Double(offset) / 1_048_576
        FileHandle.standardError.write(Data("\r\(records) records, \(String(format: "%.1f", megabytes)) MB into \(name)".utf8))
    }

    mutating func finish() {
        if shown { FileHandle.standardError.write(Data("\n".utf8)) }
        shown = false
    }
}
