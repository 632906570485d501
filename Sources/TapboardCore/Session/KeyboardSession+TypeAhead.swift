/// A tap's keystroke typed before the rest of its batch is worked out.
///
/// Most of a quick tap's handling is the strip (following the text, finding
/// words) and the plan (drawing, timers); the keystroke does not depend on
/// them when it is one character that ends no word. So once the state machine
/// has decided what the batch types, the transport is offered that keystroke
/// (`handle(_:at:typeAhead:)`) and types it; the rest follows as if the
/// injector had answered. One rule decides what a tap types: the state machine's.
extension KeyboardSession {
    /// The keystroke of a batch's effects that may go out before the strip and
    /// the plan: the batch's only one, one character that ends no word (no
    /// autocorrection, no suggestion's space to take), with nothing queued
    /// before it and nothing of the strip's to undo or replace (a correction,
    /// a swiped word) or to choose.
    func keystrokeToTypeAhead(_ batch: [Effect]) -> Keystroke? {
        // While a part takes what is typed (the emoji search's line), nothing goes ahead.
        guard core.pacing.queue.isEmpty, core.quitting.status == nil, !parts.takesKeystrokes(core) else { return nil }
        var found: Keystroke?
        for effect in batch {
            switch effect {
            case .type(let keystroke):
                guard found == nil else { return nil }
                found = keystroke
            case .chooseSuggestion:
                return nil
            default:
                continue
            }
        }
        guard let keystroke = found, case .text(let text) = keystroke, text.utf8.count == 1 || text.unicodeScalars.count == 1,
              Self.followsLater(keystroke) else { return nil }
        // The strip types it as it is (its path for letters only).
        if let language = stripLanguage, !isSecure {
            guard core.strip.lastAutocorrection == nil, swiped == nil, core.languages.canFollowLater(in: language) else { return nil }
        }
        return keystroke
    }
}
