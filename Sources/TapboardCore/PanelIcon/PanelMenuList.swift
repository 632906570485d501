/// The panel icon's menu as the keyboard draws it itself, for a tray that
/// shows no menus (the XEmbed system tray): one column of rows, each submenu
/// open under its heading, rows tall enough for a finger.
public struct PanelMenuList: Equatable, Sendable {
    /// One row of the list.
    public struct Row: Equatable, Sendable {
        /// What a row is.
        public enum Kind: Equatable, Sendable {
            /// An item to choose, by its id in the menu.
            case item(Int32)
            /// A submenu's name, above its items.
            case heading
            /// A line between groups.
            case separator
        }

        public var kind: Kind
        /// Its text (empty for a separator).
        public var label: String
        /// What is drawn before the text: ✓ or • for an item that is on, nothing else.
        public var mark: String
        /// Whether it is an item of a submenu (drawn further in).
        public var indented: Bool
        /// Where it is in the list.
        public var frame: Rect
    }

    /// The rows, top down.
    public private(set) var rows: [Row] = []
    /// The list's size.
    public private(set) var size = Size(width: 0, height: 0)

    /// The menu's rows, `rowHeight` tall (a separator a quarter of it), as wide
    /// as the widest text measured by `width` needs.
    public init(_ menu: PanelMenu, rowHeight: Int, width: (String) -> Int) {
        let parents = Set(menu.items.map(\.parent))
        var y = 0, widest = 0
        for item in menu.items {
            let kind: Row.Kind
            let height: Int
            if item.label == nil {
                kind = .separator
                height = max(rowHeight / 4, 3)
            } else {
                kind = parents.contains(item.id) ? .heading : .item(item.id)
                height = rowHeight
            }
            let mark = !item.on ? "" : item.toggle == .radio ? "•" : item.toggle == .checkmark ? "✓" : ""
            let row = Row(kind: kind, label: item.label ?? "", mark: mark, indented: item.parent != 0, frame: Rect(x: 0, y: y, width: 0, height: height))
            widest = max(widest, Self.textLeft(row, rowHeight: rowHeight) + width(row.label))
            rows.append(row)
            y += height
        }
        let full = widest + rowHeight / 2
        for i in rows.indices { rows[i].frame.width = full }
        size = Size(width: full, height: y)
    }

    /// The text's pixel size on a screen of `dpi` dots per inch (16 at 96),
    /// and the rows' height: a finger's.
    public static func sizes(dpi: Double) -> (pixelSize: Int, rowHeight: Int) {
        let pixelSize = max(12, Int((16 * dpi / 96).rounded()))
        return (pixelSize, pixelSize * 5 / 2)
    }

    /// Where a row's text starts: after room for a mark, further for an item of a submenu.
    public static func textLeft(_ row: Row, rowHeight: Int) -> Int {
        rowHeight * (row.indented ? 3 : 2) / 2
    }

    /// The item at a point of the list (headings and separators are none).
    public func item(at point: Point) -> Int32? {
        for row in rows where row.frame.contains(point) {
            if case .item(let id) = row.kind { return id }
        }
        return nil
    }

    /// Where a list of `size` goes for an icon at `icon` on a screen of
    /// `screen`: below the icon in the screen's top half, above it in the
    /// bottom half, its left edge under the icon's, kept on the screen.
    public static func frame(size: Size, icon: Rect, screen: Size) -> Rect {
        let below = icon.y + icon.height / 2 < screen.height / 2
        let y = below ? icon.y + icon.height : icon.y - size.height
        let x = min(max(icon.x, 0), max(screen.width - size.width, 0))
        return Rect(x: x, y: min(max(y, 0), max(screen.height - size.height, 0)), width: size.width, height: size.height)
    }
}
