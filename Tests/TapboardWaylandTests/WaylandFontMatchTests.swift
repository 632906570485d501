import Foundation
import TapboardTestKit
import Testing

/// The fonts fontconfig matched on Wayland, kept between starts beside X's
/// (`font-matches-wayland`): the next start opens them with FreeType alone,
/// without setting fontconfig up (it maps none of fontconfig's caches), and
/// draws the same keys.
@Suite("Fonts kept between starts on Wayland", .serialized)
struct WaylandFontMatchTests {
    /// How many of fontconfig's cache files a process has mapped (fontconfig maps them as it sets itself up).
    static func fontconfigCaches(_ pid: Int32) -> Int? {
        // Read to its end: a /proc file says it is empty, and is not.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps") else { return nil }
        defer { try? file.close() }
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        return maps.split(separator: "\n").filter { $0.contains("fontconfig") && $0.contains(".cache-") }.count
    }

    @Test("The second start maps no fontconfig cache and draws the same keys")
    func secondStartWithoutFontconfig() throws {
        let desk = try SwayDesktop()
        try desk.foot()
        let cache = try ScratchDirectory()
        let environment = ["XDG_CACHE_HOME": cache.path]
        var shots: [Screenshot] = []
        for start in 1 ... 2 {
            let keyboard = try desk.keyboard(["--no-suggestions", "--no-dbus"], environment: environment)
            let caches = Self.fontconfigCaches(keyboard.child.pid)
            shots.append(try desk.sway.screenshot(x: 0, y: keyboard.top, width: 1280, height: keyboard.height))
            #expect(keyboard.terminate() == .exited(0), "start \(start): \(keyboard.child.standardError.suffix(1500))")
            if start == 1 {
                #expect((caches ?? 0) > 0, "the first start did not set fontconfig up (\(caches.map(String.init) ?? "its maps unread")): is the test still looking at the right thing?")
                let kept = (try? String(contentsOfFile: cache.path("tapboard/font-matches-wayland"), encoding: .utf8)) ?? ""
                #expect(kept.contains(":/"), "no font file kept: \(kept.prefix(300))")
            } else {
                #expect(caches == 0, "fontconfig was set up again (or its maps unread)")
            }
        }
        #expect(shots[0] == shots[1], "the kept fonts drew other keys")
    }
}
