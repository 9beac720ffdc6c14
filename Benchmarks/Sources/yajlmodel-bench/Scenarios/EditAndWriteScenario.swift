import Foundation
import YAJLModel

/// Change one field of a document and write the result: from the input's bytes to the
/// output's bytes, all of it timed (the parse, the edit, the writing).
///
/// YAJLModel has no in-place edit on this branch yet, so its contender copies the parsed
/// document into an owned `JSON` value, sets the member there and writes it out: the
/// interim way, O(document). The O(edit) mutation API (`JSONDocument.setting(_:at:)`
/// then `jsonData()`, and model property setters) goes in as contenders where the
/// `// Mutation API:` comment is, and the reference then moves to it.
struct EditAndWriteScenario: Scenario {
    let name = "edit-and-write"
    let title = "edit one field and write"
    let aliases = ["edit", "mutation"]

    static let ownedCopy = "YAJLModel (interim): parse, JSON copy, set, jsonData()"
    static let foundation = "JSONSerialization: mutable containers, set, data(withJSONObject:)"
    static let codable = "JSONDecoder, set, JSONEncoder"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        try context.representativeDocuments().compactMap { input in
            guard let root = try? JSONDocument(parsing: input.bytes).root, let edit = FieldEdit(for: input, root: root) else {
                log("warning: edit-and-write: \(input.name) has no field to edit; left out")
                return nil
            }
            let data = input.bytes
            // Each contender's output is checked once, untimed: it parses, and holds the new value.
            func checked(_ edited: @escaping @Sendable () throws -> Data) -> @Sendable () throws -> @Sendable () throws -> Int {
                return {
                    let output = try JSONDocument(parsing: try edited())
                    guard let value = output.root[pointer: edit.path.pointer], JSON(value) == edit.value else {
                        throw ContenderError.wrongResult("the output does not hold the edit at \(edit.path.pointer)")
                    }
                    return { try edited().count }
                }
            }
            var contenders = [
                Contender(Self.ownedCopy, .yajlModel, prepare: checked {
                    var json = JSON(try JSONDocument(parsing: data).root)
                    edit.path.set(edit.value, in: &json)
                    return json.jsonData()
                }),
                // Mutation API: add the O(edit) contenders here, e.g.
                //   Contender("YAJLModel: parse, setting(_:at:), jsonData()", .yajlModel, prepare: checked {
                //       try JSONDocument(parsing: data).setting(edit.value, at: edit.path.pointer).jsonData()
                //   }),
                // (and, for twitter-shaped input, a @JSONModel property setter), and make the
                // first of them the `reference` below.
                Contender(Self.foundation, .foundation, prepare: checked {
                    let object = try JSONSerialization.jsonObject(with: data, options: [.mutableContainers, .fragmentsAllowed])
                    let edited = edit.path.set(edit.foundationValue, inFoundation: object)
                    return try JSONSerialization.data(withJSONObject: edited, options: [.fragmentsAllowed])
                }),
            ]
            let shape = TypedShape.of(input.shape)
            if let shape {
                let decoder = UncheckedBox(JSONDecoder())
                let encoder = UncheckedBox(JSONEncoder())
                contenders.append(
                    Contender(Self.codable, .foundation, prepare: checked {
                        try shape.editCodable(decoder.value, encoder.value, data)
                    }))
            }
            return BenchCase(
                input: input.name, inputBytes: data.count, contenders: contenders, reference: Self.ownedCopy,
                details: ["sets \(edit.path.pointer) to \(edit.value.jsonString())"
                    + (shape.map { "; Codable structs: \($0.typeName)" } ?? "")])
        }
    }
}
