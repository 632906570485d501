import CX11
import TapboardCore

/// Follows the clipboard (the CLIPBOARD selection) for its history: XFixes says
/// when it has a new owner, and the owner is asked for its text, one event at a
/// time through the keyboard's loop, never waited for.
///
/// The owner is asked for its TARGETS first. One that offers KeePassXC's
/// `x-kde-passwordManagerHint` is asked for that, and a `secret` one is reported
/// as such without its text ever being fetched. Otherwise the text is asked for
/// as UTF8_STRING (else `text/plain;charset=utf-8`, else STRING, Latin-1); an
/// owner with no text target (an image) is left alone. A large text comes in
/// pieces (INCR): at most `maximumBytes` are read, and the rest is let through
/// unread (each piece deleted, so the owner goes on serving others) until its
/// end or `drainTimeout`. An owner that does not answer within `answerTimeout`
/// is given up on: a deadline the loop waits for, never a sleep.
final class ClipboardWatcher {
    /// At most this many bytes of a text are read: more than the history keeps
    /// (`ClipboardHistory.maximumScalars` scalars of at most 4 bytes each, so a
    /// character cut at this limit is never kept).
    static let maximumBytes = 64 << 10
    /// How long an owner has to answer each request (a piece of an INCR transfer too).
    static let answerTimeout: Duration = .seconds(2)
    /// How long the rest of a transfer whose text is no longer wanted is let through, at most.
    static let drainTimeout: Duration = .seconds(10)

    /// The atoms of the exchange, interned together.
    private static let atomNames = ["CLIPBOARD", "TARGETS", "INCR", "UTF8_STRING", "text/plain;charset=utf-8", "STRING",
                                    passwordManagerHint, property]
    /// KeePassXC's (and KDE's) mark of a password on the clipboard: `secret`.
    static let passwordManagerHint = "x-kde-passwordManagerHint"
    /// The property of a transfer's window that owners write into.
    static let property = "_TAPBOARD_CLIPBOARD"

    private let display: XDisplay
    /// XFixes' first event number.
    let eventBase: Int32
    /// Whether a window is the keyboard's own (an owner never asked).
    private let isOurs: (Window) -> Bool
    private let clipboard: Atom, targets: Atom, incremental: Atom, hint: Atom, property: Atom
    /// The text targets taken, best first; the last is Latin-1.
    private let textTargets: [Atom]

    /// The current owner's transfer, while it is under way.
    private var current: Transfer?
    /// Transfers whose text is no longer wanted (a newer owner came, enough was
    /// read): what their owners still send is deleted unread, until its end.
    private var leaving: [Transfer] = []

    /// Follows the clipboard of a display; nil when the server lacks XFixes.
    init?(display: XDisplay, isOurs: @escaping (Window) -> Bool) {
        display.internAtoms(Self.atomNames)
        guard let base = display.selectOwnerChanges(of: "CLIPBOARD") else { return nil }
        self.display = display
        eventBase = base
        self.isOurs = isOurs
        clipboard = display.atom("CLIPBOARD")
        targets = display.atom("TARGETS")
        incremental = display.atom("INCR")
        hint = display.atom(Self.passwordManagerHint)
        property = display.atom(Self.property)
        textTargets = ["UTF8_STRING", "text/plain;charset=utf-8", "STRING"].map { display.atom($0) }
    }

    /// One owner asked for its content, into a property of an unmapped window
    /// of its own (destroyed with it: a late answer goes nowhere).
    private final class Transfer {
        enum Step: Equatable {
            /// TARGETS asked for.
            case targets
            /// The password manager's hint asked for; the text's target next.
            case hint(text: Atom)
            /// The text asked for, as this target.
            case text(Atom)
            /// The text coming in pieces (INCR), as this target.
            case pieces(Atom)
        }

        private let display: XDisplay
        let window: Window
        /// The owner, for messages.
        let owner: Window
        /// When it took the selection: what every request names.
        let time: Time
        var step = Step.targets
        /// The text's bytes so far.
        var bytes: [UInt8] = []
        /// Its text is no longer wanted: what the owner sends is deleted unread.
        var discarding = false
        /// When it is given up on.
        var deadline: Duration

        init(display: XDisplay, owner: Window, time: Time, deadline: Duration) {
            self.display = display
            self.owner = owner
            self.time = time
            self.deadline = deadline
            window = display.createWindow(.inputOnly, overrideRedirect: true, eventMask: PropertyChangeMask)
        }

        deinit { display.destroy(window) }
    }

    /// Whether a window is one of the transfers' (its SelectionNotify and PropertyNotify events are the watcher's).
    func owns(_ window: Window) -> Bool {
        current?.window == window || leaving.contains { $0.window == window }
    }

    /// The earliest time a transfer is given up on, if one is under way.
    var nextDeadline: Duration? {
        var next = current?.deadline
        for transfer in leaving where next.map({ transfer.deadline < $0 }) ?? true { next = transfer.deadline }
        return next
    }

    // MARK: - Events

    /// XFixes' event: a selection has a new owner. The clipboard's is asked for
    /// its TARGETS, and the session told (`clipboardOwnerChanged`) as the copy is made.
    func ownerChanged(_ change: XDisplay.SelectionOwnerChange, now: Duration) -> SessionInput? {
        guard change.selection == clipboard else { return nil }
        if let old = current { retire(old, now: now) }
        current = nil
        // No owner (it went), or the keyboard itself: nothing to fetch.
        guard change.owner != 0, !isOurs(change.owner) else { return nil }
        let transfer = Transfer(display: display, owner: change.owner, time: change.time, deadline: now + Self.answerTimeout)
        current = transfer
        ask(transfer, targets, next: .targets, now: now)
        return .clipboardOwnerChanged
    }

    /// The owner answered a request (SelectionNotify to a transfer's window); the session's input when a text (or a secret) came.
    func answered(_ e: XSelectionEvent, now: Duration) -> SessionInput? {
        guard let transfer = transfer(of: e.requestor) else { return nil }
        guard e.property != 0 else {
            // Refused. Without TARGETS (an old owner), the text is asked for as UTF-8 all the same.
            if transfer.step == .targets, !transfer.discarding {
                ask(transfer, textTargets[0], next: .text(textTargets[0]), now: now)
            } else {
                finish(transfer)
            }
            return nil
        }
        let wanted = transfer.discarding ? 0 : Self.maximumBytes
        guard let answer = display.takeProperty(property, of: transfer.window, maxBytes: wanted, delete: true) else {
            finish(transfer)
            return nil
        }
        if answer.type == incremental {
            // Deleting the INCR property (just done) starts the pieces: followed to their end, read or not.
            let step = transfer.step, wanted = !transfer.discarding
            if wanted, case .text(let target) = step {
                transfer.step = .pieces(target)
                transfer.deadline = now + Self.answerTimeout
                return nil
            }
            transfer.step = .pieces(0)
            retire(transfer, now: now)
            // A hint too long to send at once is no answer to trust: the text is not fetched.
            if wanted, case .hint = step { return .clipboardCopied("", secret: true) }
            return nil
        }
        guard !transfer.discarding else {
            finish(transfer)
            return nil
        }
        switch transfer.step {
        case .targets:
            let offered = Set(answer.format == 32 ? answer.items.map { Atom($0) } : [])
            // An image or a list of files: nothing to keep.
            guard let text = textTargets.first(where: offered.contains) else {
                finish(transfer)
                return nil
            }
            if offered.contains(hint) {
                ask(transfer, hint, next: .hint(text: text), now: now)
            } else {
                ask(transfer, text, next: .text(text), now: now)
            }
            return nil
        case .hint(let text):
            if answer.format == 8, Self.words(answer.bytes) == "secret" {
                finish(transfer)
                return .clipboardCopied("", secret: true)
            }
            ask(transfer, text, next: .text(text), now: now)
            return nil
        case .text(let target):
            finish(transfer)
            return answer.format == 8 ? .clipboardCopied(decode(answer.bytes, as: target), secret: false) : nil
        case .pieces:
            return nil
        }
    }

    /// A property of a transfer's window changed: in an INCR transfer, a new
    /// piece (an empty one ends it); the session's input when the text is whole
    /// or enough of it was read.
    func propertyChanged(_ e: XPropertyEvent, now: Duration) -> SessionInput? {
        guard e.atom == property, e.state == PropertyNewValue, let transfer = transfer(of: e.window),
              case .pieces(let target) = transfer.step else { return nil }
        let room = transfer.discarding ? 0 : Self.maximumBytes - transfer.bytes.count
        // Read (up to the room left) and deleted, which asks the owner for the next piece.
        guard let piece = display.takeProperty(property, of: transfer.window, maxBytes: room, delete: true) else { return nil }
        if piece.bytes.isEmpty, piece.left == 0 {
            finish(transfer)
            return transfer.discarding ? nil : .clipboardCopied(decode(transfer.bytes, as: target), secret: false)
        }
        guard !transfer.discarding else { return nil }
        transfer.bytes += piece.bytes
        transfer.deadline = now + Self.answerTimeout
        guard piece.left > 0 || transfer.bytes.count >= Self.maximumBytes else { return nil }
        // Enough: kept now; the rest goes by unread.
        let text = decode(transfer.bytes, as: target)
        retire(transfer, now: now)
        return .clipboardCopied(text, secret: false)
    }

    /// Time passed: transfers past their deadline are given up on; a line each for the current owner's.
    func deadlinePassed(now: Duration) -> [String] {
        var notes: [String] = []
        if let transfer = current, transfer.deadline <= now {
            notes.append("the clipboard's owner (window 0x\(String(transfer.owner, radix: 16))) did not answer within "
                         + "\(Self.answerTimeout.components.seconds) s; what it holds is not kept")
            current = nil
        }
        leaving.removeAll { $0.deadline <= now }
        return notes
    }

    // MARK: - Steps

    /// Asks the transfer's owner for `target`; the transfer's next step.
    private func ask(_ transfer: Transfer, _ target: Atom, next: Transfer.Step, now: Duration) {
        transfer.step = next
        transfer.deadline = now + Self.answerTimeout
        display.convertSelection(clipboard, to: target, into: property, of: transfer.window, time: transfer.time)
    }

    /// The transfer of a window, current or leaving.
    private func transfer(of window: Window) -> Transfer? {
        if let current, current.window == window { return current }
        return leaving.first { $0.window == window }
    }

    /// The transfer's text is no longer wanted: whatever its owner still sends is deleted unread until its end.
    private func retire(_ transfer: Transfer, now: Duration) {
        if current === transfer { current = nil }
        guard !transfer.discarding else { return }
        transfer.discarding = true
        transfer.bytes = []
        transfer.deadline = now + Self.drainTimeout
        leaving.append(transfer)
    }

    /// The transfer is over: its window goes.
    private func finish(_ transfer: Transfer) {
        if current === transfer { current = nil }
        leaving.removeAll { $0 === transfer }
    }

    /// A short value's text without the NUL, spaces and newline an owner may end it with.
    private static func words(_ bytes: [UInt8]) -> String {
        let end = bytes.lastIndex { $0 != 0 && $0 != 0x20 && $0 != 0x0a && $0 != 0x0d }.map { $0 + 1 } ?? 0
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// A text's bytes in a target: STRING is Latin-1, the others UTF-8.
    private func decode(_ bytes: [UInt8], as target: Atom) -> String {
        guard target == textTargets[2] else { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return String(scalars)
    }
}
