import Foundation
import YAJLModel

extension FuzzTarget {
    /// The input files at `path`: the file itself, or the regular files directly inside a
    /// folder, sorted by name, hidden files (`.gitkeep`) skipped.
    public static func inputFiles(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }

    /// The bytes of a file, read with the C library: `FileManager.contents(atPath:)` leaks a
    /// buffer on empty files in this Foundation, which the valgrind leak check would blame on us.
    public static func contents(ofFile path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            bytes.append(contentsOf: buffer[..<count])
            if count < buffer.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// Small seeds cut from large JSON files: the files' arrays and objects of at most
    /// `maxBytes` bytes, each as its original text, up to `perFile` of them spread evenly
    /// over each file. A fuzzer mutates small inputs far faster than megabyte documents.
    public static func seeds(cutFrom bytes: [UInt8], maxBytes: Int = 4096, perFile: Int = 64) -> [Data] {
        var options = JSONParseOptions()
        options.maxDepth = 100_000
        guard let document = try? JSONDocument(parsing: bytes, options: options) else { return [] }
        var candidates: [JSONValue] = []
        var pending = [document.root]
        while let value = pending.popLast() {
            if let elements = value.array {
                pending.append(contentsOf: elements)
            } else if let members = value.object {
                pending.append(contentsOf: members.values)
            } else {
                continue
            }
            if value.byteRange.count <= maxBytes { candidates.append(value) }
        }
        let step = max(1, candidates.count / perFile)
        return stride(from: 0, to: candidates.count, by: step).prefix(perFile).map { candidates[$0].rawJSON.withUnsafeBytes { Data($0) } }
    }
}
