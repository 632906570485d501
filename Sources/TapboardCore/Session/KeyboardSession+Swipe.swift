/// Swipe typing: a press on a letter whose contact travels across the letters
/// is a gesture (see `SwipeKeys.isGesture`), decoded at release into the
/// likeliest word of the language's lexicon and learned words; a short slide
/// to a neighbour stays a slide.
extension KeyboardSession {
    /// Trail frames at most this often.
    static let trailInterval = GestureTrail.interval

    /// The word the last gesture typed, while nothing followed it.
    var swiped: SwipedWord? { swipe.swiped }

    /// Whether a press now may become a gesture: swipe on, the letters page of a
    /// layout with a lexicon, no modifier latched, not over a password field.
    private var swipeAvailable: Bool {
        configuration.suggestions?.swipe == true && stripLanguage != nil && !isSecure && core.state.pageIndex == 0 && core.state.modifiers.isEmpty
    }

    /// Whether a key's text is one letter: an ASCII one by its byte (every
    /// press asks, and Character's count and properties walk Unicode tables).
    static func isOneLetter(_ text: String) -> Bool {
        if text.utf8.count == 1, let b = text.utf8.first, b < 0x80 { return TypedText.isASCIILetter(b) }
        return text.count == 1 && text.first?.isLetter == true
    }

    /// Follows a contact that is or may become a gesture; true when the state must not see this event.
    mutating func followGesture(_ phase: TouchPhase, id: ContactID, at point: Point, key: Int?) -> Bool {
        let p = GesturePoint(point, time: now)
        switch phase {
        case .began:
            var mayBegin = false
            if id != .typing, swipeAvailable, let key, key < keyFrames.count,
               case .character(let c) = keyFrames[key].key.action, Self.isOneLetter(c) {
                mayBegin = true
            }
            // Another contact landing ends a gesture as if it lifted.
            if let ended = swipe.began(id, at: p, mayBegin: mayBegin) { finishGesture(ended) }
            swipe.endTrail(now: now)
            // The words a gesture is read against, asked for now if they are not in yet.
            if mayBegin { loadFiles() }
            return false
        case .moved:
            guard let g = swipe.gesture, g.contact == id else { return false }
            if g.recognised {
                _ = swipe.moved(id, to: p, keys: nil, waitingForWords: true)
                swipe.trailMoved(&core.out)
                return true
            }
            // A callout opened by a long press: choosing an alternate, not drawing.
            guard core.state.callout == nil else {
                swipe.abandon()
                return false
            }
            // Told by the keys' places alone while the words asked for at the press
            // are still to come; the word is read once they do (`finishGesture`).
            let keys = swipeDecoder()?.keys ?? (filesPending ? SwipeKeys(frames: keyFrames) : nil)
            switch swipe.moved(id, to: p, keys: keys, waitingForWords: filesPending) {
            case .notGesture:
                return false
            case .recognised:
                if let language = stripLanguage, let start = swipe.gesture?.points.first { swipe.prepare(language, startingAt: start) }
                // The key pressed is not typed: the state lets go of the contact.
                core.pending += core.state.handle(.touch(.cancelled, point: point, key: nil, calloutItem: nil, contact: id), at: now)
                swipe.trailMoved(&core.out)
                return true
            case .drawing:
                swipe.trailMoved(&core.out)
                return true
            }
        case .ended, .cancelled:
            guard let ended = swipe.ended(id, at: phase == .ended ? p : nil) else { return false }
            if phase == .ended, let g = ended { finishGesture(g) }
            swipe.endTrail(now: now)
            return ended != nil
        }
    }


    /// The gesture lifted: its likeliest word, given the word before it, is
    /// typed (after a space when it follows a word or punctuation), cased for
    /// the shift state; the next likeliest go to the strip.
    private mutating func finishGesture(_ g: SwipeGesture) {
        guard let language = stripLanguage else { return }
        guard var decoder = swipeDecoder() else {
            // Its words are still to come: read when they do.
            if filesPending { swipe.wait(g) }
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
        let candidates = decoder.decode(g.points, limit: stripSlots.count + 1, learned: { first in
            learned.words(beginningWith: first).map { (word: $0.word, weight: learned.weight($0.use)) }
        }, contextPrior: prior.map { prior in { prior.bonus($0, frequency: $1) } })
        swipe.keep(decoder, for: language)
        guard let best = candidates.first else { return }
        let shift = core.state.shift
        let word = SuggestionEngine.cased(best.word, typed: "", shift: shift)
        let typed = space + word
        core.pending.append(.type(.text(typed)))
        core.pending += core.state.textReplaced(deleting: 0, inserting: typed)
        swipe.typed(SwipedWord(typed: typed, word: word,
                               alternatives: candidates.dropFirst().map { SuggestionEngine.cased($0.word, typed: "", shift: shift) }))
    }

    /// Gestures that ended before their words came, read in order now that they have.
    mutating func finishWaitingGestures() {
        guard !filesPending else { return }
        for g in swipe.takeWaiting() { finishGesture(g) }
    }

    /// The decoder for the language and page shown, made with the lexicon once
    /// the language's files are in, and kept up with the keys' frames.
    private mutating func swipeDecoder() -> SwipeDecoder? {
        guard let language = stripLanguage, loadFiles(), let lexicon = core.languages.engine(language)?.lexicon else { return nil }
        return swipe.decoder(for: language, lexicon: lexicon, frames: keyFrames, generation: core.state.layoutGeneration, size: frame.size)
    }

    /// A keystroke through the strip's engine: the swiped word's own marks it
    /// sent; backspace right after it deletes the whole word, as phone keyboards
    /// do (the state has taken one character off already); any other ends it.
    mutating func afterSwipe(_ keystroke: Keystroke) -> [Effect]? {
        guard let word = swiped else { return nil }
        if !word.sent, case .text(let text) = keystroke, text == word.typed {
            swipe.sent()
            return nil
        }
        swipe.forgetWord()
        guard word.sent, case .keysym(let symbol) = keystroke, symbol == .backSpace else { return nil }
        let keystrokes = Array(repeating: Keystroke.keysym(.backSpace), count: word.word.count)
        withEngine { engine in for k in keystrokes { engine.typed(k) } }
        return keystrokes.map { .type($0) } + core.state.textReplaced(deleting: word.word.count - 1, inserting: "")
    }

    /// The strip's words just after a swiped word: the next likeliest words, each replacing it.
    var swipeAlternatives: [Suggestion]? {
        guard let word = swiped, word.sent, let language = stripLanguage,
              core.languages.engine(language)?.typed.currentWord == Substring(word.word) else { return nil }
        return word.alternatives.map { Suggestion(word: $0, delete: word.word.count, insert: $0, kind: .correction) }
    }
}
