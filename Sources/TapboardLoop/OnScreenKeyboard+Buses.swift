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

    /// Follows the focus through this accessibility client, its connection in the loop.
    func join(_ accessibility: AccessibilityFocus) {
        self.accessibility = accessibility
        transport.announceAccessibilityBus(accessibility.busAddress)
        let fd = accessibility.fileDescriptor
        loop.add(fd) { [unowned self] in self.accessibilityReadable(fd) }
    }

    /// Auto-show turned on or off while running (`WindowChange.followFocus`):
    /// the accessibility bus joined or left. A display server that tells the
    /// focus itself (a Wayland compositor's input method) is asked at start only.
    func followFocus(_ on: Bool) {
        guard focusSource == .accessibilityBus else {
            return logError("auto-show: \(serverName) tells the focus from the next start")
        }
        if on, accessibility == nil {
            do {
                join(try AccessibilityFocus())
            } catch {
                logError("auto-show: \(error); the keyboard does not follow the focus")
            }
        } else if !on, let accessibility {
            loop.remove(accessibility.fileDescriptor)
            self.accessibility = nil
        }
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
        followTabletMode(on: bus)
        // Every published event but typed text goes out as a signal.
        dbus = (bus, observe { event in bus.publish(event) })
    }

    /// The icon in the panel: a StatusNotifierItem where the session bus has a
    /// panel's watcher, else (X11) an icon in the XEmbed system tray, which
    /// waits for a tray. A click shows or hides the keyboard; its menu switches
    /// layouts and themes and quits. Its menu follows every published event.
    func showPanelIconWherever() {
        guard buses.panelIcon else { return }
        // No StatusNotifierItem (no session bus): the tray at once.
        if panelIcon == nil { inTray = transport is SystemTrayHosting }
        // Shown or hidden and the layout, not every key: the theme and auto-show update it where they change.
        panelIconFollows = observe(["didShow", "didHide", "layoutChanged"]) { [unowned self] _ in self.updatePanelIcon() }
        updatePanelIcon()
    }

    /// The StatusNotifierItem; in the tray meanwhile while no watcher has it
    /// (a panel that shows none, or none yet).
    private func showPanelIcon(on bus: DBusControl) {
        do {
            panelIcon = try PanelIcon(on: bus, act: { [unowned self] action in
                self.perform(self.session.handle(action.sessionInput, at: Clock.now()))
            }, registered: { [unowned self] registered in
                self.inTray = !registered && self.transport is SystemTrayHosting
                self.updatePanelIcon()
            })
        } catch {
            logError("\(error); running without the panel icon")
        }
    }

    /// KWin's tablet mode: a convertible opened into a laptop holds auto-show
    /// off (`HardwareKeys`). Nothing is said where KWin has none.
    private func followTabletMode(on bus: DBusControl) {
        do {
            tabletMode = try TabletMode(on: bus) { [unowned self] tablet in
                self.perform(self.session.handle(.tabletModeChanged(tablet), at: Clock.now()))
            }
        } catch {
            logError("\(error)")
        }
    }

    /// The icon's menu and tooltip for the keyboard as it is now, where the icon is.
    func updatePanelIcon() {
        let layouts = session.layouts.map(\.name)
        // The theme folders are read once, when the icon first needs them.
        if panelThemes == nil { panelThemes = themeNames?() ?? [] }
        // Auto-show where it can change at once, or be kept for the next start.
        let autoShow = focusSource == .accessibilityBus || changeSetting != nil ? session.followsFocus : nil
        let menu = PanelMenu(shown: isShown, layouts: layouts, layoutShown: layoutName, themes: panelThemes ?? [], themeShown: session.theme.name,
                             autoShow: autoShow)
        panelIcon?.update(menu, tooltip: (isShown ? "Shown" : "Hidden") + (layouts.count > 1 ? ", \(layoutName)" : ""))
        guard let tray = transport as? SystemTrayHosting else { return }
        if inTray { tray.showTrayIcon(menu, theme: session.theme) } else { tray.hideTrayIcon() }
    }

    /// Gives the D-Bus names and both connections up (the keyboard has left the display).
    func closeBuses() {
        tabletMode?.close()
        tabletMode = nil
        panelIconFollows = nil
        panelIcon?.close()
        panelIcon = nil
        dbus?.control.close()
        dbus = nil
        accessibility = nil
    }
}
