import ArgumentParser
import Glibc
import TapboardCatalog
import TapboardCore
import TapboardControl
import TapboardLoop
import TapboardStart

/// `tapboard clipboard`: the running keyboard's clipboard history.
struct Clipboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List or clear the texts the keyboard kept of what was copied to the clipboard.",
        discussion: """
            The keyboard keeps the last 20 texts copied to the clipboard (CLIPBOARD) while it runs \
            (--clipboard-history=memory, the default), in a file too (disk), or nothing (off); on \
            X11 only for now. It never keeps a text a password manager marks secret, nor one copied \
            while a password field has the focus. A longer text is kept cut to its first 4096 characters (Unicode code points).
            """,
        subcommands: [ClipboardList.self, ClipboardClear.self]
    )
}

/// `tapboard clipboard list`.
struct ClipboardList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the clipboard history of the keyboard running on the display, newest first, one entry a line.",
        discussion: """
            Each line is 'p' for a pinned entry or '-', a tab, then the text, in which a backslash \
            is written \\\\, a newline \\n, a carriage return \\r, a tab \\t, and any other control \
            or invisible character \\u{HEX}: each entry is one line ('cut -f 2-' gives the texts).
            """
    )
    @OptionGroup var display: DisplayOptions

    func run() throws {
        let entries = try KeyboardControl.clipboard(.list, displayName: display.display)
        var out = ""
        for entry in entries { out += (entry.pinned ? "p\t" : "-\t") + ClipboardHistory.escape(entry.text) + "\n" }
        print(out, terminator: "")
    }
}

/// `tapboard clipboard clear`.
struct ClipboardClear: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Empty the clipboard history of the keyboard running on the display, pinned entries too, and delete its file.",
        discussion: """
            The running keyboard is asked first (so it keeps nothing more of what it had), then the \
            file --clipboard-history=disk keeps is deleted, whichever mode the keyboard runs in.
            """
    )
    @OptionGroup var display: DisplayOptions

    func run() throws {
        var failure: Error?
        do {
            _ = try KeyboardControl.clipboard(.clear, displayName: display.display)
        } catch {
            failure = error
        }
        let file = ClipboardFile.standard(environment: SuggestionFiles.environment)
        file.delete()
        let problems = file.takeNotes()
        if !problems.isEmpty { throw UserError(description: problems.joined(separator: "\n")) }
        if let failure { throw failure }
    }
}
