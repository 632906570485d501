import CX11
import TapboardCore
@testable import TapboardX11
import Testing

/// XInput2 events to contacts, read from events built as the server sends them
/// (no server here has a touch device, and XTest cannot make touch events).
struct TouchTranslationTests {
    private func event(detail: Int32, x: Double, y: Double, flags: Int32 = 0) -> XIDeviceEvent {
        var e = XIDeviceEvent()
        e.detail = detail
        e.event_x = x
        e.event_y = y
        e.flags = flags
        return e
    }

    @Test("Each touch is a contact with its own id; two fingers down at once stay apart")
    func touchesHaveIds() {
        var t = TouchTranslator()
        #expect(t.contact(type: XI_TouchBegin, event(detail: 7, x: 10.6, y: 20.2)) == .contact(.began, id: 8, point: Point(x: 10, y: 20)))
        #expect(t.contact(type: XI_TouchBegin, event(detail: 9, x: 50, y: 20)) == .contact(.began, id: 10, point: Point(x: 50, y: 20)))
        #expect(t.contact(type: XI_TouchUpdate, event(detail: 7, x: 12, y: 21)) == .contact(.moved, id: 8, point: Point(x: 12, y: 21)))
        #expect(t.contact(type: XI_TouchEnd, event(detail: 9, x: 51, y: 20)) == .contact(.ended, id: 10, point: Point(x: 51, y: 20)))
        #expect(t.contact(type: XI_TouchEnd, event(detail: 7, x: 12, y: 21)) == .contact(.ended, id: 8, point: Point(x: 12, y: 21)))
    }

    @Test("Pointer events the server emulates from a touch are dropped: one finger never types twice")
    func emulatedDropped() {
        var t = TouchTranslator()
        let emulated = Int32(XIPointerEmulated)
        #expect(t.contact(type: XI_ButtonPress, event(detail: 1, x: 5, y: 5, flags: emulated)) == nil)
        #expect(t.contact(type: XI_Motion, event(detail: 0, x: 6, y: 5, flags: emulated)) == nil)
        #expect(t.contact(type: XI_ButtonRelease, event(detail: 1, x: 6, y: 5, flags: emulated)) == nil)
    }

    @Test("The mouse's button 1 is the pointer contact; motion counts only while it is down; other buttons are none")
    func mouse() {
        var t = TouchTranslator()
        #expect(t.contact(type: XI_Motion, event(detail: 0, x: 1, y: 1)) == nil)
        #expect(t.contact(type: XI_ButtonPress, event(detail: 3, x: 1, y: 1)) == nil)
        #expect(t.contact(type: XI_ButtonPress, event(detail: 1, x: 2, y: 3)) == .contact(.began, id: .pointer, point: Point(x: 2, y: 3)))
        #expect(t.contact(type: XI_Motion, event(detail: 0, x: 4, y: 3)) == .contact(.moved, id: .pointer, point: Point(x: 4, y: 3)))
        #expect(t.contact(type: XI_ButtonRelease, event(detail: 1, x: 4, y: 3)) == .contact(.ended, id: .pointer, point: Point(x: 4, y: 3)))
        #expect(t.contact(type: XI_Motion, event(detail: 0, x: 5, y: 3)) == nil)
    }
}
