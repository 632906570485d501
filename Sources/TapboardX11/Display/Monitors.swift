import CX11
import TapboardCore

/// The monitors RandR reports, and the screen as the session sees it.
enum Monitors {
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
}

extension XDisplay {
    /// The screen as it is now: its size, its monitors, its resolution.
    var screenNow: ScreenInfo {
        let size = screenSize
        return ScreenInfo(size: Size(width: size.width, height: size.height), monitors: Monitors.list(self), dpi: dpi)
    }
}
