/// The emoji the keyboard offers, in Unicode's order and groups, with the
/// skin-tone variants each offers in its callout: read from the text
/// `scripts/make-emoji` writes (`# tapboard emoji 1`, then
/// `GROUP<TAB>EMOJI<TAB>VARIANTS` lines). Read when the emoji page first opens,
/// never at start.
public final class EmojiCatalog: @unchecked Sendable {
    /// A run of emoji under one heading (smileys, people, animals...).
    public struct Group: Hashable, Sendable {
        /// Its name in the file (`Smileys & Emotion`).
        public var name: String
        /// The indices of its emoji in `emoji`, those the fonts cannot draw left out.
        public var members: [Int]
    }

    /// Every emoji, in file order; an emoji's index is its position here.
    public let emoji: [String]
    /// Each emoji's skin-tone variants (none for most).
    public let variants: [[String]]
    /// The groups, in file order, each with the emoji offered.
    public let groups: [Group]
    /// Which emoji are offered: those the installed fonts can draw.
    public let offered: [Bool]
    /// An emoji's (or a variant's) index, a variant giving its base's.
    private let indices: [String: Int]

    /// The first line of the file.
    public static let header = "# tapboard emoji 1"

    /// Reads the file's text; a wrong header or line is an error naming the line.
    public convenience init(text: String) throws(LineError) {
        var emoji: [String] = [], variants: [[String]] = [], groupOf: [String] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            if number == 1 {
                guard line == Self.header else { throw LineError(line: 1, reason: "expected '\(Self.header)'") }
                continue
            }
            if line.isEmpty { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw LineError(line: number, reason: "expected GROUP<TAB>EMOJI<TAB>VARIANTS")
            }
            groupOf.append(String(fields[0]))
            emoji.append(String(fields[1]))
            variants.append(fields[2].split(separator: " ").map(String.init))
        }
        self.init(emoji: emoji, variants: variants, groupNames: groupOf, offered: Array(repeating: true, count: emoji.count))
    }

    private init(emoji: [String], variants: [[String]], groupNames: [String], offered: [Bool]) {
        self.emoji = emoji
        self.variants = variants
        self.offered = offered
        var groups: [Group] = []
        for (i, name) in groupNames.enumerated() {
            if groups.last?.name != name { groups.append(Group(name: name, members: [])) }
            if offered[i] { groups[groups.count - 1].members.append(i) }
        }
        self.groups = groups.filter { !$0.members.isEmpty }
        groupNamesKept = groupNames
        var indices: [String: Int] = [:]
        indices.reserveCapacity(emoji.count * 2)
        for (i, e) in emoji.enumerated() {
            indices[e] = i
            for v in variants[i] where indices[v] == nil { indices[v] = i }
        }
        self.indices = indices
    }

    /// The group of each emoji, kept to make a narrowed catalog.
    private let groupNamesKept: [String]

    /// How many emoji there are.
    public var count: Int { emoji.count }

    /// The index of an emoji, or of the emoji a variant belongs to.
    public func index(of emoji: some StringProtocol) -> Int? { indices[String(emoji)] }

    /// The same catalog offering only what `canDraw` accepts (asked once per
    /// emoji and per variant): an emoji the fonts cannot draw is not offered,
    /// nor is such a variant.
    public func offering(only canDraw: [String: Bool]) -> EmojiCatalog {
        let offered = emoji.indices.map { self.offered[$0] && canDraw[emoji[$0]] != false }
        let variants = self.variants.map { $0.filter { canDraw[$0] != false } }
        return EmojiCatalog(emoji: emoji, variants: variants, groupNames: groupNamesKept, offered: offered)
    }

    /// Every emoji and variant, for asking the fonts which they can draw.
    public var everything: [String] { emoji + variants.joined() }
}
