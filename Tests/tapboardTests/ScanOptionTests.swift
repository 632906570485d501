import Foundation
import Testing
import TapboardCore
@testable import TapboardStart
import TapboardTestKit

/// Switch scanning's options as the start reads them, on X11 and on Wayland,
/// where the switches are the compositor's key bindings (`tapboard switch`).
@Suite("switch scanning's options")
struct ScanOptionTests {
    /// The configuration the options give, on Wayland or not; the settings file named is the scratch one.
    private func configured(_ arguments: [String], wayland: Bool, file: String) throws -> KeyboardConfiguration {
        var configuration = KeyboardConfiguration()
        try RunOptions(parsing: arguments + ["--scan-settings", file]).scanSetup(into: &configuration, wayland: wayland)
        return configuration
    }

    @Test("On Wayland --scan needs no switch and a settings file's switches are passed over; on X11 --scan still needs them")
    func waylandTakesScanWithoutSwitches() throws {
        let scratch = try ScratchDirectory()
        let file = scratch.path("scan.yaml")
        try "interval: 700\n".write(toFile: file, atomically: true, encoding: .utf8)
        let wayland = try configured(["--scan", "step"], wayland: true, file: file)
        #expect(wayland.scan?.mode == .step && wayland.scan?.interval == .milliseconds(700))
        #expect(wayland.switches.isEmpty && wayland.switchDevice == nil && !wayland.detachSwitchDevice)
        #expect(throws: UserError.self) { try configured(["--scan", "step"], wayland: false, file: file) }

        try "mode: auto\nswitches: select=F12\ndevice: USB Switch\ndetach-device: true\n".write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try configured([], wayland: true, file: file)
        #expect(fromFile.scan?.mode == .auto)
        #expect(fromFile.switches.isEmpty && fromFile.switchDevice == nil && !fromFile.detachSwitchDevice)
        let onX = try configured([], wayland: false, file: file)
        #expect(onX.switches == [SwitchBinding(.select, .key(KeySymbol("F12")))] && onX.switchDevice == "USB Switch" && onX.detachSwitchDevice)
    }

    @Test("On Wayland --switch, --switch-device and --detach-switch-device are refused, naming the option and saying to bind tapboard switch",
          arguments: [["--switch", "select=F12"], ["--switch-device", "USB Switch"], ["--detach-switch-device"]])
    func waylandRefusesSwitchOptions(options: [String]) throws {
        let scratch = try ScratchDirectory()
        let file = scratch.path("scan.yaml")
        try "interval: 1000\n".write(toFile: file, atomically: true, encoding: .utf8)
        do {
            _ = try configured(["--scan", "auto"] + options, wayland: true, file: file)
            Issue.record("\(options) taken on Wayland")
        } catch let error as UserError {
            #expect(error.description.hasPrefix(options[0] + ": on Wayland"), "\(error)")
            #expect(error.description.contains("tapboard switch select down"), "\(error)")
        }
    }
}
