import CX11
import Foundation
import TapboardCore
import TapboardTestKit
import Testing

/// The X control window's wire, written by hand as another client would: the
/// same `ControlLine` lines the Wayland socket carries, in window properties.
@Suite("The X control window's lines", .serialized)
struct ControlWindowTests {
    let desktop: Desktop

    init() throws { desktop = try Desktop() }

    @Test("Lines appended to a window's _TAPBOARD_REQUEST are read as tapboard's own; a wrong one is answered in _TAPBOARD_ANSWER with what is wrong, and the next still done")
    func handWrittenLines() throws {
        let keyboard = try desktop.launchKeyboard()
        let watch = try MapWatch(desktop.xvfb.displayName, window: keyboard.window)
        #expect(watch.mapped)
        let display = try XConnection.open(desktop.xvfb.displayName)
        defer { XCloseDisplay(display) }
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        let owner = XGetSelectionOwner(display, atom("_TAPBOARD_S0"))
        try #require(owner != 0)
        let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        var lines = Array("switch jump down\ncommand hide\n".utf8)
        XChangeProperty(display, window, atom("_TAPBOARD_REQUEST"), atom("UTF8_STRING"), 8, PropModeAppend, &lines, Int32(lines.count))
        var ring = XEvent()
        ring.xclient.type = ClientMessage
        ring.xclient.window = owner
        ring.xclient.message_type = atom("_TAPBOARD_COMMAND")
        ring.xclient.format = 32
        ring.xclient.data.l.1 = Int(bitPattern: UInt(window))
        XSendEvent(display, owner, 0, 0, &ring)
        XFlush(display)
        let answerAtom = atom("_TAPBOARD_ANSWER")
        var answered = false
        _ = XConnection.pump(display, until: Deadline(.seconds(5)), handle: { e in
            if e.type == PropertyNotify, e.xproperty.atom == answerAtom, e.xproperty.state == PropertyNewValue { answered = true }
        }, done: { answered })
        #expect(answered)
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, window, answerAtom, 0, 4096, 1, Atom(AnyPropertyType), &type, &format, &count, &after, &data)
        let text = data.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(count)), as: UTF8.self) } ?? ""
        if let data { XFree(data) }
        let wrong = ControlLineError.badField(verb: "switch", field: "role", value: "jump", expected: "select, next, up, down, left or right")
        #expect(ControlLine.lines(text).map { ControlLine.message($0) } == [.refused(wrong.description)])
        #expect(watch.waitUntil(mapped: false), "command hide was not done")
        #expect(keyboard.terminate() == .exited(0))
    }
}
