import Foundation

/// The report on stdout: a header saying how it was measured, a table per scenario,
/// and a summary of how YAJLModel compares with each contender.
enum TableReport {
    static func render(_ report: RunReport) -> String {
        var text = header(report)
        var scenarios: [String] = []
        for result in report.results where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        for scenario in scenarios {
            let cases = report.results.filter { $0.scenario == scenario }
            text += "\n\n== \(scenario): \(cases[0].title)\n" + table(cases)
        }
        text += "\n\n" + summary(report)
        return text
    }

    static func header(_ report: RunReport) -> String {
        let plan = report.plan
        return """
            yajlmodel-bench, \(report.dateText): \(report.source)
            machine: \(report.machine.summary)
            \(plan.warmup) warm-up + \(rounds(plan)) measured rounds per case; each round runs every contender once, \
            in a seeded random order; a run under 50 ms follows an untimed run of the same contender, and repeats \
            within its sample until the sample lasts \(format(plan.minSampleSeconds * 1000, 1)) ms
            ms: median time per run (min, max over the rounds); MB/s: input bytes ÷ median time
            × YAJLModel: the contender's throughput ÷ the reference's (the YAJLModel row marked "ref"): the median \
            over the rounds of each round's ratio; below 1 means slower than YAJLModel
            tree/input: YAJLModel's treeByteCount ÷ input bytes; peak RSS: the most resident memory one run added
            """
    }

    static func rounds(_ plan: Plan) -> String {
        guard let seconds = plan.caseSeconds, plan.runs > Plan.minimumRuns else { return String(plan.runs) }
        return "\(Plan.minimumRuns)-\(plan.runs) (as many as fit in \(format(seconds, 0)) s)"
    }

    static func table(_ cases: [CaseResult]) -> String {
        let showsTree = cases.contains { !$0.treeBytesPerInputByte.isEmpty }
        let showsMemory = cases.contains { $0.outcomes.contains { $0.peakResidentBytes != nil } }
        var columns: [(String, Table.Alignment)] = [
            ("input", .left), ("size", .right), ("contender", .left), ("median ms", .right), ("min ms", .right),
            ("max ms", .right), ("runs", .right), ("MB/s", .right), ("× YAJLModel", .right),
        ]
        if showsTree { columns.append(("tree/input", .right)) }
        if showsMemory { columns.append(("peak RSS", .right)) }
        var table = Table(columns: columns)
        for (index, result) in cases.enumerated() {
            if index > 0 { table.addSeparator() }
            for (row, outcome) in result.outcomes.enumerated() {
                var cells = [row == 0 ? result.input : "", row == 0 ? formatBytes(result.inputBytes) : "", outcome.name]
                switch outcome.result {
                case .measured(let statistics, _, _):
                    cells += [
                        milliseconds(statistics.median), milliseconds(statistics.min), milliseconds(statistics.max),
                        String(outcome.samples.count), format(result.megabytesPerSecond(statistics), 1),
                        outcome.name == result.reference ? "1 (ref)" : result.ratio(of: outcome.name).map(formatRatio) ?? "-",
                    ]
                    if showsTree { cells.append(result.treeBytesPerInputByte[outcome.name].map { format($0, 3) } ?? "") }
                    if showsMemory { cells.append(outcome.peakResidentBytes.map(formatMegabytes) ?? "") }
                case .failed(let reason):
                    cells.append("FAILED: \(reason)")
                }
                table.addRow(cells)
            }
            for line in result.details + result.notes { table.addNote(line) }
        }
        return table.render()
    }

    static func summary(_ report: RunReport) -> String {
        var table = Table(columns: [
            ("scenario", .left), ("YAJLModel (reference)", .left), ("against", .left), ("YAJLModel is", .right),
            ("inputs", .right),
        ])
        var previous = ""
        for summary in report.summaries {
            if summary.scenario != previous && !previous.isEmpty { table.addSeparator() }
            let first = summary.scenario != previous
            previous = summary.scenario
            table.addRow([
                first ? summary.scenario : "", first ? summary.reference : "", summary.contender,
                speedupText(summary.speedup), String(summary.inputs),
            ])
        }
        return "Summary: how many times as fast as each contender YAJLModel's reference is "
            + "(geometric mean over the inputs of reference throughput ÷ contender throughput)\n" + table.render()
    }

    /// "9.52× as fast" or "0.87× (slower)".
    static func speedupText(_ value: Double) -> String {
        formatRatio(value) + "×" + (value < 1 ? " (slower)" : "")
    }

    static func formatMegabytes(_ bytes: Int) -> String {
        format(Double(bytes) / 1e6, 1) + " MB"
    }
}
