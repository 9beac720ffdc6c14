// Shared with YAJLModelMacrosTests by a symbolic link: both compare what generated types write
// with their input.

import YAJLModel

/// Whether two JSON values hold the same data: numbers by value, a member whose value is
/// `null` the same as a missing one (a `Codable` optional leaves nil unwritten), and the
/// order of an object's members free. Returns the path of the first difference.
func firstDifference(_ expected: JSONValue, _ actual: JSONValue, path: String = "") -> String? {
    switch (expected.kind, actual.kind) {
    case (.object, .object):
        let expectedMembers = Dictionary(expected.object.map { $0.map { ($0.key, $0.value) } } ?? [], uniquingKeysWith: { a, _ in a })
        let actualMembers = Dictionary(actual.object.map { $0.map { ($0.key, $0.value) } } ?? [], uniquingKeysWith: { a, _ in a })
        for key in Set(expectedMembers.keys).union(actualMembers.keys).sorted() {
            switch (expectedMembers[key], actualMembers[key]) {
            case (let a?, let b?):
                if let difference = firstDifference(a, b, path: path + "." + key) { return difference }
            case (let a?, nil) where a.isNull:
                continue
            case (nil, let b?) where b.isNull:
                continue
            default:
                return path + "." + key + " (missing on one side)"
            }
        }
        return nil
    case (.array, .array):
        guard let a = expected.array, let b = actual.array, a.count == b.count else { return path + " (array lengths differ)" }
        for index in 0..<a.count {
            if let difference = firstDifference(a[index], b[index], path: path + "[\(index)]") { return difference }
        }
        return nil
    case (.number, .number):
        if let a = expected.int, let b = actual.int { return a == b ? nil : path }
        return expected.double == actual.double ? nil : path + " (\(expected.numberText ?? "") ≠ \(actual.numberText ?? ""))"
    case (.string, .string):
        return expected.string == actual.string ? nil : path + " (\(expected.string ?? "") ≠ \(actual.string ?? ""))"
    case (.bool, .bool):
        return expected.bool == actual.bool ? nil : path
    case (.null, .null):
        return nil
    default:
        return path + " (\(expected.kind) ≠ \(actual.kind))"
    }
}
