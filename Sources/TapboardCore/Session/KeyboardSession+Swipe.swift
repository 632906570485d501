/// What the strip makes of the word swipe typing typed (its part: `SwipeTyping`):
/// backspace right after it deletes it whole, and the strip offers the next likeliest words.
extension KeyboardSession {
    /// Trail frames at most this often.
    static let trailInterval = GestureTrail.interval

    /// The word the last gesture typed, while nothing followed it.
    var swiped: SwipedWord? { parts.swipe.swiped }

    /// Whether a key's text is one letter (`SwipeTyping.isOneLetter`).
    static func isOneLetter(_ text: String) -> Bool { SwipeTyping.isOneLetter(text) }

    /// A keystroke through the strip's engine: the swiped word's own marks it
    /// sent; backspace right after it deletes the whole word, as phone keyboards
    /// do (the state has taken one character off already); any other ends it.
    mutating func afterSwipe(_ keystroke: Keystroke) -> [Effect]? {
        guard let word = swiped else { return nil }
        if !word.sent, case .text(let text) = keystroke, text == word.typed {
            parts.swipe.sent()
            return nil
        }
        parts.swipe.forgetWord()
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
