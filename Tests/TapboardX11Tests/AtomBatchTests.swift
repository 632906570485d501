import CX11
@testable import TapboardX11
import TapboardTestKit
import Testing

/// Atoms interned together (a start's: one round trip, not one each).
struct AtomBatchTests {
    @Test("A batch sends each name once, fills Xlib's own cache (WM_PROTOCOLS is then no request), and gives the atoms interned one at a time")
    func batchIsCached() throws {
        let xvfb = try Xvfb()
        let display = try XDisplay.open(name: xvfb.displayName)
        let names = XDisplay.windowAtoms + ["_TAPBOARD_TEST_ATOM", "WM_PROTOCOLS"]
        let before = XNextRequest(display.pointer)
        display.internAtoms(names)
        let after = XNextRequest(display.pointer)
        // Each name once (WM_PROTOCOLS is in the list twice).
        #expect(after - before == UInt(Set(names).count))
        // XSetWMProtocols looks up WM_PROTOCOLS through Xlib's own cache, which the batch filled.
        _ = XInternAtom(display.pointer, "WM_PROTOCOLS", 0)
        #expect(XNextRequest(display.pointer) == after, "Xlib asked the server for WM_PROTOCOLS again")
        // The same atoms as a connection that interns them one at a time.
        let other = try XDisplay.open(name: xvfb.displayName)
        for name in names { #expect(other.atom(name) == display.atom(name), "\(name)") }
        // The count is the requests' own: a name not asked for yet is one.
        _ = display.atom("_TAPBOARD_TEST_LATER")
        #expect(XNextRequest(display.pointer) == after + 1)
    }
}
