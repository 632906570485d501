import ArgumentParser
import Foundation

/// `tapbench`: the side-by-side benchmark (the default: scripts/bench) and the
/// kiosk table (`tapbench kiosk`: scripts/bench-kiosk). Subcommands of their own,
/// so each has its own `--keyboards` and `--tapboard`.
@main
struct Tapbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tapbench",
        abstract: "Measure Tapboard side by side with other X11 on-screen keyboards under Xvfb.",
        subcommands: [SideBySide.self, KioskCommand.self, TypingCommand.self],
        defaultSubcommand: SideBySide.self
    )

    /// The directory of the running executable (/proc/self/exe).
    static func executableDirectory() -> URL {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }
}
