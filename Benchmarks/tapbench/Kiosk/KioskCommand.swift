import ArgumentParser
import Foundation
import TapboardTestKit

/// `tapbench kiosk`: which keyboards type into real applications on a kiosk
/// server, as a new user would find out. Run through scripts/bench-kiosk.
struct KioskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "Tap \"hello\" on each keyboard into real applications on a kiosk server and print what arrived.",
        discussion: """
            Per cell, on a fresh Xvfb 1280x800 (openbox only in the GTK 3 openbox column): the application \
            started full-window, the keyboard started over it and left until it is idle (not woken for 500 ms), \
            the application's text field clicked with the \
            pointer (XTest; Chromium: until the page has counted the click), then h e l l o tapped at the centres of the \
            keyboard's keys, the click and the taps 125 ms apart as a hand taps; the cell \
            is the text the field then holds (read once the five letters have arrived, or 3 s after the last \
            tap, and then nothing more for 500 ms), and whether a key, modifier or button was left down. \
            Tapboard --auto-show is started first with a private session bus and at-spi2-core's accessibility \
            bus (the application too: Qt with QT_ACCESSIBILITY=1, Chromium with --force-renderer-accessibility) \
            and must show by itself once the field is clicked (10 s). A cell whose keys a window covers (after \
            the start or the click) is not tapped.

            Applications: ToolkitFields' GTK 3 entry and Qt 5 line edit; xterm running `stty raw -echo; dd` \
            into a file (every byte the terminal sends, no Return needed); chromium --kiosk on a page whose \
            autofocus input copies its value into the title, read from the window's _NET_WM_NAME.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Comma-separated rows: \(KioskRow.allCases.map(\.rawValue).joined(separator: ",")) (matchbox for matchbox-keyboard).",
                                            valueName: "names"))
    var keyboards: String = KioskRow.allCases.map(\.rawValue).joined(separator: ",")

    @Option(name: .long, help: ArgumentHelp("Comma-separated columns: \(KioskColumn.allCases.map(\.rawValue).joined(separator: ",")).",
                                            valueName: "names"))
    var apps: String = KioskColumn.allCases.map(\.rawValue).joined(separator: ",")

    @Option(name: .long, help: ArgumentHelp("The tapboard binary (default: next to tapbench).", valueName: "path"))
    var tapboard: String?

    @Option(name: .long, help: ArgumentHelp("A variable set for every application (repeatable): what else one needs, tried.", valueName: "NAME=VALUE"))
    var appEnv: [String] = []

    @Flag(name: .long, help: "Print the raw cells as JSON instead of the markdown table.")
    var json = false

    private var rows: [KioskRow] {
        get throws {
            try Self.names(keyboards).map { name in
                guard let row = KioskRow(rawValue: name == "matchbox" ? KioskRow.matchbox.rawValue : name) else {
                    throw ValidationError("unknown keyboard '\(name)'; known: \(KioskRow.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return row
            }
        }
    }

    private var columns: [KioskColumn] {
        get throws {
            try Self.names(apps).map { name in
                guard let column = KioskColumn(rawValue: name) else {
                    throw ValidationError("unknown application '\(name)'; known: \(KioskColumn.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return column
            }
        }
    }

    private static func names(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private var appEnvironment: [String: String] {
        get throws {
            try Dictionary(appEnv.map { pair in
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw ValidationError("--app-env takes NAME=VALUE, not '\(pair)'")
                }
                return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
            }) { $1 }
        }
    }

    func validate() throws {
        _ = try rows
        _ = try columns
        _ = try appEnvironment
    }

    func run() throws {
        ChildGuard.install()
        XConnection.reportsErrors = false
        let rows = try rows, columns = try columns
        let binary = URL(fileURLWithPath: tapboard ?? Tapbench.executableDirectory().appendingPathComponent("tapboard").path)
        let log = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        let appEnvironment = try appEnvironment
        let run = KioskRun(tapboard: binary, appEnvironment: appEnvironment, log: log)
        let began = MonotonicClock.now
        var cells: [KioskCell] = []
        for row in rows {
            log("\(row.label):")
            for column in columns { cells.append(run.run(row, column)) }
        }
        try? FileManager.default.removeItem(at: KeyboardSpec.dataRoot)
        let seconds = MonotonicClock.milliseconds(from: began, to: MonotonicClock.now) / 1000
        log("\(cells.count) cells in \(Int(seconds.rounded())) s")

        if json {
            let report = KioskReport(date: ISO8601DateFormatter().string(from: Date()), tapboard: binary.path, appEnvironment: appEnvironment,
                                     word: KioskRun.word, tapIntervalMilliseconds: 125, seconds: seconds, cells: cells)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            var lines = KioskTable(rows: rows, columns: columns, cells: cells).render()
            if !appEnvironment.isEmpty {
                lines += ["", "Every application also had " + appEnvironment.sorted { $0.key < $1.key }.map { "`\($0.key)=\($0.value)`" }.joined(separator: ", ") + "."]
            }
            print(lines.joined(separator: "\n"))
        }
    }
}

/// The kiosk table's JSON.
struct KioskReport: Codable {
    var date: String
    var tapboard: String
    var appEnvironment: [String: String]
    var word: String
    var tapIntervalMilliseconds: Int
    var seconds: Double
    var cells: [KioskCell]
}
