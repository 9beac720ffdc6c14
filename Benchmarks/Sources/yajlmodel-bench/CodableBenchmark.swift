import Foundation
import YAJLModel

/// `--codable`: typed decoding and encoding of the same structs with YAJLDecoder/YAJLEncoder
/// and JSONDecoder/JSONEncoder, measured in one run with the same interleaving as the parse
/// benchmark, and each pair's ratio against the goal from issue 5.
enum CodableBenchmark {
    /// One comparison: the same work done by YAJLModel's coder and by Foundation's.
    struct Scenario {
        let name: String
        /// The JSON the scenario reads or writes; throughput is counted in its bytes.
        let bytes: Data
        let goal: Double
        let yajl: Contender
        let foundation: Contender
    }

    static let yajlName = "YAJLModel"
    static let foundationName = "Foundation"

    /// The scenarios whose names contain one of `filters` (all when there are none).
    static func scenarios(corpus: String?, feedItems: Int, filters: [String]) throws -> [Scenario] {
        var scenarios: [Scenario] = []
        func wanted(_ name: String) -> Bool { filters.isEmpty || filters.contains { name.lowercased().contains($0) } }
        let directory = corpus ?? "../shared/corpus"
        let twitter = URL(fileURLWithPath: directory).appendingPathComponent("twitter.json")
        let citm = URL(fileURLWithPath: directory).appendingPathComponent("citm_catalog.json")
        if let twitter = try? Data(contentsOf: twitter), let citm = try? Data(contentsOf: citm) {
            if wanted("decode twitter.json") { scenarios.append(decoding(TwitterSearch.self, "decode twitter.json", twitter, goal: 3)) }
            if wanted("decode citm_catalog.json") { scenarios.append(decoding(CitmCatalog.self, "decode citm_catalog.json", citm, goal: 3)) }
            if wanted("encode twitter.json") { scenarios.append(try encoding(TwitterSearch.self, "encode twitter.json", twitter, goal: 3)) }
            if wanted("encode citm_catalog.json") { scenarios.append(try encoding(CitmCatalog.self, "encode citm_catalog.json", citm, goal: 3)) }
        } else {
            log("note: no twitter.json and citm_catalog.json in \(directory) (see --corpus); measuring the feed only")
        }
        let feedName = "feed of \(feedItems) small objects"
        if wanted("decode " + feedName) || wanted("encode " + feedName) {
            let feed = Data(GeneratedFeed.json(count: feedItems))
            if wanted("decode " + feedName) { scenarios.append(decoding([FeedItem].self, "decode " + feedName, feed, goal: 8)) }
            if wanted("encode " + feedName) { scenarios.append(try encoding([FeedItem].self, "encode " + feedName, feed, goal: 3)) }
        }
        return scenarios
    }

    private static func decoding<T: Decodable>(_ type: T.Type, _ name: String, _ bytes: Data, goal: Double) -> Scenario {
        Scenario(
            name: name, bytes: bytes, goal: goal,
            yajl: Contender(name: yajlName) { data in
                let decoder = YAJLDecoder()
                return { _ = try decoder.decode(T.self, from: data); return 1 }
            },
            foundation: Contender(name: foundationName) { data in
                let decoder = JSONDecoder()
                return { _ = try decoder.decode(T.self, from: data); return 1 }
            })
    }

    private static func encoding<T: Codable & Sendable>(_ type: T.Type, _ name: String, _ bytes: Data, goal: Double) throws -> Scenario {
        let value = try JSONDecoder().decode(type, from: bytes)
        let size = try JSONEncoder().encode(value).count
        return Scenario(
            name: name, bytes: Data(count: size), goal: goal,
            yajl: Contender(name: yajlName) { _ in
                let encoder = YAJLEncoder()
                return { try encoder.encode(value).count }
            },
            foundation: Contender(name: foundationName) { _ in
                let encoder = JSONEncoder()
                return { try encoder.encode(value).count }
            })
    }

    static func run(plan: Plan, corpus: String?, feedItems: Int, filters: [String]) throws {
        let selected = try scenarios(corpus: corpus, feedItems: feedItems, filters: filters)
        var table = Table(columns: [
            ("scenario", .left), ("size", .right), ("coder", .left), ("median ms", .right), ("min ms", .right),
            ("MB/s", .right), ("ratio", .right), ("goal", .right), ("", .left),
        ])
        var failures: [String] = []
        for (index, scenario) in selected.enumerated() {
            log("[\(index + 1)/\(selected.count)] \(scenario.name): \(plan.warmup) warm-up + \(plan.runs) runs")
            let result = measure(Input(name: scenario.name, bytes: scenario.bytes), contenders: [scenario.yajl, scenario.foundation], plan: plan)
            if index > 0 { table.addSeparator() }
            let yajl = result.statistics(of: yajlName)
            let foundation = result.statistics(of: foundationName)
            let ratio = yajl.flatMap { yajl in foundation.map { $0.median / yajl.median } }
            for (row, outcome) in result.outcomes.enumerated() {
                var cells = [row == 0 ? scenario.name : "", row == 0 ? formatBytes(scenario.bytes.count) : "", outcome.name]
                switch outcome.result {
                case .measured(let statistics, _):
                    cells += [milliseconds(statistics.median), milliseconds(statistics.min),
                              format(Double(scenario.bytes.count) / statistics.median / 1e6, 1)]
                    if outcome.name == yajlName, let ratio {
                        cells += [format(ratio, 2) + "×", "≥ \(format(scenario.goal, 0))×", ratio >= scenario.goal ? "ok" : "BELOW GOAL"]
                    } else {
                        cells += ["", "", ""]
                    }
                case .failed(let reason):
                    cells += ["FAILED: \(reason)"]
                    failures.append("\(scenario.name) / \(outcome.name): \(reason)")
                }
                table.addRow(cells)
            }
        }
        let info = ProcessInfo.processInfo
        print("""
            yajlmodel-bench --codable: \(plan.warmup) warm-up + \(plan.runs) measured runs, interleaved in random order; \
            samples of at least \(format(plan.minSampleSeconds * 1000, 1)) ms
            machine: \(info.activeProcessorCount) cores, \(info.operatingSystemVersionString)
            YAJLModel = YAJLDecoder / YAJLEncoder, Foundation = JSONDecoder / JSONEncoder, on the same structs; \
            MB/s counts the JSON read or written (JSONEncoder's output size for encoding); ratio = Foundation's time ÷ YAJLModel's

            """)
        print(table.render())
        if !failures.isEmpty {
            log("error: \(failures.count) measurement(s) failed:")
            for failure in failures { log("  \(failure)") }
            throw BenchError.codableFailed(failures.count)
        }
    }
}
