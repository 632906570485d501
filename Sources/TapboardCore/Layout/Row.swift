/// A horizontal run of keys or of stacked rows.
public struct Row: Hashable, Sendable {
    /// One place in a row: a key, or rows stacked vertically in one column.
    public enum Item: Hashable, Sendable {
        /// A single key.
        case key(Key)
        /// Rows stacked top to bottom within one column of the given width.
        case stack([Row], width: KeyWidth)
    }

    /// The row's items, left to right.
    public var items: [Item]
    /// Extra space on each side of the row (the half-key indent of a phone's second row).
    public var inset: KeyWidth
    /// The row's height relative to its sibling rows.
    public var heightWeight: Double

    /// Makes a row of items.
    public init(_ items: [Item], inset: KeyWidth = .fixed(0), heightWeight: Double = 1) {
        self.items = items
        self.inset = inset
        self.heightWeight = heightWeight
    }

    /// Makes a row of keys.
    public init(keys: [Key], inset: KeyWidth = .fixed(0), heightWeight: Double = 1) {
        self.init(keys.map { Item.key($0) }, inset: inset, heightWeight: heightWeight)
    }

    /// Makes a row of character keys from a string, one key per character (`Row("qwertyuiop")`).
    public init(_ characters: String, inset: KeyWidth = .fixed(0)) {
        self.init(keys: characters.map { Key.character(String($0)) }, inset: inset)
    }

    /// Every key of the row, nested stacks included, in reading order.
    public var keys: [Key] {
        items.flatMap { item -> [Key] in
            switch item {
            case .key(let k): return [k]
            case .stack(let rows, _): return rows.flatMap(\.keys)
            }
        }
    }
}

/// A key or a run of items, so rows read as written: `[.shift(), Row("zxcvbnm"), .backspace()]`.
public protocol RowContent {
    /// The row items this value stands for.
    var rowItems: [Row.Item] { get }
}

extension Key: RowContent {
    /// The key as a single item.
    public var rowItems: [Row.Item] { [.key(self)] }
}

extension Row: RowContent {
    /// The row's items, spliced into the enclosing row.
    public var rowItems: [Row.Item] { items }
}

extension Row {
    /// Makes a row by splicing keys and runs of keys together.
    public init(_ parts: [any RowContent], inset: KeyWidth = .fixed(0), heightWeight: Double = 1) {
        self.init(parts.flatMap(\.rowItems), inset: inset, heightWeight: heightWeight)
    }
}
