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
        // zlib, from the system (Debian/Ubuntu: zlib1g-dev; macOS: in the SDK): the readers inflate gzip input.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The C tree builder: yajl callbacks append compact nodes to an arena.
        .target(
            name: "CYAJLTree",
            dependencies: ["CYAJL"],
            // Its sources define what CYAJLTreeTesting's header declares.
            cSettings: [.headerSearchPath("../CYAJLTreeTesting/include")]
        ),
        // What CYAJLTree exports for tests and fuzz targets only (the copy's kernels), kept
        // out of the header that `import CYAJLTree` reads.
        .target(
            name: "CYAJLTreeTesting",
            dependencies: ["CYAJLTree"]
        ),
        .target(
            name: "YAJLModel",
            dependencies: ["CYAJLTree", "CZlib"]
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
            dependencies: ["YAJLModel", "CYAJLTree", "CYAJLTreeTesting", "CZlib"],
            exclude: ["Inputs"]
        ),
        // Models made by the macros, at run time: built with the plugin as a build tool only.
        .testTarget(
            name: "YAJLModelMacrosTests",
            dependencies: ["YAJLModelMacros"]
        ),
        // The plugin's expansions and diagnostics: these link swift-syntax into the tests.
        .testTarget(
            name: "YAJLModelMacroExpansionTests",
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
        dependencies: ["YAJLModel", "CYAJLTree", "CYAJLTreeTesting", "CZlib"],
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
    let macroTargets: Set = ["YAJLModelMacroPlugin", "YAJLModelMacros", "YAJLModelMacrosTests", "YAJLModelMacroExpansionTests"]
    package.targets.removeAll { macroTargets.contains($0.name) }
    package.products.removeAll { $0.name == "YAJLModelMacros" }
    package.dependencies.removeAll()
}

// Services: SwiftNIO input and the Hummingbird and Vapor adapters (see README "Services"),
// each behind a trait that is off by default, so that a plain YAJLModel user neither
// resolves nor builds SwiftNIO, Hummingbird or Vapor (.ci/services checks that). Kept as
// appended statements, as the fuzzing ones are, and after the core-only arrangement, which
// they outlive: `YAJLMODEL_CORE_ONLY=1 swift test --traits Hummingbird,Vapor` builds and
// tests them all without swift-syntax (as .ci/services does).
package.traits = [
    .trait(name: "NIO", description: "JSONDocument, YAJLDecoder, models and the streaming readers read SwiftNIO ByteBuffers (YAJLModelNIO)."),
    .trait(name: "Hummingbird", description: "YAJLDecoder and YAJLEncoder as Hummingbird 2's request decoder and response encoder (YAJLModelHummingbird).", enabledTraits: ["NIO"]),
    .trait(name: "Vapor", description: "YAJLDecoder and YAJLEncoder as Vapor 4's content decoder and encoder (YAJLModelVapor).", enabledTraits: ["NIO"]),
    .default(enabledTraits: []),
]
package.dependencies += [
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
]
package.products += [
    .library(name: "YAJLModelNIO", targets: ["YAJLModelNIO"]),
    .library(name: "YAJLModelHummingbird", targets: ["YAJLModelHummingbird"]),
    .library(name: "YAJLModelVapor", targets: ["YAJLModelVapor"]),
]
package.targets += [
    // Each target's sources are inside `#if <trait>`: without the trait it is empty.
    .target(
        name: "YAJLModelNIO",
        dependencies: ["YAJLModel", .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIO"]))],
        path: "Sources/Services/YAJLModelNIO"
    ),
    .target(
        name: "YAJLModelHummingbird",
        dependencies: [
            "YAJLModelNIO",
            .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        ],
        path: "Sources/Services/YAJLModelHummingbird"
    ),
    .target(
        name: "YAJLModelVapor",
        dependencies: ["YAJLModelNIO", .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"]))],
        path: "Sources/Services/YAJLModelVapor"
    ),
    // The example service (Examples/FeedIngest/README.md): a Hummingbird server that streams
    // request bodies. Without the Hummingbird trait it only says so.
    .executableTarget(
        name: "FeedIngest",
        dependencies: [
            "YAJLModelHummingbird",
            .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        ],
        path: "Examples/FeedIngest",
        exclude: ["README.md"]
    ),
    .testTarget(
        name: "YAJLModelServicesTests",
        dependencies: [
            "YAJLModelNIO", "YAJLModelHummingbird", "YAJLModelVapor", "FeedIngest", "CZlib",
            .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Hummingbird", "Vapor"])),
            .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIO"])),
            .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
            .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
        ]
    ),
]

// Model generation: the YAJLModelGenerator library, the `yajlmodel` tool (`yajlmodel generate`)
// and the `generate-models` command plugin. Appended after the core-only arrangement, which it
// outlives: the generator needs no swift-syntax. swift-argument-parser is used by the tool
// only; SwiftPM resolves a dependency for the products a user depends on, so a plain
// YAJLModel user neither resolves nor builds it.
package.dependencies += [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
]
package.products += [
    .library(name: "YAJLModelGenerator", targets: ["YAJLModelGenerator"]),
    .executable(name: "yajlmodel", targets: ["yajlmodel"]),
    .plugin(name: "generate-models", targets: ["GenerateModels"]),
]
package.targets += [
    .target(
        name: "YAJLModelGenerator",
        dependencies: ["YAJLModel"]
    ),
    .executableTarget(
        name: "yajlmodel",
        dependencies: ["YAJLModelGenerator", .product(name: "ArgumentParser", package: "swift-argument-parser")],
        path: "Tools/yajlmodel"
    ),
    .plugin(
        name: "GenerateModels",
        capability: .command(
            intent: .custom(verb: "generate-models", description: "Writes @JSONModel types inferred from JSON files into a target's sources."),
            permissions: [.writeToPackageDirectory(reason: "Writes the generated Swift source into the target's folder.")]
        ),
        dependencies: ["yajlmodel"],
        path: "Plugins/GenerateModels"
    ),
    .testTarget(
        name: "YAJLModelGeneratorTests",
        dependencies: ["YAJLModelGenerator", "YAJLModel"],
        exclude: ["Inputs"]
    ),
]
