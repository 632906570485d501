import CX11
import Foundation

/// An XEmbed system tray on a test's display: trayer, a small GTK panel that
/// holds tray icons and nothing else, at the top right of the screen.
public final class SystemTray {
    /// Its process.
    public let process: ChildProcess
    private let displayName: String

    /// Starts trayer on `displayName` and waits (deadline 10 s) until it owns the tray's selection.
    public init(displayName: String) throws {
        self.displayName = displayName
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = displayName
        process = try ChildProcess(URL(fileURLWithPath: "/usr/bin/trayer"),
                                   ["--edge", "top", "--align", "right", "--widthtype", "request", "--height", "28", "--SetDockType", "true"],
                                   environment: env)
        let process = self.process
        let started = Deadline.waitFor(.seconds(10)) { (try? Self.hasOwner(displayName)) == true || !process.isRunning }
        guard started, process.isRunning else { throw HarnessError.processFailed("trayer did not take the tray: \(process.standardError)") }
    }

    deinit { quit() }

    /// Quits the tray and waits until its selection has no owner.
    public func quit() {
        _ = process.terminate()
        let displayName = self.displayName
        _ = Deadline.waitFor(.seconds(5)) { (try? Self.hasOwner(displayName)) != true }
    }

    /// Whether a tray owns the screen's selection.
    public static func hasOwner(_ displayName: String) throws -> Bool {
        let d = try XConnection.open(displayName)
        defer { XCloseDisplay(d) }
        return XGetSelectionOwner(d, XInternAtom(d, "_NET_SYSTEM_TRAY_S0", 0)) != 0
    }

    /// A window of the keyboard's as the server has it now.
    public struct Found: Equatable, Sendable {
        /// Its id.
        public var window: Window
        /// Whether its parent is another than the root (a tray's).
        public var inTray: Bool
        /// Whether it shows (mapped, its parents too).
        public var viewable: Bool
        /// Where it is on the screen.
        public var frame: WindowPlacement

        /// Its middle, on the screen.
        public var middle: ScreenPoint { ScreenPoint(x: Int32(frame.x + frame.width / 2), y: Int32(frame.y + frame.height / 2)) }
    }

    /// The keyboard's tray icon (WM_CLASS `tapboard-tray`), wherever it is; nil when there is none.
    public static func icon(on displayName: String) -> Found? { find("tapboard-tray", on: displayName) }

    /// The tray icon's menu (WM_CLASS `tapboard-menu`); nil when there is none.
    public static func menu(on displayName: String) -> Found? { find("tapboard-menu", on: displayName) }

    private static func find(_ instance: String, on displayName: String) -> Found? {
        guard let d = try? XConnection.open(displayName) else { return nil }
        defer { XCloseDisplay(d) }
        let root = XDefaultRootWindow(d)
        var found: Found?
        func walk(_ window: Window, parent: Window) {
            guard found == nil else { return }
            var hint = XClassHint()
            if XGetClassHint(d, window, &hint) != 0 {
                let name = hint.res_name.map { String(cString: $0) }
                if let n = hint.res_name { XFree(n) }
                if let c = hint.res_class { XFree(c) }
                if name == instance {
                    var attributes = XWindowAttributes()
                    var x: Int32 = 0, y: Int32 = 0
                    var child: Window = 0
                    guard XGetWindowAttributes(d, window, &attributes) != 0 else { return }
                    XTranslateCoordinates(d, window, root, 0, 0, &x, &y, &child)
                    found = Found(window: window, inTray: parent != root, viewable: attributes.map_state == IsViewable,
                                  frame: WindowPlacement(width: Int(attributes.width), height: Int(attributes.height), x: Int(x), y: Int(y)))
                    return
                }
            }
            var rootReturn: Window = 0, parentReturn: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(d, window, &rootReturn, &parentReturn, &children, &count) != 0, let children else { return }
            defer { XFree(children) }
            for i in 0 ..< Int(count) { walk(children[i], parent: window) }
        }
        walk(root, parent: 0)
        return found
    }
}
