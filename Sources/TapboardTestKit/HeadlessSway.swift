import Foundation

/// A sway compositor with no screen, for tests on Wayland: wlroots' headless
/// backend, the pixman renderer, one output of the size asked for.
///
/// sway refuses to run as root, so it runs as an unprivileged user (made the
/// first time, as `useradd` makes a system user) with a runtime directory of
/// its own; the tests, root, are its clients through `environment`.
public final class HeadlessSway {
    /// The user sway runs as.
    public static let user = "tapboard-wayland"

    /// Where its socket is (`XDG_RUNTIME_DIR` for its clients).
    public let runtimeDirectory: String
    /// Its socket's name (`WAYLAND_DISPLAY`).
    public private(set) var socketName = ""
    /// Its IPC socket (`SWAYSOCK`, for `swaymsg`).
    public private(set) var ipcSocket = ""
    /// The output's size in pixels.
    public let size: (width: Int, height: Int)
    private var process: ChildProcess?

    /// What a client of this compositor needs in its environment.
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtimeDirectory
        env["WAYLAND_DISPLAY"] = socketName
        env["SWAYSOCK"] = ipcSocket
        env["DISPLAY"] = nil
        return env
    }

    /// Starts sway and waits for its sockets; throws, naming what is missing, when it cannot.
    public init(width: Int = 1280, height: Int = 800) throws {
        size = (width, height)
        for program in ["sway", "swaymsg", "runuser", "useradd"]
        where executableOnPath(program) == nil && !FileManager.default.isExecutableFile(atPath: "/usr/sbin/\(program)") {
            throw HarnessError.programMissing(program, hint: "install sway (scripts/test does)")
        }
        try Self.ensureUser()
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-sway-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        _ = try ChildProcess.run(URL(fileURLWithPath: "/bin/chown"), [Self.user, runtimeDirectory])
        let config = runtimeDirectory + ".conf"
        try """
            output HEADLESS-1 mode \(width)x\(height) position 0 0
            default_border none
            focus_follows_mouse no
            """.write(toFile: config, atomically: true, encoding: .utf8)
        // The user reads the file: world-readable, as /tmp's are not by default here.
        chmod(config, 0o644)
        let runuser = executableOnPath("runuser") ?? URL(fileURLWithPath: "/usr/sbin/runuser")
        process = try ChildProcess(runuser, [
            "-u", Self.user, "--", "env", "-i", "PATH=/usr/bin:/bin", "XDG_RUNTIME_DIR=\(runtimeDirectory)",
            "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1", "sway", "-c", config,
        ])
        let found = Deadline.waitFor(.seconds(10)) { [self] in
            guard process?.isRunning == true,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory),
                  let wayland = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                  let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") }) else { return false }
            socketName = wayland
            ipcSocket = runtimeDirectory + "/" + ipc
            return true
        }
        guard found else {
            let why = process?.standardError.split(separator: "\n").suffix(5).joined(separator: "\n") ?? ""
            stop()
            throw HarnessError.processFailed("headless sway did not start within 10 s: \(why)")
        }
    }

    deinit { stop() }

    /// The output's pixels in a rectangle, read with grim (as PPM).
    public func screenshot(x: Int, y: Int, width: Int, height: Int) throws -> Screenshot {
        guard let grim = executableOnPath("grim") else { throw HarnessError.programMissing("grim", hint: "install grim (scripts/test does)") }
        let file = runtimeDirectory + "-shot-\(UUID().uuidString).ppm"
        defer { try? FileManager.default.removeItem(atPath: file) }
        _ = try ChildProcess.run(grim, ["-t", "ppm", "-g", "\(x),\(y) \(width)x\(height)", file], environment: environment)
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        // P6, width, height, maximum, each after white space; then the pixels.
        var fields: [String] = [], i = 0
        while fields.count < 4, i < data.count {
            while i < data.count, data[i] == 0x20 || data[i] == 0x0a { i += 1 }
            var field = ""
            while i < data.count, data[i] != 0x20, data[i] != 0x0a { field.append(Character(UnicodeScalar(data[i]))); i += 1 }
            fields.append(field)
        }
        i += 1
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), data.count - i >= w * h * 3 else {
            throw HarnessError.processFailed("grim wrote no PPM image of \(width)x\(height)")
        }
        return Screenshot(width: w, height: h, rgb: Array(data[i ..< i + w * h * 3]))
    }

    /// Stops sway and removes its runtime directory.
    public func stop() {
        if let process { _ = process.terminate(within: .seconds(5)) }
        process = nil
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
        try? FileManager.default.removeItem(atPath: runtimeDirectory + ".conf")
    }

    /// Runs `swaymsg` with these arguments; its output.
    @discardableResult
    public func message(_ arguments: [String]) throws -> String {
        guard let swaymsg = executableOnPath("swaymsg") else { throw HarnessError.programMissing("swaymsg", hint: "install sway") }
        return try ChildProcess.run(swaymsg, arguments, environment: environment)
    }

    /// A window with this app id (or, for toolkits that make theirs from the
    /// script's name, this title): whether it has the keyboard focus, and its
    /// rectangle on the output (x, y, width, height); nil when none is mapped.
    public func window(appID: String) -> (focused: Bool, rect: (x: Int, y: Int, width: Int, height: Int))? {
        guard let tree = try? message(["-t", "get_tree"]),
              let data = tree.data(using: .utf8), let root = try? JSONSerialization.jsonObject(with: data) else { return nil }
        func walk(_ node: Any) -> [String: Any]? {
            guard let node = node as? [String: Any] else { return nil }
            if node["app_id"] as? String == appID || (node["type"] as? String == "con" && node["name"] as? String == appID) { return node }
            let children = (node["nodes"] as? [Any] ?? []) + (node["floating_nodes"] as? [Any] ?? [])
            return children.lazy.compactMap(walk).first
        }
        guard let node = walk(root), let rect = node["rect"] as? [String: Any],
              let x = rect["x"] as? Int, let y = rect["y"] as? Int,
              let width = rect["width"] as? Int, let height = rect["height"] as? Int else { return nil }
        return (node["focused"] as? Bool == true, (x, y, width, height))
    }

    /// The unprivileged user sway runs as, made once.
    private static func ensureUser() throws {
        if getpwnam(user) != nil { return }
        let useradd = executableOnPath("useradd") ?? URL(fileURLWithPath: "/usr/sbin/useradd")
        _ = try ChildProcess.run(useradd, ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", user])
    }
}
