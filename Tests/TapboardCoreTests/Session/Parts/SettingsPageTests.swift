import Testing
@testable import TapboardCore

/// The settings page: opened from the emoji page's gear key, it asks what can
/// be chosen, shows it, and each tap asks the loop to keep a change.
struct SettingsPageTests {
    private static let t0 = Duration.seconds(10)
    private static func ms(_ n: Int) -> Duration { t0 + .milliseconds(n) }

    private func driver() throws -> SessionDriver {
        var c = KeyboardConfiguration(options: InteractionOptions(autoShift: false))
        c.provider.settingsKey = true
        var d = try SessionDriver(c)
        d.settingsChoices = SettingsChoices(themes: ["dark", "default", "kiosk"], theme: "default",
                                            layouts: ["de", "en-US", "fr", "ru", "el", "es", "it"], chosen: ["en-US"],
                                            flags: ["suggestions": true, "auto-show": false])
        return d
    }

    private func labels(_ d: SessionDriver) -> [String: String] {
        var out: [String: String] = [:]
        let frames = d.session.keyFrames
        for (frame, appearance) in zip(frames, d.session.appearances()) { out[frame.id] = appearance.label.plainText }
        return out
    }

    @Test("The gear key opens it: the choices asked for and shown; the theme stepped, a layout added and taken out, a switch turned, each kept by a request")
    func page() throws {
        var d = try driver()
        try d.tap("page:emoji", at: Self.t0)
        try d.tap("page:settings", at: Self.ms(100))
        #expect(d.settingsRequests == [.load])
        var shown = labels(d)
        #expect(shown["settings-theme"] == "theme: default")
        #expect(shown["settings-layout-1"] == "de" && shown["settings-layout-2"] == "✓ en-US" && shown["settings-layout-6"] == "es")
        #expect(shown["settings-suggestions"] == "suggestions ✓" && shown["settings-auto-show"] == "auto-show ✗")
        #expect(shown["settings-layouts-more"] == "1/2 ▸")

        try d.tap("settings-theme-next", at: Self.ms(200))
        try d.tap("settings-layout-1", at: Self.ms(300))
        try d.tap("settings-layout-2", at: Self.ms(400))
        try d.tap("settings-auto-show", at: Self.ms(500))
        #expect(d.settingsRequests == [.load, .change("theme", "kiosk"), .change("layouts", "en-US,de"), .change("layouts", "de"),
                                       .change("auto-show", "true")])
        shown = labels(d)
        #expect(shown["settings-theme"] == "theme: kiosk" && shown["settings-layout-1"] == "✓ de" && shown["settings-layout-2"] == "en-US")
        // The last layout is never taken out.
        try d.tap("settings-layout-1", at: Self.ms(600))
        #expect(d.settingsRequests.count == 5)
        // The next screen: the seventh layout.
        try d.tap("settings-layouts-more", at: Self.ms(700))
        #expect(labels(d)["settings-layout-1"] == "it" && labels(d)["settings-layouts-more"] == "2/2 ▸")
        try d.tap("page:letters", at: Self.ms(800))
        #expect(d.session.keyFrames.contains { $0.id == "q" })
    }

    @Test("Smaller and larger: the size kept a tenth at a time, the keyboard placed again at once at its new size; no step past twice the size")
    func size() throws {
        var d = try driver()
        let before = d.session.frame
        try d.tap("page:emoji", at: Self.t0)
        try d.tap("page:settings", at: Self.ms(100))
        #expect(labels(d)["settings-size"] == "size: 100%" && labels(d)["settings-smaller"] == "−" && labels(d)["settings-larger"] == "+")
        try d.tap("settings-larger", at: Self.ms(200))
        #expect(d.settingsRequests.last == .change("scale", "1.1"))
        let places = d.commands.compactMap { if case .window(.place(let to)) = $0 { to } else { nil } }
        let placed = try #require(places.last, "not placed again")
        #expect(placed.height > before.height && placed.maxY == before.maxY, "\(before) -> \(placed)")
        d.settingsChoices?.scale = 2
        d.send(.settingsLoaded(d.settingsChoices!), at: Self.ms(300))
        #expect(labels(d)["settings-size"] == "size: 200%")
        try d.tap("settings-larger", at: Self.ms(400))
        #expect(d.settingsRequests.last == .change("scale", "1.1"), "a step past twice the size")
        try d.tap("settings-smaller", at: Self.ms(500))
        #expect(d.settingsRequests.last == .change("scale", "1.9"))
    }

    @Test("No gear key and no page where nothing may be kept (secure, embedded)")
    func none() throws {
        var d = try SessionDriver(KeyboardConfiguration(options: InteractionOptions(autoShift: false)))
        try d.tap("page:emoji", at: Self.t0)
        #expect(!d.session.keyFrames.contains { $0.id == "page:settings" })
    }
}
