import Foundation
import YAJLModel

extension FuzzTarget {
    /// Target 5. Editing a document (which records its edits over the original bytes) agrees with
    /// editing an owned `JSON` copy of it (an independent implementation): JSON Patch, single edits
    /// one after another (edits over edits), and Merge Patch give equal values or the same error;
    /// edited text is UTF-8, parses strictly and is written the same twice; the original stays as it was.
    ///
    /// The input is `DOCUMENT`, or `DOCUMENT 0x00 PATCH`: NUL never occurs in JSON text, so the split
    /// is unambiguous, and libFuzzer moves it with any one-byte insertion or deletion. See
    /// ``PatchInput`` for how the operations come from PATCH, or from the document's own bytes.
    public static let patch = FuzzTarget(
        name: "patch",
        summary: "document edits (JSON Patch, set/insert/remove, Merge Patch) equal the same edits on JSON; originals unchanged"
    ) { input throws(FuzzFailure) in
        guard var patchInput = PatchInput(Array(input)) else { return }
        try patchInput.check()
    }
}

/// Bounds that keep each input fast: operations per input, the size and depth that a value may
/// reach while edited (a `copy` of the whole value into itself doubles it), and the work: each
/// operation is checked by writing and parsing the whole value, so the operations stop once the
/// sizes of the values they were tried on add up to `work` (a 4 KB document gets 16). An
/// operation that takes the value past a bound is the last one tried.
private enum PatchLimits {
    static let operations = 32
    static let bytes = 16 * 1024
    static let depth = 1_000
    static let work = 64 * 1024
    /// Pointers and sub-values offered to derived operations.
    static let pointers = 64
    static let values = 12
}

/// Strict parsing: the default options, deeper, since edits may nest a value inside itself.
private let strictOptions: JSONParseOptions = {
    var options = JSONParseOptions()
    options.maxDepth = 100_000
    return options
}()

/// One input, split and parsed.
///
/// - The document is parsed with the default options, or, when that fails and the text has a
///   `/`, with comments allowed (whose edited text is re-encoded rather than copied).
/// - A PATCH that parses as JSON is the Merge Patch, and, when it is a valid JSON Patch, gives
///   the operations (the first 32).
/// - Otherwise the operations are derived from PATCH's bytes (with no 0x00, from the input's
///   bytes read from the end), three bytes each: the kind, the path, and the `from` or value.
///   Paths and `from` are chosen among pointers into the value as edited so far (members, with
///   `~0`/`~1` escapes, elements, `-`, the count and one past it, a leading zero, new keys, a
///   key in another Unicode normalization, malformed pointers); values among its sub-values
///   and a few constants. The Merge Patch is derived from the bytes that follow.
private struct PatchInput {
    let document: JSONDocument
    /// The document's own text, when it was parsed strictly (so that `jsonData()` copies it whole).
    let verbatimText: [UInt8]?
    /// The operations of a PATCH that is a JSON Patch.
    let plannedOperations: [JSONPatch.Operation]?
    /// A PATCH that is JSON.
    let plannedMergePatch: JSON?
    /// The bytes that derived operations and Merge Patches are made from.
    var source: ByteSource

    init?(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0)
        let text = Array(bytes[..<(split ?? bytes.count)])
        if let document = try? JSONDocument(parsing: text) {
            self.document = document
            verbatimText = text
        } else if text.contains(UInt8(ascii: "/")) {
            var lenient = JSONParseOptions()
            lenient.allowComments = true
            guard let document = try? JSONDocument(parsing: text, options: lenient) else { return nil }
            self.document = document
            verbatimText = nil
        } else {
            return nil
        }

        guard let split else {
            plannedOperations = nil
            plannedMergePatch = nil
            source = ByteSource(bytes.reversed())
            return
        }
        let patchText = Array(bytes[(split + 1)...])
        source = ByteSource(patchText)
        guard let parsed = try? JSONDocument(parsing: patchText) else {
            plannedOperations = nil
            plannedMergePatch = nil
            return
        }
        plannedMergePatch = JSON(parsed.root)
        plannedOperations = try? JSONPatch(json: JSON(parsed.root)).operations
    }

    mutating func check() throws(FuzzFailure) {
        let before = JSON(document.root)
        let writtenBefore = document.jsonData()
        if let verbatimText {
            try require(writtenBefore.elementsEqual(verbatimText), "a parsed document does not write its own text")
        }
        if let plannedMergePatch {
            try checkPatchParsing(plannedMergePatch)
        }

        // Property 3: the operations one at a time, each on the result of the ones before.
        var edited = document
        var json = before
        var operations: [JSONPatch.Operation] = []
        var size = estimatedSize(of: json) ?? PatchLimits.bytes
        var work = 0
        while operations.count < PatchLimits.operations, work < PatchLimits.work {
            let step: DerivedOperation
            if let plannedOperations {
                guard operations.count < plannedOperations.count else { break }
                step = DerivedOperation(operation: plannedOperations[operations.count], variant: UInt8(truncatingIfNeeded: operations.count), value: nil)
            } else {
                guard let derived = source.operation(in: json, edited: edited, original: document) else { break }
                step = derived
            }
            operations.append(step.operation)
            if let (nextDocument, nextJSON) = try checkSingleEdit(step, on: edited, json, index: operations.count - 1) {
                edited = nextDocument
                json = nextJSON
                guard let newSize = estimatedSize(of: json) else { break }
                size = newSize
            }
            work += size
        }
        try checkPointerReads(edited, json)

        // Property 1: the whole patch, on the original and over the edits made above.
        let patch = JSONPatch(operations)
        try require((try? JSONPatch(json: patch.json)) == patch, "a patch does not read back from its own JSON: \(patch.json.jsonString())")
        try compare("the patch \(text(patch.json))", document: { () throws(JSONEditError) in try document.applying(patch) },
                    json: { () throws(JSONEditError) in try before.applying(patch) })
        if patchStaysWithinLimits(patch, over: json) {
            try compare("the patch over the edited document", document: { () throws(JSONEditError) in try edited.applying(patch) },
                        json: { () throws(JSONEditError) in try json.applying(patch) })
        }

        // Property 4: Merge Patch, on the original and over the edits.
        let mergePatch = plannedMergePatch ?? source.mergePatch(for: json, values: subValues(of: document.root))
        try compare("merging \(text(mergePatch))", document: { () throws(JSONEditError) in try document.merging(mergePatch) },
                    json: { before.merging(mergePatch) })
        try compare("merging over the edited document", document: { () throws(JSONEditError) in try edited.merging(mergePatch) },
                    json: { json.merging(mergePatch) })

        // Property 2: none of it changed the original.
        try require(document.jsonData() == writtenBefore, "editing changed the original document's text: \(show(document.jsonData()))")
        try require(JSON(document.root) == before, "editing changed the original document's value")
    }

    /// A patch document's JSON, whether or not it is a patch: read from text or from JSON alike,
    /// and when it is not a patch, the error says so.
    private func checkPatchParsing(_ json: JSON) throws(FuzzFailure) {
        var fromText: JSONPatch?
        var textError: (any Error)?
        do { fromText = try JSONPatch(parsing: json.jsonData()) } catch { textError = error }
        let patch: JSONPatch
        do throws(JSONEditError) {
            patch = try JSONPatch(json: json)
        } catch {
            guard case .invalidPatch = error.reason else { throw FuzzFailure("a malformed patch fails with \(error)") }
            try require(textError as? JSONEditError == error, "JSONPatch(parsing:) fails otherwise than JSONPatch(json:): \(error)")
            _ = error.description
            return
        }
        try require(fromText == patch, "JSONPatch(parsing:) and JSONPatch(json:) disagree")
    }

    /// One operation through the single-edit API of both sides (`add` as insert, `remove`, and
    /// `replace` as set, given as `JSON` or as a parsed value), or as a patch of one operation.
    private func checkSingleEdit(
        _ step: DerivedOperation, on edited: JSONDocument, _ json: JSON, index: Int
    ) throws(FuzzFailure) -> (JSONDocument, JSON)? {
        let what = "operation \(index) (\(text(JSONPatch([step.operation]).json))) applied alone"
        switch step.operation {
        case .add(let path, let value):
            return try compare(what, document: { () throws(JSONEditError) in try edited.inserting(value, at: path) },
                               json: { () throws(JSONEditError) in try json.inserting(value, at: path) })
        case .remove(let path):
            return try compare(what, document: { () throws(JSONEditError) in try edited.removing(at: path) },
                               json: { () throws(JSONEditError) in try json.removing(at: path) })
        case .replace(let path, let value) where step.variant & 1 == 0:
            return try compare(what, document: { () throws(JSONEditError) in try edited.setting(value, at: path) },
                               json: { () throws(JSONEditError) in try json.setting(value, at: path) })
        case .replace(let path, let value):
            // A parsed value: the document copies its bytes when written.
            guard let parsed = step.value ?? (try? JSONDocument(parsing: value.jsonData(), options: strictOptions).root) else { return nil }
            return try compare(what, document: { () throws(JSONEditError) in try edited.setting(parsed, at: path) },
                               json: { () throws(JSONEditError) in try json.setting(JSON(parsed), at: path) })
        case .move, .copy, .test:
            let single = JSONPatch([step.operation])
            return try compare(what, document: { () throws(JSONEditError) in try edited.applying(single) },
                               json: { () throws(JSONEditError) in try json.applying(single) })
        }
    }
}

/// Runs an edit on both sides: both must succeed with equal results (see ``checkEdited``), or
/// fail with the same error. Gives the results when both succeed.
@discardableResult
private func compare(
    _ what: @autoclosure () -> String,
    document edit: () throws(JSONEditError) -> JSONDocument,
    json reference: () throws(JSONEditError) -> JSON
) throws(FuzzFailure) -> (JSONDocument, JSON)? {
    let documentResult: Result<JSONDocument, JSONEditError>
    do throws(JSONEditError) { documentResult = .success(try edit()) } catch { documentResult = .failure(error) }
    let jsonResult: Result<JSON, JSONEditError>
    do throws(JSONEditError) { jsonResult = .success(try reference()) } catch { jsonResult = .failure(error) }
    switch (documentResult, jsonResult) {
    case (.success(let edited), .success(let json)):
        try checkEdited(edited, equals: json, what())
        return (edited, json)
    case (.failure(let a), .failure(let b)):
        try require(sameError(a, b), "\(what()): the document fails with \(a), JSON with \(b)")
        _ = (a.description, b.description)
        return nil
    case (.success(let edited), .failure(let error)):
        throw FuzzFailure("\(what()): JSON fails with \(error), the document gives \(show(edited.jsonData()))")
    case (.failure(let error), .success(let json)):
        throw FuzzFailure("\(what()): the document fails with \(error), JSON gives \(text(json))")
    }
}

/// Property 5 and the comparison: the edited document's text is UTF-8, written the same twice,
/// parses strictly to the JSON side's value, and so does reading its `root`. Beyond `==` (numbers
/// by value, members in any order), the values must have the same number text, string bytes and
/// repeated keys; only the order of members may differ (a member removed and added again keeps
/// its place in a document, and goes to the end in `JSON`).
private func checkEdited(_ edited: JSONDocument, equals json: JSON, _ what: @autoclosure () -> String) throws(FuzzFailure) {
    let written = edited.jsonData()
    try require(String(validating: written, as: UTF8.self) != nil, "\(what()): the edited text is not UTF-8: \(show(written))")
    try require(edited.jsonData() == written, "\(what()): writing twice gives other bytes")
    try require(Data(edited.jsonString().utf8) == written, "\(what()): jsonString() differs from jsonData()")
    // `root` parses the same bytes (written the same twice), with the depth unlimited: equal to
    // what parsing them strictly gives, so only that they parse strictly needs checking here.
    do {
        _ = try JSONDocument(parsing: written, options: strictOptions)
    } catch {
        throw FuzzFailure("\(what()): the edited text does not parse strictly (\(error)): \(show(written))")
    }
    let expected: JSONDocument
    do {
        expected = try JSONDocument(parsing: json.jsonData(), options: strictOptions)
    } catch {
        throw FuzzFailure("\(what()): JSON's own text does not parse (\(error)): \(text(json))")
    }
    try require(edited.root == expected.root, "\(what()): the document gives \(show(written)), JSON \(text(json))")
    try require(sameJSON(JSON(edited.root), json), "\(what()): equal values with other number text, key bytes or repeated keys: \(show(written)) and \(text(json))")
}

/// The same error on both sides; a failed `test` may have found its value with members in another order.
private func sameError(_ a: JSONEditError, _ b: JSONEditError) -> Bool {
    guard a.pointer == b.pointer, a.operationIndex == b.operationIndex, a.operationName == b.operationName else { return false }
    switch (a.reason, b.reason) {
    case (.testFailed(let expectedA, let foundA), .testFailed(let expectedB, let foundB)):
        guard expectedA == expectedB else { return false }
        switch (foundA, foundB) {
        case (nil, nil): return true
        case (let x?, let y?): return sameJSON(x, y)
        default: return false
        }
    default:
        return a.reason == b.reason
    }
}

/// Reading by pointer agrees too: the edited document's `JSONValue` pointer lookup (a third
/// implementation) finds what `JSON`'s finds, at every pointer a derived operation could use.
private func checkPointerReads(_ edited: JSONDocument, _ json: JSON) throws(FuzzFailure) {
    let root = edited.root
    for pointer in candidatePointers(in: json) {
        let found = root[pointer: pointer]
        let expected = json[pointer: pointer]
        try require((found == nil) == (expected == nil), "reading \(show(pointer.utf8)): the document finds \(found.map { text(JSON($0)) } ?? "nothing"), JSON \(expected.map(text) ?? "nothing")")
        if let found, let expected {
            try require(sameJSON(JSON(found), expected), "reading \(show(pointer.utf8)): the document finds \(text(JSON(found))), JSON \(text(expected))")
        }
    }
}

/// Whether two values have the same text up to the order of object members: the same number
/// text, string and key bytes (not Unicode equivalence), elements and repeated keys. Iterative.
private func sameJSON(_ a: JSON, _ b: JSON) -> Bool {
    var pending = [(a, b)]
    while let (x, y) = pending.popLast() {
        switch (x, y) {
        case (.null, .null): continue
        case (.bool(let p), .bool(let q)): guard p == q else { return false }
        case (.number(let p), .number(let q)): guard p.text.utf8.elementsEqual(q.text.utf8) else { return false }
        case (.string(let p), .string(let q)): guard p.utf8.elementsEqual(q.utf8) else { return false }
        case (.array(let p), .array(let q)):
            guard p.count == q.count else { return false }
            pending.append(contentsOf: zip(p, q))
        case (.object(let p), .object(let q)):
            guard p.count == q.count else { return false }
            // Sorted by key bytes, ties in their order (repeated keys keep theirs), unless the
            // keys are in the same order already, as they mostly are.
            func sorted(_ members: [JSONMember]) -> [JSONMember] {
                members.enumerated().sorted { l, r in
                    l.element.key.utf8.lexicographicallyPrecedes(r.element.key.utf8)
                        || (l.element.key.utf8.elementsEqual(r.element.key.utf8) && l.offset < r.offset)
                }.map(\.element)
            }
            let inOrder = zip(p, q).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) }
            for (m, n) in inOrder ? zip(p, q) : zip(sorted(p), sorted(q)) {
                guard m.key.utf8.elementsEqual(n.key.utf8) else { return false }
                pending.append((m.value, n.value))
            }
        default: return false
        }
    }
    return true
}

/// The length of `value`'s compact text, estimated; nil when it or the depth is past ``PatchLimits``.
private func estimatedSize(of value: JSON) -> Int? {
    var bytes = 0
    var pending = [(value, 1)]
    while let (next, depth) = pending.popLast() {
        guard depth <= PatchLimits.depth else { return nil }
        switch next {
        case .null, .bool: bytes += 5
        case .number(let number): bytes += number.text.utf8.count
        case .string(let text): bytes += text.utf8.count + 2
        case .array(let elements):
            bytes += elements.count + 2
            pending.append(contentsOf: elements.map { ($0, depth + 1) })
        case .object(let members):
            bytes += members.count + 2
            for member in members {
                bytes += member.key.utf8.count + 3
                pending.append((member.value, depth + 1))
            }
        }
        guard bytes <= PatchLimits.bytes else { return nil }
    }
    return bytes
}

/// Whether applying `patch` over `value` stays within the limits (until an operation fails, where the patch stops).
private func patchStaysWithinLimits(_ patch: JSONPatch, over value: JSON) -> Bool {
    var value = value
    for operation in patch.operations {
        guard (try? value.apply(JSONPatch([operation]))) != nil else { return true }
        guard estimatedSize(of: value) != nil else { return false }
    }
    return true
}

/// An operation, the variant of the single-edit call that runs it, and for a derived `replace`
/// the parsed value it came from.
private struct DerivedOperation {
    let operation: JSONPatch.Operation
    let variant: UInt8
    let value: JSONValue?
}

/// Bytes that derived operations and Merge Patches are made from, read from the front.
private struct ByteSource {
    private var bytes: [UInt8]
    private var position = 0

    init(_ bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// A derived operation on `json` (the value edited so far, whose document is `edited`), or
    /// nil when the bytes run out.
    mutating func operation(in json: JSON, edited: JSONDocument, original: JSONDocument) -> DerivedOperation? {
        guard let kind = next(), let pathByte = next(), let valueByte = next() else { return nil }
        let pointers = candidatePointers(in: json)
        let path = pointers[Int(pathByte) % pointers.count]
        let from = pointers[Int(valueByte) % pointers.count]
        // The value: a sub-value of the original document or of the edited one (their bytes),
        // or a constant.
        let values = subValues(of: valueByte & 0x40 == 0 ? original.root : edited.root)
        let parsed = valueByte < 0x80 && !values.isEmpty ? values[Int(valueByte) % values.count] : nil
        let value = parsed.map(JSON.init) ?? constants[Int(valueByte) % constants.count]
        let operation: JSONPatch.Operation
        switch kind % 6 {
        case 0: operation = .add(path: path, value: value)
        case 1: operation = .remove(path: path)
        case 2: operation = .replace(path: path, value: value)
        case 3: operation = .move(from: from, path: path)
        case 4: operation = .copy(from: from, path: path)
        default:
            // Mostly what is there, so that the patch goes on.
            operation = .test(path: path, value: kind & 0x80 == 0 ? (json[pointer: path] ?? value) : value)
        }
        return DerivedOperation(operation: operation, variant: kind / 6, value: parsed)
    }

    /// A derived Merge Patch for `json`: an object of existing and new keys, whose values are
    /// `null` (removal), values, or (down to depth 3) patches of the members they name.
    mutating func mergePatch(for json: JSON, values: [JSONValue], depth: Int = 0) -> JSON {
        guard let byte = next() else { return [:] }
        if byte % 4 == 0 || depth >= 3 {
            if byte % 3 == 0 { return .null }
            return byte < 0x80 && !values.isEmpty ? JSON(values[Int(byte) % values.count]) : constants[Int(byte) % constants.count]
        }
        var keys: [String] = ["new", "~/"]
        if case .object(let members) = json { keys += members.prefix(8).map(\.key) }
        var members: [JSONMember] = []
        for _ in 0...(byte >> 2) % 4 {
            guard let choice = next() else { break }
            let key = keys[Int(choice) % keys.count]
            let value = choice % 3 == 0 ? JSON.null : mergePatch(for: json[key] ?? .null, values: values, depth: depth + 1)
            members.append(JSONMember(key: key, value: value))
        }
        return .object(members)
    }
}

/// Values derived operations may add: scalars of each kind, escapes, containers.
private let constants: [JSON] = [nil, true, 0, 1.5, "", "~/é", [], [:], ["a": [1, nil]], [[:]]]

/// The first sub-values of `root`, breadth first, itself included.
private func subValues(of root: JSONValue) -> [JSONValue] {
    var values: [JSONValue] = []
    var pending = [root]
    var next = 0
    while next < pending.count, values.count < PatchLimits.values {
        let value = pending[next]
        next += 1
        values.append(value)
        if let elements = value.array { pending += elements.prefix(4) }
        if let members = value.object { pending += members.prefix(4).map(\.value) }
    }
    return values
}

/// Pointers into `value` for derived operations, breadth first: the root, members and elements,
/// the places an insertion may name (`-`, the count) and some it may not (one past it, `01`,
/// through a scalar), new keys, keys spelled in another Unicode normalization (another key to
/// JSON Pointer), and malformed pointers.
private func candidatePointers(in value: JSON) -> [String] {
    var pointers = ["", "/", "x", "/~2", "/a~"]
    var pending: [(String, JSON)] = [("", value)]
    var next = 0
    while next < pending.count, pointers.count < PatchLimits.pointers {
        let (pointer, value) = pending[next]
        next += 1
        switch value {
        case .object(let members):
            for member in members.prefix(8) {
                let child = pointer + "/" + escaped(member.key)
                pointers.append(child)
                pending.append((child, member.value))
                // (ASCII is the same in every normalization; Foundation's is slow.)
                guard member.key.utf8.contains(where: { $0 >= 0x80 }) else { continue }
                for other in [member.key.decomposedStringWithCanonicalMapping, member.key.precomposedStringWithCanonicalMapping]
                where !other.utf8.elementsEqual(member.key.utf8) {
                    pointers.append(pointer + "/" + escaped(other))
                }
            }
            pointers += [pointer + "/new", pointer + "/~0~1"]
        case .array(let elements):
            for (index, element) in elements.enumerated() where index < 4 || index == elements.count - 1 {
                pointers.append(pointer + "/\(index)")
                pending.append((pointer + "/\(index)", element))
            }
            pointers += [pointer + "/-", pointer + "/\(elements.count)", pointer + "/\(elements.count + 1)", pointer + "/01"]
        default:
            pointers.append(pointer + "/0")
        }
    }
    return pointers
}

/// A value's text for a failure message, with `/` unescaped.
private func text(_ json: JSON) -> String { show(json.jsonData(options: .withoutEscapingSlashes)) }

/// A reference token with `~` as `~0` and `/` as `~1`, byte by byte.
private func escaped(_ key: String) -> String {
    var bytes: [UInt8] = []
    for byte in key.utf8 {
        switch byte {
        case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
        case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
        default: bytes.append(byte)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
