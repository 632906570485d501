/// What every part of the session shares: the state machine, the layouts and
/// the theme, the window, the keys placed, the text field and its strip, the
/// keystrokes' pacing, and what the input being handled has said so far.
///
/// A part (`SessionPart`) is handed it with each input it takes, so parts see
/// one another only through it, and none reads a clock: `now` is the input's time.
struct SessionCore: Sendable {
    /// The interaction state: page, shift, keys held, callout.
    var state: KeyboardState
    /// The layouts, which one shows, the theme.
    var choice: LayoutChoice
    /// Where the window is and whether it shows.
    var presentation: WindowPresentation
    /// Where the keys of the page shown are.
    var placed = PlacedKeys()
    /// As started; only auto-show changes after (`followFocus`).
    private(set) var configuration: KeyboardConfiguration
    /// The time of the input being handled, and the commands it gave so far.
    var out = Outbox()
    /// Effects of the contacts and timers of this batch, carried out together at its end.
    var pending: [Effect] = []
    /// The state machine's timers.
    var timers: [TimerID: Duration] = [:]
    /// Asked to quit, and whether it has.
    var quitting = Quitting()
    /// Keystrokes waiting to go out, and the drawing held back behind them.
    var pacing = KeystrokePacing()
    /// The text field that has the focus, and where its caret is.
    var focus = FieldFocus()
    /// A suggestion engine per language, their files, what they learned.
    var languages: LanguageEngines
    /// The strip's words and when it looks for them.
    var strip = StripWords()
    /// The emoji catalog and its words, read when a part first needs them.
    var emojiFiles = EmojiFiles()
    /// Texts typed from a page whose keystrokes are never published (a clipboard entry typed again).
    var unpublished: [String] = []
    /// Contacts parts made as a finger would (switch scanning, dwell), handled
    /// by the session in their turn after the input that made them.
    var madeContacts: [MadeContact] = []
    /// What the input method shows now (nothing while it composes nothing):
    /// the candidates a part tapping the strip looks for (`tapboard type`).
    var composed = Composition()

    /// The time of the input being handled.
    var now: Duration { out.now }

    /// Where the keys of the page shown are, in window pixels.
    var keyFrames: [KeyFrame] { placed.frames }

    /// The window's frame on the screen, as last heard.
    var frame: Rect { presentation.frame }

    /// Whether a password field has the focus, or every field counts as one
    /// (secure mode): no previews, nothing published, nothing learned.
    var isSecure: Bool { configuration.secure || focus.field?.kind == .password }

    mutating func emit(_ command: Command) { out.emit(command) }

    /// Auto-show turned on or off while running (the panel icon's menu, the
    /// settings page): the transport and the loop follow the focus, or stop.
    /// The keyboard stays as it is until the focus next moves.
    mutating func followFocus(_ on: Bool) {
        guard on != configuration.autoShow, configuration.mode != .embedded else { return }
        configuration.autoShow = on
        emit(.window(.followFocus(on)))
    }

    /// Places the keys of the state's page for the window's size, if anything they
    /// depend on changed; whether it did.
    @discardableResult
    mutating func refreshFrames() -> Bool {
        // Compared first: the page and the theme are not copied at every contact, only when placed again.
        let basis = PlacedKeys.Basis(page: state.pageIndex, generation: state.layoutGeneration, size: frame.size,
                                     theme: choice.themeGeneration)
        guard !placed.isPlaced(for: basis) else { return false }
        return placed.place(state.page, for: basis, theme: choice.theme)
    }

    /// The key under a point of the window (the nearest one in a gap), nil outside the window.
    mutating func key(at point: Point) -> Int? {
        refreshFrames()
        return Geometry.hitTest(point, in: placed.targets, bounds: frame.size)
    }

    /// A balloon showing a character over the space bar of the page shown (or
    /// its first key), for a character typed with no key of its own.
    func preview(of character: String) -> PreviewDrawing? {
        let frames = keyFrames
        guard let index = frames.firstIndex(where: { $0.key.action == .space }) ?? (frames.isEmpty ? nil : 0) else { return nil }
        let scale = choice.theme.scale(forHeight: frame.height)
        return PreviewDrawing(text: character, geometry: PreviewGeometry(key: onScreen(index), screen: presentation.screen.size, scale: scale),
                              styleClass: .character, scale: scale)
    }

    /// A key's rectangle on the screen.
    func onScreen(_ index: Int) -> Rect {
        var r = placed.frames[index].rect
        r.x += frame.x
        r.y += frame.y
        return r
    }

    /// Where an open callout's alternates are on the screen.
    func calloutGeometry(for open: Callout) -> CalloutGeometry? {
        guard open.key < placed.frames.count else { return nil }
        let scale = choice.theme.scale(forHeight: frame.height)
        return CalloutGeometry(count: open.items.count, key: onScreen(open.key), screen: presentation.screen.size,
                               padding: Int((4 * scale).rounded()))
    }

    /// The text before the caret once the keystrokes queued and those of this
    /// batch so far are typed, as far as it is known (nothing over a password field).
    var textAhead: TypedText {
        guard !isSecure else { return TypedText(fromStart: false) }
        var text = focus.before
        for keystroke in pacing.queue { text.type(keystroke) }
        for case .type(let keystroke) in pending { text.type(keystroke) }
        return text
    }

    /// The shown language's files: whether they are in; asked for when they are not (`Command.files`).
    @discardableResult
    mutating func loadFiles() -> Bool {
        switch languages.files() {
        case .ready: return true
        case .ask(let language): emit(.files(.load(language: language)))
        case .waiting: break
        }
        return false
    }

    /// How wide a letter key of the page shown is (a tenth of the window when it has none): the step of a slide.
    var letterWidth: Int {
        for frame in placed.frames { if case .character = frame.key.action { return max(frame.rect.width, 1) } }
        return max(frame.width / 10, 1)
    }

    /// The state machine lets go of a contact a part takes over: its key does nothing.
    mutating func cancelPress(_ contact: PartContact) {
        state.handle(.touch(.cancelled, point: contact.point, key: nil, calloutItem: nil, contact: contact.id), at: now, into: &pending)
    }
}
