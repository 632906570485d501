/// A layout with an input method (Korean, Chinese, Japanese) as a part of the
/// session: the letters its keys type go to the converter instead of the
/// application; the strip shows what is composed, then the candidates, then
/// the next page; a tap on one commits it, and what the converter commits is
/// typed. The composition is kept as the actions that made it, so the session
/// stays a value: the converter answers for all of them (see `CompositionConverter`).
struct Composing: SessionPart {
    /// The actions of the composition under way (none: nothing is composed).
    private(set) var actions: [CompositionAction] = []
    /// The input method they went to.
    private(set) var method: InputMethodKind?
    /// What the converter answered for them.
    private(set) var shown = Composition()
    /// How many characters of `shown.committed` are typed.
    private var typedCount = 0
    /// Input methods whose converter failed, said once: their letters are typed as they are.
    private var failed: Set<InputMethodKind> = []

    /// The strip's slot that shows what is composed; the candidates follow it.
    static let preeditSlot = 0

    /// The input method of the layout shown, when its letters go to a converter now
    /// (not over a password field: what is typed there goes as it is).
    private func shownMethod(_ core: SessionCore) -> InputMethodKind? {
        guard let method = core.choice.shown.inputMethod, core.configuration.converter != nil, !core.isSecure,
              !failed.contains(method) else { return nil }
        return method
    }

    // MARK: - Inputs

    /// The letters page's keys, and any key while something is composed (it ends the composition first).
    func takesKeystrokes(_ core: SessionCore) -> Bool {
        shownMethod(core) != nil && (core.state.page.name == Page.letters || !actions.isEmpty)
    }

    /// A keystroke of the layout: a letter the converter takes joins the
    /// composition, backspace takes its last letter back; space commits (the
    /// first candidate, or Hangul's syllable and then the space), return commits
    /// the letters as typed; any other key commits what is shown, then is typed.
    mutating func typed(_ keystroke: Keystroke, _ core: inout SessionCore) -> Bool {
        guard let method = shownMethod(core), let converter = core.configuration.converter else { return false }
        switch keystroke {
        case .text(let text) where core.state.page.name == Page.letters && converter.takes(text, in: method):
            return run(.key(text), method, &core)
        case .keysym(let symbol) where symbol == .backSpace && !actions.isEmpty:
            return run(.backspace, method, &core)
        case .text(" ") where !actions.isEmpty:
            guard run(.commit(raw: false), method, &core) else { return false }
            // A syllable is finished by the space, which is typed too; a candidate takes the space's place.
            if case .hangul = method { return false }
            return true
        case .keysym(let symbol) where symbol == .return && !actions.isEmpty:
            return run(.commit(raw: true), method, &core)
        default:
            if !actions.isEmpty { _ = run(.commit(raw: false), method, &core) }
            return false
        }
    }

    /// A tap on the strip while composing: what is composed commits as typed,
    /// a candidate is chosen, the last slot turns the page.
    mutating func stateActed(from first: Int, _ core: inout SessionCore) {
        guard let method = shownMethod(core), core.pending[first...].contains(where: { if case .chooseSuggestion = $0 { true } else { false } })
        else { return }
        var i = first
        while i < core.pending.endIndex {
            guard case .chooseSuggestion(let slot) = core.pending[i] else {
                i += 1
                continue
            }
            core.pending.remove(at: i)
            guard !actions.isEmpty else { continue }
            switch content(ofSlot: slot, slots: core.placed.stripSlots.count) {
            case .preedit: _ = run(.commit(raw: true), method, &core)
            case .candidate(let index): _ = run(.choose(index), method, &core)
            case .page(let forward): _ = run(.page(forward: forward), method, &core)
            case .nothing: break
            }
        }
    }

    /// Another layout shows (or the page's keys are placed again): what was composed is committed.
    mutating func settle(_ core: inout SessionCore) {
        guard let method, !actions.isEmpty, core.choice.shown.inputMethod != method || core.isSecure else { return }
        _ = run(.commit(raw: false), method, &core)
        if !actions.isEmpty {
            reset()
            redrawStrip(&core)
        }
    }

    /// Runs the composition with one more action; whether the converter took it.
    /// What it committed since is typed, the strip drawn again.
    private mutating func run(_ action: CompositionAction, _ method: InputMethodKind, _ core: inout SessionCore) -> Bool {
        guard let converter = core.configuration.converter else { return false }
        if self.method != method { reset() }
        let next = actions + [action]
        let composition: Composition
        do {
            composition = try converter.compose(next, in: method)
        } catch {
            failed.insert(method)
            core.emit(.log("\(error); the \(core.choice.shown.name) layout's letters are typed as they are"))
            let shownBefore = shown
            reset()
            // What was composed is not lost: typed as it showed.
            if !shownBefore.preedit.isEmpty { core.pending.append(.type(.text(shownBefore.preedit))) }
            redrawStrip(&core)
            return false
        }
        let committed = Array(composition.committed)
        if committed.count > typedCount { core.pending.append(.type(.text(String(committed[typedCount...])))) }
        if composition.isEmpty {
            reset()
        } else {
            actions = next
            self.method = method
            shown = composition
            typedCount = committed.count
        }
        redrawStrip(&core)
        return true
    }

    private mutating func reset() {
        actions = []
        method = nil
        shown = Composition()
        typedCount = 0
    }

    /// The strip drawn again, at once (it is what the tap typed), and what it
    /// shows mirrored in the core for the parts that tap it.
    private func redrawStrip(_ core: inout SessionCore) {
        core.composed = shown
        core.pending.append(.redraw(core.placed.stripSlots.map(\.index)))
        core.pacing.keystrokeShown()
    }

    // MARK: - The strip

    /// What a slot of the strip shows while composing.
    enum SlotContent: Equatable {
        case preedit
        case candidate(Int)
        case page(forward: Bool)
        case nothing
    }

    /// The slot that shows a candidate of the page shown, when there is one.
    static func slot(ofCandidate index: Int, slots: Int) -> Int? {
        index + 1 < slots ? index + 1 : nil
    }

    /// The slot that turns the page, when the strip has room for one.
    static func pageSlot(slots: Int) -> Int? { slots > 2 ? slots - 1 : nil }

    /// The first slot shows what is composed, the last one the next page (or
    /// the first again) when there are more, the ones between the candidates.
    func content(ofSlot slot: Int, slots: Int) -> SlotContent {
        if slot == Self.preeditSlot { return .preedit }
        let paged = shown.hasNextPage || shown.hasPreviousPage
        if paged, slot == slots - 1 { return .page(forward: shown.hasNextPage) }
        let index = slot - 1
        return index < shown.candidates.count ? .candidate(index) : .nothing
    }

    var labelsKeys: Bool { true }

    /// The strip's slots on a layout with an input method.
    func label(of frame: KeyFrame, _ core: SessionCore) -> KeyLabel? {
        guard case .suggestion(let slot) = frame.key.action, core.choice.shown.inputMethod != nil else { return nil }
        switch content(ofSlot: slot, slots: core.placed.stripSlots.count) {
        case .preedit: return .text(shown.preedit)
        case .candidate(let index): return .text(shown.candidates[index])
        case .page(let forward): return .text(forward ? "▸" : "◂")
        case .nothing: return .text("")
        }
    }
}
