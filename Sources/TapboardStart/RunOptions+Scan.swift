import Glibc
import TapboardCatalog
import TapboardCore

extension RunOptions {
    /// Switch scanning's settings from the scan settings file and the command
    /// line (which wins), into the configuration: on when `--scan` is given or
    /// the file names a mode. A bad file or switch list is an error naming it.
    /// On Wayland no client can take keys from the seat: the switches are the
    /// compositor's key bindings running `tapboard switch`, so `--switch` and
    /// its device are refused there, and a file's (written for X) are passed over.
    func scanSetup(into configuration: inout KeyboardConfiguration, wayland: Bool = false) throws {
        if wayland, let given = switches != nil ? "--switch" : switchDevice != nil ? "--switch-device" : detachSwitchDevice ? "--detach-switch-device" : nil {
            throw UserError(description: "\(given): on Wayland the keyboard cannot take keys from the seat; bind the switch keys in the compositor "
                + "to run tapboard switch instead (sway: bindsym --no-repeat F12 exec tapboard switch select down, "
                + "and bindsym --release F12 exec tapboard switch select up)")
        }
        let path = scanSettings ?? FileLocations.configDirectory(kind: "scan.yaml", environment: FileLocations.environment)
        var file = ScanFileSettings()
        if let path, scanSettings != nil || access(path, F_OK) == 0 {
            file = try ScanFile.decode(try FileLocations.read(path), file: path)
        }
        guard let mode = scan ?? (file.namesMode ? file.settings.mode : nil) else {
            if switches != nil || switchDevice != nil || detachSwitchDevice || scanInterval != nil {
                throw UserError(description: "--switch, --switch-device, --detach-switch-device and --scan-interval need --scan (auto, step or directed)")
            }
            return
        }
        var settings = file.settings
        settings.mode = mode
        if let scanInterval {
            settings.interval = .milliseconds(scanInterval)
            if !file.givesFirstItemDelay { settings.firstItemDelay = settings.interval / 2 }
        }
        if wayland {
            configuration.scan = settings
            return
        }
        guard let list = switches ?? file.switches else {
            throw UserError(description: "--scan \(mode.rawValue) needs switches: --switch with a keysym (F12) or a button (button3)"
                + (mode == .auto ? "" : mode == .step ? ", two of them (next, select)" : ", arrows and select"))
        }
        do {
            configuration.switches = try SwitchBinding.parse(list, mode: mode)
        } catch {
            throw UserError(description: "--switch \(error)")
        }
        configuration.scan = settings
        configuration.switchDevice = switchDevice ?? file.device
        configuration.detachSwitchDevice = detachSwitchDevice || file.detachDevice
        if configuration.detachSwitchDevice, configuration.switchDevice == nil {
            throw UserError(description: "--detach-switch-device needs the device: --switch-device NAME (or device: in the scan settings)")
        }
    }
}
