// swift-tools-version: 6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

let package = Package(
    name: "YAJLModel",
    platforms: [.macOS(.v15)],  // Int128, and Foundation as on Linux
    products: [
        // Parsing, views, writing, and the model runtime. Builds without swift-syntax.
        .library(name: "YAJLModel", targets: ["YAJLModel"]),
        // `@JSONModel` and friends. Re-exports YAJLModel. The first build compiles
        // swift-syntax (about 70 s in debug and 7 min in release on 2 cores).
        .library(name: "YAJLModelMacros", targets: ["YAJLModelMacros"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
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
        // The compiler plugin that expands @JSONModel.
        .macro(
            name: "YAJLModelMacroPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "YAJLModelMacros",
            dependencies: ["YAJLModel", "YAJLModelMacroPlugin"]
        ),
        .testTarget(
            name: "YAJLModelTests",
            dependencies: ["YAJLModel", "CYAJLTree"]
        ),
        .testTarget(
            name: "YAJLModelMacrosTests",
            dependencies: [
                "YAJLModelMacros",
                "YAJLModelMacroPlugin",
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]
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

// The sanitizer runs in .ci/test set YAJLMODEL_CORE_ONLY: they check the C tree builder and the
// Swift core, and leaving the macros out spares each of them a sanitized build of swift-syntax.
if ProcessInfo.processInfo.environment["YAJLMODEL_CORE_ONLY"] != nil {
    let macroTargets: Set = ["YAJLModelMacroPlugin", "YAJLModelMacros", "YAJLModelMacrosTests"]
    package.targets.removeAll { macroTargets.contains($0.name) }
    package.products.removeAll { $0.name == "YAJLModelMacros" }
    package.dependencies.removeAll()
}
