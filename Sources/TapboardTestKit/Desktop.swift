import CX11
import Foundation

/// One test's X session: its own Xvfb, optionally a window manager, the focused
/// target window, the XTest tapper, and the keyboards launched on it. Released
/// in a safe order: the keyboards stop, the connections close and the window
/// manager stops before the server does (Xlib exits the process when a server
/// vanishes under an open connection).
public final class Desktop {
    /// The private server.
    public let xvfb: Xvfb
    /// The window the keyboard types into.
    public let target: TargetWindow
    /// The pointer.
    public let tapper: Tapper
    /// The window manager (openbox), if this session has one.
    public let windowManager: WindowManager?
    private var keyboards: [Keyboard] = []

    /// Where the keyboard window goes by default: the bottom of the 1280x800 screen,
    /// clear of the target window.
    public static let keyboardGeometry = WindowPlacement(width: 800, height: 280, x: 240, y: 500)

    /// Starts Xvfb (then openbox, when `windowManager`), maps and focuses the target, opens the tapper.
    public init(windowManager useWindowManager: Bool = false) throws {
        xvfb = try Xvfb()
        var manager: WindowManager?
        do {
            if useWindowManager { manager = try WindowManager.openbox(on: xvfb.displayName) }
            target = try TargetWindow(displayName: xvfb.displayName)
            tapper = try Tapper(displayName: xvfb.displayName)
        } catch {
            manager?.stop()
            xvfb.stop()
            throw error
        }
        windowManager = manager
    }

    /// Starts the real keyboard on this server and waits for its window.
    public func launchKeyboard(geometry: WindowPlacement = Desktop.keyboardGeometry, arguments: [String] = []) throws -> Keyboard {
        let keyboard = try Keyboard(displayName: xvfb.displayName, geometry: geometry, tapper: tapper, observer: target,
                                    arguments: arguments)
        keyboards.append(keyboard)
        return keyboard
    }

    deinit {
        for keyboard in keyboards where keyboard.isRunning { _ = keyboard.terminate() }
        keyboards = []
        target.close()
        tapper.close()
        windowManager?.stop()
        xvfb.stop()
    }
}
