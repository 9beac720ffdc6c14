extension Report {
    /// A table of contenders doing the same work on each input, with each one's speed
    /// relative to `baseline` (> 1: faster than the baseline).
    static func comparison(_ results: [InputResult], title: String, baseline: String) -> String {
        var table = Table(columns: [
            ("input", .left), ("contender", .left), ("median ms", .right), ("min ms", .right),
            ("max ms", .right), ("MB/s", .right), ("× \(baseline)", .right),
        ])
        for (index, result) in results.enumerated() {
            if index > 0 { table.addSeparator() }
            let reference = result.statistics(of: baseline)
            for (row, outcome) in result.outcomes.enumerated() {
                var cells = [row == 0 ? result.input.name : "", outcome.name]
                switch outcome.result {
                case .measured(let statistics, _):
                    cells += [
                        milliseconds(statistics.median), milliseconds(statistics.min), milliseconds(statistics.max),
                        format(Double(result.input.bytes.count) / statistics.median / 1e6, 1),
                        reference.map { format($0.median / statistics.median, 2) } ?? "-",
                    ]
                case .failed(let reason):
                    cells += ["FAILED: \(reason)"]
                }
                table.addRow(cells)
            }
        }
        return "\n\(title)\n" + table.render()
    }
}
