/// The suggestion strip: the words it shows, what tapping one types, the text
/// the engine follows and learns from, and keeping what was learned.
extension KeyboardSession {
    /// The language of the strip shown, if the layout shown has one.
    var stripLanguage: String? { core.languages.shownLanguage }

    /// The engines, by language.
    var engines: [String: SuggestionEngine] { core.languages.engines }
    /// Keystrokes the shown engine follows once they are out.
    var unfollowed: [Keystroke] { core.languages.unfollowed }
    /// Languages that learned words in this batch.
    var unsaved: Set<String> { core.languages.unsaved }
    /// The words the strip shows, likeliest first.
    public var suggestions: [Suggestion] { core.strip.suggestions }
    /// The pause in keys after which the strip looks for words again, once they came faster (`StripWords.pause`).
    public static let suggestionsPause = StripWords.pause

    /// Works out the strip's language again after the layouts or the one shown changed.
    mutating func noteStripLanguage() {
        core.languages.show(core.choice.stripLanguage)
    }

    /// The engine for the layout shown, made (without its files, read later) the first time.
    @discardableResult
    mutating func withEngine<T>(_ body: (inout SuggestionEngine) -> T) -> T? {
        core.languages.withShown(body)
    }

    /// Whether the engine may follow a keystroke after it is sent: it ends no
    /// word (so no autocorrection, and nothing learned) and is no punctuation
    /// that could take a suggestion's space.
    static func followsLater(_ keystroke: Keystroke) -> Bool {
        if case .text(let text) = keystroke, takesSuggestionSpace(text) { return false }
        return !SuggestionEngine.endsWord(keystroke)
    }

    /// Punctuation that takes the place of the space a suggestion typed (compared
    /// as bytes: a string search cost more than the rest of a letter's way out).
    static func takesSuggestionSpace(_ text: String) -> Bool {
        guard text.utf8.count == 1, let byte = text.utf8.first else { return false }
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"),
             UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ")"): return true
        default: return false
        }
    }

    // MARK: - Keystrokes through the engine

    /// A batch's effects as the strip changes them, before they are typed: a
    /// suggestion tapped becomes its keystrokes, punctuation right after a
    /// suggestion's space takes the space's place, `--autocorrect` fixes the word
    /// a space ends; and the engine follows every keystroke (a letter's after it
    /// is sent: the letter asks nothing of it). Nothing is read from files here:
    /// this runs before the keystroke goes out.
    mutating func throughSuggestions(_ batch: [Effect]) -> [Effect] {
        guard let language = stripLanguage else { return batch }
        // Over a password field nothing is followed, learned or offered.
        if isSecure {
            withEngine { $0.resetText() }
            return batch.filter { if case .chooseSuggestion = $0 { return false } else { return true } }
        }
        // Read before the engine learns anything in this batch. A batch of
        // keystrokes followed later (most taps: a letter) learns nothing and reads nothing.
        let learnsNothing = core.strip.lastAutocorrection == nil && swiped == nil && batch.allSatisfy { effect in
            switch effect {
            case .type(let keystroke): return Self.followsLater(keystroke)
            case .chooseSuggestion: return false
            default: return true
            }
        }
        // Most taps: letters only, nothing to undo or replace. They go out as
        // they are, and the engine follows them once they are out.
        if learnsNothing, core.languages.canFollowLater(in: language) {
            for case .type(let keystroke) in batch { core.languages.followLater(keystroke, in: language) }
            return batch
        }
        var result: [Effect] = []
        result.reserveCapacity(batch.count)
        let autocorrect = configuration.suggestions?.autocorrect ?? false
        let learnedBefore = learnsNothing ? nil : withEngine { $0.learned.clock } ?? 0
        for effect in batch {
            switch effect {
            case .type(let keystroke):
                if let undo = undoAutocorrection(keystroke) ?? afterSwipe(keystroke) {
                    result += undo
                    continue
                }
                if Self.followsLater(keystroke), core.languages.canFollowLater(in: language) {
                    core.languages.followLater(keystroke, in: language)
                    core.strip.corrected(nil)
                    result.append(effect)
                    continue
                }
                var keystrokes = [keystroke]
                var swapped = false
                var corrected: Autocorrection?
                let shift = core.state.shift
                withEngine { engine in
                    if engine.spaceFromSuggestion, case .text(let text) = keystroke, Self.takesSuggestionSpace(text) {
                        keystrokes = [.keysym(.backSpace), keystroke]
                        swapped = true
                    } else if autocorrect, SuggestionEngine.endsWord(keystroke), let fix = engine.autocorrection(shift: shift) {
                        keystrokes = Array(repeating: .keysym(.backSpace), count: fix.delete) + [.text(fix.insert), keystroke]
                        if case .text(let ending) = keystroke {
                            corrected = Autocorrection(typed: String(engine.typed.currentWord), inserted: fix.insert, ending: ending)
                        }
                    }
                    for k in keystrokes { engine.typed(k) }
                }
                core.strip.corrected(corrected)
                if swapped, case .text(let text) = keystroke {
                    // The state's context (auto-shift) loses the space too.
                    result += core.state.textReplaced(deleting: 2, inserting: text)
                }
                result += keystrokes.map { .type($0) }
            case .chooseSuggestion(let rank):
                core.strip.corrected(nil)
                parts.swipe.forgetWord()
                guard rank < suggestions.count else { continue }
                var chosen = suggestions[rank]
                // Shown before the last keys (the strip waits for them to pause): the word shown replaces the word as it is now.
                if core.strip.deadline != nil, let current = withEngine({ String($0.typed.currentWord) }) {
                    chosen = Suggestion(word: chosen.word, replacing: current, kind: chosen.kind)
                }
                withEngine { $0.chose(chosen) }
                result += Array(repeating: .type(.keysym(.backSpace)), count: chosen.delete)
                result.append(.type(.text(chosen.insert + " ")))
                result += core.state.textReplaced(deleting: chosen.delete, inserting: chosen.insert + " ")
            default:
                result.append(effect)
            }
        }
        if let learnedBefore, (withEngine { $0.learned.clock } ?? 0) != learnedBefore {
            core.languages.learned(in: language)
        }
        return result
    }

    /// The focus moved to another field or window: what was typed before is not
    /// before the cursor now, and where the caret is is not known.
    mutating func textContextLost() {
        core.focus.forgetCaret()
        core.languages.resetText()
        core.strip.noteContextChanged()
    }

    /// The text before the caret, read from the field: every language's engine follows it.
    mutating func textRead(_ text: TypedText) {
        core.focus.textRead(text)
        core.languages.textRead(text)
        core.strip.noteContextChanged()
    }

    // MARK: - The strip's words

    /// The keys paused: the strip's words are looked for, and the slots that
    /// changed drawn (after the keystrokes still waiting for a keycode, if any).
    mutating func refreshHeldSuggestions() {
        core.strip.stopHolding()
        var plan = EffectPlan([])
        refreshSuggestions(&plan)
        guard plan.draws else { return }
        core.pacing.holdDrawing(Self.drawingEffects(of: plan), replacing: false, now: now)
        if core.pacing.queue.isEmpty { drawNow(EffectPlan(core.pacing.takeDrawing())) }
    }

    /// Finds the strip's words for the text as it is now, after the keystrokes
    /// went out; the slots whose word changed are added to the drawing, and
    /// listeners for typed text hear the words.
    mutating func refreshSuggestions(_ plan: inout EffectPlan) {
        let slots = stripSlots
        guard !slots.isEmpty else {
            core.strip.clear()
            return
        }
        // The keystrokes are out: the engine follows those it had left for now.
        if core.languages.hasUnfollowed { core.languages.followTyped() }
        guard loadFiles() else { return }
        // Asked first, without copying the page and the theme: at every keystroke the answer is yes.
        if !core.languages.neighboursPlaced(generation: core.state.layoutGeneration, size: frame.size) {
            let letters = core.state.layout.pages.first, size = frame.size, theme = theme
            core.languages.placeNeighbours(generation: core.state.layoutGeneration, size: size) {
                letters.map { Geometry.frames(for: $0, in: size, theme: theme) }
            }
        }
        // One pass into the engine (each finds it by its language's name).
        let shift = core.state.shift, language = stripLanguage, secure = isSecure, alternatives = swipeAlternatives
        let asked = core.strip.query
        func makeQuery(_ text: TypedText, _ clock: Int) -> StripWords.Query {
            StripWords.Query(text: text, shift: shift, language: language, slots: slots.count, clock: clock, secure: secure)
        }
        var typed = ""
        var (query, found) = withEngine { engine -> (StripWords.Query, [Suggestion]?) in
            if engine.learned.overBounds { engine.learned.keepWithinBounds() }
            let query = makeQuery(engine.typed, engine.learned.clock)
            guard query != asked else { return (query, nil) }
            typed = engine.typed.text
            return (query, secure ? [] : alternatives ?? engine.suggestions(limit: slots.count, shift: shift))
        } ?? (makeQuery(TypedText(), 0), secure ? [] : alternatives ?? [])
        // `:` and a name: emoji instead of words.
        if found != nil, !secure, alternatives == nil, let colon = colonSuggestions(typed, limit: slots.count) { found = colon }
        guard query != asked, let new = found, let old = core.strip.found(new, for: query) else { return }
        if !plan.relayout {
            // Only the slots whose word changed are drawn again.
            // A few slots each: merged by a look along them, not hashed into a set
            // (and no arrays made for it: a keystroke's strip code is cold).
            func word(_ list: [Suggestion], _ rank: Int) -> String? { rank < list.count ? list[rank].word : nil }
            var changed = false
            for slot in slots where word(old, slot.rank) != word(new, slot.rank) {
                changed = true
                if !plan.redraw.contains(slot.index) { plan.redraw.append(slot.index) }
            }
            if changed { plan.redraw.sort() }
        }
        if configuration.publishKeys && !isSecure { emit(.publish(.suggestions(new.map(\.word)))) }
    }

    /// Whether the shown language's files (lexicon, shipped pairs, learned words)
    /// are in its engine; asked for the first time they are needed, and looked
    /// at once they come (`languageLoaded`).
    @discardableResult
    mutating func loadFiles() -> Bool { core.loadFiles() }

    /// Whether the shown language's files were asked for and have not come yet.
    var filesPending: Bool { core.languages.filesPending }

    /// A language's files, read: into its engine, and the strip looks again.
    mutating func languageLoaded(_ files: LoadedLanguage) {
        _ = core.languages.put(files)
        core.strip.forgetQuery()
        core.strip.noteContextChanged()
    }

    /// The label a strip slot shows now.
    func suggestionLabel(rank: Int) -> KeyLabel {
        let words = core.strip.suggestions
        return .text(rank < words.count ? words[rank].word : "")
    }

    // MARK: - Keeping what was learned

    /// `tapboard forget`: nothing learned is kept in memory either (the command deletes the files).
    mutating func forgetLearned() {
        core.languages.forget()
        core.strip.forgetQuery()
    }

    /// Hands the words each language learned in this batch to the storage's
    /// journal, after the keystrokes went out: nothing waits for a timer.
    mutating func journalLearned() {
        for request in core.languages.takeLearnings() { emit(.files(request)) }
    }

    /// At exit: the whole of every language that learned something is written,
    /// and its journal emptied.
    mutating func saveLearned() {
        for request in core.languages.takeWholes() { emit(.files(request)) }
    }
}
