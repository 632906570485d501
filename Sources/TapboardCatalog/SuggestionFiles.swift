import Glibc
import Synchronization
import TapboardCore

/// The suggestion engine's files: lexicons (`LANG.txt`, mapped read-only when a
/// language's layout first needs them) with the word pairs beside them
/// (`LANG.pairs.txt`, when the language has some) and the words each language learned
/// (`$XDG_DATA_HOME/tapboard/learned-LANG.txt`, mode 0600, replaced atomically, with
/// the words learned since appended to `learned-LANG.journal` beside it).
public final class SuggestionFiles: SuggestionStorage {
    /// Where lexicons are looked for, first found first.
    public let lexiconDirectories: [String]
    /// Where learned words are kept.
    public let learnedDirectory: String?
    /// Lines to say, languages whose learned file could not be read (never written
    /// over), and those whose journal could not be written (said once).
    private let state = Mutex<(notes: [String], unreadable: Set<String>, unwritable: Set<String>)>(([], [], []))
    /// Each language's journal, kept open between appends: a word learned (at
    /// every space) is one `fstat` and one `write`, not an open (its path looked
    /// up), a seek, a write and a close (a tenth of the strip's CPU at a hand's
    /// pace went there).
    private let journals = Mutex<[String: Int32]>([:])

    /// The most a learned-words file may hold (its bounds make it a few MB at most).
    public static let maximumLearnedSize = 16 << 20
    /// Past this size a journal is folded into the whole (a few thousand words).
    public static let maximumJournalSize = 256 << 10

    /// Where the emoji list and its words are looked for, first found first.
    public let emojiDirectories: [String]

    /// Files in these places.
    public init(lexiconDirectories: [String], learnedDirectory: String?, emojiDirectories: [String] = []) {
        self.lexiconDirectories = lexiconDirectories
        self.learnedDirectory = learnedDirectory
        self.emojiDirectories = emojiDirectories
    }

    deinit { closeJournals() }

    /// The usual places: `$TAPBOARD_LEXICONS`, then `tapboard/lexicons` in the
    /// config directory, next to the installed binary and in `$XDG_DATA_DIRS`,
    /// then a source tree's `Lexicons` when the binary is a build in it;
    /// learned words in `$XDG_DATA_HOME/tapboard` (default `~/.local/share`).
    public static func standard(environment: [String: String]) -> SuggestionFiles {
        // A build in a checkout (.build/TRIPLE/CONFIG/tapboard): the checkout's folders last.
        var checkout: String?
        if let path = FileLocations.executablePath() {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count > 4, parts[parts.count - 4].hasPrefix(".build") { checkout = FileLocations.dropping(4, componentsOf: path) }
        }
        func directories(_ variable: String, kind: String, folder: String) -> [String] {
            var dirs: [String] = []
            if let given = environment[variable], !given.isEmpty { dirs.append(given) }
            dirs += FileLocations.searchPath(kind: kind, environment: environment)
            if let checkout { dirs.append(checkout + "/" + folder) }
            return dirs
        }
        return SuggestionFiles(lexiconDirectories: directories("TAPBOARD_LEXICONS", kind: "lexicons", folder: "Lexicons"),
                               learnedDirectory: learnedDirectory(environment: environment),
                               emojiDirectories: directories("TAPBOARD_EMOJI", kind: "emoji", folder: "Emoji"))
    }

    /// `$XDG_DATA_HOME/tapboard` (default `~/.local/share/tapboard`).
    public static func learnedDirectory(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/tapboard" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/tapboard" }
        return nil
    }

    /// The environment variables `standard` reads.
    public static var environment: [String: String] {
        var out = FileLocations.environment
        for name in ["XDG_DATA_HOME", "TAPBOARD_LEXICONS", "TAPBOARD_EMOJI"] {
            if let v = getenv(name) { out[name] = String(cString: v) }
        }
        return out
    }

    private func note(_ line: String) { state.withLock { $0.notes.append(line) } }

    public func takeNotes() -> [String] {
        state.withLock { s in
            defer { s.notes = [] }
            return s.notes
        }
    }

    // MARK: - Lexicons

    private func lexiconPath(for language: String) -> String? {
        lexiconDirectory(for: language).map { $0 + "/" + language + ".txt" }
    }

    /// The first directory with the language's lexicon (its pairs are read beside it: they fold as it does).
    private func lexiconDirectory(for language: String) -> String? {
        // A language is letters and hyphens only: never a path.
        guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
        return lexiconDirectories.first { access($0 + "/" + language + ".txt", R_OK) == 0 }
    }

    public func hasLexicon(for language: String) -> Bool { lexiconPath(for: language) != nil }

    public func lexicon(for language: String) -> Lexicon? {
        guard let path = lexiconPath(for: language) else { return nil }
        return mapped(path, without: "no suggestions in '\(language)'") { bytes, owner throws(LineError) in try Lexicon(bytes: bytes, owner: owner) }
    }

    /// `LANG.pairs.txt` beside the lexicon: none is fine (no shipped pairs), a damaged one is said in one line.
    public func wordPairs(for language: String) -> WordPairs? {
        guard let dir = lexiconDirectory(for: language) else { return nil }
        let path = dir + "/" + language + ".pairs.txt"
        if access(path, F_OK) != 0, errno == ENOENT { return nil }
        return mapped(path, without: "no shipped word pairs in '\(language)'") { bytes, owner throws(LineError) in
            try WordPairs(bytes: bytes, owner: owner)
        }
    }

    // MARK: - Emoji

    /// The emoji list (`emoji.txt`) and the language's words (`LANG.txt`, English's
    /// when the language has none) from the first directory with the list.
    public func emoji(for language: String) -> LoadedEmoji? {
        guard let dir = emojiDirectories.first(where: { access($0 + "/emoji.txt", R_OK) == 0 }) else {
            note("no emoji list (emoji.txt) in \(emojiDirectories.joined(separator: ", ")); no emoji page")
            return nil
        }
        guard let catalog = mapped(dir + "/emoji.txt", without: "no emoji page", { bytes, _ throws(LineError) in
            try EmojiCatalog(text: String(decoding: bytes, as: UTF8.self))
        }) else { return nil }
        let own = language != "emoji" && !language.isEmpty && language.allSatisfy({ $0.isLetter || $0 == "-" }) && access(dir + "/" + language + ".txt", R_OK) == 0
        let words = mapped(dir + "/" + (own ? language : "en") + ".txt", without: "no emoji search") { bytes, owner throws(LineError) in
            try EmojiWords(bytes: bytes, owner: owner, catalog: catalog)
        }
        return LoadedEmoji(language: language, catalog: catalog, words: words)
    }

    /// A file mapped and read in place by `make`; a damaged or unreadable one is said in one line ending in what is done without it.
    private func mapped<T>(_ path: String, without consequence: String,
                           _ make: (UnsafeRawBufferPointer, AnyObject) throws(LineError) -> T) -> T? {
        do {
            let mapping = try Mapping(path: path)
            return try make(mapping.bytes, mapping)
        } catch let error as LineError {
            note("\(path): \(error); \(consequence)")
        } catch {
            note("\(error); \(consequence)")
        }
        return nil
    }

    /// A file mapped read-only: its pages are shared with every process mapping it and read only when touched.
    private final class Mapping {
        let base: UnsafeMutableRawPointer?
        let count: Int
        var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

        init(path: String) throws {
            func failure() -> CatalogError { .cannotRead(path: path, reason: String(cString: strerror(errno))) }
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw failure() }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw failure() }
            guard info.st_mode & S_IFMT == S_IFREG else { throw CatalogError.notRegularFile(path: path) }
            guard info.st_size < Int(Int32.max) else { throw CatalogError.tooLarge(path: path) }
            count = Int(info.st_size)
            guard count > 0 else {
                base = nil
                return
            }
            let p = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
            guard let p, p != MAP_FAILED else { throw failure() }
            base = p
        }

        deinit { if let base { munmap(base, count) } }
    }

    // MARK: - Learned words

    private func learnedPath(for language: String) -> String? {
        guard let dir = learnedDirectory, !language.isEmpty, language.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
        return dir + "/learned-" + language + ".txt"
    }

    private func journalPath(for language: String) -> String? {
        learnedPath(for: language).map { String($0.dropLast(4)) + ".journal" }
    }

    public func learnedWords(for language: String) -> LearnedWords {
        guard let path = learnedPath(for: language), let journal = journalPath(for: language) else { return LearnedWords() }
        var learned = readWhole(path, language: language)
        if state.withLock({ $0.unreadable.contains(language) }) { return learned }
        guard case .text(let text) = readKept(journal, language: language) else { return learned }
        let (learnings, problems) = LearnedWords.journal(text: text)
        for problem in problems { note("\(journal): \(problem)") }
        learned.replay(learnings)
        // A bad or cut line would join the next one appended: the whole is written and the journal starts again.
        if !problems.isEmpty || text.utf8.count > Self.maximumJournalSize { save(learned, for: language) }
        return learned
    }

    /// A learned-words file (the whole or the journal) as read.
    private enum Kept {
        case absent
        case text(String)
        case unreadable
    }

    private func readKept(_ path: String, language: String) -> Kept {
        if access(path, F_OK) != 0, errno == ENOENT { return .absent }
        do {
            return .text(try FileLocations.read(path, limit: Self.maximumLearnedSize))
        } catch {
            // Not read, so never written over: what is learned now is kept only until exit.
            state.withLock { _ = $0.unreadable.insert(language) }
            note("\(error); words learned in '\(language)' are not saved this time")
            return .unreadable
        }
    }

    /// The whole file as last written.
    private func readWhole(_ path: String, language: String) -> LearnedWords {
        guard case .text(let text) = readKept(path, language: language) else { return LearnedWords() }
        do {
            return try LearnedWords(text: text)
        } catch {
            // Set aside, never lost: the next save starts a new file beside it.
            // A name of its own: an older damaged copy is not written over either.
            switch FileWriting.setAside(path) {
            case .success(let aside):
                note("\(path): \(error); set aside as \(aside), starting with nothing learned")
            case .failure(let failure):
                state.withLock { _ = $0.unreadable.insert(language) }
                note("\(path): \(error); could not set it aside (\(failure.reason)), so it is not written over")
            }
            return LearnedWords()
        }
    }

    public func save(_ learned: LearnedWords, for language: String) {
        guard let path = learnedPath(for: language), let dir = learnedDirectory,
              !state.withLock({ $0.unreadable.contains(language) }) else { return }
        if let reason = FileWriting.makeDirectories(dir) {
            note("\(dir): cannot create the directory: \(reason); learned words not saved")
            return
        }
        if let reason = FileWriting.writeAtomically(learned.text(), to: path) {
            note("\(path): cannot save learned words: \(reason)")
        } else if let journal = journalPath(for: language) {
            // The whole holds the journal's words now (read again, they would be skipped by their clock).
            closeJournal(language)
            unlink(journal)
        }
    }

    public func append(_ learnings: [LearnedWords.Learning], whole: LearnedWords, for language: String) {
        guard !state.withLock({ $0.unreadable.contains(language) }) else { return }
        // The journal's size after the write, or why it could not be written
        // (its path only made to open it: a language's name is checked letter by letter).
        let written: (size: Int, failure: (path: String, reason: String)?) = journals.withLock { open in
            var info = stat()
            var kept = open[language]
            // Unlinked since (the whole saved, `tapboard forget`, another keyboard
            // saving): the next words start a new journal at the path.
            if let fd = kept, fstat(fd, &info) != 0 || info.st_nlink == 0 {
                close(fd)
                kept = nil
            }
            let fd: Int32
            if let kept {
                fd = kept
            } else {
                guard let path = journalPath(for: language), let dir = learnedDirectory else {
                    open[language] = nil
                    return (0, nil)
                }
                let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW
                fd = Self.openMakingDirectory(path, flags: flags, directory: dir)
                guard fd >= 0, fstat(fd, &info) == 0 else {
                    let reason = String(cString: strerror(errno))
                    if fd >= 0 { close(fd) }
                    open[language] = nil
                    return (0, (path, reason))
                }
            }
            open[language] = fd
            let end = Int(info.st_size)
            let text = LearnedWords.journalText(learnings, header: end == 0)
            if let reason = FileWriting.write(text, to: fd) {
                close(fd)
                open[language] = nil
                return (0, (journalPath(for: language) ?? language, reason))
            }
            return (end + text.utf8.count, nil)
        }
        if let failure = written.failure { return unwritable(failure.path, language, failure.reason) }
        if written.size > Self.maximumJournalSize { save(whole, for: language) }
    }

    /// Opens `path`, making its directory first when it is missing.
    private static func openMakingDirectory(_ path: String, flags: Int32, directory: String) -> Int32 {
        let fd = Glibc.open(path, flags, 0o600)
        guard fd < 0, errno == ENOENT, FileWriting.makeDirectories(directory) == nil else { return fd }
        return Glibc.open(path, flags, 0o600)
    }

    /// Closes the language's journal if it is open (its file is about to go).
    private func closeJournal(_ language: String) {
        journals.withLock { open in
            if let fd = open.removeValue(forKey: language) { close(fd) }
        }
    }

    private func closeJournals() {
        journals.withLock { open in
            for fd in open.values { close(fd) }
            open = [:]
        }
    }

    /// Said once per language: the words are still kept in memory, and written whole at exit.
    private func unwritable(_ path: String, _ language: String, _ reason: String) {
        guard state.withLock({ $0.unwritable.insert(language).inserted }) else { return }
        note("\(path): cannot keep learned words: \(reason)")
    }

    /// Deletes every language's learned words (`tapboard forget`); what could not be deleted, one line each.
    public func forget() -> [String] {
        guard let dir = learnedDirectory else { return [] }
        closeJournals()
        var problems: [String] = []
        for name in FileLocations.entries(of: dir) where name.hasPrefix("learned-") {
            let path = dir + "/" + name
            if unlink(path) != 0 { problems.append("\(printable(path)): cannot delete: \(String(cString: strerror(errno)))") }
        }
        return problems
    }
}
