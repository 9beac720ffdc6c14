import Foundation

/// Everything a run measured, and how: what the reporters print.
struct RunReport: Sendable {
    let date: Date
    let machine: MachineInfo
    let source: String
    let plan: Plan
    /// The command's options as given (or defaulted), for the JSON.
    let options: [(name: String, value: String)]
    let results: [CaseResult]
    let wallSeconds: Double

    var dateText: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    var dayText: String { String(dateText.prefix(10)) }

    /// How each scenario's reference compares with each other contender over its inputs:
    /// the geometric mean of (reference throughput ÷ contender throughput).
    struct Summary {
        let scenario: String
        let reference: String
        let contender: String
        let family: Contender.Family
        let speedup: Double
        let inputs: Int
    }

    var summaries: [Summary] {
        var summaries: [Summary] = []
        var scenarios: [String] = []
        for result in results where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        for scenario in scenarios {
            let cases = results.filter { $0.scenario == scenario }
            var contenders: [(String, Contender.Family)] = []
            for result in cases {
                for outcome in result.outcomes where outcome.name != result.reference && !contenders.contains(where: { $0.0 == outcome.name }) {
                    contenders.append((outcome.name, outcome.family))
                }
            }
            let references = Set(cases.map(\.reference))
            for (contender, family) in contenders {
                let ratios = cases.compactMap { $0.ratio(of: contender) }
                guard !ratios.isEmpty else { continue }
                let mean = exp(ratios.map { -Foundation.log($0) }.reduce(0, +) / Double(ratios.count))
                summaries.append(Summary(
                    scenario: scenario, reference: references.count == 1 ? references.first! : "YAJLModel",
                    contender: contender, family: family, speedup: mean, inputs: ratios.count))
            }
        }
        return summaries
    }

    var failures: [String] {
        results.flatMap { result in
            result.outcomes.compactMap { outcome -> String? in
                if case .failed(let reason) = outcome.result { return "\(result.scenario) / \(result.input) / \(outcome.name): \(reason)" }
                return nil
            }
        }
    }
}
