import CTapboardConverters
import Glibc
import TapboardCore

/// Japanese through Anthy: romaji read as kana (`KanaReading`), the kana
/// converted; the strip offers the whole reading converted, then the first
/// segment's candidates, then the reading in hiragana and katakana. A choice
/// that covers part of the reading commits it and leaves the rest composed, as
/// phone keyboards do; space commits the first, return the kana as read.
final class AnthyEngine: ConversionEngine {
    private let context: OpaquePointer
    var applied: [CompositionAction] = []
    var committed = ""
    private var reading = KanaReading()
    /// The candidates for the reading, best first, each with how much of the
    /// reading it covers and the segments' choices Anthy learns from.
    private var candidates: [Candidate] = []

    private struct Candidate {
        var text: String
        /// Characters of the reading it covers, from the first.
        var covers: Int
        /// The segments' candidates chosen with it (segment, candidate), for Anthy to learn.
        var learned: [(Int32, Int32)]
    }
    private var page = 0

    static let pageSize = RimeEngine.pageSize

    /// A context keeping what Anthy learns under `home` (nil: Anthy's own, the user's ~/.anthy).
    init(home: String?) throws(ConverterError) {
        if let home { LibraryConverters.makeFolders(home) }
        var error = [CChar](repeating: 0, count: 256)
        guard let context = tb_anthy_new(home, &error, error.count) else {
            throw ConverterError(said: error)
        }
        self.context = context
    }

    deinit { tb_anthy_free(context) }

    func reset() {
        reading = KanaReading()
        candidates = []
        page = 0
    }

    func apply(_ action: CompositionAction) {
        switch action {
        case .key(let text):
            for character in text { reading.type(character) }
            convert()
        case .backspace:
            reading.backspace()
            convert()
        case .choose(let index):
            choose(page * Self.pageSize + index)
        case .page(let forward):
            page = max(0, min(page + (forward ? 1 : -1), (candidates.count - 1) / Self.pageSize))
        case .commit(let raw):
            if !raw, !candidates.isEmpty { choose(0) }
            committed += reading.asTyped
            reading = KanaReading()
            convert()
        }
    }

    func current() -> Composition {
        let shown = candidates.dropFirst(page * Self.pageSize).prefix(Self.pageSize).map(\.text)
        return Composition(committed: committed, preedit: reading.shown, candidates: shown,
                           hasNextPage: (page + 1) * Self.pageSize < candidates.count, hasPreviousPage: page > 0)
    }

    /// Commits a candidate; what it does not cover stays composed.
    private func choose(_ index: Int) {
        guard candidates.indices.contains(index) else { return }
        let chosen = candidates[index]
        for (segment, candidate) in chosen.learned { tb_anthy_learn(context, segment, candidate) }
        committed += chosen.text
        reading.dropFirst(chosen.covers)
        convert()
    }

    /// The candidates for the reading as it is now, from the first page.
    private func convert() {
        page = 0
        candidates = []
        let kana = reading.finished
        guard !kana.isEmpty else { return }
        var found: [Candidate] = []
        let segments = tb_anthy_convert(context, kana)
        if segments > 1 {
            let texts = (0 ..< segments).map { text(segment: $0, candidate: 0) }
            found.append(Candidate(text: texts.joined(), covers: kana.count, learned: (0 ..< segments).map { ($0, 0) }))
        }
        if segments > 0 {
            var length: Int32 = 0
            let count = tb_anthy_segment(context, 0, &length)
            for candidate in 0 ..< count {
                found.append(Candidate(text: text(segment: 0, candidate: candidate), covers: Int(length), learned: segments == 1 ? [(Int32(0), candidate)] : []))
            }
        }
        found.append(Candidate(text: kana, covers: kana.count, learned: []))
        found.append(Candidate(text: KanaReading.katakana(kana), covers: kana.count, learned: []))
        var seen: Set<String> = []
        candidates = found.filter { !$0.text.isEmpty && seen.insert($0.text).inserted }
    }

    private func text(segment: Int32, candidate: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        guard tb_anthy_candidate(context, segment, candidate, &buffer, buffer.count) != 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
