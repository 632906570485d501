import CX11
import TapboardCore

/// The monitors RandR reports, and the one the keyboard goes on.
enum Monitors {
    /// One monitor: its RandR name and place on the screen.
    struct Monitor: Equatable {
        var name: String
        var frame: Rect
        var primary: Bool
    }

    /// The active monitors (none when the server lacks RandR 1.5).
    static func list(_ display: XDisplay) -> [Monitor] {
        var event: Int32 = 0, error: Int32 = 0
        guard XRRQueryExtension(display.pointer, &event, &error) != 0 else { return [] }
        var count: Int32 = 0
        guard let monitors = XRRGetMonitors(display.pointer, display.root, 1, &count) else { return [] }
        defer { XRRFreeMonitors(monitors) }
        return (0 ..< Int(count)).map { i in
            let m = monitors[i]
            let name = XGetAtomName(display.pointer, m.name).map { p -> String in
                defer { XFree(p) }
                return String(cString: p)
            } ?? "monitor \(i)"
            return Monitor(name: name, frame: Rect(x: Int(m.x), y: Int(m.y), width: Int(m.width), height: Int(m.height)),
                           primary: m.primary != 0)
        }
    }

    /// The monitor named, else the primary one, else the first; nil for the whole
    /// screen (no RandR monitors). Throws when a name matches no monitor.
    static func choose(_ name: String?, on display: XDisplay) throws -> Rect? {
        let all = list(display)
        if let name {
            guard let m = all.first(where: { $0.name == name }) else {
                throw X11Error.noSuchMonitor(name, all.map(\.name))
            }
            return m.frame
        }
        return (all.first { $0.primary } ?? all.first)?.frame
    }
}
