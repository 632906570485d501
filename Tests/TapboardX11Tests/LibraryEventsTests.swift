import Foundation
import TapboardCore
import TapboardControl
import TapboardLoop
import TapboardTestKit
import TapboardX11
import Testing

/// A Swift program's view of the keyboard's events: `observe` with names,
/// and `cancel()` stopping an observation.
@Suite("Library event observers", .serialized)
struct LibraryEventsTests {
    /// Events seen on the keyboard's thread, read from the test's.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) { lock.lock(); names.append(name); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return names }
    }

    /// Holds an observation for its own handler to cancel.
    final class ObservationBox: @unchecked Sendable {
        var observation: EventObservation?
    }

    /// Runs a keyboard in this process, on a thread of its own, until `quit`.
    final class Running: @unchecked Sendable {
        private var keyboard: OnScreenKeyboard?
        let done = DispatchSemaphore(value: 0)
        var status: Int32 = -1
        init(_ keyboard: OnScreenKeyboard) {
            self.keyboard = keyboard
            Thread {
                self.status = self.keyboard!.run()
                // Let go of it before saying so: the thread may outlive the test, and the
                // keyboard's connection must close before the test's server stops, or Xlib
                // reports the lost server and the keyboard's handler exits this process.
                self.keyboard = nil
                self.done.signal()
            }.start()
        }
    }

    @Test("observe(names) hears only those events, until cancelled")
    func observers() throws {
        try InProcessX.exclusive { try observe() }
    }

    private func observe() throws {
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let keyboard = try OnScreenKeyboard(KeyboardConfiguration(displayName: xvfb.displayName), backend: X11Backend())
        let frames = Seen(), all = Seen()
        let frameObservation = keyboard.observe(["willHide", "didHide", "willShow", "didShow"]) { frames.add($0.name) }
        // Cancelled from its own handler, on the keyboard's thread (the library is
        // single-threaded), once it has heard the second didShow.
        let allObservation = ObservationBox()
        allObservation.observation = keyboard.observe { event in
            all.add(event.name)
            if all.all.filter({ $0 == "didShow" }).count == 2 { allObservation.observation?.cancel() }
        }
        let running = Running(keyboard)
        /// Whether `name` was heard `count` times within 10 s.
        func heard(_ count: Int, _ name: String) -> Bool {
            Deadline.waitFor(.seconds(10)) { frames.all.filter { $0 == name }.count >= count }
        }
        #expect(heard(1, "didShow"))
        try KeyboardControl.send(.hide, displayName: xvfb.displayName)
        #expect(heard(1, "didHide"))
        try KeyboardControl.send(.show, displayName: xvfb.displayName)
        #expect(heard(2, "didShow"))
        try KeyboardControl.send(.hide, displayName: xvfb.displayName)
        #expect(heard(2, "didHide"))
        try KeyboardControl.send(.quit, displayName: xvfb.displayName)
        #expect(running.done.wait(timeout: .now() + 10) == .success)
        #expect(running.status == 0)
        #expect(frames.all == ["willShow", "didShow", "willHide", "didHide", "willShow", "didShow", "willHide", "didHide"])
        #expect(all.all == ["willShow", "didShow", "willHide", "didHide", "willShow", "didShow"],
                "an observer heard events after cancel()")
        frameObservation.cancel()
    }

    /// Hears the delegate's calls on the keyboard's thread.
    final class Listener: KeyboardDelegate, @unchecked Sendable {
        let seen = Seen()
        func keyPressStarted(_ key: Key) { seen.add("pressStarted") }
        func keyPressEnded(_ key: Key) { seen.add("pressEnded") }
        func touchesBegan(at point: Point) { seen.add("touchesBegan") }
        func touchesEnded(at point: Point) { seen.add("touchesEnded") }
    }

    @Test("A delegate set after the keyboard is made hears a tap on a key")
    func delegateHearsTap() throws {
        try InProcessX.exclusive { try tapHeard() }
    }

    private func tapHeard() throws {
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let keyboard = try OnScreenKeyboard(KeyboardConfiguration(displayName: xvfb.displayName), backend: X11Backend())
        // The session builds the delegate's events only once one is set.
        let listener = Listener()
        keyboard.delegate = listener
        let shown = Seen()
        nonisolated(unsafe) var frame: Rect?
        let observation = keyboard.observe(["didShow"]) { event in
            if case .frame(_, _, let end, _) = event { frame = end }
            shown.add(event.name)
        }
        let running = Running(keyboard)
        #expect(Deadline.waitFor(.seconds(10)) { shown.all.contains("didShow") })
        let end = try #require(frame)
        let tapper = try Tapper(displayName: xvfb.displayName)
        tapper.tap(ScreenPoint(x: Int32(end.x + end.width / 2), y: Int32(end.y + end.height / 2)))
        #expect(Deadline.waitFor(.seconds(10)) { listener.seen.all.contains("touchesEnded") })
        tapper.close()
        try KeyboardControl.send(.quit, displayName: xvfb.displayName)
        #expect(running.done.wait(timeout: .now() + 10) == .success)
        #expect(listener.seen.all == ["touchesBegan", "pressStarted", "pressEnded", "touchesEnded"])
        observation.cancel()
    }
}
