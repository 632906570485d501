import CX11
import Foundation
import TapboardTestKit
import Testing

/// `--auto-show` on a kiosk: no window manager, a full-screen GTK 3 application,
/// the accessibility bus. The keyboard showing under the pointer once took the
/// application's focus from under it (the focus followed the pointer), the
/// field lost the focus, the keyboard hid, and round again.
@Suite("Kiosk auto-show: no window manager, a full-screen GTK application", .serialized)
struct KioskAutoShowTests {
    /// The keyboard's maps and unmaps, counted from before the application starts (it shows at once for its
    /// entry). Declared first: its connection closes before the server stops.
    let watch: MapWatch
    let desktop: Desktop
    let bus: SessionBus
    let autoShow: AutoShowKeyboard
    let app: ToolkitFields
    var keyboardWindow: Window { autoShow.window }
    var data: ScratchDirectory { autoShow.data }
    /// Where the keyboard shows (its resting frame at the bottom of the screen).
    let rest = KioskAutoShowTests.rest

    static let rest = WindowPlacement(width: 1280, height: 288, x: 0, y: 512)

    init() throws {
        desktop = try Desktop(focusTarget: false)
        bus = try SessionBus()
        autoShow = try AutoShowKeyboard(on: desktop, bus: bus, arguments: ["--no-auto-shift"])
        watch = try MapWatch(desktop.xvfb.displayName, window: autoShow.window)
        // The pointer rests where the keyboard will show, over the application once it starts.
        desktop.tapper.move(to: ScreenPoint(x: 640, y: 650))
        app = try ToolkitFields(on: desktop, size: (1280, 800), environment: bus.environment)
    }

    /// The keyboard's key centres on the screen, for a page.
    static func centres(_ page: String) throws -> [String: ScreenPoint] {
        let frames = try PageFrames.dump(binary: try Keyboard.locateBinary(), size: "\(rest.width)x\(rest.height)", page: page, suggestions: true)
        return Dictionary(frames.keys.map { key in
            (key.id, rest.screenPoint(x: key.x + key.width / 2, y: key.y + key.height / 2))
        }, uniquingKeysWith: { a, _ in a })
    }

    @Test("The pointer resting where the keyboard shows, a field focused by Tab: one show and no hide in 5 s; 200 taps at 8/s, clicks in the field between keys, all arrive")
    func showsOnceAndTypes() throws {
        // The application starts with its entry focused: the keyboard shows for it, under the pointer.
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)), "the keyboard did not show for the entry")
        #expect(!watch.waitUntil(mapped: false, timeout: .seconds(2)), "hidden again: \(watch.maps) shows, \(watch.unmaps) hides")
        #expect(watch.maps == 1 && watch.unmaps == 0, "\(watch.maps) shows, \(watch.unmaps) hides")
        // Away to the button: hidden. The pointer back over where the keyboard shows.
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false))
        desktop.tapper.move(to: ScreenPoint(x: 640, y: 650))
        let shows = watch.maps, hides = watch.unmaps
        // Shift+Tab twice: the password field, then the text view, focused from the keyboard.
        let shift = desktop.tapper.keycode(for: XK_Shift_L), tab = desktop.tapper.keycode(for: XK_Tab)
        for _ in 0 ..< 2 {
            desktop.tapper.key(shift, down: true)
            desktop.tapper.key(tab, down: true)
            desktop.tapper.key(tab, down: false)
            desktop.tapper.key(shift, down: false)
        }
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "view" })
        #expect(watch.waitUntil(mapped: true))
        #expect(!watch.waitUntil(mapped: false, timeout: .seconds(5)), "hidden again: \(watch.maps - shows) shows, \(watch.unmaps - hides) hides")
        #expect(watch.maps - shows == 1 && watch.unmaps - hides == 0, "\(watch.maps - shows) shows, \(watch.unmaps - hides) hides in 5 s")

        // 100 clicks at the end of the view's text and 100 keys between them, 125 ms apart.
        let keys = try Self.centres("letters")
        let view = app.places["view"]!
        // Right of the text's end, at two places in turn: two clicks at one place would be a double click, selecting a word.
        let endOfText = [ScreenPoint(x: Int32(view.x + view.width - 4), y: Int32(view.y + 10)),
                         ScreenPoint(x: Int32(view.x + view.width - 200), y: Int32(view.y + 14))]
        var random = SeededGenerator(seed: 36)
        var typed = ""
        var next = Deadline(.milliseconds(125))
        for i in 0 ..< 100 {
            desktop.tapper.tap(endOfText[i % 2])
            next.waitReadable([])
            next = Deadline(.milliseconds(125))
            let letter = String("abcdefghijklmnopqrstuvwxyz".randomElement(using: &random)!)
            desktop.tapper.tap(try #require(keys[letter]))
            typed += letter
            next.waitReadable([])
            next = Deadline(.milliseconds(125))
        }
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text("view") == typed },
                "typed \(typed.debugDescription), the view has \(app.text("view").debugDescription)")
        #expect(watch.unmaps - hides == 0, "hidden while typing")
        #expect(desktop.tapper.noKeyDown)
    }

    @Test("xterm tells the accessibility bus nothing: the pointer entering it (the focus given) shows the keyboard, which types there; a GTK field next keeps it shown; a button hides it")
    func terminalWindow() throws {
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)),
                "the keyboard did not show for the entry; its stderr: \(autoShow.process.standardError); the application's: \(app.process.standardError.suffix(400))")
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false))
        let xterm = try XtermLine(on: desktop.xvfb.displayName, geometry: "60x8+600+100")
        desktop.tapper.move(to: xterm.inside)
        #expect(watch.waitUntil(mapped: true), "the keyboard did not show for the terminal")
        let hides = watch.unmaps
        let keys = try Self.centres("letters")
        for key in ["h", "i", "return"] { desktop.tapper.tap(try #require(keys[key])) }
        #expect(desktop.waitUntil(timeout: .seconds(10)) { xterm.line == "hi\n" }, "\(xterm.line.debugDescription)")
        // The application's late 'away' (its window lost the focus to the terminal) hid nothing.
        #expect(watch.unmaps == hides, "hidden while the terminal had the focus")
        // To a field of the application: shown throughout; to its button: hidden.
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        #expect(!watch.waitUntil(mapped: false, timeout: .seconds(1)), "hidden between the terminal and the entry")
        desktop.tapper.tap(app.centre("button"))
        #expect(watch.waitUntil(mapped: false))
    }
}

/// `--auto-show` with a Qt 5 application on a kiosk. Qt 5.15 joins the
/// accessibility bus in time only when the root window names it (`AT_SPI_BUS`):
/// found through the session bus alone, it registers before its connection is
/// up and never again. The keyboard names it when no one has.
@Suite("Kiosk auto-show: no window manager, a Qt 5 application", .serialized)
struct KioskQtAutoShowTests {
    @Test("Qt 5 started after the keyboard: a click on its line edit shows the keyboard, keys tapped arrive; the bus's name is taken off the root at exit")
    func qt() throws {
        let desktop = try Desktop(focusTarget: false)
        let bus = try SessionBus()
        let autoShow = try AutoShowKeyboard(on: desktop, bus: bus, arguments: ["--no-auto-shift"])
        var environment = bus.environment
        environment["QT_ACCESSIBILITY"] = "1"
        let app = try ToolkitFields(.qt5, on: desktop, size: (1280, 800), environment: environment)
        let watch = try MapWatch(desktop.xvfb.displayName, window: autoShow.window)
        desktop.tapper.tap(app.centre("button"))
        desktop.tapper.tap(app.centre("entry"))
        #expect(desktop.waitForOutput(of: app.process) { _ in app.focused == "entry" })
        #expect(watch.waitUntil(mapped: true, timeout: .seconds(10)), "not shown for Qt's line edit: \(app.process.standardError.suffix(400))")
        let keys = try KioskAutoShowTests.centres("letters")
        for letter in "hello" { desktop.tapper.tap(try #require(keys[String(letter)])) }
        #expect(desktop.waitForOutput(of: app.process, timeout: .seconds(10)) { _ in app.text("entry") == "hello" },
                "\(app.text("entry").debugDescription)")
        #expect(try XConnection.rootProperty("AT_SPI_BUS", on: desktop.xvfb.displayName)?.hasPrefix("unix:") == true)
        #expect(autoShow.process.terminate() == .exited(0))
        #expect(try XConnection.rootProperty("AT_SPI_BUS", on: desktop.xvfb.displayName) == nil, "left on the root after the keyboard's exit")
    }
}
