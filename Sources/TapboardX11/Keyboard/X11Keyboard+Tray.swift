import TapboardCore

/// The keyboard's icon in an XEmbed system tray (`TrayIcon`), where the panel shows no StatusNotifierItem.
extension X11Keyboard: SystemTrayHosting {
    public func showTrayIcon(_ menu: PanelMenu, theme: Theme) { trayIcon.show(menu, theme: theme) }

    public func hideTrayIcon() { trayIcon.hide() }
}
