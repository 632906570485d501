import Testing
@testable import TapboardCore

@Suite("Scan settings files and switch lists")
struct ScanFileTests {
    @Test("A file's values, the defaults for the rest")
    func values() throws {
        let read = try ScanFile.decode("mode: step\ninterval: 800\ncycles: 4\nswitches: next=F11, select=F12\ndevice: \"USB Switch\"\ndetach-device: true\n",
                                       file: "scan.yaml")
        #expect(read.settings.mode == .step && read.namesMode)
        #expect(read.settings.interval == .milliseconds(800) && read.settings.cycles == 4)
        #expect(read.settings.firstItemDelay == .milliseconds(400), "half the interval when not given")
        #expect(read.switches == "next=F11, select=F12" && read.device == "USB Switch" && read.detachDevice)
        #expect(!(try ScanFile.decode("detach-device: False\n", file: "scan.yaml")).detachDevice)
        #expect(!(try ScanFile.decode("interval: 900\n", file: "scan.yaml")).namesMode)
    }

    @Test("Each mistake named with its file, line and field", arguments: [
        ("mode: fast\n", "scan.yaml:1:7: mode: expected auto, step or directed, found 'fast'"),
        ("interval: 50\n", "scan.yaml:1:11: interval: expected how long each row or key is highlighted, in milliseconds: a whole number from 100 to 10000, found 50"),
        ("cycles: 1.5\n", "scan.yaml:1:9: cycles: expected how many times the rows are gone through before scanning stops: a whole number from 1 to 100, found 1.5"),
        ("speed: 3\n", "scan.yaml:1:1: unknown field 'speed'; expected mode, interval, first-item-delay, cycles, hold, flash, switches, device or detach-device"),
        ("detach-device: yes\n", "scan.yaml:1:16: detach-device: expected true or false (whether the device stops moving the pointer), found 'yes'"),
    ])
    func errors(_ text: String, _ message: String) {
        #expect(throws: FileError.self) { try ScanFile.decode(text, file: "scan.yaml") }
        do {
            _ = try ScanFile.decode(text, file: "scan.yaml")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("Switches named or in the mode's order; keysyms and buttons")
    func switches() throws {
        #expect(try SwitchBinding.parse("F12", mode: .auto) == [SwitchBinding(.select, .key(KeySymbol("F12")))])
        #expect(try SwitchBinding.parse("button3", mode: .auto) == [SwitchBinding(.select, .button(3))])
        #expect(try SwitchBinding.parse("F11, F12", mode: .step) == [SwitchBinding(.next, .key(KeySymbol("F11"))), SwitchBinding(.select, .key(KeySymbol("F12")))])
        #expect(try SwitchBinding.parse("select=F12,next=button1", mode: .step)
            == [SwitchBinding(.select, .key(KeySymbol("F12"))), SwitchBinding(.next, .button(1))])
        #expect(try SwitchBinding.parse("Right,Down,Return", mode: .directed).map(\.role) == [.right, .down, .select])
    }

    @Test("Lists refused with what is wrong", arguments: [
        ("", "'': expected switches separated by commas, each a keysym (F12) or a button (button3), perhaps named: select=F12"),
        ("F12,", "'F12,': expected switches separated by commas, each a keysym (F12) or a button (button3), perhaps named: select=F12"),
        ("go=F12", "'go=F12': no switch role 'go'; expected select, next, up, down, left, right"),
        ("F1,F2", "'F2': auto scan takes at most one switch unless they are named"),
        ("F12", "'F12': step scan needs two switches, next and select"),
        ("button0", "'button0': buttons are numbered 1 to 255"),
        ("F1;", "'F1;': expected a keysym name like F12, space or KP_Enter, or a button like button3"),
        ("F1,select=F1", "'F1' is given twice"),
    ])
    func refused(_ text: String, _ message: String) {
        let mode: ScanMode = text == "F12" ? .step : .auto
        #expect(throws: SwitchBindingError(message)) { try SwitchBinding.parse(text, mode: mode) }
    }
}
