import TapboardCore
import TapboardDBus

/// The D-Bus session bus and the accessibility bus as sources of the
/// keyboard's loop: what they hear goes to the session, on the keyboard's thread.
extension OnScreenKeyboard {
    /// The accessibility connection is readable: the focus changes and caret
    /// reports it heard go to the session in order.
    func accessibilityReadable(_ fd: Int32) {
        guard let accessibility else { return }
        let (heard, connected) = accessibility.process()
        for input in heard { perform(session.handle(input, at: Clock.now())) }
        guard !connected else { return }
        logError("lost the accessibility bus; the keyboard no longer follows the focus")
        loop.remove(fd)
        self.accessibility = nil
    }

    /// The keyboard on the session bus, its connection in the loop; without a
    /// session bus (or with the names held elsewhere) one line, and none.
    func serveDBus() {
        let handlers = DBusControl.Handlers(
            request: { [unowned self] request, answer in self.handle(request, answer: answer) },
            visible: { [unowned self] in self.isShown },
            layout: { [unowned self] in self.layoutName },
            frame: { [unowned self] in self.frame })
        let bus: DBusControl
        do {
            bus = try DBusControl(handlers: handlers, replace: replace)
        } catch {
            logError("\(error); running without the D-Bus interface")
            return
        }
        let fd = bus.fileDescriptor
        loop.add(fd) { [unowned self] in
            if !bus.process() {
                logError("lost the D-Bus session bus; running without the D-Bus interface")
                self.loop.remove(fd)
            } else if bus.namesLost {
                logError("another tapboard took the D-Bus names over (--replace)")
                bus.close()
                self.loop.remove(fd)
            }
        }
        // Every published event but typed text goes out as a signal.
        dbus = (bus, observe { bus.publish($0) })
    }

    /// Gives the D-Bus names and both connections up (the keyboard has left the display).
    func closeBuses() {
        dbus?.control.close()
        dbus = nil
        accessibility = nil
    }
}
