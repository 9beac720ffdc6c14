/// A fuzz target: a property that must hold for every input, whatever its bytes.
///
/// The same check runs in three places: under libFuzzer (`.ci/fuzz`), where a thrown
/// ``FuzzFailure`` aborts and is saved as a crash; in the plain replay program
/// (`yajlmodel-fuzz --target=NAME FILE…`, which the leak check runs under valgrind); and in
/// `YAJLModelFuzzTests`, which replays every saved crash in `Tests/Fuzz/Regressions/<name>/`.
/// A crash (a trap, or a memory error under AddressSanitizer) is a failure in all three.
///
/// To add a target, write one file that defines `static let <name> = FuzzTarget(…)` in an
/// extension, and list it in ``all``.
public struct FuzzTarget: Sendable {
    /// The name used by `--target=` and by the regression folder.
    public let name: String
    /// What the target checks, for `--list-targets`.
    public let summary: String
    /// Checks the property for one input; throws when it does not hold.
    public let check: @Sendable (UnsafeRawBufferPointer) throws(FuzzFailure) -> Void

    public init(name: String, summary: String, check: @escaping @Sendable (UnsafeRawBufferPointer) throws(FuzzFailure) -> Void) {
        self.name = name
        self.summary = summary
        self.check = check
    }

    /// Every target, in the order `.ci/fuzz` runs them.
    public static let all: [FuzzTarget] = [
        .parse,
        .roundTrip,
        .treeBuilder,
        .streaming,
        .decoding,
        .patch,
        .parallelParse,
        .gzip,
    ]

    /// The target called `name`, if there is one.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// A property that did not hold, with what was expected and what happened.
public struct FuzzFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Throws a ``FuzzFailure`` with `message` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(message()) }
}

/// Bytes shown in a failure message: as text when printable, escaped otherwise, and cut short.
func show(_ bytes: some Collection<UInt8>, limit: Int = 120) -> String {
    var text = ""
    for byte in bytes.prefix(limit) {
        switch byte {
        case 0x20..<0x7F where byte != UInt8(ascii: "\\"): text.unicodeScalars.append(Unicode.Scalar(byte))
        default: text += "\\x" + String(byte, radix: 16).leftPadded(to: 2)
        }
    }
    return bytes.count > limit ? text + "…(\(bytes.count) bytes)" : text
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
