/// Slide left from backspace: whole words go, one a key's width, as far as the
/// finger goes; sliding back right types them again. The press itself deletes
/// a character as always. Words are counted in the text the keyboard knows
/// before the caret (what it typed there, or read from the field), so the
/// words come back exactly; where it knows none, each word is deleted with the
/// application's own word deletion (Ctrl+BackSpace, Ctrl+W in a terminal) and
/// cannot come back.
struct WordDelete: SessionPart {
    /// A contact that landed on backspace.
    private(set) var slide: KeySlide?
    /// The text before the caret as the contact landed (nil when not known), and whether it started a sentence there.
    private(set) var text: (before: String?, fromStart: Bool) = (nil, false)
    /// Characters of the text deleted so far (the press's own included), once sliding.
    private(set) var deleted = 0
    /// Words deleted by the application's own deletion, when the text is not known.
    private(set) var wordsBlind = 0

    /// How many words a finger `dx` pixels left of where it landed deletes: none
    /// within half a key, then one more a key.
    static func words(dx: Int, step: Int) -> Int {
        let distance = -dx
        guard distance >= step / 2 else { return 0 }
        return 1 + (distance - step / 2) / max(step, 1)
    }

    /// The characters `words` words take from the end of `text`: a word and the
    /// spaces after it, as word deletion in a text field counts them.
    static func length(ofLast words: Int, in text: String) -> Int {
        var count = 0
        var rest = Substring(text)
        for _ in 0 ..< words {
            guard !rest.isEmpty else { break }
            let spaces = rest.reversed().prefix { $0.isWhitespace }.count
            rest = rest.dropLast(spaces)
            let word = rest.reversed().prefix { !$0.isWhitespace }.count
            rest = rest.dropLast(word)
            count += spaces + word
        }
        return count
    }

    mutating func contact(_ contact: PartContact, _ core: inout SessionCore) -> Bool {
        switch contact.phase {
        case .began:
            if slide.land(contact, core, on: { if case .backspace = $0 { true } else { false } }) {
                // The text as the press finds it: keys tapped just before may not be out yet.
                let ahead = core.textAhead
                text = (ahead.text.isEmpty ? nil : ahead.text, ahead.fromStart)
                (deleted, wordsBlind) = (0, 0)
            }
            return false
        case .moved:
            guard let dx = slide?.dx(contact), let step = slide?.step else { return false }
            let target = Self.words(dx: dx, step: step)
            if slide?.sliding == false {
                guard target > 0 else { return false }
                // The key stops repeating.
                slide?.begin(contact, &core)
                if let before = text.before {
                    // Deleted since the press (its own character, and any repeats), as the text ahead tells.
                    let now = core.textAhead.text
                    deleted = before.hasPrefix(now) && now.count < before.count ? before.count - now.count : min(1, before.count)
                }
            }
            if let before = text.before {
                follow(words: target, in: before, &core)
            } else {
                // Blind: further words only, with the application's own word deletion.
                let chord = Keystroke.chord([.control], core.focus.field?.kind == .terminal ? .text("w") : .keysym(.backSpace))
                for _ in wordsBlind ..< max(target, wordsBlind) { core.pending.append(.type(chord)) }
                wordsBlind = max(target, wordsBlind)
            }
            return true
        case .ended, .cancelled:
            return slide.lift(contact)
        }
    }

    /// Deletes or types again what lies between the characters deleted so far and those `words` take.
    private mutating func follow(words: Int, in before: String, _ core: inout SessionCore) {
        let wanted = words == 0 ? 0 : Self.length(ofLast: words, in: before)
        guard wanted != deleted else { return }
        if wanted > deleted {
            for _ in deleted ..< wanted { core.pending.append(.type(.keysym(.backSpace))) }
        } else {
            let back = String(before.dropLast(wanted).suffix(deleted - wanted))
            core.pending.append(.type(.text(back)))
        }
        deleted = wanted
        // Auto-shift looks at the text as it is now.
        core.pending += core.state.textRead(String(before.dropLast(wanted)), fromStart: text.fromStart)
    }
}
