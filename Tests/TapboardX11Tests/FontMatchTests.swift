import Foundation
import TapboardTestKit
import Testing

/// The fonts fontconfig matched, kept between starts (`FontMatches`): a start
/// whose fonts were kept opens them without setting fontconfig up and draws
/// the same keys; a record that is out of date, unreadable or names a font
/// that no longer opens is matched again and written over.
@Suite("Fonts kept between starts", .serialized)
struct FontMatchTests {
    let desktop: Desktop
    let cache: ScratchDirectory
    let config: ScratchDirectory
    var file: String { cache.path("tapboard/font-matches") }
    var environment: [String: String] { ["XDG_CACHE_HOME": cache.path, "XDG_CONFIG_HOME": config.path] }

    init() throws {
        desktop = try Desktop()
        cache = try ScratchDirectory()
        config = try ScratchDirectory()
    }

    private func capture(_ keyboard: Keyboard) -> Screenshot? {
        try? Screenshot.capture(displayName: desktop.xvfb.displayName, window: keyboard.window,
                                width: keyboard.actual.width, height: keyboard.actual.height)
    }

    /// The keyboard's keys once drawn: more than the background's colour, the
    /// same in two captures in a row.
    private func drawnKeys(_ keyboard: Keyboard) throws -> Screenshot {
        var last: Screenshot?
        var drawn: Screenshot?
        #expect(desktop.waitUntil(timeout: .seconds(10)) {
            let now = capture(keyboard)
            defer { last = now }
            guard let now, now == last else { return false }
            var colours = Set<[UInt8]>()
            for i in stride(from: 0, to: now.rgb.count, by: 3 * 97) { colours.insert(Array(now.rgb[i ..< i + 3])) }
            drawn = now
            return colours.count > 2
        }, "the keyboard's keys were not drawn; stderr: \(keyboard.standardError)")
        return try #require(drawn)
    }

    /// The record's inode: a start that matched a font writes a new file in its place.
    private func inode() -> UInt64? {
        var info = stat()
        return stat(file, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// Starts a keyboard, waits for its keys, stops it; what it drew.
    private func start() throws -> Screenshot {
        let keyboard = try desktop.launchKeyboard(arguments: ["--no-auto-shift"], environment: environment)
        let keys = try drawnKeys(keyboard)
        #expect(keyboard.terminate() == .exited(0), "\(keyboard.standardError)")
        return keys
    }

    @Test("The first start keeps its fonts; the next opens them without fontconfig and draws the same keys")
    func keptAndUsed() throws {
        #expect(inode() == nil)
        let first = try start()
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix("tapboard font matches 2\ncontext "))
        #expect(text.contains("\nfont "), "\(text.prefix(500))")
        #expect(text.contains("file=/"), "a kept pattern names its font file")
        let kept = try #require(inode())
        #expect(try start() == first, "the second start drew other keys")
        // Nothing was matched again: the file was not written anew.
        #expect(inode() == kept)
    }

    @Test("A user's fontconfig directory that appears, a torn file or a font file gone: matched again, the same keys drawn, the file written over")
    func outOfDateIsMatchedAgain() throws {
        let first = try start()

        // A place fontconfig reads a user's configuration from, absent at the first start.
        try FileManager.default.createDirectory(atPath: config.path("fontconfig"), withIntermediateDirectories: true)
        var before = inode()
        #expect(try start() == first)
        #expect(inode() != before, "a start after the user's fontconfig directory appeared used the old record")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\t" + config.path("fontconfig") + "\n"))

        // Half a file, as a crash in the middle of a write would leave (the
        // writer renames a whole one into place, but a user may copy one).
        let current = try String(contentsOfFile: file, encoding: .utf8)
        try String(current.prefix(current.count / 2)).write(toFile: file, atomically: false, encoding: .utf8)
        before = inode()
        #expect(try start() == first)
        #expect(inode() != before)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == current)

        // Every watched path as it was, but the kept patterns name a font file
        // that no longer exists: XftFontOpenPattern fails, fontconfig matches.
        let lines = current.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("font ") ? line.replacingOccurrences(of: "file=/", with: "file=/nonexistent/") : String(line)
        }
        try lines.joined(separator: "\n").write(toFile: file, atomically: false, encoding: .utf8)
        #expect(try start() == first)
        let rewritten = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!rewritten.contains("file=/nonexistent/"))
        #expect(rewritten.contains("\nfont "))
    }
}
