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
        if buses.panelIcon { showPanelIcon(on: bus) }
        // Every published event but typed text goes out as a signal; the icon's menu follows.
        dbus = (bus, observe { [unowned self] event in
            bus.publish(event)
            self.updatePanelIcon()
        })
    }

    /// The icon in the panel: a click shows or hides the keyboard, its menu switches layouts and quits.
    /// Quiet when no panel shows such icons: most desktops without one have none.
    private func showPanelIcon(on bus: DBusControl) {
        do {
            panelIcon = try PanelIcon(on: bus, act: { [unowned self] action in
                switch action {
                case .toggleKeyboard: self.perform(.toggle)
                case .layout(let name): self.handle(.layout(name)) { _ in }
                case .theme(let name): self.changeSetting("theme", to: name)
                case .quit: self.perform(.quit)
                }
            }, registered: { _ in })
        } catch {
            logError("\(error); running without the panel icon")
            return
        }
        updatePanelIcon()
    }

    /// The icon's menu and tooltip for the keyboard as it is now.
    func updatePanelIcon() {
        guard let panelIcon else { return }
        let layouts = session.layouts.map(\.name)
        // The theme folders are read once, when the icon first needs them.
        if panelThemes == nil { panelThemes = themeNames?() ?? [] }
        panelIcon.update(PanelMenu(shown: isShown, layouts: layouts, layoutShown: layoutName, themes: panelThemes ?? [], themeShown: session.theme.name),
                         tooltip: (isShown ? "Shown" : "Hidden") + (layouts.count > 1 ? ", \(layoutName)" : ""))
    }

    /// Keeps a change of a setting in the settings file and shows it (the files
    /// read again, as on SIGHUP); a change that cannot be kept is logged, and nothing changes.
    func changeSetting(_ name: String, to value: String?) {
        guard let changeSetting else { return logError("\(name): nothing is kept in secure mode") }
        do {
            try changeSetting(name, value)
        } catch {
            return logError("\(name): \(error); nothing changed")
        }
        reloadAndShow()
    }

    /// Gives the D-Bus names and both connections up (the keyboard has left the display).
    func closeBuses() {
        panelIcon?.close()
        panelIcon = nil
        dbus?.control.close()
        dbus = nil
        accessibility = nil
    }
}
