import Foundation

/// The kiosk table in markdown: a row per keyboard, a column per application,
/// each cell the text that arrived, then footnotes for whatever was not measured
/// or was doubtful.
struct KioskTable {
    let rows: [KioskRow]
    let columns: [KioskColumn]
    let cells: [KioskCell]

    /// The table and its footnotes, lines.
    func render() -> [String] {
        var footnotes: [String] = []
        func mark(_ text: String) -> String {
            if let index = footnotes.firstIndex(of: text) { return "[\(index + 1)]" }
            footnotes.append(text)
            return "[\(footnotes.count)]"
        }
        var lines = ["| keyboard | " + columns.map(\.heading).joined(separator: " | ") + " |",
                     "|---|" + columns.map { _ in "---|" }.joined()]
        for row in rows {
            let texts = columns.map { column -> String in
                guard let cell = cells.first(where: { $0.row == row && $0.column == column }) else { return "" }
                var text: String
                if let arrived = cell.text {
                    text = arrived.isEmpty ? "empty" : Self.quoted(arrived)
                } else {
                    text = "— (\(cell.unmeasured ?? "not measured"))"
                }
                if cell.leftPressed == true {
                    text += " (left down: " + (cell.keysLeftDown + cell.modifiersLeft).joined(separator: ", ")
                        + (cell.buttonsLeftDown != 0 ? " button mask \(cell.buttonsLeftDown)" : "") + ")"
                }
                var marks: [String] = []
                if let failure = cell.failure { marks.append(mark("\(row.label), \(column.heading): \(failure)")) }
                for note in cell.notes { marks.append(mark(note)) }
                return text + (marks.isEmpty ? "" : " " + marks.joined())
            }
            lines.append("| \(row.label) | " + texts.joined(separator: " | ") + " |")
        }
        if !footnotes.isEmpty {
            lines.append("")
            lines += footnotes.enumerated().map { "[\($0.offset + 1)] \($0.element)" }
        }
        return lines
    }

    /// `"text"` with control characters escaped as Swift writes them, and `|` escaped for markdown.
    static func quoted(_ text: String) -> String {
        text.debugDescription.replacingOccurrences(of: "|", with: "\\|")
    }
}
