import Testing
@testable import TapboardCore

/// Driving a `KeyboardState` by key identifiers, shared by the state machine's tests.
enum StateTesting {
    /// Where the test touches go (the state machine only passes points on to the delegate).
    static let here = Point(x: 5, y: 7)

    /// The index of the key with this identifier on the page shown.
    static func index(_ id: String, in state: KeyboardState,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try #require(state.page.keyIdentifiers.firstIndex(of: id),
                     "no key \(id) on page \(state.page.name)", sourceLocation: sourceLocation)
    }

    /// The key with this identifier on the page shown.
    static func key(_ id: String, in state: KeyboardState,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Key {
        state.page.keys[try index(id, in: state, sourceLocation: sourceLocation)]
    }

    /// Presses and releases a key (released 40 ms after `time`); the effects of both.
    @discardableResult
    static func tap(_ id: String, _ state: inout KeyboardState, at time: Duration,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> [Effect] {
        let i = try index(id, in: state, sourceLocation: sourceLocation)
        return state.handle(.touch(.began, point: here, key: i), at: time)
            + state.handle(.touch(.ended, point: here, key: i), at: time + .milliseconds(40))
    }
}
