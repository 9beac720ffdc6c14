import Foundation

/// One input document, held in memory before any timing starts.
struct Input {
    let name: String
    let bytes: Data

    /// Every `*.json` file in `directory`, by name, or just `names` if given.
    static func corpus(directory: String, names: [String]) throws -> [Input] {
        let listing: [String]
        do {
            listing = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw BenchError.unreadable(path: directory, reason: reason(error))
        }
        let chosen: [String]
        if names.isEmpty {
            chosen = listing.filter { $0.hasSuffix(".json") }.sorted()
            if chosen.isEmpty { throw BenchError.emptyCorpus(directory: directory) }
        } else {
            for name in names where !listing.contains(name) {
                throw BenchError.missingFile(name: name, directory: directory)
            }
            chosen = names
        }
        return try chosen.map { name in
            try file(path: URL(fileURLWithPath: directory).appendingPathComponent(name).path, name: name)
        }
    }

    static func file(path: String, name: String? = nil) throws -> Input {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return Input(name: name ?? URL(fileURLWithPath: path).lastPathComponent, bytes: data)
        } catch {
            throw BenchError.unreadable(path: path, reason: reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return nsError.localizedDescription
    }
}
