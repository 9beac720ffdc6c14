// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the library's users never resolve
// swift-argument-parser, and so the baselines may link yajl_tree, which the
// library deliberately leaves out.
let package = Package(
    name: "YAJLModelBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "yajlmodel-bench", targets: ["yajlmodel-bench"])
    ],
    dependencies: [
        // Named, so that the product reference below holds whatever the checkout folder is called.
        // The NIO trait: the async-stream scenario reads ByteBuffers through YAJLModelNIO.
        .package(name: "YAJLModel", path: "..", traits: ["NIO"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // yajl for the baseline contenders (callback parser and yajl_tree). Named
        // apart from the root package's CYAJL, since module names must be unique.
        .systemLibrary(
            name: "CYAJLBaseline",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),
        // zlib, to gzip the inputs of the gzip rows.
        .systemLibrary(
            name: "CZlibBaseline",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .executableTarget(
            name: "yajlmodel-bench",
            dependencies: [
                .product(name: "YAJLModel", package: "YAJLModel"),
                .product(name: "YAJLModelMacros", package: "YAJLModel"),
                .product(name: "YAJLModelNIO", package: "YAJLModel"),
                .product(name: "YAJLModelGenerator", package: "YAJLModel"),
                "CYAJLBaseline",
                "CZlibBaseline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
