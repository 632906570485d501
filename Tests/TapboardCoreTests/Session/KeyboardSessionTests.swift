import Testing
@testable import TapboardCore

/// The session: pacing of keystrokes and drawing, deadlines, `tapboard type`,
/// slides, stacking, window and screen changes, quitting; all with time passed in.
struct KeyboardSessionTests {
    private static let t0 = Duration.seconds(10)
    private static let ms = Duration.milliseconds(1)
    private static var noAutoShift: KeyboardConfiguration {
        KeyboardConfiguration(options: InteractionOptions(autoShift: false))
    }

    @Test("A quick tap read in one batch types at once, then draws once the keystroke is answered; nothing is held back")
    func quickTap() throws {
        var d = try SessionDriver(Self.noAutoShift)
        // The batch handled whole (a tap's letter typed ahead of the rest is TypeAheadTests').
        d.typesAhead = false
        d.commands = []
        try d.tap("q", at: Self.t0)
        #expect(d.text == "q")
        let kinds = d.commands.map { c -> String in
            switch c {
            case .type: return "type"
            case .draw: return "draw"
            default: return "other"
            }
        }
        // `.type` is answered once the server has the keystroke: the drawing follows it.
        let type = try #require(kinds.firstIndex(of: "type"))
        let draw = try #require(kinds.firstIndex(of: "draw"))
        #expect(type < draw)
        #expect(d.session.nextDeadline == nil, "an idle keyboard has no deadline")
    }

    @Test("The map and a new listener read in one batch say where the keyboard is once; a listener alone hears it")
    func shownOncePerBatch() throws {
        var configuration = KeyboardConfiguration()
        configuration.animation = .zero
        var session = try KeyboardSession(configuration, screen: ScreenInfo(size: Size(width: 800, height: 600)))
        _ = session.start(at: .zero)
        func didShows(_ commands: [Command]) -> Int {
            commands.filter { if case .publish(let event) = $0 { return event.name == "didShow" } else { return false } }.count
        }
        #expect(didShows(session.handle([.windowMapped, .listenerAdded], at: .seconds(1))) == 1)
        #expect(didShows(session.handle([.listenerAdded, .windowMapped], at: .seconds(2))) == 1)
        #expect(didShows(session.handle(.listenerAdded, at: .seconds(3))) == 1)
    }

    @Test("A press that types nothing draws its highlight and preview 3 ms later, not at once")
    func pressDrawsLater() throws {
        var d = try SessionDriver(Self.noAutoShift)
        d.commands = []
        try d.contact(.began, "w", at: Self.t0)
        #expect(!d.commands.contains { if case .draw = $0 { return true } else { return false } })
        #expect(d.session.nextDeadline == Self.t0 + KeyboardSession.drawingDelay)
        d.run(until: Self.t0 + KeyboardSession.drawingDelay)
        let previews = d.commands.compactMap { c -> PreviewDrawing? in
            if case .draw(.showPreview(let p)) = c { return p } else { return nil }
        }
        #expect(previews.map(\.text) == ["w"])
        let keys = d.commands.compactMap { c -> [KeyAppearance]? in
            if case .draw(.keys(let k)) = c { return k } else { return nil }
        }.flatMap { $0 }
        #expect(keys.map(\.frame.id) == ["w"] && keys.allSatisfy(\.pressed))
        // The preview sits on the screen over the key: the keyboard's origin plus the key's frame.
        let key = try #require(d.session.keyFrames.first { $0.id == "w" })
        #expect(previews[0].geometry.key == Rect(x: key.rect.x + d.session.frame.x, y: key.rect.y + d.session.frame.y,
                                                   width: key.rect.width, height: key.rect.height))
    }

    @Test("A keystroke waiting for a borrowed keycode waits for the injector's time; later ones wait behind it, in order")
    func keystrokeWaits() throws {
        var configuration = KeyboardConfiguration(layouts: [try #require(try LayoutSource.builtIn(named: "ru"))],
                                                  options: InteractionOptions(autoShift: false))
        configuration.publishKeys = true
        var d = try SessionDriver(configuration)
        d.keycodeFreeAt = ["ф": Self.t0 + .milliseconds(250)]
        try d.tap("ф", at: Self.t0)
        try d.tap("ы", at: Self.t0 + .milliseconds(100))
        #expect(d.text == "", "nothing goes before the first is free")
        #expect(d.session.nextDeadline == Self.t0 + .milliseconds(3), "the drawing is held back, not dropped")
        d.run(until: Self.t0 + .milliseconds(249))
        #expect(d.text == "")
        d.run(until: Self.t0 + .milliseconds(250))
        #expect(d.text == "фы")
        #expect(d.typed.allSatisfy { $0.at == Self.t0 + .milliseconds(250) })
        #expect(d.published.filter { $0.name == "key" } == [.typed("ф"), .typed("ы")], "published after they are typed")
        #expect(d.session.nextDeadline == nil)
    }

    @Test("tapboard type: each key held `delay` and `delay` apart, pressed visibly, a character no key has as long; the answer after the last")
    func typePacing() throws {
        var d = try SessionDriver(Self.noAutoShift)
        // Every keystroke asked for with `.type` (typed ahead, each is in the server before the answer all the same).
        d.typesAhead = false
        d.send(.control(.type("ab✓", delay: .milliseconds(20), requester: 42)), at: Self.t0)
        #expect(d.session.nextDeadline == Self.t0 + .milliseconds(20))
        d.run(until: Self.t0 + .seconds(1))
        #expect(d.text == "ab✓")
        // a goes down at +20 and up at +40; b down at +60, up at +80; ✓ shown at +100, typed at +120.
        #expect(d.typed.map(\.at) == [Self.t0 + .milliseconds(40), Self.t0 + .milliseconds(80), Self.t0 + .milliseconds(120)])
        let answers = d.commands.compactMap { c -> (UInt64, String)? in
            if case .answer(let r, let u) = c { return (r, u) } else { return nil }
        }
        #expect(answers.count == 1 && answers[0].0 == 42 && answers[0].1 == "")
        let previews = d.commands.compactMap { c -> String? in if case .draw(.showPreview(let p)) = c { return p.text } else { return nil } }
        #expect(previews.contains("✓"), "shown over the space bar as it is typed")
        // The answer comes after the last keystroke's `.type`, which is answered once the
        // server has it: the requester reads the target only after the server has them all.
        let answerIndex = try #require(d.commands.firstIndex { if case .answer = $0 { return true } else { return false } })
        let lastType = try #require(d.commands.lastIndex { if case .type = $0 { return true } else { return false } })
        #expect(lastType < answerIndex)
    }

    @Test("tapboard type with no pace (--fast): no key held, a callout opened at once and shown a frame each way; typed exactly")
    func typeFast() throws {
        var d = try SessionDriver(Self.noAutoShift)
        d.send(.control(.type("aéb", delay: .zero, requester: 3)), at: Self.t0)
        // Every deadline as the loop would wake for it, each at once.
        var wakes = 0
        while let due = d.session.nextDeadline, wakes < 100 {
            d.send(.deadlinePassed, at: max(due, Self.t0))
            wakes += 1
        }
        #expect(d.text == "aéb")
        #expect(d.typed.map(\.at) == [Self.t0, Self.t0 + KeyboardSession.slideFrame * 2, Self.t0 + KeyboardSession.slideFrame * 2],
                "\(d.typed.map(\.at))")
        #expect(d.commands.contains { if case .draw(.showCallout) = $0 { true } else { false } }, "the callout shows")
    }

    @Test("tapboard keys: answered with the layout, the page shown, the frame and every key's frame, as the page changes")
    func keysShown() throws {
        var d = try SessionDriver(Self.noAutoShift)
        d.commands = []
        d.send(.control(.keys(requester: 5)), at: Self.t0)
        try d.tap("page:symbols", at: Self.t0 + .seconds(1))
        d.send(.control(.keys(requester: 6)), at: Self.t0 + .seconds(2))
        let replies = d.commands.compactMap { c -> (UInt64, String)? in if case .reply(let r, .keys(let json)) = c { (r, json) } else { nil } }
        #expect(replies.map(\.0) == [5, 6])
        let f = d.session.frame
        #expect(replies[0].1.hasPrefix("{\"layout\":\"en-US\",\"page\":\"letters\",\"frame\":{\"x\":\(f.x),\"y\":\(f.y),\"width\":\(f.width),\"height\":\(f.height)},\"keys\":[{\"id\":"))
        #expect(replies[1].1.contains("\"page\":\"symbols\""))
        #expect(replies[1].1.components(separatedBy: "{\"id\":").count - 1 == d.session.keyFrames.count)
    }

    @Test("tapboard type: a text with a character that cannot be typed types nothing and is answered at once, naming it")
    func typeAllOrNothing() throws {
        var d = try SessionDriver(Self.noAutoShift)
        d.send(.control(.type("ab\u{7}c", delay: .milliseconds(20), requester: 7)), at: Self.t0)
        d.run(until: Self.t0 + .seconds(1))
        #expect(d.text == "")
        let answers = d.commands.compactMap { c -> String? in if case .answer(7, let u) = c { return u } else { return nil } }
        #expect(answers == ["\u{7}"])
    }

    @Test("Slides: frames every 16 ms, eased out, ending exactly after the animation; events at start and end")
    func slideFrames() throws {
        var configuration = Self.noAutoShift
        configuration.animation = .milliseconds(250)
        var d = try SessionDriver(configuration)
        let rest = d.session.frame
        d.commands = []
        d.published = []
        d.send(.control(.command(.hide)), at: Self.t0)
        var times: [Duration] = []
        while let due = d.session.nextDeadline, due <= Self.t0 + .seconds(1) {
            times.append(due)
            d.send(.deadlinePassed, at: due)
        }
        let moves = d.commands.compactMap { c -> Point? in if case .window(.move(let p)) = c { return p } else { return nil } }
        // 16 ms apart, the last one exactly at 250 ms.
        #expect(times.first == Self.t0 + KeyboardSession.slideFrame)
        #expect(times.last == Self.t0 + .milliseconds(250))
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 <= KeyboardSession.slideFrame })
        // Downwards, ever slower (eased out), to just below the screen; then back to its place, unmapped.
        let ys = moves.map(\.y)
        #expect(ys.dropLast().last == 700, "the last frame is just past the bottom edge")
        #expect(ys.last == rest.y, "put back in place, unmapped, for the next show")
        let steps = zip(ys.dropLast(), ys.dropLast().dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 >= 0 } && steps.first! >= steps.dropLast().last!)
        #expect(!d.mapped)
        #expect(d.frameEvents == ["willHide", "didHide"])
        #expect(d.published.first == .frame(.willHide, start: rest, end: Rect(x: rest.x, y: 700, width: rest.width, height: rest.height),
                                           duration: .milliseconds(250)))
    }

    @Test("Another window on top: raised at once, then at most once per 50 ms")
    func raiseThrottle() throws {
        var d = try SessionDriver(Self.noAutoShift)
        func raises() -> Int { d.commands.filter { $0 == .window(.raise) }.count }
        d.commands = []
        d.send(.otherWindowRestacked, at: Self.t0)
        #expect(raises() == 1)
        d.send(.otherWindowRestacked, at: Self.t0 + .milliseconds(10))
        d.send(.otherWindowRestacked, at: Self.t0 + .milliseconds(20))
        #expect(raises() == 1)
        #expect(d.session.nextDeadline == Self.t0 + KeyboardSession.raiseInterval)
        d.run(until: Self.t0 + .milliseconds(49))
        #expect(raises() == 1)
        d.run(until: Self.t0 + .milliseconds(50))
        #expect(raises() == 2)
        #expect(d.session.nextDeadline == nil)
    }

    @Test("Deadlines: a held key with callouts waits for its long press, a held backspace for its repeats; none when idle")
    func deadlines() throws {
        var d = try SessionDriver(Self.noAutoShift)
        #expect(d.session.nextDeadline == nil)
        try d.contact(.began, "e", at: Self.t0)
        d.run(until: Self.t0 + .milliseconds(3))
        #expect(d.session.nextDeadline == Self.t0 + .milliseconds(400))
        d.run(until: Self.t0 + .milliseconds(400))
        #expect(d.session.state.callout != nil)
        try d.contact(.ended, "e", at: Self.t0 + .milliseconds(500))
        d.run(until: Self.t0 + .seconds(1))
        #expect(d.session.nextDeadline == nil)
        try d.contact(.began, "backspace", at: Self.t0 + .seconds(2))
        d.run(until: Self.t0 + .seconds(2) + .milliseconds(500) + .microseconds(66_667 * 3))
        // On press, at 500 ms, then every 1/15 s: at 566.7, 633.3 and 700 ms.
        #expect(d.text.components(separatedBy: "[BackSpace]").count - 1 == 5)
        #expect(d.typed.map(\.at).last == Self.t0 + .seconds(2) + .milliseconds(500) + .microseconds(66_667 * 3))
    }

    @Test("Moved or resized by someone else: announced; the keyboard's own moves are not")
    func configuredBySomeoneElse() throws {
        var d = try SessionDriver(Self.noAutoShift)
        let before = d.session.frame
        d.published = []
        var moved = before
        moved.y -= 100
        d.send(.windowConfigured(moved), at: Self.t0)
        #expect(d.published == [.frame(.willChangeFrame, start: before, end: moved, duration: .zero),
                                .frame(.didChangeFrame, start: before, end: moved, duration: .zero)])
        // Resized past the wide width: the wide layout (with a number row) at once.
        d.send(.windowConfigured(Rect(x: 0, y: 400, width: 1200, height: 300)), at: Self.t0 + .seconds(1))
        #expect(d.session.keyFrames.contains { $0.id == "1" })
    }

    @Test("The screen changes: placed again for the new screen, announced before and after the move; a --monitor unplugged falls back with one line")
    func screenChange() throws {
        var configuration = Self.noAutoShift
        configuration.monitor = "B"
        let a = Monitor(name: "A", frame: Rect(x: 0, y: 0, width: 400, height: 700), primary: true)
        let b = Monitor(name: "B", frame: Rect(x: 400, y: 0, width: 600, height: 700), primary: false)
        var d = try SessionDriver(configuration, screen: ScreenInfo(size: Size(width: 1000, height: 700), monitors: [a, b]))
        #expect(d.session.frame.x == 400 && d.session.frame.width == 600)
        d.published = []
        d.send(.screenChanged(ScreenInfo(size: Size(width: 400, height: 700), monitors: [a])), at: Self.t0)
        #expect(d.logs == ["no monitor named 'B': the monitors are A; placing the keyboard on the primary monitor"])
        d.run(until: Self.t0 + .milliseconds(1))
        #expect(d.session.frame == Rect(x: 0, y: 567, width: 400, height: 133))
        #expect(d.frameEvents == ["willChangeFrame", "didChangeFrame"])
    }

    @Test("Quitting types what waits for a keycode without waiting, hides the popups, then exits")
    func quitTypesQueued() throws {
        var d = try SessionDriver(KeyboardConfiguration(layouts: [try #require(try LayoutSource.builtIn(named: "ru"))],
                                                        options: InteractionOptions(autoShift: false)))
        d.keycodeFreeAt = ["ф": Self.t0 + .seconds(5)]
        try d.tap("ф", at: Self.t0)
        #expect(d.text == "")
        d.send(.control(.command(.quit)), at: Self.t0 + .milliseconds(1))
        #expect(d.text == "ф")
        #expect(d.exitStatus == 0)
        #expect(d.session.handle(.deadlinePassed, at: Self.t0 + .seconds(1)).isEmpty, "nothing after the exit")
    }

    @Test("Destroyed by another client: one line and exit 1; unmapped by another: hidden, with events, contacts cancelled")
    func windowTakenAway() throws {
        var d = try SessionDriver(Self.noAutoShift)
        try d.contact(.began, "q", at: Self.t0)
        d.published = []
        d.send(.windowUnmapped, at: Self.t0 + .milliseconds(1))
        #expect(d.frameEvents == ["willHide", "didHide"])
        #expect(d.commands.contains(.window(.releaseStrip)))
        try d.contact(.ended, "q", at: Self.t0 + .milliseconds(2))
        #expect(d.text == "", "the cancelled press types nothing")
        d.send(.windowDestroyed, at: Self.t0 + .seconds(1))
        #expect(d.logs == ["the keyboard window was destroyed by another client; quitting"])
        #expect(d.exitStatus == 1)
    }

    @Test("A globe tap and a key in the same batch: the key is hit-tested on the new layout")
    func layoutSwitchInBatch() throws {
        let ru = try #require(try LayoutSource.builtIn(named: "ru"))
        var d = try SessionDriver(KeyboardConfiguration(layouts: [.enUS, ru], options: InteractionOptions(autoShift: false)))
        let globe = try d.centre("layout:next"), q = try d.centre("q")
        d.send([.contact(.began, id: .pointer, point: globe), .contact(.ended, id: .pointer, point: globe),
                .contact(.began, id: .pointer, point: q), .contact(.ended, id: .pointer, point: q)], at: Self.t0)
        #expect(d.text == "й")
        #expect(d.published.contains(.layoutChanged("ru")))
    }
}

extension KeyboardSessionTests {
    @Test("docs/library.md's example does what it says")
    func libraryExample() throws {
        var session = try KeyboardSession(KeyboardConfiguration(), screen: ScreenInfo(size: Size(width: 800, height: 600)))
        let first = session.start(at: .zero)
        // Shown first, drawn after (the window waits for no font).
        let map = try #require(first.firstIndex(of: .window(.map)))
        let draw = try #require(first.firstIndex { if case .draw(.all) = $0 { return true } else { return false } })
        #expect(map < draw)
        let q = try #require(session.keyFrames.first { $0.id == "q" }).rect.center
        let commands = session.handle([.contact(.began, id: 1, point: q), .contact(.ended, id: 1, point: q)], at: .seconds(1))
        #expect(commands == [.type([.text("Q")], waitingForKeycodes: true)])
        let answer = session.handle(.injected(typed: 1, readyAt: nil), at: .seconds(1))
        #expect(answer.contains { if case .draw(.all) = $0 { return true } else { return false } })
        #expect(session.nextDeadline == nil)
    }
}
