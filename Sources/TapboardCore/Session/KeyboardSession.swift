/// The whole keyboard's behaviour as one value: what its parts share (the
/// state machine, the layouts and which one is shown, the window, the keys
/// placed, the field, pacing and deadlines: `SessionCore`) and its features,
/// each a part folded over in turn (`SessionParts`).
///
/// Inputs in (contacts, window and screen changes, control requests, the
/// injector's answers, time passing), commands out, time passed in: no X, no
/// clock. A transport (the X side, a test) carries the commands out in order;
/// `Command.type` is answered at once with `SessionInput.injected`.
public struct KeyboardSession: Sendable {
    /// What the parts share: the state machine, layouts, window, keys placed, field, strip, pacing, output.
    var core: SessionCore
    /// The features that are parts of their own, folded over for each input (`SessionParts`).
    var parts = SessionParts()

    /// The interaction state: page, shift, keys held, callout.
    public var state: KeyboardState { core.state }
    /// Whether the commands carry the delegate's contact events (`Command.notify`
    /// of touches and presses): an executor with no delegate turns them off, and
    /// a tap builds none. Page and layout changes come either way.
    public var notifiesDelegate: Bool {
        get { core.state.notifies }
        set { core.state.notifies = newValue }
    }
    /// The layouts the globe key goes through.
    public var layouts: [LayoutSource] { core.choice.layouts }
    /// Which of `layouts` is shown.
    public var layoutIndex: Int { core.choice.index }
    /// Builds each layout compact or wide for the window's width.
    public var provider: LayoutProvider { core.choice.provider }
    /// The look.
    public var theme: Theme { core.choice.theme }
    /// The window's frame on the screen, as last heard.
    public var frame: Rect { core.presentation.frame }
    /// The screen and its monitors, as last heard.
    public var screen: ScreenInfo { core.presentation.screen }
    /// Whether the keyboard shows (or is sliding in).
    public var shown: Bool { core.presentation.shown }
    /// Where the keys of the page shown are, in window pixels.
    public var keyFrames: [KeyFrame] { core.placed.frames }
    /// The strip's slots on the page shown (none without a strip): the key's index and the rank of the word it shows.
    var stripSlots: [(index: Int, rank: Int)] { core.placed.stripSlots }
    /// How the session was configured.
    var configuration: KeyboardConfiguration { core.configuration }
    /// The time of the input being handled.
    var now: Duration { core.out.now }
    /// The text field that has the focus (AT-SPI, or a terminal's window), if any.
    public var focusedField: FocusedField? { core.focus.field }

    /// Makes the session for a configuration on a screen: the keyboard placed, its
    /// first layout built for that width; nothing shown until `start`.
    public init(_ configuration: KeyboardConfiguration, screen: ScreenInfo) throws(NoSuchMonitor) {
        let placed = try configuration.placement.frame(on: screen)
        let presentation = WindowPresentation(placement: configuration.placement, frame: placed.frame, screen: screen,
                                              animation: configuration.animation, autoHideDelay: configuration.autoHideDelay)
        let choice = LayoutChoice(layouts: configuration.layouts, provider: configuration.provider, theme: configuration.theme,
                                  lexicons: configuration.suggestions?.languages)
        core = SessionCore(state: KeyboardState(layout: choice.buildShown(width: placed.frame.width), options: configuration.options),
                           choice: choice, presentation: presentation, configuration: configuration,
                           languages: LanguageEngines(configuration.suggestions))
        parts.handsFree = HandsFree(scan: configuration.scan, dwell: configuration.dwell)
        parts.clipboard = ClipboardPart(mode: configuration.clipboardHistory)
        parts.hardwareKeys = HardwareKeys(allowed: configuration.hidesForHardwareKeys && configuration.mode != .embedded)
        refreshFrames()
        noteStripLanguage()
    }

    /// What to do first: say what the placement changed, show unless asked to
    /// start hidden, then draw. Shown first, unlike later shows: the window
    /// appears in the theme's colour while the fonts are still being set up,
    /// and its keys follow a few milliseconds later (the time from exec to a map counts).
    public mutating func start(at time: Duration) -> [Command] {
        core.out.begin(at: time)
        for note in core.presentation.startNotes { emit(.log(note)) }
        // At start the keyboard appears in place; only later shows slide.
        if !configuration.startHidden { core.presentation.show(animated: false, &core.out) }
        emit(.draw(.all(appearances(), size: frame.size)))
        return takeOutput()
    }

    /// Handles inputs read together (a batch of events) at a time; returns what to do, in order.
    /// `typeAhead`: offered the batch's keystroke as soon as the state machine
    /// has decided it, before the strip's and the plan's work, when it is the
    /// batch's only one and nothing after can change it (`keystrokeToTypeAhead`);
    /// it types it at once and says whether it did (if not, it is asked for
    /// with `.type` as always).
    public mutating func handle(_ inputs: [SessionInput], at time: Duration, typeAhead: ((Keystroke) -> Bool)? = nil) -> [Command] {
        guard !core.quitting.finished else { return [] }
        core.out.begin(at: time)
        // The keystrokes of the last batch are out (or queued): whatever this input asks of an engine sees them.
        if core.languages.hasUnfollowed { core.languages.followTyped() }
        for input in inputs { process(input) }
        parts.settle(&core)
        parts.batchHandled(&core, showing: keysShowing())
        endBatch(typeAhead: typeAhead)
        // `keyFrames` is the page shown now, drawn or not yet.
        refreshFrames()
        return takeOutput()
    }

    /// Handles one input at a time; returns what to do, in order.
    public mutating func handle(_ input: SessionInput, at time: Duration) -> [Command] {
        handle([input], at: time)
    }

    /// The key under a point of the window (the nearest one in a gap), nil outside the window.
    public mutating func key(at point: Point) -> Int? { core.key(at: point) }

    // MARK: - Inputs

    private mutating func process(_ input: SessionInput) {
        switch input {
        case .contact(let phase, let id, let point):
            contact(phase, id: id, at: point)
        case .windowConfigured(let rect):
            if let old = core.presentation.configured(rect, &core.out) { resized(from: old) }
        case .windowMapped:
            core.presentation.mapped(&core.out)
            if configuration.animation == .zero { core.out.sayWhereShown(frame) }
        case .windowUnmapped:
            core.pending += core.state.cancelContacts(at: now)
            core.presentation.unmapped(&core.out)
        case .windowDestroyed:
            // The keys and keycodes are still put back as at any exit.
            emit(.log("the keyboard window was destroyed by another client; quitting"))
            core.pending = []
            core.quitting.request(status: 1)
        case .embedderGone:
            // A greeter that closes its window is done with the keyboard: a normal end.
            emit(.log("the window the keyboard was embedded in went away; quitting"))
            core.pending = []
            core.quitting.request(status: 0)
        case .screenChanged(let new):
            core.presentation.screenChanged(new)
        case .keymapChanged:
            // A keystroke waiting for a keycode may go now.
            core.pacing.keymapChanged(now: now)
        case .control(.command(let command)):
            switch command {
            case .show: core.presentation.userShows(&core.out)
            case .hide: userHides()
            case .toggle: if shown { userHides() } else { core.presentation.userShows(&core.out) }
            case .quit: core.quitting.request(status: 0)
            case .forget: forgetLearned()
            }
        case .control(.keys(let requester)):
            emit(.reply(requester: requester, .keys(keysShown())))
        case .control(.layout(let name)):
            core.pending += switchLayout(.named(name))
        case .control(.changeSetting(let name, let value)):
            emit(.settings(.change(name, value)))
            if name == "auto-show" { core.followFocus(value == "true") }
        case .reloaded(let files):
            reload(files)
        case .injected(let typed, let readyAt):
            injected(typed: typed, readyAt: readyAt)
        case .otherWindowRestacked:
            core.presentation.keepAbove(&core.out)
        case .focusTaken:
            // The keyboard never keeps the focus.
            emit(.window(.handFocusBack))
        case .listenerAdded:
            // A new listener hears the strip's settled words (a client listens to see them), then where the keyboard is.
            if core.strip.deadline != nil { refreshHeldSuggestions() }
            if shown { core.out.sayWhereShown(frame) }
        case .focusChanged(let field):
            if core.focus.takesAccessible(field) { focusChanged(field) }
        case .windowFocusChanged(let field):
            if core.focus.takesWindow(field) { focusChanged(field) }
        case .caretMoved(let report):
            caretMoved(report)
        case .activeWindowChanged:
            // What was typed is in the other window. A field that has the focus (AT-SPI) already
            // said so, and its caret's text may have been read before this came: kept.
            if focusedField == nil { textContextLost() }
        case .languageLoaded(let files):
            // The parts waiting for them (a gesture's words) read them next, and what waited behind comes in its turn.
            languageLoaded(files)
        case .deadlinePassed:
            runDue()
            return
        default:
            break
        }
        parts.take(input, &core, showing: keysShowing())
        handleMadeContacts()
    }

    /// A contact, hit-tested against the page the state shows now: a page or layout
    /// switch earlier in the same batch counts, though it is not drawn yet.
    /// `target`: the key (and callout cell) a part's contact is on, instead of hit-testing `point`.
    mutating func contact(_ phase: TouchPhase, id: ContactID, at point: Point, target: KeyTarget? = nil) {
        let key = target.map { _ = core.refreshFrames(); return $0.key } ?? self.key(at: point)
        if parts.contact(PartContact(phase: phase, id: id, point: point, key: key), &core) { return }
        let item = target.map(\.calloutItem)
            ?? core.state.callout.flatMap { calloutGeometry(for: $0) }?.item(at: Point(x: point.x + frame.x, y: point.y + frame.y))
        // Room for a tap's effects at once, not grown an element at a time.
        if core.pending.isEmpty { core.pending.reserveCapacity(16) }
        stateHandles(.touch(phase, point: point, key: key, calloutItem: item, contact: id))
    }

    /// The state machine handles a contact or a timer. What it types is offered
    /// to the parts first (one may take it instead of the application); a layout
    /// switch and the parts' keys (a page's) take effect before the next event
    /// of the batch is hit-tested.
    private mutating func stateHandles(_ event: InputEvent) {
        let first = core.pending.endIndex
        if parts.takesKeystrokes(core) {
            var effects: [Effect] = []
            core.state.handle(event, at: now, into: &effects)
            for effect in effects {
                if case .type(let keystroke) = effect, parts.typed(keystroke, &core) { continue }
                core.pending.append(effect)
            }
        } else {
            core.state.handle(event, at: now, into: &core.pending)
        }
        for case .switchLayout(let which) in core.pending[first...] { core.pending += switchLayout(which) }
        parts.stateActed(from: first, &core)
    }

    /// Contacts the parts made (switch scanning's, dwell's, `tapboard type`'s), handled as a finger's, in order; whether there were any.
    @discardableResult
    private mutating func handleMadeContacts() -> Bool {
        guard !core.madeContacts.isEmpty else { return false }
        while !core.madeContacts.isEmpty {
            let made = core.madeContacts.removeFirst()
            contact(made.phase, id: made.id, at: made.point, target: made.target)
        }
        return true
    }

    /// Which keys of the page shown show something (not a blank strip slot or
    /// emoji cell), worked out only when a part needs it.
    private mutating func keysShowing() -> [Bool] {
        guard parts.wantsShownKeys(core) else { return [] }
        refreshFrames()
        return appearances(highlightMarks: [:]).map { if case .text(let text) = $0.label { !text.isEmpty } else { true } }
    }

    /// Everything due by now.
    private mutating func runDue() {
        if core.pacing.drawingDue(at: now) { drawNow(EffectPlan(core.pacing.takeDrawing())) }
        if let due = core.strip.deadline, due <= now { refreshHeldSuggestions() }
        for (id, deadline) in core.timers.sorted(by: { $0.value < $1.value }) where deadline <= now {
            // The parts' work due before the timer goes first: after a stall (a slow machine,
            // a debug build reading a word list) a key's release due before its
            // long-press deadline must not come after it and open the callout.
            runParts(before: deadline)
            guard core.timers[id] == deadline else { continue }
            core.timers[id] = nil
            stateHandles(.timer(id))
        }
        runParts(before: nil)
        core.presentation.runDue(&core.out)
    }

    /// The parts' work due (before `limit`), and the contacts they made, until they make no more.
    private mutating func runParts(before limit: Duration?) {
        repeat { parts.runDue(&core, before: limit) } while handleMadeContacts()
    }

    /// The end of a batch: its effects carried out together (a quick tap whose
    /// press and release arrive together types at once and draws only how it
    /// ends), then what waits for them.
    private mutating func endBatch(typeAhead: ((Keystroke) -> Bool)? = nil) {
        guard core.pacing.afterTyping == nil else { return }
        // The text before the caret is new: the strip shows what follows it at once.
        let contextChanged = core.strip.takeContextChange()
        if !core.pending.isEmpty || keystrokesDue || contextChanged {
            let batch = core.pending
            core.pending = []
            apply(batch, typeAhead: typeAhead)
        }
        if core.pacing.afterTyping == nil { finishBatch() }
    }

    /// After the batch's keystrokes are typed: the words learned handed to the journal, a new place on a new screen, quitting.
    private mutating func finishBatch() {
        if !unsaved.isEmpty { journalLearned() }
        core.presentation.followScreen(field: focusedField?.extents, &core.out)
        if let status = core.quitting.status { shutdown(status) }
    }

    /// Types what is queued whatever it waits for, hides the popups and exits.
    private mutating func shutdown(_ status: Int32) {
        guard !core.quitting.finished else { return }
        if !core.pacing.queue.isEmpty {
            // Keys tapped are typed, even those still waiting for a keycode.
            core.pacing.expectAnswer(.shutdown)
            emit(.type(core.pacing.queue, waitingForKeycodes: false))
            return
        }
        emit(.draw(.hidePreview))
        emit(.draw(.hideCallout))
        saveLearned()
        emit(.exit(status))
        core.quitting.finish()
    }

    // MARK: - Layouts

    /// The globe key or a layout key: the state's effects of showing that layout, built for the window's width.
    mutating func switchLayout(_ which: LayoutSwitch) -> [Effect] {
        let previousLanguage = stripLanguage
        do {
            guard try core.choice.select(which) else { return [] }
        } catch {
            emit(.log("\(error)"))
            return []
        }
        noteStripLanguage()
        core.languages.carryText(from: previousLanguage)
        return core.state.replaceLayout(core.choice.buildShown(width: frame.width))
    }

    /// SIGHUP: the files read again, shown at once (the same layout if it is still there).
    private mutating func reload(_ files: ReloadedFiles) {
        guard !files.layouts.isEmpty else { return }
        core.choice.reload(files, lexicons: configuration.suggestions.flatMap { files.lexicons ?? $0.languages })
        noteStripLanguage()
        core.strip.forgetQuery()
        emit(.draw(.theme(theme)))
        core.pending += core.state.replaceLayout(core.choice.buildShown(width: frame.width))
    }

    /// The window's width crossed the line between compact and wide, or only its size changed.
    mutating func resized(from old: Size) {
        if provider.isWide(width: frame.width) != provider.isWide(width: old.width) {
            // Between compact and wide: the same layout, built for the new width.
            core.pending += core.state.replaceLayout(core.choice.buildShown(width: frame.width))
        } else {
            refreshFrames()
            emit(.draw(.all(appearances(), size: frame.size)))
        }
    }

    /// The keys shown now, as `tapboard keys` prints them.
    public func keysShown() -> String {
        let state = core.state
        // As drawn: the strip's words and candidates, the parts' labels.
        let labels = appearances(highlightMarks: [:]).map(\.label)
        return LayoutDump.shown(layout: state.layout.name, page: state.page, frame: frame, frames: keyFrames) { f in
            (f.index < labels.count ? labels[f.index] : state.label(of: f.key)).plainText
        }
    }

    // MARK: - Output

    mutating func emit(_ command: Command) { core.out.emit(command) }

    private mutating func takeOutput() -> [Command] { core.out.take() }
}

extension Rect {
    /// The rectangle's size.
    public var size: Size { Size(width: width, height: height) }
    /// The rectangle's top left corner.
    public var origin: Point { Point(x: x, y: y) }
}
