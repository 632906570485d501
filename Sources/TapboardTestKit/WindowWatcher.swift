import CX11
import Foundation

/// How a `WindowWatcher` recognises a program's window: by WM_CLASS (instance
/// or class) or, for programs that set none, by WM_NAME.
public struct WindowIdentity: Sendable, CustomStringConvertible {
    /// WM_CLASS strings, either of which identifies the window.
    public var classes: Set<String>
    /// WM_NAME values that identify the window.
    public var names: Set<String>

    /// An identity by WM_CLASS and/or WM_NAME.
    public init(classes: Set<String> = [], names: Set<String> = []) {
        self.classes = classes
        self.names = names
    }

    /// `WM_CLASS a or b, WM_NAME c`.
    public var description: String {
        var parts: [String] = []
        if !classes.isEmpty { parts.append("WM_CLASS " + classes.sorted().joined(separator: " or ")) }
        if !names.isEmpty { parts.append("WM_NAME " + names.sorted().map(\.debugDescription).joined(separator: " or ")) }
        return parts.joined(separator: ", ")
    }
}

/// A top-level window found mapped by a `WindowWatcher`.
public struct MappedWindow: Sendable {
    /// The client window (not a window manager's frame).
    public var window: Window
    /// Its WM_CLASS strings (instance, class).
    public var wmClass: [String]
    /// `MonotonicClock.now` when its MapNotify was read (or, if WM_CLASS came later, the PropertyNotify).
    public var mappedAt: UInt64
    /// Its place on the screen once mapped (inside any frame).
    public var placement: WindowPlacement
}

/// Watches a server for a new top-level window with a given WM_CLASS being
/// mapped, with or without a reparenting window manager. Open it before
/// starting the program, so no MapNotify is missed.
public final class WindowWatcher {
    private var display: OpaquePointer?
    private let root: Window
    private var watched: Set<Window> = []

    /// Opens a connection to `displayName` and starts listening for new windows.
    public init(displayName: String) throws {
        let d = try XConnection.open(displayName)
        display = d
        root = tb_root_window(d, tb_default_screen(d))
        XSelectInput(d, root, SubstructureNotifyMask)
        XSync(d, 0)
    }

    deinit { close() }

    /// Closes the connection. Call before the server stops.
    public func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// Waits (poll with a deadline) until a window with this identity is mapped;
    /// stops early when `child` exits.
    public func waitForWindow(_ identity: WindowIdentity, child: ChildProcess?, timeout: Duration) throws -> MappedWindow {
        guard let display else { throw HarnessError.cannotOpenDisplay("(closed watcher)") }
        var found: MappedWindow?
        var mapped: Set<Window> = []
        let check = { (window: Window, time: UInt64) in
            guard found == nil else { return }
            let names = Self.wmClass(of: window, on: display)
            if !Set(names).isDisjoint(with: identity.classes)
                || Self.wmName(of: window, on: display).map(identity.names.contains) == true {
                found = MappedWindow(window: window, wmClass: names, mappedAt: time,
                                     placement: Self.placement(of: window, on: display, root: self.root))
            }
        }
        let watch = { (window: Window) in
            guard !self.watched.contains(window) else { return }
            self.watched.insert(window)
            // Its own StructureNotify reports MapNotify even once a window manager has reparented it.
            XSelectInput(display, window, StructureNotifyMask | PropertyChangeMask)
            var attributes = XWindowAttributes()
            if XGetWindowAttributes(display, window, &attributes) != 0, attributes.map_state == IsViewable {
                mapped.insert(window)
                check(window, MonotonicClock.now)
            }
        }
        let extra = child.map { [$0.exitDescriptor] } ?? []
        let ok = XConnection.pump(display, until: Deadline(timeout), extraDescriptors: extra, handle: { event in
            let now = MonotonicClock.now
            switch event.type {
            case CreateNotify where event.xcreatewindow.parent == self.root:
                watch(event.xcreatewindow.window)
            case ReparentNotify:
                watch(event.xreparent.window)
            case MapNotify:
                let window = event.xmap.window
                mapped.insert(window)
                watch(window)
                check(window, now)
            case PropertyNotify where mapped.contains(event.xproperty.window):
                check(event.xproperty.window, now)
            default:
                break
            }
        }, done: { found != nil || (child.map { !$0.isRunning } ?? false) })
        guard ok, let window = found else {
            let names = identity.description
            if let child, let status = child.status {
                throw HarnessError.processFailed("\(child.name) \(status) before mapping a window with WM_CLASS \(names); stderr: \(child.standardError.suffix(600))")
            }
            throw HarnessError.timedOut("no mapped window with WM_CLASS \(names) within \(timeout)"
                + (child.map { " of starting \($0.name); stderr: \($0.standardError.suffix(600))" } ?? ""))
        }
        return window
    }

    /// Moves and resizes a window (as a window manager or panel would, for
    /// programs without a geometry option) and waits for the ConfigureNotify of
    /// the new size; returns where the window then is, or nil on timeout.
    public func configure(_ window: Window, to placement: WindowPlacement, timeout: Duration) -> WindowPlacement? {
        guard let display else { return nil }
        XSelectInput(display, window, StructureNotifyMask | PropertyChangeMask)
        XMoveResizeWindow(display, window, Int32(placement.x), Int32(placement.y),
                          UInt32(placement.width), UInt32(placement.height))
        var sized = false
        _ = XConnection.pump(display, until: Deadline(timeout), handle: { event in
            if event.type == ConfigureNotify, event.xconfigure.window == window,
               Int(event.xconfigure.width) == placement.width, Int(event.xconfigure.height) == placement.height {
                sized = true
            }
        }, done: { sized })
        return sized ? Self.placement(of: window, on: display, root: root) : nil
    }

    /// Waits until no ConfigureNotify has come for the window for `quiet` (a
    /// window manager placing it), at most `timeout`; returns where it is then.
    public func settle(_ window: Window, quiet: Duration, timeout: Duration) -> WindowPlacement? {
        guard let display else { return nil }
        XSelectInput(display, window, StructureNotifyMask)
        XSync(display, 0)
        let end = Deadline(timeout)
        var quietUntil = Deadline(quiet)
        while !end.hasPassed {
            let next = quietUntil.instant < end.instant ? quietUntil : end
            var moved = false
            _ = XConnection.pump(display, until: next, handle: { event in
                if event.type == ConfigureNotify && event.xconfigure.window == window { moved = true }
            }, done: { moved })
            if !moved { break }
            quietUntil = Deadline(quiet)
        }
        return Self.placement(of: window, on: display, root: root)
    }

    /// The top-level windows whose WM_CLASS instance name is `name`, mapped or not, with whether each is mapped.
    public static func topLevelWindows(named name: String, on displayName: String) throws -> [(window: Window, mapped: Bool)] {
        let d = try XConnection.open(displayName)
        defer { XCloseDisplay(d) }
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        XQueryTree(d, tb_root_window(d, tb_default_screen(d)), &root, &parent, &children, &count)
        defer { if let children { XFree(children) } }
        return (0 ..< Int(count)).compactMap { children?[$0] }.filter { wmClass(of: $0, on: d).first == name }.map { w in
            var attributes = XWindowAttributes()
            XGetWindowAttributes(d, w, &attributes)
            return (w, attributes.map_state != IsUnmapped)
        }
    }

    /// Where the windows whose WM_CLASS instance name is `name` are, at any depth
    /// (a window manager's frame may hold them), in root coordinates.
    public static func placements(named name: String, on displayName: String) throws -> [WindowPlacement] {
        let d = try XConnection.open(displayName)
        defer { XCloseDisplay(d) }
        let top = tb_root_window(d, tb_default_screen(d))
        var found: [WindowPlacement] = []
        func visit(_ window: Window, depth: Int) {
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(d, window, &root, &parent, &children, &count) != 0 else { return }
            defer { if let children { XFree(children) } }
            for i in 0 ..< Int(count) {
                guard let child = children?[i] else { continue }
                if wmClass(of: child, on: d).first == name { found.append(placement(of: child, on: d, root: top)) }
                if depth < 3 { visit(child, depth: depth + 1) }
            }
        }
        visit(top, depth: 0)
        return found
    }

    /// The WM_CLASS strings (instance and class) of a window.
    public static func wmClass(of window: Window, on display: OpaquePointer) -> [String] {
        var hint = XClassHint()
        guard XGetClassHint(display, window, &hint) != 0 else { return [] }
        var names: [String] = []
        if let name = hint.res_name { names.append(String(cString: name)); XFree(name) }
        if let cls = hint.res_class { names.append(String(cString: cls)); XFree(cls) }
        return names
    }

    /// The WM_NAME of a window, if it has one.
    public static func wmName(of window: Window, on display: OpaquePointer) -> String? {
        var name: UnsafeMutablePointer<CChar>?
        guard XFetchName(display, window, &name) != 0, let name else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// A window's size and its place in root coordinates.
    public static func placement(of window: Window, on display: OpaquePointer, root: Window) -> WindowPlacement {
        var rootReturn: Window = 0, childReturn: Window = 0
        var x: Int32 = 0, y: Int32 = 0, gx: Int32 = 0, gy: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        XGetGeometry(display, window, &rootReturn, &gx, &gy, &width, &height, &border, &depth)
        XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &childReturn)
        return WindowPlacement(width: Int(width), height: Int(height), x: Int(x), y: Int(y))
    }

    /// Whether a window shows: mapped, its parents (a manager's frame) too.
    public func isViewable(_ window: Window) -> Bool {
        guard let display else { return false }
        var attributes = XWindowAttributes()
        return XGetWindowAttributes(display, window, &attributes) != 0 && attributes.map_state == IsViewable
    }

    /// The window's current place (it may have moved since it was mapped).
    public func placement(of window: Window) -> WindowPlacement? {
        guard let display else { return nil }
        return Self.placement(of: window, on: display, root: root)
    }
}
