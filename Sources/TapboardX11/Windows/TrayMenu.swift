import CX11
import TapboardCore

/// The tray icon's menu (`PanelMenuList`), drawn in the keyboard's theme in a
/// window of its own over everything, holding the pointer while open as menus
/// do: a row let go over is chosen (so a press on the icon may be dragged to
/// it), a press elsewhere closes the menu.
final class TrayMenu {
    private let display: XDisplay
    private let resources: RenderResources
    private let id: Window
    private var buffer: OwnedPixmap?
    private var list: PanelMenuList?
    private var menu: PanelMenu?
    private var theme: Theme?
    private var frame = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The row under the pointer, drawn chosen.
    private var highlighted: Int32?
    /// Whether the menu was closed by what it heard (the owner then lets it go).
    private(set) var closed = false

    init(display: XDisplay, resources: RenderResources) {
        self.display = display
        self.resources = resources
        id = display.createWindow(.drawn, overrideRedirect: true,
                                  eventMask: ExposureMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask, saveUnder: true)
        display.setClass(of: id, name: "tapboard-menu", className: "Tapboard-menu")
    }

    deinit {
        display.destroy(id)
        display.flush()
    }

    /// Whether this is the menu's window.
    func owns(_ window: Window) -> Bool { window == id }

    /// Shows the menu by the icon at `icon` (on the screen), and takes the pointer.
    func open(_ menu: PanelMenu, theme: Theme, icon: Rect) {
        self.menu = menu
        self.theme = theme
        draw()
        guard let list else { return }
        let screen = display.screenSize
        frame = PanelMenuList.frame(size: list.size, icon: icon, screen: Size(width: screen.width, height: screen.height))
        display.place(id, at: frame)
        display.map(id, raised: true)
        display.clear(id)
        // Without the pointer, a press elsewhere would not close it.
        if !display.grabPointer(id) { closed = true }
        display.flush()
    }

    /// The keyboard changed under the open menu (shown, layout, theme): drawn again.
    func update(_ menu: PanelMenu, theme: Theme) {
        guard self.menu != nil, menu != self.menu || theme != self.theme else { return }
        self.menu = menu
        self.theme = theme
        draw()
        display.clear(id)
        display.flush()
    }

    /// Hides the menu and lets the pointer go.
    func close() {
        display.ungrabPointer()
        display.unmap(id)
        display.flush()
        closed = true
    }

    /// Takes the menu's events; what a chosen row asks for goes into `inputs`.
    func handle(_ event: inout XEvent, into inputs: inout [SessionInput]) -> Bool {
        switch event.type {
        case Expose where event.xexpose.window == id:
            display.clear(id)
        case MotionNotify where event.xmotion.window == id:
            let under = list?.item(at: Point(x: Int(event.xmotion.x), y: Int(event.xmotion.y)))
            if under != highlighted {
                highlighted = under
                draw()
                display.clear(id)
            }
        case ButtonPress where event.xbutton.window == id:
            let inside = Rect(x: 0, y: 0, width: frame.width, height: frame.height).contains(Point(x: Int(event.xbutton.x), y: Int(event.xbutton.y)))
            if !inside { close() }
        case ButtonRelease where event.xbutton.window == id:
            // Let go elsewhere (the press that opened it, over the icon): the menu stays.
            guard let chosen = list?.item(at: Point(x: Int(event.xbutton.x), y: Int(event.xbutton.y))) else { return true }
            close()
            if let action = menu?.action(of: chosen) { inputs.append(action.sessionInput) }
        default:
            return false
        }
        return true
    }

    /// Draws the rows into the window's background.
    private func draw() {
        guard let menu, let theme else { return }
        let (pixelSize, rowHeight) = PanelMenuList.sizes(dpi: display.dpi)
        guard let font = try? resources.font(family: theme.style(.character).fontFamily, pixelSize: pixelSize) else { return }
        let list = PanelMenuList(menu, rowHeight: rowHeight) { resources.advance(of: $0, font: font) }
        self.list = list
        if buffer?.size != list.size { buffer = OwnedPixmap(display: display, window: id, size: list.size) }
        guard let buffer else { return }
        let painter = Painter(display: display, pixmap: buffer, resources: resources)
        let style = theme.callout
        painter.fill(Rect(x: 0, y: 0, width: list.size.width, height: list.size.height), style.borderColor)
        painter.fill(Rect(x: 1, y: 1, width: list.size.width - 2, height: list.size.height - 2), style.background)
        for row in list.rows {
            let f = row.frame
            switch row.kind {
            case .separator:
                painter.fill(Rect(x: rowHeight / 4, y: f.y + f.height / 2, width: f.width - rowHeight / 2, height: 1), style.borderColor)
                continue
            case .item(let id) where id == highlighted:
                painter.fill(Rect(x: 1, y: f.y, width: f.width - 2, height: f.height), style.selectedBackground)
            default:
                break
            }
            let color: Color = if case .heading = row.kind { style.textColor.mixed(with: style.background) }
                else if case .item(let id) = row.kind, id == highlighted { style.selectedTextColor } else { style.textColor }
            let left = PanelMenuList.textLeft(row, rowHeight: rowHeight)
            if !row.mark.isEmpty {
                painter.text(row.mark, in: Rect(x: left - rowHeight, y: f.y, width: rowHeight, height: f.height), font: font, color)
            }
            // The painter centres text, and keeps a margin on each side.
            let margin = max(f.height / 8, 2), width = resources.advance(of: row.label, font: font)
            painter.text(row.label, in: Rect(x: left - margin, y: f.y, width: width + 2 * margin, height: f.height), font: font, color)
        }
        display.setBackground(of: id, to: buffer)
    }
}
