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

    /// Asks for RandR's screen and monitor change events on the root window;
    /// returns RandR's first event number, or nil without RandR.
    static func selectChanges(_ display: XDisplay) -> Int32? {
        var event: Int32 = 0, error: Int32 = 0
        guard XRRQueryExtension(display.pointer, &event, &error) != 0 else { return nil }
        XRRSelectInput(display.pointer, display.root, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        return event
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

/// Where the keyboard goes on the screen as it is now: the geometry asked for,
/// resolved within the monitor asked for (or the primary one).
struct Placement {
    var geometry: WindowGeometry
    /// The RandR monitor's name (`--monitor`); nil for the primary one.
    var monitor: String?
    var mode: WindowMode
    /// Factor for the default height (`--scale`).
    var scale: Double

    /// The keyboard's frame on the display's screen and monitors as they are now;
    /// throws when the monitor asked for is not there.
    func frame(on display: XDisplay) throws -> Rect {
        let screen = display.screenSize
        let area = try Monitors.choose(monitor, on: display)
        var frame = geometry.resolve(screen: Size(width: screen.width, height: screen.height), monitor: area,
                                     dpi: display.dpi, scale: scale)
        if case .dock(.top) = mode, geometry.y == nil { frame.y = area?.y ?? 0 }
        return frame
    }
}
