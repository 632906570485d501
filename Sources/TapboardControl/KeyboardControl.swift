import CGlibcExtras
import Glibc
import TapboardCore
import TapboardX11

/// How a `tapboard type` request ended.
public enum TypingOutcome: Equatable, Sendable {
    /// Every key was tapped; these characters have no key on the layout shown.
    case finished(untypable: [Character])
    /// A signal stopped it: `typed` characters of the text were typed (nil when
    /// the keyboard did not say in time), none will be after.
    case interrupted(signal: Int32, typed: Int?)
}

/// The keyboard did not answer `tapboard clipboard` in time (one older than the clipboard history ignores it).
public struct ClipboardUnanswered: Error, CustomStringConvertible {
    /// The display's name.
    public var display: String
    public var description: String {
        "the tapboard running on display \(printable(display)) did not answer about its clipboard history (one from before it had one?)"
    }
}

/// The sending end: `tapboard show` and the others, `tapboard type` and
/// `tapboard events`. The X side of it is `ControlClient`, the Wayland side
/// `ControlSocketClient`; the waiting (signals, time) is here.
public enum KeyboardControl {
    /// The running keyboard's channel: on Wayland its socket (when no X display
    /// is named and `WAYLAND_DISPLAY` is set, and no X display is either, or
    /// a Wayland keyboard answers), else on X.
    static func channel(displayName: String?) throws -> any ControlChannel {
        if displayName == nil, getenv("WAYLAND_DISPLAY") != nil {
            if ControlSocketClient.keyboardListens() || getenv("DISPLAY") == nil { return try ControlSocketClient(waylandDisplay: nil) }
        }
        return try ControlClient(displayName: displayName)
    }

    /// The signals that interrupt `type`.
    static let interruptingSignals: [Int32] = [SIGINT, SIGTERM]

    /// Asks the keyboard running on a display to tap the keys for `text`, `delay`
    /// apart, as a person would (pages, shift, callouts), and waits until it has.
    /// SIGINT or SIGTERM meanwhile stops it: the keyboard is told, and says how
    /// much was typed (a killed client's window goes, and the keyboard stops too).
    public static func type(_ text: String, delay: Duration, displayName: String?) throws -> TypingOutcome {
        // The signals come through a descriptor polled with the connection, not
        // their default action: the keyboard must hear of the interruption.
        var mask = sigset_t(), previous = sigset_t()
        sigemptyset(&mask)
        for s in interruptingSignals { sigaddset(&mask, s) }
        sigprocmask(SIG_BLOCK, &mask, &previous)
        let signals = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        defer {
            close(signals)
            sigprocmask(SIG_SETMASK, &previous, nil)
        }
        let client = try channel(displayName: displayName)
        client.send(.type(text, delay: delay))
        var interruptedBy: Int32?
        var end: ContinuousClock.Instant?
        while true {
            while let message = client.pendingMessage() {
                switch message {
                case .gone: throw KeyboardControlError.notRunning(client.displayName)
                case .stoppedTyping(let typed): return .interrupted(signal: interruptedBy ?? SIGINT, typed: typed)
                // Finished as the signal came: all was typed.
                case .typed(let untypable): return .finished(untypable: untypable)
                case .refused(let why): throw KeyboardControlError.refused(why)
                case .event, .clipboard, .keys: continue
                }
            }
            if let end, ContinuousClock.now >= end { return .interrupted(signal: interruptedBy ?? SIGINT, typed: nil) }
            var fds = [pollfd(fd: client.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            // No deadline yet: wait (-1) for a message or a signal; a timeout of 0 spun a core while the keyboard typed.
            _ = poll(&fds, 2, end.map { Self.milliseconds(until: $0) } ?? -1)
            if fds[1].revents & Int16(POLLIN) != 0 {
                var info = signalfd_siginfo()
                guard read(signals, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size else { continue }
                // A second signal while the keyboard is asked: leave at once (the window's destruction stops it).
                if let first = interruptedBy { return .interrupted(signal: first, typed: nil) }
                interruptedBy = Int32(info.ssi_signo)
                client.send(.stopTyping)
                end = ContinuousClock.now + .seconds(2)
            }
        }
    }

    /// Listens to the keyboard running on a display and calls `handler` with each
    /// event, until the keyboard goes away (then returns) or `handler` returns false.
    /// Typed text comes only when `keys` and the keyboard publishes it (`--publish-keys`).
    public static func listen(displayName: String?, keys: Bool, _ handler: (PublishedEvent) -> Bool) throws {
        let client = try channel(displayName: displayName)
        client.send(.subscribe(keys: keys))
        while true {
            switch client.nextMessage() {
            case .gone: return
            case .event(let published): if !handler(published) { return }
            case .refused(let why): throw KeyboardControlError.refused(why)
            case .typed, .stoppedTyping, .clipboard, .keys: continue
            }
        }
    }

    /// Asks the keyboard running on a display to list or clear its clipboard
    /// history, and waits (at most `timeout`) for its entries, newest first.
    public static func clipboard(_ request: ClipboardRequest, displayName: String?, timeout: Duration = .seconds(5)) throws -> [ClipboardEntry] {
        try ask(.clipboard(request), displayName: displayName, timeout: timeout,
                unanswered: { ClipboardUnanswered(display: $0) }) { if case .clipboard(let entries) = $0 { entries } else { nil } }
    }

    /// Asks the keyboard running on a display for the keys it shows now (`tapboard keys`): one JSON object.
    public static func keys(displayName: String?, timeout: Duration = .seconds(5)) throws -> String {
        try ask(.keys, displayName: displayName, timeout: timeout,
                unanswered: { _ in KeyboardControlError.refused("the keyboard did not answer 'keys' (one from before it had them?)") }) {
            if case .keys(let json) = $0 { json } else { nil }
        }
    }

    /// Sends a request the keyboard answers once, and waits (at most `timeout`)
    /// for the answer `pick` takes; the keyboard's refusal, its going, or
    /// `unanswered(display)` when time runs out, as errors.
    private static func ask<T>(_ request: ControlClientRequest, displayName: String?, timeout: Duration,
                               unanswered: (String) -> any Error, pick: (ControlMessage) -> T?) throws -> T {
        let client = try channel(displayName: displayName)
        client.send(request)
        let end = ContinuousClock.now + timeout
        var pfd = pollfd(fd: client.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            while let message = client.pendingMessage() {
                if let answer = pick(message) { return answer }
                switch message {
                case .gone: throw KeyboardControlError.notRunning(client.displayName)
                case .refused(let why): throw KeyboardControlError.refused(why)
                default: continue
                }
            }
            guard ContinuousClock.now < end else { throw unanswered(client.displayName) }
            _ = poll(&pfd, 1, Self.milliseconds(until: end))
        }
    }

    /// Tells the keyboard running on a display that a switch went down or up
    /// (`tapboard switch`); `down` nil: a press and its release. Nothing
    /// answers: a keyboard that is not scanning ignores it.
    public static func switchChanged(_ role: SwitchRole, down: Bool?, displayName: String?) throws {
        try deliver((down.map { [$0] } ?? [true, false]).map { .switchChanged(role, down: $0) }, displayName: displayName)
    }

    /// Sends a command to the keyboard running on a display (`$DISPLAY` when nil);
    /// for `quit`, waits until it has gone (at most `timeout`).
    public static func send(_ command: ControlCommand, displayName: String?, timeout: Duration = .seconds(5)) throws {
        guard command == .quit else { return try deliver([.command(command)], displayName: displayName, timeout: timeout) }
        let client = try channel(displayName: displayName)
        client.send(.command(command))
        let end = ContinuousClock.now + timeout
        var pfd = pollfd(fd: client.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            while let message = client.pendingMessage() {
                if message == .gone { return }
            }
            let now = ContinuousClock.now
            guard now < end else { throw KeyboardControlError.didNotQuit(client.displayName) }
            _ = poll(&pfd, 1, Self.milliseconds(until: end))
        }
    }

    /// Sends requests nothing answers, and waits (at most `timeout`) until the
    /// keyboard has taken them: the client's going must not lose them.
    public static func deliver(_ requests: [ControlClientRequest], displayName: String?, timeout: Duration = .seconds(5)) throws {
        let client = try channel(displayName: displayName)
        for request in requests { client.send(request) }
        guard client.delivered(within: timeout) else { throw KeyboardControlError.notTaken(client.displayName) }
    }
}

extension KeyboardControl {
    /// The time from now until `end`, in whole milliseconds rounded up, for `poll()` (never negative).
    static func milliseconds(until end: ContinuousClock.Instant) -> Int32 {
        let (seconds, attoseconds) = (end - ContinuousClock.now).components
        return Int32(clamping: max(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 0))
    }
}

/// A keyboard reached through its control channel went away, or would not quit.
public enum KeyboardControlError: BackendError, Equatable {
    /// No keyboard answers on the display (it went while asked).
    case notRunning(String)
    /// The keyboard was told to quit and is still there.
    case didNotQuit(String)
    /// The keyboard did not take a request in time (or went first).
    case notTaken(String)
    /// The keyboard could not read a request: why.
    case refused(String)

    /// A one-line message naming the display.
    public var description: String {
        switch self {
        case .notRunning(let name): "no tapboard is running on display \(printable(name))"
        case .didNotQuit(let name): "the tapboard on display \(printable(name)) was told to quit and is still running"
        case .notTaken(let name): "the tapboard on display \(printable(name)) did not take the request (busy, or gone)"
        case .refused(let why): "the running tapboard refused the request: \(why)"
        }
    }

    /// 1: the keyboard, not the command line, is what failed.
    public var exitStatus: Int32 { 1 }
}
