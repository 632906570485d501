extension SuggestionEngine {
    /// The context prior for the word at the end of `text` (its current word, or the
    /// word a gesture types there): from the word before it, through the user's and the
    /// shipped pairs. Nil when there is no such word (a sentence's or a field's start,
    /// after punctuation or a line break) or nothing was seen after it.
    public func nextWordPrior(for text: TypedText) -> NextWordPrior? {
        guard let previous = text.previousWord else { return nil }
        return NextWordPrior(previous: fold(String(previous)), learned: learned, shipped: shippedPairs)
    }
}
