/// The features that are parts of the session, in the order they see each
/// input: the one list of them, so adding a feature is adding its part here.
struct SessionParts: Sendable {
    /// Swipe typing: first, so the contacts after a gesture waiting for its words wait too.
    var swipe = SwipeTyping()
    /// Hold space and slide: the caret moves.
    var spaceCursor = SpaceBarCursor()
    /// Slide left from backspace: whole words go, and come back sliding right.
    var wordDelete = WordDelete()
    /// Switch scanning and dwell: keys selected without a tap.
    var handsFree = HandsFree()
    /// The clipboard history and its page.
    var clipboard = ClipboardPart()
    /// The settings page.
    var settings = SettingsPage()
    /// The emoji page and its search (before `typing`: it takes the emoji files that typing waits for).
    var emoji = EmojiPart()
    /// A layout's input method: its letters composed, candidates in the strip.
    var composing = Composing()
    /// `tapboard type`: taps made on the keys.
    var typing = ScriptedTyping()
    /// Out of the way of a hardware keyboard.
    var hardwareKeys = HardwareKeys()

    /// Hands each part to `visitor` in order, until it says to stop.
    mutating func visit<V: PartVisitor>(_ visitor: inout V, _ core: inout SessionCore) {
        if visitor.visit(&swipe, &core) { return }
        if visitor.visit(&spaceCursor, &core) { return }
        if visitor.visit(&wordDelete, &core) { return }
        if visitor.visit(&handsFree, &core) { return }
        if visitor.visit(&clipboard, &core) { return }
        if visitor.visit(&settings, &core) { return }
        if visitor.visit(&emoji, &core) { return }
        if visitor.visit(&composing, &core) { return }
        if visitor.visit(&typing, &core) { return }
        if visitor.visit(&hardwareKeys, &core) { return }
    }

    /// Hands each part to `reader` in order, to read only.
    func inspect<R: PartReader>(_ reader: inout R, _ core: SessionCore) {
        reader.inspect(swipe, core)
        reader.inspect(spaceCursor, core)
        reader.inspect(wordDelete, core)
        reader.inspect(handsFree, core)
        reader.inspect(clipboard, core)
        reader.inspect(settings, core)
        reader.inspect(emoji, core)
        reader.inspect(composing, core)
        reader.inspect(typing, core)
        reader.inspect(hardwareKeys, core)
    }
}

/// Something done to each part in turn (`SessionParts.visit`).
protocol PartVisitor {
    /// Does it to one part; true stops the visit (the parts after it are not visited).
    mutating func visit<P: SessionPart>(_ part: inout P, _ core: inout SessionCore) -> Bool
}

/// Something read of each part in turn (`SessionParts.inspect`).
protocol PartReader {
    /// Reads one part; `core` is lent, not copied (the drawing asks at every redraw).
    mutating func inspect<P: SessionPart>(_ part: P, _ core: SessionCore)
}
