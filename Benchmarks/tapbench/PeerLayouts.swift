import Foundation
import TapboardTestKit

/// The other keyboards, from Debian's packages, with the key centres the bench
/// keeps for them. Every table is for an 800x280 window and is checked before
/// measuring: each key is tapped once and must type its own keysym.
extension KeyboardSpec {
    /// Builds a centre table from rows: (y, [(key, x)]).
    private static func table(_ rows: [(y: Double, keys: [(Character, Double)])]) -> [Character: (x: Double, y: Double)] {
        var centres: [Character: (x: Double, y: Double)] = [:]
        for row in rows {
            for (key, x) in row.keys { centres[key] = (x, row.y) }
        }
        return centres
    }

    /// Pairs each character of `keys` with an x, in order.
    private static func row(_ keys: String, _ xs: [Double]) -> [(Character, Double)] {
        precondition(keys.count == xs.count, "row \(keys): \(xs.count) positions")
        return Array(zip(keys, xs))
    }

    /// matchbox-keyboard 0.2: no geometry option, so the bench resizes its window
    /// (160x48 at +0+0 when it starts alone) to 800x280+240+500; it lays its keys
    /// out again for that size. No WM_CLASS: found by WM_NAME "Keyboard".
    /// Centres measured on a screenshot under Xvfb at 800x280 (the key
    /// separators along each row), layout /usr/share/matchbox-keyboard/keyboard.xml.
    static func matchbox(executable: URL) -> KeyboardSpec {
        KeyboardSpec(name: "matchbox-keyboard", executable: executable,
                     arguments: { _, _ in [] },
                     identity: WindowIdentity(names: ["Keyboard"]),
                     placesItself: false,
                     keys: .table(size: (800, 280), centres: table([
                         (47, row("qwertyuiop", [35, 105, 175, 245, 315, 385, 455, 525, 595, 665])),
                         (140, row("asdfghjkl", [70, 140, 210, 280, 350, 420, 490, 560, 630])),
                         (233, row("zxcvbnm ", [145, 215, 285, 355, 425, 495, 565, 695])),
                     ]), source: "a screenshot under Xvfb at 800x280 (key separators along each row), kept in PeerLayouts.swift"),
                     typeable: Set("abcdefghijklmnopqrstuvwxyz "))
    }

    /// xvkbd 4.1 with `-compact` (no function keys, no keypad) and `-geometry`.
    /// Every key is an Xaw widget window: centres from `xwininfo -tree` of the
    /// 800x280 window, relative to its inside (it has a 1-pixel border).
    static func xvkbd(executable: URL) -> KeyboardSpec {
        KeyboardSpec(name: "xvkbd", executable: executable,
                     arguments: { display, geometry in ["-display", display, "-compact", "-geometry", geometry.description] },
                     identity: WindowIdentity(classes: ["xvkbd", "XVkbd"]),
                     keys: .table(size: (800, 280), centres: table([
                         (83, row("qwertyuiop", [103.5, 157, 210.5, 263.5, 317, 371.5, 427, 480.5, 533.5, 587])),
                         (139, row("asdfghjkl", [128.5, 182.5, 238.5, 292, 345.5, 399.5, 455.5, 508.5, 562])),
                         (195, row("zxcvbnm", [153.5, 207.5, 263.5, 317, 370.5, 426.5, 480.5])),
                         (251, row(" ", [318.5])),
                     ]), source: "xwininfo -tree of its 800x280 window (each key is an Xaw widget window), kept in PeerLayouts.swift"),
                     typeable: Set("abcdefghijklmnopqrstuvwxyz "))
    }

    /// Onboard 1.4 with `-s 800x280 -x X -y Y`, its default (Compact) layout and
    /// theme. It needs a D-Bus session bus (the bench starts a private one) and
    /// runs with GSETTINGS_BACKEND=memory so no setting persists between runs.
    /// Centres measured on a screenshot under Xvfb at 800x280 (the dark key
    /// outlines along a line near the top of each row).
    static func onboard(executable: URL) -> KeyboardSpec {
        KeyboardSpec(name: "onboard", executable: executable,
                     arguments: { _, geometry in
                         ["-s", geometry.size, "-x", "\(geometry.x)", "-y", "\(geometry.y)"]
                     },
                     identity: WindowIdentity(names: ["Onboard"]),
                     needsSessionBus: true,
                     environment: ["GSETTINGS_BACKEND": "memory", "NO_AT_BRIDGE": "1"],
                     keys: .table(size: (800, 280), centres: table([
                         (86, row("qwertyuiop", [106.5, 155, 203, 251.5, 299.5, 347.5, 395.5, 443.5, 492, 540.5])),
                         (140, row("asdfghjkl", [118.5, 166.5, 214.5, 262.5, 310.5, 359, 407, 455.5, 503.5])),
                         (193, row("zxcvbnm", [148.5, 196.5, 245, 293, 341.5, 389.5, 437.5])),
                         (247, row(" ", [337])),
                     ]), source: "a screenshot under Xvfb at 800x280 (key outlines along each row), kept in PeerLayouts.swift"),
                     typeable: Set("abcdefghijklmnopqrstuvwxyz "))
    }
}
