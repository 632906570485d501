import TapboardCore

/// The readings of characters in a Rime schema's dictionary (`中` → `zhong`),
/// most used first: the letters `tapboard type` taps before choosing a
/// candidate. Read from the dictionary's text (`NAME.dict.yaml`), which the
/// schema names under `translator/dictionary` (in the schema Rime built for
/// the user, where its includes are resolved).
struct RimeReadings {
    private var readings: [Character: [String]] = [:]

    /// The readings of the schema's dictionary; empty when a file is missing.
    init(schema: String, shared: String, user: String) {
        let built = [user + "/build/", shared + "/build/", shared + "/"].lazy.compactMap { Self.text(of: $0 + schema + ".schema.yaml") }.first
        guard let dictionary = built.flatMap(Self.dictionary(inSchema:)),
              let text = Self.text(of: user + "/" + dictionary + ".dict.yaml") ?? Self.text(of: shared + "/" + dictionary + ".dict.yaml")
        else { return }
        var weighted: [Character: [(code: String, weight: Double)]] = [:]
        var inEntries = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inEntries {
                inEntries = line == "..."
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, fields[0].count == 1, let character = fields[0].first, !fields[1].isEmpty,
                  fields[1].allSatisfy({ $0.isASCII && $0.isLetter }) else { continue }
            let weight = fields.count > 2 ? Double(fields[2].filter { $0 != "%" }) ?? 0 : 0
            weighted[character, default: []].append((String(fields[1]), weight))
        }
        readings = weighted.mapValues { $0.sorted { $0.weight > $1.weight }.map(\.code) }
    }

    func readings(of character: Character) -> [String] { readings[character] ?? [] }

    /// The dictionary a resolved schema's translator uses.
    static func dictionary(inSchema text: String) -> String? {
        var inTranslator = false
        for line in text.split(separator: "\n") {
            if !line.hasPrefix(" ") {
                inTranslator = line.hasPrefix("translator:")
                continue
            }
            guard inTranslator, line.hasPrefix("  dictionary:") else { continue }
            let name = line.dropFirst("  dictionary:".count).trimmingCharacters(in: " \"")
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// A file's text; nil when it cannot be read (a dictionary is a few megabytes).
    private static func text(of path: String) -> String? { try? FileLocations.read(path, limit: 16 << 20) }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
