import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory for one test, removed with it; and the odd files a reader
/// of layout and theme files must refuse (a FIFO, a directory, a file over the size limit).
public final class ScratchDirectory {
    /// Its path.
    public let path: String

    /// Creates an empty directory under the temporary directory.
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("tapboard-scratch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside it.
    public func path(_ name: String) -> String { path + "/" + name }

    /// A configuration directory (for `XDG_CONFIG_HOME`) holding this settings
    /// file (`tapboard/settings.yaml`); the directory and the file's path.
    public static func configuration(settings: String) throws -> (directory: ScratchDirectory, file: String) {
        let directory = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("tapboard"), withIntermediateDirectories: true)
        let file = directory.path("tapboard/settings.yaml")
        try settings.write(toFile: file, atomically: false, encoding: .utf8)
        return (directory, file)
    }

    /// Every file and directory under a folder, by its path from there, with
    /// its size and modification and change times: two of them differ when
    /// anything was created, removed or written in between.
    public static func snapshot(of root: String) -> [String: String] {
        var files: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        for case let relative as String in walker {
            var info = stat()
            guard lstat(root + "/" + relative, &info) == 0 else { continue }
            files[relative] = "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        }
        return files
    }

    /// `fifo.yaml` (a FIFO: a read waits for a writer forever), `directory.yaml` and
    /// `big.yaml` (sparse, one byte over `sizeLimit`), made in it; their paths.
    public func makeOddFiles(sizeLimit: Int) throws -> (fifo: String, directory: String, big: String) {
        let files = (fifo: path("fifo.yaml"), directory: path("directory.yaml"), big: path("big.yaml"))
        try FileManager.default.createDirectory(atPath: files.directory, withIntermediateDirectories: true)
        guard mkfifo(files.fifo, 0o644) == 0 else { throw HarnessError.processFailed("mkfifo \(files.fifo): errno \(errno)") }
        guard FileManager.default.createFile(atPath: files.big, contents: nil), truncate(files.big, off_t(sizeLimit + 1)) == 0 else {
            throw HarnessError.processFailed("could not make \(files.big)")
        }
        return files
    }
}
