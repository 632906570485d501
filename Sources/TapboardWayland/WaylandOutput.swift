import TapboardCore

/// One output (a monitor) as the compositor describes it: its name, its
/// place and size in surface pixels, and the scale its buffers are drawn at.
final class WaylandOutput {
    /// Its protocol objects, which tell it what the compositor says.
    let object: OutputObject
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
    /// Told after a change of its description is complete (a new scale).
    var changed: () -> Void = {}

    init(_ object: OutputObject, globalName: UInt32) {
        self.object = object
        self.globalName = globalName
        object.heard = { [unowned self] in self.heard($0) }
    }

    /// The compositor took it away (unplugged, disabled): its protocol objects are destroyed.
    var isGone: Bool { object.isDestroyed }

    private func heard(_ event: OutputObject.Event) {
        switch event {
        case .position(let p): position = p
        case .mode(let size): mode = size
        case .scale(let factor): scale = factor
        case .name(let shown): name = shown
        case .done: changed()
        case .logicalPosition(let p): logicalPosition = p
        case .logicalSize(let size): logicalSize = size
        }
    }

    /// Its name for `--monitor`: the compositor's, else `output-N` by its place in the announced order.
    func shownName(_ index: Int) -> String { name ?? "output-\(index + 1)" }

    /// Its place and size in surface pixels.
    var logicalFrame: Rect {
        let size = logicalSize ?? Size(width: mode.width / max(scale, 1), height: mode.height / max(scale, 1))
        let origin = logicalPosition ?? position
        return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
}
