import ArgumentParser
import Foundation

/// The command line. The file is not called `main.swift` because `@main` and a
/// top-level-code file cannot coexist (and case-insensitive file systems would
/// treat `Main.swift` as one).
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yajlmodel-bench",
        abstract: "Measures YAJLModel against yajl's own floor, yajl_tree and JSONSerialization.",
        discussion: """
            Every contender parses the same bytes in one process. Runs are interleaved \
            (every round runs each contender once, in a seeded random order), so machine \
            noise lands on all contenders alike; each timed run follows an untimed run of \
            the same contender, so none is measured in the state another left. Without --corpus \
            the inputs are generated deterministically (twitter-like, catalog-like, canada-like).
            Build with -c release; debug numbers mean nothing.
            """
    )

    @Option(help: "Measured runs per contender and input (default 15; 5 with --quick).")
    var runs: Int?

    @Option(help: "Warm-up runs per contender and input, not measured (default 3; 1 with --quick).")
    var warmup: Int?

    @Option(help: "Size multiplier for generated inputs; 1 gives roughly 1-2 MB each (default 1; 0.1 with --quick).")
    var scale: Double?

    @Flag(help: "A smoke run in seconds: few runs, small generated inputs.")
    var quick = false

    @Option(
        name: .customLong("min-sample-ms"),
        help: "Repeat a parse within one sample until the sample lasts this long, so small inputs stay above clock noise.")
    var minSampleMilliseconds: Double = 2

    @Option(help: "Keep only inputs or contenders whose name contains this (case-insensitive; repeatable, any may match).")
    var filter: [String] = []

    @Option(help: "Measure every *.json file in this directory instead of generated data.")
    var corpus: String?

    @Option(
        help: "Comma-separated file names to take from --corpus (or paths, without --corpus). Repeatable.",
        transform: { $0.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) } })
    var files: [[String]] = []

    @Option(help: ArgumentHelp("Write the generated inputs into this directory as <name>.json and exit.", valueName: "directory"))
    var writeGenerated: String?

    @Flag(help: "Measure Codable instead: YAJLDecoder/YAJLEncoder against JSONDecoder/JSONEncoder on the same structs (twitter.json and citm_catalog.json from --corpus, default ../shared/corpus, and a generated feed).")
    var codable = false

    @Flag(help: """
        Measure streaming instead: peak memory while reading a generated feed element by element, \
        chunked and element-by-element parsing against the whole-document parse (on --corpus files, \
        or generated inputs, and a generated feed), and parallel JSON Lines on 1 core and on 2. \
        --filter memory, throughput or parallel picks rows.
        """)
    var streaming = false

    @Option(help: "With --streaming: the size of the generated feed for the memory row, in MiB (default 1024).")
    var feedMegabytes = 1024

    func validate() throws {
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1, not \(runs).") }
        if let warmup, warmup < 0 { throw ValidationError("--warmup must not be negative, not \(warmup).") }
        if let scale, !(scale > 0 && scale.isFinite) {
            throw ValidationError("--scale must be a positive number, not \(scale).")
        }
        if corpus != nil, scale != nil { throw ValidationError("--scale applies to generated data, not to --corpus.") }
        if !(minSampleMilliseconds >= 0 && minSampleMilliseconds.isFinite) {
            throw ValidationError("--min-sample-ms must not be negative.")
        }
        if files.joined().contains(where: \.isEmpty) { throw ValidationError("--files holds an empty name.") }
    }

    func run() throws {
        #if DEBUG
        log("warning: this is a debug build; its numbers are meaningless. Use `swift run -c release`.")
        #endif
        let plan = Plan(
            warmup: warmup ?? (quick ? 1 : 3),
            runs: runs ?? (quick ? 5 : 15),
            minSampleSeconds: minSampleMilliseconds / 1000)
        let effectiveScale = scale ?? (quick ? 0.1 : 1)

        let filters = filter.map { $0.lowercased() }
        if codable {
            return try CodableBenchmark.run(plan: plan, corpus: corpus, feedItems: Int(60_000 * effectiveScale), filters: filters)
        }
        func selected(_ name: String) -> Bool {
            filters.isEmpty || filters.contains { name.lowercased().contains($0) }
        }

        if streaming {
            let inputs = if let corpus { try Input.corpus(directory: corpus, names: files.flatMap { $0 }) }
                else { GeneratedData.all(scale: effectiveScale) }
            try StreamingBench.run(plan: plan, feedMegabytes: feedMegabytes, inputs: inputs, filters: filter)
            return
        }

        if let writeGenerated {
            for input in GeneratedData.all(scale: effectiveScale) {
                let path = URL(fileURLWithPath: writeGenerated).appendingPathComponent(input.name + ".json").path
                guard FileManager.default.createFile(atPath: path, contents: input.bytes) else {
                    throw BenchError.unwritable(path: path)
                }
                log("wrote \(path) (\(formatBytes(input.bytes.count)))")
            }
            return
        }

        let inputs: [Input]
        let source: String
        if let corpus {
            inputs = try Input.corpus(directory: corpus, names: files.flatMap { $0 })
            source = "corpus \(corpus)"
        } else if !files.isEmpty {
            inputs = try files.flatMap { $0 }.map { try Input.file(path: $0) }
            source = "files"
        } else {
            log("generating inputs at scale \(effectiveScale)...")
            inputs = GeneratedData.all(scale: effectiveScale)
            source = "generated data, scale \(effectiveScale)"
        }

        // An input is measured with every contender if its name matches; otherwise only
        // the contenders whose names match are measured on it.
        var jobs: [(input: Input, contenders: [Contender])] = []
        for input in inputs {
            let contenders = selected(input.name) ? Contender.all : Contender.all.filter { selected($0.name) }
            if !contenders.isEmpty { jobs.append((input, contenders)) }
        }
        guard !jobs.isEmpty else {
            throw BenchError.nothingSelected(filter: filter, inputs: inputs.map(\.name))
        }

        var results: [InputResult] = []
        for (index, job) in jobs.enumerated() {
            log("[\(index + 1)/\(jobs.count)] \(job.input.name) (\(formatBytes(job.input.bytes.count))): "
                + "\(job.contenders.count) contenders, \(plan.warmup) warm-up + \(plan.runs) runs")
            let result = measure(job.input, contenders: job.contenders, plan: plan)
            results.append(result)
            log("    done in \(String(format: "%.1f", result.wallSeconds)) s")
        }

        print(Report.header(source: source, plan: plan))
        print(Report.table(results))
        print(Report.summary(results))

        // Typed reading of Twitter-shaped inputs: @JSONModel against JSONDecoder.
        let modelInputs = inputs.filter { ModelScenario.applies(to: $0) && (selected($0.name) || selected("model")) }
        var modelResults: [InputResult] = []
        for input in modelInputs {
            log("models: \(input.name): \(plan.warmup) warm-up + \(plan.runs) runs")
            modelResults.append(measure(input, contenders: ModelScenario.contenders, plan: plan))
        }
        if !modelResults.isEmpty {
            print(Report.comparison(modelResults, title: "Read every field of every status", baseline: ModelScenario.codable))
        }
        results += modelResults

        let failures = results.flatMap { result in
            result.outcomes.compactMap { outcome -> String? in
                if case .failed(let reason) = outcome.result { return "\(result.input.name) / \(outcome.name): \(reason)" }
                return nil
            }
        }
        if !failures.isEmpty {
            log("error: \(failures.count) measurement(s) failed:")
            for failure in failures { log("  \(failure)") }
            throw ExitCode.failure
        }
    }
}

/// Errors with a message meant for the person at the terminal; ArgumentParser
/// prints them as `Error: ...` and exits with status 1.
enum BenchError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unwritable(path: String)
    case emptyCorpus(directory: String)
    case missingFile(name: String, directory: String)
    case nothingSelected(filter: [String], inputs: [String])
    case codableFailed(Int)

    var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unwritable(let path):
            return "cannot write \(path)"
        case .emptyCorpus(let directory):
            return "no *.json files in \(directory)"
        case .missingFile(let name, let directory):
            return "no file named \(name) in \(directory)"
        case .nothingSelected(let filter, let inputs):
            return "--filter \(filter.joined(separator: ", ")) matches no input or contender "
                + "(inputs: \(inputs.joined(separator: ", ")); contenders: "
                + "\(Contender.all.map(\.name).joined(separator: ", ")))"
        case .codableFailed(let count):
            return "\(count) Codable measurement(s) failed"
        }
    }
}

/// Progress and warnings go to stderr so stdout holds only the report.
func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
