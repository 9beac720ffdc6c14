import Foundation
import YAJLModel

/// Whether an edit costs what the document costs: one field set in a generated feed of
/// 1 MB and of 100 MB (times `--scale`; 1 MB and 10 MB with `--quick`), and the result written.
///
/// The edit alone and the edit plus writing are timed on a document parsed beforehand;
/// the whole job (parse, edit, write) is timed for YAJLModel and for Foundation's
/// decode → change → encode. An edit that does not grow with the document shows as
/// the same time per edit at both sizes.
struct EditCostScenario: Scenario {
    let name = "edit-cost"
    let title = "set one field of a large document and write it"
    let aliases = ["mutation", "edit"]

    /// Repeated so that one timed run is long enough to read, even for the single run of the large case.
    static let editRepeats = 1_000
    static let editOnly = "YAJLModel: setting(_:at:) ×1000 on a parsed document (the edit alone)"
    static let editAndWrite = "YAJLModel: setting(_:at:), jsonData() on a parsed document"
    static let whole = "YAJLModel: parse, setting(_:at:), jsonData()"
    static let codable = "JSONDecoder, set, JSONEncoder"

    struct Item: Codable, Sendable {
        var id: Int
        var title: String
        var price: Double
        var tags: [String]
    }

    struct Feed: Codable, Sendable {
        var title: String
        var modified: String
        var items: [Item]
    }

    /// A feed of about `bytes` bytes.
    static func feed(bytes: Int) -> Data {
        var text = #"{"title": "Generated feed", "modified": "2026-11-21T10:00:00Z", "items": ["#
        var index = 0
        while text.utf8.count < bytes {
            if index > 0 { text += ",\n" }
            text += #"{"id": \#(index), "title": "Item \#(index)", "price": \#(index % 1000).\#(index % 100), "tags": ["a\#(index % 7)", "b"]}"#
            index += 1
        }
        return Data((text + "]}").utf8)
    }

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let sizes = context.options.quick ? [1 << 20, 10 << 20] : [1 << 20, 100 << 20]
        return sizes.map { base in
            let data = Self.feed(bytes: max(1 << 16, Int(Double(base) * context.options.scale)))
            let count = (try? JSONDocument(parsing: data).root["items"]?.count) ?? 1
            let pointer = "/items/\(count / 2)/title"
            let value: JSON = "edited by yajlmodel-bench"
            @Sendable func checked(_ output: Data) throws -> Int {
                guard (try JSONDocument(parsing: output)).root[pointer: pointer]?.string == "edited by yajlmodel-bench" else {
                    throw ContenderError.wrongResult("the output does not hold the edit at \(pointer)")
                }
                return output.count
            }
            let contenders = [
                Contender(Self.editOnly, .yajlModel) {
                    let document = try JSONDocument(parsing: data)
                    _ = try checked(try document.setting(value, at: pointer).jsonData())
                    return {
                        var sink = 0
                        for _ in 0..<Self.editRepeats { sink &+= ObjectIdentifier(try document.setting(value, at: pointer)).hashValue & 1 }
                        return sink
                    }
                },
                Contender(Self.editAndWrite, .yajlModel) {
                    let document = try JSONDocument(parsing: data)
                    _ = try checked(try document.setting(value, at: pointer).jsonData())
                    return { try document.setting(value, at: pointer).jsonData().count }
                },
                Contender(Self.whole, .yajlModel) {
                    _ = try checked(try JSONDocument(parsing: data).setting(value, at: pointer).jsonData())
                    return { try JSONDocument(parsing: data).setting(value, at: pointer).jsonData().count }
                },
                Contender(Self.codable, .foundation) {
                    let decoder = UncheckedBox(JSONDecoder())
                    let encoder = UncheckedBox(JSONEncoder())
                    let edit = { @Sendable () throws -> Data in
                        var feed = try decoder.value.decode(Feed.self, from: data)
                        feed.items[count / 2].title = "edited by yajlmodel-bench"
                        return try encoder.value.encode(feed)
                    }
                    _ = try checked(try edit())
                    return { try edit().count }
                },
            ]
            return BenchCase(
                input: "feed of \(formatBytes(data.count))", inputBytes: data.count, contenders: contenders,
                reference: Self.whole,
                details: ["sets \(pointer); the first two rows start from a parsed document; the first makes \(Self.editRepeats) edits per run"],
                singleShot: base > 10 << 20)
        }
    }
}
