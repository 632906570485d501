/// A word `--autocorrect` replaced as a space or punctuation ended it.
struct Autocorrection: Hashable, Sendable {
    /// The letters as typed.
    var typed: String
    /// The word put in their place.
    var inserted: String
    /// What ended the word (a space, punctuation), typed after it.
    var ending: String
}

extension KeyboardSession {
    /// Backspace right after an autocorrection takes it back, as phone keyboards
    /// do: the word goes back to the letters typed, with what ended it, and is
    /// learned as typed (so it is not corrected again). Any other keystroke keeps
    /// the correction. The state has already taken one character off for the backspace.
    mutating func undoAutocorrection(_ keystroke: Keystroke) -> [Effect]? {
        guard let last = core.strip.lastAutocorrection else { return nil }
        core.strip.corrected(nil)
        guard case .keysym(let symbol) = keystroke, symbol == .backSpace else { return nil }
        let erase = last.inserted.count + last.ending.count
        let keystrokes = Array(repeating: Keystroke.keysym(.backSpace), count: erase) + [.text(last.typed), .text(last.ending)]
        withEngine { engine in for k in keystrokes { engine.typed(k) } }
        return keystrokes.map { .type($0) } + core.state.textReplaced(deleting: erase - 1, inserting: last.typed + last.ending)
    }
}
