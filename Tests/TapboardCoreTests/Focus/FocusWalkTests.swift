import Testing
import TapboardCore

/// The walk for the object focused before the keyboard started: which objects
/// it goes into and which it settles on, from the states they report.
struct FocusWalkTests {
    private static func states(_ numbers: Int...) -> UInt64 { numbers.reduce(0) { $0 | 1 << UInt64($1) } }
    // AT-SPI states: active 1, focusable 11, focused 12, showing 25, visible 30, manages-descendants 31.

    @Test("The desktop and every application are walked into whatever their states; only the active window is")
    func windows() {
        #expect(FocusWalk.step(depth: 0, states: 0, bestDepth: 0) == FocusWalk.Step(descend: true, focused: false))
        #expect(FocusWalk.step(depth: 1, states: 0, bestDepth: 0) == FocusWalk.Step(descend: true, focused: false))
        #expect(FocusWalk.step(depth: 2, states: Self.states(1, 25, 30), bestDepth: 0) == FocusWalk.Step(descend: true, focused: false))
        #expect(FocusWalk.step(depth: 2, states: Self.states(25, 30), bestDepth: 0) == FocusWalk.Step(descend: false, focused: false))
    }

    @Test("Inside a window: a hidden object is not walked and holds no focus; a showing focused one is found")
    func inside() {
        #expect(FocusWalk.step(depth: 3, states: Self.states(11, 12, 30), bestDepth: 0) == FocusWalk.Step(descend: false, focused: false))
        #expect(FocusWalk.step(depth: 4, states: Self.states(11, 12, 25, 30), bestDepth: 0) == FocusWalk.Step(descend: true, focused: true))
        #expect(FocusWalk.step(depth: 4, states: Self.states(11, 25, 30), bestDepth: 0) == FocusWalk.Step(descend: true, focused: false))
        // A focused window itself is not the field: only what is inside one.
        #expect(FocusWalk.step(depth: 2, states: Self.states(1, 12, 25), bestDepth: 0).focused == false)
    }

    @Test("The deepest focused object wins (a web page's document is focused around its field)")
    func deepest() {
        let focused = Self.states(11, 12, 25, 30)
        #expect(FocusWalk.step(depth: 5, states: focused, bestDepth: 4).focused)
        #expect(!FocusWalk.step(depth: 4, states: focused, bestDepth: 4).focused)
        #expect(!FocusWalk.step(depth: 3, states: focused, bestDepth: 6).focused)
    }

    @Test("A list that makes its items as they are asked is not walked into, though it may be the focused object")
    func managesDescendants() {
        let list = Self.states(11, 12, 25, 30, 31)
        #expect(FocusWalk.step(depth: 5, states: list, bestDepth: 0) == FocusWalk.Step(descend: false, focused: true))
    }
}
