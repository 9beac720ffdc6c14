import Foundation

/// `--chart FILE.svg`: a horizontal bar chart of every case's ratios, as plain SVG text
/// (no dependencies, no scripts, no external fonts or styles).
///
/// One group per scenario and input, one bar per contender: its throughput ÷ the
/// reference's (a YAJLModel contender), on a log scale around 1×, so a contender twice
/// as fast and one half as fast get bars of the same length on either side of the
/// reference line. The reference itself is a diamond on the 1× line.
enum SVGChart {
    // Layout, in pixels.
    static let width = 1100.0
    static let plotLeft = 440.0
    static let plotRight = 870.0
    static let valueLeft = 910.0
    static let rowHeight = 16.0
    static let barHeight = 11.0
    static let groupHeader = 22.0
    static let groupGap = 6.0
    static let top = 140.0
    static let floorExponent = -3.0

    static func colour(_ family: Contender.Family, reference: Bool) -> String {
        switch family {
        case .yajlModel: reference ? "#1f4e9c" : "#6f9fd8"
        case .yajl: "#8c8c8c"
        case .foundation: "#e08a2c"
        case .standardLibrary: "#5aa469"
        }
    }

    static func render(_ report: RunReport) -> String {
        let ratios = report.results.flatMap { result in result.outcomes.compactMap { result.ratio(of: $0.name) } }
        // The domain: whole decades around every ratio, with 1× inside and some room either side.
        let lowest = min(ratios.min() ?? 1, 1) / 1.5
        let highest = max(ratios.max() ?? 1, 1) * 1.5
        // Below 0.001× (writing unchanged bytes is a copy, thousands of times as fast as
        // encoding) bars are cut at the axis, marked, and their value printed.
        let low = max(floor(log10(lowest)), floorExponent)
        let high = max(ceil(log10(highest)), low + 1)
        func x(_ ratio: Double) -> Double {
            let clamped = min(max(ratio, pow(10, low)), pow(10, high))
            return plotLeft + (log10(clamped) - low) / (high - low) * (plotRight - plotLeft)
        }

        let rows = report.results.reduce(0.0) { $0 + groupHeader + Double($1.outcomes.count) * rowHeight + groupGap }
        let height = top + rows + 40
        var svg: [String] = []
        svg.append(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="11">"#)
        svg.append(##"<rect width="100%" height="100%" fill="#ffffff"/>"##)
        svg.append(text(10, 24, "YAJLModel benchmark: each contender's throughput ÷ YAJLModel's, same bytes, interleaved rounds", size: 16, weight: "bold"))
        svg.append(text(10, 44, "\(report.dayText) · \(report.machine.summary) · \(report.source) · medians of \(TableReport.rounds(report.plan)) rounds", size: 12, fill: "#333333"))
        svg.append(text(10, 62, "Log scale. Right of the 1× line: faster than the YAJLModel reference (◆) of its group; left: slower (0.1×: ten times as long).", size: 12, fill: "#333333"))
        svg.append(text(10, 78, "Bars past the axis are cut; the right column gives every ratio, and the contender's MB/s.", size: 12, fill: "#333333"))

        // Legend.
        var legendX = 10.0
        var legend: [(String, String)] = [
            ("YAJLModel, reference of the group", colour(.yajlModel, reference: true)),
            ("YAJLModel, other levels", colour(.yajlModel, reference: false)),
            ("yajl (C)", colour(.yajl, reference: false)),
            ("Foundation", colour(.foundation, reference: false)),
        ]
        if report.results.contains(where: { $0.outcomes.contains { $0.family == .standardLibrary } }) {
            legend.append(("Swift standard library", colour(.standardLibrary, reference: false)))
        }
        for (label, fill) in legend {
            svg.append(##"<rect x="\##(n(legendX))" y="88" width="12" height="12" fill="\##(fill)"/>"##)
            svg.append(text(legendX + 17, 98, label, size: 12))
            legendX += 30 + Double(label.count) * 6.6
        }

        // Grid and axis labels at every decade (and 2× and 5× when there are few).
        var ticks: [Double] = []
        for exponent in Int(low)...Int(high) {
            let decade = pow(10, Double(exponent))
            ticks.append(decade)
            if high - low <= 2 && exponent < Int(high) { ticks += [2 * decade, 5 * decade] }
        }
        let gridBottom = top + rows
        for tick in ticks {
            let position = x(tick)
            let strong = abs(tick - 1) < 1e-9
            svg.append(##"<line x1="\##(n(position))" y1="\##(n(top - 14))" x2="\##(n(position))" y2="\##(n(gridBottom))" stroke="\##(strong ? "#222222" : "#dddddd")" stroke-width="\##(strong ? 1.5 : 1)"/>"##)
            svg.append(text(position, top - 18, tickLabel(tick), anchor: "middle", fill: "#444444"))
            svg.append(text(position, gridBottom + 14, tickLabel(tick), anchor: "middle", fill: "#444444"))
        }
        svg.append(text(valueLeft, top - 18, "ratio (MB/s)", fill: "#444444"))

        var y = top
        for result in report.results {
            svg.append(text(10, y + 15, "\(result.scenario) · \(result.input) · \(formatBytes(result.inputBytes))", size: 12, weight: "bold"))
            y += groupHeader
            for outcome in result.outcomes {
                let middle = y + rowHeight / 2
                let isReference = outcome.name == result.reference
                svg.append(text(plotLeft - 8, middle + 4, outcome.name, anchor: "end"))
                if let ratio = result.ratio(of: outcome.name), let statistics = outcome.statistics {
                    let fill = colour(outcome.family, reference: isReference)
                    if isReference {
                        let cx = x(1)
                        svg.append(##"<path d="M \##(n(cx)) \##(n(middle - 6)) L \##(n(cx + 6)) \##(n(middle)) L \##(n(cx)) \##(n(middle + 6)) L \##(n(cx - 6)) \##(n(middle)) Z" fill="\##(fill)"/>"##)
                    } else {
                        let start = min(x(1), x(ratio))
                        let length = max(abs(x(ratio) - x(1)), 1)
                        svg.append(##"<rect x="\##(n(start))" y="\##(n(middle - barHeight / 2))" width="\##(n(length))" height="\##(n(barHeight))" fill="\##(fill)"><title>\##(escape(outcome.name)): \##(formatRatio(ratio))×</title></rect>"##)
                        if ratio < pow(10, low) {
                            // Cut at the axis: a white notch across the bar's end.
                            svg.append(##"<path d="M \##(n(plotLeft + 4)) \##(n(middle - barHeight / 2 - 1)) l -4 \##(n(barHeight / 2 + 1)) l 4 \##(n(barHeight / 2 + 1))" stroke="#ffffff" stroke-width="2" fill="none"/>"##)
                        }
                    }
                    let mbPerSecond = result.megabytesPerSecond(statistics)
                    svg.append(text(valueLeft, middle + 4, "\(formatRatio(ratio))×  (\(format(mbPerSecond, mbPerSecond < 10 ? 2 : 0)))", weight: isReference ? "bold" : nil))
                } else {
                    svg.append(text(x(1) + 8, middle + 4, "failed", fill: "#b00020"))
                }
                y += rowHeight
            }
            y += groupGap
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    static func write(_ report: RunReport, to path: String) throws {
        do {
            try Data(render(report).utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw BenchError.unwritable(path: path)
        }
    }

    private static func tickLabel(_ value: Double) -> String {
        if value >= 1 { return format(value, 0) + "×" }
        // 0.5, 0.01, 0.001: as many decimals as the tick needs.
        let decimals = Int((-log10(value)).rounded(.up))
        return format(value, decimals) + "×"
    }

    private static func text(
        _ x: Double, _ y: Double, _ content: String, size: Double? = nil, weight: String? = nil,
        anchor: String? = nil, fill: String? = nil
    ) -> String {
        var attributes = #"x="\#(n(x))" y="\#(n(y))""#
        if let size { attributes += #" font-size="\#(n(size))""# }
        if let weight { attributes += #" font-weight="\#(weight)""# }
        if let anchor { attributes += #" text-anchor="\#(anchor)""# }
        if let fill { attributes += #" fill="\#(fill)""# }
        return "<text \(attributes)>\(escape(content))</text>"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A coordinate with at most one decimal.
    private static func n(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : format(value, 1)
    }
}
