/// What a control client asks of the keyboard: the one vocabulary of
/// `tapboard show|hide|toggle|quit|forget|type|events|clipboard|switch`, of the
/// D-Bus methods and of anything else that drives a running keyboard. Every
/// transport carries it as its line (`ControlLine`); a new request is a case
/// here, its line in `ControlLine+Request.swift`, its input in `sessionInput`.
public enum ControlClientRequest: Hashable, Sendable {
    /// Show, hide, toggle, quit, forget.
    case command(ControlCommand)
    /// Tap the keys for this text, `delay` apart; answered with `ControlMessage.typed`.
    case type(String, delay: Duration)
    /// Stop the typing asked for; answered with `ControlMessage.stoppedTyping`.
    case stopTyping
    /// Send the published events (typed text too when `keys`).
    case subscribe(keys: Bool)
    /// List or clear the clipboard history; answered with `ControlMessage.clipboard`.
    case clipboard(ClipboardRequest)
    /// A switch went down or up (`tapboard switch`, run by a compositor's or
    /// window manager's key binding where the keyboard cannot grab the key itself).
    case switchChanged(SwitchRole, down: Bool)
    /// The keys shown now, with their frames; answered with `ControlMessage.keys`.
    case keys
    /// Show this layout (one of those given), as its layout key would (the panel icon's menu).
    case layout(String)

    /// The longest `type` delay a request may ask for.
    public static let longestDelay: Duration = .seconds(10)

    /// What the session is told of this request from `requester` (an id the
    /// transport gives its client: an X window, a socket's number). For
    /// `subscribe`, `listenerAdded`: the transport keeps its listeners itself.
    public func sessionInput(requester: UInt64) -> SessionInput {
        switch self {
        case .command(let command): .control(.command(command))
        case .type(let text, let delay): .control(.type(text, delay: delay, requester: requester))
        case .stopTyping: .control(.stopTyping(requester: requester, requesterGone: false))
        case .subscribe: .listenerAdded
        case .clipboard(let request): .control(.clipboard(request, requester: requester))
        case .switchChanged(let role, let down): .switchChanged(role, down: down)
        case .keys: .control(.keys(requester: requester))
        case .layout(let name): .control(.layout(name))
        }
    }

    /// Whether the keyboard answers this request (so the requester must stay to hear it).
    public var isAnswered: Bool {
        switch self {
        case .type, .stopTyping, .subscribe, .clipboard, .keys: true
        case .command, .switchChanged, .layout: false
        }
    }
}

/// What a control client (`tapboard show`, `type`, `events`) hears from the keyboard.
public enum ControlMessage: Hashable, Sendable {
    /// It has gone (quit, or killed).
    case gone
    /// It typed the text asked for; these characters have no key on the layout shown.
    case typed(untypable: [Character])
    /// It stopped typing when asked to, after `typed` characters.
    case stoppedTyping(typed: Int)
    /// A published event (after subscribing).
    case event(PublishedEvent)
    /// The clipboard history's entries, newest first (the answer to `tapboard clipboard`).
    case clipboard([ClipboardEntry])
    /// The keys shown, as one JSON object (the answer to `tapboard keys`; `LayoutDump.shown`).
    case keys(String)
    /// It could not read a request: what was wrong with it (`ControlLineError`).
    case refused(String)
}
