import Foundation
import YAJLModel
import YAJLModelMacros

/// Parse a large document, then read one field deep inside it. YAJLModel parses once
/// and reaches the field by skipping whole subtrees; the others build everything they
/// parse before the field can be read.
///
/// The field: on twitter-shaped input the last status's `user.screen_name`; otherwise the
/// scalar reached by stepping into the largest child at every level.
struct LazyFieldScenario: Scenario {
    let name = "lazy-field"
    let title = "parse, then read one field deep in a large document"
    let aliases = ["lazy"]

    static let document = "YAJLModel: parse + root[pointer:]"
    static let model = "@JSONModel with just that path"
    static let yajlDecoder = "YAJLDecoder.decode(_:from:at: pointer)"
    static let yajlTree = "yajl_tree_parse + walk"
    static let foundation = "JSONSerialization + casts"
    static let jsonDecoder = "JSONDecoder of a type with just that path"

    static let parseOnly = "YAJLModel parse only"

    func cases(in context: BenchContext) throws -> [BenchCase] {
        try documentCases(in: context) + [largeFeedCase(in: context)]
    }

    /// One field of a model read from a large generated feed (100 MB at scale 1) of the
    /// twitter-like statuses, against the parse alone: what the model's validation adds.
    private func largeFeedCase(in context: BenchContext) -> BenchCase {
        let statuses = context.statuses()
        var text: [UInt8] = Array(#"{"statuses": ["#.utf8)
        let size = context.scaled(100_000_000)
        var count = 0
        while text.count < size, !statuses.isEmpty {
            if count > 0 { text.append(UInt8(ascii: ",")) }
            text += statuses[count % statuses.count]
            count += 1
        }
        text += Array("]}".utf8)
        let data = Data(text)
        let last = count - 1
        return BenchCase(
            input: "feed of \(count) statuses", inputBytes: data.count,
            contenders: [
                Contender(Self.parseOnly, .yajlModel) {
                    return { try JSONDocument(parsing: data).nodeCount }
                },
                Contender(Self.model, .yajlModel) {
                    return { FieldPath.checksum(string: try LazySearch(parsing: data).statuses[last].user.screenName) }
                },
            ],
            reference: Self.model,
            details: ["the last status's user.screen_name through a model that declares just that path; every status is validated"])
    }

    private func documentCases(in context: BenchContext) throws -> [BenchCase] {
        try context.representativeDocuments().compactMap { input in
            guard let root = try? JSONDocument(parsing: input.bytes).root else {
                log("warning: lazy-field: \(input.name) does not parse; left out")
                return nil
            }
            let statuses = root["statuses"]?.count ?? 0
            let twitter = input.shape == .twitter && statuses > 0
            let path = twitter
                ? FieldPath(pointer: "/statuses/\(statuses - 1)/user/screen_name", in: root) ?? .deepest(in: root)
                : .deepest(in: root)
            let data = input.bytes
            let pointer = path.pointer
            var contenders = [
                Contender(Self.document, .yajlModel) {
                    return { try path.read(JSONDocument(parsing: data).root[pointer: pointer]) ?? -1 }
                }
            ]
            if twitter && path.pointer.hasSuffix("/user/screen_name") {
                let last = statuses - 1
                contenders.append(
                    Contender(Self.model, .yajlModel) {
                        return { FieldPath.checksum(string: try LazySearch(parsing: data).statuses[last].user.screenName) }
                    })
            }
            contenders += [
                Contender(Self.yajlDecoder, .yajlModel) {
                    let decoder = YAJLDecoder()
                    return { try Self.decodeLeaf(path, from: data, with: decoder) }
                },
                Contender(Self.yajlTree, .yajl) {
                    let text = try YAJLTreeText(data)
                    return { try text.parse { path.read(yajl: $0) ?? -1 } }
                },
                Contender(Self.foundation, .foundation) {
                    return { path.read(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) ?? -1 }
                },
                Contender(Self.jsonDecoder, .foundation) {
                    let decoder = JSONDecoder()
                    decoder.userInfo[.fieldPath] = path
                    return { try decoder.decode(FieldPath.Probe.self, from: data).checksum }
                },
            ]
            return BenchCase(
                input: input.name, inputBytes: data.count, contenders: contenders, reference: Self.document,
                details: ["field: \(pointer) (a \(path.leafKind), \(path.steps.count) levels deep)"])
        }
    }

    private static func decodeLeaf(_ path: FieldPath, from data: Data, with decoder: YAJLDecoder) throws -> Int {
        switch path.leafKind {
        case .string: FieldPath.checksum(string: try decoder.decode(String.self, from: data, at: path.pointer))
        case .number: Int(try decoder.decode(Double.self, from: data, at: path.pointer))
        case .bool: try decoder.decode(Bool.self, from: data, at: path.pointer) ? 1 : 0
        default: try decoder.decode(String?.self, from: data, at: path.pointer) == nil ? 0 : 1
        }
    }
}

// The models of "a type with just that path": validation checks only what they reach.

@JSONModel
struct LazySearch {
    var statuses: JSONArray<LazyStatus>
}

@JSONModel
struct LazyStatus {
    var user: LazyUser
}

@JSONModel(keys: .snakeCase)
struct LazyUser {
    var screenName: String
}
