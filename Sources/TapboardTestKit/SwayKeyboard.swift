import Foundation

/// The real `tapboard` binary on a headless sway (`--backend wayland`), docked
/// at the bottom; its keys tapped through a `WaylandPointer`.
public final class SwayKeyboard {
    /// The running keyboard process.
    public let child: ChildProcess
    private let binary: URL
    private let sway: HeadlessSway
    private let pointer: WaylandPointer
    private let layoutArguments: [String]
    private var pages: [String: PageFrames] = [:]
    /// The surface's top edge and height on the output, from the zone it reserved.
    public let top: Int
    public let height: Int

    /// Starts the keyboard with `arguments` and waits until its exclusive zone
    /// lays out the window `appID` (a target already shown) above it.
    public init(sway: HeadlessSway, pointer: WaylandPointer, above appID: String, arguments: [String] = [],
                timeout: Duration = .seconds(15)) throws {
        binary = try Keyboard.locateBinary()
        self.sway = sway
        self.pointer = pointer
        var layout: [String] = []
        var i = 0
        while i < arguments.count {
            if ["--layout", "--layouts"].contains(arguments[i]), i + 1 < arguments.count { layout += [arguments[i], arguments[i + 1]] }
            i += 1
        }
        layoutArguments = layout
        let full = sway.size.height
        // The strip's first rows as they were: the keyboard shows when they change.
        let rows = 4
        let before = try sway.screenshot(x: 0, y: full - 200, width: sway.size.width, height: rows)
        child = try ChildProcess(binary, ["--backend", "wayland"] + arguments, environment: sway.environment)
        var found: Int?
        _ = Deadline.waitFor(timeout) { [child] in
            guard child.isRunning, let rect = sway.window(appID: appID)?.rect, rect.height < full else { return !child.isRunning }
            found = rect.y + rect.height
            return true
        }
        guard let edge = found else {
            child.terminate()
            throw HarnessError.processFailed("tapboard did not reserve its zone on sway; stderr: \(child.standardError)")
        }
        top = edge
        height = full - edge
        // The zone is reserved at the first configure, before anything is drawn: a tap
        // before the surface shows lands on the workspace, which takes the focus.
        let drawn = Deadline.waitFor(timeout) { [child] in
            guard child.isRunning, let now = try? sway.screenshot(x: 0, y: full - 200, width: sway.size.width, height: rows) else { return !child.isRunning }
            return now != before
        }
        guard drawn, child.isRunning else {
            child.terminate()
            throw HarnessError.processFailed("tapboard reserved its zone but drew nothing; stderr: \(child.standardError)")
        }
    }

    deinit { child.terminate() }

    /// The key frames of a page at the surface's size, from `tapboard dump-layout`.
    public func frames(of page: String) throws -> PageFrames {
        if let frames = pages[page] { return frames }
        let frames = try PageFrames.dump(binary: binary, size: "\(sway.size.width)x\(height)", page: page, arguments: layoutArguments)
        pages[page] = frames
        return frames
    }

    /// Taps the key `id` of `page` at its centre (the test says which page is shown).
    public func tap(_ page: String, _ id: String) throws {
        let frames = try frames(of: page)
        guard let key = frames.key(id) else { throw HarnessError.noSuchKey(page: page, id: id, known: frames.keys.map(\.id)) }
        pointer.tap(Int(key.x + key.width / 2), top + Int(key.y + key.height / 2))
    }

    /// Stops the keyboard (SIGTERM) and returns its exit status.
    @discardableResult
    public func terminate(timeout: Duration = .seconds(5)) -> ExitStatus? { child.terminate(within: timeout) }
}
