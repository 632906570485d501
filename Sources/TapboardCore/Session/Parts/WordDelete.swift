/// Slide left from backspace: whole words go, one a key's width, as far as the
/// finger goes; sliding back right types them again. The press itself deletes
/// a character as always. Words are counted in the text the keyboard knows
/// before the caret (what it typed there, or read from the field), so the
/// words come back exactly; where it knows none, each word is deleted with the
/// application's own word deletion (Ctrl+BackSpace, Ctrl+W in a terminal) and
/// cannot come back.
struct WordDelete: SessionPart {
    /// A contact that landed on backspace.
    struct Slide: Sendable, Equatable {
        var id: ContactID
        var startX: Int
        var step: Int
        /// The text before the caret as the contact landed, nil when not known.
        var text: String?
        /// Whether it started a sentence there.
        var fromStart: Bool
        /// Characters of `text` deleted so far (the press's own included), once sliding.
        var deleted = 0
        /// Words deleted by the application's own deletion, when the text is not known.
        var wordsBlind = 0
        var sliding = false
    }

    private(set) var slide: Slide?

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
            if slide?.sliding == true { return false }
            slide = nil
            guard contact.isPerson, let key = contact.key, key < core.keyFrames.count,
                  case .backspace = core.keyFrames[key].key.action else { return false }
            // The text as the press finds it: keys tapped just before may not be out yet.
            let before = core.textAhead
            slide = Slide(id: contact.id, startX: contact.point.x, step: core.letterWidth,
                          text: before.text.isEmpty ? nil : before.text, fromStart: before.fromStart)
            return false
        case .moved:
            guard var s = slide, s.id == contact.id else { return false }
            let target = Self.words(dx: contact.point.x - s.startX, step: s.step)
            if !s.sliding {
                guard target > 0 else { return false }
                s.sliding = true
                // The key stops repeating; what it deleted is counted from the text now.
                core.cancelPress(contact)
                if let text = s.text {
                    let now = core.textAhead.text
                    // Deleted since the press (its own character, and any repeats), as the text ahead tells.
                    s.deleted = text.hasPrefix(now) && now.count < text.count ? text.count - now.count : min(1, text.count)
                }
            }
            if let text = s.text {
                follow(words: target, in: text, &s, &core)
            } else {
                // Blind: further words only, with the application's own word deletion.
                let chord = Keystroke.chord([.control], core.focus.field?.kind == .terminal ? .text("w") : .keysym(.backSpace))
                for _ in s.wordsBlind ..< max(target, s.wordsBlind) { core.pending.append(.type(chord)) }
                s.wordsBlind = max(target, s.wordsBlind)
            }
            slide = s
            return true
        case .ended, .cancelled:
            guard let s = slide, s.id == contact.id else { return false }
            slide = nil
            return s.sliding
        }
    }

    /// Deletes or types again what lies between the characters deleted so far and those `words` take.
    private func follow(words: Int, in text: String, _ s: inout Slide, _ core: inout SessionCore) {
        let wanted = words == 0 ? 0 : Self.length(ofLast: words, in: text)
        guard wanted != s.deleted else { return }
        if wanted > s.deleted {
            for _ in s.deleted ..< wanted { core.pending.append(.type(.keysym(.backSpace))) }
        } else {
            let back = String(text.dropLast(wanted).suffix(s.deleted - wanted))
            core.pending.append(.type(.text(back)))
        }
        s.deleted = wanted
        // Auto-shift looks at the text as it is now.
        let left = String(text.dropLast(wanted))
        core.pending += core.state.textRead(left, fromStart: s.fromStart)
    }
}
