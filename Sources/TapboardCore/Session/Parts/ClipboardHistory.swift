/// One text of the clipboard history.
public struct ClipboardEntry: Hashable, Sendable, Identifiable {
    /// An entry's id: stable while the keyboard runs, whatever moves around it.
    public typealias ID = Int

    /// Which entry (never reused in a run).
    public let id: ID
    /// The text, as kept (`ClipboardHistory.kept`).
    public let text: String
    /// Pinned: never pushed out by newer texts.
    public var pinned: Bool

    /// Makes an entry.
    public init(id: ID, text: String, pinned: Bool = false) {
        self.id = id; self.text = text; self.pinned = pinned
    }
}

/// The texts last copied to the clipboard, newest first, kept so a page of the
/// keyboard can type one again: at most `maximumUnpinned` unpinned ones (the
/// oldest go first), pinned ones besides, each text once (copied again, it
/// moves to the top). A value: no clock, no I/O; its file is `text()`.
public struct ClipboardHistory: Hashable, Sendable {
    /// At most this many unpinned entries are kept; pinned ones are never pushed out.
    public static let maximumUnpinned = 20
    /// A longer text is kept cut to its first 4,096 Unicode scalars (ending on a
    /// whole character): an entry is typed back as keystrokes, and 4,096 of them
    /// already take seconds; a dump of megabytes would be neither typeable nor worth keeping.
    public static let maximumScalars = 4_096

    /// The entries, newest first.
    public private(set) var entries: [ClipboardEntry] = []
    /// The id the next new entry gets.
    private var nextID: ClipboardEntry.ID = 1

    /// An empty history.
    public init() {}

    /// A history of these texts, newest first, with fresh ids (a file read: `init(text:)`).
    init(texts: [(text: String, pinned: Bool)]) {
        for (text, pinned) in texts.reversed() {
            add(text)
            if pinned, let id = entries.first?.id { setPinned(true, id: id) }
        }
    }

    /// Whether nothing is kept.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entry with this id, if it is still kept.
    public func entry(id: ClipboardEntry.ID) -> ClipboardEntry? { entries.first { $0.id == id } }

    /// A text as it would be kept: nil when it is empty or only white space
    /// (nothing to type), else cut to `maximumScalars`.
    public static func kept(_ text: String) -> String? {
        let cut = cut(text)
        return cut.allSatisfy(\.isWhitespace) ? nil : cut
    }

    /// The first `maximumScalars` scalars of a text, on a character boundary
    /// (a flag or an accented letter is not split), unless a single character
    /// is longer than that: then on a scalar boundary.
    static func cut(_ text: String) -> String {
        guard text.unicodeScalars.count > maximumScalars else { return text }
        var count = 0
        var end = text.startIndex
        for index in text.indices {
            let scalars = text[index].unicodeScalars.count
            if count + scalars > maximumScalars { break }
            count += scalars
            end = text.index(after: index)
        }
        if end == text.startIndex {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: text.unicodeScalars.prefix(maximumScalars))
            return String(scalars)
        }
        return String(text[..<end])
    }

    /// A text was copied: kept on top (`kept`); one kept already moves there,
    /// pinned or not. Whether the history changed.
    @discardableResult
    public mutating func add(_ text: String) -> Bool {
        guard let text = Self.kept(text) else { return false }
        if let index = entries.firstIndex(where: { $0.text == text }) {
            guard index > 0 else { return false }
            entries.insert(entries.remove(at: index), at: 0)
            return true
        }
        entries.insert(ClipboardEntry(id: nextID, text: text), at: 0)
        nextID += 1
        trim()
        return true
    }

    /// Pins an entry (never pushed out) or unpins it (then the oldest unpinned
    /// entry past the bound goes, perhaps this one). Whether anything changed.
    @discardableResult
    public mutating func setPinned(_ pinned: Bool, id: ClipboardEntry.ID) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }), entries[index].pinned != pinned else { return false }
        entries[index].pinned = pinned
        trim()
        return true
    }

    /// Deletes an entry; whether it was there.
    @discardableResult
    public mutating func delete(id: ClipboardEntry.ID) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Deletes every entry, pinned ones too; whether there were any. Ids are not reused.
    @discardableResult
    public mutating func clear() -> Bool {
        guard !entries.isEmpty else { return false }
        entries = []
        return true
    }

    /// This history (read from its file) with the texts of a newer one
    /// (copied before the file was read) on top, in their order, pinned as they
    /// are there; ids as in the newer one, this one's entries new ids.
    public func merged(under newer: ClipboardHistory) -> ClipboardHistory {
        var out = newer
        let older = entries.filter { entry in !newer.entries.contains { $0.text == entry.text } }
        for entry in older {
            out.entries.append(ClipboardEntry(id: out.nextID, text: entry.text, pinned: entry.pinned))
            out.nextID += 1
        }
        out.trim()
        return out
    }

    /// Drops the oldest unpinned entries past `maximumUnpinned`.
    private mutating func trim() {
        var unpinned = 0
        var kept: [ClipboardEntry] = []
        kept.reserveCapacity(entries.count)
        for entry in entries {
            if !entry.pinned {
                unpinned += 1
                if unpinned > Self.maximumUnpinned { continue }
            }
            kept.append(entry)
        }
        if kept.count != entries.count { entries = kept }
    }
}
