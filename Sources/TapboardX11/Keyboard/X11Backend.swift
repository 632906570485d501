import TapboardCore

/// The X11 backend, which `tapboard` hands to the keyboard's loop: an
/// `X11Connection`, then an `X11Keyboard` for the session's frame; the focus
/// for `--auto-show` comes from the accessibility bus.
///
/// A program shows a keyboard on X with `OnScreenKeyboard(configuration, backend: X11Backend())`.
public struct X11Backend: DisplayBackend {
    /// Why the Wayland compositor `WAYLAND_DISPLAY` names was passed over for
    /// X11 (`tapboard-wayland` said), if it was: said with the error when there
    /// is no X display either (a kiosk compositor without the layer shell).
    public var waylandPassedOver: String?

    /// The backend; `waylandPassedOver` as the start was told.
    public init(waylandPassedOver: String? = nil) {
        self.waylandPassedOver = waylandPassedOver
    }

    /// X11.
    public var kind: KeyboardBackend { .x11 }
    /// "the X server", for messages.
    public var serverName: String { "the X server" }
    /// The accessibility bus (AT-SPI), joined by the loop.
    public var focusSource: FocusSource { .accessibilityBus }
    /// Xlib's keysym names (`XStringToKeysym`).
    public var keysymExists: @Sendable (String) -> Bool { TapboardX11.keysymExists }

    /// Opens the display the configuration names (`$DISPLAY` when nil); the focus is the accessibility bus's.
    public func connect(_ configuration: inout KeyboardConfiguration, followingFocus: Bool) throws -> DisplayConnection {
        let connection: X11Connection
        do {
            connection = try X11Connection(configuration)
        } catch X11Error.noDisplay where waylandPassedOver != nil {
            throw X11Error.noDisplayNorWayland(waylandPassedOver ?? "")
        }
        return DisplayConnection(screen: connection.screen, notes: connection.takeNotes()) { frame, configuration in
            try X11Keyboard(connection, frame: frame, configuration: configuration)
        }
    }
}
