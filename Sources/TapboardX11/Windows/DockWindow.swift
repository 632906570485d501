import CX11
import TapboardCore

/// The managed window that reserves the docked keyboard's strip.
///
/// The keyboard itself is override-redirect (a window manager's click-to-focus
/// grab loses fast taps), and a window manager reads struts only from windows
/// it manages: so a second window, the keyboard's size and place, beneath it,
/// of the dock type with `_NET_WM_STRUT_PARTIAL`, never focused, never hit
/// (its input shape is empty), mapped while the keyboard shows.
final class DockWindow {
    private let display: XDisplay
    private let edge: DockEdge
    /// The window's id.
    let id: Window
    /// Where it was asked to be.
    private var frame: Rect
    /// Whether it is mapped, and how often it was put back since its map.
    private var mapped = false, putBack = 0

    init(display: XDisplay, frame: Rect, edge: DockEdge) {
        self.display = display
        self.edge = edge
        self.frame = frame
        // Told where a window manager puts it (`configured`).
        id = display.createWindow(.drawn, frame: frame, eventMask: StructureNotifyMask)
        display.passPresses(through: id)
        display.setHints(of: id, frame: frame, userPlaced: true, name: "tapboard-dock", className: "Tapboard-dock", title: "Tapboard dock",
                         type: "_NET_WM_WINDOW_TYPE_DOCK",
                         states: ["_NET_WM_STATE_STICKY", "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"])
        place(frame: frame)
    }

    deinit { display.destroy(id) }

    /// Reserves the strip the keyboard covers: its height from the edge, across its width.
    func place(frame: Rect) {
        self.frame = frame
        display.place(id, at: frame)
        let screen = display.screenSize
        let top = edge == .top ? frame.maxY : 0
        let bottom = edge == .bottom ? screen.height - frame.y : 0
        let startX = frame.x, endX = frame.maxX - 1
        // left, right, top, bottom, then the start and end of each: left/right in y, top/bottom in x.
        let partial: [UInt] = [0, 0, UInt(max(top, 0)), UInt(max(bottom, 0)), 0, 0, 0, 0,
                               UInt(max(edge == .top ? startX : 0, 0)), UInt(max(edge == .top ? endX : 0, 0)),
                               UInt(max(edge == .bottom ? startX : 0, 0)), UInt(max(edge == .bottom ? endX : 0, 0))]
        display.setProperty("_NET_WM_STRUT_PARTIAL", of: id, cardinals: partial)
        display.setProperty("_NET_WM_STRUT", of: id, cardinals: Array(partial.prefix(4)))
    }

    /// Reserves the strip (with the keyboard shown).
    func map() {
        mapped = true
        putBack = 0
        display.map(id)
    }

    /// Gives the strip back (with the keyboard hidden).
    func unmap() {
        mapped = false
        display.unmap(id)
    }

    /// The window was moved or resized. A manager that places every window
    /// it maps by its own rules (awesome, at each map) may put it far from the
    /// keyboard, where its frame, which has an input shape, takes the clicks
    /// meant for the application under it: asked back, twice at most a map, so
    /// a manager that insists is not fought. A few pixels off (a border) is left.
    func configured(_ event: XConfigureEvent) {
        guard mapped, putBack < 2 else { return }
        // A manager's own event gives the place on the root; the server's, within the frame.
        let at = event.send_event != 0 ? Point(x: Int(event.x), y: Int(event.y)) : display.rootOrigin(of: id)
        guard abs(at.x - frame.x) > 8 || abs(at.y - frame.y) > 8 else { return }
        putBack += 1
        display.place(id, at: frame)
    }
}
