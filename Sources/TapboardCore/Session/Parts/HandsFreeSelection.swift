/// Selecting keys without tapping them: switch scanning (`--scan`) and dwell
/// (`--dwell`), what each keeps between inputs, and the marks they last had drawn.
struct HandsFreeSelection: Sendable {
    /// Switch scanning, nil when off.
    var scanner: SwitchScanner?
    /// The key a switch selected, tapped when that switch is let go (`switchChanged`).
    var switchSelection: (role: SwitchRole, key: ScanKey)?
    /// The keys scanning highlighted when last published (`PublishedEvent.scan`).
    var publishedScan: [String] = []
    /// Dwell selection, nil when off.
    var dwell: DwellPointer?
    /// Where the pointer rests (window pixels), for dwell; nil out of the window.
    var hoverPoint: Point?
    /// The keys drawn with a mark, by index, to draw again those whose mark changed.
    var drawnMarks: [Int: KeyHighlight] = [:]

    init(scan: ScanSettings?, dwell: Duration?) {
        scanner = scan.map(SwitchScanner.init)
        self.dwell = dwell.map(DwellPointer.init)
    }

    /// Whether either is on: when neither is, nothing of this runs.
    var isOn: Bool { scanner != nil || dwell != nil }

    /// The earliest time either needs to be woken at (asked before every wait: nothing allocated).
    var nextDeadline: Duration? {
        switch (scanner?.nextDeadline, dwell?.nextDeadline) {
        case let (scan?, dwell?): min(scan, dwell)
        case let (scan, dwell): scan ?? dwell
        }
    }
}
