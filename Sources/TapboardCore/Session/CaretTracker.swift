/// Where the focused field's caret should be after the keyboard's own
/// keystrokes, so that the field's caret reports (which come late, one per
/// keystroke) can be told from moves the keyboard did not make: a click
/// elsewhere in the text, an arrow key, a paste, text typed on another keyboard.
/// Only those replace what the keyboard knows of the text before the caret.
public struct CaretTracker: Hashable, Sendable {
    /// The caret's offset after the last keystroke sent; nil when unknown (no
    /// report yet, or a key that moves the caret anywhere went out).
    public private(set) var offset: Int?
    /// The offsets the keystrokes sent lead to, oldest first, not yet reported back.
    public private(set) var expected: [Int] = []

    /// What a report means.
    public enum Verdict: Hashable, Sendable {
        /// The caret is where the keyboard's keystrokes put it: what it knows stands.
        case own
        /// The caret moved by other means, with none of the keyboard's keystrokes in
        /// flight: the report's text is the text before the caret now.
        case moved
        /// A move that is none of the keystrokes still in flight: the report is
        /// already stale, and the next one (with nothing in flight) is believed.
        case stale
    }

    /// Nothing known: a field just took the focus.
    public init() {}

    /// A keystroke went out: text moves the caret by its characters (as the
    /// accessibility bus counts them, Unicode scalars), backspace back one,
    /// return on one; any other key may move it anywhere.
    public mutating func sent(_ keystroke: Keystroke) {
        guard let known = offset else { return }
        switch keystroke {
        case .text(let text): offset = known + text.unicodeScalars.count
        case .keysym(let symbol) where symbol == .backSpace: offset = max(0, known - 1)
        case .keysym(let symbol) where symbol == .return: offset = known + 1
        case .keysym, .chord:
            self = CaretTracker()
            return
        }
        expected.append(offset!)
    }

    /// The field reported its caret at `reported`.
    public mutating func reported(_ reported: Int) -> Verdict {
        if let i = expected.firstIndex(of: reported) {
            expected.removeFirst(i + 1)
            return .own
        }
        if expected.isEmpty {
            // Some fields report one position twice (a mark set, then the caret).
            if offset == reported { return .own }
            offset = reported
            return .moved
        }
        expected = []
        offset = nil
        return .stale
    }
}
