import CX11
import Glibc
import TapboardCore

/// Which edge a docked keyboard keeps to.
public enum DockEdge: String, Sendable, CaseIterable {
    /// Along the top of the screen.
    case top
    /// Along the bottom (the default).
    case bottom
}

/// How the keyboard's window lives with a window manager.
public enum WindowMode: Hashable, Sendable {
    /// Reserves its strip of the screen, so maximised windows end where it starts.
    case dock(DockEdge)
    /// An ordinary movable window, kept above the others, reserving nothing.
    case float
    /// Above everything, reserving nothing: for kiosks with a full-screen application.
    case overlay
}

/// The managed window that reserves the docked keyboard's strip.
///
/// The keyboard itself is override-redirect (a window manager's click-to-focus
/// grab loses fast taps), and a window manager reads struts only from windows
/// it manages: so a second window, the keyboard's size and place, beneath it,
/// of the dock type with `_NET_WM_STRUT_PARTIAL`, never focused, never hit
/// (its input shape is empty), mapped while the keyboard shows.
final class DockWindow {
    private let display: XDisplay
    /// The window's id.
    let id: Window

    init(display: XDisplay, frame: Rect, edge: DockEdge) {
        self.display = display
        let d = display.pointer
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0
        id = XCreateWindow(d, display.root, Int32(frame.x), Int32(frame.y), UInt32(max(frame.width, 1)), UInt32(max(frame.height, 1)), 0,
                           tb_default_depth(d, display.screen), UInt32(InputOutput), tb_default_visual(d, display.screen),
                           UInt(CWBackPixmap), &attributes)
        XShapeCombineRectangles(d, id, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint
            hints.pointee.input = 0
            XSetWMHints(d, id, hints)
            XFree(hints)
        }
        if let size = XAllocSizeHints() {
            size.pointee.flags = PPosition | PSize | USPosition | USSize
            size.pointee.x = Int32(frame.x); size.pointee.y = Int32(frame.y)
            size.pointee.width = Int32(frame.width); size.pointee.height = Int32(frame.height)
            XSetWMNormalHints(d, id, size)
            XFree(size)
        }
        display.setClass(of: id, name: "tapboard-dock", className: "Tapboard-dock")
        XStoreName(d, id, "Tapboard dock")
        display.setAtoms(of: id, property: "_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_DOCK"])
        display.setAtoms(of: id, property: "_NET_WM_STATE", ["_NET_WM_STATE_STICKY", "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"])
        place(frame: frame, edge: edge)
    }

    deinit { XDestroyWindow(display.pointer, id) }

    /// Reserves the strip the keyboard covers: its height from the edge, across its width.
    func place(frame: Rect, edge: DockEdge) {
        let d = display.pointer
        XMoveResizeWindow(d, id, Int32(frame.x), Int32(frame.y), UInt32(max(frame.width, 1)), UInt32(max(frame.height, 1)))
        let screen = display.screenSize
        let top = edge == .top ? frame.maxY : 0
        let bottom = edge == .bottom ? screen.height - frame.y : 0
        let startX = frame.x, endX = frame.maxX - 1
        // left, right, top, bottom, then the start and end of each: left/right in y, top/bottom in x.
        var partial: [UInt] = [0, 0, UInt(max(top, 0)), UInt(max(bottom, 0)), 0, 0, 0, 0,
                               UInt(edge == .top ? startX : 0), UInt(edge == .top ? endX : 0),
                               UInt(edge == .bottom ? startX : 0), UInt(edge == .bottom ? endX : 0)]
        partial.withUnsafeMutableBytes {
            _ = XChangeProperty(d, id, display.atom("_NET_WM_STRUT_PARTIAL"), XA_CARDINAL, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 12)
        }
        var strut = Array(partial.prefix(4))
        strut.withUnsafeMutableBytes {
            _ = XChangeProperty(d, id, display.atom("_NET_WM_STRUT"), XA_CARDINAL, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 4)
        }
    }

    /// Reserves the strip (with the keyboard shown).
    func map() { XMapWindow(display.pointer, id) }

    /// Gives the strip back (with the keyboard hidden).
    func unmap() { XUnmapWindow(display.pointer, id) }
}
