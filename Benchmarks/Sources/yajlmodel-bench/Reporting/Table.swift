import Foundation

/// A plain-text table whose columns are as wide as their widest cell.
struct Table {
    enum Alignment { case left, right }

    private let columns: [(title: String, alignment: Alignment)]
    private enum Row {
        case cells([String])
        case separator
        /// A line of text under the rows before it, as wide as it is.
        case note(String)
    }

    private var rows: [Row] = []

    init(columns: [(String, Alignment)]) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
    }

    mutating func addRow(_ cells: [String]) { rows.append(.cells(cells)) }
    mutating func addSeparator() { rows.append(.separator) }
    mutating func addNote(_ text: String) { rows.append(.note(text)) }

    func render() -> String {
        var widths = columns.map(\.title.count)
        for case .cells(let row) in rows {
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
        for row in rows {
            switch row {
            case .cells(let cells): lines.append(line(cells))
            case .separator: lines.append(rule)
            case .note(let text): lines.append("  " + text)
            }
        }
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

/// A ratio with three significant digits: 0.00213, 0.105, 1.15, 12.3, 154.
func formatRatio(_ value: Double) -> String {
    guard value.isFinite, value > 0 else { return "-" }
    if value >= 100 { return format(value, 0) }
    if value >= 10 { return format(value, 1) }
    if value >= 1 { return format(value, 2) }
    let decimals = min(9, 2 - Int(log10(value).rounded(.down)))
    return format(value, decimals)
}
