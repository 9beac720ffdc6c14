// The fuzz driver. Built by .ci/fuzz with `--sanitize fuzzer -Xswiftc -DYAJLMODEL_LIBFUZZER`,
// libFuzzer supplies `main` and calls the two C entry points below; built plainly, `Replay.main`
// runs the chosen target once over each file given, which is what the valgrind leak check runs.
//
//   yajlmodel-fuzz --list-targets
//   yajlmodel-fuzz --target=NAME [libFuzzer flags] [CORPUS_DIR | FILE]...
//   yajlmodel-fuzz --split-seeds=OUTPUT_DIR JSON_FILE...
//
// libFuzzer ignores flags that start with "--", so ours pass through it untouched.
import Foundation
import YAJLModelFuzzing

/// What the command line asks for.
enum Command {
    case listTargets
    case splitSeeds(output: String, inputs: [String])
    case run(FuzzTarget, paths: [String])
    case usage(String)

    init(_ arguments: [String]) {
        var target: String?
        var splitOutput: String?
        var paths: [String] = []
        for argument in arguments.dropFirst() {
            if argument == "--list-targets" { self = .listTargets; return }
            if argument.hasPrefix("--target=") {
                target = String(argument.dropFirst("--target=".count))
            } else if argument.hasPrefix("--split-seeds=") {
                splitOutput = String(argument.dropFirst("--split-seeds=".count))
            } else if !argument.hasPrefix("-") {
                paths.append(argument)
            }
        }
        if let splitOutput {
            self = .splitSeeds(output: splitOutput, inputs: paths)
        } else if let target, let found = FuzzTarget.named(target) {
            self = .run(found, paths: paths)
        } else {
            let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
            self = .usage(target.map { "unknown target '\($0)'; targets: \(names)" } ?? "give --target=NAME (\(names)), --list-targets or --split-seeds=DIR")
        }
    }

    /// Runs the commands that do not fuzz, and exits.
    func runAndExit() -> Never {
        switch self {
        case .listTargets:
            for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
            exit(0)
        case .splitSeeds(let output, let inputs):
            var written = 0
            for input in inputs {
                guard let data = FuzzTarget.contents(ofFile: input) else { continue }
                let stem = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
                for (index, seed) in FuzzTarget.seeds(cutFrom: data).enumerated() {
                    let path = (output as NSString).appendingPathComponent("\(stem)-\(index).json")
                    if FileManager.default.createFile(atPath: path, contents: seed) { written += 1 }
                }
            }
            print("wrote \(written) seeds to \(output)")
            exit(0)
        case .run(let target, let paths):
            var inputs = 0
            var failures = 0
            for path in paths {
                for file in FuzzTarget.inputFiles(at: path) {
                    inputs += 1
                    guard let data = FuzzTarget.contents(ofFile: file) else {
                        failures += 1
                        print("FAIL \(file): cannot read it")
                        continue
                    }
                    do {
                        try data.withUnsafeBytes { try target.check($0) }
                    } catch {
                        failures += 1
                        print("FAIL \(file): \(error)")
                    }
                }
            }
            print("\(target.name): \(inputs) inputs, \(failures) failures")
            exit(failures == 0 && inputs > 0 ? 0 : 1)
        case .usage(let message):
            printToStandardError("yajlmodel-fuzz: \(message)")
            exit(2)
        }
    }
}

func printToStandardError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The target that libFuzzer runs, chosen once in `LLVMFuzzerInitialize` before any input.
nonisolated(unsafe) private var selectedTarget: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> CInt {
    let arguments = (0..<Int(argc.pointee)).compactMap { argv.pointee[$0].map { String(cString: $0) } }
    let command = Command(arguments)
    guard case .run(let target, _) = command else { command.runAndExit() }
    selectedTarget = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = selectedTarget else { return 0 }
    do {
        try target.check(UnsafeRawBufferPointer(start: data, count: size))
    } catch {
        // An abort is what libFuzzer records as a crash, with the input saved beside it.
        printToStandardError("\n\(target.name): property failed: \(error)")
        abort()
    }
    return 0
}

#if !YAJLMODEL_LIBFUZZER
@main
enum Replay {
    static func main() {
        Command(CommandLine.arguments).runAndExit()
    }
}
#endif
