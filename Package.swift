// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Tapboard",
    products: [
        .library(name: "TapboardCore", targets: ["TapboardCore"]),
        .library(name: "TapboardX11", targets: ["TapboardX11"]),
        .executable(name: "tapboard", targets: ["tapboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CX11",
            pkgConfig: "xft",
            providers: [.apt(["libx11-dev", "libxtst-dev", "libxext-dev", "libxft-dev", "libxkbcommon-dev"])]
        ),
        .target(name: "TapboardCore"),
        .target(name: "TapboardX11", dependencies: ["CX11", "TapboardCore"]),
        .executableTarget(
            name: "tapboard",
            dependencies: [
                "TapboardCore", "TapboardX11",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "TapboardCoreTests", dependencies: ["TapboardCore"]),
        .testTarget(name: "TapboardX11Tests", dependencies: ["TapboardX11", "TapboardCore", "CX11"]),
        .testTarget(name: "tapboardTests", dependencies: ["tapboard"]),
    ]
)
