/// A contact drawing a word across the letters without lifting.
struct SwipeGesture: Hashable, Sendable {
    /// The contact drawing it.
    var contact: ContactID
    /// Where it went, in window pixels, since its press.
    var points: [GesturePoint]
    /// It went far enough to be a gesture: the state no longer sees the contact.
    var recognised = false

    /// The contact is at `p` now (a point where it already was adds nothing).
    mutating func add(_ p: GesturePoint) {
        if points.last.map({ $0.x != p.x || $0.y != p.y }) ?? true { points.append(p) }
    }
}

/// A word typed by a gesture, while nothing else was typed after it.
struct SwipedWord: Hashable, Sendable {
    /// What was typed: the word, after a space when one was needed.
    var typed: String
    /// The word itself.
    var word: String
    /// The next likeliest words, for the strip: tapping one replaces the word.
    var alternatives: [String]
    /// Its keystroke has gone through the strip's engine (not only planned).
    var sent = false
}

/// Swipe typing's own state: the contact that is or may become a gesture, a
/// decoder per language kept up with the keys, gestures waiting for their
/// words, and the word the last gesture typed.
struct SwipeTyping: Sendable {
    /// What a contact's move was to the gesture.
    enum Move: Equatable {
        /// Not a gesture's contact, or not one yet: the state sees the move.
        case notGesture
        /// It became a gesture with this move: the state lets go of the contact.
        case recognised
        /// A gesture going on.
        case drawing
    }

    /// The contact that is or may become a gesture.
    private(set) var gesture: SwipeGesture?
    /// A decoder per language, made at the first gesture.
    private var decoders: [String: SwipeDecoder] = [:]
    /// The layout generation and size the decoders' keys are for.
    private var framesFor: (generation: Int, size: Size)?
    /// Gestures that ended before the words they are read against came.
    private var waiting: [SwipeGesture] = []
    /// The word the last gesture typed, while nothing followed it.
    private(set) var swiped: SwipedWord?
    /// The gesture's trail over the keys.
    private var trail = GestureTrail()

    /// When the trail is drawn next (its next frame, or taken away).
    var trailDeadline: Duration? { trail.deadline }

    /// The gesture went on: its trail is drawn now, or at the next frame's time.
    mutating func trailMoved(_ out: inout Outbox) {
        if trail.moved(now: out.now) { trail.draw(gesture, &out) }
    }

    /// No gesture goes on: its trail goes once the word's keystrokes are out (the next wake).
    mutating func endTrail(now: Duration) { trail.end(now: now) }

    /// Draws the trail of the gesture's recent part, or takes it away when none goes on.
    mutating func drawTrail(_ out: inout Outbox) { trail.draw(gesture, &out) }

    /// A contact landed: a gesture going on ends as if it lifted (returned, to
    /// be read); the contact may begin one when `mayBegin`.
    mutating func began(_ contact: ContactID, at p: GesturePoint, mayBegin: Bool) -> SwipeGesture? {
        let ended = gesture.flatMap { $0.recognised ? $0 : nil }
        gesture = mayBegin ? SwipeGesture(contact: contact, points: [p]) : nil
        return ended
    }

    /// A contact moved. `keys`: the letters' places, when the words may be read
    /// (nil: no gesture can be told; one is given up unless `waitingForWords`).
    mutating func moved(_ contact: ContactID, to p: GesturePoint, keys: SwipeKeys?, waitingForWords: Bool) -> Move {
        guard var g = gesture, g.contact == contact else { return .notGesture }
        g.add(p)
        gesture = g
        if g.recognised { return .drawing }
        guard let keys else {
            if !waitingForWords { gesture = nil }
            return .notGesture
        }
        guard keys.isGesture(g.points) else { return .notGesture }
        gesture?.recognised = true
        return .recognised
    }

    /// A callout opened by a long press: the contact chooses an alternate, it draws nothing.
    mutating func abandon() { gesture = nil }

    /// A contact lifted or was cancelled: the gesture it drew, if it was one (`at`: its last point, when lifted).
    mutating func ended(_ contact: ContactID, at p: GesturePoint?) -> SwipeGesture?? {
        guard var g = gesture, g.contact == contact else { return nil }
        gesture = nil
        guard g.recognised else { return .some(nil) }
        if let p { g.add(p) }
        return .some(g)
    }

    /// A gesture that cannot be read until its words come.
    mutating func wait(_ g: SwipeGesture) { waiting.append(g) }

    /// Whether gestures wait for their words: contacts after them wait too (`hold`),
    /// or a tap's letter would go ahead of the word drawn before it.
    var hasWaiting: Bool { !waiting.isEmpty }

    /// Contacts that came while gestures waited for their words, in order.
    private var held: [(phase: TouchPhase, id: ContactID, point: Point)] = []

    /// Keeps a contact until the gestures before it are read.
    mutating func hold(_ phase: TouchPhase, id: ContactID, at point: Point) { held.append((phase, id, point)) }

    /// The contacts held, taken to be handled now.
    mutating func takeHeld() -> [(phase: TouchPhase, id: ContactID, point: Point)] {
        defer { held = [] }
        return held
    }

    /// The gestures that waited for their words, taken to be read.
    mutating func takeWaiting() -> [SwipeGesture] {
        defer { waiting = [] }
        return waiting
    }

    /// The decoder for a language, made with its lexicon and kept up with the keys' frames.
    mutating func decoder(for language: String, lexicon: Lexicon, frames: [KeyFrame], generation: Int, size: Size) -> SwipeDecoder {
        if var decoder = decoders[language] {
            if framesFor.map({ $0 != (generation, size) }) ?? true {
                decoder.update(frames: frames)
                decoders[language] = decoder
                framesFor = (generation, size)
            }
            return decoder
        }
        let decoder = SwipeDecoder(lexicon: lexicon, frames: frames)
        decoders[language] = decoder
        framesFor = (generation, size)
        return decoder
    }

    /// The words the release will read, built while the finger still moves.
    mutating func prepare(_ language: String, startingAt start: GesturePoint) {
        _ = decoders[language]?.prepare(startingAt: start)
    }

    /// A decoder, after it read a gesture (it keeps what it built).
    mutating func keep(_ decoder: SwipeDecoder, for language: String) { decoders[language] = decoder }

    /// A gesture typed this word.
    mutating func typed(_ word: SwipedWord) { swiped = word }

    /// The swiped word's own keystroke went through the strip's engine.
    mutating func sent() { swiped?.sent = true }

    /// Something else followed the swiped word.
    mutating func forgetWord() { swiped = nil }
}

/// A gesture's trail over the keys: drawn at most once a frame, taken away
/// once the word's keystrokes are out.
struct GestureTrail: Sendable {
    /// Trail frames at most this often: one a 60 Hz frame.
    static let interval: Duration = .milliseconds(16)
    /// How much of the path the trail shows, its oldest part fading.
    static let span: Duration = .milliseconds(500)

    /// When the trail was last drawn (nil: none shows).
    private var drawnAt: Duration?
    /// When the trail is drawn next (its next frame, or taken away).
    private(set) var deadline: Duration?

    /// The gesture went on: whether to draw now (else at the next frame's time).
    mutating func moved(now: Duration) -> Bool {
        if let last = drawnAt, now - last < Self.interval {
            if deadline == nil { deadline = last + Self.interval }
            return false
        }
        return true
    }

    /// The gesture ended: its trail goes once the word's keystrokes are out (the next wake).
    mutating func end(now: Duration) {
        if drawnAt != nil { deadline = now }
    }

    /// Draws the trail of a gesture's recent part, or takes it away when none goes on.
    mutating func draw(_ gesture: SwipeGesture?, _ out: inout Outbox) {
        deadline = nil
        guard let g = gesture, g.recognised else {
            if drawnAt != nil { out.emit(.draw(.trail([]))) }
            drawnAt = nil
            return
        }
        drawnAt = out.now
        // Measured back from the newest point, not from now: a frame drawn late (a
        // stalled keyboard, a finger held still) still shows where the path went.
        let newest = g.points.last?.time ?? out.now
        let recent = g.points.drop { newest - $0.time > Self.span }
        out.emit(.draw(.trail(recent.map { Point(x: Int($0.x.rounded()), y: Int($0.y.rounded())) })))
    }
}
