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
