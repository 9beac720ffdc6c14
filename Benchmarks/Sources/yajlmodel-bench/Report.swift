import Foundation

/// The stdout report: a header, one table row per input × contender, and a
/// summary of YAJLModel against the floor.
enum Report {
    /// The target from the design: YAJLModel at ≥ 85 % of yajl's empty-callback throughput.
    static let floorTarget = 0.85

    static func header(source: String, plan: Plan) -> String {
        let info = ProcessInfo.processInfo
        return """
            yajlmodel-bench: \(source); \(plan.warmup) warm-up + \(plan.runs) measured runs, interleaved in random \
            order, each after an untimed run of the same contender; samples of at least \(format(plan.minSampleSeconds * 1000, 1)) ms
            machine: \(info.activeProcessorCount) cores, \(info.operatingSystemVersionString)
            times are per parse (ms); MB/s = 10^6 bytes per second from the median; \
            ratios are YAJLModel throughput ÷ the other's (> 1: YAJLModel faster)

            """
    }

    static func table(_ results: [InputResult]) -> String {
        var table = Table(columns: [
            ("input", .left), ("size", .right), ("tree/input", .right), ("contender", .left),
            ("median ms", .right), ("min ms", .right), ("max ms", .right), ("reps", .right), ("MB/s", .right),
            ("vs floor", .right), ("vs yajl_tree", .right), ("vs JSONSer.", .right),
        ])
        for (index, result) in results.enumerated() {
            if index > 0 { table.addSeparator() }
            let size = result.input.bytes.count
            let model = result.statistics(of: Contender.yajlModel)
            func ratio(to name: String) -> String {
                guard let model, let other = result.statistics(of: name) else { return "-" }
                return format(other.median / model.median, 3)
            }
            for (row, outcome) in result.outcomes.enumerated() {
                let isModel = outcome.name == Contender.yajlModel
                var cells = [
                    row == 0 ? result.input.name : "",
                    row == 0 ? formatBytes(size) : "",
                    isModel ? result.treeBytes.map { format(Double($0) / Double(size), 3) } ?? "-" : "",
                    outcome.name,
                ]
                switch outcome.result {
                case .measured(let statistics, let repetitions):
                    cells += [
                        milliseconds(statistics.median), milliseconds(statistics.min),
                        milliseconds(statistics.max), String(repetitions),
                        format(Double(size) / statistics.median / 1e6, 1),
                    ]
                    cells += isModel
                        ? [ratio(to: Contender.floor), ratio(to: Contender.yajlTree), ratio(to: Contender.foundation)]
                        : ["", "", ""]
                case .failed(let reason):
                    cells += ["FAILED: \(reason)"]
                }
                table.addRow(cells)
            }
        }
        return table.render()
    }

    static func summary(_ results: [InputResult]) -> String {
        let ratios: [(String, Double)] = results.compactMap { result in
            guard let model = result.statistics(of: Contender.yajlModel),
                let floor = result.statistics(of: Contender.floor)
            else { return nil }
            return (result.input.name, floor.median / model.median)
        }
        guard !ratios.isEmpty else { return "" }
        var lines = ["", "YAJLModel vs floor (target ≥ \(format(floorTarget, 2))):"]
        let width = max(ratios.map(\.0.count).max()!, ratios.count > 1 ? "geometric mean".count : 0)
        for (name, ratio) in ratios {
            let verdict = ratio >= floorTarget ? "ok" : "BELOW TARGET"
            lines.append("  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(format(ratio, 3))  \(verdict)")
        }
        if ratios.count > 1 {
            let geometricMean = exp(ratios.map { log($0.1) }.reduce(0, +) / Double(ratios.count))
            lines.append("  \("geometric mean".padding(toLength: width, withPad: " ", startingAt: 0))  \(format(geometricMean, 3))")
        }
        return lines.joined(separator: "\n")
    }
}

/// A plain-text table whose columns are as wide as their widest cell.
struct Table {
    enum Alignment { case left, right }

    private let columns: [(title: String, alignment: Alignment)]
    private var rows: [[String]?] = []  // nil: a separator line

    init(columns: [(String, Alignment)]) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
    }

    mutating func addRow(_ cells: [String]) { rows.append(cells) }
    mutating func addSeparator() { rows.append(nil) }

    func render() -> String {
        var widths = columns.map(\.title.count)
        for case let row? in rows {
            // A last cell that overflows the columns (a failure message) does not widen them.
            for (index, cell) in row.enumerated() where index < widths.count && row.count == widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                guard index < widths.count, !(index == cells.count - 1 && cells.count < widths.count) else {
                    return cell
                }
                let padding = String(repeating: " ", count: max(0, widths[index] - cell.count))
                return columns[index].alignment == .left ? cell + padding : padding + cell
            }
            .joined(separator: "  ")
            .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        var lines = [line(columns.map(\.title)), rule]
        for row in rows { lines.append(row.map(line) ?? rule) }
        return lines.joined(separator: "\n")
    }
}

func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

/// At least three decimals, more for sub-millisecond times, so tiny inputs still show four digits.
func milliseconds(_ seconds: Double) -> String {
    let value = seconds * 1000
    let decimals = value > 0 ? min(9, max(3, 3 - Int(log10(value).rounded(.down)))) : 3
    return format(value, decimals)
}

func formatBytes(_ count: Int) -> String {
    switch count {
    case 1_000_000...: return "\(format(Double(count) / 1e6, 2)) MB"
    case 10_000...: return "\(format(Double(count) / 1e3, 1)) kB"
    default: return "\(count) B"
    }
}
