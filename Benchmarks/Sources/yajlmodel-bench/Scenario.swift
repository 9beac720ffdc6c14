import Foundation

/// One thing the benchmark measures ("parse to a tree", "stream a large feed"), on one
/// or more inputs, by several contenders doing the same work on the same bytes.
///
/// Adding a scenario is one file under `Scenarios/` with a type conforming to this
/// protocol, and one line in ``Scenarios/all``. The runner, the table, the JSON and the
/// chart need nothing else.
protocol Scenario: Sendable {
    /// The name `--filter` matches and the reports show: `parse`, `lazy-field`, ….
    var name: String { get }
    /// One line saying what is measured: "parse to a tree".
    var title: String { get }
    /// Other words `--filter` matches, such as the `--codable` and `--streaming` flags.
    var aliases: [String] { get }
    /// The cases to measure in this run: usually one per input. Build inputs and
    /// contenders here; nothing here is timed.
    func cases(in context: BenchContext) throws -> [BenchCase]
}

extension Scenario {
    var aliases: [String] { [] }
}

/// The registry: every scenario, in the order they run and are reported.
enum Scenarios {
    static let all: [any Scenario] = [
        ParseScenario(),
        LazyFieldScenario(),
        ModelDecodeScenario(),
        CodableDecodeScenario(),
        CodableEncodeScenario(),
        WriteNumbersScenario(),
        WriteUnchangedScenario(),
        EditAndWriteScenario(),
        EditCostScenario(),
        StreamScenario(),
        AsyncStreamScenario(),
        StreamMemoryScenario(),
        StreamWriteScenario(),
        NDJSONScenario(),
        SerialSizeScenario(),
        ParallelParseScenario(),
        ParallelElementsScenario(),
        GzipFeedScenario(),
        GenerateModelsScenario(),
    ]
}

/// One scenario on one input: the contenders, measured in interleaved rounds.
struct BenchCase {
    /// The input's name as reported: `twitter-like`, `canada.json`, `feed of 10000 items`.
    var input: String
    /// The bytes MB/s counts: the input's size, for every contender of the case.
    var inputBytes: Int
    var contenders: [Contender]
    /// The contender every ratio is taken against: one of YAJLModel's (there may be several).
    var reference: String
    /// A line under the case in the table (and `notes` in the JSON): what exactly is read or edited.
    var details: [String] = []
    /// `treeByteCount ÷ inputBytes` per contender name, where a YAJLModel tree is built.
    var treeBytesPerInputByte: [String: Double] = [:]
    /// Read the process's peak resident memory around every timed run (Linux).
    var measuresMemory = false
    /// Exactly one timed run per contender, no warm-up: for inputs too large to repeat.
    var singleShot = false
    /// Called once the case is measured, for notes derived from the results or measured
    /// alongside them (the CPU-scaling check of the parallel rows).
    var conclude: (@Sendable (CaseResult) -> [String])?
}

/// A contender: one way of doing the case's work. `prepare` does the setup that stays
/// out of the timed region (reading a file into memory, building a decoder, parsing the
/// document that is to be written) and returns the timed body. The body does the whole
/// job, including freeing what it built, and returns a number derived from the result,
/// which the runner folds into a sink so that the optimizer cannot drop the work.
struct Contender: Sendable {
    enum Family: String, Sendable, CaseIterable {
        /// YAJLModel at any level: document, model, Codable, streaming, writer.
        case yajlModel = "YAJLModel"
        /// yajl itself, from C: the callback parser and yajl_tree.
        case yajl = "yajl (C)"
        /// Foundation: JSONSerialization, JSONDecoder, JSONEncoder.
        case foundation = "Foundation"
        /// The Swift standard library alone: `description` and `String`.
        case standardLibrary = "Swift standard library"
    }

    let name: String
    let family: Family
    let prepare: @Sendable () throws -> @Sendable () throws -> Int

    init(_ name: String, _ family: Family, prepare: @escaping @Sendable () throws -> @Sendable () throws -> Int) {
        self.name = name
        self.family = family
        self.prepare = prepare
    }
}

/// Which scenarios, inputs and contenders `--filter` keeps.
///
/// A term that names a scenario (or an alias: `parse`, `codable`, `streaming`) selects
/// scenarios; any other term selects the cases whose input it names (`twitter`), and
/// otherwise the contenders it names (`JSONSerialization`), each beside its case's
/// reference so that its ratio means something.
struct Selection: Sendable {
    let scenarioTerms: [String]
    let otherTerms: [String]

    init(_ terms: [String], scenarios: [any Scenario] = Scenarios.all) {
        let terms = terms.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        let names = scenarios.flatMap { [$0.name] + $0.aliases }.map { $0.lowercased() }
        scenarioTerms = terms.filter { term in names.contains { $0.contains(term) } }
        otherTerms = terms.filter { term in !names.contains { $0.contains(term) } }
    }

    var terms: [String] { scenarioTerms + otherTerms }
    var isEverything: Bool { terms.isEmpty }

    private static func matches(_ terms: [String], _ names: [String]) -> Bool {
        terms.contains { term in names.contains { $0.lowercased().contains(term) } }
    }

    /// Whether any case of `scenario` can be kept: false only when every term names a
    /// scenario and none names this one, so its inputs need not be prepared.
    func mayPick(_ scenario: any Scenario) -> Bool {
        isEverything || !otherTerms.isEmpty || Self.matches(scenarioTerms, [scenario.name] + scenario.aliases)
    }

    /// The case whole, only some of its contenders, or nil.
    func restrict(_ benchCase: BenchCase, of scenario: any Scenario) -> BenchCase? {
        if isEverything || Self.matches(scenarioTerms, [scenario.name] + scenario.aliases)
            || Self.matches(otherTerms, [benchCase.input])
        {
            return benchCase
        }
        var kept = benchCase
        kept.contenders = benchCase.contenders.filter { Self.matches(otherTerms, [$0.name]) || $0.name == benchCase.reference }
        return kept.contenders.contains(where: { $0.name != benchCase.reference }) ? kept : nil
    }
}
