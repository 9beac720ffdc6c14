import Foundation
import YAJLModel

extension FuzzTarget {
    /// Target 1. Parsing with the default options accepts exactly what the strict oracle accepts,
    /// builds the same values, and every accessor answers without trapping.
    public static let parse = FuzzTarget(
        name: "parse",
        summary: "default options: accepted exactly when the strict oracle accepts; same values; every accessor safe"
    ) { input throws(FuzzFailure) in
        let expected = StrictJSON.tokens(input)
        let document: JSONDocument
        do throws(JSONError) {
            document = try JSONDocument(parsing: input)
        } catch {
            try checkLocation(of: error, in: input)
            try require(expected == nil, "rejected strict JSON: \(error)")
            return
        }
        guard let expected else {
            throw FuzzFailure("accepted text that is not strict JSON: \(document.root.debugDescription)")
        }
        let walked = try walkCheckingAccessors(document.root, input: input)
        if walked != expected {
            let index = zip(walked, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(walked.count, expected.count)
            let ours = index < walked.count ? "\(walked[index])" : "nothing"
            let theirs = index < expected.count ? "\(expected[index])" : "nothing"
            throw FuzzFailure("token \(index) differs: the tree has \(ours), the oracle \(theirs)")
        }
        _ = document.root.debugDescription
        _ = document.root.hashValue
    }
}

/// An error's location must be inside the input and agree with its line breaks.
func checkLocation(of error: JSONError, in input: UnsafeRawBufferPointer) throws(FuzzFailure) {
    try require((0...input.count).contains(error.offset), "offset \(error.offset) outside 0...\(input.count): \(error)")
    let lineFeeds = input[..<error.offset].count(where: { $0 == 0x0A })
    try require(error.line == lineFeeds + 1, "line \(error.line), but \(lineFeeds) line feeds precede offset \(error.offset)")
    try require(error.column >= 1 && error.column <= error.offset + 1, "column \(error.column) at offset \(error.offset)")
}

private enum WalkStep {
    case value(JSONValue)
    case key(JSONUTF8View)
    case end
}

/// The value's tokens in pre-order, as the oracle lists them, checking on the way that every
/// accessor of every value agrees with the others and with Swift's own conversions.
/// Iterative, so any depth is safe.
func walkCheckingAccessors(_ root: JSONValue, input: UnsafeRawBufferPointer) throws(FuzzFailure) -> [StrictJSON.Token] {
    var tokens: [StrictJSON.Token] = []
    var steps: [WalkStep] = [.value(root)]
    var reparsedScalars = 0
    while let step = steps.popLast() {
        let value: JSONValue
        switch step {
        case .end:
            tokens.append(.end)
            continue
        case .key(let key):
            tokens.append(.key(Array(key)))
            continue
        case .value(let next):
            value = next
        }
        let range = value.byteRange
        try require(range.lowerBound >= 0 && range.upperBound <= input.count && !range.isEmpty, "byte range \(range) of \(input.count)")
        try require(value.rawJSON.elementsEqual(input[range]), "rawJSON differs from the input at \(range)")

        switch value.kind {
        case .null:
            tokens.append(.null)
        case .bool:
            guard let bool = value.bool else { throw FuzzFailure("a bool without a value at \(range)") }
            tokens.append(.bool(bool))
        case .number:
            let text = try checkNumber(value)
            tokens.append(.number(text))
        case .string:
            guard let view = value.stringView, let string = value.string else { throw FuzzFailure("a string without text at \(range)") }
            let bytes = Array(view)
            try require(String(validating: bytes, as: UTF8.self) != nil, "string at \(range) is not UTF-8: \(show(bytes))")
            try require(Array(string.utf8) == bytes, "string and stringView differ at \(range)")
            tokens.append(.string(bytes))
        case .array:
            guard let elements = value.array else { throw FuzzFailure("an array without elements at \(range)") }
            try require(elements.count == value.count && Array(elements).count == value.count, "array count \(value.count) at \(range)")
            tokens.append(.array(count: value.count))
            steps.append(.end)
            for (index, element) in elements.enumerated().reversed() {
                // Random access (the element index, or arithmetic) must find what iteration finds.
                try require(value[index]?.byteRange == element.byteRange, "element \(index) at \(range): subscript differs from iteration")
                try require(elements[index].byteRange == element.byteRange, "element \(index) at \(range): view subscript differs")
                steps.append(.value(element))
            }
            try require(value[value.count] == nil && value[-1] == nil, "out-of-range subscripts must be nil")
            if let first = elements.first {
                try require(value[pointer: "/0"]?.byteRange == first.byteRange, "pointer /0 at \(range)")
            }
        case .object:
            guard let members = value.object else { throw FuzzFailure("an object without members at \(range)") }
            try require(members.count == value.count && members.indices.count == value.count, "object count \(value.count) at \(range)")
            tokens.append(.object(count: value.count))
            // Lookup must find the last member of each key, by subscript and by pointer.
            var lastWins: [[UInt8]: Range<Int>] = [:]
            var children: [WalkStep] = [.end]
            for index in members.indices.reversed() {
                let key = members.keyView(at: index)
                let member = members[index]
                try require(member.key.utf8.elementsEqual(key), "key and keyView differ at \(range)")
                if lastWins[Array(key)] == nil { lastWins[Array(key)] = member.value.byteRange }
                children.append(.value(member.value))
                children.append(.key(key))
            }
            steps.append(contentsOf: children)
            for (key, expected) in lastWins {
                let name = String(decoding: key, as: UTF8.self)
                try require(value[name]?.byteRange == expected, "lookup of \"\(show(key))\" at \(range)")
                // Escaped byte by byte: replacingOccurrences matches whole characters, and misses a
                // '/' that a combining mark follows.
                let token = key.flatMap { byte -> [UInt8] in
                    byte == UInt8(ascii: "~") ? Array("~0".utf8) : byte == UInt8(ascii: "/") ? Array("~1".utf8) : [byte]
                }
                try require(value[pointer: "/" + String(decoding: token, as: UTF8.self)]?.byteRange == expected, "pointer to \"\(show(key))\" at \(range)")
            }
            let missing = "\u{10FFFF} missing"
            if lastWins[Array(missing.utf8)] == nil {
                try require(value[missing] == nil, "lookup of a missing key at \(range)")
            }
        }

        // A scalar's own text parses alone to an equal value (a few per input, to keep runs fast).
        if value.kind != .array && value.kind != .object && reparsedScalars < 16 {
            reparsedScalars += 1
            let alone: JSONDocument
            do {
                alone = try JSONDocument(parsing: Array(value.rawJSON))
            } catch {
                throw FuzzFailure("\(show(value.rawJSON)) does not parse alone: \(error)")
            }
            try require(alone.root == value, "\(show(value.rawJSON)) parsed alone differs")
        }
    }
    return tokens
}

/// Checks a number's conversions against each other and against Swift's own; returns its text.
private func checkNumber(_ value: JSONValue) throws(FuzzFailure) -> [UInt8] {
    guard let string = value.numberText else { throw FuzzFailure("a number without text at \(value.byteRange)") }
    let text = Array(string.utf8)
    try require(value.rawJSON.elementsEqual(text), "numberText \(string) is not the input's text")

    // `double` takes a fast path for short numbers; it must agree with Swift's conversion.
    let reference = Double(string).flatMap { $0.isFinite ? $0 : nil }
    try require(value.double == reference, "double of \(string): \(String(describing: value.double)), Swift says \(String(describing: reference))")

    // Integers: plain integer text must convert exactly; other widths must agree with Int128.
    let wide = value.integer(Int128.self)
    if let exact = Int128(string) {
        try require(wide == exact, "Int128 of \(string): \(String(describing: wide))")
    }
    try require(value.int64 == wide.flatMap { Int64(exactly: $0) }, "int64 of \(string) disagrees with Int128")
    try require(value.uint64 == wide.flatMap { UInt64(exactly: $0) }, "uint64 of \(string) disagrees with Int128")
    try require(value.integer(Int8.self) == wide.flatMap { Int8(exactly: $0) }, "Int8 of \(string) disagrees with Int128")
    if let wide, let double = value.double, abs(double) < 0x1p52 {
        try require(Double(wide) == double, "\(string) is the integer \(wide) but the double \(double)")
    }

    // Foundation's parser is the reference where it gives an answer: it gives none for some
    // values `decimal` holds exactly (a zero with a huge exponent, long runs of zeros).
    if let decimal = value.decimal, let reference = Decimal(string: string) {
        try require(decimal == reference, "decimal of \(string): \(decimal), Foundation says \(reference)")
    }
    return text
}
