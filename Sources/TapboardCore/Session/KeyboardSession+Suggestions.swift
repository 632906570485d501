/// The suggestion strip: the words it shows, what tapping one types, the text
/// the engine follows and learns from, and keeping what was learned.
extension KeyboardSession {
    /// What the strip's words depend on: when it is unchanged they are not looked for again.
    struct SuggestionQuery: Equatable {
        var text: TypedText
        var shift: ShiftState
        var language: String?
        var slots: Int
        var clock: Int
        var secure: Bool
    }

    /// The strip shown: its language, and what each keystroke would otherwise
    /// look up by the language's name (hashing it, a set's or a dictionary's
    /// cold lines): where its engine is in `engines`, and whether its files were read.
    struct ShownStrip {
        var language: String
        /// Forgotten when an engine is added (the others may move).
        var engine: Dictionary<String, SuggestionEngine>.Index?
        /// Its files are in the engine.
        var filesRead = false
    }

    /// The language of the strip shown, if the layout shown has one.
    var stripLanguage: String? { shownStrip?.language }

    /// Works out `stripLanguage` again after the layouts, the one shown or the languages with a strip changed.
    mutating func noteStripLanguage() {
        shownStrip = choice.stripLanguage.map { ShownStrip(language: $0) }
    }

    /// The engine for the layout shown, made (without its files, read later) the first time.
    mutating func withEngine<T>(_ body: (inout SuggestionEngine) -> T) -> T? {
        if !unfollowed.isEmpty { followTyped() }
        guard let index = shownEngine() else { return nil }
        return body(&engines.values[index])
    }

    /// Where the shown strip's engine is in `engines`, made the first time.
    private mutating func shownEngine() -> Dictionary<String, SuggestionEngine>.Index? {
        if let index = shownStrip?.engine { return index }
        guard let language = stripLanguage, let index = makeEngine(for: language) else { return nil }
        shownStrip?.engine = index
        return index
    }

    /// Where a language's engine is in `engines`, made (without its files, read
    /// later) unless there is one; nil without suggestions. Changed through
    /// `engines.values[index]`, in place: `engines[language]!` moved the engine
    /// out and copied it back, every field retained and released (a cache line
    /// each, cold at a hand's pace) at every keystroke.
    private mutating func makeEngine(for language: String) -> Dictionary<String, SuggestionEngine>.Index? {
        guard let settings = configuration.suggestions else { return nil }
        if let index = engines.index(forKey: language) { return index }
        shownStrip?.engine = nil
        engines[language] = SuggestionEngine(lexicon: nil, learns: settings.learns)
        return engines.index(forKey: language)
    }

    /// The engine follows the keystrokes `throughSuggestions` left for after
    /// they went out. None of them ends a word, so nothing is learned here.
    mutating func followTyped() {
        let keystrokes = unfollowed
        unfollowed = []
        guard let language = unfollowedLanguage,
              let index = language == stripLanguage ? shownEngine() : makeEngine(for: language) else { return }
        for keystroke in keystrokes { engines.values[index].typed(keystroke) }
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
        return ",.;:!?)".utf8.contains(byte)
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
        let learnsNothing = lastAutocorrection == nil && swiped == nil && batch.allSatisfy { effect in
            switch effect {
            case .type(let keystroke): return Self.followsLater(keystroke)
            case .chooseSuggestion: return false
            default: return true
            }
        }
        // Most taps: letters only, nothing to undo or replace. They go out as
        // they are, and the engine follows them once they are out.
        if learnsNothing, unfollowed.isEmpty || unfollowedLanguage == language {
            for case .type(let keystroke) in batch {
                if unfollowed.isEmpty { unfollowedLanguage = language }
                unfollowed.append(keystroke)
            }
            return batch
        }
        var out: [Effect] = []
        out.reserveCapacity(batch.count)
        let autocorrect = configuration.suggestions?.autocorrect ?? false
        let learnedBefore = learnsNothing ? nil : withEngine { $0.learned.clock } ?? 0
        for effect in batch {
            switch effect {
            case .type(let keystroke):
                if let undo = undoAutocorrection(keystroke) ?? afterSwipe(keystroke) {
                    out += undo
                    continue
                }
                if Self.followsLater(keystroke) {
                    if unfollowed.isEmpty { unfollowedLanguage = language }
                    if unfollowedLanguage == language {
                        unfollowed.append(keystroke)
                        lastAutocorrection = nil
                        out.append(effect)
                        continue
                    }
                }
                var keystrokes = [keystroke]
                var swapped = false
                var corrected: Autocorrection?
                let shift = state.shift
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
                lastAutocorrection = corrected
                if swapped, case .text(let text) = keystroke {
                    // The state's context (auto-shift) loses the space too.
                    out += state.textReplaced(deleting: 2, inserting: text)
                }
                out += keystrokes.map { .type($0) }
            case .chooseSuggestion(let rank):
                lastAutocorrection = nil
                swiped = nil
                guard rank < suggestions.count else { continue }
                var chosen = suggestions[rank]
                // Shown before the last keys (the strip waits for them to pause): the word shown replaces the word as it is now.
                if suggestionsDeadline != nil, let current = withEngine({ String($0.typed.currentWord) }) {
                    chosen = Suggestion(word: chosen.word, replacing: current, kind: chosen.kind)
                }
                withEngine { $0.chose(chosen) }
                out += Array(repeating: .type(.keysym(.backSpace)), count: chosen.delete)
                out.append(.type(.text(chosen.insert + " ")))
                out += state.textReplaced(deleting: chosen.delete, inserting: chosen.insert + " ")
            default:
                out.append(effect)
            }
        }
        if let learnedBefore, (withEngine { $0.learned.clock } ?? 0) != learnedBefore {
            unsaved.insert(language)
        }
        return out
    }

    /// The focus moved to another field or window: what was typed before is not
    /// before the cursor now, and where the caret is is not known.
    mutating func textContextLost() {
        focus.forgetCaret()
        for index in engines.values.indices { engines.values[index].resetText() }
        textContextChanged = true
    }

    /// Another language's layout shows: its engine continues the text the last one followed.
    mutating func carryTextToEngine(from previous: String?) {
        guard let previous, let text = engines[previous]?.typed, stripLanguage != previous else { return }
        withEngine { $0.textRead(text) }
    }

    /// The text before the caret, read from the field: every language's engine
    /// follows it (the shown one made if it was not yet).
    mutating func textRead(_ text: TypedText) {
        withEngine { _ in }
        for index in engines.values.indices { engines.values[index].textRead(text) }
        textContextChanged = true
    }

    // MARK: - The strip's words

    /// How long keys must pause before the strip looks for words again, once
    /// they come faster than that. Nobody reads a strip that changes twenty
    /// times a second; a flood (a test typing at 50 keys a second, `tapboard
    /// type`) would pay for words no one sees at every key. Keys typed by hand
    /// come further apart (LatinIME waits 100 ms after every key; here a key
    /// after a pause is answered at once, without a timer's wake-up).
    public static let suggestionsPause: Duration = .milliseconds(50)

    /// Holds the strip's words back while keys flood; true when they wait. Keys
    /// typed within `suggestionsPause` of the last put the look off again; a
    /// batch that types nothing leaves a wait as it is. A new layout looks at once.
    mutating func holdSuggestions(after plan: EffectPlan) -> Bool {
        let typed = !plan.keystrokes.isEmpty
        let flood = typed && lastTyped.map { now - $0 < Self.suggestionsPause } == true
        if typed { lastTyped = now }
        guard !plan.relayout, flood || (!typed && suggestionsDeadline != nil) else { return false }
        if typed { suggestionsDeadline = now + Self.suggestionsPause }
        return true
    }

    /// The keys paused: the strip's words are looked for, and the slots that
    /// changed drawn (after the keystrokes still waiting for a keycode, if any).
    mutating func refreshHeldSuggestions() {
        suggestionsDeadline = nil
        var plan = EffectPlan([])
        refreshSuggestions(&plan)
        guard plan.draws else { return }
        pacing.holdDrawing(Self.drawingEffects(of: plan), replacing: false, now: now)
        if pacing.queue.isEmpty { drawNow(EffectPlan(pacing.takeDrawing())) }
    }

    /// Finds the strip's words for the text as it is now, after the keystrokes
    /// went out; the slots whose word changed are added to the drawing, and
    /// listeners for typed text hear the words.
    mutating func refreshSuggestions(_ plan: inout EffectPlan) {
        let slots = stripSlots
        guard !slots.isEmpty else {
            suggestions = []
            return
        }
        // The keystrokes are out: the engine follows those it had left for now.
        if !unfollowed.isEmpty { followTyped() }
        guard loadFiles() else { return }
        refreshNeighbours()
        // One pass into the engine (each finds it by its language's name).
        let shift = state.shift, language = stripLanguage, secure = isSecure, alternatives = swipeAlternatives
        let asked = suggestionsFor
        func makeQuery(_ text: TypedText, _ clock: Int) -> SuggestionQuery {
            SuggestionQuery(text: text, shift: shift, language: language, slots: slots.count, clock: clock, secure: secure)
        }
        let (query, found) = withEngine { engine -> (SuggestionQuery, [Suggestion]?) in
            if engine.learned.overBounds { engine.learned.keepWithinBounds() }
            let query = makeQuery(engine.typed, engine.learned.clock)
            guard query != asked else { return (query, nil) }
            return (query, secure ? [] : alternatives ?? engine.suggestions(limit: slots.count, shift: shift))
        } ?? (makeQuery(TypedText(), 0), secure ? [] : alternatives ?? [])
        guard query != asked, let new = found else { return }
        suggestionsFor = query
        guard new != suggestions else { return }
        let old = suggestions
        suggestions = new
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
    mutating func loadFiles() -> Bool {
        guard let strip = shownStrip, !strip.filesRead else { return true }
        if loadedLanguages.contains(strip.language) {
            shownStrip?.filesRead = true
            return true
        }
        if requestedLanguages.insert(strip.language).inserted { emit(.files(.load(language: strip.language))) }
        return false
    }

    /// Whether the shown language's files were asked for and have not come yet.
    var filesPending: Bool {
        guard let language = stripLanguage else { return false }
        return requestedLanguages.contains(language) && !loadedLanguages.contains(language)
    }

    /// A language's files, read: into its engine, and the strip looks again.
    mutating func languageLoaded(_ files: LoadedLanguage) {
        guard loadedLanguages.insert(files.language).inserted, let index = makeEngine(for: files.language) else { return }
        let isShownLanguage = shownStrip?.language == files.language
        if isShownLanguage, shownStrip?.engine == nil { shownStrip?.engine = index }
        engines.values[index].lexicon = files.lexicon
        engines.values[index].shippedPairs = files.pairs
        // Anything learned before the files came is kept (nothing, in practice: they are read after the first keystroke).
        if engines.values[index].learned.isEmpty { engines.values[index].learned = files.learned }
        // Corrections fold letters as the lexicon does.
        neighboursFor = nil
        suggestionsFor = nil
        textContextChanged = true
        if isShownLanguage { finishWaitingGestures() }
    }

    /// Neighbouring letters for corrections, from the letters page as placed now.
    private mutating func refreshNeighbours() {
        let key = (generation: state.layoutGeneration, size: frame.size)
        if let n = neighboursFor, n == key { return }
        neighboursFor = key
        guard let letters = state.layout.pages.first else { return }
        let frames = Geometry.frames(for: letters, in: frame.size, theme: theme)
        withEngine { engine in
            let lexicon = engine.lexicon
            engine.corrector = Corrector(neighbours: KeyNeighbours(frames: frames, fold: { lexicon?.fold($0) ?? $0.lowercased() }))
        }
    }

    /// The label a strip slot shows now.
    func suggestionLabel(rank: Int) -> KeyLabel {
        .text(rank < suggestions.count ? suggestions[rank].word : "")
    }

    // MARK: - Keeping what was learned

    /// `tapboard forget`: nothing learned is kept in memory either (the command deletes the files).
    mutating func forgetLearned() {
        for index in engines.values.indices { engines.values[index].learned = LearnedWords() }
        unsaved = []
        journaled = []
        suggestionsFor = nil
    }

    /// Hands the words each language learned in this batch to the storage's
    /// journal, after the keystrokes went out: nothing waits for a timer.
    mutating func journalLearned() {
        let languages = unsaved
        unsaved = []
        guard configuration.suggestions?.learns == true else { return }
        for language in languages.sorted() {
            guard let index = engines.index(forKey: language) else { continue }
            journaled.insert(language)
            if let learnings = engines.values[index].learned.takeJournal() {
                if !learnings.isEmpty { emit(.files(.append(learnings, whole: engines.values[index].learned, language: language))) }
            } else {
                emit(.files(.save(engines.values[index].learned, language: language)))
            }
        }
    }

    /// At exit: the whole of every language that learned something is written,
    /// and its journal emptied.
    mutating func saveLearned() {
        journaled.formUnion(unsaved)
        unsaved = []
        guard configuration.suggestions?.learns == true else { return }
        for language in journaled.sorted() {
            guard let index = engines.index(forKey: language) else { continue }
            // The whole holds them.
            _ = engines.values[index].learned.takeJournal()
            emit(.files(.save(engines.values[index].learned, language: language)))
        }
        journaled = []
    }
}
