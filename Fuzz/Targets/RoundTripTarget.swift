import Foundation
import YAJLModel

extension FuzzTarget {
    /// Target 2. Whatever parses, written with any options, parses back (strictly) to an equal
    /// value with an equal hash; re-encoding is a fixed point; the verbatim copy is the input's bytes.
    /// Text with '/' is tried again with comments allowed, whose output must be comment-free JSON.
    public static let roundTrip = FuzzTarget(
        name: "roundtrip",
        summary: "parse → write (every option set) → parse is equal, hashes equal, re-encoding is stable"
    ) { input throws(FuzzFailure) in
        try checkRoundTrip(input, options: JSONParseOptions())
        if input.contains(UInt8(ascii: "/")) {
            var lenient = JSONParseOptions()
            lenient.allowComments = true
            try checkRoundTrip(input, options: lenient)
        }
    }

    static let writeOptionSets: [JSONWriteOptions] = [
        [], .sortedKeys, .prettyPrinted, .withoutEscapingSlashes, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes],
    ]
}

private func checkRoundTrip(_ input: UnsafeRawBufferPointer, options: JSONParseOptions) throws(FuzzFailure) {
    guard let document = try? JSONDocument(parsing: input, options: options) else { return }
    let root = document.root
    let mode = options.allowComments ? " (comments allowed)" : ""
    for writeOptions in FuzzTarget.writeOptionSets {
        let written = root.jsonData(options: writeOptions)
        try require(String(validating: written, as: UTF8.self) != nil, "output\(mode) with \(writeOptions) is not UTF-8: \(show(written))")
        let reparsed = try parseWritten(written, "output\(mode) with \(writeOptions)")
        try require(reparsed.root == root, "output\(mode) with \(writeOptions) parses to another value: \(show(written))")
        try require(reparsed.root.hashValue == root.hashValue, "equal values\(mode) with different hashes: \(show(written))")
        if writeOptions.isEmpty && !options.allowComments {
            try require(written.elementsEqual(input[root.byteRange]), "the verbatim copy is not the input's bytes")
        } else {
            let again = reparsed.root.jsonData(options: writeOptions)
            try require(again == written, "re-encoding\(mode) with \(writeOptions) is not stable: \(show(written)) then \(show(again))")
        }
    }
    let fromDescription = try parseWritten(Data(root.description.utf8), "description\(mode)")
    try require(fromDescription.root == root, "description\(mode) parses to another value")
}

/// Parses what the writer wrote, strictly; that it does not parse is a failure.
private func parseWritten(_ written: Data, _ what: @autoclosure () -> String) throws(FuzzFailure) -> JSONDocument {
    do {
        return try JSONDocument(parsing: written)
    } catch {
        throw FuzzFailure("\(what()) does not parse: \(error); it is \(show(written))")
    }
}
