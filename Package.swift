// swift-tools-version:6.1
import PackageDescription

/// The directory this manifest is in, for files the linker reads.
let packageRoot = String(#filePath.dropLast("/Package.swift".count))

/// Release builds of the keyboard's modules put each function in a section of its
/// own, so the link can lay them out in Support/tapboard.order's order (swiftc
/// puts a whole file's functions in one section otherwise, and a start touched
/// pages of code that only typing or a gesture runs). Generic types such as a
/// dictionary keyed by the keyboard's own types are made by accessor functions
/// that pass the conformances, not from a mangled name: the runtime checked each
/// name's requirements by searching every protocol conformance in the binary
/// (11 searches at start, each reading ~1,500 descriptors spread over .rodata).
/// And no merging of identical functions: a merged body is often a private
/// function with no symbol (`.text..L__unnamed_N`, the merged names jump to it),
/// which the order file cannot name, so the few bytes of it a start runs (value
/// witnesses, metadata accessors) kept a 64 KiB run of cold code resident each
/// (8 bodies, 7 runs at the X11 start; without merging, 0.33 MiB less VmRSS once
/// the order file is made again; ~17 KB more code).
let orderable: [SwiftSetting] = [.unsafeFlags([
    "-function-sections",
    "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
    "-Xfrontend", "-disable-llvm-merge-functions-pass",
], .when(configuration: .release))]

/// Release links of the two executables (see the `tapboard` target).
let leanLink = [
    "-use-ld=lld",
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    "-Xlinker", "--no-export-dynamic",
    "-Xlinker", "-z", "-Xlinker", "max-page-size=65536",
]

let package = Package(
    name: "Tapboard",
    products: [
        .library(name: "TapboardCore", targets: ["TapboardCore"]),
        .library(name: "TapboardCatalog", targets: ["TapboardCatalog"]),
        .library(name: "TapboardX11", targets: ["TapboardX11"]),
        .library(name: "TapboardWayland", targets: ["TapboardWayland"]),
        .library(name: "TapboardDBus", targets: ["TapboardDBus"]),
        .library(name: "TapboardLoop", targets: ["TapboardLoop"]),
        .library(name: "TapboardControl", targets: ["TapboardControl"]),
        .library(name: "TapboardTestKit", targets: ["TapboardTestKit"]),
        .executable(name: "tapboard", targets: ["tapboard"]),
        .executable(name: "tapboard-commands", targets: ["tapboard-commands"]),
        .executable(name: "tapboard-wayland", targets: ["tapboard-wayland"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CX11",
            pkgConfig: "xft",
            providers: [.apt(["libx11-dev", "libxtst-dev", "libxext-dev", "libxft-dev", "libxkbcommon-dev", "libxrandr-dev", "libxi-dev", "libxfixes-dev"])]
        ),
        // Layout and theme files are YAML, read with libyaml (what Yams wraps) directly:
        // Yams brings Foundation, whose start-up runs in every process that links it.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "TapboardCore", dependencies: ["CYAML"], swiftSettings: orderable),
        // HarfBuzz, opened with dlopen at the first emoji drawn or counted (never at start), for emoji sequences.
        .target(name: "CTapboardShaping"),
        // Finds layouts and themes by name or path and reads their files (libc only: no X, no Foundation),
        // and shapes the emoji fonts' sequences for both backends (Shaper).
        // The input methods' converters (libhangul, librime, Anthy), opened with dlopen when a layout first uses one.
        .target(name: "CTapboardConverters"),
        .target(name: "TapboardCatalog", dependencies: ["TapboardCore", "CTapboardShaping", "CTapboardConverters"], swiftSettings: orderable),
        // The X side of a keyboard: X events translated into the session's inputs, its commands
        // carried out with X calls (in few files: scripts/check-boundaries), the control channel.
        .target(name: "TapboardX11", dependencies: ["CX11", "TapboardCore", "TapboardCatalog"], swiftSettings: orderable),
        // sd-bus (libsystemd-dev's header; libsystemd.so.0 opened when first used) in C: its object
        // vtables are macros and its replies and signals variadic calls.
        .target(name: "CTapboardBus"),
        // The D-Bus interfaces (sm.puri.OSK0, org.tapboard.Keyboard1), a source for the keyboard's loop.
        .target(name: "TapboardDBus", dependencies: ["CTapboardBus", "TapboardCore"], swiftSettings: orderable),
        // signalfd and mallopt, which Swift's Glibc module does not import.
        .systemLibrary(name: "CGlibcExtras"),
        // The keyboard's one loop: it owns the session, polls the display server's connection (a backend
        // hands it over: `DisplayBackend`), the signals, the D-Bus and accessibility buses and the
        // deadlines, and feeds the session's inputs to it; the clock, the log, run keys' programs.
        // It knows no display server: no X and no Wayland library (scripts/check-boundaries).
        .target(name: "TapboardLoop", dependencies: ["CGlibcExtras", "TapboardCore", "TapboardDBus"], swiftSettings: orderable),
        // The sending end (`tapboard show`, `type`, `events`...) as calls: to a keyboard on X through
        // its control window, on Wayland through its control socket.
        .target(name: "TapboardControl", dependencies: ["CGlibcExtras", "TapboardCore", "TapboardX11"]),
        // The keyboard's start shared by the executables: the options as plain values, their table and
        // its parser (QuickStart), choosing the display server (handing over to the binary that carries
        // it), showing the keyboard on the backend the binary hands it, and handing a command line to
        // tapboard-commands. No display server's library: each binary brings its own.
        .target(name: "TapboardStart", dependencies: ["TapboardCore", "TapboardCatalog", "TapboardLoop"], swiftSettings: orderable),
        // The keyboard, its options read through their table: no ArgumentParser, so neither it nor the
        // FoundationEssentials it links is in this binary (docs/performance.md, start-up and memory).
        .executableTarget(
            name: "tapboard",
            dependencies: ["TapboardStart", "TapboardX11"],
            swiftSettings: orderable,
            // Release links with lld (from the Swift toolchain) for three savings in
            // resident memory and start-up (docs/performance.md):
            // relative relocations packed as RELR (kept position-independent, but
            // ~0.9 MB of .rela.dyn no longer read), the functions a start, taps,
            // a gesture and a page switch run laid out together in the order
            // Support/tapboard.order gives (scripts/make-order writes it), and no
            // dynamic symbol table of the modules' public symbols (swiftc exports
            // them from an executable; nothing looks them up, and the table and
            // its strings, 0.3 MB, were read at load).
            linkerSettings: [.unsafeFlags(leanLink + [
                "-Xlinker", "--symbol-ordering-file=\(packageRoot)/Support/tapboard.order",
                "-Xlinker", "--no-warn-symbol-ordering",
            ], .when(configuration: .release))]
        ),
        // The keyboard with its Wayland backend, which `tapboard` runs when Wayland is chosen:
        // an X11 start loads no Wayland library, and this binary links no X library (it runs
        // `tapboard` when X11 is wanted).
        .executableTarget(
            name: "tapboard-wayland",
            dependencies: ["TapboardStart", "TapboardWayland"],
            swiftSettings: orderable,
            // The same order as tapboard's: the loop, the session and the start are shared.
            linkerSettings: [.unsafeFlags(leanLink + [
                "-Xlinker", "--symbol-ordering-file=\(packageRoot)/Support/tapboard.order",
                "-Xlinker", "--no-warn-symbol-ordering",
            ], .when(configuration: .release))]
        ),
        // Subcommands, help, version and the error lines for the keyboard's options: ArgumentParser.
        .executableTarget(
            name: "tapboard-commands",
            dependencies: [
                "TapboardStart", "TapboardCore", "TapboardCatalog", "TapboardX11", "TapboardLoop", "TapboardControl",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.unsafeFlags(leanLink, .when(configuration: .release))]
        ),
        // Drives a keyboard under Xvfb as a user would: used by the integration tests and the benchmarks.
        // libwayland's client API and the glue of the protocols beyond the core one (scripts/make-wayland-glue).
        .target(name: "CWayland", exclude: ["protocols"], linkerSettings: [.linkedLibrary("wayland-client")]),
        // FreeType, fontconfig and xkbcommon for the Wayland backend: its labels' glyphs and its keymap.
        .systemLibrary(name: "CWaylandExtras", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev", "libfontconfig-dev", "libxkbcommon-dev"])]),
        // The Wayland side of a keyboard: a layer-shell surface drawn from shared memory, the seat's
        // pointer and touch in, a virtual keyboard out; the same session as on X.
        .target(name: "TapboardWayland", dependencies: ["CWayland", "CWaylandExtras", "CGlibcExtras", "TapboardCore", "TapboardCatalog"],
                swiftSettings: orderable),
        .target(name: "TapboardTestKit", dependencies: ["CX11", "CWayland"]),
        // Benchmarks (scripts/bench): built with everything so they never rot, run only on demand.
        .executableTarget(
            name: "tapbench",
            dependencies: ["TapboardTestKit", "CX11", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/tapbench"
        ),
        // Tapboard beside wvkbd on a headless sway (scripts/bench-wayland).
        .executableTarget(name: "tapbench-wayland", dependencies: ["TapboardTestKit"], path: "Benchmarks/wayland"),
        // The Swift + Xlib + Xft floor (scripts/bench): a window and tapboard's font, linked as tapboard is.
        .executableTarget(name: "tapbench-swiftfloor", dependencies: ["CX11"], path: "Benchmarks/swiftfloor"),
        // The soak (scripts/soak): random traffic on the real keyboard, then its checks.
        .executableTarget(
            name: "tapsoak",
            dependencies: ["TapboardTestKit", "CX11"],
            path: "Soak"
        ),
        // Keystroke savings of the suggestion strip on a text (scripts/bench-predict).
        .executableTarget(name: "tapboard-predict", dependencies: ["TapboardCore"], path: "Benchmarks/predict"),
        // The emoji search's time per keystroke in every language (scripts/bench-emoji).
        .executableTarget(name: "tapboard-emoji", dependencies: ["TapboardCore"], path: "Benchmarks/emoji"),
        // Words per minute of a simulated switch user and a dwell user, beside onboard's scanning (scripts/bench-scan).
        .executableTarget(name: "tapboard-scan", dependencies: ["TapboardCore"], path: "Benchmarks/scan", exclude: ["onboard-compact.json", "dump-onboard-scan.py"]),
        // Accuracy and speed of the gesture decoder on modelled strokes (scripts/bench-swipe).
        .executableTarget(name: "tapboard-swipe", dependencies: ["TapboardCore"], path: "Benchmarks/swipe"),
        .executableTarget(
            name: "tapboard-micro",
            dependencies: ["TapboardCore", "TapboardCatalog", "TapboardX11", .product(name: "Benchmark", package: "swift-benchmark")],
            path: "Benchmarks/micro"
        ),
        .testTarget(name: "TapboardCoreTests", dependencies: ["TapboardCore"]),
        .testTarget(name: "TapboardX11Tests", dependencies: ["TapboardX11", "TapboardLoop", "TapboardControl", "TapboardCore", "TapboardTestKit", "CX11"]),
        .testTarget(name: "TapboardWaylandTests", dependencies: ["TapboardTestKit", "TapboardCore"]),
        .testTarget(name: "TapboardCatalogTests", dependencies: ["TapboardCatalog", "TapboardCore", "TapboardTestKit"]),
        .testTarget(name: "tapboardTests", dependencies: ["tapboard-commands", "TapboardStart", "TapboardCatalog", "TapboardTestKit"]),
    ]
)
