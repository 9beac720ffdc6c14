// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "YAJLModel",
    platforms: [.macOS(.v15)],  // Synchronization.Mutex
    products: [
        .library(name: "YAJLModel", targets: ["YAJLModel"])
    ],
    targets: [
        // yajl itself, from the system (Debian/Ubuntu: libyajl-dev; macOS: brew install yajl).
        .systemLibrary(
            name: "CYAJL",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),
        // The C tree builder: yajl callbacks append compact nodes to an arena.
        .target(
            name: "CYAJLTree",
            dependencies: ["CYAJL"]
        ),
        .target(
            name: "YAJLModel",
            dependencies: ["CYAJLTree"]
        ),
        .testTarget(
            name: "YAJLModelTests",
            dependencies: ["YAJLModel", "CYAJLTree"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzzing (see .ci/fuzz and Fuzz/README.md). Kept as one appended statement so that it
// merges cleanly with changes to the targets above.
package.targets += [
    // The properties each fuzz target checks, shared by the fuzzer and the tests that replay saved crashes.
    .target(
        name: "YAJLModelFuzzing",
        dependencies: ["YAJLModel", "CYAJLTree"],
        path: "Fuzz/Targets"
    ),
    // libFuzzer driver when built by .ci/fuzz (`--sanitize fuzzer -Xswiftc -DYAJLMODEL_LIBFUZZER`);
    // otherwise a plain program that replays files through a target (used for the valgrind leak check).
    .executableTarget(
        name: "yajlmodel-fuzz",
        dependencies: ["YAJLModelFuzzing"],
        path: "Fuzz/Driver"
    ),
    .testTarget(
        name: "YAJLModelFuzzTests",
        dependencies: ["YAJLModelFuzzing"]
    ),
]
