import Testing
@testable import TapboardCore

/// `FocusFollower`: on a server with no window manager, the focus goes to the
/// application window the pointer last entered and stays there while the pointer
/// is on the keyboard; a focus set by anyone else is theirs.
struct FocusFollowerTests {
    let app: UInt64 = 0x40_0001, other: UInt64 = 0x60_0001

    @Test("focus following the pointer: the window entered gets it, and keeps it")
    func pointerRootGivesFocus() {
        var follower = FocusFollower(windowManagerRuns: false)
        #expect(follower.pointerEntered(app, focus: .pointer) == .focus(app))
        #expect(follower.given == app)
        // Entered again (the keyboard hid from over it): already there.
        #expect(follower.pointerEntered(app, focus: .window(app)) == nil)
        // Another application: the focus follows the pointer to it.
        #expect(follower.pointerEntered(other, focus: .window(app)) == .focus(other))
        #expect(follower.given == other)
    }

    @Test("no focus at all (None) is given too")
    func noneGivesFocus() {
        var follower = FocusFollower(windowManagerRuns: false)
        #expect(follower.pointerEntered(app, focus: .none) == .focus(app))
    }

    @Test("a focus a client set itself is left alone, and followed again once it reverts")
    func clientsFocusIsTheirs() {
        var follower = FocusFollower(windowManagerRuns: false)
        _ = follower.pointerEntered(app, focus: .pointer)
        // The other client gave itself the focus when clicked (Qt, Chromium do).
        #expect(follower.pointerEntered(app, focus: .window(other)) == nil)
        #expect(follower.atExit(focus: .window(other)) == nil)
        // Its window went away and the focus reverted to the pointer.
        follower.windowGone(other)
        #expect(follower.pointerEntered(app, focus: .pointer) == .focus(app))
    }

    @Test("a window manager owns the focus: nothing is done while one runs")
    func windowManagerOwnsFocus() {
        var follower = FocusFollower(windowManagerRuns: true)
        #expect(follower.pointerEntered(app, focus: .pointer) == nil)
        #expect(follower.given == nil)
        follower.windowManagerChanged(runs: false)
        #expect(follower.pointerEntered(app, focus: .pointer) == .focus(app))
        // One starts: it decides from now on, and nothing is given back at exit.
        follower.windowManagerChanged(runs: true)
        #expect(follower.pointerEntered(other, focus: .window(app)) == nil)
        #expect(follower.atExit(focus: .window(app)) == nil)
    }

    @Test("at exit the focus given goes back to the pointer; a focus moved since is not touched")
    func exitGivesBack() {
        var follower = FocusFollower(windowManagerRuns: false)
        _ = follower.pointerEntered(app, focus: .pointer)
        #expect(follower.atExit(focus: .window(app)) == .pointerRoot)
        #expect(follower.atExit(focus: .window(other)) == nil)
        #expect(follower.atExit(focus: .pointer) == nil)
    }

    @Test("a focus an earlier keyboard gave (it was killed) is the follower's own")
    func inheritsAKilledKeyboardsFocus() {
        var follower = FocusFollower(windowManagerRuns: false, given: app)
        #expect(follower.pointerEntered(other, focus: .window(app)) == .focus(other))
        #expect(follower.atExit(focus: .window(other)) == .pointerRoot)
    }

    @Test("the window given going away forgets it: a later focus on that id is someone else's")
    func windowGoneForgets() {
        var follower = FocusFollower(windowManagerRuns: false)
        _ = follower.pointerEntered(app, focus: .pointer)
        follower.windowGone(other)
        #expect(follower.given == app)
        follower.windowGone(app)
        #expect(follower.given == nil)
        #expect(follower.pointerEntered(other, focus: .window(app)) == nil)
    }
}
