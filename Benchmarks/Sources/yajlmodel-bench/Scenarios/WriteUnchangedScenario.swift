import Foundation
import YAJLModel

/// Write out a document that was read and not changed. What was read is ready before
/// the timing starts (the parsed document, JSONSerialization's objects, the decoded
/// structs): only the writing is timed. MB/s counts the input's bytes. (`codable-encode`
/// encodes Codable structs.)
struct WriteUnchangedScenario: Scenario {
    let name = "write-unchanged"
    let title = "write an unchanged document"
    let aliases = ["write"]

    static let verbatim = "YAJLModel jsonData(), unchanged bytes"
    static let reencoded = "YAJLModel jsonData(options:), re-encoded"
    static let owned = "YAJLModel JSON (owned copy) jsonData()"
    static let foundation = "JSONSerialization.data(withJSONObject:)"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let inputs = try context.representativeDocuments() + [context.smallObjectsFeed()]
        return inputs.map { input in
            let data = input.bytes
            let contenders = [
                // With no options, the original bytes of the value are copied as they are.
                Contender(Self.verbatim, .yajlModel) {
                    let document = try JSONDocument(parsing: data)
                    try Self.check(document.jsonData(), equals: document)
                    return { document.jsonData().count }
                },
                // Options make the writer encode every value again (slashes stay unescaped, as in the input).
                Contender(Self.reencoded, .yajlModel) {
                    let document = try JSONDocument(parsing: data)
                    try Self.check(document.jsonData(options: .withoutEscapingSlashes), equals: document)
                    return { document.jsonData(options: .withoutEscapingSlashes).count }
                },
                Contender(Self.owned, .yajlModel) {
                    let document = try JSONDocument(parsing: data)
                    let json = JSON(document.root)
                    try Self.check(json.jsonData(), equals: document)
                    return { json.jsonData().count }
                },
                Contender(Self.foundation, .foundation) {
                    let object = UncheckedBox(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
                    return { try JSONSerialization.data(withJSONObject: object.value, options: [.fragmentsAllowed]).count }
                },
            ]
            return BenchCase(input: input.name, inputBytes: data.count, contenders: contenders, reference: Self.verbatim)
        }
    }
}

extension WriteUnchangedScenario {
    /// YAJLModel's output parses back equal to what was read (checked once, untimed).
    static func check(_ output: Data, equals document: JSONDocument) throws {
        guard try JSONDocument(parsing: output).root == document.root else {
            throw ContenderError.wrongResult("the output does not parse back equal to the input")
        }
    }
}

/// Foundation's objects (`Any`) are never mutated once built; the box lets a timed body
/// capture them.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
