/// A contact drawing a word across the letters without lifting.
struct SwipeGesture: Hashable, Sendable {
    /// The contact drawing it.
    var contact: ContactID
    /// Where it went, in window pixels, since its press.
    var points: [GesturePoint]
    /// It went far enough to be a gesture: the state no longer sees the contact.
    var recognised = false

    /// The contact is at `p` now (a point where it already was adds nothing).
    mutating func add(_ p: GesturePoint) {
        if points.last.map({ $0.x != p.x || $0.y != p.y }) ?? true { points.append(p) }
    }
}

/// A word typed by a gesture, while nothing else was typed after it.
struct SwipedWord: Hashable, Sendable {
    /// What was typed: the word, after a space when one was needed.
    var typed: String
    /// The word itself.
    var word: String
    /// The next likeliest words, for the strip: tapping one replaces the word.
    var alternatives: [String]
    /// Its keystroke has gone through the strip's engine (not only planned).
    var sent = false
}

/// Swipe typing: a press on a letter whose contact travels across the letters
/// is a gesture (see `SwipeKeys.isGesture`), decoded at release into the
/// likeliest word of the language's lexicon and learned words; a short slide
/// to a neighbour stays a slide.
extension KeyboardSession {
    /// Whether a press now may become a gesture: swipe on, the letters page of a
    /// layout with a lexicon, no modifier latched, not over a password field.
    private var swipeAvailable: Bool {
        configuration.suggestions?.swipe == true && stripLanguage != nil && !isSecure && state.pageIndex == 0 && state.modifiers.isEmpty
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
            // Another contact landing ends a gesture as if it lifted.
            if let g = gesture, g.recognised { finishGesture() }
            gesture = nil
            endTrail()
            guard id != .typing, swipeAvailable, let key, key < keyFrames.count,
                  case .character(let c) = keyFrames[key].key.action, Self.isOneLetter(c) else { return false }
            gesture = SwipeGesture(contact: id, points: [p])
            // The words a gesture is read against, asked for now if they are not in yet.
            loadFiles()
            return false
        case .moved:
            guard var g = gesture, g.contact == id else { return false }
            g.add(p)
            gesture = g
            if g.recognised {
                trailMoved()
                return true
            }
            // A callout opened by a long press: choosing an alternate, not drawing.
            guard state.callout == nil else {
                gesture = nil
                return false
            }
            // Told by the keys' places alone; while the words asked for at the press
            // are still to come, the word is read once they do (`finishGesture`).
            let keys: SwipeKeys
            if let decoder = swipeDecoder() {
                keys = decoder.keys
            } else if filesPending {
                keys = SwipeKeys(frames: keyFrames)
            } else {
                gesture = nil
                return false
            }
            guard keys.isGesture(g.points) else { return false }
            gesture?.recognised = true
            // The words the release will read, built while the finger still moves.
            if let language = stripLanguage, let start = g.points.first { swipeDecoders[language]?.prepare(startingAt: start) }
            // The key pressed is not typed: the state lets go of the contact.
            pending += state.handle(.touch(.cancelled, point: point, key: nil, calloutItem: nil, contact: id), at: now)
            trailMoved()
            return true
        case .ended:
            guard let g = gesture, g.contact == id else { return false }
            if g.recognised {
                gesture?.add(p)
                finishGesture()
            }
            gesture = nil
            endTrail()
            return g.recognised
        case .cancelled:
            guard let g = gesture, g.contact == id else { return false }
            gesture = nil
            endTrail()
            return g.recognised
        }
    }

    /// Trail frames at most this often: one a 60 Hz frame.
    static let trailInterval: Duration = .milliseconds(16)
    /// How much of the path the trail shows, its oldest part fading.
    static let trailSpan: Duration = .milliseconds(500)

    /// The gesture went on: its trail is drawn now, or at the next frame's time.
    private mutating func trailMoved() {
        if let last = trailDrawnAt, now - last < Self.trailInterval {
            if trailDeadline == nil { trailDeadline = last + Self.trailInterval }
            return
        }
        drawTrail()
    }

    /// The gesture ended: its trail goes once the word's keystrokes are out (the next wake).
    private mutating func endTrail() {
        if trailDrawnAt != nil { trailDeadline = now }
    }

    /// Draws the trail of the gesture's recent part, or takes it away when none goes on.
    mutating func drawTrail() {
        trailDeadline = nil
        guard let g = gesture, g.recognised else {
            if trailDrawnAt != nil { emit(.draw(.trail([]))) }
            trailDrawnAt = nil
            return
        }
        trailDrawnAt = now
        // Measured back from the newest point, not from now: a frame drawn late (a
        // stalled keyboard, a finger held still) still shows where the path went.
        let newest = g.points.last?.time ?? now
        let recent = g.points.drop { newest - $0.time > Self.trailSpan }
        emit(.draw(.trail(recent.map { Point(x: Int($0.x.rounded()), y: Int($0.y.rounded())) })))
    }

    /// The gesture lifted: its likeliest word, given the word before it, is
    /// typed (after a space when it follows a word or punctuation), cased for
    /// the shift state; the next likeliest go to the strip.
    private mutating func finishGesture() {
        guard let g = gesture, let language = stripLanguage else { return }
        gesture = nil
        guard var decoder = swipeDecoder() else {
            // Its words are still to come: read when they do.
            if filesPending { waitingGestures.append(g) }
            return
        }
        // The text as it will be when what this batch typed before the gesture has gone out
        // (a stalled keyboard reads a whole gesture and the next in one batch).
        var text = engines[language]?.typed ?? TypedText()
        for case .type(let keystroke) in pending { text.type(keystroke) }
        let space = text.text.last.map { !$0.isWhitespace } ?? false ? " " : ""
        // The previous word is the one before the word's place, its space typed: none at a sentence's start.
        if !space.isEmpty { text.type(.text(space)) }
        let prior = engines[language]?.nextWordPrior(for: text)
        let learned = engines[language]?.learned ?? LearnedWords()
        let candidates = decoder.decode(g.points, limit: stripSlots.count + 1, learned: { first in
            learned.words(beginningWith: first).map { (word: $0.word, weight: learned.weight($0.use)) }
        }, contextPrior: prior.map { prior in { prior.bonus($0, frequency: $1) } })
        swipeDecoders[language] = decoder
        guard let best = candidates.first else { return }
        let shift = state.shift
        let word = SuggestionEngine.cased(best.word, typed: "", shift: shift)
        let typed = space + word
        pending.append(.type(.text(typed)))
        pending += state.textReplaced(deleting: 0, inserting: typed)
        swiped = SwipedWord(typed: typed, word: word,
                            alternatives: candidates.dropFirst().map { SuggestionEngine.cased($0.word, typed: "", shift: shift) })
    }

    /// Gestures that ended before their words came, read in order now that they have.
    mutating func finishWaitingGestures() {
        guard !filesPending else { return }
        let waiting = waitingGestures
        waitingGestures = []
        for g in waiting {
            gesture = g
            finishGesture()
        }
    }

    /// The decoder for the language and page shown, made with the lexicon (read
    /// now if it was not) and kept up with the keys' frames.
    private mutating func swipeDecoder() -> SwipeDecoder? {
        guard let language = stripLanguage, loadFiles() else { return nil }
        guard let lexicon = engines[language]?.lexicon else { return nil }
        let key = (generation: state.layoutGeneration, size: frame.size)
        if var decoder = swipeDecoders[language] {
            if swipeFramesFor.map({ $0 != key }) ?? true {
                decoder.update(frames: keyFrames)
                swipeDecoders[language] = decoder
                swipeFramesFor = key
            }
            return decoder
        }
        let decoder = SwipeDecoder(lexicon: lexicon, frames: keyFrames)
        swipeDecoders[language] = decoder
        swipeFramesFor = key
        return decoder
    }

    /// A keystroke through the strip's engine: the swiped word's own marks it
    /// sent; backspace right after it deletes the whole word, as phone keyboards
    /// do (the state has taken one character off already); any other ends it.
    mutating func afterSwipe(_ keystroke: Keystroke) -> [Effect]? {
        guard let word = swiped else { return nil }
        if !word.sent, case .text(let text) = keystroke, text == word.typed {
            swiped?.sent = true
            return nil
        }
        swiped = nil
        guard word.sent, case .keysym(let symbol) = keystroke, symbol == .backSpace else { return nil }
        let keystrokes = Array(repeating: Keystroke.keysym(.backSpace), count: word.word.count)
        withEngine { engine in for k in keystrokes { engine.typed(k) } }
        return keystrokes.map { .type($0) } + state.textReplaced(deleting: word.word.count - 1, inserting: "")
    }

    /// The strip's words just after a swiped word: the next likeliest words, each replacing it.
    var swipeAlternatives: [Suggestion]? {
        guard let word = swiped, word.sent, let language = stripLanguage,
              engines[language]?.typed.currentWord == Substring(word.word) else { return nil }
        return word.alternatives.map { Suggestion(word: $0, delete: word.word.count, insert: $0, kind: .correction) }
    }
}
