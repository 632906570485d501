/// The effects of one batch of events, put in the order the backend carries them out:
/// keystrokes first, then timers, notifications and hiding in their order, then
/// the drawing, merged so that a quick tap read in one batch draws nothing twice.
public struct EffectPlan: Equatable, Sendable {
    /// What happens to the preview at the end of the batch.
    public enum PreviewChange: Equatable, Sendable {
        /// Show it over this key.
        case show(key: Int)
        /// Hide it.
        case hide
    }

    /// Keystrokes, in the order they were asked for.
    public var keystrokes: [Keystroke] = []
    /// Timers, notifications and hiding, in order.
    public var others: [Effect] = []
    /// Whether everything is to be placed and drawn again.
    public var relayout = false
    /// Keys to draw again, each once, in ascending order; empty when `relayout`.
    public var redraw: [Int] = []
    /// The last preview change of the batch, if any.
    public var preview: PreviewChange?
    /// The last callout change of the batch: shown as given, or closed (nil inside).
    public var callout: Callout??

    /// Sorts and merges the effects of a batch.
    public init(_ effects: [Effect]) {
        // A few keys a batch: merged by a look along them, not hashed into a set
        // (a table allocated and each key hashed, before every keystroke went out).
        var keys: [Int] = []
        for effect in effects {
            switch effect {
            case .type(let k): keystrokes.append(k)
            case .redraw(let indices): for i in indices where !keys.contains(i) { keys.append(i) }
            case .redrawAll: relayout = true
            case .showPreview(let key): preview = .show(key: key)
            case .hidePreview: preview = .hide
            case .showCallout(let c): callout = .some(c)
            case .hideCallout: callout = .some(nil)
            case .startTimer, .cancelTimer, .hide, .notify, .switchLayout, .run, .chooseSuggestion, .emoji, .clipboard, .settings:
                others.append(effect)
            }
        }
        redraw = relayout ? [] : keys.sorted()
    }

    /// Whether the batch draws anything.
    public var draws: Bool { relayout || !redraw.isEmpty || preview != nil || callout != nil }
}
