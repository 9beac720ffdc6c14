import Foundation
import YAJLModel

/// Change one field of a document and write the result: from the input's bytes to the
/// output's bytes, all of it timed (the parse, the edit, the writing).
///
/// YAJLModel edits the parsed document by pointer (the edit records only the change, and
/// writing copies the untouched bytes), and, for comparison, through an owned `JSON` copy
/// of the whole document. `edit-cost` shows that the edit itself does not grow with the
/// document.
struct EditAndWriteScenario: Scenario {
    let name = "edit-and-write"
    let title = "edit one field and write"
    let aliases = ["edit", "mutation"]

    static let pointerEdit = "YAJLModel: parse, setting(_:at:), jsonData()"
    static let ownedCopy = "YAJLModel: parse, owned JSON copy, set, jsonData()"
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
                Contender(Self.pointerEdit, .yajlModel, prepare: checked {
                    try JSONDocument(parsing: data).setting(edit.value, at: edit.path.pointer).jsonData()
                }),
                Contender(Self.ownedCopy, .yajlModel, prepare: checked {
                    var json = JSON(try JSONDocument(parsing: data).root)
                    edit.path.set(edit.value, in: &json)
                    return json.jsonData()
                }),
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
                input: input.name, inputBytes: data.count, contenders: contenders, reference: Self.pointerEdit,
                details: ["sets \(edit.path.pointer) to \(edit.value.jsonString())"
                    + (shape.map { "; Codable structs: \($0.typeName)" } ?? "")])
        }
    }
}
