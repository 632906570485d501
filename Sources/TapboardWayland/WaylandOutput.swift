import CWayland
import TapboardCore

/// One output (a monitor) as the compositor describes it: its name, its
/// place and size in surface pixels, and the scale its buffers are drawn at.
final class WaylandOutput {
    let proxy: OpaquePointer
    /// The registry's name for it, to hear that it went away.
    let globalName: UInt32
    /// Its name (`HDMI-A-1`), from xdg-output or wl_output 4; nil when neither said.
    private(set) var name: String?
    /// The current mode, in pixels.
    private var mode = Size(width: 0, height: 0)
    /// Where it is in the compositor's space (wl_output's own, in pixels).
    private var position = Point(x: 0, y: 0)
    /// Its place and size in surface pixels (xdg-output), which account for the scale and a rotation.
    private var logicalPosition: Point?
    private var logicalSize: Size?
    /// The integer scale its clients' buffers are drawn at.
    private(set) var scale = 1
    private var xdgOutput: OpaquePointer?
    /// The compositor took it away (unplugged, disabled): its proxy is destroyed.
    private(set) var isGone = false
    /// Told after a change of its description is complete (a new scale).
    var changed: () -> Void = {}

    init(_ proxy: OpaquePointer, globalName: UInt32) {
        self.proxy = proxy
        self.globalName = globalName
        wl_output_add_listener(proxy, &Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Asks xdg-output for its name and logical place (once).
    func describe(with manager: OpaquePointer) {
        guard xdgOutput == nil else { return }
        xdgOutput = zxdg_output_manager_v1_get_xdg_output(manager, proxy)
        zxdg_output_v1_add_listener(xdgOutput, &Self.xdgListener, Unmanaged.passUnretained(self).toOpaque())
    }

    func destroy() {
        guard !isGone else { return }
        isGone = true
        if let xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        xdgOutput = nil
        if wl_proxy_get_version(proxy) >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    /// Its name for `--monitor`: the compositor's, else `output-N` by its place in the announced order.
    func shownName(_ index: Int) -> String { name ?? "output-\(index + 1)" }

    /// Its place and size in surface pixels.
    var logicalFrame: Rect {
        let size = logicalSize ?? Size(width: mode.width / max(scale, 1), height: mode.height / max(scale, 1))
        let origin = logicalPosition ?? position
        return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    nonisolated(unsafe) private static var listener = wl_output_listener(
        geometry: { data, _, x, y, _, _, _, _, _, _ in
            guard let data else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().position = Point(x: Int(x), y: Int(y))
        },
        mode: { data, _, flags, width, height, _ in
            guard let data, flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().mode = Size(width: Int(width), height: Int(height))
        },
        done: { data, _ in
            guard let data else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().changed()
        },
        scale: { data, _, factor in
            guard let data else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().scale = max(Int(factor), 1)
        },
        name: { data, _, name in
            guard let data, let name else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().name = String(cString: name)
        },
        description: { _, _, _ in }
    )

    nonisolated(unsafe) private static var xdgListener = zxdg_output_v1_listener(
        logical_position: { data, _, x, y in
            guard let data else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().logicalPosition = Point(x: Int(x), y: Int(y))
        },
        logical_size: { data, _, width, height in
            guard let data else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().logicalSize = Size(width: Int(width), height: Int(height))
        },
        done: { _, _ in },
        name: { data, _, name in
            guard let data, let name else { return }
            Unmanaged<WaylandOutput>.fromOpaque(data).takeUnretainedValue().name = String(cString: name)
        },
        description: { _, _, _ in }
    )
}
