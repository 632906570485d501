/// Swipe typing as a part of the session: a press on a letter whose contact
/// travels across the letters is a gesture (see `SwipeKeys.isGesture`),
/// decoded at release into the likeliest word of the language's lexicon and
/// learned words; a short slide to a neighbour stays a slide. A gesture that
/// ends before its words are read waits for them, and the contacts after it
/// wait in their turn (first among the parts, so no other sees them early).
extension SwipeTyping: SessionPart {
    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool {
        // After a gesture whose words are still to come: held, handled once they come.
        if hasWaiting {
            hold(contact.phase, id: contact.id, at: contact.point)
            return true
        }
        return follow(contact, &core)
    }

    mutating func take(_ input: SessionInput, _ core: inout SessionCore, showing: [Bool]) {
        guard case .languageLoaded = input else { return }
        // Gestures that ended before their words came, read in order now that they have.
        if !core.languages.filesPending {
            for g in takeWaiting() { finish(g, &core) }
        }
        // The contacts that came after them, now in their turn.
        if !hasWaiting {
            core.madeContacts += takeHeld().map { MadeContact(phase: $0.phase, id: $0.id, point: $0.point) }
        }
    }

    func nextDeadline(_ core: SessionCore) -> Duration? { trailDeadline }

    mutating func runDue(_ core: inout SessionCore, before limit: Duration?) { drawTrail(&core.out) }

    /// Whether a key's text is one letter: an ASCII one by its byte (every
    /// press asks, and Character's count and properties walk Unicode tables).
    static func isOneLetter(_ text: String) -> Bool {
        if text.utf8.count == 1, let b = text.utf8.first, b < 0x80 { return TypedText.isASCIILetter(b) }
        return text.count == 1 && text.first?.isLetter == true
    }

    /// Whether a press now may become a gesture: swipe on, the letters page of a
    /// layout with a lexicon, no modifier latched, not over a password field.
    private static func available(_ core: SessionCore) -> Bool {
        core.configuration.suggestions?.swipe == true && core.languages.shownLanguage != nil && !core.isSecure
            && core.state.pageIndex == 0 && core.state.modifiers.isEmpty
    }

    /// Follows a contact that is or may become a gesture; true when the state must not see this event.
    private mutating func follow(_ contact: PartContact, _ core: inout SessionCore) -> Bool {
        let p = GesturePoint(contact.point, time: core.now)
        let id = contact.id
        switch contact.phase {
        case .began:
            var mayBegin = false
            if id != .typing, Self.available(core), let key = contact.key, key < core.keyFrames.count,
               case .character(let c) = core.keyFrames[key].key.action, Self.isOneLetter(c) {
                mayBegin = true
            }
            // Another contact landing ends a gesture as if it lifted.
            if let ended = began(id, at: p, mayBegin: mayBegin) { finish(ended, &core) }
            endTrail(now: core.now)
            // The words a gesture is read against, asked for now if they are not in yet.
            if mayBegin { core.loadFiles() }
            return false
        case .moved:
            guard let g = gesture, g.contact == id else { return false }
            if g.recognised {
                _ = moved(id, to: p, keys: nil, waitingForWords: true)
                trailMoved(&core.out)
                return true
            }
            // A callout opened by a long press: choosing an alternate, not drawing.
            guard core.state.callout == nil else {
                abandon()
                return false
            }
            // Told by the keys' places alone while the words asked for at the press
            // are still to come; the word is read once they do (`finish`).
            let pending = core.languages.filesPending
            let keys = decoder(&core)?.keys ?? (pending ? SwipeKeys(frames: core.keyFrames) : nil)
            switch moved(id, to: p, keys: keys, waitingForWords: pending) {
            case .notGesture:
                return false
            case .recognised:
                if let language = core.languages.shownLanguage, let start = gesture?.points.first { prepare(language, startingAt: start) }
                // The key pressed is not typed: the state lets go of the contact.
                core.cancelPress(contact)
                trailMoved(&core.out)
                return true
            case .drawing:
                trailMoved(&core.out)
                return true
            }
        case .ended, .cancelled:
            guard let ended = ended(id, at: contact.phase == .ended ? p : nil) else { return false }
            if contact.phase == .ended, let g = ended { finish(g, &core) }
            endTrail(now: core.now)
            return ended != nil
        }
    }

    /// The gesture lifted: its likeliest word, given the word before it, is
    /// typed (after a space when it follows a word or punctuation), cased for
    /// the shift state; the next likeliest go to the strip.
    private mutating func finish(_ g: SwipeGesture, _ core: inout SessionCore) {
        guard let language = core.languages.shownLanguage else { return }
        guard var decoder = decoder(&core) else {
            // Its words are still to come: read when they do.
            if core.languages.filesPending { wait(g) }
            return
        }
        // The text as it will be when what this batch typed before the gesture has gone out
        // (a stalled keyboard reads a whole gesture and the next in one batch).
        let engine = core.languages.engine(language)
        var text = engine?.typed ?? TypedText()
        for case .type(let keystroke) in core.pending { text.type(keystroke) }
        let space = text.text.last.map { !$0.isWhitespace } ?? false ? " " : ""
        // The previous word is the one before the word's place, its space typed: none at a sentence's start.
        if !space.isEmpty { text.type(.text(space)) }
        let prior = engine?.nextWordPrior(for: text)
        let learned = engine?.learned ?? LearnedWords()
        let candidates = decoder.decode(g.points, limit: core.placed.stripSlots.count + 1, learned: { first in
            learned.words(beginningWith: first).map { (word: $0.word, weight: learned.weight($0.use)) }
        }, contextPrior: prior.map { prior in { prior.bonus($0, frequency: $1) } })
        keep(decoder, for: language)
        guard let best = candidates.first else { return }
        let shift = core.state.shift
        let word = SuggestionEngine.cased(best.word, typed: "", shift: shift)
        let typed = space + word
        core.pending.append(.type(.text(typed)))
        core.pending += core.state.textReplaced(deleting: 0, inserting: typed)
        self.typed(SwipedWord(typed: typed, word: word,
                              alternatives: candidates.dropFirst().map { SuggestionEngine.cased($0.word, typed: "", shift: shift) }))
    }

    /// The decoder for the language and page shown, made with the lexicon once
    /// the language's files are in, and kept up with the keys' frames.
    private mutating func decoder(_ core: inout SessionCore) -> SwipeDecoder? {
        guard let language = core.languages.shownLanguage, core.loadFiles(), let lexicon = core.languages.engine(language)?.lexicon else { return nil }
        return decoder(for: language, lexicon: lexicon, frames: core.keyFrames, generation: core.state.layoutGeneration, size: core.frame.size)
    }
}
