import Foundation

/// An application of the tests' that reports on itself in JSON lines: where its
/// widgets are (`places`), each field's text when it changes (`text`, `value`)
/// and each widget taking the focus (`focus`).
public protocol FieldReports: AnyObject {
    /// Where each widget is on the screen.
    var places: [String: WindowPlacement] { get }
    /// Its reports so far, one JSON object each, in order.
    var reports: [[String: Any]] { get }
}

extension FieldReports {
    /// The centre of a widget on the screen.
    public func centre(_ name: String) -> ScreenPoint {
        let p = places[name]!
        return ScreenPoint(x: Int32(p.x + p.width / 2), y: Int32(p.y + p.height / 2))
    }

    /// A field's text as last reported.
    public func text(_ field: String) -> String {
        reports.last { $0["text"] as? String == field }?["value"] as? String ?? ""
    }

    /// The widget that last took the focus, as reported.
    public var focused: String? {
        reports.last { $0["focus"] != nil }?["focus"] as? String
    }
}
