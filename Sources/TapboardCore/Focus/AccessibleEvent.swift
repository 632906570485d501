/// The words the accessibility client (AT-SPI on its own bus) and
/// `AccessibleFocusTracker` speak: what the client relays (signals from the
/// applications, answers to requests) and what the tracker asks it to send.
/// The client decides nothing; these are plain values.

/// An object on the accessibility bus: the bus name of its application's
/// connection and its object path.
public struct AccessibleObject: Hashable, Sendable {
    /// The application's connection (`:1.42`).
    public var sender: String
    /// The object's path in it (`/org/a11y/atspi/accessible/12`).
    public var path: String

    /// Makes an object.
    public init(sender: String, path: String) {
        self.sender = sender; self.path = path
    }

    /// The id a field made from it gets (`FocusedField.id`, `CaretText.fieldID`): bus name and path together.
    public var id: String { sender + path }
}

/// What can be asked of an object; the answer comes back as an `AccessibleAnswer`.
public enum AccessibleQuestion: Hashable, Sendable {
    /// The process behind the object's connection (asked of the bus itself).
    case process
    /// Its AT-SPI role (`Accessible.GetRole`).
    case role
    /// Its AT-SPI state set (`Accessible.GetState`).
    case states
    /// Where it is on the screen (`Component.GetExtents`).
    case extents
    /// Its children (`Accessible.GetChildren`).
    case children
    /// Where its caret is, in characters (the `Text` interface's `CaretOffset`).
    case caretOffset
    /// Its text between two character offsets (`Text.GetText`).
    case text(from: Int, to: Int)
}

/// A request for the client to send, under an id its answer comes back with.
public struct AccessibleRequest: Hashable, Sendable {
    /// The id the answer carries (`AccessibleEvent.answered`).
    public var id: UInt64
    /// Whom it is asked of.
    public var object: AccessibleObject
    /// What is asked.
    public var question: AccessibleQuestion

    /// Makes a request.
    public init(id: UInt64, object: AccessibleObject, question: AccessibleQuestion) {
        self.id = id; self.object = object; self.question = question
    }
}

/// An answer, of the kind its question asked for.
public enum AccessibleAnswer: Hashable, Sendable {
    /// The process id behind a connection.
    case process(UInt32)
    /// An AT-SPI role number.
    case role(UInt32)
    /// An AT-SPI state set: bit n for state n.
    case states(UInt64)
    /// Extents on the screen, as reported (perhaps empty).
    case extents(Rect)
    /// Children, in order (some perhaps the null object).
    case children([AccessibleObject])
    /// A caret offset in characters (negative: none).
    case caretOffset(Int)
    /// Text (a part of the object's).
    case text(String)
    /// An error came back, the request could not be sent, or the answer was not of the kind asked.
    case failed
}

/// What the accessibility client relays: a signal as it arrived, or an answer.
public enum AccessibleEvent: Hashable, Sendable {
    /// `object:state-changed:focused`: the object gained (or lost) the focus.
    case focusedStateChanged(AccessibleObject, gained: Bool)
    /// `focus:`, which some toolkits (Qt) send rather than a state change: the object gained the focus.
    case focused(AccessibleObject)
    /// `object:bounds-changed`: the object moved or changed size.
    case boundsChanged(AccessibleObject)
    /// `object:text-caret-moved`: the object's caret is now at `offset`.
    case caretMoved(AccessibleObject, offset: Int)
    /// The answer to the request with this id.
    case answered(request: UInt64, AccessibleAnswer)
}
