/// A running keyboard a test taps by key (on X11 or on Wayland).
public protocol TappableKeyboard: AnyObject {
    /// The key frames of a page at the keyboard's size.
    func frames(of page: String) throws -> PageFrames
    /// Taps the key `id` of `page` (the test says which page is shown).
    func tap(_ page: String, _ id: String) throws
}

extension Keyboard: TappableKeyboard {}
extension SwayKeyboard: TappableKeyboard {}

extension TappableKeyboard {
    /// Taps every character key of every page of a layout, in order, going
    /// page to page through the page keys (from the first page when the shown
    /// one has no key for the next); returns what the keys type, in order.
    public func tapEveryCharacter(pages: [String]) throws -> String {
        var expected = ""
        var shown = pages[0]
        for page in pages {
            if page != shown {
                if try frames(of: shown).key("page:" + page) == nil {
                    try tap(shown, "page:" + pages[0])
                    shown = pages[0]
                }
                try tap(shown, "page:" + page)
                shown = page
            }
            for key in try frames(of: page).keys where key.action.hasPrefix("character:") {
                try tap(page, key.id)
                expected += String(key.action.dropFirst("character:".count))
            }
        }
        return expected
    }
}
