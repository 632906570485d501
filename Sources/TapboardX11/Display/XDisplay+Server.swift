import CX11
import TapboardCore

/// What a window is, as far as the focus rules need to know.
struct WindowAttributes {
    /// No window manager places it (a menu, a popup, the keyboard).
    var overrideRedirect: Bool
    /// It and its ancestors are mapped.
    var viewable: Bool
    /// It is drawn in (not an input-only window).
    var inputOutput: Bool
}

/// What the keyboard asks the server about and sets there besides its own
/// windows: the input focus, the pointer, other clients' top-level windows,
/// the control selection, the monitors.
extension XDisplay {
    /// The window that has the input focus (`PointerRoot` or `None` for those).
    func inputFocus() -> Window {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(pointer, &focus, &revert)
        return focus
    }

    /// Gives the input focus to a window (or `PointerRoot`); if that window
    /// goes, the focus follows the pointer as before.
    func setInputFocus(_ window: Window) {
        XSetInputFocus(pointer, window, Int32(RevertToPointerRoot), Time(CurrentTime))
    }

    /// A window's attributes; nil when they cannot be read (it has gone).
    func attributes(of window: Window) -> WindowAttributes? {
        var a = XWindowAttributes()
        guard XGetWindowAttributes(pointer, window, &a) != 0 else { return nil }
        return WindowAttributes(overrideRedirect: a.override_redirect != 0, viewable: a.map_state == IsViewable,
                                inputOutput: a.`class` == InputOutput)
    }

    /// The root's child the pointer is in, if any.
    func topLevelUnderPointer() -> Window? {
        var rootReturned: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var mask: UInt32 = 0
        guard XQueryPointer(pointer, root, &rootReturned, &child, &rx, &ry, &x, &y, &mask) != 0, child != 0 else { return nil }
        return child
    }

    /// The client window of the application keys go to now (the focus's, or
    /// under `PointerRoot` the pointer's top-level), when it answers pings
    /// (`_NET_WM_PING` in its WM_PROTOCOLS, as GTK, Qt and browsers have);
    /// nil otherwise. Under a window manager the client is the frame's child.
    func pingableFocusClient() -> Window? {
        var top: Window? = inputFocus()
        if top == 0 || top == 1 { top = topLevelUnderPointer() }
        // Up to the root's child.
        while let w = top {
            var rootReturned: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(pointer, w, &rootReturned, &parent, &children, &count) != 0 else { return nil }
            if let children { XFree(children) }
            if parent == root || parent == 0 { break }
            top = parent
        }
        guard let top else { return nil }
        let ping = atom("_NET_WM_PING")
        func answers(_ w: Window) -> Bool { property("WM_PROTOCOLS", of: w)?.items.contains(UInt(ping)) ?? false }
        if answers(top) { return top }
        // Framed: the client is a child (or grandchild) of the frame.
        var level = [top]
        for _ in 0 ..< 2 {
            var next: [Window] = []
            for w in level {
                var rootReturned: Window = 0, parent: Window = 0
                var children: UnsafeMutablePointer<Window>?
                var count: UInt32 = 0
                guard XQueryTree(pointer, w, &rootReturned, &parent, &children, &count) != 0, let children else { continue }
                next += Array(UnsafeBufferPointer(start: children, count: Int(count)))
                XFree(children)
            }
            if let client = next.first(where: answers) { return client }
            level = next
        }
        return nil
    }

    /// Asks a client to answer (`_NET_WM_PING`): it sends the message back to
    /// the root once it has handled every event before it, the key presses too.
    func ping(_ client: Window, serial: UInt) {
        var e = clientMessage("WM_PROTOCOLS", to: client)
        e.xclient.data.l.0 = Int(atom("_NET_WM_PING"))
        e.xclient.data.l.1 = Int(bitPattern: serial)
        e.xclient.data.l.2 = Int(client)
        send(e, to: client)
    }

    /// The serial of a client's answer to `ping`, when the event is one.
    func pingAnswer(_ event: XClientMessageEvent) -> UInt? {
        guard event.window == root, event.message_type == atom("WM_PROTOCOLS"), Atom(UInt(bitPattern: event.data.l.0)) == atom("_NET_WM_PING") else { return nil }
        return UInt(bitPattern: event.data.l.1)
    }

    /// The root's children, mapped or not, bottom first.
    func topLevels() -> [Window] {
        var rootReturned: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(pointer, root, &rootReturned, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// The window that owns a selection (0 for none).
    func selectionOwner(_ selection: String) -> Window { XGetSelectionOwner(pointer, atom(selection)) }

    /// Makes a window the owner of a selection.
    func setSelectionOwner(_ selection: String, _ window: Window) {
        XSetSelectionOwner(pointer, atom(selection), window, Time(CurrentTime))
    }

    // MARK: - Another client's selection (the clipboard)

    /// A new owner of a selection, as XFixes tells it.
    struct SelectionOwnerChange {
        /// The selection.
        var selection: Atom
        /// Its new owner (0 when none).
        var owner: Window
        /// When the owner took it: the time to ask it for its content at.
        var time: Time
    }

    /// Asks XFixes for an event whenever a selection gets a new owner; XFixes'
    /// first event number, or nil without XFixes. Two round trips (the extension
    /// and its version): done after the first frame, never before it.
    func selectOwnerChanges(of selection: String) -> Int32? {
        var event: Int32 = 0, error: Int32 = 0
        guard XFixesQueryExtension(pointer, &event, &error) != 0 else { return nil }
        var major: Int32 = 0, minor: Int32 = 0
        // Selection events came with XFixes 1.0; the version is asked before any request, as the protocol says.
        guard XFixesQueryVersion(pointer, &major, &minor) != 0, major >= 1 else { return nil }
        XFixesSelectSelectionInput(pointer, root, atom(selection), UInt(XFixesSetSelectionOwnerNotifyMask))
        return event
    }

    /// The owner change an XFixes selection event (`eventBase` + XFixesSelectionNotify) carries.
    func selectionOwnerChange(in event: inout XEvent) -> SelectionOwnerChange {
        let e = withUnsafeBytes(of: &event) { $0.load(as: XFixesSelectionNotifyEvent.self) }
        return SelectionOwnerChange(selection: e.selection, owner: e.owner, time: e.selection_timestamp)
    }

    /// Asks a selection's owner to write its content as `target` into a property of `requestor`
    /// (a SelectionNotify to `requestor` says when it has, or that it cannot).
    func convertSelection(_ selection: Atom, to target: Atom, into property: Atom, of requestor: Window, time: Time) {
        XConvertSelection(pointer, selection, target, property, requestor, time)
    }

    // MARK: - Monitors

    /// The screen as it is now: its size, its monitors, its resolution.
    var screenNow: ScreenInfo {
        let size = screenSize
        return ScreenInfo(size: Size(width: size.width, height: size.height), monitors: monitors(), dpi: dpi)
    }

    /// The active monitors RandR reports (none when the server lacks RandR 1.5).
    func monitors() -> [Monitor] {
        var event: Int32 = 0, error: Int32 = 0
        guard XRRQueryExtension(pointer, &event, &error) != 0 else { return [] }
        var count: Int32 = 0
        guard let monitors = XRRGetMonitors(pointer, root, 1, &count) else { return [] }
        defer { XRRFreeMonitors(monitors) }
        return (0 ..< Int(count)).map { i in
            let m = monitors[i]
            return Monitor(name: name(of: m.name) ?? "monitor \(i)",
                           frame: Rect(x: Int(m.x), y: Int(m.y), width: Int(m.width), height: Int(m.height)), primary: m.primary != 0)
        }
    }

    /// Asks for RandR's screen and monitor change events on the root window;
    /// returns RandR's first event number, or nil without RandR.
    func selectScreenChanges() -> Int32? {
        var event: Int32 = 0, error: Int32 = 0
        guard XRRQueryExtension(pointer, &event, &error) != 0 else { return nil }
        XRRSelectInput(pointer, root, Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        return event
    }

    /// Keeps Xlib's idea of the screen's size current after a RandR event.
    func updateScreen(_ event: inout XEvent) { XRRUpdateConfiguration(&event) }
}
