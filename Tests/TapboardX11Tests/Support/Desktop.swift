import CX11
import Foundation

/// One test's X session: its own Xvfb, the focused target window, the XTest
/// tapper, and the keyboards launched on it. Released in a safe order: the
/// keyboards stop and the connections close before the server does (Xlib
/// exits the process when a server vanishes under an open connection).
final class Desktop {
    /// The private server.
    let xvfb: Xvfb
    /// The window the keyboard types into.
    let target: TargetWindow
    /// The pointer.
    let tapper: Tapper
    private var keyboards: [Keyboard] = []

    /// Where the keyboard window goes by default: the bottom of the 1280x800 screen,
    /// clear of the target window.
    static let keyboardGeometry = WindowGeometry(width: 800, height: 280, x: 240, y: 500)

    /// Starts Xvfb, maps and focuses the target, opens the tapper.
    init() throws {
        xvfb = try Xvfb()
        do {
            target = try TargetWindow(displayName: xvfb.displayName)
            tapper = try Tapper(displayName: xvfb.displayName)
        } catch {
            xvfb.stop()
            throw error
        }
    }

    /// Starts the real keyboard on this server and waits for its window.
    func launchKeyboard(geometry: WindowGeometry = Desktop.keyboardGeometry, arguments: [String] = []) throws -> Keyboard {
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
        xvfb.stop()
    }
}
