/// What a scan settings file gives (`--scan-settings`, or `scan.yaml` in the
/// configuration directory): switch scanning's settings, its switches and device.
public struct ScanFileSettings: Hashable, Sendable {
    /// The settings, the defaults where the file says nothing.
    public var settings = ScanSettings()
    /// Whether the file names the mode (it then turns scanning on).
    public var namesMode = false
    /// Whether the file gives the first item's delay (else it is half the interval, whichever gives that).
    public var givesFirstItemDelay = false
    /// The switches as written (`select=F12, next=F11`), read once the mode is known.
    public var switches: String?
    /// The one device switches are taken from, by its XInput name.
    public var device: String?
    /// Whether that device is detached from the pointer while the keyboard runs.
    public var detachDevice = false

    /// The defaults.
    public init() {}
}

/// Reads scan settings files (YAML; the format is in README, "Switch scanning").
public enum ScanFile {
    static let fields = ["mode", "interval", "first-item-delay", "cycles", "hold", "flash", "switches", "device", "detach-device"]

    /// Decodes a scan settings file; every error names the file, line, column and field.
    public static func decode(_ text: String, file: String) throws(FileError) -> ScanFileSettings {
        let root = try YAMLValue.parse(text, file: file)
        _ = try root.fields(allowed: fields, "scan settings: a mapping of \(YAMLValue.oneOf(fields))")
        var out = ScanFileSettings()
        for (field, value) in try root.entries() {
            switch field {
            case "mode":
                let name = try value.string("auto, step or directed")
                guard let mode = ScanMode(rawValue: name) else { throw value.error("expected auto, step or directed, found '\(name)'") }
                out.settings.mode = mode
                out.namesMode = true
            case "interval": out.settings.interval = try milliseconds(value, "how long each row or key is highlighted", 100 ... 10_000)
            case "first-item-delay":
                out.settings.firstItemDelay = try milliseconds(value, "the first item's extra time", 0 ... 10_000)
                out.givesFirstItemDelay = true
            case "cycles":
                out.settings.cycles = Int(try whole(value, "how many times the rows are gone through before scanning stops", 1 ... 100))
            case "hold": out.settings.holdThreshold = try milliseconds(value, "how long a switch is held before it scans while held", 100 ... 10_000)
            case "flash": out.settings.flash = try milliseconds(value, "how long the selected key flashes", 0 ... 1_000)
            case "switches": out.switches = try value.string("switches like select=F12, next=button3")
            case "detach-device": out.detachDevice = try value.bool("true or false (whether the device stops moving the pointer)")
            default:
                let device = try value.string("a device name, as xinput list shows it")
                guard !device.isEmpty else { throw value.error("expected a device name, as xinput list shows it, found ''") }
                out.device = device
            }
        }
        if !out.givesFirstItemDelay { out.settings.firstItemDelay = out.settings.interval / 2 }
        return out
    }

    /// A whole number of milliseconds in a range.
    private static func milliseconds(_ value: YAMLValue, _ what: String, _ range: ClosedRange<Double>) throws(FileError) -> Duration {
        .milliseconds(Int(try whole(value, "\(what), in milliseconds", range)))
    }

    private static func whole(_ value: YAMLValue, _ what: String, _ range: ClosedRange<Double>) throws(FileError) -> Double {
        let n = try value.number(what)
        guard n == n.rounded(), range.contains(n) else {
            throw value.error("expected \(what): a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), found \(value.scalar ?? "\(n)")")
        }
        return n
    }
}
