import Foundation

/// Changes the resizable server's outputs through `xrandr`, as a user rotating
/// a screen or plugging in a monitor would.
public final class RandR {
    private let displayName: String
    private let xrandr: URL
    /// Modes made so far, and the outputs each was added to.
    private var modes: [String: Set<String>] = [:]

    public init(displayName: String) throws {
        guard let xrandr = executableOnPath("xrandr") else {
            throw HarnessError.programMissing("xrandr", hint: "screen change tests need it (apt-get install x11-xserver-utils)")
        }
        self.displayName = displayName
        self.xrandr = xrandr
    }

    /// Shows `output` at `width`x`height` (a mode made for it when new), to the
    /// right of `rightOf` when given; the screen grows or shrinks to fit.
    public func set(_ output: String, width: Int, height: Int, rightOf: String? = nil) throws {
        let name = "\(width)x\(height)_tb"
        if modes[name] == nil {
            // Any timing will do for the dummy driver; 60 Hz with small blanking.
            let hTotal = width + 160, vTotal = height + 30
            let clock = Double(hTotal * vTotal * 60) / 1_000_000
            try run(["--newmode", name, String(format: "%.2f", clock),
                     "\(width)", "\(width + 48)", "\(width + 80)", "\(hTotal)",
                     "\(height)", "\(height + 3)", "\(height + 8)", "\(vTotal)", "-hsync", "+vsync"])
            modes[name] = []
        }
        if modes[name]?.contains(output) != true {
            try run(["--addmode", output, name])
            modes[name]?.insert(output)
        }
        try run(["--output", output, "--mode", name] + (rightOf.map { ["--right-of", $0] } ?? []))
    }

    /// Turns `output` off.
    public func turnOff(_ output: String) throws {
        try run(["--output", output, "--off"])
    }

    private func run(_ arguments: [String]) throws {
        let child = try ChildProcess(xrandr, ["--display", displayName] + arguments)
        let status = child.wait(until: Deadline(.seconds(10)))
        guard status == .exited(0) else {
            throw HarnessError.processFailed("xrandr \(arguments.joined(separator: " ")): \(status.map(\.description) ?? "no exit in 10 s"): \(child.standardError)")
        }
    }
}
