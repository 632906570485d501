import Testing
@testable import TapboardCore

/// The session embedded in a host's window (`--xid`) and in secure mode: the
/// host places, shows and hides it; every field is a password field; keys run nothing.
struct EmbeddedSessionTests {
    private static let t0 = Duration.seconds(10)

    private static func configuration(layouts: [LayoutSource] = [.enUS]) -> KeyboardConfiguration {
        var configuration = KeyboardConfiguration(layouts: layouts, options: InteractionOptions(autoShift: false))
        configuration.mode = .embedded
        configuration.secure = true
        configuration.publishKeys = true
        return configuration
    }

    @Test("Embedded: a new screen, a window put above and a focused field in the way move and raise nothing")
    func hostPlaces() throws {
        var d = try SessionDriver(Self.configuration(), screen: ScreenInfo(size: Size(width: 800, height: 600)))
        d.commands = []
        d.send([.screenChanged(ScreenInfo(size: Size(width: 1024, height: 768))), .otherWindowRestacked], at: Self.t0)
        var field = FocusedField(id: "f", kind: .text)
        field.extents = d.session.frame
        d.send([.focusChanged(field)], at: Self.t0 + .seconds(1))
        d.run(until: Self.t0 + .seconds(2))
        let windowChanges = d.commands.compactMap { c -> WindowChange? in if case .window(let w) = c { return w } else { return nil } }
        #expect(windowChanges.allSatisfy { if case .move = $0 { false } else if case .place = $0 { false } else if case .raise = $0 { false } else { true } },
                "\(windowChanges)")
    }

    @Test("Embedded: the host's size is the keyboard's, laid out again; the host mapping it is a show")
    func hostSizes() throws {
        var d = try SessionDriver(Self.configuration())
        d.send([.windowUnmapped], at: Self.t0)
        #expect(!d.session.shown)
        d.send([.windowConfigured(Rect(x: 10, y: 56, width: 640, height: 200)), .windowMapped], at: Self.t0 + .seconds(1))
        #expect(d.session.shown)
        #expect(d.session.frame == Rect(x: 10, y: 56, width: 640, height: 200))
        #expect(d.session.keyFrames.allSatisfy { $0.rect.maxX <= 640 && $0.rect.maxY <= 200 })
    }

    @Test("Embedded: no hide key (only the host could bring the keyboard back), and one in a layout file hides nothing; the host's going ends it with status 0")
    func hideKeyAndHostGone() throws {
        var configuration = Self.configuration()
        configuration.provider.hideKey = false
        let embedded = try SessionDriver(configuration)
        #expect(!embedded.session.keyFrames.contains { $0.id == "hide" })
        #expect(embedded.session.keyFrames.contains { $0.id == "space" })
        // A layout file of the user's with a hide key of its own.
        let text = "name: x\npages:\n  - name: p\n    rows:\n      - [a, hide]\n"
        var d = try SessionDriver(Self.configuration(layouts: [try LayoutFile.decode(text, file: "x.yaml")]))
        try d.tap("hide", at: Self.t0)
        #expect(d.session.shown)
        d.send([.embedderGone], at: Self.t0 + .seconds(1))
        #expect(d.exitStatus == 0)
        #expect(d.logs.contains { $0.contains("embedded in went away") })
    }

    @Test("Secure: no preview, no key published though asked, and a key that runs a program runs nothing")
    func secure() throws {
        let text = "name: x\npages:\n  - name: p\n    rows:\n      - [a, {run: \"notify-send hi\", label: hi}]\n"
        let layout = try LayoutFile.decode(text, file: "x.yaml", allowRun: true)
        var d = try SessionDriver(Self.configuration(layouts: [layout]))
        d.commands = []
        try d.tap("a", at: Self.t0)
        d.run(until: Self.t0 + .seconds(1))
        try d.tap("run:notify-send hi", at: Self.t0 + .seconds(2))
        d.run(until: Self.t0 + .seconds(3))
        #expect(d.text == "a")
        #expect(!d.commands.contains { if case .draw(.showPreview) = $0 { true } else { false } })
        #expect(!d.published.contains { $0.name == "key" })
        #expect(!d.commands.contains { if case .run = $0 { true } else { false } })
        #expect(d.logs.contains { $0.contains("do nothing in secure mode") })
        #expect(d.session.isSecure)
    }
}
