import CX11
import Glibc
import TapboardCore

/// The few ways the keyboard makes windows, sets properties and sends
/// ClientMessages, each written once: no other file builds these requests.
extension XDisplay {
    /// What a window is for.
    enum WindowKind {
        /// Shown and drawn into; no background, so the server never clears what the keyboard paints.
        case drawn
        /// Never shown: it receives messages or holds properties.
        case inputOnly
        /// Drawn over its parent's background (ParentRelative): an icon in a tray.
        case overParent
    }

    /// Creates a top-level window at a frame (zero sizes become one pixel).
    func createWindow(_ kind: WindowKind, frame: Rect = Rect(x: -1, y: -1, width: 1, height: 1), overrideRedirect: Bool = false,
                      eventMask: Int = 0, saveUnder: Bool = false, keepContentOnResize: Bool = false) -> Window {
        var attributes = XSetWindowAttributes()
        var mask = CWOverrideRedirect
        attributes.override_redirect = overrideRedirect ? 1 : 0
        if eventMask != 0 {
            attributes.event_mask = eventMask
            mask |= CWEventMask
        }
        if saveUnder {
            attributes.save_under = 1
            mask |= CWSaveUnder
        }
        if keepContentOnResize {
            attributes.bit_gravity = Int32(NorthWestGravity)
            mask |= CWBitGravity
        }
        let x = Int32(frame.x), y = Int32(frame.y), w = UInt32(max(frame.width, 1)), h = UInt32(max(frame.height, 1))
        switch kind {
        case .drawn:
            attributes.background_pixmap = 0
            mask |= CWBackPixmap
            return XCreateWindow(pointer, root, x, y, w, h, 0, tb_default_depth(pointer, screen), UInt32(InputOutput),
                                 tb_default_visual(pointer, screen), UInt(mask), &attributes)
        case .inputOnly:
            return XCreateWindow(pointer, root, x, y, w, h, 0, 0, UInt32(InputOnly), nil, UInt(mask), &attributes)
        case .overParent:
            attributes.background_pixmap = Pixmap(ParentRelative)
            mask |= CWBackPixmap
            return XCreateWindow(pointer, root, x, y, w, h, 0, tb_default_depth(pointer, screen), UInt32(InputOutput),
                                 tb_default_visual(pointer, screen), UInt(mask), &attributes)
        }
    }

    /// Gives a window an empty input shape: presses go through it to what is below.
    func passPresses(through window: Window) {
        XShapeCombineRectangles(pointer, window, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
    }

    /// Shapes a window as a bitmap's set pixels are.
    func setShape(of window: Window, to mask: ShapeMask) {
        XShapeCombineMask(pointer, window, ShapeBounding, 0, 0, mask.pixmap.id, ShapeSet)
    }

    /// Destroys a window.
    func destroy(_ window: Window) { XDestroyWindow(pointer, window) }

    /// Shows a window; `raised` on top of its siblings.
    func map(_ window: Window, raised: Bool = false) {
        if raised { XMapRaised(pointer, window) } else { XMapWindow(pointer, window) }
    }

    /// Hides a window.
    func unmap(_ window: Window) { XUnmapWindow(pointer, window) }

    /// Puts a window on top of its siblings.
    func raise(_ window: Window) { XRaiseWindow(pointer, window) }

    /// Moves a window; its size stays.
    func move(_ window: Window, to p: Point) { XMoveWindow(pointer, window, Int32(p.x), Int32(p.y)) }

    /// Moves and resizes a window (zero sizes become one pixel).
    func place(_ window: Window, at frame: Rect) {
        XMoveResizeWindow(pointer, window, Int32(frame.x), Int32(frame.y), UInt32(max(frame.width, 1)), UInt32(max(frame.height, 1)))
    }

    /// Fills a window with its background.
    func clear(_ window: Window) { XClearWindow(pointer, window) }

    /// What the server fills a window with where nothing is drawn: a pixel
    /// value, or (nil) nothing at all.
    func setBackground(of window: Window, pixel: UInt?) {
        if let pixel { XSetWindowBackground(pointer, window, pixel) } else { XSetWindowBackgroundPixmap(pointer, window, Pixmap(None)) }
    }

    /// What the server fills a window with: a pixmap's picture.
    func setBackground(of window: Window, to pixmap: OwnedPixmap) { XSetWindowBackgroundPixmap(pointer, window, pixmap.id) }

    /// The ICCCM protocols a window takes part in (WM_PROTOCOLS), by atom name.
    func setProtocols(of window: Window, _ names: [String]) {
        var atoms = names.map { atom($0) }
        XSetWMProtocols(pointer, window, &atoms, Int32(atoms.count))
    }

    /// Where a window's top left corner is on the screen (asks the server).
    func rootOrigin(of window: Window) -> Point {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(pointer, window, root, 0, 0, &x, &y, &child)
        return Point(x: Int(x), y: Int(y))
    }

    /// Asks for a window's events of these kinds (an event mask), instead of those asked before.
    func selectInput(_ window: Window, _ mask: Int) { XSelectInput(pointer, window, mask) }

    /// Takes the pointer for `window`: its motion comes there wherever it goes (as while a button is held); whether the server let it.
    func grabPointer(_ window: Window) -> Bool {
        XGrabPointer(pointer, window, 0, UInt32(PointerMotionMask | ButtonPressMask | ButtonReleaseMask), GrabModeAsync, GrabModeAsync,
                     0, 0, UInt(CurrentTime)) == GrabSuccess
    }

    /// Lets the pointer go.
    func ungrabPointer() { XUngrabPointer(pointer, UInt(CurrentTime)) }

    /// The hints every keyboard window carries: it never takes the input focus
    /// (ICCCM input = False), where it goes (`userPlaced`: the user asked for it),
    /// its class, its names, and its EWMH type and states.
    func setHints(of window: Window, frame: Rect, userPlaced: Bool, name: String, className: String, title: String,
                  type: String, states: [String]) {
        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint | StateHint
            hints.pointee.input = 0
            hints.pointee.initial_state = NormalState
            XSetWMHints(pointer, window, hints)
            XFree(hints)
        }
        if let size = XAllocSizeHints() {
            size.pointee.flags = PPosition | PSize | (userPlaced ? USPosition | USSize : 0)
            size.pointee.x = Int32(frame.x); size.pointee.y = Int32(frame.y)
            size.pointee.width = Int32(frame.width); size.pointee.height = Int32(frame.height)
            XSetWMNormalHints(pointer, window, size)
            XFree(size)
        }
        setClass(of: window, name: name, className: className)
        XStoreName(pointer, window, title)
        setProperty("_NET_WM_NAME", of: window, utf8: title)
        setProperty("_NET_WM_WINDOW_TYPE", of: window, atoms: [type])
        setProperty("_NET_WM_STATE", of: window, atoms: states)
    }

    /// What an XEmbed client says of itself: `_XEMBED_INFO` (of its own type:
    /// GtkSocket reads no other) with the protocol's version 0 and whether it
    /// wants to be shown (XEMBED_MAPPED); and, for the host's first size, the
    /// size it would like (WM_NORMAL_HINTS' base size: a minimum would keep a
    /// greeter from making it smaller).
    func setEmbedInfo(of window: Window, mapped: Bool, size: Size? = nil) {
        var values: [UInt] = [0, mapped ? 1 : 0]
        let type = atom("_XEMBED_INFO")
        values.withUnsafeMutableBytes {
            _ = XChangeProperty(pointer, window, type, type, 32, PropModeReplace, $0.baseAddress?.assumingMemoryBound(to: UInt8.self), 2)
        }
        guard let size, let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PBaseSize
        hints.pointee.base_width = Int32(size.width); hints.pointee.base_height = Int32(size.height)
        XSetWMNormalHints(pointer, window, hints)
        XFree(hints)
    }

    /// The smallest size a window may be given (WM_NORMAL_HINTS' minimum and base size).
    func setMinimumSize(of window: Window, _ size: Size) {
        guard let hints = XAllocSizeHints() else { return }
        hints.pointee.flags = PMinSize | PBaseSize
        hints.pointee.min_width = Int32(size.width); hints.pointee.min_height = Int32(size.height)
        hints.pointee.base_width = Int32(size.width); hints.pointee.base_height = Int32(size.height)
        XSetWMNormalHints(pointer, window, hints)
        XFree(hints)
    }

    /// Sets a window's WM_CLASS (instance and class names).
    func setClass(of window: Window, name: String, className: String) {
        let n = strdup(name), c = strdup(className)
        var hint = XClassHint(res_name: n, res_class: c)
        XSetClassHint(pointer, window, &hint)
        free(n); free(c)
    }

    /// A window's WM_CLASS names (instance, then class); none if it has no WM_CLASS.
    func classNames(of window: Window) -> [String] {
        guard let p = property("WM_CLASS", of: window, type: XA_STRING, maxLength: 64), p.format == 8 else { return [] }
        return p.bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Sets a property to 32-bit numbers (CARDINAL).
    func setProperty(_ name: String, of window: Window, cardinals: [UInt]) {
        var values = cardinals
        values.withUnsafeMutableBytes {
            _ = XChangeProperty(pointer, window, atom(name), XA_CARDINAL, 32, PropModeReplace,
                                $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(cardinals.count))
        }
    }

    /// Sets a property to a list of windows (WINDOW).
    func setProperty(_ name: String, of window: Window, windows: [Window]) {
        var values = windows.map { UInt($0) }
        values.withUnsafeMutableBytes {
            _ = XChangeProperty(pointer, window, atom(name), XA_WINDOW, 32, PropModeReplace,
                                $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(windows.count))
        }
    }

    /// Sets a property to a list of atoms given by name.
    func setProperty(_ name: String, of window: Window, atoms names: [String]) {
        var list = names.map { atom($0) }
        list.withUnsafeMutableBytes {
            _ = XChangeProperty(pointer, window, atom(name), XA_ATOM, 32, PropModeReplace,
                                $0.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(names.count))
        }
    }

    /// Sets a property to text of type STRING (as at-spi2-core writes `AT_SPI_BUS`).
    func setProperty(_ name: String, of window: Window, string text: String) {
        var bytes = Array(text.utf8)
        XChangeProperty(pointer, window, atom(name), XA_STRING, 8, PropModeReplace, &bytes, Int32(bytes.count))
    }

    /// Removes a property from a window.
    func deleteProperty(_ name: String, of window: Window) {
        XDeleteProperty(pointer, window, atom(name))
    }

    /// Sets a property to UTF-8 text.
    func setProperty(_ name: String, of window: Window, utf8 text: String) {
        var bytes = Array(text.utf8)
        XChangeProperty(pointer, window, atom(name), atom("UTF8_STRING"), 8, PropModeReplace, &bytes, Int32(bytes.count))
    }

    /// Adds UTF-8 text at the end of a property (made when missing): the
    /// server appends atomically, so a property is a queue its reader empties.
    func appendProperty(_ name: String, of window: Window, utf8 text: String) {
        var bytes = Array(text.utf8)
        XChangeProperty(pointer, window, atom(name), atom("UTF8_STRING"), 8, PropModeAppend, &bytes, Int32(bytes.count))
    }

    /// A property's raw items (format 8 or 32), if the window has it; `type` nil for any type.
    func property(_ name: String, of window: Window, type: Atom? = nil, maxLength: Int = 1 << 20) -> (format: Int32, bytes: [UInt8], items: [UInt])? {
        var actual: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(pointer, window, atom(name), 0, maxLength, 0, type ?? Atom(AnyPropertyType),
                                 &actual, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        switch format {
        case 8: return (8, Array(UnsafeBufferPointer(start: data, count: Int(count))), [])
        case 32:
            // Xlib hands 32-bit items as longs.
            let items = data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
            return (32, [], items)
        default: return nil
        }
    }

    /// A property's type, format, its first `maxBytes` bytes (format 8) or items
    /// (format 32, at most `maxBytes / 4`), and how many bytes are left after
    /// them; nil when the window has no such property. With `delete`, the
    /// property is deleted, read whole or not (a selection's transfer moves on).
    func takeProperty(_ property: Atom, of window: Window, maxBytes: Int, delete: Bool) -> (type: Atom, format: Int32, bytes: [UInt8], items: [UInt], left: Int)? {
        var actual: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // The length is in 32-bit units; the server deletes only a property read to its end.
        guard XGetWindowProperty(pointer, window, property, 0, max(maxBytes, 0) / 4, delete ? 1 : 0, Atom(AnyPropertyType),
                                 &actual, &format, &count, &after, &data) == Success else { return nil }
        defer { if let data { XFree(data) } }
        if delete, after > 0 { XDeleteProperty(pointer, window, property) }
        guard actual != 0 else { return nil }
        var bytes: [UInt8] = [], items: [UInt] = []
        if let data {
            switch format {
            case 8: bytes = Array(UnsafeBufferPointer(start: data, count: Int(count)))
            // Xlib hands 32-bit items as longs.
            case 32: items = data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
            default: break
            }
        }
        return (actual, format, bytes, items, Int(after))
    }

    /// Removes a property, named by its atom, from a window.
    func deleteProperty(_ property: Atom, of window: Window) { XDeleteProperty(pointer, window, property) }

    /// A window's UTF-8 text property, if it has one.
    func text(_ name: String, of window: Window) -> String? {
        guard let p = property(name, of: window), p.format == 8 else { return nil }
        return String(decoding: p.bytes, as: UTF8.self)
    }

    /// A ClientMessage of a type, in a format (8, 16 or 32), to be filled and sent.
    func clientMessage(_ type: String, to window: Window, format: Int32 = 32) -> XEvent {
        var e = XEvent()
        e.xclient.type = ClientMessage
        e.xclient.window = window
        e.xclient.message_type = atom(type)
        e.xclient.format = format
        return e
    }

    /// Sends an event to one window's client, selecting no event mask (so only its owner gets it).
    func send(_ event: XEvent, to window: Window) {
        var e = event
        XSendEvent(pointer, window, 0, NoEventMask, &e)
    }
}
