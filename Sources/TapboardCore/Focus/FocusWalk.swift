/// The walk for the object that has the focus when the keyboard starts, which
/// no event tells: the accessibility bus's tree, from the registry's desktop
/// through the applications and their windows into what is in them, each
/// object asked its states (bit n for AT-SPI state n, the numbers of
/// at-spi2-core's `atspi-constants.h`). The accessibility client asks; what it
/// goes into and which object it settles on is decided here.
public enum FocusWalk {
    /// The AT-SPI states that count.
    public enum State {
        /// STATE_ACTIVE: the window the user works in.
        public static let active = 1
        /// STATE_FOCUSED: it has the focus within its window.
        public static let focused = 12
        /// STATE_SHOWING: it is on the screen.
        public static let showing = 25
        /// STATE_MANAGES_DESCENDANTS: it makes its children as they are asked (a long list).
        public static let managesDescendants = 31
    }

    /// The depth of the applications' windows below the desktop (the desktop 0, an application 1).
    public static let windowDepth = 2
    /// The depth from which objects are inside a window.
    public static let insideDepth = 3

    /// What the walk does at one object.
    public struct Step: Equatable, Sendable {
        /// Its children are asked next.
        public var descend: Bool
        /// It is the focused object the walk settles on, unless a deeper one is found.
        public var focused: Bool

        /// Makes a step.
        public init(descend: Bool, focused: Bool) {
            self.descend = descend
            self.focused = focused
        }
    }

    /// The step at an object `depth` levels below the desktop with these
    /// states, when the focused object found so far lies at `bestDepth` (0 for none).
    public static func step(depth: Int, states: UInt64, bestDepth: Int) -> Step {
        func has(_ state: Int) -> Bool { states >> UInt64(state) & 1 == 1 }
        // A window other than the active one keeps a focused widget that does not
        // have the keyboard's focus, and a hidden object holds no focus.
        let walked = depth == windowDepth ? has(State.active) : depth >= insideDepth ? has(State.showing) : true
        // A web page's document is focused around its field: the deepest focused object is the one.
        let focused = walked && depth >= insideDepth && has(State.focused) && depth > bestDepth
        // A list that makes its items as they are asked is not walked.
        return Step(descend: walked && !has(State.managesDescendants), focused: focused)
    }
}
