import Glibc
import Synchronization
import TapboardCore

/// The file that keeps the clipboard history between runs
/// (`--clipboard-history=disk`): `$XDG_DATA_HOME/tapboard/clipboard-history.txt`
/// beside the learned words, mode 0600 in a 0700 directory, replaced whole and
/// atomically at every change. Read when the session first needs it, never at start.
public final class ClipboardFile: ClipboardStorage {
    /// Where the history is kept; nil when there is no data directory (nothing is kept then).
    public let path: String?
    /// Lines to say, and whether the file could not be read (then it is never written over).
    private let state = Mutex<(notes: [String], unreadable: Bool)>(([], false))

    /// The most the file may hold: 20 texts of at most 4,096 characters and the pinned ones are far less.
    public static let maximumSize = 8 << 20
    /// The file's name in the data directory.
    public static let name = "clipboard-history.txt"

    /// The history kept at `path`.
    public init(path: String?) { self.path = path }

    /// The usual place: `$XDG_DATA_HOME/tapboard/clipboard-history.txt` (default `~/.local/share`).
    public static func standard(environment: [String: String]) -> ClipboardFile {
        ClipboardFile(path: SuggestionFiles.learnedDirectory(environment: environment).map { $0 + "/" + name })
    }

    private func note(_ line: String) { state.withLock { $0.notes.append(line) } }

    public func takeNotes() -> [String] {
        state.withLock { s in
            defer { s.notes = [] }
            return s.notes
        }
    }

    public func load() -> ClipboardHistory {
        guard let path else {
            note("no data directory (neither XDG_DATA_HOME nor HOME is set): the clipboard history is not kept on disk")
            return ClipboardHistory()
        }
        if access(path, F_OK) != 0, errno == ENOENT { return ClipboardHistory() }
        let text: String
        do {
            text = try FileLocations.read(path, limit: Self.maximumSize)
        } catch {
            // Not read, so never written over: the history is kept in memory only this time.
            state.withLock { $0.unreadable = true }
            note("\(error); the clipboard history is not saved this time")
            return ClipboardHistory()
        }
        do {
            return try ClipboardHistory(text: text)
        } catch {
            // Set aside, never lost (it may hold pinned texts): the next save starts a new file.
            switch FileWriting.setAside(path) {
            case .success(let aside):
                note("\(printable(path)): \(error); set aside as \(printable(aside)), starting with an empty clipboard history")
            case .failure(let failure):
                state.withLock { $0.unreadable = true }
                note("\(printable(path)): \(error); could not set it aside (\(failure.reason)), so it is not written over")
            }
            return ClipboardHistory()
        }
    }

    public func save(_ history: ClipboardHistory) {
        guard let path, !state.withLock({ $0.unreadable }) else { return }
        let directory = FileLocations.dropping(1, componentsOf: path)
        if let reason = FileWriting.makeDirectories(directory) {
            note("\(printable(directory)): cannot create the directory: \(reason); the clipboard history is not saved")
            return
        }
        if let reason = FileWriting.writeAtomically(history.text(), to: path) {
            note("\(printable(path)): cannot save the clipboard history: \(reason)")
        }
    }

    public func delete() {
        guard let path else { return }
        // Cleared on purpose: a file that could not be read goes too.
        state.withLock { $0.unreadable = false }
        if unlink(path) != 0, errno != ENOENT {
            note("\(printable(path)): cannot delete the clipboard history: \(String(cString: strerror(errno)))")
        }
    }
}
