/// One monitor of the screen: its RandR name and place on the screen.
public struct Monitor: Hashable, Sendable {
    /// The name `xrandr --listmonitors` shows (`DP-1`, `DUMMY0`).
    public var name: String
    /// Its area of the screen, in pixels.
    public var frame: Rect
    /// Whether it is the primary monitor.
    public var primary: Bool

    /// Makes a monitor.
    public init(name: String, frame: Rect, primary: Bool) {
        self.name = name; self.frame = frame; self.primary = primary
    }
}

/// The screen as the keyboard sees it: its size, its monitors, the resolution fonts are drawn for.
public struct ScreenInfo: Hashable, Sendable {
    /// The whole screen (the root window), in pixels.
    public var size: Size
    /// The active monitors; empty when the server reports none (then the screen is one).
    public var monitors: [Monitor]
    /// Dots per inch (`Xft.dpi`, else 96).
    public var dpi: Double

    /// Makes a screen.
    public init(size: Size, monitors: [Monitor] = [], dpi: Double = 96) {
        self.size = size; self.monitors = monitors; self.dpi = dpi
    }
}

/// The monitor asked for is not there.
public struct NoSuchMonitor: Error, CustomStringConvertible, Equatable {
    /// The name asked for.
    public var name: String
    /// The monitors there are.
    public var names: [String]

    /// A one-line message naming the monitors there are.
    public var description: String {
        let known = names.isEmpty ? "the server reports none" : "the monitors are " + printable(names.joined(separator: ", "))
        return "no monitor named '\(printable(name))': \(known)"
    }
}

/// Where the keyboard goes on the screen as it is now: the geometry asked for,
/// resolved within the monitor asked for (or the primary one), kept where it can be seen.
public struct Placement: Hashable, Sendable {
    /// The size and place asked for (`--geometry`).
    public var geometry: WindowGeometry
    /// The RandR monitor's name (`--monitor`); nil for the primary one.
    public var monitor: String?
    /// Docked, floating or an overlay.
    public var mode: WindowMode
    /// Factor for the default height (`--scale`).
    public var scale: Double

    /// Makes a placement.
    public init(geometry: WindowGeometry = WindowGeometry(), monitor: String? = nil, mode: WindowMode = .dock(.bottom), scale: Double = 1) {
        self.geometry = geometry; self.monitor = monitor; self.mode = mode; self.scale = scale
    }

    /// A frame and what had to be changed from what was asked for, one line each.
    public struct Placed: Hashable, Sendable {
        /// The keyboard's frame on the screen.
        public var frame: Rect
        /// What was asked for and could not be had (too large, off every monitor), one line each.
        public var notes: [String]
    }

    /// The monitor's area the keyboard goes on: the one named, else the primary, else the
    /// first; nil for the whole screen (no monitors reported).
    public func area(on screen: ScreenInfo) throws(NoSuchMonitor) -> Rect? {
        if let monitor {
            guard let m = screen.monitors.first(where: { $0.name == monitor }) else {
                throw NoSuchMonitor(name: monitor, names: screen.monitors.map(\.name))
            }
            return m.frame
        }
        return (screen.monitors.first { $0.primary } ?? screen.monitors.first)?.frame
    }

    /// The keyboard's frame on the screen as it is now. A size larger than the
    /// screen is cut to the screen, and a place where no monitor would show any
    /// of it becomes the default place on the monitor; each with a note.
    public func frame(on screen: ScreenInfo) throws(NoSuchMonitor) -> Placed {
        let area = try self.area(on: screen)
        var notes: [String] = []
        var asked = geometry
        let screenRect = Rect(x: 0, y: 0, width: screen.size.width, height: screen.size.height)
        if let w = asked.width, let h = asked.height, w > screen.size.width || h > screen.size.height {
            asked.width = min(w, screen.size.width)
            asked.height = min(h, screen.size.height)
            notes.append("geometry \(Self.text(geometry)) is larger than the screen (\(screen.size.width)x\(screen.size.height));"
                         + " the keyboard is \(asked.width!)x\(asked.height!)")
        }
        var frame = asked.resolve(screen: screen.size, monitor: area, dpi: screen.dpi, scale: scale)
        if case .dock(.top) = mode, asked.y == nil { frame.y = area?.y ?? 0 }
        let visible = screen.monitors.isEmpty ? [screenRect] : screen.monitors.map(\.frame)
        if asked.x != nil || asked.y != nil, !visible.contains(where: { $0.intersects(frame) }) {
            var fallback = asked
            fallback.x = nil; fallback.y = nil
            frame = fallback.resolve(screen: screen.size, monitor: area, dpi: screen.dpi, scale: scale)
            if case .dock(.top) = mode { frame.y = area?.y ?? 0 }
            notes.append("geometry \(Self.text(geometry)) is off every monitor (the screen is \(screen.size.width)x\(screen.size.height));"
                         + " placing the keyboard at \(frame.x),\(frame.y) instead")
        }
        return Placed(frame: frame, notes: notes)
    }

    /// A geometry as it would be written (`1280x200+5000+5000`).
    static func text(_ g: WindowGeometry) -> String {
        var s = ""
        if let w = g.width, let h = g.height { s = "\(w)x\(h)" }
        if let x = g.x, let y = g.y { s += "\(g.xFromRight ? "-" : "+")\(x)\(g.yFromBottom ? "-" : "+")\(y)" }
        return s
    }
}

extension Rect {
    /// Whether the two rectangles share at least one pixel.
    public func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}
