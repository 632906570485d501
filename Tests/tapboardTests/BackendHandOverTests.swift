import Foundation
import Testing
import TapboardTestKit

/// The two keyboard binaries, each with one display server's libraries:
/// `tapboard` (X11) runs `tapboard-wayland` when Wayland may be meant, which
/// runs `tapboard` back, saying why, when the compositor lacks what the
/// keyboard needs (`BackendChoice` in TapboardCore: never in a loop).
@Suite("tapboard and tapboard-wayland hand over to each other", .serialized)
struct BackendHandOverTests {
    /// One of the keyboard's binaries, beside the tapboard the tests run.
    private func binary(_ name: String) throws -> URL {
        let path = URL(fileURLWithPath: try TapboardBinary.path()).deletingLastPathComponent().appendingPathComponent(name)
        try #require(FileManager.default.isExecutableFile(atPath: path.path), "no \(name) at \(path.path)")
        return path
    }

    /// The shared libraries `ldd` lists for a binary, by name (`libX11.so.6`).
    private func libraries(of binary: URL) throws -> [String] {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/ldd"), [binary.path]).split(separator: "\n").compactMap {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
    }

    @Test("tapboard-wayland links no X library (ldd lists no libX11, libXtst, libXft, libXi, libXrandr... nor libxcb); tapboard does")
    func waylandBinaryLinksNoX() throws {
        let isX: (String) -> Bool = { $0.hasPrefix("libX") || $0.hasPrefix("libxcb") }
        let wayland = try libraries(of: binary("tapboard-wayland"))
        #expect(wayland.contains { $0.hasPrefix("libwayland-client") }, "\(wayland)")
        #expect(wayland.filter(isX).isEmpty, "\(wayland.filter(isX))")
        // What the check would see if X were there.
        let x11 = try libraries(of: binary("tapboard"))
        #expect(x11.contains { $0.hasPrefix("libX11.") } && !x11.contains { $0.hasPrefix("libwayland") }, "\(x11)")
    }

    @Test("No X display and a compositor without the layer shell: either binary says both reasons on one line and exits 1, the compositor looked at once",
          arguments: ["tapboard", "tapboard-wayland"])
    func neitherServer(_ name: String) throws {
        let compositor = try ListedGlobalsCompositor()
        var environment = compositor.environment()
        environment["DISPLAY"] = nil
        let keyboard = try ChildProcess(binary(name), ["--no-dbus"], environment: environment)
        let status = keyboard.wait(until: Deadline(.seconds(10)))
        #expect(status == .exited(1), "a loop of hand-overs, or no exit: \(keyboard.standardError)")
        #expect(keyboard.standardError == "tapboard: no X display: $DISPLAY is not set and --display was not given; "
            + "and the Wayland compositor offers no zwlr_layer_shell_v1 (the layer shell, to dock at an edge); "
            + "use a compositor that offers it (sway, labwc) or --backend x11\n")
        #expect(compositor.connections == 1)
    }

    @Test("A compositor without the layer shell and an X display: the keyboard runs on X, handed back to tapboard (the same process)")
    func handedBackToX() throws {
        let xvfb = try Xvfb()
        let compositor = try ListedGlobalsCompositor()
        let home = try ScratchDirectory()
        var environment = compositor.environment()
        environment["DISPLAY"] = xvfb.displayName
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        for (name, folder) in [("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config")] {
            environment[name] = home.path(folder)
        }
        let keyboard = try ChildProcess(binary("tapboard-wayland"), ["--no-dbus", "--no-suggestions"], environment: environment)
        defer { _ = keyboard.terminate() }
        let shown = Deadline.waitFor(.seconds(15)) {
            !((try? WindowWatcher.topLevelWindows(named: "tapboard", on: xvfb.displayName)) ?? []).isEmpty
        }
        #expect(shown, "no keyboard window on X: \(keyboard.standardError)")
        let running = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(keyboard.pid)/exe")
        #expect(URL(fileURLWithPath: running).lastPathComponent == "tapboard")
        #expect(compositor.connections == 1)
        #expect(keyboard.terminate() == .exited(0), "\(keyboard.standardError)")
        #expect(keyboard.standardError == "", "\(keyboard.standardError)")
    }
}
