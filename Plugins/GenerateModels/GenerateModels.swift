import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models --target App Samples/feed.json`:
/// runs `yajlmodel generate` on the files (paths from the package's folder) and writes the
/// types into each target's folder, as `<Name>.swift`. Every other argument goes to the tool.
@main
struct GenerateModels: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        guard !targetNames.isEmpty else {
            throw PluginError("name the target to write into: --target NAME")
        }
        let tool = try context.tool(named: "yajlmodel")
        let packageFolder = context.package.directoryURL
        let arguments = extractor.remainingArguments.map { argument in
            argument.hasSuffix(".json") || argument.hasSuffix(".jsonl") || argument.hasSuffix(".ndjson") || argument.hasSuffix(".gz")
                ? packageFolder.appending(path: argument).path : argument
        }
        for target in try context.package.targets(named: targetNames) {
            guard let target = target as? SourceModuleTarget else { throw PluginError("\(target.name) has no Swift sources") }
            let process = Process()
            process.executableURL = tool.url
            process.arguments = ["generate"] + arguments + ["--output", target.directoryURL.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationReason == .exit, process.terminationStatus == 0 else {
                throw PluginError("yajlmodel generate failed for \(target.name) (status \(process.terminationStatus))")
            }
        }
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
