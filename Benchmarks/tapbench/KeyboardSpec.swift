import Foundation
import TapboardTestKit

/// Where a keyboard's key centres come from.
enum KeySource {
    /// `tapboard dump-layout --size WxH --page letters [arguments]` at the window's size.
    case dumpLayout(binary: URL, arguments: [String])
    /// A fixed table kept by the bench: centres in window pixels (relative to the
    /// inside of the window found by its identity) for a window of `size`.
    case table(size: (width: Int, height: Int), centres: [Character: (x: Double, y: Double)], source: String)
    /// The whole window is one key (the floor): its centre.
    case wholeWindow(Character)
    /// No keys (the Swift floor): measured for startup, memory and idle only.
    case none

    /// Whether it has keys to tap.
    var hasKeys: Bool {
        if case .none = self { return false }
        return true
    }
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
    /// For a keyboard that starts hidden (tapboard --auto-show): run once it has
    /// been started, before the bench waits for its window to be mapped; it makes
    /// the keyboard show (the display, the session, the started process).
    var reveal: ((_ display: String, _ session: any KeyboardHost, _ child: ChildProcess) throws -> Void)?
    /// How long the bench waits for its window to be mapped (after `reveal`, if any).
    var mapTimeout: Duration = .seconds(30)

    /// The program and its arguments, the display written `:N`, for the report.
    var commandLine: String {
        ([executable.path] + arguments(":N", BenchSession.keyboardPlacement)).joined(separator: " ")
    }

    /// Where the key coordinates came from, for the report.
    var keySourceDescription: String {
        switch keys {
        case .dumpLayout(_, let arguments):
            return (["tapboard dump-layout --page letters"] + arguments).joined(separator: " ") + " at the window's size"
        case .table(_, _, let source): return source
        case .wholeWindow(let key): return "the whole window is the key \"\(key)\""
        case .none: return "none: it has no keys (startup, memory and idle only)"
        }
    }
}

extension KeyboardSpec {
    /// Tapboard, with `--no-auto-shift` so every letter is lower case; otherwise
    /// as it starts by default (the suggestion strip on) plus `extra`, learning
    /// into a directory of its own (per `name`, its column), never the user's.
    static func tapboard(binary: URL, name: String = "tapboard", extra: [String] = []) -> KeyboardSpec {
        var spec = KeyboardSpec(name: name, executable: binary,
                                arguments: { display, geometry in
                                    ["--display", display, "--geometry", geometry.description, "--no-auto-shift"] + extra
                                },
                                identity: WindowIdentity(classes: ["tapboard"]),
                                keys: .dumpLayout(binary: binary, arguments: extra.filter { $0 == "--no-suggestions" }),
                                typeable: Set("abcdefghijklmnopqrstuvwxyz "),
                                usesDisplayVariable: false)
        let column = dataRoot.appendingPathComponent(String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" }))
        spec.environment["XDG_DATA_HOME"] = column.path
        // Its fonts kept in one cache for the run (FontMatches): the first start
        // matches them through fontconfig, as a user's first does; later ones
        // (the other startup trials, the modes) find them kept, as a user's do.
        spec.environment["XDG_CACHE_HOME"] = dataRoot.appendingPathComponent("cache").path
        return spec
    }

    /// Where tapboard learns during a run: a directory per column or mode under
    /// it, so no run starts with words another taught; removed at the end.
    static let dataRoot = FileManager.default.temporaryDirectory.appendingPathComponent("tapbench-data-\(getpid())")

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

    /// The Swift + Xlib + Xft floor: Benchmarks/swiftfloor, built by SwiftPM as
    /// tapboard is. It opens tapboard's start-up font (`swiftFloorFont`), maps a
    /// window and waits; no keys, so it is measured for startup, memory and idle.
    static func swiftFloor(binary: URL) -> KeyboardSpec {
        KeyboardSpec(name: "swiftfloor", executable: binary,
                     arguments: { display, geometry in
                         ["-display", display, "-geometry", geometry.description, "-font", swiftFloorFont]
                     },
                     identity: WindowIdentity(classes: ["tapbench-swiftfloor"]),
                     keys: .none,
                     typeable: [])
    }

    /// The font tapboard opens before mapping an 800x280 window with the default
    /// theme (the letters' family at 22 px x 280/216, rounded): RenderResources.font
    /// asked for as X11Keyboard is made. Given to the Swift floor.
    static let swiftFloorFont = "sans-serif:pixelsize=29"
}
