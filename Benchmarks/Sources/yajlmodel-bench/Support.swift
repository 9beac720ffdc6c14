import CYAJLBaseline
import Foundation

/// Errors with a message meant for the person at the terminal; ArgumentParser
/// prints them as `Error: ...` and exits with status 1.
enum BenchError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unwritable(path: String)
    case emptyCorpus(directory: String)
    case missingFile(name: String, directory: String)
    case nothingSelected(filter: [String], scenarios: [String])
    case invalidReport(path: String, reason: String)
    case failed(Int)

    var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unwritable(let path):
            return "cannot write \(path)"
        case .emptyCorpus(let directory):
            return "no *.json files in \(directory)"
        case .missingFile(let name, let directory):
            return "no file named \(name) in \(directory)"
        case .nothingSelected(let filter, let scenarios):
            return "--filter \(filter.joined(separator: ", ")) matches no scenario, input or contender "
                + "(scenarios: \(scenarios.joined(separator: ", ")); `--list` shows the inputs and contenders)"
        case .invalidReport(let path, let reason):
            return "the JSON report written to \(path) is invalid: \(reason)"
        case .failed(let count):
            return "\(count) measurement(s) failed"
        }
    }
}

/// Progress and warnings go to stderr so stdout holds only the report.
func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// The process's resident memory, from /proc/self/status (Linux).
enum ResidentMemory {
    static var current: Int? { field("VmRSS:") }
    static var peak: Int? { field("VmHWM:") }

    /// Resets the peak to the current size (Linux ≥ 4.0: `echo 5 > /proc/self/clear_refs`).
    static func resetPeak() -> Bool {
        guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? file.close() }
        return (try? file.write(contentsOf: Data("5".utf8))) != nil
    }

    /// Hands the pages malloc keeps after frees back to the system, so that the next
    /// run's growth is its own and not hidden in memory the previous one left resident.
    static func releaseFreedMemory() {
        #if os(Linux)
        malloc_trim(0)
        #endif
    }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return nil }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
        return kilobytes.map { $0 * 1024 }
    }
}

/// Runs an async body to completion from synchronous code (the command is synchronous).
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// What the machine is, for the reports.
struct MachineInfo: Sendable {
    let cores: Int
    let cpu: String?
    let os: String
    let swift: String

    static func current() -> MachineInfo {
        let info = ProcessInfo.processInfo
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        return MachineInfo(cores: info.activeProcessorCount, cpu: cpu, os: info.operatingSystemVersionString, swift: swiftVersion())
    }

    var summary: String {
        "\(cores) cores" + (cpu.map { ", \($0)" } ?? "") + ", \(os), Swift \(swift)"
    }

    /// The compiler that built this executable: `swift --version` when the toolchain is on
    /// the path (as with `swift run`), otherwise the language mode's compile-time version.
    private static func swiftVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if let range = output.range(of: #"Swift version [0-9][0-9.]*"#, options: .regularExpression) {
                return String(output[range].dropFirst("Swift version ".count))
            }
        }
        #if compiler(>=6.3)
        return "6.3 or later"
        #elseif compiler(>=6.2)
        return "6.2"
        #else
        return "6.1"
        #endif
    }
}
