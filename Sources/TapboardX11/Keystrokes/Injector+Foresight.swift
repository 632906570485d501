import CX11
import TapboardCore

/// A text known in advance (`tapboard type`): the keycodes its characters
/// borrow prepared ahead, and the application it goes to asked (a ping) how
/// far it has read, so a borrowed keycode is reused only once its last press is read.
extension Injector {
    /// Keystrokes that will follow, in order (replacing those foreseen before):
    /// the keycodes their characters need are remapped ahead, many at once.
    func foresee(_ keystrokes: [Keystroke]) {
        let levelsFree = modifiersSeen & Self.levelModifiers == 0
        foreseen = keystrokes.map { spareKeysyms($0, levelsFree: levelsFree).sorted() }.filter { !$0.isEmpty }
        foreseenNext = 0
        if !foreseen.isEmpty { followReader() }
    }

    /// Finds which application keys go to now, and asks whether it answers
    /// pings: a flood of text may leave it reading its presses late. Until it
    /// has answered one, keycodes wait the reuse age (Qt 5 lists the ping in
    /// its protocols but answered none here, with a window manager or without).
    private func followReader() {
        var client: Window?
        display.quietly { client = display.pingableFocusClient() }
        guard client != reader else { return }
        reader = client
        pingOut = nil
        spares.readerChanged()
        if client != nil { ping() }
    }

    /// Pings the application when a keycode waits for it to read its last press.
    func pingIfWaiting() {
        guard pingOut == nil, spares.waitsForRead() else { return }
        ping()
    }

    /// Asks the application to answer once it has read everything typed so far.
    private func ping() {
        guard let reader else { return }
        pingSerial &+= 1
        display.quietly { display.ping(reader, serial: pingSerial) }
        display.flush()
        pingOut = (pingSerial, spares.useCount)
    }

    /// A client's answer to a ping (its serial): every press before the ping
    /// is read; whether it was the one waited for (keycodes may be free now).
    func pingAnswered(_ serial: UInt) -> Bool {
        guard let out = pingOut, out.serial == serial else { return false }
        pingOut = nil
        spares.pressesRead(through: out.uses)
        return true
    }

    /// The keysyms of the keystrokes foreseen and not yet typed, soonest first, each once.
    var upcomingKeysyms: [UInt32] {
        var seen = Set<UInt32>()
        return foreseen[foreseenNext...].joined().filter { seen.insert($0).inserted }
    }

    /// A keystroke through borrowed keycodes was typed: if it is one of the next
    /// few foreseen (others may come between: a person's tap), those up to it are past.
    func typedForeseen(_ keysyms: [UInt32]) {
        guard !keysyms.isEmpty, foreseenNext < foreseen.count else { return }
        let window = foreseenNext ..< min(foreseen.count, foreseenNext + 8)
        if let i = window.first(where: { foreseen[$0] == keysyms }) { foreseenNext = i + 1 }
    }

    /// When keycodes for the keystrokes foreseen may be prepared; nil when none are to be.
    var nextPreparation: Duration? {
        foreseenNext < foreseen.count ? spares.nextPreparation(upcoming: upcomingKeysyms) : nil
    }

    /// Prepares keycodes for the keystrokes foreseen, as far as may be done now.
    func prepareAhead(now: Duration) {
        while case .change(let changes) = spares.step(for: [], upcoming: upcomingKeysyms, now: now) { apply(changes) }
        pingIfWaiting()
    }
}
