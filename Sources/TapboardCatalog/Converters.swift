import CTapboardConverters
import Glibc
import TapboardCore

/// The input methods' converters over the libraries Debian ships: libhangul
/// for Hangul, librime for Chinese, Anthy for Japanese. Each is opened (dlopen)
/// when a layout first uses it. A composition is answered from the actions
/// applied last time when the new ones continue them, else from the start.
/// Used from the keyboard's loop only.
public final class LibraryConverters: CompositionConverter, @unchecked Sendable {
    /// Where Rime keeps this user's schemas and learned phrases (nil: Rime is not offered).
    private let rimeUserDirectory: String?
    /// Where Rime's schemas are installed (Debian's rime-data packages).
    private let rimeSharedDirectory: String
    /// Where Anthy keeps what it learns (in `.anthy` there).
    private let anthyHome: String?
    private var engines: [InputMethodKind: any ConversionEngine] = [:]
    /// The converters that could not start, and why (said each time one is asked for).
    private var failures: [InputMethodKind: ConverterError] = [:]
    /// Each Rime schema's readings, read when `tapboard type` first needs them.
    private var rimeReadings: [String: RimeReadings] = [:]

    /// Converters keeping Rime's user data under `dataDirectory/rime` (the
    /// folder of the learned words), with Rime's schemas from `rimeShared`.
    public init(dataDirectory: String?, rimeShared: String = "/usr/share/rime-data") {
        rimeUserDirectory = dataDirectory.map { $0 + "/rime" }
        rimeSharedDirectory = rimeShared
        anthyHome = dataDirectory.map { $0 + "/anthy" }
    }

    /// Starts what the layouts' input methods need that takes a while (Rime
    /// builds its schemas for a new user in seconds) on a thread of its own,
    /// so their first letter does not wait for it.
    public func prepare(_ methods: [InputMethodKind]) {
        guard let user = rimeUserDirectory, methods.contains(where: { if case .rime = $0 { true } else { false } }) else { return }
        RimeEngine.prepare(user: user)
        tb_rime_start_soon(rimeSharedDirectory, user)
    }

    public func takes(_ character: String, in method: InputMethodKind) -> Bool {
        switch method {
        case .hangul: return HangulEngine.asciiKey(for: character) != nil
        case .rime: return character.utf8.count == 1 && character.utf8.allSatisfy { (0x61 ... 0x7A).contains($0) || $0 == 0x27 }
        case .anthy: return character == "ー" || character.utf8.count == 1 && character.utf8.allSatisfy { (0x61 ... 0x7A).contains($0) || $0 == 0x27 || $0 == 0x2D }
        }
    }

    public func compose(_ actions: [CompositionAction], in method: InputMethodKind) throws(ConverterError) -> Composition {
        try engine(for: method).compose(actions)
    }

    public func readings(of character: Character, in method: InputMethodKind) -> [String] {
        guard case .rime(let schema) = method, let user = rimeUserDirectory else { return [] }
        if rimeReadings[schema] == nil { rimeReadings[schema] = RimeReadings(schema: schema, shared: rimeSharedDirectory, user: user) }
        return rimeReadings[schema]?.readings(of: character) ?? []
    }

    private func engine(for method: InputMethodKind) throws(ConverterError) -> any ConversionEngine {
        if let engine = engines[method] { return engine }
        if let failure = failures[method] { throw failure }
        do throws(ConverterError) {
            let engine: any ConversionEngine
            switch method {
            case .hangul(let keyboard): engine = try HangulEngine(keyboard: keyboard)
            case .rime(let schema):
                guard let user = rimeUserDirectory else { throw ConverterError("Rime needs a data directory (neither XDG_DATA_HOME nor HOME is set)") }
                engine = try RimeEngine(schema: schema, shared: rimeSharedDirectory, user: user)
            case .anthy: engine = try AnthyEngine(home: anthyHome)
            }
            engines[method] = engine
            return engine
        } catch {
            failures[method] = error
            throw error
        }
    }
}

extension ConverterError {
    /// What a C shim wrote into its error buffer (up to its NUL).
    init(said buffer: [CChar]) {
        self.init(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

extension LibraryConverters {
    /// A folder and those above it, as far as they are missing (this user's only).
    static func makeFolders(_ folder: String) {
        var path = ""
        for part in folder.split(separator: "/") {
            path += "/" + part
            mkdir(path, 0o700)
        }
    }
}

/// One converter's live context and the actions it has applied.
protocol ConversionEngine: AnyObject {
    /// The actions applied since the last reset.
    var applied: [CompositionAction] { get set }
    /// Text committed since the last reset.
    var committed: String { get set }
    /// Back to nothing composed.
    func reset()
    /// One more action.
    func apply(_ action: CompositionAction)
    /// What is composed now, with `committed`.
    func current() -> Composition
}

extension ConversionEngine {
    /// The composition of `actions` from nothing composed: only the new ones
    /// applied when they continue those applied before.
    func compose(_ actions: [CompositionAction]) -> Composition {
        if !actions.starts(with: applied) {
            reset()
            applied = []
            committed = ""
        }
        for action in actions.dropFirst(applied.count) {
            apply(action)
            applied.append(action)
        }
        return current()
    }
}

/// A zero-terminated UCS-4 string (libhangul's) as a String.
private func string(_ ucs: UnsafePointer<UInt32>?) -> String {
    guard var p = ucs else { return "" }
    var out = String.UnicodeScalarView()
    while p.pointee != 0 {
        if let scalar = Unicode.Scalar(p.pointee) { out.append(scalar) }
        p += 1
    }
    return String(out)
}

/// Hangul syllables composed as jamo are typed (libhangul).
final class HangulEngine: ConversionEngine {
    private let context: OpaquePointer
    var applied: [CompositionAction] = []
    var committed = ""

    /// The dubeolsik (2-set) keyboard's jamo, by the US key libhangul names each with.
    static let dubeolsik: [Character: UInt8] = [
        "ㅂ": 0x71, "ㅈ": 0x77, "ㄷ": 0x65, "ㄱ": 0x72, "ㅅ": 0x74, "ㅛ": 0x79, "ㅕ": 0x75, "ㅑ": 0x69, "ㅐ": 0x6F, "ㅔ": 0x70,
        "ㅁ": 0x61, "ㄴ": 0x73, "ㅇ": 0x64, "ㄹ": 0x66, "ㅎ": 0x67, "ㅗ": 0x68, "ㅓ": 0x6A, "ㅏ": 0x6B, "ㅣ": 0x6C,
        "ㅋ": 0x7A, "ㅌ": 0x78, "ㅊ": 0x63, "ㅍ": 0x76, "ㅠ": 0x62, "ㅜ": 0x6E, "ㅡ": 0x6D,
        "ㅃ": 0x51, "ㅉ": 0x57, "ㄸ": 0x45, "ㄲ": 0x52, "ㅆ": 0x54, "ㅒ": 0x4F, "ㅖ": 0x50,
    ]

    /// The key libhangul takes for a character a layout's key typed: a jamo's
    /// place on the dubeolsik keyboard, or an ASCII letter as it is (other keyboards' layouts).
    static func asciiKey(for character: String) -> UInt8? {
        guard character.count == 1, let c = character.first else { return nil }
        if let key = dubeolsik[c] { return key }
        if let ascii = c.asciiValue, c.isLetter { return ascii }
        return nil
    }

    init(keyboard: String) throws(ConverterError) {
        var error = [CChar](repeating: 0, count: 256)
        guard let context = tb_hangul_new(keyboard, &error, error.count) else {
            throw ConverterError(said: error)
        }
        self.context = context
    }

    deinit { tb_hangul_free(context) }

    func reset() { tb_hangul_reset(context) }

    func apply(_ action: CompositionAction) {
        switch action {
        case .key(let character):
            guard let key = Self.asciiKey(for: character) else { return }
            if tb_hangul_process(context, Int32(key)) == 0 {
                // Not a jamo of this keyboard: what is composed is finished, the character follows it.
                committed += string(tb_hangul_flush(context)) + character
            } else {
                committed += string(tb_hangul_commit(context))
            }
        case .backspace:
            _ = tb_hangul_backspace(context)
        case .commit:
            committed += string(tb_hangul_flush(context))
        case .choose, .page:
            break
        }
    }

    func current() -> Composition { Composition(committed: committed, preedit: string(tb_hangul_preedit(context))) }
}

/// Chinese through a Rime schema: letters in, the page of candidates out, keys
/// as Rime's own (digits choose, Page Down and Page Up turn, space and return commit).
final class RimeEngine: ConversionEngine {
    private let session: UInt64
    var applied: [CompositionAction] = []
    var committed = ""

    /// The candidates a page shows: what the strip has room for between what is composed and the page key.
    static let pageSize = 4

    init(schema: String, shared: String, user: String) throws(ConverterError) {
        Self.prepare(user: user)
        var error = [CChar](repeating: 0, count: 512)
        guard tb_rime_start(shared, user, &error, error.count) != 0 else {
            let said = ConverterError(said: error)
            throw said.description.isEmpty ? ConverterError("Rime did not start") : said
        }
        // Rime takes any name as a schema, and then converts nothing: its file must be there.
        let file = "/" + schema + ".schema.yaml"
        let session = access(shared + file, R_OK) == 0 || access(user + file, R_OK) == 0 ? tb_rime_session(schema) : 0
        guard session != 0 else {
            throw ConverterError("Rime has no schema '\(schema)' (in \(shared) or \(user)); install its data (rime-data-\(String(schema.map { $0 == "_" ? "-" : $0 }))))")
        }
        self.session = session
    }

    deinit { tb_rime_end_session(session) }

    /// The user folder, with the page size the strip shows (Rime reads it when it deploys).
    static func prepare(user: String) {
        LibraryConverters.makeFolders(user)
        let custom = user + "/default.custom.yaml"
        guard access(custom, F_OK) != 0, let file = fopen(custom, "w") else { return }
        fputs("# Written by Tapboard: as many candidates a page as its strip shows.\npatch:\n  menu/page_size: \(pageSize)\n", file)
        fclose(file)
    }

    func reset() { tb_rime_clear(session) }

    func apply(_ action: CompositionAction) {
        let key: Int32
        switch action {
        case .key(let character): key = Int32(character.utf8.first ?? 0)
        case .backspace: key = 0xFF08
        case .choose(let index): key = index < 9 ? 0x31 + Int32(index) : 0x30
        case .page(let forward): key = forward ? 0xFF56 : 0xFF55
        case .commit(let raw): key = raw ? 0xFF0D : 0x20
        }
        _ = tb_rime_key(session, key, 0)
        var state = tb_rime_state()
        tb_rime_read(session, &state)
        committed += Self.text(&state.committed)
        lastRead = state
    }

    private var lastRead: tb_rime_state?

    func current() -> Composition {
        var state = lastRead ?? tb_rime_state()
        if lastRead == nil { tb_rime_read(session, &state) }
        let preedit = Self.text(&state.preedit)
        var candidates: [String] = []
        withUnsafeBytes(of: &state.candidates) { bytes in
            var rest = bytes[...]
            for _ in 0 ..< Int(state.candidate_count) {
                let text = rest.prefix { $0 != 0 }
                candidates.append(String(decoding: text, as: UTF8.self))
                rest = rest.dropFirst(text.count + 1)
            }
        }
        return Composition(committed: committed, preedit: preedit, candidates: preedit.isEmpty ? [] : candidates,
                           hasNextPage: state.is_last_page == 0 && !candidates.isEmpty, hasPreviousPage: state.page_number > 0)
    }

    /// A fixed C character array as a String.
    private static func text<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
