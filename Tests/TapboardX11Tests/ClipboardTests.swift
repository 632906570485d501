import CX11
import Foundation
import TapboardTestKit
import Testing

/// The clipboard history with the real binary under a private Xvfb: texts
/// copied with xclip (and by a client of the test's own, to mark one secret),
/// read back with `tapboard clipboard list`.
@Suite("The clipboard history", .serialized)
struct ClipboardTests {
    let desktop: Desktop
    /// Files copied from, and a data directory for disk mode.
    let scratch: ScratchDirectory

    init() throws {
        desktop = try Desktop()
        scratch = try ScratchDirectory()
    }

    /// Runs `tapboard ARGS --display D` to its end (deadline 20 s): its status, stdout and stderr.
    @discardableResult
    private func tapboard(_ arguments: [String], environment: [String: String]? = nil) throws
        -> (status: TapboardTestKit.ExitStatus?, output: String, error: String) {
        let child = try ChildProcess(try Keyboard.locateBinary(), arguments + ["--display", desktop.xvfb.displayName], environment: environment)
        let status = child.wait(until: Deadline(.seconds(20)))
        return (status, child.standardOutput, child.standardError)
    }

    /// `tapboard clipboard list`'s lines; a failure is recorded and gives none.
    private func list(environment: [String: String]? = nil) throws -> [String] {
        let result = try tapboard(["clipboard", "list"], environment: environment)
        guard result.status == .exited(0) else {
            Issue.record("clipboard list: \(String(describing: result.status)): \(result.error)")
            return []
        }
        return result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Waits (deadline) until `tapboard clipboard list` prints these lines; whether it did, and the last lines read.
    private func waitForList(_ expected: [String], timeout: Duration = .seconds(10)) throws -> (Bool, [String]) {
        var last: [String] = []
        let seen = desktop.waitUntil(timeout: timeout) {
            last = (try? list()) ?? []
            return last == expected
        }
        return (seen, last)
    }

    /// Launches the keyboard and waits until it answers `tapboard clipboard list`
    /// (empty): its loop runs, so it follows the clipboard from then on (it
    /// starts to after its first frame).
    private func launch(arguments: [String] = [], environment: [String: String] = [:]) throws -> Keyboard {
        let keyboard = try desktop.launchKeyboard(arguments: arguments, environment: environment)
        #expect(try list() == [])
        return keyboard
    }

    /// Copies a text to the clipboard with xclip (which stays, owning it, in the background).
    private func xclip(_ text: String) throws {
        let file = scratch.path("copied-\(UUID().uuidString)")
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/xclip"), ["-selection", "clipboard", "-display", desktop.xvfb.displayName, file])
        #expect(child.wait(until: Deadline(.seconds(10))) == .exited(0), "xclip: \(child.standardError)")
    }

    /// What `xclip -o` reads from the clipboard now (its owner answering another client).
    private func pasted() throws -> String {
        try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/xclip"), ["-o", "-selection", "clipboard", "-display", desktop.xvfb.displayName])
    }

    @Test("Texts copied with xclip are listed newest first, escaped one a line; copied again, a text moves to the top")
    func newestFirst() throws {
        let keyboard = try launch()
        try xclip("first")
        #expect(try waitForList(["-\tfirst"]) == (true, ["-\tfirst"]))
        try xclip("second line\nwith\ttab \\ end")
        let second = "-\tsecond line\\nwith\\ttab \\\\ end"
        #expect(try waitForList([second, "-\tfirst"]).0)
        try xclip("third")
        #expect(try waitForList(["-\tthird", second, "-\tfirst"]).0)
        try xclip("first")
        let (moved, lines) = try waitForList(["-\tfirst", "-\tthird", second])
        #expect(moved, "\(lines)")
        #expect(keyboard.standardError == "")
    }

    @Test("A text its owner marks secret (x-kde-passwordManagerHint) is never fetched nor kept; the owner's next text is")
    func secretNeverKept() throws {
        let keyboard = try launch()
        let owner = try ClipboardOwner(displayName: desktop.xvfb.displayName)
        owner.own("correct horse battery staple", secret: true)
        let hintAsked = owner.serve(until: Deadline(.seconds(10))) {
            owner.targetsAsked(for: owner.text).contains(ClipboardOwner.passwordManagerHint)
        }
        #expect(hintAsked, "asked: \(owner.asked)")
        // Whatever the keyboard asked before the list was answered has reached the owner by now.
        #expect(try list() == [])
        owner.answerPending()
        #expect(owner.targetsAsked(for: "correct horse battery staple") == ["TARGETS", ClipboardOwner.passwordManagerHint])
        owner.own("an ordinary text")
        #expect(owner.serve(until: Deadline(.seconds(10))) { owner.targetsAsked(for: owner.text).contains("UTF8_STRING") })
        #expect(try list() == ["-\tan ordinary text"])
        #expect(owner.targetsAsked(for: "an ordinary text") == ["TARGETS", "UTF8_STRING"])
        #expect(keyboard.standardError == "")
    }

    @Test("An owner that never answers is given up on 2 s after it was asked, said in one line; the next owner's text is kept")
    func ownerNeverAnswers() throws {
        let keyboard = try launch()
        let owner = try ClipboardOwner(displayName: desktop.xvfb.displayName)
        let owned = MonotonicClock.now
        owner.own("never sent")
        #expect(Deadline.waitFor(.seconds(10)) { keyboard.standardError.contains("did not answer") }, "\(keyboard.standardError)")
        let waited = MonotonicClock.milliseconds(from: owned, to: MonotonicClock.now)
        #expect(waited >= 1_900, "gave up after \(waited) ms")
        let line = keyboard.standardError
        #expect(line.hasPrefix("tapboard: the clipboard's owner (window 0x") && line.hasSuffix(") did not answer within 2 s; what it holds is not kept\n")
                && line.split(separator: "\n").count == 1, "\(line)")
        owner.own("answered")
        #expect(owner.serve(until: Deadline(.seconds(10))) { owner.targetsAsked(for: owner.text).contains("UTF8_STRING") })
        #expect(try list() == ["-\tanswered"])
    }

    @Test("--clipboard-history=off: the owner is asked nothing and nothing is listed")
    func off() throws {
        let keyboard = try launch(arguments: ["--clipboard-history=off"])
        let owner = try ClipboardOwner(displayName: desktop.xvfb.displayName)
        owner.own("not kept")
        #expect(try list() == [])
        // Had the keyboard asked, its request would have come before the list's answer.
        owner.answerPending()
        #expect(owner.asked.isEmpty, "\(owner.asked)")
        try xclip("not kept either")
        #expect(try pasted() == "not kept either")
        #expect(try list() == [])
        #expect(keyboard.standardError == "")
    }

    @Test("tapboard events --keys, listening before the copies, hears none of the texts copied (but the keys typed)")
    func neverPublished() throws {
        let keyboard = try launch(arguments: ["--publish-keys", "--no-auto-shift"])
        let events = try desktop.listen(["--keys"])
        let texts = ["clipboard-marker-one", "clipboard marker two", "clipboard-marker-q"]
        var expected: [String] = []
        for text in texts {
            try xclip(text)
            expected.insert("-\t\(text)", at: 0)
            #expect(try waitForList(expected).0, "\(text)")
        }
        try keyboard.tap("letters", "q")
        #expect(desktop.target.waitForText(length: 1))
        #expect(try tapboard(["quit"]).status == .exited(0))
        #expect(events.wait(until: Deadline(.seconds(10))) == .exited(0), "events: \(events.standardError)")
        #expect(events.standardOutput.contains("{\"event\":\"key\",\"text\":\"q\"}"), "\(events.standardOutput)")
        #expect(!events.standardOutput.contains("marker"), "\(events.standardOutput)")
    }

    @Test("--clipboard-history=disk: a 0600 file after a copy, listed again after a restart, deleted by the keyboard's clear")
    func disk() throws {
        let data = try ScratchDirectory()
        let file = data.path("tapboard/clipboard-history.txt")
        let environment = ["XDG_DATA_HOME": data.path]
        let first = try launch(arguments: ["--clipboard-history=disk", "--no-suggestions"], environment: environment)
        // Nothing written at start, nor when an empty history is listed.
        #expect(!FileManager.default.fileExists(atPath: file))
        try xclip("kept on disk")
        #expect(try waitForList(["-\tkept on disk"]).0)
        #expect(Deadline.waitFor(.seconds(5)) { FileManager.default.fileExists(atPath: file) })
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "tapboard-clipboard 1\ne\t-\tkept on disk\nend\t1\n")
        #expect(try tapboard(["quit"]).status == .exited(0))
        #expect(first.child.wait(until: Deadline(.seconds(5))) == .exited(0))

        let second = try desktop.launchKeyboard(arguments: ["--clipboard-history=disk", "--no-suggestions"], environment: environment)
        #expect(try list() == ["-\tkept on disk"], "read from the file when first needed")
        // The command runs with another data directory: only the keyboard can have deleted the file.
        let elsewhere = try ScratchDirectory()
        var commandEnvironment = ProcessInfo.processInfo.environment
        commandEnvironment["XDG_DATA_HOME"] = nil
        commandEnvironment["HOME"] = elsewhere.path
        let clear = try tapboard(["clipboard", "clear"], environment: commandEnvironment)
        #expect(clear.status == .exited(0), "\(clear.error)")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try list() == [])
        #expect(first.standardError == "" && second.standardError == "", "\(first.standardError)\(second.standardError)")
    }

    @Test("A 3 MB text copied with xclip (INCR) is kept cut to 4,096 characters; the keyboard types meanwhile and xclip still serves others")
    func largeText() throws {
        let keyboard = try launch()
        // Base64: no character to escape. Over xclip's 1 MB chunk, so it goes in pieces.
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        let text = String((0 ..< 3_000_000).map { _ in alphabet[Int(generator.next() % 64)] })
        try xclip(text)
        let (kept, lines) = try waitForList(["-\t" + text.prefix(4_096)])
        #expect(kept, "\(lines.map(\.count))")
        try keyboard.tap("letters", "q")
        #expect(desktop.target.waitForText(length: 1))
        #expect(desktop.target.text == "Q")
        // The rest went by unread, to its end: xclip is free to give all of it to another client.
        #expect(try pasted().count == text.count)
        #expect(keyboard.standardError == "")
    }
}

/// The password field of a GTK 3 application, followed with `--auto-show`.
@Suite("The clipboard history and a password field", .serialized)
struct ClipboardPasswordTests {
    @Test("A text copied while a GTK 3 password field has the focus is never kept; one copied in an entry after it is")
    func passwordField() throws {
        let desktop = try Desktop(windowManager: true)
        let bus = try SessionBus()
        let autoShow = try AutoShowKeyboard(on: desktop, bus: bus)
        let app = try ToolkitFields(on: desktop, size: (1280, 800), environment: bus.environment)
        let watch = try MapWatch(desktop.xvfb.displayName, window: autoShow.window)
        try #require(watch.waitUntil(mapped: true, timeout: .seconds(10)), "not shown for the focused entry: \(autoShow.process.standardError)")
        // Hidden for the button, shown again for the password field: the keyboard knows it has the focus.
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false))
        desktop.tapper.tap(app.centre("password"))
        #expect(watch.waitUntil(mapped: true))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "password" })

        let owner = try ClipboardOwner(displayName: desktop.xvfb.displayName)
        owner.own("typed in the password field")
        // Fetched (the keyboard cannot tell it is secret before it has it), then dropped.
        #expect(owner.serve(until: Deadline(.seconds(10))) { owner.targetsAsked(for: owner.text).contains("UTF8_STRING") },
                "asked: \(owner.asked)")

        // The button hides the keyboard and the entry shows it: it knows the entry has the focus now.
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false))
        desktop.tapper.tap(app.centre("entry"))
        #expect(watch.waitUntil(mapped: true))
        owner.own("copied in the entry")
        #expect(owner.serve(until: Deadline(.seconds(10))) { owner.targetsAsked(for: owner.text).contains("UTF8_STRING") })
        let listed = try ChildProcess.run(try Keyboard.locateBinary(), ["clipboard", "list", "--display", desktop.xvfb.displayName])
        #expect(listed == "-\tcopied in the entry\n")
        #expect(autoShow.process.standardError == "")
    }
}
