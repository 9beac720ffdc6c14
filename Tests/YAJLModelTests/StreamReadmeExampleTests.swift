import Foundation
import Testing
import YAJLModel

// The README's "Streaming" example, line for line: keep the two in step.

/// Totals a product feed of any size: {"title": …, "items": [{"price": …}, …], "updated": …}.
func summarize(feed url: URL) throws -> (title: String, items: Int, total: Double) {
    var reader = try JSONElementReader(contentsOf: url, at: "/items")
    var items = 0
    var total = 0.0
    while let item = try reader.next() {                        // one element at a time
        items += 1
        total += item["price"]?.double ?? 0
    }
    return (reader.envelope?["title"]?.string ?? "", items, total)   // the values around the items
}

/// Counts the errors in a JSON Lines log on every core, skipping (and reporting) bad lines.
func countErrors(log url: URL) async throws -> Int {
    var errors = 0
    try await JSONLinesReader.forEachRecord(contentsOf: url, invalidRecords: .skip { print("skipped", $0) }) { record in
        if record.value["level"]?.stringView == "error" { errors += 1 }
    }
    return errors
}

struct Order: Codable { var id: Int; var total: Double }

/// Writes any number of orders as {"count": …, "orders": [{"id": …, "total": …}, …]}.
func export(_ orders: some Sequence<Order>, count: Int, to file: FileHandle) throws {
    try YAJLEncoder().encode(orders, framing: .object(before: ["count": count], key: "orders"), to: file)
}

@Suite struct StreamReadmeExampleTests {
    @Test func exportOrders() throws {
        let url = try Self.temporaryFile("")
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try FileHandle(forWritingTo: url)
        let orders = (1...1000).lazy.map { Order(id: $0, total: Double($0) / 4) }
        try export(orders, count: 1000, to: file)
        try file.close()
        let document = try JSONDocument(parsing: Data(contentsOf: url))
        #expect(document.root["count"]?.int == 1000)
        #expect(document.root["orders"]?.count == 1000)
        #expect(document.root["orders"]?[999]?["total"]?.double == 250)
    }

    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-readme-\(UUID().uuidString)")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func summarizeAFeed() throws {
        let items = (1...1000).map { #"{"id": \#($0), "price": 2.5}"# }.joined(separator: ",\n")
        let url = try Self.temporaryFile(#"{"title": "Catalog", "items": [\#(items)], "updated": "today"}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let summary = try summarize(feed: url)
        #expect(summary.title == "Catalog")
        #expect(summary.items == 1000)
        #expect(summary.total == 2500)
    }

    @Test func countErrorsInALog() async throws {
        let url = try Self.temporaryFile("{\"level\": \"error\"}\n{\"level\": \"info\"}\nnot json\n{\"level\": \"error\"}\n")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try await countErrors(log: url) == 2)
    }
}
