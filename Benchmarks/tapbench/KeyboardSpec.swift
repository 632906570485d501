import Foundation
import TapboardTestKit

/// Where a keyboard's key centres come from.
enum KeySource {
    /// `tapboard dump-layout --size WxH --page letters` at the window's size.
    case dumpLayout(binary: URL)
    /// A fixed table kept by the bench: centres in window pixels (relative to the
    /// inside of the window found by its identity) for a window of `size`.
    case table(size: (width: Int, height: Int), centres: [Character: (x: Double, y: Double)], source: String)
    /// The whole window is one key (the floor): its centre.
    case wholeWindow(Character)
}

/// One keyboard the bench measures: how to start it, how to find its window,
/// and where its keys are.
struct KeyboardSpec {
    /// The column name (`tapboard`, `floor`, `matchbox-keyboard`, ...).
    var name: String
    /// The program to exec.
    var executable: URL
    /// The command-line arguments for a display and a geometry (`WxH+X+Y`).
    var arguments: (_ display: String, _ geometry: WindowPlacement) -> [String]
    /// How its window is recognised.
    var identity: WindowIdentity
    /// Whether it needs a D-Bus session bus (the bench starts a private one).
    var needsSessionBus = false
    /// Environment variables set for it (besides DISPLAY).
    var environment: [String: String] = [:]
    /// False when it has no command-line geometry option: the bench then moves
    /// and resizes its window once mapped, as a window manager or panel would.
    var placesItself = true
    /// Where the key centres come from.
    var keys: KeySource
    /// The characters it can type (the floor types only one).
    var typeable: Set<Character>
    /// Whether it should be given DISPLAY (tapboard is given --display only, exactly).
    var usesDisplayVariable = true

    /// Where the key coordinates came from, for the report.
    var keySourceDescription: String {
        switch keys {
        case .dumpLayout: return "tapboard dump-layout --page letters at the window's size"
        case .table(_, _, let source): return source
        case .wholeWindow(let key): return "the whole window is the key \"\(key)\""
        }
    }
}

extension KeyboardSpec {
    /// Tapboard, with `--no-auto-shift` so every letter is lower case; otherwise
    /// as it starts by default (the suggestion strip on), learning into a
    /// directory of the run's own, never the user's.
    static func tapboard(binary: URL) -> KeyboardSpec {
        var spec = KeyboardSpec(name: "tapboard", executable: binary,
                                arguments: { display, geometry in
                                    ["--display", display, "--geometry", geometry.description, "--no-auto-shift"]
                                },
                                identity: WindowIdentity(classes: ["tapboard"]),
                                keys: .dumpLayout(binary: binary),
                                typeable: Set("abcdefghijklmnopqrstuvwxyz "),
                                usesDisplayVariable: false)
        spec.environment["XDG_DATA_HOME"] = FileManager.default.temporaryDirectory
            .appendingPathComponent("tapbench-data-\(getpid())").path
        return spec
    }

    /// The floor: Benchmarks/floor/floor.c, one window that types `a` on release.
    static func floor(binary: URL) -> KeyboardSpec {
        KeyboardSpec(name: "floor", executable: binary,
                     arguments: { display, geometry in
                         ["-display", display, "-geometry", geometry.description, "-key", "a"]
                     },
                     identity: WindowIdentity(classes: ["tapbench-floor"]),
                     keys: .wholeWindow("a"),
                     typeable: ["a"])
    }
}
