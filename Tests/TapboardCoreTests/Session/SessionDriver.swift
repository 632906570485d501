import Testing
@testable import TapboardCore

/// A transport for tests: carries out a session's commands as the X side would
/// (`.type` answered at once, a move heard back as the window configured), with
/// time passed in, and keeps what happened.
struct SessionDriver {
    var session: KeyboardSession
    /// Every command, in the order carried out (answers' commands in place).
    var commands: [Command] = []
    /// What was typed, with when.
    var typed: [(keystroke: Keystroke, at: Duration)] = []
    /// What the settings page offers, as the loop would read it (nil: no answer), and what it asked.
    var settingsChoices: SettingsChoices?
    var settingsRequests: [SettingsRequest] = []
    var published: [PublishedEvent] = []
    /// What each `Command.foresee` said, in order.
    var foreseen: [[Keystroke]] = []
    var logs: [String] = []
    var mapped = false
    var exitStatus: Int32?
    /// Characters that need a keycode not free before this time (what the injector would answer).
    var keycodeFreeAt: [String: Duration] = [:]
    /// The window's frame as the server has it; moves are heard back at the next input.
    var serverFrame: Rect
    private var configureDue = false
    /// Where the strip's files are read and kept (`Command.files`).
    let storage: (any SuggestionStorage)?
    /// Languages read, shared by the copies `send` makes: the storage reads each once.
    private let loaded = LoadedFiles()
    /// Whether learned words go to the storage: not from a copy that checks another's commands.
    private var keepsFiles = true

    private final class LoadedFiles: @unchecked Sendable {
        var answers: [String: (answer: SessionInput?, notes: [String])] = [:]
    }

    /// The session for a configuration on a screen, started at `time`; `storage` answers its file requests.
    init(_ configuration: KeyboardConfiguration = KeyboardConfiguration(), storage: (any SuggestionStorage)? = nil,
         screen: ScreenInfo = ScreenInfo(size: Size(width: 400, height: 700)), at time: Duration = .seconds(1)) throws {
        self.storage = storage
        session = try KeyboardSession(configuration, screen: screen)
        serverFrame = session.frame
        let started = session.start(at: time)
        log.append(LoggedBatch(inputs: [], at: time, typedAhead: false, commands: started))
        perform(started, at: time)
        deliverConfigure(at: time)
    }

    /// Whether a tap's letter is typed ahead of the rest of its batch when the session offers it, as the X side does.
    var typesAhead = true
    /// Keep a language's files, read, until `deliverLoads` (a reader thread still at work).
    var holdsLoads = false
    private var heldLoads: [SessionInput] = []
    /// Batches whose keystroke was typed ahead of the rest (`KeyboardSession.handle(_:at:typeAhead:)`).
    var typedAheadCount = 0

    /// Handles inputs as one batch at a time (a move asked for earlier is heard first).
    /// A keystroke the session offers ahead goes first, as on the X side; the same
    /// batch is then also handled without typing ahead, by a copy, and the two
    /// must agree: the same keystrokes typed, then the same commands.
    mutating func send(_ inputs: [SessionInput], at time: Duration) {
        deliverConfigure(at: time)
        guard typesAhead else {
            perform(handle(inputs, at: time), at: time)
            return
        }
        var plain = self
        plain.keepsFiles = false
        let start = commands.count
        plain.perform(plain.session.handle(inputs, at: time), at: time)
        // The X side types ahead only what needs no keycode it must wait for.
        let free = keycodeFreeAt
        var ahead: Keystroke?
        let list = session.handle(inputs, at: time) { keystroke in
            if case .text(let t) = keystroke, let at = free[t], at > time { return false }
            ahead = keystroke
            return true
        }
        log.append(LoggedBatch(inputs: inputs, at: time, typedAhead: ahead != nil, commands: list))
        if let ahead {
            typed.append((ahead, time))
            typedAheadCount += 1
        }
        perform(list, at: time)
        #expect(text == plain.text, "typed ahead: \(String(describing: ahead))")
        let asked = commands[start...].filter { if case .type = $0 { false } else { true } }
        let plainAsked = plain.commands[start...].filter { if case .type = $0 { false } else { true } }
        #expect(asked == plainAsked, "typed ahead: \(String(describing: ahead))")
        #expect(published == plain.published && logs == plain.logs)
    }

    mutating func send(_ input: SessionInput, at time: Duration) { send([input], at: time) }

    /// When the keycode a keystroke needs is free, if not before `time`.
    func keycodeFree(_ keystroke: Keystroke, at time: Duration) -> Duration? {
        if case .text(let t) = keystroke, let free = keycodeFreeAt[t], free > time { free } else { nil }
    }

    /// Lets time pass up to `time`, waking at each deadline as the loop does.
    mutating func run(until time: Duration) {
        while let due = session.nextDeadline, due <= time {
            send(.deadlinePassed, at: due)
        }
        deliverConfigure(at: time)
    }

    /// The centre of a key of the page shown, in window pixels.
    func centre(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Point {
        try #require(session.keyFrames.first { $0.id == id }, "no key \(id)", sourceLocation: sourceLocation).rect.center
    }

    /// A contact on a key.
    mutating func contact(_ phase: TouchPhase, _ id: String, contact: ContactID = .pointer, at time: Duration,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        send(.contact(phase, id: contact, point: try centre(id, sourceLocation: sourceLocation)), at: time)
    }

    /// Press and release of the pointer on a key, read as one batch (a quick tap).
    mutating func tap(_ id: String, at time: Duration, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let p = try centre(id, sourceLocation: sourceLocation)
        send([.contact(.began, id: .pointer, point: p), .contact(.ended, id: .pointer, point: p)], at: time)
    }

    /// The text typed so far (keysyms by name in brackets).
    var text: String {
        typed.map {
            switch $0.keystroke {
            case .text(let t): return t
            case .keysym(let k): return "[\(k.name)]"
            case .chord(let m, let k): return "[\(m)+\(k)]"
            }
        }.joined()
    }

    /// The frame events published, by name.
    var frameEvents: [String] { published.map(\.name).filter { $0 != "key" && $0 != "pageChanged" && $0 != "layoutChanged" } }

    /// A batch the session was handed, and what it answered: replayed, a session must answer the same.
    struct LoggedBatch {
        var inputs: [SessionInput]
        var at: Duration
        /// Its keystroke was typed ahead (`handle(_:at:typeAhead:)` offered it, and it went).
        var typedAhead: Bool
        var commands: [Command]
    }

    /// Every batch handed to the session, in order (the start's commands first, with no inputs).
    private(set) var log: [LoggedBatch] = []

    /// Hands the session a batch, logged.
    private mutating func handle(_ inputs: [SessionInput], at time: Duration) -> [Command] {
        let commands = session.handle(inputs, at: time)
        log.append(LoggedBatch(inputs: inputs, at: time, typedAhead: false, commands: commands))
        return commands
    }

    /// Hands the session the files held back (`holdsLoads`).
    mutating func deliverLoads(at time: Duration) {
        let loads = heldLoads
        heldLoads = []
        for answer in loads { perform(handle([answer], at: time), at: time) }
    }

    private mutating func deliverConfigure(at time: Duration) {
        guard configureDue else { return }
        configureDue = false
        perform(handle([.windowConfigured(serverFrame)], at: time), at: time)
    }

    private mutating func perform(_ list: [Command], at time: Duration) {
        // A language's files come after the commands they were asked with, as on the X side.
        var answers: [SessionInput] = []
        defer { for answer in answers { perform(handle([answer], at: time), at: time) } }
        for command in list {
            commands.append(command)
            switch command {
            case .type(let keystrokes, let waiting):
                var count = 0
                var ready: Duration?
                for k in keystrokes {
                    if waiting, let free = keycodeFree(k, at: time) {
                        ready = free
                        break
                    }
                    typed.append((k, time))
                    count += 1
                }
                perform(handle([.injected(typed: count, readyAt: ready)], at: time), at: time)
            case .window(.map): mapped = true
            case .window(.unmap): mapped = false
            case .window(.move(let p)):
                serverFrame.x = p.x; serverFrame.y = p.y
                configureDue = true
            case .window(.place(let r)):
                serverFrame = r
                configureDue = true
            case .publish(let e): published.append(e)
            case .foresee(let keystrokes): foreseen.append(keystrokes)
            case .log(let line): logs.append(line)
            case .files(let request):
                guard let storage else { break }
                if case .load(let language) = request {
                    let done = loaded.answers[language] ?? storage.carryOut(request)
                    loaded.answers[language] = done
                    logs += done.notes
                    if let answer = done.answer { if holdsLoads { heldLoads.append(answer) } else { answers.append(answer) } }
                } else if case .loadEmoji(let language) = request {
                    // Read once for the driver and the copy that checks it.
                    let done = loaded.answers["emoji:" + language] ?? storage.carryOut(request)
                    loaded.answers["emoji:" + language] = done
                    logs += done.notes
                    if let answer = done.answer { answers.append(answer) }
                } else if keepsFiles {
                    logs += storage.carryOut(request).notes
                }
            case .exit(let status): exitStatus = status
            case .settings(let request):
                settingsRequests.append(request)
                guard var choices = settingsChoices else { break }
                // As the loop: the change kept, the choices read again.
                if case .change(let name, let value) = request {
                    switch name {
                    case "theme": choices.theme = value
                    case "layouts": choices.chosen = value.split(separator: ",").map(String.init)
                    default: choices.flags[name] = value == "true"
                    }
                    settingsChoices = choices
                }
                answers.append(.settingsLoaded(choices))
            case .window, .draw, .notify, .run, .answer, .typingStopped, .clipboardFile, .reply:
                break
            }
        }
    }
}
