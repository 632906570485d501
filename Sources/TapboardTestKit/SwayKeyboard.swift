import Foundation

/// The real `tapboard` binary on a headless sway (`--backend wayland`), docked
/// at the bottom; its keys tapped through a `WaylandPointer`.
public final class SwayKeyboard {
    /// The running keyboard process.
    public let child: ChildProcess
    /// The tapboard binary it runs.
    public let binary: URL
    private let sway: HeadlessSway
    private let pointer: WaylandPointer
    private let layoutArguments: [String]
    private var pages: [String: PageFrames] = [:]
    /// Whether it shows the suggestion strip (dumped frames include it then).
    public let suggestions: Bool
    /// The surface's top edge and height on the output, from the zone it reserved.
    public let top: Int
    public let height: Int

    /// Starts the keyboard with `arguments` and waits until its exclusive zone
    /// lays out the window `appID` (a target already shown) above it.
    public init(sway: HeadlessSway, pointer: WaylandPointer, above appID: String, arguments: [String] = [],
                environment added: [String: String] = [:], timeout: Duration = .seconds(15)) throws {
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
        suggestions = !arguments.contains("--no-suggestions")
        child = try ChildProcess(binary, ["--backend", "wayland"] + arguments, environment: sway.environment.merging(added) { $1 })
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
        // before the surface shows lands on the workspace, which takes the focus. The
        // keyboard says it shows (didShow) once its first frame is committed.
        let events = try ChildProcess(binary, ["events"], environment: sway.environment)
        defer { _ = events.terminate() }
        let shown = Deadline.waitFor(timeout) { [child] in events.standardOutput.contains("\"didShow\"") || !child.isRunning }
        guard shown, child.isRunning else {
            child.terminate()
            throw HarnessError.processFailed("tapboard reserved its zone but never said it shows; stderr: \(child.standardError)")
        }
    }

    deinit { child.terminate() }

    /// The key frames of a page at the surface's size, from `tapboard dump-layout`.
    public func frames(of page: String) throws -> PageFrames {
        if let frames = pages[page] { return frames }
        let frames = try PageFrames.dump(binary: binary, size: "\(sway.size.width)x\(height)", page: page, arguments: layoutArguments,
                                         suggestions: suggestions)
        pages[page] = frames
        return frames
    }

    /// The centre of the key `id` of `page` on the output.
    public func centre(of id: String, on page: String) throws -> (x: Int, y: Int) {
        let frames = try frames(of: page)
        guard let key = frames.key(id) else { throw HarnessError.noSuchKey(page: page, id: id, known: frames.keys.map(\.id)) }
        return (Int(key.x + key.width / 2), top + Int(key.y + key.height / 2))
    }

    /// Taps the key `id` of `page` at its centre (the test says which page is shown).
    public func tap(_ page: String, _ id: String) throws {
        let p = try centre(of: id, on: page)
        pointer.tap(p.x, p.y)
    }

    /// Draws a word across the letters of `page` without lifting: onto the first
    /// letter (resting there, as `WaylandPointer.tap` does), eight motions
    /// between centres, then `whileHeld` before the release.
    public func swipe(_ word: String, on page: String = "letters", whileHeld: () throws -> Void = {}) throws {
        let points = try word.map { try centre(of: String($0), on: page) }
        pointer.move(to: points[0].x - 1, points[0].y)
        usleep(50_000)
        pointer.move(to: points[0].x, points[0].y)
        pointer.button(down: true)
        for (a, b) in zip(points, points.dropFirst()) {
            for i in 1 ... 8 { pointer.move(to: a.x + (b.x - a.x) * i / 8, a.y + (b.y - a.y) * i / 8) }
        }
        try whileHeld()
        pointer.button(down: false)
    }

    /// Stops the keyboard (SIGTERM) and returns its exit status.
    @discardableResult
    public func terminate(timeout: Duration = .seconds(5)) -> ExitStatus? { child.terminate(within: timeout) }
}
