import CX11
import TapboardCore

/// The keyboard's icon in an XEmbed system tray (the System Tray Protocol),
/// for panels that show no StatusNotifierItem: trayer, stalonetray, awesome's,
/// fluxbox's, icewm's and i3bar's trays. The tray owns the selection
/// `_NET_SYSTEM_TRAY_S<screen>`; the icon asks its owner to dock it, and the
/// tray reparents and maps it. A tray that quits leaves the icon on the root;
/// the icon docks again when the next tray says MANAGER.
///
/// A click shows or hides the keyboard; the right button, or a press held
/// (a finger has no other), opens the menu (`TrayMenu`), as the keyboard has no
/// toolkit to ask for one.
final class TrayIcon {
    private let display: XDisplay
    private let resources: RenderResources
    /// The events the keyboard asks of the root; the icon adds StructureNotify for MANAGER.
    private let rootEvents: Int
    /// The icon's window, once a tray was found.
    private(set) var id: Window = 0
    /// The tray's window the icon was last docked with; 0 when there is none.
    private var tray: Window = 0
    /// Whether the icon is asked for (`show`); the rest waits for a tray.
    private var wanted = false
    private var size = Size(width: 22, height: 22)
    private var menu = PanelMenu(shown: true, layouts: [], layoutShown: "")
    private var theme: Theme?
    private var menuWindow: TrayMenu?
    /// When a press held on the icon opens the menu; nil when no press is held.
    private(set) var heldUntil: Duration?

    /// How long a press on the icon is held before the menu opens.
    static let holdForMenu: Duration = .milliseconds(600)
    /// The size asked of the tray: the size trays give.
    static let iconSize = Size(width: 22, height: 22)

    private var selection: String { "_NET_SYSTEM_TRAY_S" + decimalText(Int(display.screen)) }

    init(display: XDisplay, resources: RenderResources, rootEvents: Int) {
        self.display = display
        self.resources = resources
        self.rootEvents = rootEvents
    }

    /// Whether the window is the icon's or its menu's.
    func owns(_ window: Window) -> Bool {
        window != 0 && (window == id || menuWindow?.owns(window) == true)
    }

    /// Puts the icon in the tray, now or when one comes, with this menu in this theme.
    func show(_ menu: PanelMenu, theme: Theme) {
        self.menu = menu
        self.theme = theme
        menuWindow?.update(menu, theme: theme)
        guard !wanted else { return }
        wanted = true
        // A new tray announces itself on the root (MANAGER, sent to StructureNotify).
        display.selectInput(display.root, rootEvents | StructureNotifyMask)
        dock(with: display.selectionOwner(selection))
        display.flush()
    }

    /// Takes the icon out of the tray (its window destroyed: the tray drops it).
    func hide() {
        guard wanted else { return }
        wanted = false
        closeMenu()
        display.selectInput(display.root, rootEvents)
        if id != 0 { display.destroy(id) }
        id = 0
        tray = 0
        heldUntil = nil
        display.flush()
    }

    /// Asks `owner` (a tray, or none) to dock the icon.
    private func dock(with owner: Window) {
        guard owner != 0 else { return }
        if id == 0 { makeWindow() }
        tray = owner
        display.quietly {
            // Its DestroyNotify: the tray went (before the icon comes back to the root, or without it).
            display.selectInput(owner, StructureNotifyMask)
            var request = display.clientMessage("_NET_SYSTEM_TRAY_OPCODE", to: owner)
            // CurrentTime, SYSTEM_TRAY_REQUEST_DOCK, the icon.
            request.xclient.data.l = (0, 0, Int(id), 0, 0)
            display.send(request, to: owner)
        }
    }

    private func makeWindow() {
        id = display.createWindow(.overParent, frame: Rect(x: 0, y: 0, width: Self.iconSize.width, height: Self.iconSize.height),
                                  eventMask: ExposureMask | ButtonPressMask | ButtonReleaseMask | StructureNotifyMask)
        display.setClass(of: id, name: "tapboard-tray", className: "Tapboard")
        display.setProperty("_NET_WM_NAME", of: id, utf8: "Tapboard")
        // Without a minimum, trayer gave the icon a width of one pixel.
        display.setMinimumSize(of: id, Self.iconSize)
        // The tray maps it once docked (XEMBED_MAPPED).
        display.setEmbedInfo(of: id, mapped: true)
    }

    /// Takes the events about the icon, its menu and the tray: whether it was one.
    /// What a click asks for goes into `inputs`.
    func handle(_ event: inout XEvent, into inputs: inout [SessionInput], now: () -> Duration) -> Bool {
        guard wanted else { return false }
        if let menuWindow, menuWindow.handle(&event, into: &inputs) {
            if menuWindow.closed { closeMenu() }
            return true
        }
        switch event.type {
        case ClientMessage where event.xclient.window == display.root && event.xclient.message_type == display.atom("MANAGER"):
            guard Atom(UInt(bitPattern: event.xclient.data.l.1)) == display.atom(selection) else { return false }
            dock(with: Window(UInt(bitPattern: event.xclient.data.l.2)))
            display.flush()
        case ClientMessage where event.xclient.window == id && id != 0:
            break  // XEmbed's messages: embedded, focus, which the icon never takes.
        case DestroyNotify where event.xdestroywindow.event == tray && event.xdestroywindow.window == tray && tray != 0:
            tray = 0
        case ReparentNotify where event.xreparent.window == id && id != 0 && event.xreparent.event == id:
            // Back on the root: its tray went. A window the tray kept in its save-set may be mapped there.
            if event.xreparent.parent == display.root {
                display.unmap(id)
                tray = 0
                closeMenu()
            }
        case ConfigureNotify where event.xconfigure.window == id && id != 0 && event.xconfigure.event == id:
            size = Size(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
            draw()
        case Expose where event.xexpose.window == id && id != 0:
            if event.xexpose.count == 0 { draw() }
        case ButtonPress where event.xbutton.window == id && id != 0:
            if event.xbutton.button == UInt32(Button3) {
                openMenu()
            } else if event.xbutton.button == UInt32(Button1) {
                heldUntil = now() + Self.holdForMenu
            }
        case ButtonRelease where event.xbutton.window == id && id != 0:
            let b = event.xbutton
            if b.button == UInt32(Button1), heldUntil != nil {
                heldUntil = nil
                // Let go over the icon: a click; dragged away: nothing.
                if Rect(x: 0, y: 0, width: size.width, height: size.height).contains(Point(x: Int(b.x), y: Int(b.y))) {
                    inputs.append(PanelMenu.Action.toggleKeyboard.sessionInput)
                }
            }
        case MapNotify, UnmapNotify, GravityNotify, CirculateNotify:
            return event.xany.window == id && id != 0
        default:
            return false
        }
        return true
    }

    /// A press held on the icon long enough opens the menu.
    func deadlinePassed(now: Duration) {
        guard let heldUntil, heldUntil <= now else { return }
        self.heldUntil = nil
        openMenu()
    }

    /// Draws the keyboard over the tray's background.
    private func draw() {
        display.clear(id)
        let painter = Painter(display: display, drawable: id, resources: resources)
        let inset = max(1, min(size.width, size.height) / 12)
        PanelIconPicture.draw(on: painter, in: Rect(x: inset, y: inset, width: size.width - 2 * inset, height: size.height - 2 * inset))
        display.flush()
    }

    /// Opens the menu next to the icon.
    private func openMenu() {
        guard let theme, id != 0 else { return }
        heldUntil = nil
        let made = menuWindow ?? TrayMenu(display: display, resources: resources)
        menuWindow = made
        let origin = display.rootOrigin(of: id)
        made.open(menu, theme: theme, icon: Rect(x: origin.x, y: origin.y, width: size.width, height: size.height))
    }

    private func closeMenu() {
        menuWindow?.close()
        menuWindow = nil
    }
}
